// Package oware implements two two-row mancala games of the Oware family on one Game
// type, selected by name: "oware" (Abapa: single laps, captures of 2s and 3s on the
// opponent's side, the grand slam rule and the feeding obligation) and "ayo" (Ayoayo:
// relay sowing, captures from the pit opposite an own empty pit). In both, a move that
// repeats a position seen since the last capture ends the game, each side taking the
// seeds on its row, and so does the quiet cap (a number of moves without capture,
// which quiet=off turns off). Oware also ends as soon as a side has captured more than
// half the seeds (the majority; an option in Ayo). With quiet=off, Oware plays
// OpenSpiel's oware move for move. RULES.md in this folder holds the rules in full,
// every reading of the source text, the comparison with OpenSpiel and the measured
// figures.
//
// # Constructors
//
// New(params) builds Oware and NewAyo(params) builds Ayo; params is what follows
// "oware:" or "ayo:" in a game name ("" gives the defaults). Parse(name) takes the
// whole name ("oware", "ayo:feed=on,relay=500"). Name() writes the canonical name, with
// only the parameters that differ from the defaults, in the order of the table below.
// The bare rule-set name is also accepted as params, so
// New(strings.TrimPrefix(g.Name(), "oware:")) round-trips even when Name is "oware".
//
//	parameter  games       values                                  default
//	grandslam  oware       nocapture, illegal, sowagain, capture   nocapture
//	feed       oware, ayo  on, off                                 on (oware), off (ayo)
//	majority   oware, ayo  on, off: a store over 24 ends the game  on (oware), off (ayo)
//	quiet      oware, ayo  1..100: plies without capture to end;   100
//	                       off: no cap (MaxHistory bounds it)
//	relay      ayo         1..100000: laps of sowing per move      10000
//	skip       ayo         lap, move: the pit a big lap skips      lap
//
// # Board and decisions
//
// Twelve pits in sowing (counter-clockwise) order: South's a1..f1 (indices 0..5, from
// South's left), then North's f2..a2 (indices 6..11, from North's left); a1 faces a2.
// There are no stores on the sowing path. South moves first. A decision is a whole
// turn: game.Action k (0..5) plays the mover's k-th pit in sowing order, counted from
// the mover's left: for South pit a1+k, for North pit f2-k. ToMove is 0 for South and 1
// for North; every state is at a turn start. Under grandslam=sowagain a grand slam is
// followed by a new turn of the same player (ToMove unchanged).
//
// # Notation
//
// A decision is written as its pit: a1..f1 for South, a2..f2 for North (ParseAction also
// takes the column letter alone, for the mover's row). A position is one line:
//
//	pits=<a1>.<b1>.<c1>.<d1>.<e1>.<f1>/<a2>.<b2>.<c2>.<d2>.<e2>.<f2> stores=<south>,<north> move=<south|north> quiet=<n>
//
// The first group is South's row, the second North's, both in column order a..f (so
// the k-th numbers of the two groups face each other); quiet counts the plies since the
// last capture. The start is
//
//	pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south quiet=0
//
// ParsePosition checks the syntax, the ranges (counts 0..48, quiet 0..the cap, or
// 0..MaxHistory under quiet=off) and that pits and stores hold 48 seeds in all. The line does not hold the positions played
// since the last capture, which the repetition rule looks back on: a parsed position
// remembers only itself, and the quiet cap counts on from its quiet count. Everything
// else in a State (the legal moves, whether and why the game is over) follows from the
// fields, so a line reads back as itself, and a state written and read back has the
// same position, legal moves and end, except that a game ended by a repetition reads
// back as one that goes on (or ends at the cap).
package oware

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/games/internal/notation"
)

// Board constants.
const (
	PitsPerSide = 6
	NumPits     = 2 * PitsPerSide
	StartSeeds  = 4
	TotalSeeds  = NumPits * StartSeeds
)

// Variant is the rule family of a Game.
type Variant uint8

const (
	// Oware is Abapa: single laps, captures of 2s and 3s.
	Oware Variant = iota
	// Ayo is Ayoayo: relay sowing, captures from the opposite pit.
	Ayo
)

