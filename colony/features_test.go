package colony

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/eval"
)

// Hand-built positions for the feature tests. In the comments, "reach" is the set of
// logs on which the last egg of the first lap of some selection lands (see
// Rules.LastEggReach), worked out by following the arrows of RULES.md.
const (
	// Ant moves are mandatory; Red's ant on A1 is hemmed in by Black's on A2, B1 and
	// B2. Selectable: A3 (3 eggs), A4 (10), B3 (1), C3 (3): 4 logs, 17 eggs. Reach:
	// A3 -> A2 A1 B1: B1; A4 -> A5 A6 B7 C6 C5 C4 B4 A3 A2 A1: A1; B3 -> C3; C3 -> B4,
	// A4 (the lane from C3), A5: A5. So reach = {A1, A5, B1, C3}.
	posHemmed = "eggs=2.0.3.10.0.0/4.5.1.0.0.0.0/0.0.3.0.0.0 red=A1 black=A2,B1,B2 hand=5,3 store=10,19 move=red ants=mandatory turn=40"
	// Red has placed all six ants; Black's ants on B1 (next to Black's B2 and Red's A1,
	// C1) and B7 (next to Red's A6, B6, C6) cannot move. Selectable: A3 (1), A5 (3),
	// B3 (6), C2 (2), C4 (3): 5 logs, 15 eggs. Reach: A3 -> A2; A5 -> A6 B7 C6: C6, or
	// B6 B5 C4: C4; B3 -> C3 B4 A4 A5 A6 B7: B7; C2 -> C3 B4: B4; C4 -> B4 A3 A2: A2.
	// So reach = {A2, B4, B7, C4, C6}.
	posFullBoard = "eggs=1.0.1.0.3.0/0.0.6.6.0.0.2/0.2.0.3.0.0 red=A1,A6,B4,B6,C1,C6 black=A4,B1,B2,B7 hand=0,2 store=20,13 move=red ants=optional turn=50"
	// After Red's C1 from the start: Red's ant on B4 (3 eggs), C1 empty, C2 and C3 hold
	// 4. Black to move.
	posAfterC1 = "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/0.4.4.3.3.3 red=B4 black=- hand=5,6 store=1,0 move=black ants=optional turn=2"
)

// features builds the values of the features from the list of values in feature
// order (the entries past NumFeatures are 0, as Extract leaves them).
func features(v ...int32) [16]int32 {
	var f [16]int32
	if len(v) != int(NumFeatures) {
		panic("features: wrong number of values")
	}
	copy(f[:], v)
	return f
}

