// Package piecepack plays the three mancala rule sets of the piecepack adaptation of
// Mancala (Mesomorph Games, 2001): Egyptian, Ethiopian and Nigerian, from one Game
// type. Two players each own a row of tiles holding coins and the mancala (store) on
// their right; a move picks up the coins of one of the mover's tiles and sows them
// one by one around the board. RULES.md has the rules in full, every reading chosen
// where the source is ambiguous, and the options that give the other readings.
//
// # Rule sets and parameters
//
// New(variant, params) builds a rule set: variant is "egyptian", "ethiopian" or
// "nigerian"; params is everything after "VARIANT:" in a game name such as
// "egyptian:6x4" or "ethiopian:5x3,capture=nonempty", "" for the defaults. Params
// are comma-separated items: the size NxC (N tiles a side, 1 to 8, default 6; C coins
// a tile at the start, default 4; 2*N*C at most 255) and options key=value:
//
//	end=any|mover         all: the game ends when either side's tiles are empty (any,
//	                      default) or only when the player to move has none (mover)
//	cap=K                 all: the game ends after K moves (0: no cap); default 0,
//	                      but 200 for ethiopian, whose games need not end
//	capture=any|nonempty  egyptian, ethiopian: a capture happens whatever the opposite
//	                      tile holds (any, default) or only when it holds coins
//	stuck=end|pass        ethiopian: a player to move whose tiles hold only single
//	                      coins ends the game (end, default) or passes (pass)
//	leftbonus=on|off      ethiopian: extra turns and captures also after sowing to the
//	                      left (on, default) or only after sowing to the right (off)
//	four=F                nigerian: the count that sends a tile to its owner's mancala
//	                      (default 4, 2 to 255)
//	fourdrop=any|last     nigerian: a tile is taken when any drop brings it to F (any,
//	                      default) or only when the last coin of the hand does (last)
//	fourlast=owner|mover  nigerian: the tile completed by the last coin of a move goes
//	                      to its owner (owner, default) or to the mover (mover)
//
// Name returns the variant with the items that differ from the defaults, in the order
// above (size first), so New(variant, strings.TrimPrefix(g.Name(), variant+":"))
// gives the same rule set back.
//
// # Board and decisions
//
// Each side's tiles are lettered a, b, c, ... from the owner's left, which is the
// order the coins travel (counter-clockwise, towards the owner's mancala on the
// right). A decision is a game.Action: the tile index 0..N-1 of the mover's own
// tile (a = 0); in Ethiopian, tile + N*direction, direction 0 sowing to the right
// (counter-clockwise, the general rules' way) and 1 to the left (clockwise). Every
// decision is a whole turn; an extra turn is a new turn by the same player.
//
// Move notation (AppendAction, ParseAction): the tile letter, "c"; in Ethiopian "c"
// sows to the right and "c<" to the left ("c>" is read as "c").
//
// # Position notation
//
// One line of space-separated key=value fields:
//
//	pits=<south a>.<south b>...<south N>/<north a>...<north N> stores=<south>,<north> move=<south|north> [ply=<K>]
//
// Each side's counts are from its owner's left (a first). South moves first. The
// ply field (moves played so far) is written, and required, exactly when the rule set
// has a move cap. ParsePosition checks the field names and order, the tile counts,
// that the coins add up to 2*N*C, and the ply against the cap; a position where the
// game is over parses as a finished game. The start of "egyptian" is
//
//	pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south
package piecepack

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/notation"
)

// Variant is one of the three rule sets.
type Variant uint8

// The rule sets.
const (
	Egyptian Variant = iota
	Ethiopian
	Nigerian
)

var variantNames = [...]string{"egyptian", "ethiopian", "nigerian"}

// String returns the variant's name as New reads it.
func (v Variant) String() string { return variantNames[v] }

// Variants returns the names of the rule sets.
func Variants() []string { return append([]string(nil), variantNames[:]...) }

// Size limits.
const (
	MaxTiles     = 8   // tiles a side
	MaxCoins     = 255 // coins in all
	DefaultTiles = 6
	DefaultCoins = 4
	// DefaultEthiopianCap is the default move cap of Ethiopian, whose games can
	// repeat positions forever (RULES.md).
	DefaultEthiopianCap = 200
)

