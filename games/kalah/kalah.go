package kalah

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/notation"
)

// Limits and defaults of the rule parameters.
const (
	DefaultPits   = 6   // pits a side
	DefaultSeeds  = 4   // seeds a pit at the start
	MaxPits       = 12  // the board's ring (2*MaxPits+2 = 26 places) fits in a State
	MaxTotalSeeds = 255 // 2*pits*seeds, every seed of the game, must fit in a byte
)

// The compile-time checks that *Game is everything the engines and the runner use.
var (
	_ game.Game[State]           = (*Game)(nil)
	_ game.Playouter[State]      = (*Game)(nil)
	_ game.RandomActioner[State] = (*Game)(nil)
	_ game.LegalChecker[State]   = (*Game)(nil)
)

// Game is Kalah under one set of rule parameters: the board size, the capture rule and
// the end rule, with the tables its moves are played from. A Game is read-only after
// New, so it is safe for concurrent use.
type Game struct {
	m, n         int    // pits a side, seeds a pit
	captureEmpty bool   // capture=empty: an own empty pit captures even against an empty pit
	capAll       uint64 // 1 with capture=empty, else 0
	endEither    bool   // end=either: the game ends when either side is empty
	name         string

	lapLen int // the places a sowing visits in one lap: 2m+1 (the opponent's store skipped)
	// base[p] is the ring index of player p's first pit; store[p] that of p's store.
	base, store [2]int
	// divmod[n] for a pit of n seeds (1..255): (n-1)/lapLen<<8 | (n-1)%lapLen.
	divmod [256]uint16
	// sow[p*lapLen+r]: sowing r+1 seeds (in the last, partial, lap) from ring place p.
	sow []sowEntry
	// lap[p]: one seed in every place of a full lap of player p (its store, both sides'
	// pits, not the opponent's store), as bytes of the State's words.
	lap [2][4]uint64
	// pits[p]: 0xff in the bytes of player p's pits.
	pits [2][4]uint64
	// The narrow boards (see narrow.go).
	narrow    bool
	nstep     *[16 << 8]stepEntry // [p<<8|n]: sowing n seeds from ring place p, the whole move (see narrow.go)
	rsow      *[8][256]relEntry   // [a][n]: sowing n seeds from the mover's pit a (see playout.go)
	northBase uint                // M+1, North's first place
	nShift    uint                // 8(M+1), the bit offset of North's pits in the narrow ring
	sideBytes uint64              // 0xff in bytes 0..M-1
	nstore    [2][2]uint64        // one seed in player p's store, as (word 0, word 1)
	sideBits  uint32              // bits 0..M-1
	// startState is the start position.
	startState State
}

// sowEntry is what sowing the last, partial lap from one place does.
type sowEntry struct {
	add [4]uint64 // one seed in each place reached, as bytes of the State's words
	// The word and bit shift of the last seed's place, of the place opposite (for an
	// own pit; otherwise the last seed's place again) and of the mover's store.
	lastW, lastS, oppW, oppS, storeW, storeS uint8
	own                                      uint8 // 1 when the last seed lands in one of the mover's pits
	flip                                     uint8 // flagNorth unless the last seed lands in the mover's store (an extra turn)
}

