package kalah

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/memory"
	"github.com/colony-ai/colony/internal/atomicfile"
)

// Endgame databases for the exact solver (game.Endgamer). Seeds leave play only
// into the stores and never come back, so the value of a position relative to the
// stores depends on its pits and the player to move alone, and every move leads to
// a position with as many seeds in play or fewer. The table of all the positions
// with at most K seeds in play is built from the fewest seeds up: a position's value
// is the best, over its moves, of the seeds the move banks plus (or, when the turn
// passes, minus) the child's value, a child with the same seeds in play (a move that
// banks nothing, which only moves seeds along the mover's own row) computed first.
//
// A position is numbered by its seeds in play k and the rank of its 2M pits (South's
// a.., then North's) among the compositions of k into 2M parts, in lexicographic
// order; a value is one byte. The positions of kalah (2x6 pits) up to 16 seeds in
// play number 30 M a mover, 61 MB in all.

var _ game.Endgamer[State] = (*Game)(nil)

// endgameUnknown marks a value not computed yet while the table is built.
const endgameUnknown = -128

// maxEndgameBytes bounds a table's size: 2^32 bytes (the values of both movers).
const maxEndgameBytes = 1 << 32

// endgameTable is an endgame database of one rule set (the pits a side and the
// capture and end rules; the seeds a pit does not matter).
type endgameTable struct {
	g      *Game
	pieces int
	parts  int
	// base[k] is the number of the first position with k seeds in play.
	base []uint64
	// below[(q*(K+1)+r)*(K+1)+v] counts the compositions of r into q+1 parts whose
	// first part is below v: the rank a pit of v seeds adds, q pits after it.
	below  []uint64
	values [2][]int8 // by the player to move
	source string
}

// binomial returns n choose k (0 when k is out of [0, n]); the values used here
// stay far below 2^64.
func binomial(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k)
	r := uint64(1)
	for i := 1; i <= k; i++ {
		r = r * uint64(n-k+i) / uint64(i)
	}
	return r
}

// newEndgameTable returns the empty table of the positions with at most pieces
// seeds in play, or an error when it would be too big or does not fit in budget
// (its memory is reserved there before it is allocated, and released when the
// table is collected).
func newEndgameTable(g *Game, pieces int, budget *memory.Budget) (*endgameTable, error) {
	if top := min(2*g.m*g.n, 127); pieces < 0 || pieces > top {
		return nil, fmt.Errorf("endgames of %d seeds: want 0 to %d for %s", pieces, top, g.Name())
	}
	t := &endgameTable{g: g, pieces: pieces, parts: 2 * g.m}
	K, P := pieces, t.parts
	total := uint64(0)
	for k := 0; k <= K; k++ {
		t.base = append(t.base, total)
		total += binomial(k+P-1, P-1)
		if 2*total > maxEndgameBytes {
			return nil, fmt.Errorf("endgames of %d seeds on %d pits a side: more than %d GB", pieces, g.m, maxEndgameBytes>>30)
		}
	}
	t.below = make([]uint64, P*(K+1)*(K+1))
	for q := 1; q < P; q++ {
		for r := 0; r <= K; r++ {
			sum := uint64(0)
			for v := 0; v <= r; v++ {
				t.below[(q*(K+1)+r)*(K+1)+v] = sum
				sum += binomial(r-v+q-1, q-1) // the compositions of r-v into q parts
			}
		}
	}
	size := 2*total + uint64(len(t.below))*8
	if err := budget.Reserve(size, fmt.Sprintf("endgames of %d seeds, a database", pieces)); err != nil {
		return nil, err
	}
	for p := range 2 {
		t.values[p] = make([]int8, total)
	}
	runtime.AddCleanup(t, budget.Release, size)
	return t, nil
}

// pit returns the seeds of the i-th pit of the table's order (South's a.. then
// North's a..) in s.
func (t *endgameTable) pit(s *State, i int) int {
	if i >= t.g.m {
		i++ // past South's store
	}
	return s.get(i)
}

// inPlay returns the seeds in the pits of s.
func (t *endgameTable) inPlay(s *State) int {
	k := 0
	for i := range t.parts {
		k += t.pit(s, i)
	}
	return k
}

// index returns the number of s, which has k seeds in play.
func (t *endgameTable) index(s *State, k int) uint64 {
	K := t.pieces
	idx, r := t.base[k], k
	for i := 0; i < t.parts-1; i++ {
		v := t.pit(s, i)
		idx += t.below[((t.parts-1-i)*(K+1)+r)*(K+1)+v]
		r -= v
	}
	return idx
}

// Pieces returns the most seeds in play of the table's positions.
func (t *endgameTable) Pieces() int { return t.pieces }

// Value returns the value of s relative to its stores (game.EndgameTable).
func (t *endgameTable) Value(s *State) int {
	k := t.inPlay(s)
	return int(t.values[s.ToMove()][t.index(s, k)])
}

// Source says whether the table was built or read, and its file.
func (t *endgameTable) Source() string { return t.source }

// state returns the position of the table's pits (South's a.., then North's a..)
// with empty stores and player p to move, not checked for the end of the game.
func (t *endgameTable) state(pits []int, p int) State {
	var s State
	for j, v := range pits {
		if j >= t.g.m {
			j++ // past South's store
		}
		s.set(j, v)
	}
	s.w[3] |= uint64(t.g.m)<<sizeShift | uint64(p)<<flagShift
	return s
}

