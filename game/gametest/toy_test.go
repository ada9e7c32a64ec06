package gametest

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/colony-ai/colony/game"
)

// toy is a small game with turns of two decisions for the suite's own tests: a heap
// of tokens; a turn takes 1 to 3 tokens (decision 1, 2 or 3), then keeps them (decision
// keep) or gives them to the opponent (give); taking the last tokens ends the game at
// once, the taker keeping them. The more tokens wins; equal is a draw. bug names a
// fault put in on purpose, which the suite must find ("" for none).
type toy struct {
	heap int
	bug  string
	// calls counts LegalActions calls, for the "order" bug.
	calls *int
}

// toyState is a toy position.
type toyState struct {
	heap, take, move int8
	pts              [2]int8
	// hidden changes with every decision and is in no notation: the "hash" bug
	// hashes it.
	hidden int8
}

const (
	keep game.Action = 10
	give game.Action = 11
)

func newToy(bug string) toy { return toy{heap: 10, bug: bug, calls: new(int)} }

func (g toy) LegalActions(s *toyState, dst *game.ActionBuffer) []game.Action {
	n := 0
	switch {
	case g.Terminal(s):
	case s.take == 0:
		for t := 1; t <= min(3, int(s.heap)); t++ {
			dst[n] = game.Action(t)
			n++
		}
		if g.bug == "duplicate" && n == 3 {
			dst[2] = 2
		}
		if *g.calls++; g.bug == "order" && *g.calls%2 == 0 && n > 1 {
			dst[0], dst[1] = dst[1], dst[0]
		}
	default:
		dst[0], dst[1] = keep, give
		n = 2
	}
	return dst[:n]
}

func (g toy) Apply(s *toyState, a game.Action) {
	s.hidden++
	if s.take == 0 {
		s.heap -= int8(a)
		s.take = int8(a)
		if s.heap == 0 && g.bug != "endless" {
			s.pts[s.move] += s.take
			s.take = 0
		}
		if s.heap == 0 && g.bug == "endless" {
			s.heap, s.take = s.take, 0
		}
		return
	}
	if a == keep {
		s.pts[s.move] += s.take
	} else {
		s.pts[1-s.move] += s.take
	}
	s.take = 0
	s.move ^= 1
}

func (g toy) ToMove(s *toyState) int     { return int(s.move) }
func (g toy) TurnStart(s *toyState) bool { return s.take == 0 }
func (g toy) Terminal(s *toyState) bool  { return s.heap == 0 }

func (g toy) Result(s *toyState) (winner, margin int) {
	d := int(s.pts[0] - s.pts[1])
	if g.bug == "margin" {
		d *= 2
	}
	switch {
	case d > 0:
		return 0, d
	case d < 0:
		return 1, -d
	}
	return -1, 0
}

func (g toy) Hash(s *toyState) uint64 {
	h := uint64(s.heap) | uint64(s.take)<<8 | uint64(s.move)<<16 | uint64(s.pts[0])<<24 | uint64(s.pts[1])<<32
	if g.bug == "hash" {
		h |= uint64(s.hidden) << 40
	}
	if g.bug == "alloc" {
		h += uint64(len(fmt.Sprint(h)))
	}
	return mix(h)
}

