package martian

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/picture"
)

// drawing is the picture of a position read back, by place id: the pips of the
// pieces drawn inside the place's box (told apart by their fill), top piece first
// (columns read from the bottom of the left one to the top of the right one); the
// pips written on pieces, in the order drawn; the other texts; and the columns of
// pieces. Also the notes.
type drawing struct {
	stacks, numbered map[string][]int
	texts            map[string][]string
	columns          map[string]int
	notes            []string
}

func readStacks(t *testing.T, pic *picture.Picture) drawing {
	t.Helper()
	d := drawing{stacks: map[string][]int{}, numbered: map[string][]int{}, texts: map[string][]string{}, columns: map[string]int{}}
	var places []picture.Shape
	for _, sh := range pic.Shapes {
		if sh.ID != "" {
			if sh.Kind != picture.Rect {
				t.Fatalf("place %s is a shape of kind %d, want a rect", sh.ID, sh.Kind)
			}
			places = append(places, sh)
		}
	}
	in := func(x, y float64) string {
		for _, b := range places {
			if x >= b.X && x <= b.X+b.W && y >= b.Y && y <= b.Y+b.H {
				return b.ID
			}
		}
		return ""
	}
	type piece struct {
		x, y, w float64
		pip     int
	}
	pieces := map[string][]piece{}
	for _, sh := range pic.Shapes {
		switch {
		case sh.Class == "piece":
			pip := slices.Index(pieceFill[:], sh.Fill)
			if pip < 1 {
				t.Fatalf("a piece of fill %v", sh.Fill)
			}
			id := in(sh.X+sh.W/2, sh.Y+sh.H/2)
			pieces[id] = append(pieces[id], piece{sh.X + sh.W/2, sh.Y + sh.H/2, sh.W, pip})
		case sh.Kind == picture.Text && sh.Class == "note":
			d.notes = append(d.notes, sh.Text)
		case sh.Kind == picture.Text && sh.Class == "pips":
			id := in(sh.X, sh.Y)
			d.numbered[id] = append(d.numbered[id], int(sh.Text[0]-'0'))
		case sh.Kind == picture.Text:
			if id := in(sh.X, sh.Y); id != "" {
				d.texts[id] = append(d.texts[id], sh.Text)
			}
		}
	}
	for id, ps := range pieces {
		if !strings.HasPrefix(id, "pit-") {
			continue
		}
		// bottom first: the left column first, each from its bottom
		slices.SortFunc(ps, func(a, b piece) int { return cmp.Or(cmp.Compare(a.x, b.x), cmp.Compare(b.y, a.y)) })
		var top []int
		xs := map[float64]bool{}
		for k := len(ps) - 1; k >= 0; k-- {
			xs[ps[k].x] = true
			top = append(top, ps[k].pip)
			for _, q := range ps {
				if q.pip < ps[k].pip && q.w >= ps[k].w {
					t.Errorf("%s: a piece of %d pips %.1f wide, one of %d pips %.1f", id, q.pip, q.w, ps[k].pip, ps[k].w)
				}
			}
		}
		d.stacks[id] = top
		d.columns[id] = len(xs)
	}
	return d
}

