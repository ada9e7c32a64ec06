package colony

import (
	_ "embed" // for RulesText
	"fmt"
	"math/rand/v2"

	"github.com/colony-ai/colony/game"
)

// CountedPlayout plays uniformly random decisions from s to the end of the game with
// Rules.RandomPlayout (game.CountingPlayouter): one number from rng seeds the game.
// It returns the decisions played and the turns: the turns completed, and the last
// one too when the game ended in its middle (no ant can move after the sowing).
func (g Game) CountedPlayout(s *State, rng *rand.PCG) (decisions, turns int) {
	first := s.Turn()
	decisions = g.Rules.RandomPlayout(s, rng)
	turns = s.Turn() - first
	if s.EndReason() == NoAntCanMove {
		turns++
	}
	return decisions, turns
}

// Summary is The Colony's line in the registry's list of games.
const Summary = "The Colony (Jeph Stahl, 2008): three rows of logs, ants and eggs; parameters turncap=N, sowcap=N, choice=selected"

// About says what The Colony says of itself (game.Game's About): its summary, its
// rules document (RulesDocument), what reports show of it (Describe) and its bench
// positions (BenchPositions).
func (g Game) About() game.About {
	return game.About{Summary: Summary, Rules: g.RulesDocument(), Report: g.Describe(), BenchPositions: g.BenchPositions()}
}

// Describe says what reports show of The Colony: its three end reasons, its
// decisions, its tie rule (R9) and its points, the eggs each side owns out of
// TotalEggs.
func (g Game) Describe() game.Description {
	return game.Description{
		EndReasons:  []string{NoLogToSelect.String(), NoAntCanMove.String(), TurnCapReached.String()},
		Decisions:   "selections, directions, ant moves and passes",
		TieRule:     "equal scores; the player who completed the last full turn wins",
		Points:      "eggs owned",
		TotalPoints: TotalEggs,
	}
}

