package record

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Adjudication ends games before their end by rules of the tournament, as cutechess
// and fastchess do: a game whose outcome is clear (Resign), dead even (Draw), too
// long (TurnCap) or known exactly (Exact) is decided without playing it out. Every
// rule reads only what the game and its players give the runner (the position, the
// turns played, the scores the players report), never a clock, so that games with
// depth or node limits stay the same from run to run. A nil rule is off.
//
// An adjudicated game's record has the reason of the rule that decided it
// (ReasonResign, ReasonDraw, ReasonTurnCap, ReasonExact), a detail saying what
// decided it, its turns up to there and the game's points at that position.
type Adjudication struct {
	Resign *ResignRule `json:"resign,omitempty"`
	Draw   *DrawRule   `json:"draw,omitempty"`
	// TurnCap, when positive, ends a game after this many turns played from the
	// opening, won by the side with more of the game's points (Points) at that
	// position, drawn when they are equal.
	TurnCap int        `json:"turn_cap,omitempty"`
	Exact   *ExactRule `json:"exact,omitempty"`
}

// ResignRule adjudicates a game won when, for Turns consecutive turns of each
// player, the leader's score (the mover's, from its own side) has been at least
// Score and the other's at most -Score. Only the turns whose player reported a
// search (a depth or nodes) count: the others have no score.
//
// Score is in hundredths of one of the game's points (an egg, a seed), the unit of
// the protocol's scores: 1500 is a lead of 15 points, as the command line's
// score=15 gives it. Each player's score is read in points (its evaluation's units
// divided by its scale: see match.Bind) before it is compared, so that a
// threshold means the same lead for every player. A proven win counts as a lead
// above any threshold, a proven loss as the opposite.
type ResignRule struct {
	Turns int   `json:"turns"`
	Score int64 `json:"score"`
}

// DrawRule adjudicates a game drawn when, once After turns have been played from
// the opening, both players' scores have stayed within Score of zero for Turns
// consecutive turns of each (the turns with a score, as for ResignRule). Score is
// in hundredths of a point, as ResignRule's; a proven result is never within it.
type DrawRule struct {
	After int   `json:"after"`
	Turns int   `json:"turns"`
	Score int64 `json:"score"`
}

// ExactRule decides a game from a position with at most Pieces pieces left in play
// (the game's SolveRemaining: a mancala game's seeds in the pits) by its exact value:
// read from the game's endgame database when Endgames is positive and the position
// holds at most Endgames pieces (the database is built once for the run), otherwise
// computed by the exact solver within Nodes nodes. A solve that needs more leaves
// the game to be played on, and is tried again only when fewer pieces are left, so
// the games stay the same from run to run. It needs a game that counts its pieces
// in play (game.SolveBounder: Kalah), and one with endgame databases
// (game.Endgamer) for Endgames.
type ExactRule struct {
	Pieces   int    `json:"pieces"`
	Nodes    uint64 `json:"nodes"`
	Endgames int    `json:"endgames,omitempty"`
}

// The reasons of adjudicated games.
const (
	ReasonResign  = "adjudicated: resign"
	ReasonDraw    = "adjudicated: draw"
	ReasonTurnCap = "adjudicated: turn cap"
	ReasonExact   = "adjudicated: exact"
)

// Adjudicated reports whether a rule of the tournament's adjudication ended the game.
func (r *Record) Adjudicated() bool {
	switch r.Reason {
	case ReasonResign, ReasonDraw, ReasonTurnCap, ReasonExact:
		return true
	}
	return false
}

// names lists the rules that are on ("resign, turn cap"), "" for none.
func (a *Adjudication) names() string {
	if a == nil {
		return ""
	}
	var on []string
	if a.Resign != nil {
		on = append(on, "resign")
	}
	if a.Draw != nil {
		on = append(on, "draw")
	}
	if a.TurnCap > 0 {
		on = append(on, "turn cap")
	}
	if a.Exact != nil {
		on = append(on, "exact")
	}
	return strings.Join(on, ", ")
}

// DefaultExactNodes is ExactRule.Nodes when not given.
const DefaultExactNodes = 200_000

// MaxExactEndgames bounds ExactRule.Endgames: Kalah's database of 16 seeds is
// 61 MB and built in seconds.
const MaxExactEndgames = 16

// The bounds of the resign and draw rules' Score, in hundredths of a point. A resign
// threshold is at least one point: the games score whole points, and a lead below
// one point is no lead at the end (a threshold of 0.15 points is the mark of a score
// typed in another unit). No threshold is above a million points (as openings'
// band).
const (
	minResignScore       = 100
	maxAdjudicationScore = 100_000_000
)

// Validate checks the rules and returns the first problem.
func (a *Adjudication) Validate() error {
	if a == nil {
		return nil
	}
	if r := a.Resign; r != nil {
		switch {
		case r.Turns < 1:
			return fmt.Errorf("resign adjudication: turns=%d: want 1 or more", r.Turns)
		case r.Score < minResignScore || r.Score > maxAdjudicationScore:
			return fmt.Errorf("resign adjudication: score=%s: want 1 to %s points (scores are in points, as analyze shows them, and no game is won by less than 1 point)",
				FormatPoints(r.Score), FormatPoints(maxAdjudicationScore))
		}
	}
	if r := a.Draw; r != nil {
		switch {
		case r.After < 0:
			return fmt.Errorf("draw adjudication: after=%d: want 0 or more", r.After)
		case r.Turns < 1:
			return fmt.Errorf("draw adjudication: turns=%d: want 1 or more", r.Turns)
		case r.Score < 0 || r.Score > maxAdjudicationScore:
			return fmt.Errorf("draw adjudication: score=%s: want 0 to %s points (scores are in points, as analyze shows them)",
				FormatPoints(r.Score), FormatPoints(maxAdjudicationScore))
		}
	}
	if a.TurnCap < 0 {
		return fmt.Errorf("turn cap adjudication: %d: want 1 or more", a.TurnCap)
	}
	if r := a.Exact; r != nil {
		switch {
		case r.Pieces < 1:
			return fmt.Errorf("exact adjudication: pieces=%d: want 1 or more", r.Pieces)
		case r.Nodes < 1:
			return fmt.Errorf("exact adjudication: nodes=%d: want 1 or more", r.Nodes)
		case r.Endgames < 0 || r.Endgames > MaxExactEndgames:
			return fmt.Errorf("exact adjudication: endgames=%d: want 0 to %d", r.Endgames, MaxExactEndgames)
		}
	}
	return nil
}