// build computes every value, from the fewest seeds up.
func (t *endgameTable) build(ctx context.Context) error {
	for p := range 2 {
		for i := range t.values[p] {
			t.values[p][i] = endgameUnknown
		}
	}
	pits := make([]int, t.parts)
	var s State
	var err error
	var fill func(i, r int)
	n := 0
	fill = func(i, r int) {
		if err != nil {
			return
		}
		if i == t.parts-1 {
			pits[i] = r
			for p := range 2 {
				s = t.state(pits, p)
				t.solve(&s, t.inPlay(&s))
			}
			if n++; n&0xfffff == 0 && ctx.Err() != nil {
				err = context.Cause(ctx)
			}
			return
		}
		for v := 0; v <= r; v++ {
			pits[i] = v
			fill(i+1, r-v)
		}
	}
	for k := 0; k <= t.pieces && err == nil; k++ {
		fill(0, k)
	}
	return err
}

// solve returns the value of s (stores empty, k seeds in play), computing it and
// the values it needs when the table does not hold them yet. A position whose
// player to move has no seeds (over under the rules: never looked up) is given 0.
func (t *endgameTable) solve(s *State, k int) int {
	g := t.g
	mover := s.ToMove()
	idx := t.index(s, k)
	if v := t.values[mover][idx]; v != endgameUnknown {
		return int(v)
	}
	var buf game.ActionBuffer
	legal := g.LegalActions(s, &buf)
	best := 0
	for i, a := range legal {
		c := *s
		g.Apply(&c, a)
		v := c.Store(mover) - c.Store(1-mover)
		if !c.Over() {
			left := k - c.Store(0) - c.Store(1)
			c.set(g.m, 0)
			c.set(2*g.m+1, 0)
			if cv := t.solve(&c, left); c.ToMove() == mover {
				v += cv
			} else {
				v -= cv
			}
		}
		if i == 0 || v > best {
			best = v
		}
	}
	t.values[mover][idx] = int8(best)
	return best
}

// endgameFile is the name of the cache file of a table.
func (t *endgameTable) file() string {
	capture, end := "empty", "either"
	if !t.g.captureEmpty {
		capture = "nonempty"
	}
	if !t.g.endEither {
		end = "mover"
	}
	return fmt.Sprintf("kalah-endgames-%dpits-capture=%s-end=%s-%dseeds.bin", t.g.m, capture, end, t.pieces)
}

// header is the first line of the cache file, without its checksum.
func (t *endgameTable) header() string {
	return fmt.Sprintf("colony kalah endgames v1 %s positions=%d", strings.TrimSuffix(t.file(), ".bin"), len(t.values[0]))
}

// checksum returns the SHA-256 of the values, in hex.
func (t *endgameTable) checksum() string {
	h := sha256.New()
	for p := range 2 {
		h.Write(int8Bytes(t.values[p]))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// int8Bytes returns the bytes of v.
func int8Bytes(v []int8) []byte {
	b := make([]byte, len(v))
	for i, x := range v {
		b[i] = byte(x)
	}
	return b
}

// errStale says that a cache file is not the table asked for or fails its checksum.
var errStale = errors.New("not this table or a bad checksum")

// read fills the values from the cache file at path.
func (t *endgameTable) read(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	line, err := r.ReadString('\n')
	if err != nil {
		return fmt.Errorf("%s: %w", path, errStale)
	}
	head, sum, ok := strings.Cut(strings.TrimSuffix(line, "\n"), " sha256=")
	if !ok || head != t.header() {
		return fmt.Errorf("%s: %w", path, errStale)
	}
	for p := range 2 {
		b := make([]byte, len(t.values[p]))
		if _, err := io.ReadFull(r, b); err != nil {
			return fmt.Errorf("%s: %w", path, errStale)
		}
		for i, x := range b {
			t.values[p][i] = int8(x)
		}
	}
	if t.checksum() != sum {
		return fmt.Errorf("%s: %w", path, errStale)
	}
	return nil
}

// write writes the table to the cache file at path, through a temporary file
// renamed into place, so that a reader never sees half a table.
func (t *endgameTable) write(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		fmt.Fprintf(w, "%s sha256=%s\n", t.header(), t.checksum())
		for p := range 2 {
			if _, err := w.Write(int8Bytes(t.values[p])); err != nil {
				return err
			}
		}
		return nil
	})
}

// Endgames returns the endgame database of the positions with at most pieces seeds
// in play (game.Endgamer): read from dir when a file there holds it and passes its
// checksum, else built and, when dir is not "", written there.
func (g *Game) Endgames(ctx context.Context, pieces int, dir string) (game.EndgameTable[State], error) {
	t, err := newEndgameTable(g, pieces, memory.Default())
	if err != nil {
		return nil, err
	}
	path := ""
	if dir != "" {
		path = filepath.Join(dir, t.file())
		if err := t.read(path); err == nil {
			t.source = "read from " + path
			return t, nil
		}
	}
	start := time.Now()
	if err := t.build(ctx); err != nil {
		return nil, fmt.Errorf("building the endgames: %w", err)
	}
	t.source = fmt.Sprintf("built in %.1fs (%d positions a mover)", time.Since(start).Seconds(), len(t.values[0]))
	if path != "" {
		if err := t.write(path); err != nil {
			return nil, fmt.Errorf("caching the endgames: %w", err)
		}
		t.source += ", cached in " + path
	}
	return t, nil
}
