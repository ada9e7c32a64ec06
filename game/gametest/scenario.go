package gametest

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

// Scenario is a ruling worked out by hand: the turns played from a position and
// the exact position they lead to, or the error that refuses the last of them.
// A game's table of scenarios should hold turns of both sides, among them a sowing
// of the second player that goes round the end of the board's numbering (from its
// last place back to its first), where an off-by-one of one side shows.
type Scenario struct {
	// Name names the scenario in the errors.
	Name string
	// Position is the position before the turns in the game's notation, written as
	// FormatPosition writes it; "" for the start.
	Position string
	// Turn is the turn played from Position, in the game's turn notation (as
	// game.ReadTurn reads it); several turns, separated by spaces, are played in
	// order; "" plays none (the scenario checks how Position itself stands).
	Turn string
	// Want is the exact position after the turns, as FormatPosition writes it: a
	// position ParsePosition accepts. Not checked when Err is set.
	Want string
	// End is the EndReason after the turns, "" for a game that goes on (Terminal
	// false; its EndReason is not compared). Not checked when Err is set.
	End string
	// Err, when not nil, says that the last turn is illegal: ReadTurn must refuse
	// it, leaving the position as it was, with an error that contains each of
	// these strings once the turn's own text is taken out of it (once).
	Err []string
}

// CheckScenarios checks each scenario with PlayScenario.
func CheckScenarios[S any](t testing.TB, g game.Game[S], cases []Scenario) {
	t.Helper()
	for _, sc := range cases {
		PlayScenario(t, g, sc)
	}
}

// PlayScenario checks one scenario on g: Position reads back as written, the turns
// are played with game.ReadTurn, and the position reached is Want exactly (a
// position g reads), at a turn start, with the end reason End; or, with Err, the
// last turn is refused with an error that says Err and leaves the position
// unchanged. It returns the state reached, for the game's own further checks
// (points, legal decisions), and whether every turn was played as the scenario
// says; the errors name the scenario.
func PlayScenario[S any](t testing.TB, g game.Game[S], sc Scenario) (S, bool) {
	t.Helper()
	s := g.Start()
	if sc.Position != "" {
		var err error
		if s, err = g.ParsePosition(sc.Position); err != nil {
			t.Errorf("%s: %s: ParsePosition(%q): %v", sc.Name, g.Name(), sc.Position, err)
			return s, false
		}
		if got := g.FormatPosition(&s); got != sc.Position {
			t.Errorf("%s: %s: the position %q reads back as %q", sc.Name, g.Name(), sc.Position, got)
			return s, false
		}
	}
	turns := strings.Fields(sc.Turn)
	if len(turns) == 0 && sc.Err != nil {
		t.Errorf("%s: no turn to refuse", sc.Name)
		return s, false
	}
	for k, turn := range turns {
		before := g.FormatPosition(&s)
		err := game.ReadTurn(g, &s, turn)
		if sc.Err != nil && k == len(turns)-1 {
			if err == nil {
				t.Errorf("%s: %s: from %q the turn %s is played, reaching %q; want an error saying %q",
					sc.Name, g.Name(), before, turn, g.FormatPosition(&s), sc.Err)
				return s, false
			}
			rest := strings.Replace(err.Error(), turn, "", 1)
			for _, want := range sc.Err {
				if !strings.Contains(rest, want) {
					t.Errorf("%s: %s: the error %q refusing %s does not say %q", sc.Name, g.Name(), err, turn, want)
				}
			}
			if got := g.FormatPosition(&s); got != before {
				t.Errorf("%s: %s: the refused turn %s changed the position %q to %q", sc.Name, g.Name(), turn, before, got)
			}
			return s, false
		}
		if err != nil {
			t.Errorf("%s: %s: from %q the turn %s: %v", sc.Name, g.Name(), before, turn, err)
			return s, false
		}
	}
	ok := true
	if got := g.FormatPosition(&s); got != sc.Want {
		t.Errorf("%s: %s: after %s from %q:\n got %s\nwant %s", sc.Name, g.Name(), sc.Turn, sc.Position, got, sc.Want)
		ok = false
	}
	if _, err := g.ParsePosition(sc.Want); err != nil {
		t.Errorf("%s: %s: the expected position %q is not one the game reads: %v", sc.Name, g.Name(), sc.Want, err)
		ok = false
	}
	if over := g.Terminal(&s); over != (sc.End != "") || over && g.EndReason(&s) != sc.End {
		t.Errorf("%s: %s: after %s: terminal %v (end reason %q), want the end reason %q (\"\": the game goes on)",
			sc.Name, g.Name(), sc.Turn, over, g.EndReason(&s), sc.End)
		ok = false
	}
	if !g.TurnStart(&s) {
		t.Errorf("%s: %s: after %s: not at a turn start", sc.Name, g.Name(), sc.Turn)
		ok = false
	}
	return s, ok
}
