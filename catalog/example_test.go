package catalog_test

import (
	"context"
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/search"
)

// Any registered game, by the name --game takes, through its notation.
func ExampleOpen() {
	g, err := catalog.Open("kalah:4x3")
	if err != nil {
		panic(err)
	}
	moves, _ := g.Moves(g.StartPosition())
	fmt.Println(g.Name(), g.Sides(), moves)
	after, end, _ := g.Play(g.StartPosition(), []string{"b"})
	fmt.Println(after, end == nil)
	// Output:
	// kalah:4x3 [south north] [a b c d]
	// pits=3.0.4.4/3.3.3.3 stores=1,0 move=south true
}

// A game's own type with a player of package search: the contract's game.Rules is
// all a player needs.
func Example_player() {
	g, _ := kalah.New("4x3")
	p, err := search.New[kalah.State](g, kalah.StoreDiff{}, "ab:depth=6", search.Options{})
	if err != nil {
		panic(err)
	}
	defer p.Close()
	s := g.Start()
	d, _ := p.Play(context.Background(), &s)
	fmt.Println(string(g.AppendAction(nil, &s, d.Actions[0])), d.Depth)
	// Output:
	// b 6
}
