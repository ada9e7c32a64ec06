package record

// The identity of records and input files: a record belongs to its file's tournament
// (CheckRecord), and the files a tournament reads are known by their content
// (HashFile, tournament.HashInputs), so that a resume or a merge refuses what does not
// belong.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"

	"github.com/colony-ai/colony/internal/inputfile"
	"github.com/colony-ai/colony/search"
)

// HashLen is the number of hexadecimal digits of the content hashes of input files
// (HashFile): the first 64 bits of their SHA-256.
const HashLen = 16

// HashFile returns the content hash of the file name: the first HashLen lower-case
// hexadecimal digits of the SHA-256 of its bytes (what `sha256sum FILE | cut -c1-16`
// prints). It reads the file as a stream: a network file of any size is hashed in
// constant memory.
func HashFile(name string) (string, error) {
	f, _, err := inputfile.Kind{}.Open(name) // a regular file: a named pipe or a device may never end
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("reading %s: %w", name, err)
	}
	return hex.EncodeToString(h.Sum(nil))[:HashLen], nil
}

// HashBytes returns the content hash of data, as HashFile does for a file.
func HashBytes(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])[:HashLen]
}

// BoardFile is the board file of a tournament of The Colony played on a board of its
// own (--board FILE): the games file's header holds it whole (board files are small),
// so that the file's games can be replayed and exported without it, and its hash
// identifies it on a resume or a merge.
type BoardFile struct {
	// File is the board file's name, without its directory.
	File string `json:"file"`
	// SHA256 is the content hash of Text (HashBytes).
	SHA256 string `json:"sha256"`
	// Text is the board file's content, byte for byte.
	Text string `json:"text"`
}

// InputFile is a file that a player's spec names (a weights file, eval=FILE, or a
// network file, eval=net:FILE), known by its content hash.
type InputFile struct {
	// Player is the name of the player whose spec names the file, Setting the spec's
	// setting ("eval") and File the file as the setting names it.
	Player  string `json:"player"`
	Setting string `json:"setting"`
	File    string `json:"file"`
	// SHA256 is the file's content hash (HashFile).
	SHA256 string `json:"sha256"`
}

// sameInputs reports how the input files of the headers a and b differ (a board file
// or a player's file of the same role with another content), naming the file and both
// hashes; nil when they agree. A header without hashes (a file written before they
// were recorded) agrees with every other.
func sameInputs(a, b *Header) error {
	if a.Board != nil && b.Board != nil && a.Board.SHA256 != b.Board.SHA256 {
		return fmt.Errorf("board file %s differs: sha256 %s vs %s%s", bothNames(a.Board.File, b.Board.File), a.Board.SHA256, b.Board.SHA256, changed(a.Board.File, b.Board.File))
	}
	if a.Inputs == nil || b.Inputs == nil {
		return nil
	}
	for _, x := range a.Inputs {
		for _, y := range b.Inputs {
			if x.Player == y.Player && x.Setting == y.Setting && x.File == y.File && x.SHA256 != y.SHA256 {
				return fmt.Errorf("%s file %s of player %s differs: sha256 %s vs %s (its content changed)", x.Setting, x.File, x.Player, x.SHA256, y.SHA256)
			}
		}
	}
	return nil
}

// bothNames writes one file name, or two when they differ ("a.board vs b.board").
func bothNames(a, b string) string {
	if a == b {
		return a
	}
	return a + " vs " + b
}

// changed says why two hashes of one file name differ.
func changed(a, b string) string {
	if a == b {
		return " (its content changed)"
	}
	return ""
}

// identity is what CheckRecord derives from a header once: the pairings, the players'
// spec templates and the order of the opening file's positions.
type identity struct {
	pairings  [][2]int
	templates []SpecTemplate
	order     []int
	err       error
}