// Game is one rule set with its parameters. It is immutable after New and safe for
// concurrent use.
type Game struct {
	variant Variant
	n, c    int // tiles a side, coins a tile at the start

	endMover  bool // end=mover
	capK      int  // cap=K, 0 for none
	nonempty  bool // capture=nonempty
	stuckPass bool // stuck=pass
	leftPlain bool // leftbonus=off
	four      int  // four=F
	fourLast  bool // fourdrop=last
	lastMover bool // fourlast=mover

	// Derived.
	minStart uint8 // fewest coins a tile needs to be sown from: 1, or 2 in Ethiopian
	dirs     int   // 1, or 2 in Ethiopian
	// next[p][d][cell] is the cell after cell when player p sows in direction d
	// (0 counter-clockwise, 1 clockwise), skipping the opponent's mancala except in
	// Nigerian (32 entries, so that cell&31 needs no bounds check).
	next [2][2][32]uint8
	// A sowing of k coins is k/R full laps of the ring (R cells: every cell but the
	// skipped mancala) and k%R more coins: laps[p] adds one lap to the board's words,
	// sows[p][d][pit][r] the partial lap of r coins from tile pit, and divs[k] is
	// (k/R, k%R).
	laps [2][3]uint64
	sows [2][2][MaxTiles][numCells]sowing
	divs [MaxCoins + 1][2]uint8
}

// sowing is what a partial lap adds to the words of the board (cells 0-7, 8-15 and
// the mancalas 16-17), and the cell of its last coin.
type sowing struct {
	add  [3]uint64
	last uint8
}

var (
	_ game.Game[State]           = (*Game)(nil)
	_ game.Playouter[State]      = (*Game)(nil)
	_ game.RandomActioner[State] = (*Game)(nil)
	_ game.LegalChecker[State]   = (*Game)(nil)
)

// Opener returns the constructor of the rule set variant: New(variant, params) for
// every params, as the registry of games opens a variant by its own name.
func Opener(variant string) func(params string) (*Game, error) {
	return func(params string) (*Game, error) { return New(variant, params) }
}

