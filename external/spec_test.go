package external

import (
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/search"
)

// TestKindRegistered: importing the package registers the cmd kind with search, with
// its settings in the order the errors list them and the roles a tournament reads.
func TestKindRegistered(t *testing.T) {
	k, ok := search.LookupKind(Kind)
	if !ok {
		t.Fatalf("search.LookupKind(%q): not registered", Kind)
	}
	want := []string{"path", "args", "dir", "name", "depth", "nodes", "movetime", "timeout", "seed", "option.NAME"}
	if !slices.Equal(k.Keys(), want) {
		t.Errorf("settings %v, want %v", k.Keys(), want)
	}
	for role, key := range map[search.Role]string{search.RoleDepth: "depth", search.RoleNodes: "nodes",
		search.RoleTime: "movetime", search.RoleSeed: "seed"} {
		if s, ok := k.SettingFor(role); !ok || s.Key != key {
			t.Errorf("role %v: setting %q (%v), want %q", role, s.Key, ok, key)
		}
	}
}

// TestParseSpec: the path first without its key, a family of option.NAME keys.
func TestParseSpec(t *testing.T) {
	tests := []struct {
		spec    string
		kind    string
		canon   string
		wantErr string
	}{
		{spec: "cmd:./my-engine", kind: "cmd", canon: "cmd:path=./my-engine"},
		{spec: "cmd:my-engine", kind: "cmd", canon: "cmd:path=my-engine"},
		{spec: "cmd:/opt/e=1/bin,depth=3", kind: "cmd", canon: "cmd:path=/opt/e=1/bin,depth=3"},
		{spec: `cmd:"/opt/my engine",args="-v 2"`, kind: "cmd", canon: `cmd:path="/opt/my engine",args="-v 2"`},
		{spec: "cmd:path=./e,option.Hash=64,option.Use.NN=on", kind: "cmd", canon: "cmd:path=./e,option.Hash=64,option.Use.NN=on"},
		{spec: "cmd:./e,option.Hash=64,option.Hash=32", wantErr: `setting "option.Hash" given twice`},
		{spec: "cmd:./e,option.=1", wantErr: `cmd has no setting "option."`},
		{spec: "cmd:./e,option=1", wantErr: `cmd has no setting "option" (known: path, args, dir, name, depth, nodes, movetime, timeout, seed, option.NAME)`},
		{spec: "cmd:./e,./f", wantErr: `setting "./f" is not key=value`},
		{spec: "cmd:depth=3", kind: "cmd", canon: "cmd:depth=3"},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			sp, err := search.ParseSpec(tc.spec)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseSpec(%q) error %v, want one containing %q", tc.spec, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sp.Kind != tc.kind || sp.String() != tc.canon {
				t.Fatalf("ParseSpec(%q) = %q (%s), want %q (%s)", tc.spec, sp.String(), sp.Kind, tc.canon, tc.kind)
			}
		})
	}
}