// mix is SplitMix64's finalizer: every bit of x moves every bit of the result (a
// plain product would leave the low bits to the low fields).
func mix(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func (g toy) Name() string     { return "toy" }
func (g toy) Start() toyState  { return toyState{heap: int8(g.heap)} }
func (g toy) Sides() [2]string { return [2]string{"first", "second"} }

func (g toy) FormatPosition(s *toyState) string {
	return fmt.Sprintf("heap=%d take=%d pts=%d,%d move=%d", s.heap, s.take, s.pts[0], s.pts[1], s.move)
}

func (g toy) ParsePosition(text string) (toyState, error) {
	var s toyState
	var heap, take, p0, p1, move int
	if _, err := fmt.Sscanf(text, "heap=%d take=%d pts=%d,%d move=%d", &heap, &take, &p0, &p1, &move); err != nil {
		return s, err
	}
	switch {
	case heap < 0 || take < 0 || take > 3 || p0 < 0 || p1 < 0 || heap+take+p0+p1 != g.heap:
		return s, fmt.Errorf("%q: the counts do not add up", text)
	case move != 0 && move != 1:
		return s, fmt.Errorf("%q: move=%d", text, move)
	case heap == 0 && take != 0:
		return s, fmt.Errorf("%q: tokens taken from an empty heap", text)
	}
	s = toyState{heap: int8(heap), take: int8(take), move: int8(move), pts: [2]int8{int8(p0), int8(p1)}}
	if g.FormatPosition(&s) != text {
		return s, fmt.Errorf("%q: not in canonical form", text)
	}
	if g.bug == "parse" && strings.Contains(text, "move=1") {
		s.move = 0
	}
	return s, nil
}

func (g toy) AppendAction(dst []byte, s *toyState, a game.Action) []byte {
	switch {
	case a == keep || a == give && g.bug == "notation":
		return append(dst, 'k')
	case a == give:
		return append(dst, 'g')
	}
	return append(dst, '0'+a)
}

func (g toy) Points(s *toyState) [2]int { return [2]int{int(s.pts[0]), int(s.pts[1])} }
func (g toy) EndReason(s *toyState) string {
	if g.Terminal(s) {
		return "the heap is empty"
	}
	return ""
}
func (g toy) TieBreak(s *toyState) bool { return false }
func (g toy) About() game.About         { return game.About{Summary: "a toy game"} }

// The fast paths.

func (g toy) Step(dst, src *toyState, a game.Action) game.Status {
	*dst = *src
	g.Apply(dst, a)
	if g.bug == "step" && a == give {
		dst.move ^= 1
	}
	return game.MakeStatus(g.ToMove(dst), g.TurnStart(dst), g.Terminal(dst))
}

func (g toy) StepSibling(dst, src *toyState, a game.Action) game.Status {
	if g.bug == "sibling" {
		// Keeps dst's points, which a sibling shares only when it kept.
		pts := dst.pts
		*dst = *src
		g.Apply(dst, a)
		dst.pts = pts
		return game.MakeStatus(g.ToMove(dst), g.TurnStart(dst), g.Terminal(dst))
	}
	return g.Step(dst, src, a)
}

func (g toy) Playout(s *toyState, rng *rand.PCG) {
	for !g.Terminal(s) {
		if g.bug == "playout" && s.heap < 3 {
			return
		}
		g.Apply(s, g.RandomAction(s, rng))
	}
}

func (g toy) RandomAction(s *toyState, rng *rand.PCG) game.Action {
	if s.take != 0 {
		return keep + game.Action(game.RandomIndex(rng.Uint64(), 2))
	}
	n := min(3, int(s.heap))
	if g.bug == "random" {
		n = 3
	}
	return game.Action(1 + game.RandomIndex(rng.Uint64(), n))
}

func (g toy) IsLegal(s *toyState, a game.Action) bool {
	switch {
	case g.Terminal(s):
		return false
	case s.take == 0:
		return a >= 1 && int(a) <= min(3, int(s.heap)) || g.bug == "islegal" && a == 0
	}
	return a == keep || a == give
}

func (g toy) ApplyTurn(s *toyState, actions []game.Action, notation []byte) ([]byte, error) {
	if g.bug == "applyturn" && len(actions) == 1 && !g.Terminal(s) {
		notation = g.AppendAction(notation, s, actions[0])
		g.Apply(s, actions[0])
		return notation, nil
	}
	return game.PlayTurn[toyState](g, s, actions, notation)
}

// toySink keeps the "encalloc" bug's allocation alive.
var toySink []byte

// Encoding describes the toy's encoding: the heap (0..10), the tokens taken (0..3),
// the own points and the other's (0..10 each), one input on each.
func (g toy) Encoding() game.Encoding {
	return game.Encoding{Name: "toy-v1", Inputs: 37, MaxActive: 4}
}

func (g toy) Encode(s *toyState, p int, dst []uint16) []uint16 {
	heap := g.encHeap(s)
	n := len(dst)
	dst = append(dst, uint16(heap), uint16(11+s.take), uint16(15+s.pts[p&1]), uint16(26+s.pts[(p&1)^1]))
	switch g.bug {
	case "encorder":
		dst[n+1], dst[n+2] = dst[n+2], dst[n+1]
	case "encrange":
		dst[n+3] += 11
	case "encdst":
		dst[0] = 0
	case "encalloc":
		toySink = make([]byte, 64+len(dst))
	}
	return dst
}

// encHeap returns the input of the heap.
func (g toy) encHeap(s *toyState) int {
	if g.bug == "enchidden" {
		return (int(s.heap) + int(s.hidden)) % 11
	}
	return int(s.heap)
}

// EncodeDelta appends the inputs that differ between from and to (game.DeltaEncoder),
// with the heap's input of a position as its memo.
func (g toy) EncodeDelta(from, to *toyState, d *game.InputDelta) {
	fh, th := g.encHeap(from), g.encHeap(to)
	if d.FromOK {
		fh = int(d.From[0])
		if g.bug == "deltamemo" {
			fh = (fh + 1) % 11
		}
	}
	d.To[0] = uint64(th)
	if g.bug == "deltadst" {
		d.Add[0] = d.Add[0][:0]
	}
	if g.bug == "deltaalloc" {
		toySink = make([]byte, 64+len(d.Add[0]))
	}
	for p := range 2 {
		pairs := [][2]int{{fh, th}, {11 + int(from.take), 11 + int(to.take)},
			{15 + int(from.pts[p]), 15 + int(to.pts[p])}, {26 + int(from.pts[p^1]), 26 + int(to.pts[p^1])}}
		if g.bug == "deltamiss" {
			pairs = pairs[:3]
		}
		for _, x := range pairs {
			if x[0] != x[1] {
				d.Sub[p], d.Add[p] = append(d.Sub[p], uint16(x[0])), append(d.Add[p], uint16(x[1]))
			}
		}
	}
}

// The contract and the fast paths.
var (
	_ game.Game[toyState]           = toy{}
	_ game.SiblingStepper[toyState] = toy{}
	_ game.Playouter[toyState]      = toy{}
	_ game.RandomActioner[toyState] = toy{}
	_ game.LegalChecker[toyState]   = toy{}
	_ game.TurnApplier[toyState]    = toy{}
	_ game.Encoder[toyState]        = toy{}
	_ game.DeltaEncoder[toyState]   = toy{}
)
