package board

import "github.com/colony-ai/colony/picture"

// Picture draws a board of two rows of n pits as Draw does, as a picture: North's row
// on top from its last pit on the left to its pit a on the right, South's row below
// from a to its last pit, North's store at the left end and South's at the right.
// pit, store and sides are as for Draw; toMove is the side to move (0 South, 1
// North) or -1 when the game is over; notes are legend lines under the board.
func Picture(title string, n int, pit func(p, i int) int, store func(p int) int, sides [2]string, toMove int, notes ...string) *picture.Picture {
	b := picture.Board{Title: title, TopSide: sides[1], BottomSide: sides[0], ToMove: -1, Notes: notes,
		Stores: []picture.Store{{Label: "N", Seeds: store(1), Row: -1}, {Label: "S", Seeds: store(0), Right: true, Row: -1}}}
	if toMove == 0 || toMove == 1 {
		b.ToMove = 1 - toMove
	}
	for i := range n {
		b.Top = append(b.Top, picture.Pit{Name: PitName(n - 1 - i), Seeds: pit(1, n-1-i), ID: PitID(sides, 1, n-1-i)})
		b.Bottom = append(b.Bottom, picture.Pit{Name: PitName(i), Seeds: pit(0, i), ID: PitID(sides, 0, i)})
	}
	return picture.Mancala(b)
}

// PitName returns the name of pit i of a side in the move notation: "a" for the
// first.
func PitName(i int) string { return string(rune('a' + i)) }

// PitID returns the id of the shape of side p's pit i in Picture: "pit-south-a".
func PitID(sides [2]string, p, i int) string { return "pit-" + sides[p] + "-" + PitName(i) }

// StoreID returns the id of the shape of side p's store in Picture: "store-S" for
// the first side, "store-N" for the second.
func StoreID(p int) string { return [2]string{"store-S", "store-N"}[p] }