// String returns "oware" or "ayo".
func (v Variant) String() string {
	if v == Ayo {
		return "ayo"
	}
	return "oware"
}

// GrandSlam is Oware's rule for a move that would capture every seed of the opponent.
type GrandSlam uint8

const (
	// GrandSlamNoCapture (the text's rule, the default): the move may be made but
	// captures nothing.
	GrandSlamNoCapture GrandSlam = iota
	// GrandSlamIllegal (the text's variant a): the move may not be made while the mover
	// has any other legal move; when every legal move is a grand slam, they may be made
	// and capture nothing.
	GrandSlamIllegal
	// GrandSlamSowAgain (the text's variant b): the capture is made, and the same
	// player moves again at once; that move must feed the opponent (if none can, the
	// game ends as under the feeding rule).
	GrandSlamSowAgain
	// GrandSlamCapture: the capture is made; the opponent, left without seeds, cannot
	// move and the game ends (not in the text; the common "grand slam allowed" rule).
	GrandSlamCapture
)

var grandSlamNames = [...]string{"nocapture", "illegal", "sowagain", "capture"}

// String returns the parameter value naming g.
func (g GrandSlam) String() string {
	if int(g) < len(grandSlamNames) {
		return grandSlamNames[g]
	}
	return "GrandSlam(" + strconv.Itoa(int(g)) + ")"
}

// Defaults.
const (
	DefaultQuiet    = 100
	DefaultRelayCap = 10000
	MaxRelayCap     = 100000
)

// Game is one rule set of the family: Oware or Ayo with its options. It is immutable
// and safe for concurrent use. *Game implements game.Game[State],
// game.Playouter[State], game.RandomActioner[State], game.Tracer[State] and IsLegal.
type Game struct {
	variant   Variant
	grandSlam GrandSlam // Oware only
	feed      bool      // the feeding obligation
	// half is the most seeds a store may hold while the game goes on: TotalSeeds/2
	// under majority=on (a side with more has won), TotalSeeds under majority=off.
	half uint8
	// quiet: the game ends after this many plies without a capture (<= MaxQuiet;
	// MaxHistory under quiet=off, when quietOff is set).
	quiet    int
	quietOff bool
	relayCap int  // Ayo: at most this many laps in one move
	skipMove bool // Ayo: big laps skip the move's first pit, not their own
}

// New returns Oware (Abapa) with the parameters params (see the package comment).
func New(params string) (*Game, error) { return newGame(Oware, params) }

// NewAyo returns Ayo with the parameters params (see the package comment).
func NewAyo(params string) (*Game, error) { return newGame(Ayo, params) }

// Parse returns the rule set named name: "oware" or "ayo", optionally followed by ':'
// and parameters.
func Parse(name string) (*Game, error) {
	base, params, has := strings.Cut(name, ":")
	if has && params == "" {
		return nil, fmt.Errorf("%s: empty parameters after ':'", name)
	}
	switch base {
	case "oware":
		return New(params)
	case "ayo":
		return NewAyo(params)
	}
	return nil, fmt.Errorf("unknown game %q (known: oware, ayo)", base)
}

func defaults(v Variant) Game {
	g := Game{variant: v, feed: v == Oware, half: TotalSeeds, quiet: DefaultQuiet, relayCap: DefaultRelayCap}
	if v == Oware {
		g.half = TotalSeeds / 2
	}
	return g
}

