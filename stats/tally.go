package stats

import "slices"

// Tally counts results between named players: each player's wins, draws and losses
// against each other player, and the results by seat.
type Tally struct {
	Names []string
	// Cross[i][j] is player i's record against player j.
	Cross [][]WDL
	// BySeat counts wins of the first player, of the second, and draws.
	FirstWins, SecondWins, Draws int
}

// NewTally returns an empty tally of the named players.
func NewTally(names []string) *Tally {
	t := &Tally{Names: slices.Clone(names), Cross: make([][]WDL, len(names))}
	for i := range t.Cross {
		t.Cross[i] = make([]WDL, len(names))
	}
	return t
}

// Add counts one game between players a (first) and b (second); winner is the seat
// that won or -1 for a draw.
func (t *Tally) Add(a, b, winner int) {
	switch winner {
	case 0:
		t.Cross[a][b].Wins++
		t.Cross[b][a].Losses++
		t.FirstWins++
	case 1:
		t.Cross[a][b].Losses++
		t.Cross[b][a].Wins++
		t.SecondWins++
	default:
		t.Cross[a][b].Draws++
		t.Cross[b][a].Draws++
		t.Draws++
	}
}

// Player returns player i's record against everyone.
func (t *Tally) Player(i int) WDL {
	var w WDL
	for _, x := range t.Cross[i] {
		w.Wins += x.Wins
		w.Draws += x.Draws
		w.Losses += x.Losses
	}
	return w
}

// Games returns the number of games counted.
func (t *Tally) Games() int { return t.FirstWins + t.SecondWins + t.Draws }
