package record

// Merging the games files of one tournament (shards, or runs of one shard) by the
// games' indices ('colony tournament merge').

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/stats"
)

// Summary returns the line of a merge of files games files: "merged <files> file(s):
// <games> of <total> games".
func (m *Merged) Summary(files int) string {
	noun := "files"
	if files == 1 {
		noun = "file"
	}
	return fmt.Sprintf("merged %d %s: %d of %d games\n", files, noun, m.count(), m.Header.Config.TotalGames())
}

// Merged is the union of the games files of one tournament.
type Merged struct {
	Header Header
	// Games are the games in schedule order (up to the SPRT's decision, if any),
	// without their moves, per-move figures and specs, when there are at most
	// MaxKeptRecords (nil past it); Summaries holds them all.
	Games     []Record
	Summaries *GameList
	SPRT      *SPRTState
	// Shards is the number of shards the files were played as (the largest a file's
	// header gives; 0 or 1 for whole runs).
	Shards int
}

// Len returns the number of merged games (0 for nil).
func (m *Merged) Len() int { return m.count() }

// UntilPair returns the merge of the games of the pairs below pair.
func (m *Merged) UntilPair(pair int) *Merged {
	out := *m
	if m.Summaries != nil {
		out.Summaries = m.Summaries.UntilPair(pair)
	}
	if m.Games != nil {
		out.Games = []Record{}
		for _, r := range m.Games {
			if r.Pair < pair {
				out.Games = append(out.Games, r)
			}
		}
	}
	return &out
}

// Collect counts the merged games as a run of cfg would (see Collect): with their
// records when the merge holds them, else from their summaries only.
func (m *Merged) Collect(cfg Config) (*Collection, error) {
	if m.Summaries != nil && m.Games == nil {
		return CollectGames(cfg, m.Summaries)
	}
	return Collect(cfg, m.Games)
}

// count returns the number of merged games.
func (m *Merged) count() int {
	if m == nil {
		return 0
	}
	if m.Summaries != nil {
		return m.Summaries.Len()
	}
	return len(m.Games)
}

// held calls f with the indices of the merged games in increasing order, each once.
func (m *Merged) held(f func(index int)) {
	last := -1
	once := func(k int) {
		if k != last {
			f(k)
			last = k
		}
	}
	if m.Summaries != nil {
		sorted := m.Summaries.Sorted()
		for i := range sorted.Len() {
			once(int(sorted.games.at(i).Index))
		}
		return
	}
	indices := make([]int, len(m.Games))
	for i := range m.Games {
		indices[i] = m.Games[i].Index
	}
	slices.Sort(indices)
	for _, k := range indices {
		once(k)
	}
}

// missingGaps calls f with the runs of games of the schedule, first to last, that
// the files do not hold, in order: none once an SPRT in the files has decided (the
// games after its decision are never played). It holds nothing per game.
func (m *Merged) missingGaps(f func(first, last int)) {
	if m.SPRT != nil && m.SPRT.StopPair >= 0 {
		return
	}
	total := m.Header.Config.TotalGames()
	next := 0
	m.held(func(k int) {
		if k < 0 || k >= total {
			return
		}
		if k > next {
			f(next, k-1)
		}
		next = k + 1
	})
	if next < total {
		f(next, total-1)
	}
}

// Missing returns the indices, in order, of the games of the whole schedule that the
// files do not hold: none once an SPRT in the files has decided (the games after its
// decision are never played). It lists every one: DescribeMissing says the same in
// bounded memory.
func (m *Merged) Missing() []int {
	var out []int
	m.missingGaps(func(first, last int) {
		for k := first; k <= last; k++ {
			out = append(out, k)
		}
	})
	return out
}

// gamesOfShard counts the games with indices below n that shard (from 0, of shards)
// plays: games 2k and 2k+1 are pair k, of shard k mod shards.
func gamesOfShard(n, shard, shards int) int {
	if n <= 0 {
		return 0
	}
	pairs := n / 2 // whole pairs below n
	full := pairs / shards
	if pairs%shards > shard {
		full++
	}
	g := 2 * full
	if n%2 == 1 && (n/2)%shards == shard {
		g++
	}
	return g
}

// MissingShards returns the shards (numbered from 1, of Shards) that the files hold
// none of the games of, given the missing games (see Missing); nil for whole runs.
func (m *Merged) MissingShards(missing []int) []int {
	if m.Shards < 2 {
		return nil
	}
	lost := make([]int, m.Shards)
	for _, k := range missing {
		lost[(k/2)%m.Shards]++
	}
	return m.emptyShards(lost)
}

