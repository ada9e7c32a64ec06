package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/picture/picturetest"
)

// midGame plays turns from the start of g, picking the k-th legal turn (modulo their
// number) at turn k, and returns the position after n turns or the last one before
// the end.
func midGame(t *testing.T, g Ruleset, n int) string {
	t.Helper()
	pos := g.StartPosition()
	for k := range n {
		moves, err := g.Moves(pos)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) == 0 {
			break
		}
		next, out, err := g.Play(pos, []string{moves[(7*k+3)%len(moves)]})
		if err != nil {
			t.Fatal(err)
		}
		if out != nil {
			break
		}
		pos = next
	}
	return pos
}

func TestPicturesOfEveryGame(t *testing.T) {
	colonyLogs := []string{"A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "C1", "C2", "C3", "C4", "C5", "C6"}
	pits6 := []string{"a", "b", "c", "d", "e", "f"}
	owarePits := []string{"a1", "b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2", "f2"}
	tests := []struct {
		game   string
		class  string   // the class of the board's places
		count  int      // how many there are
		stores int      // elements of class store
		labels []string // texts the picture must hold
	}{
		{"colony", "log", 19, 2, append(colonyLogs, "score", "store (captured)", "ants in hand", "red ant", "black ant")},
		{"colony:turncap=300", "log", 19, 2, append(colonyLogs, "rules colony:turncap=300")},
		{"kalah", "pit", 12, 2, append(pits6, "N", "S")},
		{"kalah:3x3", "pit", 6, 2, []string{"a", "b", "c", "rules kalah:3x3"}},
		{"oware", "pit", 12, 2, owarePits},
		{"ayo", "pit", 12, 2, owarePits},
		{"egyptian", "pit", 12, 2, pits6},
		{"ethiopian", "pit", 12, 2, pits6},
		{"nigerian", "pit", 12, 2, pits6},
		{"martian", "pit", 12, 2, append(pits6, "N", "S")},
		{"martian:2x3", "pit", 4, 2, []string{"a", "b", "rules martian:2x3"}},
	}
	// Every registered game is drawn: one the table does not list (a new game) gets
	// the checks that need no knowledge of its board (well-formed SVG, a PNG of its
	// size, a drawing).
	for _, name := range Names() {
		found := false
		for _, tt := range tests {
			found = found || tt.game == name
		}
		if !found {
			tests = append(tests, struct {
				game   string
				class  string
				count  int
				stores int
				labels []string
			}{game: name})
		}
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			g, err := Open(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			for _, pos := range []string{g.StartPosition(), midGame(t, g, 12)} {
				svg, err := g.SVG(pos)
				if tt.class == "" && errors.Is(err, ErrNoPicture) {
					t.Skipf("%s draws no picture (picture.Illustrator is optional)", tt.game)
				}
				if err != nil {
					t.Fatalf("SVG: %v", err)
				}
				info := picturetest.ReadSVG(t, svg)
				if tt.class == "" {
					if len(info.Classes) < 2 {
						t.Errorf("SVG has elements of %d classes, want a drawing", len(info.Classes))
					}
				} else if got := info.Classes[tt.class]; got != tt.count {
					t.Errorf("%d elements of class %s, want %d", got, tt.class, tt.count)
				}
				if got := info.Classes["store"]; tt.class != "" && got != tt.stores {
					t.Errorf("%d stores, want %d", got, tt.stores)
				}
				for _, l := range tt.labels {
					if !info.Texts[l] {
						t.Errorf("no text %q in the SVG of %s", l, pos)
					}
				}

				data, err := g.PNG(pos)
				if err != nil {
					t.Fatalf("PNG: %v", err)
				}
				img, err := png.Decode(bytes.NewReader(data))
				if err != nil {
					t.Fatalf("PNG does not decode: %v", err)
				}
				// The SVG's size in points, the PNG's in pixels at 2 a point.
				w, err := strconv.ParseFloat(strings.TrimSuffix(info.Width, "pt"), 64)
				if err != nil {
					t.Fatal(err)
				}
				h, err := strconv.ParseFloat(strings.TrimSuffix(info.Height, "pt"), 64)
				if err != nil {
					t.Fatal(err)
				}
				b := img.Bounds()
				if b.Dx() != int(2*w+0.5) || b.Dy() != int(2*h+0.5) {
					t.Errorf("PNG is %dx%d, want %dx%d (the SVG's %vx%v points at 144 dpi)", b.Dx(), b.Dy(), int(2*w+0.5), int(2*h+0.5), w, h)
				}
				colours := map[[4]uint32]int{}
				for y := b.Min.Y; y < b.Max.Y; y += 3 {
					for x := b.Min.X; x < b.Max.X; x += 3 {
						r, g, b, a := img.At(x, y).RGBA()
						colours[[4]uint32{r, g, b, a}]++
					}
				}
				if len(colours) < 8 {
					t.Errorf("PNG has %d colours, want a drawing (at least 8)", len(colours))
				}
				if len(data) > 150<<10 {
					t.Errorf("PNG is %d bytes, want at most 150 KB", len(data))
				}
			}
		})
	}
}