// New returns the Kalah rules described by params, the text after "kalah:" in a game
// name: comma-separated items, each either a board size MxN (M pits a side, from 1 to
// 12; N seeds a pit, at least 1; 2*M*N at most 255) or one of the options
// capture=empty|nonempty and end=either|mover. "" gives the defaults, kalah:6x4 with
// capture=empty and end=either. A leading "kalah" or "kalah:" is accepted too, so that
// New(g.Name()) and New(strings.TrimPrefix(g.Name(), "kalah:")) both give g's rules.
// Errors name the bad parameter.
func New(params string) (*Game, error) {
	if params == "kalah" {
		params = ""
	} else if rest, ok := strings.CutPrefix(params, "kalah:"); ok {
		params = rest
	}
	m, n := DefaultPits, DefaultSeeds
	captureEmpty, endEither := true, true
	err := notation.EachParam(params, func(p notation.Param) error {
		item, val := p.Item, p.Value
		switch p.Key {
		case "size":
			var err error
			if m, n, err = parseSize(item); err != nil {
				return fmt.Errorf("parameter %q: %v", item, err)
			}
		case "capture":
			switch val {
			case "empty":
				captureEmpty = true
			case "nonempty":
				captureEmpty = false
			default:
				return fmt.Errorf("parameter %q: capture must be empty or nonempty", item)
			}
		case "end":
			switch val {
			case "either":
				endEither = true
			case "mover":
				endEither = false
			default:
				return fmt.Errorf("parameter %q: end must be either or mover", item)
			}
		default:
			return fmt.Errorf("parameter %q: unknown parameter %q (known: MxN, capture=, end=)", item, p.Key)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kalah: %w", err)
	}
	g := &Game{m: m, n: n, captureEmpty: captureEmpty, endEither: endEither}
	if captureEmpty {
		g.capAll = 1
	}
	g.build()
	return g, nil
}

// parseSize reads MxN.
func parseSize(item string) (m, n int, err error) {
	ms, ns, ok := strings.Cut(item, "x")
	if !ok {
		return 0, 0, fmt.Errorf("not a board size MxN or a key=value option")
	}
	m, err1 := parseNumber(ms)
	n, err2 := parseNumber(ns)
	switch {
	case err1 != nil:
		return 0, 0, fmt.Errorf("pits %q: %v", ms, err1)
	case err2 != nil:
		return 0, 0, fmt.Errorf("seeds %q: %v", ns, err2)
	case m < 1 || m > MaxPits:
		return 0, 0, fmt.Errorf("%d pits a side; want 1 to %d", m, MaxPits)
	case n < 1:
		return 0, 0, fmt.Errorf("%d seeds a pit; want at least 1", n)
	case 2*m*n > MaxTotalSeeds:
		return 0, 0, fmt.Errorf("%d seeds in all; want at most %d", 2*m*n, MaxTotalSeeds)
	}
	return m, n, nil
}

// parseNumber reads a decimal number without sign or leading zeros, up to 9999.
func parseNumber(s string) (int, error) {
	if s == "" || len(s) > 4 || (len(s) > 1 && s[0] == '0') {
		return 0, fmt.Errorf("not a number")
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("not a number")
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, nil
}

// build fills the name and the tables.
func (g *Game) build() {
	var parts []string
	if g.m != DefaultPits || g.n != DefaultSeeds {
		parts = append(parts, strconv.Itoa(g.m)+"x"+strconv.Itoa(g.n))
	}
	if !g.captureEmpty {
		parts = append(parts, "capture=nonempty")
	}
	if !g.endEither {
		parts = append(parts, "end=mover")
	}
	g.name = "kalah"
	if len(parts) > 0 {
		g.name += ":" + strings.Join(parts, ",")
	}

	m := g.m
	ring := 2*m + 2
	g.lapLen = 2*m + 1
	g.base = [2]int{0, m + 1}
	g.store = [2]int{m, 2*m + 1}
	for n := 1; n < len(g.divmod); n++ {
		g.divmod[n] = uint16((n-1)/g.lapLen<<8 | (n-1)%g.lapLen)
	}
	for p := 0; p < 2; p++ {
		for i := 0; i < ring; i++ {
			if i != g.store[1-p] {
				g.lap[p][i>>3] += 1 << (8 * (i & 7))
			}
		}
		for i := 0; i < m; i++ {
			j := g.base[p] + i
			g.pits[p][j>>3] |= 0xff << (8 * (j & 7))
		}
	}
	g.sow = make([]sowEntry, 2*m*g.lapLen+g.lapLen) // ring places 0..2m
	for p := 0; p < 2; p++ {
		for i := 0; i < m; i++ {
			from := g.base[p] + i
			var add [4]uint64
			at := from
			for r := 0; r < g.lapLen; r++ {
				at = (at + 1) % ring
				if at == g.store[1-p] {
					at = (at + 1) % ring
				}
				add[at>>3] += 1 << (8 * (at & 7))
				e := sowEntry{add: add, flip: flagNorth}
				e.lastW, e.lastS = uint8(at>>3), uint8(8*(at&7))
				st := g.store[p]
				e.storeW, e.storeS = uint8(st>>3), uint8(8*(st&7))
				opp := at
				switch {
				case at == st:
					e.flip = 0
				case at >= g.base[p] && at < g.base[p]+m:
					e.own = 1
					opp = 2*m - at
				}
				e.oppW, e.oppS = uint8(opp>>3), uint8(8*(opp&7))
				g.sow[from*g.lapLen+r] = e
			}
		}
	}
	g.sideBits = 1<<uint(m) - 1
	g.northBase = uint(m + 1)
	g.buildNarrow()
	var s State
	for p := 0; p < 2; p++ {
		for i := 0; i < m; i++ {
			s.set(g.base[p]+i, g.n)
		}
	}
	s.w[3] |= uint64(m) << sizeShift
	g.startState = s
}

// Name returns the canonical name: "kalah", then after ':' the parameters that differ
// from the defaults, in the order size, capture, end ("kalah:4x3,capture=nonempty").
func (g *Game) Name() string { return g.name }

// String returns Name.
func (g *Game) String() string { return g.name }

// Pits returns the number of pits a side.
func (g *Game) Pits() int { return g.m }

// Seeds returns the number of seeds a pit at the start.
func (g *Game) Seeds() int { return g.n }

// CaptureEmpty reports whether a capture is made when the opposite pit is empty
// (capture=empty, the default).
func (g *Game) CaptureEmpty() bool { return g.captureEmpty }

// EndEither reports whether the game ends when either side is empty (end=either, the
// default) rather than only when the side of the player to move is.
func (g *Game) EndEither() bool { return g.endEither }

// Start returns the start position: N seeds in every pit, empty stores, South to move.
func (g *Game) Start() State { return g.startState }

// Sides returns "south" (moves first) and "north".
func (g *Game) Sides() [2]string { return [2]string{"south", "north"} }

// NumActions returns the number of distinct decisions: one a pit of a side.
func (g *Game) NumActions() int { return g.m }

// Points returns the seeds in South's and North's stores: the final scores of a
// finished game, whose pits are all empty.
func (g *Game) Points(s *State) [2]int { return [2]int{s.Store(0), s.Store(1)} }

// EndReason says why a finished game ended: "south has no seeds", "north has no
// seeds", or "both sides are empty" (a move emptied both sides at once, or a finished
// position was read), and "" for a game in progress.
func (g *Game) EndReason(s *State) string {
	switch s.w[3] >> flagShift & (flagOver | flagSouthEmpty | flagNorthEmpty) {
	case flagOver | flagSouthEmpty:
		return "south has no seeds"
	case flagOver | flagNorthEmpty:
		return "north has no seeds"
	case flagOver, flagOver | flagSouthEmpty | flagNorthEmpty:
		return "both sides are empty"
	}
	return ""
}

// TieBreak is false: Kalah has no tie rule, equal stores are a draw.
func (g *Game) TieBreak(s *State) bool { return false }

// ToMove returns 0 for South and 1 for North.
func (g *Game) ToMove(s *State) int { return s.ToMove() }

// TurnStart is always true: every decision is a whole turn (an extra turn after the
// last seed lands in the mover's store is a new turn by the same player).
func (g *Game) TurnStart(s *State) bool { return true }

// Terminal reports whether the game is over.
func (g *Game) Terminal(s *State) bool { return s.Over() }

// Result returns the winner (0 South, 1 North, -1 for a draw) and the margin, the
// difference of the stores; a finished game has every seed in a store.
func (g *Game) Result(s *State) (winner, margin int) {
	d := s.Store(0) - s.Store(1)
	switch {
	case d > 0:
		return 0, d
	case d < 0:
		return 1, -d
	}
	return -1, 0
}

// StoreDiff is the simple evaluation: the mover's store minus the opponent's.
type StoreDiff struct{}

// Evaluate returns the store difference from the view of the player to move.
func (StoreDiff) Evaluate(s *State) int {
	m := uint(s.w[3] >> sizeShift & 0xff)
	n := 2*m + 1
	d := int(s.w[m>>3&3]>>(8*m&63)&0xff) - int(s.w[n>>3&3]>>(8*n&63)&0xff)
	north := int(s.w[3] >> flagShift & flagNorth) // 1 when North is to move: negate
	return (d ^ -north) + north
}
