package catalog

import (
	"errors"
	"strings"
	"testing"

	"github.com/colony-ai/colony/match"
)

// TestOpenWith: The Colony opens under the rule set of its name or of the options and
// on a board file; the other games take no options; a wrong setting is a
// *match.SettingError naming it.
func TestOpenWith(t *testing.T) {
	tests := []struct {
		text    string
		o       Options
		name    string // the Ruleset's name; "" for an error
		setting string // the setting of a *match.SettingError
		errText string // in the error
		// conflict says the error is a *ConflictError, and of a game that is not
		// The Colony when it is "other".
		conflict string
	}{
		{text: "colony", name: "colony"},
		{text: "colony:", name: "colony"},
		{text: "colony", o: Options{Rules: "colony"}, name: "colony"},
		{text: "colony:turncap=300", name: "colony:turncap=300"},
		{text: "colony", o: Options{Rules: "colony:turncap=300"}, name: "colony:turncap=300"},
		{text: "colony", o: Options{Board: "../colony/testdata/mirror.board"}, name: "colony:board=mirror"},
		{text: "kalah:4x3", name: "kalah:4x3"},
		{text: "colony", o: Options{Rules: "nope"}, setting: "rules", errText: "unknown rule set"},
		{text: "colony", o: Options{Rules: "colony:turncap=x"}, setting: "rules", errText: "turncap"},
		{text: "colony", o: Options{Board: "no/such.board"}, setting: "board", errText: "no such"},
		{text: "colony", o: Options{Board: "../colony/testdata/bad_fork3.board"}, setting: "board", errText: "bad_fork3"},
		{text: "colony:turncap=5", o: Options{Rules: "colony:sowcap=9"}, errText: "give the rule set once", conflict: "colony"},
		{text: "kalah", o: Options{Board: "x.board"}, errText: "The Colony's", conflict: "other"},
		{text: "kalah", o: Options{Rules: "colony:turncap=5"}, errText: "The Colony's", conflict: "other"},
		{text: "nogame", errText: "unknown game"},
	}
	for _, tt := range tests {
		g, err := OpenWith(tt.text, tt.o)
		if tt.name != "" {
			if err != nil || g.Name() != tt.name {
				t.Errorf("OpenWith(%q, %+v) = %v, %v; want %s", tt.text, tt.o, g, err, tt.name)
			}
			continue
		}
		var (
			se *match.SettingError
			ce *ConflictError
		)
		switch {
		case err == nil:
			t.Errorf("OpenWith(%q, %+v) opens %s", tt.text, tt.o, g.Name())
		case !strings.Contains(err.Error(), tt.errText):
			t.Errorf("OpenWith(%q, %+v): %v, want %q in it", tt.text, tt.o, err, tt.errText)
		case errors.As(err, &se) != (tt.setting != ""), se != nil && se.Setting != tt.setting:
			t.Errorf("OpenWith(%q, %+v): %#v, want a setting error of %q", tt.text, tt.o, err, tt.setting)
		case errors.As(err, &ce) != (tt.conflict != ""), ce != nil && ce.NotColony != (tt.conflict == "other"):
			t.Errorf("OpenWith(%q, %+v): %#v, want a conflict %q", tt.text, tt.o, err, tt.conflict)
		}
	}
}
