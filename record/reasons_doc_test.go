package record

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestForfeitReasonsDocumented: the table "Forfeit reasons" of docs/games-file.md
// lists exactly the forfeit reasons the runner can write: the values of this
// package's constants named Reason... for which Record.Forfeit holds.
func TestForfeitReasonsDocumented(t *testing.T) {
	var code []string
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if !strings.HasPrefix(id.Name, "Reason") || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					v, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					if r := (Record{Reason: v}); r.Forfeit() {
						code = append(code, v)
					}
				}
			}
		}
	}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "games-file.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n### Forfeit reasons\n")
	if !ok {
		t.Fatal(`docs/games-file.md has no section "### Forfeit reasons"`)
	}
	if i := strings.Index(section, "\n#"); i >= 0 {
		section = section[:i]
	}
	var documented []string
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cell, _, _ := strings.Cut(strings.TrimPrefix(line, "| `"), "`")
		documented = append(documented, cell)
	}
	slices.Sort(code)
	slices.Sort(documented)
	if len(code) < 9 || !slices.Equal(code, documented) {
		t.Errorf("docs/games-file.md lists the forfeit reasons %q; the runner writes %q", documented, code)
	}
}