// featureCases are positions with their features worked out by hand, and the linear
// evaluation with the hand-set weights.
var featureCases = []struct {
	name string
	pos  string
	// actions are played on the position first (to reach a turn in progress).
	actions []Action
	want    [16]int32
	// handSet is the linear evaluation with HandSet, in hundredths of an egg.
	handSet int
}{
	{
		// Every log holds 3 eggs. Reach: every log but B2, B3, B5 and B6 (the laps end
		// three logs on: A1->C2, A2->C1|C3, A3->B1, A4->B7, A5->C6|C4, A6->C5,
		// B1->C3, B2->B4, B3->A4, B4->A1|A6, B5->A3, B6->B4, B7->C4, C1->B4, C2->A4,
		// C3->A5, C4->A2, C5->A3, C6->B4): 15 logs with 3 eggs and no ant, threats
		// for both (six ants in hand each).
		// HandSet: 0.1 * 19 selectable logs = 1.9 eggs (the threats cancel).
		name: "start",
		pos:  StartPosition,
		//              sd u+ u- h+ h- b+ b- sl  se  t+  t- r+ r- m bl+ bl-
		want:    features(0, 0, 0, 6, 6, 0, 0, 19, 57, 15, 15, 0, 0, 0, 0, 0),
		handSet: 190,
	},
	{
		// Red selected A2 (a fork) and has not chosen its direction: its 3 eggs are in
		// hand, A2 is empty. Selectable: the 18 other logs, 54 eggs. Reach: as at the
		// start without A2's C1 and C3 (C3 is still reached from B1), so C1 drops out
		// of it, and A2 (reached from C4) now holds no eggs: 13 threats.
		// HandSet: 1.8.
		name:    "turn in progress",
		pos:     StartPosition,
		actions: []Action{SelectBase + 1},
		want:    features(0, 0, 0, 6, 6, 0, 0, 18, 54, 13, 13, 0, 0, 0, 0, 0),
		handSet: 180,
	},
	{
		// Black to move: store 0 - 1. Red's ant on B4 holds 3 eggs, which B2, B6 and C6
		// (3 eggs each) reach: 3 at risk for Red. Selectable: the 17 logs other than C1
		// (empty) and B4 (ant), 56 - 3 = 53 eggs. Reach: A1->C2, A2->C1|C3, A3->B1,
		// A4->B7, A5->C6|C4, A6->C5, B1->C3, B2->B4, B3->A4, B5->A3, B6->B4, B7->C4,
		// C2 (4)->A5, C3 (4)->A6, C4->A2, C5->A3, C6->B4. With 3 eggs and no ant among
		// them: A2 A3 A4 A5 A6 B1 B7 C4 C5 C6, 10 threats each (6 and 5 ants in hand).
		// HandSet: -1 - 3 + 0.5*(6-5) - 0.5*1 + 0.1*17 + 0.5*3 = -0.8.
		name:    "after C1, black to move",
		pos:     posAfterC1,
		want:    features(-1, 0, 3, 6, 5, 0, 1, 17, 53, 10, 10, 0, 3, 0, 0, 0),
		handSet: -80,
	},
	{
		// Red: store 10 - 19 = -9; 2 eggs under A1, 0 + 4 + 5 under Black's A2, B1, B2.
		// Threats: C3 (3 eggs, reached from B3); A3 has 3 eggs but is not reached.
		// At risk: Red's A1 (2 eggs) and Black's B1 (4) are reached; A2, B2 are not.
		// Blocked: Red's A1; Black's A2 (A3 free), B1 (C1), B2 (B3) can move.
		// HandSet: -9 + 2 - 9 + 0.5*(5-3) + 0.5*(1-3) + 0.1*4 + 1.5*(1-1) - 0.5*2
		// + 0.5*4 - 0.5*1 = -15.1.
		name:    "hemmed in, mandatory",
		pos:     posHemmed,
		want:    features(-9, 2, 9, 5, 3, 1, 3, 4, 17, 1, 1, 2, 4, 1, 1, 0),
		handSet: -1510,
	},
	{
		// The same from Black's view: every own/opp pair swaps and the store
		// difference changes sign. HandSet: 9 + 9 - 2 + 0.5*(3-5) + 0.5*(3-1) + 0.1*4
		// + 1.5*(1-1) - 0.5*4 + 0.5*2 + 0.5*1 = 15.9.
		name:    "hemmed in, black to move",
		pos:     strings.Replace(posHemmed, "move=red", "move=black", 1),
		want:    features(9, 9, 2, 3, 5, 3, 1, 4, 17, 1, 1, 4, 2, 1, 0, 1),
		handSet: 1590,
	},
	{
		// Red: store 20 - 13 = 7; under Red's ants 1 (A1) + 6 (B4), under Black's 2
		// (B7). Threats: C4 (3 eggs, reached from A5 by B6); A5 is not reached. Red has
		// no ant in hand, so only Black's threat counts. At risk: Red's B4 (6 eggs,
		// reached from C2) and C6 (empty, reached from A5); Black's B7 (2, reached
		// from B3). Blocked: Black's B1 and B7.
		// HandSet: 7 + 7 - 2 + 0.5*(0-2) + 0.5*(6-4) + 0.1*5 + 1.5*(0-1) - 0.5*6
		// + 0.5*2 + 0.5*2 = 10.
		name:    "all red ants placed",
		pos:     posFullBoard,
		want:    features(7, 7, 2, 0, 2, 6, 4, 5, 15, 0, 1, 6, 2, 0, 0, 2),
		handSet: 1000,
	},
}

func TestExtractHandBuilt(t *testing.T) {
	r := Default()
	covered := make([]bool, NumFeatures)
	for _, tc := range featureCases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := r.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range tc.actions {
				if err := r.Step(&s, a); err != nil {
					t.Fatal(err)
				}
			}
			got := NewFeatures(r).Extract(&s)
			if got != tc.want {
				t.Errorf("Extract:\n got %v\nwant %v", got, tc.want)
				for f := Feature(0); f < NumFeatures; f++ {
					if got[f] != tc.want[f] {
						t.Errorf("  %v = %d, want %d", f, got[f], tc.want[f])
					}
				}
			}
			if ref := slowExtract(r, &s); ref != got {
				t.Errorf("slowExtract = %v, Extract = %v", ref, got)
			}
			if ev := newLinear(t, r, handSet()).Evaluate(&s); ev != tc.handSet {
				t.Errorf("Linear(HandSet).Evaluate = %d, want %d", ev, tc.handSet)
			}
			for f, v := range got {
				if v != 0 {
					covered[f] = true
				}
			}
		})
	}
	for f, ok := range covered {
		if !ok {
			t.Errorf("no hand-built position has a non-zero %v", Feature(f))
		}
	}
}

