package catalog

import (
	"reflect"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"
)

// contractOf returns the interfaces of the contract that a game with state type S,
// its feature set or its evaluations implement: package game's (Game and every
// optional part), the pictures' and the evaluation's.
func contractOf[S any]() []reflect.Type {
	return []reflect.Type{
		reflect.TypeFor[game.Game[S]](),
		reflect.TypeFor[game.Stepper[S]](), reflect.TypeFor[game.SiblingStepper[S]](),
		reflect.TypeFor[game.Playouter[S]](), reflect.TypeFor[game.CountingPlayouter[S]](),
		reflect.TypeFor[game.RandomActioner[S]](), reflect.TypeFor[game.LegalChecker[S]](),
		reflect.TypeFor[game.TurnApplier[S]](), reflect.TypeFor[game.Perfter[S]](),
		reflect.TypeFor[game.SolveKeyer[S]](), reflect.TypeFor[game.SolveBounder[S]](), reflect.TypeFor[game.Endgamer[S]](),
		reflect.TypeFor[game.Drawer[S]](), reflect.TypeFor[game.Tracer[S]](),
		reflect.TypeFor[game.TurnReader[S]](), reflect.TypeFor[game.TurnCounter[S]](),
		reflect.TypeFor[game.Encoder[S]](), reflect.TypeFor[game.PairEncoder[S]](),
		reflect.TypeFor[picture.Illustrator[S]](), reflect.TypeFor[picture.OptionsIllustrator[S]](),
		reflect.TypeFor[picture.TurnMarker[S]](),
		reflect.TypeFor[eval.TunableSet[S]](), reflect.TypeFor[game.HandWeighter](), reflect.TypeFor[game.DefaultWeighter](),
		reflect.TypeFor[game.WeightsShipper](), reflect.TypeFor[game.NetworkShipper](),
		reflect.TypeFor[game.Evaluator[S]](), reflect.TypeFor[game.Scaler](),
	}
}

// contractMismatches returns, for each method of the types (and of their pointers)
// whose name is that of a method of the contract's interfaces for state type S but
// whose signature is another, what is wrong: such a method is a part the tools would
// not find, and they would fall back without a word.
func contractMismatches[S any](types ...reflect.Type) []string {
	want := map[string]reflect.Type{}
	for _, it := range contractOf[S]() {
		for m := range it.Methods() {
			want[m.Name] = m.Type
		}
	}
	var out []string
	for _, t := range types {
		if t.Kind() != reflect.Pointer {
			t = reflect.PointerTo(t) // its methods and the value's
		}
		for m := range t.Methods() {
			if w, ok := want[m.Name]; ok && !sameSignature(m.Type, w) {
				out = append(out, t.String()+"."+m.Name+" is "+m.Type.String()+", the contract's "+w.String())
			}
		}
	}
	return out
}

// sameSignature reports whether the method type m (its receiver first) has the
// signature of the interface method type w.
func sameSignature(m, w reflect.Type) bool {
	if m.NumIn() != w.NumIn()+1 || m.NumOut() != w.NumOut() || m.IsVariadic() != w.IsVariadic() {
		return false
	}
	for i := range w.NumIn() {
		if m.In(i+1) != w.In(i) {
			return false
		}
	}
	for i := range w.NumOut() {
		if m.Out(i) != w.Out(i) {
			return false
		}
	}
	return true
}

// misspeltParts has methods named as parts of the contract with other signatures.
type misspeltParts struct{}

func (misspeltParts) TurnNumber(s *colony.State) int64 { return 0 }
func (*misspeltParts) ShippedWeights() string          { return "" }
func (misspeltParts) Scale() int                       { return 1 }

// TestContractMismatches checks that the check of TestContractSignatures finds a
// method of a contract's name and another signature, on the value and the pointer.
func TestContractMismatches(t *testing.T) {
	got := contractMismatches[colony.State](reflect.TypeFor[misspeltParts]())
	if len(got) != 2 || !strings.Contains(got[0]+got[1], "TurnNumber") || !strings.Contains(got[0]+got[1], "ShippedWeights") {
		t.Errorf("mismatches %q, want TurnNumber's and ShippedWeights'", got)
	}
}

// contractChecked is a registered game's Ruleset, whose parts TestContractSignatures
// checks.
type contractChecked interface {
	contractMismatchesOf() ([]string, error)
}

// contractMismatchesOf returns what contractMismatches finds in the rule set's game,
// its feature set and its evaluation of the points difference (eval=score).
func (x tunable[S]) contractMismatchesOf() ([]string, error) {
	score, err := x.evals.Evaluator("score")
	if err != nil {
		return nil, err
	}
	return contractMismatches[S](reflect.TypeOf(x.g), reflect.TypeOf(x.evals.FeatureSet()), reflect.TypeOf(score)), nil
}

// TestContractSignatures checks every registered game, its feature set and its
// evaluation of the points difference: no method has the name of a method of the
// contract's interfaces and another signature (which would leave the tools on their
// fall-backs; the game's package asserts the parts it means to implement with var _).
func TestContractSignatures(t *testing.T) {
	for _, name := range Names() {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		x, ok := g.(contractChecked)
		if !ok {
			t.Fatalf("%s: a Ruleset of type %T, not a registered game's", name, g)
		}
		bad, err := x.contractMismatchesOf()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, b := range bad {
			t.Errorf("%s: %s", name, b)
		}
	}
}