// emptyShards returns the shards (from 1) whose lost games, by shard from 0, are all
// their games of the schedule.
func (m *Merged) emptyShards(lost []int) []int {
	total := m.Header.Config.TotalGames()
	var out []int
	for i := range lost {
		if lost[i] > 0 && lost[i] == gamesOfShard(total, i, m.Shards) {
			out = append(out, i+1)
		}
	}
	return out
}

// IndexRanges writes game indices (in increasing order) as ranges: "3, 7-9, 12". At
// most limit ranges are written, then "and N more games".
func IndexRanges(indices []int, limit int) string {
	var rs indexRanges
	rs.limit = limit
	for i := 0; i < len(indices); {
		j := i
		for j+1 < len(indices) && indices[j+1] == indices[j]+1 {
			j++
		}
		rs.add(indices[i], indices[j])
		i = j + 1
	}
	return rs.String()
}

// indexRanges writes runs of game indices as IndexRanges does, added one run at a
// time: it keeps the first limit runs and counts the games of the others.
type indexRanges struct {
	limit int
	parts []string
	more  int // games past the limit
}

func (rs *indexRanges) add(first, last int) {
	switch {
	case len(rs.parts) == rs.limit || rs.more > 0:
		rs.more += last - first + 1
	case last > first:
		rs.parts = append(rs.parts, fmt.Sprintf("%d-%d", first, last))
	default:
		rs.parts = append(rs.parts, strconv.Itoa(first))
	}
}

func (rs *indexRanges) String() string {
	parts := rs.parts
	if rs.more > 0 {
		parts = append(slices.Clip(parts), fmt.Sprintf("and %d more games", rs.more))
	}
	return strings.Join(parts, ", ")
}

// MergeFiles reads games files of one tournament (shards, or runs of one shard) and
// returns their games: the headers must agree but for the shard, and a game recorded
// in two files must be the same game (its players, specs, seed, opening, moves,
// result and reason, compared by a 64-bit hash). A torn last line is left out, as a
// resumed run would replay it. The files are read one line at a time and each game
// is kept as a summary (see GameList): the memory it takes grows by some 40 bytes a
// game, whatever the schedule's size.
func MergeFiles(names []string) (*Merged, error) {
	return MergeFilesContext(context.Background(), names)
}

// MergeFilesContext is MergeFiles, stopped when ctx is done (ScanGamesFile).
func MergeFilesContext(ctx context.Context, names []string) (*Merged, error) {
	if len(names) == 0 {
		return nil, errors.New("no games files")
	}
	ml := &mergeLoad{}
	for i, name := range names {
		ml.file, ml.name, ml.line = i, name, 1
		_, err := ScanGamesFile(ctx, name, func(h *Header) error {
			return ml.header(names, h)
		}, ml.game)
		if err != nil {
			return nil, err
		}
	}
	return ml.merged(names)
}

// mergeLoad keeps the games of merged files as they are read.
type mergeLoad struct {
	m    Merged
	file int // the file being read, by its place in the names
	// name is the file being read, line the line of its last record.
	name string
	line int
	// current is the header of the file being read.
	current *Header
	games   *GameList
	entries []mergeEntry
	// records holds the games' records (without moves) while there are at most
	// MaxKeptRecords, by entry; full is set and records dropped past that.
	records []Record
	full    bool
}

// mergeEntry is one game of a merged file.
type mergeEntry struct {
	s    Summary
	hash uint64 // of the fields that identify the game (see gameHash)
	file int32
}

// header checks the header h of file ml.file against the first file's.
func (ml *mergeLoad) header(names []string, h *Header) error {
	ml.m.Shards = max(ml.m.Shards, h.Shards)
	ml.current = h
	if ml.file == 0 {
		ml.m.Header = *h
		ml.m.Header.Shard, ml.m.Header.Shards = 0, 0
		ml.games = NewGameListOf(&ml.m.Header.Config)
		return nil
	}
	if err := SameTournament(ml.m.Header, *h); err != nil {
		return fmt.Errorf("%s is not of the tournament of %s: %w", names[ml.file], names[0], err)
	}
	return nil
}

// game keeps one game of the file being read (called for each, in file order, with
// ml.current its file's header): every record of a merge passes here.
func (ml *mergeLoad) game(r *Record) error {
	ml.line++ // game lines follow the header
	if err := ml.current.CheckRecord(r); err != nil {
		return fmt.Errorf("%s:%d: %w", ml.name, ml.line, err)
	}
	s, err := ml.games.summarize(r)
	if err != nil {
		return err
	}
	ml.entries = append(ml.entries, mergeEntry{s: s, hash: gameHash(r), file: int32(ml.file)})
	switch {
	case ml.full:
	case len(ml.records) == MaxKeptRecords:
		ml.records, ml.full = nil, true
	default:
		r.Moves, r.Info, r.Specs = nil, nil, [2]string{}
		ml.records = append(ml.records, *r)
	}
	return nil
}

