"""Fixtures shared by the tests."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root (the tests run from python/tests of a clone)."""


@pytest.fixture(scope="session")
def colony_bin(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The colony command: $COLONY_BIN, or built from the repository with Go."""
    if os.environ.get("COLONY_BIN"):
        return os.environ["COLONY_BIN"]
    go = shutil.which("go")
    if go is None or not (ROOT / "go.mod").exists():
        pytest.skip("needs the colony command ($COLONY_BIN) or Go and the repository")
    out = tmp_path_factory.mktemp("bin") / "colony"
    subprocess.run([go, "build", "-o", str(out), "./cmd/colony"], cwd=ROOT, check=True)
    return str(out)
