package game_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the module path of the repository.
const module = "github.com/colony-ai/colony"

// The layers of the module, from the ground up. A package may import the packages of
// the layers below its own, and of its own layer as sameLayer allows; never one
// above. Every package of the module must be in a layer: a new package is placed by
// its path's first match in layerOf (a new game under games/ is a rule package
// without a change here).
const (
	ground  = iota // the contract, the drawing primitives, the protocol, the evaluation's algebra, the statistics of results, the served documents
	rules          // The Colony and the classic games, each on the ground alone
	players        // search: the players and the solver over the contract
	engines        // external: the external-engine player, registered with search from outside
	runner         // tournament: matches and their reports, games files, the SPRT batch driver
	tuning         // Texel, SPSA and the linear evaluations over the contract
	catalog        // the registry of games and players by name, the text-level face of a game
	app            // web: the local web application over the catalog
	cli            // the command line and the examples
)

var layerNames = [...]string{"ground", "rules", "players", "engines", "runner", "tuning", "catalog", "app", "cli"}

// layerOf lists path prefixes (a package's directory relative to the module root, or
// one of its parents) and their layers; the first that matches places a package.
var layerOf = []struct {
	prefix string
	layer  int
}{
	{"game/memory", ground}, {"game", ground}, {"internal", ground}, {"picture", ground}, {"protocol", ground}, {"eval", ground}, {"stats", ground}, {"docs", ground},
	{"colony", rules}, {"games", rules},
	{"search", players},
	{"external", engines},
	{"tournament", runner},
	{"tuning", tuning},
	{"catalog", catalog},
	{"web", app},
	{"cmd", cli}, {"examples", cli},
}

// forbidden are imports, direct or through other packages, that the layers alone
// allow but the house does not: the contract and the statistics import nothing of
// the module, and the players know no process or protocol (external engines are
// package external's).
var forbidden = []struct{ from, to, why string }{
	{"game", "", "the contract imports no package of the module"},
	{"stats", "", "the statistics of results import no package of the module"},
	{"search", "protocol", "the players know no process or protocol (package external plays external engines)"},
}

// modulePackages returns the module's packages with non-test Go files (directories
// relative to the root, slash-separated) and their direct imports in the module,
// found by walking the tree: testdata, hidden and underscore directories are not
// packages of the module.
func modulePackages(t *testing.T, root string) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		imports := pkgs[pkg]
		for _, spec := range file.Imports {
			p, _ := strconv.Unquote(spec.Path.Value)
			if r, ok := strings.CutPrefix(p, module+"/"); ok && !slices.Contains(imports, r) {
				imports = append(imports, r)
			}
		}
		pkgs[pkg] = imports
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// layer returns the layer of the package pkg, or -1 when no prefix places it.
func layer(pkg string) int {
	for _, l := range layerOf {
		if pkg == l.prefix || strings.HasPrefix(pkg, l.prefix+"/") {
			return l.layer
		}
	}
	return -1
}

// sameLayer reports whether pkg may import dep of its own layer: in the rules
// layer only the games' shared internal packages (a game knows no other game);
// elsewhere any (the compiler refuses cycles).
func sameLayer(l int, dep string) bool {
	return l != rules || strings.Contains(dep, "/internal/")
}

// TestLayers checks, for every package of the module, that no import runs against
// the layers: a package imports only packages of the layers below it (and of its
// own, as sameLayer allows), and none of the forbidden pairs.
func TestLayers(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the module root %s has no go.mod: %v", root, err)
	}
	pkgs := modulePackages(t, root)
	for _, want := range []string{"game", "colony", "games/kalah", "games/oware", "games/piecepack", "games/martian",
		"search", "external", "stats", "tournament", "tuning", "catalog", "cmd/colony"} {
		if _, ok := pkgs[want]; !ok {
			t.Errorf("package %s not found in the walk of %s", want, root)
		}
	}
	for pkg, imports := range pkgs {
		l := layer(pkg)
		if l < 0 {
			t.Errorf("package %s is in no layer: add its path to layerOf", pkg)
			continue
		}
		for _, dep := range imports {
			dl := layer(dep)
			switch {
			case dl < 0:
				// reported as a package of its own
			case dl > l:
				t.Errorf("%s (%s) imports %s (%s), a layer above it", pkg, layerNames[l], dep, layerNames[dl])
			case dl == l && !sameLayer(l, dep):
				t.Errorf("%s imports %s: a package of the %s layer may import only the ground and internal packages of its layer", pkg, dep, layerNames[l])
			}
		}
	}
	// The forbidden pairs, through any chain of imports.
	var reach func(pkg string, seen map[string]bool)
	reach = func(pkg string, seen map[string]bool) {
		for _, dep := range pkgs[pkg] {
			if !seen[dep] {
				seen[dep] = true
				reach(dep, seen)
			}
		}
	}
	for _, f := range forbidden {
		deps := map[string]bool{}
		reach(f.from, deps)
		for dep := range deps {
			if f.to == "" || dep == f.to || strings.HasPrefix(dep, f.to+"/") {
				t.Errorf("%s depends on %s: %s", f.from, dep, f.why)
			}
		}
	}
}

// TestLayersCatch checks that the test would see what it guards against: a package
// placed above its importer, a game importing another game, a package in no layer.
func TestLayersCatch(t *testing.T) {
	if layer("games/congklak") != rules || layer("games/internal/board") != rules || layer("tournament/driver") != runner {
		t.Error("a new package under a known path is not placed by its prefix")
	}
	if layer("stats") != ground {
		t.Error("the statistics are not on the ground")
	}
	if layer("newthing") != -1 {
		t.Error("an unknown top-level package is placed")
	}
	if sameLayer(rules, "games/kalah") || !sameLayer(rules, "games/internal/notation") || !sameLayer(runner, "tournament") {
		t.Error("sameLayer allows a game to import a game, or refuses an internal package")
	}
}
