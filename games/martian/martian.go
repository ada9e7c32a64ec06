package martian

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"

	"github.com/colony-ai/colony/games/internal/notation"
)

// Limits and defaults of the rule parameters.
const (
	DefaultSpaces = 6     // small spaces a side
	DefaultStack  = "321" // the starting stack, top piece first
	DefaultCap    = 200   // turns after which the game ends
	MaxSpaces     = 8     // small spaces a side
	MaxStack      = 8     // pieces of the starting stack
	MaxPieces     = 64    // pieces in all (2·N·len(STACK)): they fit 128 bits at 2 bits a piece
	MaxCap        = 65535 // the largest move cap
	// MaxLaps bounds the laps of one turn: a lap that would be the MaxLaps+1-th of a
	// turn is not started, and the turn ends there (RULES.md, "Laps").
	MaxLaps = 1000
)

// The compile-time checks that *Game is everything the engines and the runner use.
var (
	_ game.Game[State]           = (*Game)(nil)
	_ game.Stepper[State]        = (*Game)(nil)
	_ game.Playouter[State]      = (*Game)(nil)
	_ game.RandomActioner[State] = (*Game)(nil)
	_ game.LegalChecker[State]   = (*Game)(nil)
	_ game.Drawer[State]         = (*Game)(nil)
	_ picture.Illustrator[State] = (*Game)(nil)
)

// Game is Martian Mancala under one set of rule parameters: the spaces a side, the
// starting stack and the move cap. A Game is read-only after New, so it is safe for
// concurrent use.
type Game struct {
	n       int     // small spaces a side
	stack   []uint8 // the starting stack's pips, top piece first
	capK    int     // the move cap
	maxLaps int     // MaxLaps (lowered by the package's tests)
	name    string

	ring  int        // 2n+2 places
	total int        // pieces in all
	count [4]int     // pieces of each size in all (count[pip])
	pips  int        // pips in all
	place [32]int8   // ring place -> small-space index (0..2n-1), or -1-p for player p's mancala
	next  [32][4]int // next[place][pip]: the place pip steps on
	start State
}

// New returns the rules described by params, the text after "martian:" in a game
// name (see the package documentation): "" for martian:6x321 with cap=200. A
// leading "martian" or "martian:" is accepted too, so that New(g.Name()) gives g's
// rules. Errors name the bad parameter.
func New(params string) (*Game, error) {
	if params == "martian" {
		params = ""
	} else if rest, ok := strings.CutPrefix(params, "martian:"); ok {
		params = rest
	}
	g := &Game{n: DefaultSpaces, stack: []uint8{3, 2, 1}, capK: DefaultCap, maxLaps: MaxLaps}
	err := notation.EachParam(params, func(p notation.Param) error {
		switch p.Key {
		case "size":
			n, stack, err := parseSize(p.Item)
			if err != nil {
				return fmt.Errorf("parameter %q: %w", p.Item, err)
			}
			g.n, g.stack = n, stack
		case "cap":
			k, ok := notation.Count(p.Value)
			if !ok || k < 1 || k > MaxCap {
				return fmt.Errorf("parameter %q: cap must be a number of turns from 1 to %d", p.Item, MaxCap)
			}
			g.capK = k
		default:
			return fmt.Errorf("parameter %q: unknown parameter %q (known: NxSTACK, cap=)", p.Item, p.Key)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("martian: %w", err)
	}
	g.build()
	return g, nil
}

// parseSize reads NxSTACK: N spaces a side and the starting stack's pips, top first.
func parseSize(item string) (int, []uint8, error) {
	ns, ss, ok := strings.Cut(item, "x")
	if !ok {
		return 0, nil, fmt.Errorf("not a size NxSTACK (e.g. 6x321) nor key=value")
	}
	n, ok := notation.Count(ns)
	if !ok || n < 1 || n > MaxSpaces {
		return 0, nil, fmt.Errorf("spaces a side %q: want a number from 1 to %d", ns, MaxSpaces)
	}
	if ss == "" || len(ss) > MaxStack {
		return 0, nil, fmt.Errorf("stack %q: want 1 to %d pieces, each 1, 2 or 3 pips, top piece first", ss, MaxStack)
	}
	stack := make([]uint8, len(ss))
	for i := 0; i < len(ss); i++ {
		if ss[i] < '1' || ss[i] > '3' {
			return 0, nil, fmt.Errorf("stack %q: piece %d is %q, want 1, 2 or 3 pips", ss, i+1, ss[i:i+1])
		}
		stack[i] = ss[i] - '0'
	}
	if 2*n*len(stack) > MaxPieces {
		return 0, nil, fmt.Errorf("%d pieces in all, want at most %d", 2*n*len(stack), MaxPieces)
	}
	return n, stack, nil
}

// build fills the name, the tables and the start position.
func (g *Game) build() {
	var items []string
	if g.n != DefaultSpaces || g.stackText() != DefaultStack {
		items = append(items, strconv.Itoa(g.n)+"x"+g.stackText())
	}
	if g.capK != DefaultCap {
		items = append(items, "cap="+strconv.Itoa(g.capK))
	}
	g.name = "martian"
	if len(items) > 0 {
		g.name += ":" + strings.Join(items, ",")
	}
	n := g.n
	g.ring = 2*n + 2
	for r := range g.place {
		g.place[r] = -100
	}
	for r := 0; r < g.ring; r++ {
		switch {
		case r < n:
			g.place[r] = int8(r)
		case r == n:
			g.place[r] = -1
		case r < 2*n+1:
			g.place[r] = int8(r - 1)
		default:
			g.place[r] = -2
		}
		for pip := 1; pip <= 3; pip++ {
			g.next[r][pip] = (r + pip) % g.ring
		}
	}
	var top u128
	for i := len(g.stack) - 1; i >= 0; i-- {
		top = top.push(g.stack[i])
		g.count[g.stack[i]] += 2 * n
		g.pips += 2 * n * int(g.stack[i])
	}
	g.total = 2 * n * len(g.stack)
	var b board
	for j := 0; j < 2*n; j++ {
		b.st[j] = top
	}
	g.pack(&b, &g.start)
}

// stackText returns the starting stack's pips, top first, as digits.
func (g *Game) stackText() string {
	b := make([]byte, len(g.stack))
	for i, p := range g.stack {
		b[i] = '0' + p
	}
	return string(b)
}

// Name returns the canonical name: "martian", then after ':' the parameters that
// differ from the defaults, the size first ("martian:8x3321,cap=300").
func (g *Game) Name() string { return g.name }

// String returns Name.
func (g *Game) String() string { return g.name }

// Spaces returns the small spaces a side.
func (g *Game) Spaces() int { return g.n }

// StartStack returns the starting stack's pips, top piece first, as digits ("321").
func (g *Game) StartStack() string { return g.stackText() }

// Cap returns the move cap: the game ends after this many turns.
func (g *Game) Cap() int { return g.capK }

// TotalPieces returns the number of pieces of pip value pip (1, 2 or 3) in the game.
func (g *Game) TotalPieces(pip int) int { return g.count[pip&3] }

// TotalPips returns the pips of all the pieces of the game.
func (g *Game) TotalPips() int { return g.pips }

// Start returns the start position: the starting stack on every small space, empty
// mancalas, South to move.
func (g *Game) Start() State { return g.start }

// Sides returns "south" (moves first) and "north".
func (g *Game) Sides() [2]string { return [2]string{"south", "north"} }

// NumActions returns the number of distinct decisions: one a small space of a side.
func (g *Game) NumActions() int { return g.n }