func newGame(v Variant, params string) (*Game, error) {
	g := defaults(v)
	name := v.String()
	if params == name {
		params = ""
	}
	if params == "" {
		return &g, nil
	}
	err := notation.EachParam(params, func(p notation.Param) error {
		key, val := p.Key, p.Value
		if p.Bare || key == "" || val == "" {
			return fmt.Errorf("parameter %q is not key=value", p.Item)
		}
		var err error
		switch {
		case key == "grandslam" && v == Oware:
			err = fmt.Errorf("grandslam=%q, want nocapture, illegal, sowagain or capture", val)
			for i, n := range grandSlamNames {
				if n == val {
					g.grandSlam, err = GrandSlam(i), nil
				}
			}
		case key == "feed":
			switch val {
			case "on":
				g.feed = true
			case "off":
				g.feed = false
			default:
				err = fmt.Errorf("feed=%q, want on or off", val)
			}
		case key == "majority":
			switch val {
			case "on":
				g.half = TotalSeeds / 2
			case "off":
				g.half = TotalSeeds
			default:
				err = fmt.Errorf("majority=%q, want on or off", val)
			}
		case key == "quiet" && val == "off":
			g.quiet, g.quietOff = MaxHistory, true
		case key == "quiet":
			g.quietOff = false
			if g.quiet, err = parseParamInt(key, val, 1, MaxQuiet); err != nil {
				err = fmt.Errorf("quiet=%q, want a number from 1 to %d or off", val, MaxQuiet)
			}
		case key == "relay" && v == Ayo:
			g.relayCap, err = parseParamInt(key, val, 1, MaxRelayCap)
		case key == "skip" && v == Ayo:
			switch val {
			case "lap":
				g.skipMove = false
			case "move":
				g.skipMove = true
			default:
				err = fmt.Errorf("skip=%q, want lap or move", val)
			}
		default:
			known := "grandslam, feed, majority, quiet"
			if v == Ayo {
				known = "feed, majority, quiet, relay, skip"
			}
			err = fmt.Errorf("unknown parameter %q (known: %s)", key, known)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if g.grandSlam == GrandSlamSowAgain && !g.feed {
		return nil, fmt.Errorf("%s: grandslam=sowagain needs feed=on", name)
	}
	return &g, nil
}

func parseParamInt(key, val string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(val)
	if err != nil || n < lo || n > hi || val != strconv.Itoa(n) {
		return 0, fmt.Errorf("%s=%q, want a number from %d to %d", key, val, lo, hi)
	}
	return n, nil
}

// Name returns the canonical name of the rule set: "oware" or "ayo", then ':' and the
// parameters that differ from the defaults, in a fixed order.
func (g *Game) Name() string {
	d := defaults(g.variant)
	var parts []string
	if g.grandSlam != d.grandSlam {
		parts = append(parts, "grandslam="+g.grandSlam.String())
	}
	if g.feed != d.feed {
		parts = append(parts, "feed="+onOff(g.feed))
	}
	if g.half != d.half {
		parts = append(parts, "majority="+onOff(g.half < TotalSeeds))
	}
	switch {
	case g.quietOff:
		parts = append(parts, "quiet=off")
	case g.quiet != d.quiet:
		parts = append(parts, "quiet="+strconv.Itoa(g.quiet))
	}
	if g.relayCap != d.relayCap {
		parts = append(parts, "relay="+strconv.Itoa(g.relayCap))
	}
	if g.skipMove != d.skipMove {
		parts = append(parts, "skip=move")
	}
	if len(parts) == 0 {
		return g.variant.String()
	}
	return g.variant.String() + ":" + strings.Join(parts, ",")
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// String returns Name.
func (g *Game) String() string { return g.Name() }

// Variant returns the rule family.
func (g *Game) Variant() Variant { return g.variant }

// GrandSlamRule returns Oware's grand slam rule (GrandSlamNoCapture for Ayo).
func (g *Game) GrandSlamRule() GrandSlam { return g.grandSlam }

// Feed reports whether the feeding obligation is on.
func (g *Game) Feed() bool { return g.feed }

// Majority reports whether the game ends as soon as a side has captured more than
// half the seeds (majority=on).
func (g *Game) Majority() bool { return g.half < TotalSeeds }

// QuietCap returns the number of plies without a capture that ends the game: the cap
// (quiet=N), or MaxHistory under quiet=off (QuietOff), the most the history holds.
func (g *Game) QuietCap() int { return g.quiet }

// QuietOff reports whether the quiet cap is off (quiet=off): the game ends only by the
// rules, or after MaxHistory plies without a capture, the most a State remembers.
func (g *Game) QuietOff() bool { return g.quietOff }

// RelayCap returns the most laps one Ayo move may sow.
func (g *Game) RelayCap() int { return g.relayCap }
