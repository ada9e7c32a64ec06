package colony_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/colony-ai/colony/colony"
)

// Turn level: parse moves (legality is checked), apply them, print the position.
func Example() {
	r := colony.Default()
	s := r.Start()
	for _, text := range []string{"C1", "B1>B2", "A4/B4-B3"} {
		m, err := r.ParseMove(&s, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		r.ApplyMove(&s, m)
	}
	fmt.Println(s)
	fmt.Println(s.Score(colony.Red), s.Score(colony.Black))
	_, err := r.ParseMove(&s, "A3>B2")
	fmt.Println(err)
	// Output:
	// eggs=3.3.3.0.5.5/0.4.4.4.3.3.4/0.4.0.3.3.3 red=B3,C6 black=B7 hand=4,5 store=2,1 move=black ants=mandatory turn=4
	// 9 5
	// move A3>B2: the sowing has no first direction choice (>B2): eggs only passing a fork or the centre follow the arrows
}

// Decision level: a game of random decisions, as search and MCTS see it.
func ExampleRules_LegalActions() {
	r := colony.Default()
	s := r.Start()
	rng := rand.NewPCG(1, 2)
	var list colony.ActionList
	for !s.Over() {
		legal := r.LegalActions(&s, &list)
		r.Apply(&s, legal[rng.Uint64()%uint64(len(legal))])
	}
	fmt.Println(s.Over(), s.Hash() == s.ComputeHash())
	fmt.Println(s.Score(colony.Red)+s.Score(colony.Black) <= colony.TotalEggs)
	// Output:
	// true true
	// true
}

// Turn level: every legal turn of a position, and perft.
func ExampleRules_LegalMoves() {
	r := colony.Default()
	s := r.Start()
	var moves colony.MoveList
	n, err := r.LegalMoves(&s, moves[:])
	fmt.Println(n, err, moves[0], moves[n-1])
	fmt.Println(r.Perft(&s, 2))
	// Output:
	// 122 <nil> A1 C6/B4-C4
	// 9948
}
