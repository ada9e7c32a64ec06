package oware

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// TestMeasure prints the figures quoted in RULES.md (random games from the start). It
// runs only with OWARE_MEASURE=1 set:
//
//	OWARE_MEASURE=1 go test ./games/oware -run Measure -v
func TestMeasure(t *testing.T) {
	if os.Getenv("OWARE_MEASURE") == "" {
		t.Skip("set OWARE_MEASURE=1 to measure")
	}
	const games = 100000
	winners := map[string][]int{} // the winner of each game, by rule set
	for _, name := range []string{"oware", "oware:quiet=off", "oware:majority=off", "oware:majority=off,quiet=off",
		"oware:quiet=50", "oware:grandslam=illegal", "oware:grandslam=sowagain", "oware:grandslam=capture",
		"ayo", "ayo:majority=on", "ayo:feed=on", "ayo:skip=move", "ayo:relay=1000"} {
		g := mustParse(t, name)
		rng := rand.NewPCG(1, 1)
		var lengths, maxQuiet, boardAtQuietEnd, boardAtRepeat, quietAtRepeat, maxLaps []float64
		reasons := map[string]int{}
		var wins [3]int
		for n := 0; n < games; n++ {
			s := g.Start()
			x := rng.Uint64()
			plies, mq, ml := 0, 0, 0
			for !s.Over() {
				x += splitmix.Gamma
				a := pick(s.legal, splitmix.Mix(x))
				if g.variant == Ayo {
					ml = max(ml, countLaps(g, &s, a))
				}
				g.apply(&s, a)
				plies++
				mq = max(mq, int(s.quiet))
			}
			r := s.end
			reasons[[6]string{"", "no seeds", "cannot feed", "quiet cap", "repetition", "majority"}[r]]++
			switch r {
			case endQuiet:
				boardAtQuietEnd = append(boardAtQuietEnd, float64(s.SideSeeds(0)+s.SideSeeds(1)))
			case endRepeat:
				boardAtRepeat = append(boardAtRepeat, float64(s.SideSeeds(0)+s.SideSeeds(1)))
				quietAtRepeat = append(quietAtRepeat, float64(s.quiet))
			default:
				maxQuiet = append(maxQuiet, float64(mq))
			}
			lengths = append(lengths, float64(plies))
			maxLaps = append(maxLaps, float64(ml))
			w, _ := g.Result(&s)
			wins[w+1]++
			winners[name] = append(winners[name], w)
		}
		fmt.Printf("%s (%d games)\n", name, games)
		fmt.Printf("  plies: %s\n", stats(lengths))
		fmt.Printf("  ends: %v; south wins %.1f%%, north %.1f%%, draws %.1f%%\n", reasons,
			100*float64(wins[1])/games, 100*float64(wins[2])/games, 100*float64(wins[0])/games)
		fmt.Printf("  longest quiet stretch of games ended otherwise: %s\n", stats(maxQuiet))
		if len(boardAtQuietEnd) > 0 {
			fmt.Printf("  seeds on the board when the cap ends a game: %s\n", stats(boardAtQuietEnd))
		}
		if len(boardAtRepeat) > 0 {
			fmt.Printf("  seeds on the board when a repetition ends a game: %s\n", stats(boardAtRepeat))
			fmt.Printf("  plies since the last capture then: %s\n", stats(quietAtRepeat))
		}
		if g.variant == Ayo {
			capped := 0
			for _, l := range maxLaps {
				if int(l) >= g.relayCap {
					capped++
				}
			}
			fmt.Printf("  most laps in one move of a game: %s\n", stats(maxLaps))
			fmt.Printf("  games with a sowing stopped by the relay cap: %.2f%%\n", 100*float64(capped)/games)
		}
	}
	// Games of the same index have the same seed: the same moves until one rule set
	// ends the game.
	for _, pair := range [][2]string{{"oware", "oware:quiet=off"}, {"oware:majority=off", "oware:majority=off,quiet=off"},
		{"oware", "oware:majority=off"}, {"oware:quiet=off", "oware:majority=off,quiet=off"}, {"ayo", "ayo:majority=on"}} {
		differ := 0
		for i, w := range winners[pair[0]] {
			if winners[pair[1]][i] != w {
				differ++
			}
		}
		fmt.Printf("%s and %s: another winner in %d games (%.2f%%)\n", pair[0], pair[1], differ, 100*float64(differ)/games)
	}
}

// countLaps returns the laps the Ayo move a of s sows (the relay cap included),
// replaying it pit by pit as the reference does.
func countLaps(g *Game, s *State, a int) int {
	p := refFromState(s)
	start := p.mover*6 + a
	cur, n := start, p.pits[start]
	p.pits[start] = 0
	for laps := 1; ; laps++ {
		skip := cur
		if g.skipMove {
			skip = start
		}
		i := cur
		for n > 0 {
			if i = (i + 1) % 12; i != skip {
				p.pits[i]++
				n--
			}
		}
		if p.pits[i] <= 1 || laps >= g.relayCap {
			return laps
		}
		cur, n = i, p.pits[i]
		p.pits[i] = 0
	}
}

func stats(v []float64) string {
	if len(v) == 0 {
		return "-"
	}
	slices.Sort(v)
	sum, sq := 0.0, 0.0
	for _, x := range v {
		sum += x
	}
	mean := sum / float64(len(v))
	for _, x := range v {
		sq += (x - mean) * (x - mean)
	}
	q := func(p float64) float64 { return v[int(p*float64(len(v)-1))] }
	return fmt.Sprintf("mean %.1f std %.1f min %.0f p10 %.0f p50 %.0f p90 %.0f p99 %.0f max %.0f",
		mean, math.Sqrt(sq/float64(len(v))), v[0], q(0.1), q(0.5), q(0.9), q(0.99), v[len(v)-1])
}
