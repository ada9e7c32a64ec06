package tournament

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// RecordVersion is the version of the games file's format.
const RecordVersion = 1

// Header is the first line of a games file: the tournament that the games belong to.
type Header struct {
	Type    string `json:"type"` // "tournament"
	Version int    `json:"version"`
	Config
	// SPRTText is Config.SPRT in its text form.
	SPRTText string `json:"sprt,omitempty"`
}

// NewHeader returns the header of cfg's games file.
func NewHeader(cfg Config) Header {
	h := Header{Type: "tournament", Version: RecordVersion, Config: cfg}
	if cfg.SPRT != nil {
		h.SPRTText = cfg.SPRT.String()
	}
	return h
}

// Record is one finished game, one line of the games file.
type Record struct {
	Type  string `json:"type"` // "game"
	Index int    `json:"index"`
	Pair  int    `json:"pair"`
	Round int    `json:"round"`
	// Players are the players' names and Specs the specs they played with (seed and
	// limits included), the first player's first.
	Players [2]string `json:"players"`
	Specs   [2]string `json:"specs"`
	Seed    uint64    `json:"seed"`
	Opening string    `json:"opening"`
	// Moves are the turns in the game's turn notation, from the opening.
	Moves []string `json:"moves"`
	// Info holds, for each move, the mover's search score, depth, nodes and time in
	// microseconds: the time the runner measured when moves are timed (a move time
	// or a clock), the time the player measured otherwise (0 for the random player,
	// whose turns take less than a microsecond).
	Info [][4]int64 `json:"info"`
	// Result is "1-0", "0-1" or "1/2-1/2" (first player's points first).
	Result string `json:"result"`
	// Winner is 0 or 1 (the seat), or -1 for a draw.
	Winner int    `json:"winner"`
	Points [2]int `json:"points"`
	// Reason is why the game ended: the game's own reason ("no log to select"), or
	// a forfeit: "illegal move", "crash", "error" or "time forfeit", with Detail.
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
	// Tie is true when a tie rule decided the game (equal points, a winner).
	Tie bool `json:"tie"`
	// Turns is the number of turns played from the opening.
	Turns int `json:"turns"`
	// Seconds is the game's duration.
	Seconds float64 `json:"seconds"`
}

// Forfeit reasons.
const (
	ReasonIllegal = "illegal move"
	ReasonCrash   = "crash"
	ReasonError   = "error"
	ReasonTime    = "time forfeit"
)

// Forfeit reports whether the game was lost by a forfeit instead of by the rules.
func (r *Record) Forfeit() bool {
	switch r.Reason {
	case ReasonIllegal, ReasonCrash, ReasonError, ReasonTime:
		return true
	}
	return false
}

// ScoreOf returns seat's points in the game: 1, 0.5 or 0.
func (r *Record) ScoreOf(seat int) float64 {
	switch r.Winner {
	case seat:
		return 1
	case -1:
		return 0.5
	}
	return 0
}

// appendRecord appends r as one JSON line, without reflection (the runner writes
// every game): encoding/json reads it back as the same Record (the tests check).
// When ends is not nil, the moves are text[ends[i-1]:ends[i]] instead of r.Moves.
func appendRecord(dst []byte, r *Record, text []byte, ends []int) []byte {
	dst = append(dst, `{"type":"game","index":`...)
	dst = strconv.AppendInt(dst, int64(r.Index), 10)
	dst = append(dst, `,"pair":`...)
	dst = strconv.AppendInt(dst, int64(r.Pair), 10)
	dst = append(dst, `,"round":`...)
	dst = strconv.AppendInt(dst, int64(r.Round), 10)
	dst = append(dst, `,"players":[`...)
	dst = appendJSONString(dst, r.Players[0])
	dst = append(dst, ',')
	dst = appendJSONString(dst, r.Players[1])
	dst = append(dst, `],"specs":[`...)
	dst = appendJSONString(dst, r.Specs[0])
	dst = append(dst, ',')
	dst = appendJSONString(dst, r.Specs[1])
	dst = append(dst, `],"seed":`...)
	dst = strconv.AppendUint(dst, r.Seed, 10)
	dst = append(dst, `,"opening":`...)
	dst = appendJSONString(dst, r.Opening)
	dst = append(dst, `,"moves":[`...)
	if ends != nil {
		from := 0
		for i, end := range ends {
			if i > 0 {
				dst = append(dst, ',')
			}
			// Moves are plain ASCII notation: no escaping needed.
			dst = append(append(append(dst, '"'), text[from:end]...), '"')
			from = end
		}
	} else {
		for i, m := range r.Moves {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, m)
		}
	}
	dst = append(dst, `],"info":[`...)
	for i, in := range r.Info {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		for j, v := range in {
			if j > 0 {
				dst = append(dst, ',')
			}
			if uint64(v) < 10 { // most of a fast player's figures
				dst = append(dst, byte('0'+v))
			} else {
				dst = strconv.AppendInt(dst, v, 10)
			}
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `],"result":`...)
	dst = appendJSONString(dst, r.Result)
	dst = append(dst, `,"winner":`...)
	dst = strconv.AppendInt(dst, int64(r.Winner), 10)
	dst = append(dst, `,"points":[`...)
	dst = strconv.AppendInt(dst, int64(r.Points[0]), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(r.Points[1]), 10)
	dst = append(dst, `],"reason":`...)
	dst = appendJSONString(dst, r.Reason)
	if r.Detail != "" {
		dst = append(dst, `,"detail":`...)
		dst = appendJSONString(dst, r.Detail)
	}
	dst = append(dst, `,"tie":`...)
	dst = strconv.AppendBool(dst, r.Tie)
	dst = append(dst, `,"turns":`...)
	dst = strconv.AppendInt(dst, int64(r.Turns), 10)
	dst = append(dst, `,"seconds":`...)
	dst = appendJSONFloat(dst, r.Seconds)
	return append(dst, "}\n"...)
}

