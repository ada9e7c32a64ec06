package game_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
)

// TestPartsByRole checks that the optional parts are declared in the files named for
// their role and found by PartsOf in the group of that role: every interface of
// speed.go is a field of FastPaths, solving.go's of SolvingParts, presentation.go's
// of PresentationParts and learning.go's of LearningParts (EndgameTable, the
// solver's table, and the parts of a feature set aside), and every field of those groups is an interface of its
// file.
func TestPartsByRole(t *testing.T) {
	groups := map[string]reflect.Type{
		"speed.go":        reflect.TypeFor[game.FastPaths[int]](),
		"solving.go":      reflect.TypeFor[game.SolvingParts[int]](),
		"presentation.go": reflect.TypeFor[game.PresentationParts[int]](),
		"learning.go":     reflect.TypeFor[game.LearningParts[int]](),
	}
	notParts := []string{"EndgameTable", "HandWeighter", "DefaultWeighter", "WeightsShipper", "NetworkShipper"}
	for file, group := range groups {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		var declared []string
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				if _, ok := ts.Type.(*ast.InterfaceType); ok && ts.Name.IsExported() && !slices.Contains(notParts, ts.Name.Name) {
					declared = append(declared, ts.Name.Name)
				}
			}
		}
		var fields []string
		for fd := range group.Fields() {
			fields = append(fields, fd.Name)
		}
		slices.Sort(declared)
		slices.Sort(fields)
		if !slices.Equal(declared, fields) {
			t.Errorf("%s declares the parts %v; %s holds %v", file, declared, group, fields)
		}
	}
}

// TestPartsOf checks that PartsOf finds the parts of every role: a type with one part
// of each has each found, the others nil.
func TestPartsOf(t *testing.T) {
	p := game.PartsOf[state](partsGame{})
	if p.Stepper == nil || p.SolveKeyer == nil || p.TurnCounter == nil || p.Encoder == nil {
		t.Errorf("PartsOf misses a part: %+v", p)
	}
	if p.Playouter != nil || p.Endgamer != nil || p.Drawer != nil || p.PairEncoder != nil {
		t.Errorf("PartsOf finds a part the game lacks: %+v", p)
	}
	if f := game.FastPathsOf[state](partsGame{}); f.Stepper == nil || f.Perfter != nil {
		t.Errorf("FastPathsOf: %+v", f)
	}
	if game.PartOf[game.TurnCounter[state]](game.Rules[state](partsGame{})) == nil {
		t.Error("PartOf finds no TurnCounter")
	}
}

// state is the state of partsGame.
type state struct{ n int }

// partsGame is a game of one part of each role: a Stepper, a SolveKeyer, a
// TurnCounter and an Encoder.
type partsGame struct{}

func (partsGame) LegalActions(s *state, dst *game.ActionBuffer) []game.Action { return dst[:0] }
func (partsGame) Apply(s *state, a game.Action)                               {}
func (partsGame) ToMove(s *state) int                                         { return 0 }
func (partsGame) TurnStart(s *state) bool                                     { return true }
func (partsGame) Terminal(s *state) bool                                      { return true }
func (partsGame) Result(s *state) (winner, margin int)                        { return -1, 0 }
func (partsGame) Hash(s *state) uint64                                        { return 0 }
func (partsGame) Step(dst, src *state, a game.Action) game.Status             { return 0 }
func (partsGame) SolveKey(s *state) uint64                                    { return 0 }
func (partsGame) SolveOffset(s *state) int                                    { return 0 }
func (partsGame) TurnNumber(s *state) int                                     { return 1 }
func (partsGame) Encoding() game.Encoding                                     { return game.Encoding{} }
func (partsGame) Encode(s *state, p int, dst []uint16) []uint16               { return dst }