// slowExtract is Extract written directly from the definitions, log by log, with an
// egg-by-egg walk for the reach (so independent of colony's tables).
func slowExtract(r *Rules, s *State) [16]int32 {
	var f [16]int32
	b := r.Board()
	me, op := s.ToMove(), s.ToMove().Other()
	var reach uint32
	for l := Log(0); l < NumLogs; l++ {
		n := s.Eggs(l)
		if _, ant := s.AntAt(l); ant || n == 0 || n > r.SowingCap() {
			continue
		}
		for _, x := range b.Exits(l) {
			from, at := l, x
			for i := 1; i < n; i++ {
				from, at = at, b.Next(at, from)
			}
			reach |= 1 << at
		}
	}
	f[FeatStoreDiff] = int32(s.Store(me) - s.Store(op))
	f[FeatHandOwn], f[FeatHandOpp] = int32(s.Hand(me)), int32(s.Hand(op))
	threats := int32(0)
	for l := Log(0); l < NumLogs; l++ {
		c, ant := s.AntAt(l)
		e := int32(s.Eggs(l))
		reached := reach&(1<<l) != 0
		if !ant {
			if e > 0 {
				f[FeatSelectableLogs]++
				f[FeatSelectableEggs] += e
			}
			if e == 3 && reached {
				threats++
			}
			continue
		}
		free := false
		for m := b.Neighbours(l); m != 0; m &= m - 1 {
			if _, a := s.AntAt(Log(bits.TrailingZeros32(m))); !a {
				free = true
			}
		}
		if c == me {
			f[FeatUnderOwnAnts] += e
			f[FeatBoardAntsOwn]++
			if reached {
				f[FeatAtRiskOwn] += e
			}
			if !free {
				f[FeatBlockedOwn]++
			}
		} else {
			f[FeatUnderOppAnts] += e
			f[FeatBoardAntsOpp]++
			if reached {
				f[FeatAtRiskOpp] += e
			}
			if !free {
				f[FeatBlockedOpp]++
			}
		}
	}
	if s.Hand(me) > 0 {
		f[FeatThreatsOwn] = threats
	}
	if s.Hand(op) > 0 {
		f[FeatThreatsOpp] = threats
	}
	if s.AntMovesMandatory() {
		f[FeatMandatory] = 1
	}
	return f
}

// randomStates returns the states of seeded random games under r: every decision of
// every phase, and the end.
func randomStates(r *Rules, games int, seed uint64) []State {
	var out []State
	for g := 0; g < games; g++ {
		rng := rand.NewPCG(seed, uint64(g))
		s := r.Start()
		for !s.Over() {
			out = append(out, s)
			r.Apply(&s, r.RandomAction(&s, rng))
		}
		out = append(out, s)
	}
	return out
}

// TestExtractRandom compares Extract with slowExtract on many random states, under the
// default rules, the choice=selected variant, a small sowing cap and the mirrored board.
func TestExtractRandom(t *testing.T) {
	onMirror := mirrorRules(t)
	capped, err := ParseRules("colony:sowcap=4,choice=selected")
	if err != nil {
		t.Fatal(err)
	}
	games := 60
	if testing.Short() {
		games = 10
	}
	for _, r := range []*Rules{Default(), onMirror, capped} {
		for _, s := range randomStates(r, games, 3) {
			got := NewFeatures(r).Extract(&s)
			if want := slowExtract(r, &s); got != want {
				t.Fatalf("%v: %v (phase %v):\nExtract     %v\nslowExtract %v", r, s.String(), s.Phase(), got, want)
			}
		}
	}
}

// TestExtractOtherView checks the relations between the features of a position and
// those of the same position with the other player to move: the store difference
// changes sign, every own/opp pair swaps, and the rest is unchanged.
func TestExtractOtherView(t *testing.T) {
	r := Default()
	n := 0
	for _, s := range randomStates(r, 40, 9) {
		if s.Phase() != PhaseSelect || s.Over() {
			continue // the notation holds positions between turns
		}
		text := s.String()
		flip := strings.Replace(text, "move=red", "move=black", 1)
		if flip == text {
			flip = strings.Replace(text, "move=black", "move=red", 1)
		}
		o, err := r.ParsePosition(flip)
		if err != nil {
			t.Fatal(err)
		}
		f, g := NewFeatures(r).Extract(&s), NewFeatures(r).Extract(&o)
		want := f
		want[FeatStoreDiff] = -f[FeatStoreDiff]
		for _, p := range [][2]Feature{{FeatUnderOwnAnts, FeatUnderOppAnts}, {FeatHandOwn, FeatHandOpp}, {FeatBoardAntsOwn, FeatBoardAntsOpp},
			{FeatThreatsOwn, FeatThreatsOpp}, {FeatAtRiskOwn, FeatAtRiskOpp}, {FeatBlockedOwn, FeatBlockedOpp}} {
			want[p[0]], want[p[1]] = f[p[1]], f[p[0]]
		}
		if g != want {
			t.Fatalf("%s\nfeatures %v\nother view %v, want %v", text, f, g, want)
		}
		n++
	}
	if n < 1000 {
		t.Fatalf("only %d positions", n)
	}
}