// appendJSONString appends s as a JSON string: quotes, backslashes and control
// characters escaped, invalid UTF-8 replaced by U+FFFD, everything else as it is
// (so a move such as "A2>B2" stays readable).
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || size != 1 {
				i += size
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, `\n`...)
		case '\t':
			dst = append(dst, `\t`...)
		case '\r':
			dst = append(dst, `\r`...)
		default:
			dst = append(dst, `\u00`...)
			dst = append(dst, hex[c>>4], hex[c&0xf])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendJSONFloat appends x as encoding/json writes a float64 (non-finite numbers,
// which JSON cannot hold, as 0).
func appendJSONFloat(dst []byte, x float64) []byte {
	if a := math.Abs(x); x == 0 || (a >= 1e-6 && a < 1e21) {
		return strconv.AppendFloat(dst, x, 'f', -1, 64)
	}
	b, err := json.Marshal(x)
	if err != nil {
		return append(dst, '0')
	}
	return append(dst, b...)
}

// GamesFile is the content of a games file: its header and its games.
type GamesFile struct {
	Header Header
	Games  []Record
	// Torn is the number of bytes at the end of the file that do not form a whole
	// game line (a run killed while writing); ValidSize is the size of the rest.
	Torn      int64
	ValidSize int64
}

// ReadGamesFile reads a games file. A last line that is not complete (no newline)
// or does not parse is reported in Torn, not as an error: it is the game a killed run
// was writing. Any other bad line is an error naming its line number.
func ReadGamesFile(name string) (*GamesFile, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("games file: %w", err)
	}
	gf, err := ParseGamesFile(data)
	if err != nil {
		return nil, fmt.Errorf("games file %s: %w", name, err)
	}
	return gf, nil
}

// ParseGamesFile reads the content of a games file (see ReadGamesFile).
func ParseGamesFile(data []byte) (*GamesFile, error) {
	gf := &GamesFile{}
	var offset int64
	line := 0
	for len(data) > 0 {
		line++
		end := bytes.IndexByte(data, '\n')
		complete := end >= 0
		text := data
		if complete {
			text = data[:end]
		}
		last := !complete || len(data) == end+1
		var err error
		if line == 1 {
			if !complete {
				return nil, errors.New("the header line is incomplete")
			}
			err = parseHeader(text, &gf.Header)
		} else {
			var r Record
			err = parseRecord(text, &r)
			if err == nil && complete {
				gf.Games = append(gf.Games, r)
			}
		}
		if !complete || (err != nil && last && line > 1) {
			gf.Torn = int64(len(data))
			break
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		offset += int64(end + 1)
		data = data[end+1:]
	}
	if line == 0 {
		return nil, errors.New("empty file (no header line)")
	}
	gf.ValidSize = offset
	return gf, nil
}

func parseHeader(text []byte, h *Header) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(h); err != nil {
		return fmt.Errorf("not a tournament header: %w", err)
	}
	if err := noMore(dec); err != nil {
		return fmt.Errorf("not a tournament header: %w", err)
	}
	if h.Type != "tournament" {
		return fmt.Errorf("not a tournament header: type %q", h.Type)
	}
	if h.Version != RecordVersion {
		return fmt.Errorf("games file version %d, this program reads version %d", h.Version, RecordVersion)
	}
	if h.SPRTText != "" {
		t, err := ParseSPRT(h.SPRTText)
		if err != nil {
			return fmt.Errorf("header: %w", err)
		}
		h.Config.SPRT = &t
	}
	return nil
}

func parseRecord(text []byte, r *Record) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(r); err != nil {
		return fmt.Errorf("not a game record: %w", err)
	}
	if err := noMore(dec); err != nil {
		return fmt.Errorf("not a game record: %w", err)
	}
	if r.Type != "game" {
		return fmt.Errorf("not a game record: type %q", r.Type)
	}
	if r.Winner < -1 || r.Winner > 1 || r.Index < 0 {
		return fmt.Errorf("game record %d: winner %d out of range", r.Index, r.Winner)
	}
	return nil
}

// noMore checks that dec has nothing left but white space.
func noMore(dec *json.Decoder) error {
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}