// identity returns the header's identity, computed at the first call (CheckRecord is
// called for every record of a file: it must not build the schedule every time).
func (h *Header) identity() *identity {
	if h.ident != nil {
		return h.ident
	}
	c := &h.Config
	id := &identity{pairings: c.Pairings()}
	if len(id.pairings) == 0 {
		id.err = fmt.Errorf("the header's tournament has no pairings (%d players)", len(c.Players))
	}
	for _, p := range c.Players {
		t, err := c.Template(p.Spec)
		if err != nil && id.err == nil {
			id.err = fmt.Errorf("the header's player %q: %w", p.Name, err)
		}
		id.templates = append(id.templates, t)
	}
	if len(c.Openings.Positions) > 0 {
		id.order = c.OpeningOrder() // the order of the runner's opening book
	}
	h.ident = id
	return id
}

// errForeign ends the message of a record that another tournament's run played.
const errForeign = " (a record from another run?)"

// CheckRecord checks that r is a game of the header's tournament: in its schedule
// (and in the header's shard), with the seed that the tournament's seed gives its
// index (Config.GameSeed), the pair and round of its index, the players of the
// pairing its index maps to in the schedule's seat order, their specs as the
// tournament gives them for that game (the spec's seed derived from the game's; an
// external engine's seed may be the value it was sent), and, for openings from a
// file, the opening the schedule gives its round (random openings cannot be known
// without replaying them: they are not checked). The error says what differs; the
// caller names the file and the line. It is not safe for concurrent use with the
// same header (the first call computes what the others use).
func (h *Header) CheckRecord(r *Record) error {
	id := h.identity()
	if id.err != nil {
		return id.err
	}
	c := &h.Config
	if total := len(id.pairings) * c.Games; r.Index < 0 || r.Index >= total {
		return fmt.Errorf("game %d is not in this tournament's schedule of %d games"+errForeign, r.Index, total)
	}
	if want := Seed(c.GameSeed(r.Index)); r.Seed != want {
		return fmt.Errorf("game %d has seed %d but this tournament's game %d has seed %d"+errForeign, r.Index, r.Seed, r.Index, want)
	}
	sl := SlotOf(id.pairings, r.Index)
	if r.Pair != sl.Pair || r.Round != sl.Round {
		return fmt.Errorf("game %d has pair %d and round %d but this tournament's game %d is of pair %d and round %d", r.Index, r.Pair, r.Round, r.Index, sl.Pair, sl.Round)
	}
	if c.Shards > 1 && !c.InShard(sl.Pair) {
		return fmt.Errorf("game %d (pair %d) is of shard %d/%d, not of this file's shard %d/%d", r.Index, sl.Pair, sl.Pair%c.Shards+1, c.Shards, c.Shard, c.Shards)
	}
	want := [2]string{c.Players[sl.Seats[0]].Name, c.Players[sl.Seats[1]].Name}
	if r.Players != want {
		return fmt.Errorf("game %d is %q against %q but this tournament's game %d is %q against %q", r.Index, r.Players[0], r.Players[1], r.Index, want[0], want[1])
	}
	for seat, p := range sl.Seats {
		t := id.templates[p]
		spec := t.ForGame(uint64(r.Seed), seat)
		if r.Specs[seat] == spec || t.engineSeedOnly(r.Specs[seat]) {
			continue
		}
		return fmt.Errorf("game %d: %s played %q but this tournament's game %d gives %s %q", r.Index, want[seat], r.Specs[seat], r.Index, want[seat], spec)
	}
	if n := len(id.order); n > 0 {
		k := id.order[sl.Round%n]
		if w := c.Openings.Positions[k]; r.Opening != w {
			return fmt.Errorf("game %d starts from %q but this tournament's round %d starts from %q (position %d of opening file %s)", r.Index, r.Opening, sl.Round, w, k+1, c.Openings.File)
		}
	}
	return nil
}

// engineKind is the spec kind of external engines (external.Kind, which the tests
// check): the identity checks know it without importing the engines.
const engineKind = "cmd"

// engineSeedOnly reports whether spec is the template's spec of an external engine
// with another seed, or none: the seed the engine was sent is mapped into the range
// of its option seed, or left out when it declares none (see external.SeedValue).
func (t SpecTemplate) engineSeedOnly(spec string) bool {
	if t.seedKey == "" {
		return false
	}
	sp, err := search.ParseSpec(spec)
	if err != nil || sp.Kind != engineKind {
		return false
	}
	return sp.Without(t.seedKey).String() == t.base
}