// noPictures hides a game's Illustrate.
type noPictures[S any] struct{ game.Game[S] }

func TestPicturesRefused(t *testing.T) {
	g, err := colony.Open("")
	if err != nil {
		t.Fatal(err)
	}
	x := &generic[colony.State]{g: noPictures[colony.State]{g}}
	pos := x.StartPosition()
	if _, err := x.SVG(pos); !errors.Is(err, ErrNoPicture) {
		t.Errorf("SVG of a game without pictures: %v, want ErrNoPicture", err)
	}
	if _, err := x.PNG(pos); !errors.Is(err, ErrNoPicture) {
		t.Errorf("PNG of a game without pictures: %v, want ErrNoPicture", err)
	}
	// A bad position is refused before anything is drawn.
	y, err := Open("colony")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := y.SVG("eggs=1"); err == nil || errors.Is(err, ErrNoPicture) {
		t.Errorf("SVG of a bad position: %v, want a position error", err)
	}
}

// TestTurnDecisions splits a turn of The Colony into its decisions: the selection
// (its sowing up to the fork A2, whose eggs are taken up), the relay lap's direction
// (its sowing up to the ant placed on C3) and the ant move; their marks together are
// TurnMarks'. A Kalah turn is one decision.
func TestTurnDecisions(t *testing.T) {
	tests := []struct {
		game, position, turn string
		texts                []string
		lastMarks            []picture.MarkKind // the last mark of each decision
	}{
		{"colony", "eggs=3.4.4.3.3.3/3.3.3.0.3.3.3/3.3.3.3.3.3 red=B2 black=- hand=5,6 store=1,0 move=black ants=mandatory turn=2", "C4>A1/C3-B3",
			[]string{"C4", "C4>A1", "C4>A1/C3-B3"}, []picture.MarkKind{picture.MarkLift, picture.MarkPut, picture.MarkWalk}},
		{"kalah", "", "c", []string{"c"}, []picture.MarkKind{picture.MarkSow}},
	}
	for _, tc := range tests {
		g, err := Open(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		pos := tc.position
		if pos == "" {
			pos = g.StartPosition()
		}
		ds, err := g.TurnDecisions(pos, tc.turn)
		if err != nil {
			t.Fatal(err)
		}
		all, err := g.TurnMarks(pos, tc.turn)
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		var marks []picture.Mark
		var last []picture.MarkKind
		for _, d := range ds {
			texts = append(texts, d.Text)
			marks = append(marks, d.Marks...)
			if len(d.Marks) > 0 {
				last = append(last, d.Marks[len(d.Marks)-1].Kind)
			}
		}
		if fmt.Sprint(texts) != fmt.Sprint(tc.texts) || fmt.Sprint(last) != fmt.Sprint(tc.lastMarks) || fmt.Sprint(marks) != fmt.Sprint(all) {
			t.Errorf("%s %s: decisions %q ending in marks %v, want %q and %v; marks %v, TurnMarks %v", tc.game, tc.turn, texts, last, tc.texts, tc.lastMarks, marks, all)
		}
	}
}
