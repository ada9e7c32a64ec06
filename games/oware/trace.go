package oware

import "github.com/colony-ai/colony/game"

var _ game.Tracer[State] = (*Game)(nil)

// Trace returns the steps of the mover's pit a from s (game.Tracer), for the page of
// a game: the pit lifted, every seed sown in turn, and the capture, each pit taken to
// the mover's store (Illustrate's "store-S" or "store-N").
//
// Oware sows one lap, passing over the pit it started from, then takes the run of 2s
// and 3s that ends at the last seed's pit on the opponent's row, from that pit back,
// unless the run is a grand slam the rule set does not capture. Ayo sows lap after
// lap, lifting the pit of a lap's last seed while it was not empty (up to the relay
// cap), then takes the pit opposite an own empty pit. The game's end moves no seed
// (each side's row counts for it in Points, on the board), so it adds no step.
//
// Trace follows the rules seed by seed, apart from the tables Apply uses; the
// conformance suite checks that the two agree.
func (g *Game) Trace(s *State, a game.Action) []game.TraceStep {
	m := s.ToMove()
	t := tracer{store: storeID(m)}
	for i := range t.seeds {
		t.seeds[i] = s.Seeds(i)
	}
	from := m*PitsPerSide + int(a)
	if g.variant == Oware {
		g.traceOware(&t, m, from)
	} else {
		g.traceAyo(&t, m, from)
	}
	return t.steps
}

// tracer holds the seeds of the twelve pits, in sowing order, while a move is traced,
// and the steps so far.
type tracer struct {
	seeds [NumPits]int
	store string // the mover's store
	steps []game.TraceStep
}

// lift picks up the seeds of pit i and returns them.
func (t *tracer) lift(i int) int {
	n := t.seeds[i]
	t.seeds[i] = 0
	t.steps = append(t.steps, game.TraceStep{Kind: game.Lift, Place: pitID(i)})
	return n
}

// sow sows n seeds one by one in the pits after pit i, passing over pit skip, and
// returns the pit of the last seed.
func (t *tracer) sow(i, n, skip int) int {
	for n > 0 {
		if i = (i + 1) % NumPits; i == skip {
			continue
		}
		t.seeds[i]++
		t.steps = append(t.steps, game.TraceStep{Kind: game.Sow, Place: pitID(i)})
		n--
	}
	return i
}

// take moves the seeds of pit i to the mover's store.
func (t *tracer) take(i int) {
	t.seeds[i] = 0
	t.steps = append(t.steps, game.TraceStep{Kind: game.Take, Place: pitID(i), To: t.store})
}

// traceOware traces Oware's move by side m from pit from (in sowing order).
func (g *Game) traceOware(t *tracer, m, from int) {
	last := t.sow(from, t.lift(from), from)
	if last/PitsPerSide == m {
		return // a last seed on the own row captures nothing
	}
	// The run: the last pit and those before it on the opponent's row, each holding
	// 2 or 3.
	first := (1 - m) * PitsPerSide // the opponent's first pit in sowing order
	var run []int
	for i := last; i >= first && (t.seeds[i] == 2 || t.seeds[i] == 3); i-- {
		run = append(run, i)
	}
	if len(run) == 0 {
		return
	}
	left := 0 // the opponent's seeds outside the run
	for i := first; i < first+PitsPerSide; i++ {
		left += t.seeds[i]
	}
	for _, i := range run {
		left -= t.seeds[i]
	}
	if left == 0 && (g.grandSlam == GrandSlamNoCapture || g.grandSlam == GrandSlamIllegal) {
		return // a grand slam that captures nothing
	}
	for _, i := range run {
		t.take(i)
	}
}

// traceAyo traces Ayo's move by side m from pit from (in sowing order).
func (g *Game) traceAyo(t *tracer, m, from int) {
	at := from
	n := t.lift(at)
	for lap := 1; ; lap++ {
		skip := at // the pit a lap of 12 or more seeds passes over
		if g.skipMove {
			skip = from
		}
		at = t.sow(at, n, skip)
		if t.seeds[at] > 1 { // the pit was not empty: relay
			if lap >= g.relayCap {
				return
			}
			n = t.lift(at)
			continue
		}
		if opp := NumPits - 1 - at; at/PitsPerSide == m && t.seeds[opp] > 0 {
			t.take(opp)
		}
		return
	}
}

// pitID returns the id of the shape of pit i (in sowing order) in Illustrate:
// "pit-a1".
func pitID(i int) string {
	side, c := i/PitsPerSide, i%PitsPerSide
	if side == 1 {
		c = PitsPerSide - 1 - c
	}
	return "pit-" + pitName(side, c)
}

// storeID returns the id of the shape of side's store in Illustrate: "store-S" for
// South, "store-N" for North.
func storeID(side int) string { return [2]string{"store-S", "store-N"}[side] }

// Places counts the seeds on every place of s by the ids of Illustrate's shapes (the
// twelve pits and the two stores), the places Trace names.
func (g *Game) Places(s *State) map[string]int {
	c := make(map[string]int, NumPits+2)
	for i := range NumPits {
		c[pitID(i)] = s.Seeds(i)
	}
	for side := range 2 {
		c[storeID(side)] = s.Store(side)
	}
	return c
}
