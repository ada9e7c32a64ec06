package session

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/colony-ai/colony/record"
)

// TestOpenGame: a game read alone, one line at a time, is the game the whole file
// holds; ListGames lists every game without its moves.
func TestOpenGame(t *testing.T) {
	file := filepath.Join("..", "..", "cmd", "colony", "testdata", "games-v1.jsonl")
	whole, err := record.ReadGamesFile(file)
	if err != nil {
		t.Fatal(err)
	}
	last := whole.Games[len(whole.Games)-1]
	gf, rec, g, err := OpenGame(file, last.Index, false)
	if err != nil {
		t.Fatal(err)
	}
	if g == nil || gf.Games != nil || gf.Header.Config.Game != whole.Header.Config.Game || rec.Index != last.Index ||
		!slices.Equal(rec.Moves, last.Moves) || !slices.Equal(rec.Info, last.Info) {
		t.Errorf("game %d: %+v, want %+v", last.Index, rec, last)
	}
	if _, rec, _, err = OpenGame(file, -1, true); err != nil || rec.Index != whole.Games[0].Index {
		t.Errorf("the first game: %v, %v", rec, err)
	}
	_, _, _, err = OpenGame(file, -5, false)
	lo, hi := whole.Games[0].Index, whole.Games[0].Index
	for _, r := range whole.Games {
		lo, hi = min(lo, r.Index), max(hi, r.Index)
	}
	want := fmt.Sprintf("%s holds no game of that index (%d games, indexes %d to %d)", file, len(whole.Games), lo, hi)
	var ng *NoGameError
	if !errors.As(err, &ng) || err.Error() != want {
		t.Errorf("game -5: %v, want %q", err, want)
	}
	list, _, err := ListGames(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Games) != len(whole.Games) {
		t.Fatalf("%d games listed, want %d", len(list.Games), len(whole.Games))
	}
	for i, r := range list.Games {
		if r.Index != whole.Games[i].Index || r.Moves != nil || r.Result != whole.Games[i].Result || r.Turns != whole.Games[i].Turns {
			t.Errorf("listed game %d: %+v", i, r)
		}
	}
}