// merged returns the merge of the games read: each game once (the first file's),
// counted as a run counts them (CollectGames).
func (ml *mergeLoad) merged(names []string) (*Merged, error) {
	m := &ml.m
	order := make([]int32, len(ml.entries)) // the entries by index, then by file
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return cmpSummary(ml.entries[a].s, ml.entries[b].s) })
	c := NewCollector(&m.Header.Config, 0)
	c.games = ml.games.withGames(blocks{})
	for i, k := range order {
		e := &ml.entries[k]
		if i > 0 {
			if prev := &ml.entries[order[i-1]]; prev.s.Index == e.s.Index {
				if prev.hash != e.hash {
					return nil, fmt.Errorf("game %d differs between %s and %s", e.s.Index, names[prev.file], names[e.file])
				}
				continue
			}
		}
		var rec *Record
		if !ml.full {
			rec = &ml.records[k]
		}
		if err := c.AddSummary(e.s, ml.games.Reason(&e.s), rec); err != nil {
			return nil, err
		}
	}
	ml.entries, ml.records = nil, nil
	res := c.Result()
	m.Games, m.Summaries, m.SPRT = res.Games, res.Summaries, res.SPRT
	if m.Games == nil && !ml.full {
		m.Games = []Record{}
	}
	return m, nil
}

// gameHash returns a 64-bit hash of the fields of r that make it the same game in
// two files (timing aside): its index, players, specs, seed, opening, moves, result
// and reason.
func gameHash(r *Record) uint64 {
	h := fnv.New64a()
	var num [8]byte
	put := func(s string) {
		binary.LittleEndian.PutUint64(num[:], uint64(len(s)))
		h.Write(num[:])
		h.Write([]byte(s))
	}
	binary.LittleEndian.PutUint64(num[:], uint64(r.Index))
	h.Write(num[:])
	put(r.Players[0])
	put(r.Players[1])
	put(r.Specs[0])
	put(r.Specs[1])
	binary.LittleEndian.PutUint64(num[:], uint64(r.Seed))
	h.Write(num[:])
	put(r.Opening)
	binary.LittleEndian.PutUint64(num[:], uint64(len(r.Moves)))
	h.Write(num[:])
	for _, mv := range r.Moves {
		put(mv)
	}
	put(r.Result)
	put(r.Reason)
	return h.Sum64()
}

// TestSPRT runs the SPRT test over the pairs of the merged match in schedule order,
// as a run of the match with the test would have, stopping at the first pair where
// it decides: Games then hold the pairs up to the decision, SPRT the test's state,
// and Header.Config the test. The files must hold a match of two players.
func (m *Merged) TestSPRT(test stats.SPRT) error {
	cfg := m.Header.Config
	if len(cfg.Players) != 2 {
		return fmt.Errorf("an SPRT needs a match of two players, the files hold %d", len(cfg.Players))
	}
	cfg.SPRT = &test
	res, err := m.Collect(cfg)
	if err != nil {
		return err
	}
	m.Header.Config, m.Games, m.Summaries, m.SPRT = cfg, res.Games, res.Summaries, res.SPRT
	return nil
}

// maxListedRanges is the number of runs of missing games that DescribeMissing lists.
const maxListedRanges = 8

// DescribeMissing says which games of the schedule the files do not hold (see
// Missing), and the shards none of whose games they hold (see MissingShards): "3 of
// 40 games are missing (games 4-5, 9); no file holds any game of shard 2/4", or ""
// when none is missing. It lists the first runs of missing games and counts the
// others, holding nothing per game.
func (m *Merged) DescribeMissing() string {
	rs := indexRanges{limit: maxListedRanges}
	count := 0
	var lost []int
	if m.Shards >= 2 {
		lost = make([]int, m.Shards)
	}
	m.missingGaps(func(first, last int) {
		count += last - first + 1
		rs.add(first, last)
		for i := range lost {
			lost[i] += gamesOfShard(last+1, i, m.Shards) - gamesOfShard(first, i, m.Shards)
		}
	})
	if count == 0 {
		return ""
	}
	total := m.Header.Config.TotalGames()
	msg := fmt.Sprintf("%d of %d games are missing (games %s)", count, total, rs.String())
	if shards := m.emptyShards(lost); len(shards) > 0 {
		var names []string
		for _, k := range shards {
			names = append(names, fmt.Sprintf("%d/%d", k, m.Shards))
		}
		msg += fmt.Sprintf("; no file holds any game of shard %s", strings.Join(names, ", "))
	}
	return msg
}
