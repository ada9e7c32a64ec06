package gamepage

import (
	"fmt"
	"strings"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"
)

// PathText writes a turn's steps in words: each lap as the place it starts from
// and the places sown in order ("from A3: A2, A1; on from A1: B1, C1"), each take as
// "south-c taken to store S". No steps: the empty string. A path of more than
// maxTextParts laps and takes is cut there and ends with the number of laps and
// drops in all. It is MarksText of the steps' marks.
func PathText(steps []game.TraceStep) string {
	return MarksText(picture.TraceMarks(steps))
}

// MarksText writes a turn's marks (picture.Mark, as the board draws them) in words,
// as PathText writes its steps, with what the steps do not say: a piece in hand
// captured where it lands, named there ("A3 captured to store red", The Colony's
// last egg), and a piece put on a place from the hand ("ant placed on A3"). An ant
// move is the turn's notation's and is not written.
func MarksText(marks []picture.Mark) string {
	var parts, sown []string
	head, laps, drops := "", 0, 0
	endLap := func() {
		seg := strings.TrimSpace(head + " " + strings.Join(sown, ", "))
		if seg != "" {
			parts = append(parts, seg)
		}
		head, sown = "", nil
	}
	for _, m := range marks {
		switch m.Kind {
		case picture.MarkLift:
			endLap()
			head = "from " + picture.PlaceName(m.Place) + ":"
			if laps > 0 {
				head = "on " + head
			}
			laps++
		case picture.MarkSow:
			sown = append(sown, picture.PlaceName(m.Place))
			drops++
		case picture.MarkCatch:
			sown = append(sown, picture.PlaceName(m.Place)+" captured to "+picture.PlaceName(m.To))
			drops++
		case picture.MarkTake:
			endLap()
			parts = append(parts, picture.PlaceName(m.Place)+" taken to "+picture.PlaceName(m.To))
		case picture.MarkPut:
			endLap()
			parts = append(parts, "ant placed on "+picture.PlaceName(m.Place))
		}
	}
	endLap()
	if len(parts) > maxTextParts {
		parts = append(parts[:maxTextParts], fmt.Sprintf("and so on: %d laps and %d drops in all", laps, drops))
	}
	return strings.Join(parts, "; ")
}

// The longest path written out: Ayo's relays may go on for thousands of laps (up
// to its relay cap), and a page must stay readable and small.
const maxTextParts = 24 // laps and takes written out by PathText
