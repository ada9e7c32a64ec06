package games_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the module path of the repository.
const module = "github.com/colony-ai/colony"

// TestLayers checks that no dependency runs against the layers, from the import lines
// of the packages' non-test files (transitively): the rules of the games and the
// game contract know no player, evaluation tuning, tournament, registry or command
// line; the engines know no particular game; the evaluation knows no game; the
// tournament runner knows no game but through the contract.
func TestLayers(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	deps := map[string][]string{} // package (relative to the module) -> its imports in the module
	var imports func(pkg string) []string
	imports = func(pkg string) []string {
		if d, ok := deps[pkg]; ok {
			return d
		}
		deps[pkg] = nil // a cycle stops here (the compiler refuses them anyway)
		files, err := filepath.Glob(filepath.Join(root, pkg, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("package %s: no Go files (%v)", pkg, err)
		}
		var direct []string
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, spec := range file.Imports {
				path, _ := strconv.Unquote(spec.Path.Value)
				if rel, ok := strings.CutPrefix(path, module+"/"); ok && !slices.Contains(direct, rel) {
					direct = append(direct, rel)
				}
			}
		}
		all := slices.Clone(direct)
		for _, d := range direct {
			for _, dd := range imports(d) {
				if !slices.Contains(all, dd) {
					all = append(all, dd)
				}
			}
		}
		deps[pkg] = all
		return all
	}
	above := []string{"search", "eval", "tournament", "games", "cmd/colony"}
	for _, tc := range []struct {
		pkg       string
		forbidden []string
	}{
		{"game", append([]string{"colony", "games/kalah", "games/oware", "games/piecepack"}, above...)},
		{"colony", above},
		{"games/kalah", above},
		{"games/oware", above},
		{"games/piecepack", above},
		{"search", []string{"colony", "games/kalah", "games/oware", "games/piecepack", "eval", "tournament", "games", "cmd/colony"}},
		{"eval", []string{"colony", "games/kalah", "games/oware", "games/piecepack", "game", "search", "tournament", "games", "cmd/colony"}},
		{"tournament", []string{"colony", "games/kalah", "games/oware", "games/piecepack", "eval", "games", "cmd/colony"}},
		{"games", []string{"cmd/colony"}},
	} {
		got := imports(tc.pkg)
		for _, f := range tc.forbidden {
			if slices.Contains(got, f) {
				t.Errorf("%s depends on %s (its dependencies in the module: %v)", tc.pkg, f, got)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the module root %s has no go.mod: %v", root, err)
	}
}
