package game_test

import (
	"fmt"
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
	players        // search: the players and the solver over the contract; record: the games file and the live file
	engines        // external: the external-engine player, registered with search from outside, and the engine processes it runs
	runner         // tournament: matches and their reports, games files, the SPRT batch driver
	tuning         // Texel, SPSA and the linear evaluations over the contract
	catalog        // the registry of games and players by name, the text-level face of a game
	app            // web: the local web application over the catalog; native: the library for other languages
	cli            // the command line and the examples
)

var layerNames = [...]string{"ground", "rules", "players", "engines", "runner", "tuning", "catalog", "app", "cli"}

// layerOf lists path prefixes (a package's directory relative to the module root, or
// one of its parents) and their layers; the first that matches places a package.
var layerOf = []struct {
	prefix string
	layer  int
}{
	{"picture/render", catalog}, // the rendering (SVG, PNG) through the plotting stack, above the picture model
	{"game/memory", ground}, {"game", ground}, {"internal", ground}, {"picture", ground}, {"protocol", ground}, {"eval", ground}, {"stats", ground}, {"docs", ground},
	{"colony", rules}, {"games", rules},
	{"search", players}, {"record", players}, // record: the games file and the live file, over the players' specs (the identity checks derive each game's specs)
	{"external", engines},
	{"tournament", runner},
	{"tuning", tuning},
	{"catalog", catalog},
	{"web", app}, {"native", app},
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
	{"record", "external", "reading a games file needs no engine (the identity checks know the engines' spec kind by name)"},
	{"record", "protocol", "reading a games file needs no engine protocol"},
}

// forbiddenStd are packages of the standard library (or beside it) that a package
// may not import itself: the protocol speaks MEP over streams, and starts, signals,
// finds or kills no process (package external/enginehost hosts engines).
var forbiddenStd = []struct {
	from string
	to   []string
	why  string
}{
	{"protocol", []string{"os/exec", "os/signal", "syscall", "golang.org/x/sys/unix"},
		"the protocol speaks MEP over streams and controls no process (package external/enginehost runs engines)"},
}

// stdViolations returns what the imports of each package of forbiddenStd (imports,
// by package) break of it.
func stdViolations(imports map[string][]string) []string {
	var out []string
	for _, f := range forbiddenStd {
		for _, dep := range imports[f.from] {
			if slices.Contains(f.to, dep) {
				out = append(out, fmt.Sprintf("%s imports %s: %s", f.from, dep, f.why))
			}
		}
	}
	return out
}

// allImports returns the imports of the package pkg (a directory relative to root)
// from its non-test Go files, whatever their build constraints.
func allImports(t *testing.T, root, pkg string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pkg), "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var imports []string
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range file.Imports {
			if p, _ := strconv.Unquote(spec.Path.Value); !slices.Contains(imports, p) {
				imports = append(imports, p)
			}
		}
	}
	return imports
}

// TestForbiddenStd checks that no package imports what forbiddenStd forbids it.
func TestForbiddenStd(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	imports := map[string][]string{}
	for _, f := range forbiddenStd {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(f.from))); err != nil {
			t.Fatalf("package %s of forbiddenStd: %v", f.from, err)
		}
		imports[f.from] = allImports(t, root, f.from)
	}
	for _, v := range stdViolations(imports) {
		t.Error(v)
	}
}

// thirdParty is the allow-list of the modules outside the standard library that the
// packages of the ground and rules layers may import, and which of them may (a path
// as in layerOf, or one of its parents): every game compiles against the standard
// library and these alone. Drawing and rendering stacks stay above (picture/render).
var thirdParty = []struct {
	module string
	users  []string
	why    string
}{
	{"gonum.org/v1/gonum", []string{"eval", "stats"}, "numeric: floats for the L-BFGS fit (gonum's steps, bit for bit), blas64 for the networks' layers; the statistics' distributions (stat/distuv) and the Bradley-Terry fit's linear algebra (mat)"},
	{"golang.org/x/sys", []string{"eval/nnue"}, "the CPU's features (cpu), which choose the networks' AVX2 kernels"},
	{"golang.org/x/sync", []string{"eval/nnue"}, "errgroup, for the trainer's workers"},
	{"gonum.org/v1/plot", []string{"eval"}, "the tuning charts (eval/tuneplot.go), until the optimisers and their charts move to package tuning (issue 36)"},
}

// allowedThirdParty reports whether the package pkg of the ground or rules layer may
// import imp, a package outside the module and the standard library.
func allowedThirdParty(pkg, imp string) bool {
	for _, a := range thirdParty {
		if imp != a.module && !strings.HasPrefix(imp, a.module+"/") {
			continue
		}
		for _, u := range a.users {
			if pkg == u || strings.HasPrefix(pkg, u+"/") {
				return true
			}
		}
	}
	return false
}

// thirdPartyImports returns the imports of the package pkg (a directory relative to
// root) that are neither of the module nor of the standard library (whose paths'
// first element has no dot), from its non-test Go files whatever their build
// constraints.
func thirdPartyImports(t *testing.T, root, pkg string) []string {
	t.Helper()
	var imports []string
	for _, p := range allImports(t, root, pkg) {
		first, _, _ := strings.Cut(p, "/")
		if strings.Contains(first, ".") && p != module && !strings.HasPrefix(p, module+"/") {
			imports = append(imports, p)
		}
	}
	return imports
}

// TestThirdParty checks that the packages of the ground and rules layers import
// nothing outside the module and the standard library but the allow-list
// thirdParty. Direct imports suffice: a package of the module that they import is of
// those layers too (TestLayers) and checked here, and the allowed modules but plot
// (which leaves with the tuning charts) are leaves of numbers and system calls, not
// stacks. The files are read whatever their build constraints, so the check is the
// same on every platform.
func TestThirdParty(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for pkg := range modulePackages(t, root) {
		if l := layer(pkg); l != ground && l != rules {
			continue
		}
		for _, imp := range thirdPartyImports(t, root, pkg) {
			if !allowedThirdParty(pkg, imp) {
				t.Errorf("%s (%s) imports %s, outside the module and the allow-list thirdParty: a package of the ground and rules layers imports only the standard library and the modules listed there", pkg, layerNames[layer(pkg)], imp)
			}
		}
	}
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
		"search", "protocol", "external", "external/enginehost", "stats", "tournament", "tuning", "catalog", "cmd/colony"} {
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
// placed above its importer, a game importing another game, a package in no layer,
// a protocol that runs processes.
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
	if v := stdViolations(map[string][]string{"protocol": {"io", "os/exec", "syscall"}, "external/enginehost": {"os/exec"}}); len(v) != 2 {
		t.Errorf("a protocol importing os/exec and syscall (and enginehost os/exec): %q, want two violations", v)
	}
	if layer("picture/render") <= rules || allowedThirdParty("picture", "gonum.org/v1/plot/vg") || allowedThirdParty("games/kalah", "gonum.org/v1/gonum/floats") ||
		!allowedThirdParty("eval/nnue", "gonum.org/v1/gonum/blas/blas64") || allowedThirdParty("eval/nnue", "gonum.org/v1/gonumx") {
		t.Error("the rendering is placed on the ground, or the allow-list takes a plotting import of the ground, a numeric one of a game, or a module by a prefix of its path")
	}
}