// keyValues reads "k=v,k=v" into a map of numbers, checking the keys against known:
// whole numbers, but for the key "score", read in points (parsePoints) and kept in
// hundredths of a point.
func keyValues(text string, known ...string) (map[string]int64, error) {
	out := map[string]int64{}
	for _, item := range strings.Split(text, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return nil, fmt.Errorf("%q: want KEY=VALUE", item)
		}
		if !slices.Contains(known, k) {
			return nil, fmt.Errorf("unknown key %q (known: %s)", k, strings.Join(known, ", "))
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("%s given twice", k)
		}
		if k == "score" {
			n, err := parsePoints(v)
			if err != nil {
				return nil, fmt.Errorf("%s=%q: %w", k, v, err)
			}
			out[k] = n
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s=%q: want a whole number", k, v)
		}
		out[k] = n
	}
	return out, nil
}

// parsePoints reads a number of points, the unit in which analyze, play, the game
// page and export show scores ("15", "1.5", "0.25", "-3"), and returns it in
// hundredths of a point. Finer values than hundredths, and values beyond the bounds
// of a score (maxAdjudicationScore), are refused.
func parsePoints(v string) (int64, error) {
	digits, neg := strings.CutPrefix(v, "-")
	whole, frac, _ := strings.Cut(digits, ".")
	allDigits := func(t string) bool {
		return strings.Trim(t, "0123456789") == ""
	}
	if whole+frac == "" || !allDigits(whole) || !allDigits(frac) {
		return 0, errors.New("want a number of points, such as 15 or 1.5")
	}
	if len(frac) > 2 {
		return 0, errors.New("want at most two decimals: scores are counted in hundredths of a point")
	}
	whole = strings.TrimLeft(whole, "0")
	if len(whole) > len(strconv.Itoa(maxAdjudicationScore/100)) {
		return 0, fmt.Errorf("want at most %s points", FormatPoints(maxAdjudicationScore))
	}
	var h int64
	for _, c := range whole + (frac + "00")[:2] {
		h = 10*h + int64(c-'0')
	}
	if neg {
		h = -h
	}
	return h, nil
}

// FormatPoints writes h hundredths of a point as a number of points: "15", "1.5",
// "0.15".
func FormatPoints(h int64) string {
	return strconv.FormatFloat(float64(h)/100, 'f', -1, 64)
}

// ParseResignRule reads turns=N,score=S, S in points (see parsePoints).
func ParseResignRule(text string) (*ResignRule, error) {
	kv, err := keyValues(text, "turns", "score")
	if err != nil {
		return nil, fmt.Errorf("resign adjudication %q: %w", text, err)
	}
	if _, ok := kv["score"]; !ok {
		return nil, fmt.Errorf("resign adjudication %q: want turns=N,score=S (score is needed)", text)
	}
	r := &ResignRule{Turns: 3, Score: kv["score"]}
	if n, ok := kv["turns"]; ok {
		r.Turns = int(n)
	}
	return r, (&Adjudication{Resign: r}).Validate()
}

// ParseDrawRule reads after=M,turns=N,score=S, S in points (see parsePoints).
func ParseDrawRule(text string) (*DrawRule, error) {
	kv, err := keyValues(text, "after", "turns", "score")
	if err != nil {
		return nil, fmt.Errorf("draw adjudication %q: %w", text, err)
	}
	r := &DrawRule{After: 0, Turns: 8, Score: 0}
	if n, ok := kv["after"]; ok {
		r.After = int(n)
	}
	if n, ok := kv["turns"]; ok {
		r.Turns = int(n)
	}
	if n, ok := kv["score"]; ok {
		r.Score = n
	}
	return r, (&Adjudication{Draw: r}).Validate()
}

// ParseExactRule reads pieces=N[,nodes=K][,endgames=E].
func ParseExactRule(text string) (*ExactRule, error) {
	kv, err := keyValues(text, "pieces", "nodes", "endgames")
	if err != nil {
		return nil, fmt.Errorf("exact adjudication %q: %w", text, err)
	}
	if _, ok := kv["pieces"]; !ok {
		return nil, fmt.Errorf("exact adjudication %q: want pieces=N[,nodes=K][,endgames=E] (pieces is needed)", text)
	}
	r := &ExactRule{Pieces: int(kv["pieces"]), Nodes: DefaultExactNodes, Endgames: int(kv["endgames"])}
	if n, ok := kv["nodes"]; ok {
		if n < 1 {
			return nil, fmt.Errorf("exact adjudication %q: nodes=%d: want 1 or more", text, n)
		}
		r.Nodes = uint64(n)
	}
	return r, (&Adjudication{Exact: r}).Validate()
}
