package enginefile

import (
	"context"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
)

func TestCheckPython(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	script, err := filepath.Abs("../../examples/engine/kalah_greedy.py")
	if err != nil {
		t.Fatal(err)
	}
	engines, err := Parse([]byte(`[
  {"name": "good", "command": "python3", "args": ["`+script+`"], "options": {"seed": 5}},
  {"name": "bad", "command": "python3", "args": ["`+script+`"], "options": {"seed": -1, "Hash": 16}}
]`), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		engine   int
		game     string
		problems []string
	}{
		{0, "kalah:6x4", nil},
		{0, "", nil},
		{0, "oware", []string{"the engine does not play oware (it plays kalah)"}},
		{1, "kalah", []string{`options: "Hash": the engine declares no such option`,
			`options: "seed": option seed: -1 is out of its range 0 to 18446744073709551615`}},
	} {
		r, err := Check(context.Background(), engines[tc.engine], tc.game, nil)
		if err != nil {
			t.Fatalf("Check(%s, %q): %v", engines[tc.engine].Name, tc.game, err)
		}
		if r.Identity.Name != "py-greedy-kalah" || !reflect.DeepEqual(r.Identity.Games, []string{"kalah"}) {
			t.Errorf("Check(%s): identity %+v", engines[tc.engine].Name, r.Identity)
		}
		if !reflect.DeepEqual(r.Problems, tc.problems) {
			t.Errorf("Check(%s, %q): problems\n got %q\nwant %q", engines[tc.engine].Name, tc.game, r.Problems, tc.problems)
		}
		if len(r.Identity.Options) != 1 {
			t.Fatalf("options %+v", r.Identity.Options)
		}
		if got, want := OptionLine(r.Identity.Options[0]), "option name seed type int default 1 min 0 max 18446744073709551615"; got != want {
			t.Errorf("OptionLine: got %q, want %q", got, want)
		}
	}
}

func TestCheckNotAnEngine(t *testing.T) {
	engines, err := Parse([]byte(`[{"name": "true", "command": "/bin/true"}, {"name": "none", "command": "./none"}]`), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Check(context.Background(), engines[0], "", nil); err == nil {
		t.Error("Check of a program that exits at once: no error")
	}
	if _, err := Check(context.Background(), engines[1], "", nil); err == nil {
		t.Error("Check of a missing program: no error")
	}
}