// BenchPositions returns the positions of The Colony's bench: the
// start position, ten middlegame positions and five endgame positions (the last few
// turns before a game ended with no log to select). They were taken from five games
// played with the search package's players on the default rule set, each position
// being the state before the turn given:
//
//	game 1: greedy:seed=1 (red) vs greedy:seed=2 (black), turns 13, 30 and 50
//	game 2: greedy:seed=3 vs greedy:seed=4, turns 15, 28 and 43
//	game 3: minimax:depth=1 vs greedy:seed=5, turns 19, 34 and 45
//	game 4: greedy:seed=6 vs minimax:depth=1, turns 11, 24 and 44
//	game 5: greedy:seed=7 vs greedy:seed=8, turns 21, 38 and 53
//
// (each game played from the start position with search.New players evaluating with
// the egg lead, Score, one Play call a turn, until the game was over). Changing the
// list changes the bench signature. A rule set with a low turn cap ends some of them.
func (g Game) BenchPositions() []string {
	return []string{
		StartPosition,
		// Middlegame.
		"eggs=3.2.5.11.0.9/0.0.1.3.2.2.0/2.0.0.0.7.1 red=A1,B1,C4,C5 black=A4,A6,B4,C1 hand=2,2 store=4,5 move=red ants=mandatory turn=13",
		"eggs=4.2.0.2.0.1/5.2.0.3.0.0.2/3.4.1.1.5.2 red=A1,B4,C1,C5 black=A3,A5,B1,B7,C2 hand=2,1 store=10,10 move=black ants=mandatory turn=30",
		"eggs=0.0.1.9.1.0/3.0.4.1.6.6.5/2.1.0.3.3.0 red=B3,B4,B6,B7,C6 black=A1,A4,B5,C4 hand=1,2 store=7,5 move=red ants=mandatory turn=15",
		"eggs=0.0.3.1.0.4/2.1.0.4.8.0.0/1.5.0.3.4.1 red=A6,B1,B6,C2,C5 black=B2,B4,B5,C4 hand=1,2 store=13,7 move=black ants=mandatory turn=28",
		"eggs=8.0.1.2.4.6/1.1.0.1.1.1.1/12.4.0.0.0.1 red=A1,A6,C2,C5 black=A3,A5,B4,C1 hand=2,2 store=7,6 move=red ants=mandatory turn=19",
		"eggs=1.2.1.2.3.0/0.0.4.0.0.2.5/3.7.1.1.2.0 red=A2,B6,B7,C2,C3 black=A5,B1,B3,B4,C5,C6 hand=1,0 store=12,11 move=black ants=mandatory turn=34",
		"eggs=8.1.2.5.0.0/1.0.5.4.3.4.0/8.1.8.0.1.0 red=B5,C1,C4 black=A4,B3,C3 hand=3,3 store=3,3 move=red ants=mandatory turn=11",
		"eggs=6.0.1.4.4.0/0.6.0.1.0.0.2/0.1.7.1.2.7 red=A1,B7,C3,C6 black=A4,A6,B2,B3,B4 hand=2,1 store=6,9 move=black ants=mandatory turn=24",
		"eggs=7.0.4.3.0.7/0.1.1.1.1.2.1/0.3.1.1.5.2 red=A5,A6,C5,C6 black=A1,A3,B2,C2 hand=2,2 store=9,8 move=red ants=mandatory turn=21",
		"eggs=1.3.1.2.0.4/0.4.0.0.1.2.3/3.6.0.0.0.1 red=A4,A6,B7,C2,C3,C6 black=A2,B1,B2,B4 hand=0,2 store=16,10 move=black ants=mandatory turn=38",
		// Endgame.
		"eggs=1.1.0.9.0.0/1.0.2.1.0.0.3/0.4.0.0.2.0 red=A6,B1,C2,C5 black=A3,A4,B2,B3,B7,C4 hand=2,0 store=15,18 move=black ants=mandatory turn=50",
		"eggs=0.1.3.5.1.1/6.0.0.2.1.2.1/2.1.0.2.0.0 red=A6,B1,B4,C1,C5 black=A1,A4,B6,C2,C4 hand=1,1 store=17,12 move=red ants=mandatory turn=43",
		"eggs=1.3.6.1.3.1/0.2.0.1.0.2.1/0.0.2.2.4.0 red=A3,A6,B6,C2,C4 black=A5,B1,B2,B4,B7,C5 hand=1,0 store=15,13 move=red ants=mandatory turn=45",
		"eggs=0.0.2.5.4.0/0.2.0.1.0.2.1/0.5.4.0.0.2 red=A5,B2,B7,C2,C3 black=A2,A3,A4,B4,C6 hand=1,1 store=13,16 move=black ants=mandatory turn=44",
		"eggs=1.1.0.6.1.0/2.0.1.0.0.0.5/0.0.3.0.1.3 red=A4,A5,B3,B7,C3,C6 black=A1,A2,A3,B1 hand=0,2 store=19,14 move=red ants=mandatory turn=53",
	}
}

var _ game.CountingPlayouter[State] = Game{}

// RulesText is the package's RULES.md: The Colony's rules as this toolkit plays them
// (the board, a turn, the rulings R1-R10, the readings where the texts are silent,
// the notation and the variants), written for players.
//
//go:embed RULES.md
var RulesText string

// RulesDocument returns the rules document of the rule set (About's Rules): its
// sowing and turn caps as comments, then RulesText. BoardFile has the board.
func (g Game) RulesDocument() string {
	return g.caps() + "\n" + RulesText
}

// BoardFile returns the rule set's board file: its sowing and turn caps as comments,
// then its board in the board file format, which --board reads back.
func (g Game) BoardFile() string {
	return g.caps() + g.Rules.Board().Format()
}

// caps writes the rule set's sowing and turn caps as comment lines.
func (g Game) caps() string {
	r := g.Rules
	return fmt.Sprintf("# sowing cap %d (eggs put down one by one in a turn, R6)\n# turn cap %d (full turns, R10)\n",
		r.SowingCap(), r.TurnCap())
}