// TestExtractIdentities checks relations that hold in every state: the eggs add up to
// 57, and the ant counts to 6 a player.
func TestExtractIdentities(t *testing.T) {
	r := Default()
	for _, s := range randomStates(r, 40, 10) {
		f := NewFeatures(r).Extract(&s)
		me := s.ToMove()
		_, inHand := s.Pending()
		eggs := s.Store(me) + s.Store(me.Other()) + inHand + int(f[FeatUnderOwnAnts]+f[FeatUnderOppAnts]+f[FeatSelectableEggs])
		if eggs != TotalEggs {
			t.Fatalf("%v: eggs add up to %d", s.String(), eggs)
		}
		if f[FeatHandOwn]+f[FeatBoardAntsOwn] != AntsPerSide || f[FeatHandOpp]+f[FeatBoardAntsOpp] != AntsPerSide {
			t.Fatalf("%v: ants %v", s.String(), f)
		}
		if f[FeatAtRiskOwn] > f[FeatUnderOwnAnts] || f[FeatAtRiskOpp] > f[FeatUnderOppAnts] ||
			f[FeatThreatsOwn] > f[FeatSelectableLogs] || f[FeatBlockedOwn] > f[FeatBoardAntsOwn] || f[FeatBlockedOpp] > f[FeatBoardAntsOpp] {
			t.Fatalf("%v: a part exceeds its whole: %v", s.String(), f)
		}
		if f[FeatStoreDiff]+f[FeatUnderOwnAnts]-f[FeatUnderOppAnts] != int32(s.Score(me)-s.Score(me.Other())) {
			t.Fatalf("%v: the R8 lead is not %d", s.String(), s.Score(me)-s.Score(me.Other()))
		}
	}
}

func TestFeatureNames(t *testing.T) {
	seen := map[string]bool{}
	for f := Feature(0); f < NumFeatures; f++ {
		name := f.String()
		if seen[name] || name == "" || strings.ToLower(name) != name || strings.ContainsAny(name, " -") {
			t.Errorf("%d: bad or repeated name %q", f, name)
		}
		seen[name] = true
		if g, ok := FeatureByName(name); !ok || g != f {
			t.Errorf("FeatureByName(%q) = %v, %v", name, g, ok)
		}
	}
	if FeatStoreDiff.String() != "store_diff" || FeatBlockedOpp.String() != "blocked_opp" || FeatAtRiskOwn.String() != "at_risk_own" {
		t.Errorf("names: %v %v %v", FeatStoreDiff, FeatBlockedOpp, FeatAtRiskOwn)
	}
	if got := NumFeatures.String(); got != "Feature(16)" {
		t.Errorf("NumFeatures.String() = %q", got)
	}
	if _, ok := FeatureByName("Store_Diff"); ok {
		t.Errorf("FeatureByName is case-insensitive")
	}
}

func TestExtractAllocs(t *testing.T) {
	r := Default()
	states := randomStates(r, 2, 1)
	fs := NewFeatures(r)
	var sum int32
	i := 0
	if n := testing.AllocsPerRun(1000, func() {
		f := fs.Extract(&states[i%len(states)])
		sum += f[FeatThreatsOwn]
		i++
	}); n != 0 {
		t.Errorf("Extract allocates %v times a call", n)
	}
}

// Features is a feature set of package eval.
var _ eval.FeatureSet[State] = Features{}

// weightsOf returns the weights of byName in Feature order.
func weightsOf(byName map[string]float64) [NumFeatures]float64 {
	var w [NumFeatures]float64
	for f := range NumFeatures {
		w[f] = byName[f.String()]
	}
	return w
}

// handSet returns the hand-set weights (HandWeights) in Feature order.
func handSet() [NumFeatures]float64 { return weightsOf(Features{}.HandWeights()) }

// defaultSet returns the default weights (DefaultWeights) in Feature order.
func defaultSet() [NumFeatures]float64 { return weightsOf(Features{}.DefaultWeights()) }