// SameTournament reports how a and b differ as tournaments, ignoring the shard (so
// shards of one tournament agree), or nil when they are the same.
func SameTournament(a, b Header) error {
	a.Shard, a.Shards, b.Shard, b.Shards = 0, 0, 0, 0
	a.Config.SPRT, b.Config.SPRT = nil, nil
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	if bytes.Equal(ja, jb) {
		return nil
	}
	var ma, mb map[string]json.RawMessage
	_ = json.Unmarshal(ja, &ma)
	_ = json.Unmarshal(jb, &mb)
	keys := make([]string, 0, len(ma))
	for k := range ma {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !bytes.Equal(ma[k], mb[k]) {
			return fmt.Errorf("%s differs: %s vs %s", k, ma[k], mb[k])
		}
	}
	return errors.New("the tournaments differ")
}

// WriteHeader writes h as the first line of a games file.
func WriteHeader(w io.Writer, h Header) error {
	b, err := json.Marshal(h)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Merged is the union of the games files of one tournament.
type Merged struct {
	Header Header
	// Games are the games in schedule order (up to the SPRT's decision, if any).
	Games []Record
	SPRT  *SPRTState
	// Shards is the number of shards the files were played as (the largest a file's
	// header gives; 0 or 1 for whole runs).
	Shards int
}

// Missing returns the indices, in order, of the games of the whole schedule that the
// files do not hold: none once an SPRT in the files has decided (the games after its
// decision are never played).
func (m *Merged) Missing() []int {
	if m.SPRT != nil && m.SPRT.StopPair >= 0 {
		return nil
	}
	have := make([]bool, m.Header.Config.TotalGames())
	for i := range m.Games {
		if k := m.Games[i].Index; k >= 0 && k < len(have) {
			have[k] = true
		}
	}
	var out []int
	for k, ok := range have {
		if !ok {
			out = append(out, k)
		}
	}
	return out
}

// MissingShards returns the shards (numbered from 1, of Shards) that the files hold
// none of the games of, given the missing games (see Missing); nil for whole runs.
func (m *Merged) MissingShards(missing []int) []int {
	if m.Shards < 2 {
		return nil
	}
	perShard := make([]int, m.Shards) // games of each shard in the schedule
	lost := make([]int, m.Shards)
	for k := range m.Header.Config.TotalGames() {
		perShard[(k/2)%m.Shards]++
	}
	for _, k := range missing {
		lost[(k/2)%m.Shards]++
	}
	var out []int
	for i := range lost {
		if lost[i] > 0 && lost[i] == perShard[i] {
			out = append(out, i+1)
		}
	}
	return out
}

// IndexRanges writes game indices (in increasing order) as ranges: "3, 7-9, 12". At
// most limit ranges are written, then "and N more games".
func IndexRanges(indices []int, limit int) string {
	var parts []string
	for i := 0; i < len(indices); {
		j := i
		for j+1 < len(indices) && indices[j+1] == indices[j]+1 {
			j++
		}
		if len(parts) == limit {
			parts = append(parts, fmt.Sprintf("and %d more games", len(indices)-i))
			break
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", indices[i], indices[j]))
		} else {
			parts = append(parts, strconv.Itoa(indices[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// MergeFiles reads games files of one tournament (shards, or runs of one shard) and
// returns their games: the headers must agree but for the shard, and a game recorded
// in two files must be the same game (its moves and result). A torn last line is
// left out, as a resumed run would replay it.
func MergeFiles(names []string) (*Merged, error) {
	if len(names) == 0 {
		return nil, errors.New("no games files")
	}
	var m Merged
	seen := map[int]string{} // game index → file
	var records []Record
	for i, name := range names {
		gf, err := ReadGamesFile(name)
		if err != nil {
			return nil, err
		}
		m.Shards = max(m.Shards, gf.Header.Shards)
		if i == 0 {
			m.Header = gf.Header
			m.Header.Shard, m.Header.Shards = 0, 0
		} else if err := SameTournament(m.Header, gf.Header); err != nil {
			return nil, fmt.Errorf("%s is not of the tournament of %s: %w", name, names[0], err)
		}
		for _, r := range gf.Games {
			if other, dup := seen[r.Index]; dup {
				if prev := records[slices.IndexFunc(records, func(x Record) bool { return x.Index == r.Index })]; !sameGame(&prev, &r) {
					return nil, fmt.Errorf("game %d differs between %s and %s", r.Index, other, name)
				}
				continue
			}
			seen[r.Index] = name
			records = append(records, r)
		}
	}
	res, err := Collect(m.Header.Config, records)
	if err != nil {
		return nil, err
	}
	m.Games, m.SPRT = res.Games, res.SPRT
	return &m, nil
}

// sameGame reports whether two records are of the same game (timing aside).
func sameGame(a, b *Record) bool {
	return a.Index == b.Index && a.Players == b.Players && a.Specs == b.Specs && a.Seed == b.Seed &&
		a.Opening == b.Opening && slices.Equal(a.Moves, b.Moves) && a.Result == b.Result && a.Reason == b.Reason
}
