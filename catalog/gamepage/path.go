package gamepage

import (
	"fmt"
	"strings"

	"github.com/colony-ai/colony/game"
)

// PlaceName returns how the page names a place of a picture in words: the id
// without its "log-" or "pit-" prefix ("B4", "south-c"), a store as "store S".
func PlaceName(id string) string {
	switch {
	case strings.HasPrefix(id, "log-"), strings.HasPrefix(id, "pit-"):
		return id[4:]
	case strings.HasPrefix(id, "store-"):
		return "store " + id[6:]
	}
	return id
}

// PathText writes a turn's steps in words: each lap as the place it starts from
// and the places sown in order ("from A3: A2, A1; on from A1: B1, C1"), each take as
// "south-c taken to store S". No steps: the empty string. A path of more than
// maxTextParts laps and takes is cut there and ends with the number of laps and
// drops in all.
func PathText(steps []game.TraceStep) string {
	var parts, sown []string
	head, laps := "", 0
	endLap := func() {
		seg := strings.TrimSpace(head + " " + strings.Join(sown, ", "))
		if seg != "" {
			parts = append(parts, seg)
		}
		head, sown = "", nil
	}
	for _, st := range steps {
		switch st.Kind {
		case game.Lift:
			endLap()
			head = "from " + PlaceName(st.Place) + ":"
			if laps > 0 {
				head = "on " + head
			}
			laps++
		case game.Sow:
			sown = append(sown, PlaceName(st.Place))
		case game.Take:
			endLap()
			parts = append(parts, PlaceName(st.Place)+" taken to "+PlaceName(st.To))
		}
	}
	endLap()
	if len(parts) > maxTextParts {
		drops := 0
		for _, st := range steps {
			if st.Kind == game.Sow {
				drops++
			}
		}
		parts = append(parts[:maxTextParts], fmt.Sprintf("and so on: %d laps and %d drops in all", laps, drops))
	}
	return strings.Join(parts, "; ")
}

// The longest path written out: Ayo's relays may go on for thousands of laps (up
// to its relay cap), and a page must stay readable and small.
const maxTextParts = 24 // laps and takes written out by PathText