// newLinear returns the linear evaluation of package eval over the features under r
// with the weights w, in Feature order.
func newLinear(t testing.TB, r *Rules, w [NumFeatures]float64) *eval.LinearOf[State] {
	t.Helper()
	fs := NewFeatures(r)
	nw, err := eval.WeightsFor[State](fs, w[:])
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.NewLinearOf[State](fs, nw)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestFeatureSet(t *testing.T) {
	fs := NewFeatures(nil)
	if fs.Name() != "colony" || fs.Name() != FeatureSetName {
		t.Errorf("Name() = %q", fs.Name())
	}
	if names := fs.Features(); len(names) != int(NumFeatures) || names[0] != "store_diff" {
		t.Errorf("Features() = %v", names)
	}
	for f, name := range fs.Features() {
		if Feature(f).String() != name {
			t.Errorf("Features()[%d] = %q, Feature(%d) is %q", f, name, f, Feature(f))
		}
	}
	// The zero Features extracts under Default(), as NewFeatures(nil) does.
	for _, s := range randomStates(Default(), 3, 5) {
		if got, want := (Features{}).Extract(&s), fs.Extract(&s); got != want {
			t.Fatalf("%s: Features{} %v, NewFeatures(nil) %v", s.String(), got, want)
		}
	}
}

func TestHandWeights(t *testing.T) {
	for name, byName := range map[string]map[string]float64{"hand": Features{}.HandWeights(), "default": Features{}.DefaultWeights()} {
		if len(byName) != int(NumFeatures) || byName["store_diff"] != 1 {
			t.Errorf("%s: %v", name, byName)
		}
		for f := range NumFeatures {
			if _, ok := byName[f.String()]; !ok {
				t.Errorf("%s: no weight for %v", name, f)
			}
		}
	}
}

func TestDefaultWeights(t *testing.T) {
	fs := NewFeatures(nil)
	nw, err := eval.ParseNamedWeights(defaultWeightsJSON, fs.Name(), fs.Features())
	if err != nil {
		t.Fatalf("default_weights.json: %v", err)
	}
	if d := defaultSet(); !slices.Equal(nw.W, d[:]) {
		t.Errorf("DefaultWeights() = %v, the file says %v", d, nw.W)
	}
	// The file is written as package eval writes weights files (without the
	// "features" key), so that tools can rewrite it without a spurious diff.
	data, err := eval.NamedWeights{Names: nw.Names, W: nw.W}.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(append(data, '\n'), defaultWeightsJSON) {
		t.Errorf("default_weights.json is not in MarshalJSON's format:\n%s", defaultWeightsJSON)
	}
	d := fs.DefaultWeights()
	d["store_diff"] = 99 // DefaultWeights returns a copy
	if fs.DefaultWeights()["store_diff"] == 99 {
		t.Errorf("DefaultWeights() shares its map")
	}
}

// TestWeightsFile checks that the weights files of the set name it, that package
// eval reads them and the files without the name, and refuses other sets' files.
func TestWeightsFile(t *testing.T) {
	fs := NewFeatures(nil)
	d := defaultSet()
	nw, err := eval.WeightsFor[State](fs, d[:])
	if err != nil {
		t.Fatal(err)
	}
	data, err := nw.MarshalJSON()
	if err != nil || !strings.Contains(string(data), `"features": "colony"`) {
		t.Fatalf("%s, %v", data, err)
	}
	if w, err := eval.ParseNamedWeights(data, fs.Name(), fs.Features()); err != nil || !slices.Equal(w.W, d[:]) {
		t.Errorf("ParseNamedWeights: %v, %v", w, err)
	}
	other := strings.Replace(string(defaultWeightsJSON), `"version": 1,`, `"version": 1, "features": "oware",`, 1)
	if _, err := eval.ParseNamedWeights([]byte(other), fs.Name(), fs.Features()); err == nil ||
		err.Error() != `weights: the weights are for the features of "oware", not of "colony"` {
		t.Errorf("features oware: %v", err)
	}
}

func TestDot(t *testing.T) {
	w := handSet()
	var pw [eval.MaxFeatures]float64
	copy(pw[:], w[:])
	f := features(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
	// 1 + 2 - 3 + 2 - 2.5 + 3 - 3.5 + 0.8 + 0 + 15 - 16.5 - 6 + 6.5 + 0 - 7.5 + 8
	if got, want := eval.DotVector(&pw, &f), -0.7; math.Abs(got-want) > 1e-12 {
		t.Errorf("Dot = %v, want %v", got, want)
	}
}
