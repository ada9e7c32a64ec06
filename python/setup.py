"""Build step of colony-ai: the native library from the Go code of the repository.

Building the package (pip install ./python, pip wheel ./python) runs

    go build -trimpath -ldflags="-s -w" -buildmode=c-shared -o python/colony_ai/_libcolony.so ./cmd/libcolony

from the repository's root, so the wheel carries the rules of the toolkit as one
shared library and installs where there is no Go; and it compiles the extension
module colony_ai._fast (colony_ai/_fast.c: the hot calls of a State, which call the
library's functions without ctypes' cost a call). The extension uses CPython's
limited API and does not link the library (it takes the functions' addresses from
the library ctypes loaded), so the wheel is cp39-abi3-PLATFORM: any CPython 3.9 or
later of that platform takes it. Without a C compiler the extension is left out and
the package uses ctypes alone. When Go is missing and the library was built before (a wheel
built from an sdist that holds it), the build uses the library as it is;
COLONY_AI_SKIP_GO=1 forces that.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
LIB = HERE / "colony_ai" / "_libcolony.so"


def build_library() -> None:
    """Build the native library with go build -buildmode=c-shared, or keep a built one."""
    root = HERE.parent
    if os.environ.get("COLONY_AI_SKIP_GO") == "1":
        if not LIB.exists():
            sys.exit("colony-ai: COLONY_AI_SKIP_GO=1 but %s is missing" % LIB)
        return
    go = shutil.which("go")
    if go is None or not (root / "go.mod").exists():
        if LIB.exists():
            return
        sys.exit(
            "colony-ai: building the package needs Go (https://go.dev/dl) and the "
            "repository's source (go.mod beside python/); neither a built library "
            "was found at %s" % LIB
        )
    env = dict(os.environ)
    env.setdefault("CGO_ENABLED", "1")
    # -s -w: no symbol table or DWARF (a smaller wheel; panics still name functions).
    cmd = [go, "build", "-trimpath", "-ldflags=-s -w", "-buildmode=c-shared", "-o", str(LIB), "./cmd/libcolony"]
    print("colony-ai: " + " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=root, env=env, check=True)


class BuildPy(build_py):
    """build_py that builds the native library first."""

    def run(self) -> None:
        build_library()
        super().run()


class BinaryDistribution(Distribution):
    """A distribution with a native part: its wheel is a platform wheel."""

    def has_ext_modules(self) -> bool:
        return True


class BdistWheel(bdist_wheel):
    """A platform wheel for any CPython 3.9 or later (ctypes loads the library, the
    extension is built for the limited API): cp39-abi3-PLATFORM."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self) -> tuple[str, str, str]:
        _, _, plat = super().get_tag()
        return "cp39", "abi3", plat


FAST = Extension(
    "colony_ai._fast",
    sources=["colony_ai/_fast.c"],
    define_macros=[("Py_LIMITED_API", "0x03090000")],
    py_limited_api=True,
    optional=True,  # no compiler: the package works through ctypes alone
)

setup(
    distclass=BinaryDistribution,
    ext_modules=[FAST],
    cmdclass={"build_py": BuildPy, "bdist_wheel": BdistWheel},
)
