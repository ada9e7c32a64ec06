package catalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/record"
)

// ringBoard writes the default board under the name ring to a board file and returns
// its name.
func ringBoard(t *testing.T) string {
	t.Helper()
	text := strings.Replace(colony.DefaultBoardText(), "board default", "board ring", 1)
	if text == colony.DefaultBoardText() {
		t.Fatal("the default board file has no line \"board default\"")
	}
	name := filepath.Join(t.TempDir(), "ring.board")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestOpenHeader: the game of a games file's header is opened again, a tournament on
// a board file from the board file its header holds.
func TestOpenHeader(t *testing.T) {
	name := ringBoard(t)
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := OpenWith("colony:turncap=300", Options{Board: name})
	if err != nil {
		t.Fatal(err)
	}
	bs, ok := g.(record.BoardSource)
	want := record.BoardFile{File: "ring.board", SHA256: record.HashBytes(data), Text: string(data)}
	if !ok || bs.TournamentBoard() == nil || *bs.TournamentBoard() != want {
		t.Fatalf("the rule set's board file: %v", bs)
	}
	header := func(game string, b *record.BoardFile) *record.Header {
		return &record.Header{Config: record.Config{Game: game, Board: b}}
	}
	bad := want
	bad.Text = "nosuch\n" + bad.Text
	for _, tc := range []struct {
		name   string
		header *record.Header
		game   string // the game opened, or
		err    string // the error
	}{
		{name: "a registered game", header: header("kalah:6x4", nil), game: "kalah"},
		{name: "The Colony on its board", header: header("colony:turncap=300", nil), game: "colony:turncap=300"},
		{name: "on a board file", header: header("colony:turncap=300,board=ring", &want), game: "colony:turncap=300,board=ring"},
		{name: "on a board file the header does not hold", header: header("colony:board=ring", nil),
			err: `"colony:board=ring" was played on a board file (--board) that the games file's header does not hold (a file written before headers held it)`},
		{name: "a board file without one in the game", header: header("colony", &want),
			err: `the header holds a board file (ring.board) but its game "colony" is not played on one`},
		{name: "a board file of another name", header: header("colony:board=square", &want),
			err: `the header's board file ring.board makes the game "colony:board=ring", not "colony:board=square"`},
		{name: "a board file that does not read", header: header("colony:board=ring", &bad),
			err: "board file ring.board (in the games file's header): line 1: unknown directive \"nosuch\" (want board, neighbours, arrow, centre or lane)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := OpenHeader(tc.header)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("OpenHeader: %v, want\n%s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g.Name() != tc.game {
				t.Errorf("game %q, want %q", g.Name(), tc.game)
			}
			if got, _ := BoardFile(g); tc.header.Board != nil && !strings.Contains(got, "board ring\n") {
				t.Errorf("the game's board file:\n%s", got)
			}
		})
	}
}