func TestIllustrate(t *testing.T) {
	tests := []struct {
		name, params, pos string
		columns           int      // the columns of the tallest stack
		digits            bool     // whether its pieces show their pips
		tall              []string // the note of the stacks too tall to number
	}{
		{name: "start", columns: 1, digits: true},
		{
			// 16 pieces, the most that show their pips.
			name: "sixteen pieces", pos: "pits=3.-.-.-.2322112313311321.-/3.13.2.-.-.3 stores=332222211,32111 move=north ply=17",
			columns: 1, digits: true,
		},
		{
			name: "seventeen pieces", pos: "pits=2.-.-.-.1.32/-.3.-.3.-.32211133321321321 stores=2221111,333221 move=north ply=17",
			columns: 1, tall: []string{"north f 32211133321321321"},
		},
		{
			// The tallest stack met in 20,000 random games of 8x3321.
			name: "twenty-six pieces", params: "8x3321",
			pos:     "pits=-.3.3.3.1.3.-.-/3.-.-.-.3.-.33333231332333331223213321.- stores=333333222222111,3333222211111111 move=south ply=33",
			columns: 1, tall: []string{"north g 33333231332333331223213321"},
		},
		{
			name: "forty pieces in two columns", params: "8x3321",
			pos:     "pits=3321.3321.3321.3321.3321.3321.-.-/-.-.-.-.-.-.3321332133213321332133213321332133213321.- stores=-,- move=south ply=33",
			columns: 2, tall: []string{"north g " + strings.Repeat("3321", 10)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.params)
			if err != nil {
				t.Fatal(err)
			}
			s := g.Start()
			if tt.pos != "" {
				if s, err = g.ParsePosition(tt.pos); err != nil {
					t.Fatal(err)
				}
			}
			pic := g.Illustrate(&s)
			d := readStacks(t, pic)
			tallest, tallestID := 0, ""
			for p := range 2 {
				for i := range g.n {
					id := fmt.Sprintf("pit-%s-%c", g.Sides()[p], 'a'+i)
					want := g.SpaceStack(&s, p, i)
					if got := d.stacks[id]; !slices.Equal(got, want) {
						t.Errorf("%s: the picture's stack %v, want %v", id, got, want)
					}
					// Pieces are numbered from the bottom up, as drawn.
					numbered := slices.Clone(want)
					slices.Reverse(numbered)
					if len(want) > 16 {
						numbered = nil
					}
					if got := d.numbered[id]; !slices.Equal(got, numbered) {
						t.Errorf("%s: pieces numbered %v, want %v", id, got, numbered)
					}
					wantTexts := []string{string(rune('a' + i))}
					if len(want) > 0 {
						wantTexts = append(wantTexts, fmt.Sprintf("×%d", len(want)))
					}
					wantTexts = append(wantTexts, fmt.Sprint(g.SpacePips(&s, p, i)))
					if got := d.texts[id]; !slices.Equal(got, wantTexts) {
						t.Errorf("%s: texts %q, want %q", id, got, wantTexts)
					}
					if len(want) > tallest {
						tallest, tallestID = len(want), id
					}
				}
				id := [2]string{"store-S", "store-N"}[p]
				want := []string{string("SN"[p]), fmt.Sprint(s.Store(p))}
				for pip := 3; pip >= 1; pip-- {
					want = append(want, fmt.Sprintf("×%d", s.StorePieces(p, pip)))
				}
				if got := d.texts[id]; !slices.Equal(got, want) {
					t.Errorf("%s: texts %q, want %q", id, got, want)
				}
				if got := d.numbered[id]; !slices.Equal(got, []int{3, 2, 1}) {
					t.Errorf("%s: pieces numbered %v, want [3 2 1]", id, got)
				}
			}
			if got := d.columns[tallestID]; got != tt.columns {
				t.Errorf("%s: %d columns, want %d", tallestID, got, tt.columns)
			}
			if got := len(d.numbered[tallestID]) > 0; got != tt.digits {
				t.Errorf("%s: pieces numbered %v, want %v", tallestID, got, tt.digits)
			}
			wantNotes := 4
			if tt.tall != nil {
				wantNotes++
				if got, want := d.notes[len(d.notes)-1], "stacks too tall to number, top piece first: "+strings.Join(tt.tall, ", "); got != want {
					t.Errorf("the last note %q, want %q", got, want)
				}
			}
			if len(d.notes) != wantNotes {
				t.Errorf("%d notes %q, want %d", len(d.notes), d.notes, wantNotes)
			}
			for _, sh := range pic.Shapes {
				if sh.X < 0 || sh.Y < 0 || sh.X+sh.W > pic.W || sh.Y+sh.H > pic.H {
					t.Errorf("shape %s %q at %.1f,%.1f %.1fx%.1f outside the picture %.1fx%.1f", sh.Class, sh.Text, sh.X, sh.Y, sh.W, sh.H, pic.W, pic.H)
				}
			}
		})
	}
}