// New returns the rule set variant ("egyptian", "ethiopian" or "nigerian") under
// params (see the package documentation; "" for the defaults, e.g. "6x4" or
// "5x3,capture=nonempty"; the full name, "egyptian:5x3" or "egyptian", is read the
// same). Errors name the bad variant or parameter.
func New(variant, params string) (*Game, error) {
	g := &Game{n: DefaultTiles, c: DefaultCoins, four: 4}
	found := false
	for i, name := range variantNames {
		if name == variant {
			g.variant, found = Variant(i), true
		}
	}
	if !found {
		return nil, fmt.Errorf("variant %q: unknown (known: %s)", variant, strings.Join(variantNames[:], ", "))
	}
	if g.variant == Ethiopian {
		g.capK = DefaultEthiopianCap
	}
	// A full name is read as its parameters, so that New(v, TrimPrefix(Name(), v+":"))
	// also round-trips a name without parameters.
	if params == variant {
		params = ""
	} else if rest, ok := strings.CutPrefix(params, variant+":"); ok && rest != "" {
		params = rest
	}
	items := 0
	err := notation.EachParam(params, func(p notation.Param) error {
		if items++; p.Bare {
			if items > 1 {
				return fmt.Errorf("parameter %q: the size NxC comes first", p.Item)
			}
			return g.parseSize(p.Item)
		}
		if err := g.setOption(p.Key, p.Value); err != nil {
			return fmt.Errorf("parameter %q: %w", p.Item, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	g.derive()
	return g, nil
}

func (g *Game) parseSize(item string) error {
	ns, cs, ok := strings.Cut(item, "x")
	if !ok {
		return fmt.Errorf("parameter %q: not key=value nor a size NxC (e.g. 6x4)", item)
	}
	n, err1 := parseSmall(ns)
	c, err2 := parseSmall(cs)
	switch {
	case err1 != nil || n < 1 || n > MaxTiles:
		return fmt.Errorf("parameter %q: tiles a side %q: want 1 to %d", item, ns, MaxTiles)
	case err2 != nil || c < 1:
		return fmt.Errorf("parameter %q: coins a tile %q: want 1 or more", item, cs)
	case 2*n*c > MaxCoins:
		return fmt.Errorf("parameter %q: %d coins in all: want at most %d", item, 2*n*c, MaxCoins)
	}
	g.n, g.c = n, c
	return nil
}

// parseSmall reads a decimal number without sign or leading zeros, at most 65535.
func parseSmall(s string) (int, error) {
	if s == "" || len(s) > 5 || (len(s) > 1 && s[0] == '0') {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%q is not a number", s)
		}
		n = n*10 + int(s[i]-'0')
	}
	if n > 65535 {
		return 0, fmt.Errorf("%q is more than 65535", s)
	}
	return n, nil
}

// option names and the variants that take them.
var optionVariants = map[string][]Variant{
	"end":       {Egyptian, Ethiopian, Nigerian},
	"cap":       {Egyptian, Ethiopian, Nigerian},
	"capture":   {Egyptian, Ethiopian},
	"stuck":     {Ethiopian},
	"leftbonus": {Ethiopian},
	"four":      {Nigerian},
	"fourdrop":  {Nigerian},
	"fourlast":  {Nigerian},
}

var optionOrder = []string{"end", "cap", "capture", "stuck", "leftbonus", "four", "fourdrop", "fourlast"}

func (g *Game) setOption(key, val string) error {
	vs, ok := optionVariants[key]
	if !ok {
		return fmt.Errorf("unknown option %q (known: %s)", key, strings.Join(optionOrder, ", "))
	}
	applies := false
	for _, v := range vs {
		applies = applies || v == g.variant
	}
	if !applies {
		return fmt.Errorf("option %q is not one of %s's", key, g.variant)
	}
	choice := func(a, b string, flag *bool) error {
		switch val {
		case a:
			*flag = false
		case b:
			*flag = true
		default:
			return fmt.Errorf("%s=%q: want %s or %s", key, val, a, b)
		}
		return nil
	}
	switch key {
	case "end":
		return choice("any", "mover", &g.endMover)
	case "capture":
		return choice("any", "nonempty", &g.nonempty)
	case "stuck":
		return choice("end", "pass", &g.stuckPass)
	case "leftbonus":
		return choice("on", "off", &g.leftPlain)
	case "fourdrop":
		return choice("any", "last", &g.fourLast)
	case "fourlast":
		return choice("owner", "mover", &g.lastMover)
	case "cap":
		k, err := parseSmall(val)
		if err != nil {
			return fmt.Errorf("cap=%q: want a number of moves from 0 (no cap) to 65535", val)
		}
		g.capK = k
	case "four":
		f, err := parseSmall(val)
		if err != nil || f < 2 || f > 255 {
			return fmt.Errorf("four=%q: want a number from 2 to 255", val)
		}
		g.four = f
	}
	return nil
}

// derive fills in the tables of g.
func (g *Game) derive() {
	g.minStart, g.dirs = 1, 1
	if g.variant == Ethiopian {
		g.minStart, g.dirs = 2, 2
	}
	// The cells in counter-clockwise order.
	var ring []int
	for i := 0; i < g.n; i++ {
		ring = append(ring, i)
	}
	ring = append(ring, southStore)
	for i := 0; i < g.n; i++ {
		ring = append(ring, MaxTiles+i)
	}
	ring = append(ring, northStore)
	for p := 0; p < 2; p++ {
		var cells []int // the ring as player p sows it
		for _, c := range ring {
			if g.variant == Nigerian || c != southStore+1-p {
				cells = append(cells, c)
			}
		}
		for j, c := range cells {
			g.next[p][0][c] = uint8(cells[(j+1)%len(cells)])
			g.next[p][1][c] = uint8(cells[(j+len(cells)-1)%len(cells)])
		}
		R := len(cells) // the same for both players
		for k := range g.divs {
			g.divs[k] = [2]uint8{uint8(k / R), uint8(k % R)}
		}
		for _, c := range cells {
			g.laps[p][c/8] += 1 << (8 * uint(c%8))
		}
		for d := 0; d < g.dirs; d++ {
			for pit := 0; pit < g.n; pit++ {
				for r := 0; r < R; r++ {
					e := &g.sows[p][d][pit]
					c := MaxTiles*p + pit
					for j := 0; j < r; j++ {
						c = int(g.next[p][d][c])
						e[r].add[c/8] += 1 << (8 * uint(c%8))
					}
					e[r].last = uint8(c)
				}
			}
		}
	}
}

// Name returns the rule set's canonical name: the variant, then ":" and the
// parameters that differ from the defaults, e.g. "egyptian" or "nigerian:5x3,four=3".
func (g *Game) Name() string {
	var items []string
	if g.n != DefaultTiles || g.c != DefaultCoins {
		items = append(items, fmt.Sprintf("%dx%d", g.n, g.c))
	}
	def := 0
	if g.variant == Ethiopian {
		def = DefaultEthiopianCap
	}
	// flag adds key=value when an option is set away from its default.
	flag := func(set bool, item string) {
		if set {
			items = append(items, item)
		}
	}
	flag(g.endMover, "end=mover")
	flag(g.capK != def, "cap="+strconv.Itoa(g.capK))
	flag(g.nonempty, "capture=nonempty")
	flag(g.stuckPass, "stuck=pass")
	flag(g.leftPlain, "leftbonus=off")
	flag(g.four != 4, "four="+strconv.Itoa(g.four))
	flag(g.fourLast, "fourdrop=last")
	flag(g.lastMover, "fourlast=mover")
	if len(items) == 0 {
		return g.variant.String()
	}
	return g.variant.String() + ":" + strings.Join(items, ",")
}

// Variant returns the rule set's variant.
func (g *Game) Variant() Variant { return g.variant }

// Tiles returns the tiles a side.
func (g *Game) Tiles() int { return g.n }

// Coins returns the coins on a tile at the start.
func (g *Game) Coins() int { return g.c }

// Cap returns the move cap (0: none).
func (g *Game) Cap() int { return g.capK }

// NumActions returns the number of distinct decisions: N, or 2N in Ethiopian.
func (g *Game) NumActions() int { return g.n * g.dirs }
