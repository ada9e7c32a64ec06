package record

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/colony-ai/colony/game/memory"
	"github.com/colony-ai/colony/internal/inputfile"
	"github.com/colony-ai/colony/stats"
)

// RecordVersion is the version of the games file's format that runs write (see
// docs/games-file.md). Version 2 writes seeds as strings, the per-move figures as
// named arrays and a checksum on every line; files of version 1 are still read,
// resumed (in version 1) and merged.
const RecordVersion = 2

// OldestRecordVersion is the oldest version of the games file that is read.
const OldestRecordVersion = 1

// Header is the first line of a games file: the tournament that the games belong to.
type Header struct {
	Type    string `json:"type"` // "tournament"
	Version int    `json:"version"`
	Config
	// SPRTText is Config.SPRT in its text form.
	SPRTText string `json:"sprt,omitempty"`
	// ident is what CheckRecord derives from the header, once.
	ident *identity
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
	Seed    Seed      `json:"seed"`
	Opening string    `json:"opening"`
	// Moves are the turns in the game's turn notation, from the opening.
	Moves []string `json:"moves"`
	// Info holds, for each move, what the mover's search reported (see MoveInfo);
	// the file holds it as the arrays "scores", "depths", "nodes" and "micros".
	Info []MoveInfo `json:"-"`
	// Result is "1-0", "0-1" or "1/2-1/2" (first player's points first).
	Result string `json:"result"`
	// Winner is 0 or 1 (the seat), or -1 for a draw.
	Winner int    `json:"winner"`
	Points [2]int `json:"points"`
	// Reason is why the game ended: the game's own reason ("no log to select"), or
	// a forfeit (see Forfeit: "illegal move", "time forfeit", an engine's fault such
	// as "stalled" or "crashed"), with Detail.
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
	// Tie is true when a tie rule decided the game (equal points, a winner).
	Tie bool `json:"tie"`
	// Turns is the number of turns played from the opening.
	Turns int `json:"turns"`
	// Seconds is the game's duration.
	Seconds float64 `json:"seconds"`
}

// MoveInfo is what a player reported for one move: its search score, depth and
// nodes, and the move's time in microseconds: the time the runner measured when moves
// are timed (a move time or a clock), the time the player measured otherwise (0 for
// the random player, whose turns take less than a microsecond).
type MoveInfo struct {
	Score  int64
	Depth  int64
	Nodes  int64
	Micros int64
}

// Forfeit reasons: the runner's, and the faults of external engines
// (docs/protocol.md, "Errors and faults").
const (
	ReasonIllegal      = "illegal move"   // a turn that is not legal (or, from an engine, does not parse)
	ReasonCrash        = "crash"          // a panic in the player
	ReasonError        = "error"          // an error of the player's Play
	ReasonTime         = "time forfeit"   // over its time by more than the margin, or no reply in time
	ReasonStalled      = "stalled"        // an engine that did not answer at all (it was killed)
	ReasonProtocol     = "protocol error" // an engine's line that the protocol does not allow
	ReasonCrashed      = "crashed"        // an engine that exited with a non-zero status or a signal
	ReasonDisconnected = "disconnected"   // an engine that exited with status 0 or closed its output
	ReasonEngineError  = "engine error"   // an engine that answered error
)

// Forfeit reports whether the game was lost by a forfeit instead of by the rules.
func (r *Record) Forfeit() bool {
	switch r.Reason {
	case ReasonIllegal, ReasonCrash, ReasonError, ReasonTime,
		ReasonStalled, ReasonProtocol, ReasonCrashed, ReasonDisconnected, ReasonEngineError:
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

// appendRecord appends r as one JSON line of the current version (RecordVersion),
// without reflection (the runner writes every game): ParseGamesFile reads it back as
// the same Record (the tests check). When ends is not nil, the moves are
// text[ends[i-1]:ends[i]] instead of r.Moves.
func appendRecord(dst []byte, r *Record, text []byte, ends []int) []byte {
	return AppendRecordVersion(dst, r, text, ends, RecordVersion)
}

// AppendRecordVersion appends r as one JSON line of the given version of the games
// file (1 or 2).
func AppendRecordVersion(dst []byte, r *Record, text []byte, ends []int, version int) []byte {
	start := len(dst)
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
	if version >= 2 {
		dst = append(dst, '"')
		dst = strconv.AppendUint(dst, uint64(r.Seed), 10)
		dst = append(dst, '"')
	} else {
		dst = strconv.AppendUint(dst, uint64(r.Seed), 10)
	}
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
	if version >= 2 {
		dst = append(dst, `],"scores":`...)
		dst = appendInfoColumn(dst, r.Info, 0)
		dst = append(dst, `,"depths":`...)
		dst = appendInfoColumn(dst, r.Info, 1)
		dst = append(dst, `,"nodes":`...)
		dst = appendInfoColumn(dst, r.Info, 2)
		dst = append(dst, `,"micros":`...)
		dst = appendInfoColumn(dst, r.Info, 3)
	} else {
		dst = append(dst, `],"info":[`...)
		for i := range r.Info {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '[')
			for j := range 4 {
				if j > 0 {
					dst = append(dst, ',')
				}
				dst = appendSmallInt(dst, r.Info[i].field(j))
			}
			dst = append(dst, ']')
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"result":`...)
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
	if version >= 2 {
		dst = appendSum(dst, start)
	} else {
		dst = append(dst, '}')
	}
	return append(dst, '\n')
}

// field returns the j-th figure of m: score, depth, nodes, micros.
func (m *MoveInfo) field(j int) int64 {
	switch j {
	case 0:
		return m.Score
	case 1:
		return m.Depth
	case 2:
		return m.Nodes
	}
	return m.Micros
}

// appendInfoColumn appends the j-th figure of every move as a JSON array.
func appendInfoColumn(dst []byte, info []MoveInfo, j int) []byte {
	dst = append(dst, '[')
	for i := range info {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendSmallInt(dst, info[i].field(j))
	}
	return append(dst, ']')
}

// appendSmallInt appends v in decimal, quickly for the one-digit figures of fast
// players.
func appendSmallInt(dst []byte, v int64) []byte {
	if uint64(v) < 10 {
		return append(dst, byte('0'+v))
	}
	return strconv.AppendInt(dst, v, 10)
}

// The checksum of a line of version 2: the line ends in `,"sum":"XXXXXXXX"}` where
// XXXXXXXX is the CRC-32C (Castagnoli) of the line's bytes before `,"sum":`, in eight
// lower-case hex digits. It finds edits and damage, not forgery.
const (
	sumKey    = `,"sum":"`
	sumSuffix = len(sumKey) + 8 + len(`"}`)
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// appendSum ends the JSON object begun at dst[start] (without its closing brace)
// with its checksum.
func appendSum(dst []byte, start int) []byte {
	const hex = "0123456789abcdef"
	sum := crc32.Checksum(dst[start:], castagnoli)
	dst = append(dst, sumKey...)
	for shift := 28; shift >= 0; shift -= 4 {
		dst = append(dst, hex[sum>>uint(shift)&0xf])
	}
	return append(dst, `"}`...)
}

// checkSumInPlace is checkSum without a copy: the object it returns ends with the
// line's own bytes, its closing brace written where the checksum's comma was.
func checkSumInPlace(line []byte) ([]byte, error) {
	content, err := checkSumOf(line)
	if err != nil {
		return nil, err
	}
	return append(content, '}'), nil // over the comma before "sum"
}

// checkSum checks the checksum of a line of version 2 (without its newline) and
// returns the line without it, as a JSON object (a copy).
func checkSum(line []byte) ([]byte, error) {
	content, err := checkSumOf(line)
	if err != nil {
		return nil, err
	}
	return append(content[:len(content):len(content)], '}'), nil
}

// checkSumOf checks the checksum of a line of version 2 (without its newline) and
// returns the line's content before it: the object without its checksum and its
// closing brace.
func checkSumOf(line []byte) ([]byte, error) {
	n := len(line)
	if n < sumSuffix+1 || string(line[n-sumSuffix:n-sumSuffix+len(sumKey)]) != sumKey || string(line[n-2:]) != `"}` {
		return nil, errors.New(`it has no checksum ("sum" must end the line)`)
	}
	want, err := strconv.ParseUint(string(line[n-10:n-2]), 16, 32)
	if err != nil {
		return nil, fmt.Errorf("checksum %q is not eight hex digits", line[n-10:n-2])
	}
	content := line[:n-sumSuffix]
	if got := crc32.Checksum(content, castagnoli); got != uint32(want) {
		return nil, fmt.Errorf("its checksum is %08x, its content gives %08x", want, got)
	}
	return content, nil
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
// was writing. Any other bad line is an error naming its line number, and so is a
// line of version 2 that does not match its checksum, wherever it is (a record
// changed after it was written). It holds every game: ScanGamesFile reads a file
// one game at a time.
func ReadGamesFile(name string) (*GamesFile, error) {
	var games []Record
	gf, err := ScanGamesFile(context.Background(), name, nil, func(r *Record) error {
		games = append(games, *r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	gf.Games = games
	return gf, nil
}

// MaxLineBytes is the longest line of a games file that is read (a record holds
// every move of its game with its figures: a game of 100,000 turns takes a few
// megabytes).
const MaxLineBytes = 256 << 20

// gamesFileKind is the kind of a games file read back: a regular file of any size,
// read one line at a time.
var gamesFileKind = inputfile.Kind{What: "a games file"}

// ScanGamesFile reads the games file name as ReadGamesFile does, one line at a time
// (the memory it takes is that of its longest line, at most MaxLineBytes): it calls
// header, if not nil, with the header, then game with each game in file order (the
// record is the caller's), and returns the file without its games (Header, Torn,
// ValidSize). An error of header or game stops it and is returned as it is; so is
// ctx's error when ctx is done (it is checked every 1,024 lines).
func ScanGamesFile(ctx context.Context, name string, header func(*Header) error, game func(*Record) error) (*GamesFile, error) {
	f, _, err := gamesFileKind.Open(name)
	if err != nil {
		return nil, fmt.Errorf("games file: %w", err)
	}
	defer f.Close()
	return scanGames(ctx, f, name, header, game, MaxLineBytes)
}

// ScanGames reads a games file's content from r as ScanGamesFile does; name is used
// in errors. When r is also an io.ReaderAt and an io.Seeker (an *os.File, an
// *io.SectionReader: io.NewSectionReader(f, 0, size) reads the file as it was at that
// size), a long line is measured before it is read and read into a buffer of its
// size, as ScanGamesFile does; any other reader's lines are read into a buffer that
// grows.
func ScanGames(ctx context.Context, r io.Reader, name string, header func(*Header) error, game func(*Record) error) (*GamesFile, error) {
	return scanGames(ctx, r, name, header, game, MaxLineBytes)
}

// ErrEdited marks a line whose checksum does not match (wrapped in the error of
// ParseHeader or ParseRecord): never a torn line.
var ErrEdited = errors.New("changed after it was written")

// callerError is an error of a ScanGames caller's function, returned as it is.
type callerError struct{ err error }

func (e callerError) Error() string { return e.err.Error() }

// ParseGamesFile reads the content of a games file (see ReadGamesFile).
func ParseGamesFile(data []byte) (*GamesFile, error) {
	var games []Record
	gf, err := parseGamesMax(context.Background(), bytes.NewReader(data), nil, func(r *Record) error {
		games = append(games, *r)
		return nil
	}, MaxLineBytes)
	if err != nil {
		return nil, err
	}
	gf.Games = games
	return gf, nil
}

// scanGames is ScanGames, its errors of the file named.
func scanGames(ctx context.Context, r io.Reader, name string, header func(*Header) error, game func(*Record) error, maxLine int) (*GamesFile, error) {
	gf, err := parseGamesMax(ctx, r, header, game, maxLine)
	if err != nil {
		var ce callerError
		if errors.As(err, &ce) {
			return nil, ce.err
		}
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
			return nil, err
		}
		return nil, fmt.Errorf("games file %s: %w", name, err)
	}
	return gf, nil
}

// lineReader reads the lines of a games file: a short line into a buffer that it
// keeps, a long one (longer than its reader's buffer) into a buffer of its own, at
// most MaxLineBytes. A long line is measured before it is read when the reader can
// read at an offset (at), and the memory reading it takes is reserved from budget
// first: a line that cannot fit is refused with an error saying so, not read until
// the Go runtime ends the program.
type lineReader struct {
	r   *bufio.Reader
	buf []byte
	max int
	// at, when not nil, reads the bytes of r at their offset (base is the offset
	// where r's reading began); read counts the bytes taken from r.
	at         io.ReaderAt
	base, read int64
	// budget is what a long line's memory is reserved from (nil: none), reserved
	// the reservation of the line last returned.
	budget   *memory.Budget
	reserved uint64
}

// longLine is the length from which a line's memory is reserved from the budget.
const longLine = 1 << 20

// next returns the next line without its newline, whether it had one, and io.EOF at
// the end. The line is valid until the next call.
func (l *lineReader) next(number int) (line []byte, complete bool, err error) {
	l.release()
	l.buf = l.buf[:0]
	start := l.read
	commas := 0
	for {
		chunk, err := l.r.ReadSlice('\n')
		l.read += int64(len(chunk))
		if len(l.buf)+len(chunk) > l.max {
			return nil, false, fmt.Errorf("line %d is longer than %d bytes, the longest line read", number, l.max)
		}
		switch {
		case err == nil:
			// Copied: the reader's buffer changes when the next line is peeked at.
			l.buf = append(l.buf, chunk[:len(chunk)-1]...)
			if len(l.buf) >= longLine {
				commas += bytes.Count(chunk, []byte{','})
				if err := l.reserve(number, len(l.buf), commas, true); err != nil {
					return nil, false, err
				}
			}
			return l.buf, true, nil
		case errors.Is(err, bufio.ErrBufferFull):
			if l.at != nil {
				return l.long(number, start, chunk)
			}
			commas += bytes.Count(chunk, []byte{','})
			l.buf = append(l.buf, chunk...)
		case errors.Is(err, io.EOF):
			l.buf = append(l.buf, chunk...)
			if len(l.buf) == 0 {
				return nil, false, io.EOF
			}
			return l.buf, false, nil
		default:
			return nil, false, err
		}
	}
}

// long reads the line number that begins at start (from where r's reading began),
// of which ReadSlice returned first: it reads on to the line's end, counting, then
// reserves its memory and reads it at once into a buffer of its size (no copies of a
// growing buffer).
func (l *lineReader) long(number int, start int64, first []byte) (line []byte, complete bool, err error) {
	n, commas := len(first), bytes.Count(first, []byte{','})
	for {
		chunk, err := l.r.ReadSlice('\n')
		l.read += int64(len(chunk))
		n += len(chunk)
		if n > l.max {
			return nil, false, fmt.Errorf("line %d is longer than %d bytes, the longest line read", number, l.max)
		}
		commas += bytes.Count(chunk, []byte{','})
		if err == nil {
			complete = true
			n-- // the newline
			break
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return nil, false, err
		}
	}
	if err := l.reserve(number, n, commas, false); err != nil {
		return nil, false, err
	}
	line = make([]byte, n)
	if got, err := l.at.ReadAt(line, l.base+start); got < n {
		if err == nil || errors.Is(err, io.EOF) {
			err = errors.New("the file was cut while it was read")
		}
		return nil, false, fmt.Errorf("line %d: %w", number, err)
	}
	return line, complete, nil
}

// reserve reserves from the budget the memory that reading a line of n bytes with
// the given number of commas takes: the line (unless read already), about as much
// again for its strings, and for each comma (each element of an array: a move, a
// per-move figure) its share of the record (a string's header and bytes, the
// figure's copies), generously. A line shorter than longLine reserves nothing.
func (l *lineReader) reserve(number, n, commas int, read bool) error {
	if l.budget == nil || n < longLine {
		return nil
	}
	need := uint64(n) + uint64(commas)*48
	if !read {
		need += uint64(n)
	}
	if err := l.budget.Reserve(need, "a games file's line"); err != nil {
		var re *memory.RefusedError
		if !errors.As(err, &re) {
			return err
		}
		free, known := memory.ReadLimits().Least()
		if !known || need <= free {
			// The memory free now holds it (the budget, measured once, counting in
			// whole heap arenas and keeping an eighth aside, is stricter): it is read
			// without a reservation.
			return nil
		}
		return fmt.Errorf("line %d is %d MB, and reading it takes about %d MB, more than the %d MB of memory free (free memory, the cgroup's limit and ulimit -v, less what the program holds); give the program more memory",
			number, memory.Megabytes(uint64(n)), memory.Megabytes(need), free>>20)
	}
	l.reserved = need
	return nil
}

// release gives back the reservation of the line last read (done with by now).
func (l *lineReader) release() {
	if l.reserved > 0 {
		l.budget.Release(l.reserved)
		l.reserved = 0
	}
}

// last reports whether nothing follows the line just read.
func (l *lineReader) last() bool {
	_, err := l.r.Peek(1)
	return err != nil
}

// parseGamesMax reads a games file's content from r (see ScanGamesFile), its lines
// of at most maxLine bytes.
func parseGamesMax(ctx context.Context, r io.Reader, header func(*Header) error, game func(*Record) error, maxLine int) (*GamesFile, error) {
	return parseGamesIn(ctx, r, header, game, maxLine, memory.Default())
}

// parseGamesIn is parseGamesMax, the memory of long lines reserved from budget.
func parseGamesIn(ctx context.Context, r io.Reader, header func(*Header) error, game func(*Record) error, maxLine int, budget *memory.Budget) (*GamesFile, error) {
	gf := &GamesFile{}
	lr := &lineReader{r: bufio.NewReaderSize(r, 1<<16), max: maxLine, budget: budget}
	defer lr.release()
	if at, ok := r.(io.ReaderAt); ok {
		if s, ok := r.(io.Seeker); ok {
			if pos, err := s.Seek(0, io.SeekCurrent); err == nil {
				lr.at, lr.base = at, pos
			}
		}
	}
	var offset int64
	line := 0
	for {
		if line%1024 == 1023 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		text, complete, err := lr.next(line + 1)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		line++
		size := int64(len(text))
		if complete {
			size++
		}
		last := !complete || lr.last()
		var rec Record
		if line == 1 {
			if !complete {
				return nil, errors.New("the header line is incomplete")
			}
			err = ParseHeader(text, &gf.Header)
		} else {
			err = ParseRecord(text, gf.Header.Version, &rec)
		}
		if !complete || (err != nil && last && line > 1 && !errors.Is(err, ErrEdited)) {
			gf.Torn = size
			break
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if line == 1 && header != nil {
			if err := header(&gf.Header); err != nil {
				return nil, callerError{err}
			}
		}
		if line > 1 {
			if err := game(&rec); err != nil {
				return nil, callerError{err}
			}
		}
		offset += size
	}
	if line == 0 {
		return nil, errors.New("empty file (no header line)")
	}
	gf.ValidSize = offset
	return gf, nil
}

// headerVersion reads the version of a header line, to know how to read the rest.
func headerVersion(text []byte) (int, error) {
	var v struct {
		Type    string `json:"type"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(text, &v); err != nil {
		return 0, fmt.Errorf("not a tournament header: %w", err)
	}
	if v.Type != "tournament" {
		return 0, fmt.Errorf("not a tournament header: type %q", v.Type)
	}
	if v.Version < OldestRecordVersion || v.Version > RecordVersion {
		return 0, fmt.Errorf("games file version %d, this program reads versions %d to %d", v.Version, OldestRecordVersion, RecordVersion)
	}
	return v.Version, nil
}

// ParseHeader reads the header line text of a games file (with its checksum, if its
// version has one) into h.
func ParseHeader(text []byte, h *Header) error {
	version, err := headerVersion(text)
	if err != nil {
		return err
	}
	if version >= 2 {
		if text, err = checkSum(text); err != nil {
			return fmt.Errorf("header: %w (%w)", ErrEdited, err)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(h); err != nil {
		return fmt.Errorf("not a tournament header: %w", err)
	}
	if err := noMore(dec); err != nil {
		return fmt.Errorf("not a tournament header: %w", err)
	}
	if h.SPRTText != "" {
		t, err := stats.ParseSPRT(h.SPRTText)
		if err != nil {
			return fmt.Errorf("header: %w", err)
		}
		h.Config.SPRT = &t
	}
	return nil
}

// recordLine is a game line as the file holds it: the per-move figures of version 1
// in one unlabelled array per move, those of version 2 in one named array per figure.
type recordLine struct {
	Record
	Info   [][4]int64 `json:"info"`
	Scores []int64    `json:"scores"`
	Depths []int64    `json:"depths"`
	Nodes  []int64    `json:"nodes"`
	Micros []int64    `json:"micros"`
}

// ParseRecord reads a game line of a file of the given version. The line's bytes
// may be changed (its checksum is cut off in place): they are the caller's buffer,
// read again for the next line. It takes no copy of the line: a long line (a game of
// many moves, a long detail) takes the memory of its record besides its own.
func ParseRecord(text []byte, version int, r *Record) error {
	if version >= 2 {
		content, err := checkSumInPlace(text)
		if err != nil {
			if isJSONObject(text) {
				return fmt.Errorf("game record: %w (%w)", ErrEdited, err)
			}
			return fmt.Errorf("not a game record: %w", err)
		}
		text = content
	}
	var l recordLine
	if err := json.Unmarshal(text, &l); err != nil {
		return fmt.Errorf("not a game record: %w", err)
	}
	if key := unknownKey(text, recordKeys); key != "" {
		return fmt.Errorf("not a game record: json: unknown field %q", key)
	}
	*r = l.Record
	if r.Type != "game" {
		return fmt.Errorf("not a game record: type %q", r.Type)
	}
	if r.Winner < -1 || r.Winner > 1 || r.Index < 0 {
		return fmt.Errorf("game record %d: winner %d out of range", r.Index, r.Winner)
	}
	moves := len(r.Moves)
	if version >= 2 {
		if l.Info != nil {
			return fmt.Errorf("game record %d: \"info\" is of version 1; version 2 has \"scores\", \"depths\", \"nodes\" and \"micros\"", r.Index)
		}
		if len(l.Scores) != moves || len(l.Depths) != moves || len(l.Nodes) != moves || len(l.Micros) != moves {
			return fmt.Errorf("game record %d: %d moves with %d scores, %d depths, %d nodes and %d times", r.Index, moves, len(l.Scores), len(l.Depths), len(l.Nodes), len(l.Micros))
		}
		r.Info = make([]MoveInfo, moves)
		for i := range r.Info {
			r.Info[i] = MoveInfo{Score: l.Scores[i], Depth: l.Depths[i], Nodes: l.Nodes[i], Micros: l.Micros[i]}
		}
		return nil
	}
	if l.Scores != nil || l.Depths != nil || l.Nodes != nil || l.Micros != nil {
		return fmt.Errorf("game record %d: named per-move arrays in a file of version 1", r.Index)
	}
	r.Info = make([]MoveInfo, len(l.Info))
	for i, in := range l.Info {
		r.Info[i] = MoveInfo{Score: in[0], Depth: in[1], Nodes: in[2], Micros: in[3]}
	}
	return nil
}

// recordKeys are the keys of a game line (the JSON names of recordLine's fields), in
// lower case: a read-only table.
var recordKeys = jsonKeys(reflect.TypeFor[recordLine]())

// jsonKeys returns the JSON names of the fields of the struct type t (with those of
// its embedded structs), in lower case.
func jsonKeys(t reflect.Type) map[string]bool {
	keys := map[string]bool{}
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous || !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		keys[strings.ToLower(name)] = true
	}
	return keys
}

// unknownKey returns the first key of the JSON object text (valid JSON: Unmarshal
// read it) that is not in keys (matched without regard to case, as Unmarshal does),
// or "": json.Decoder's DisallowUnknownFields without the decoder's copy of the line.
func unknownKey(text []byte, keys map[string]bool) string {
	i := skipSpace(text, 0)
	if i >= len(text) || text[i] != '{' {
		return ""
	}
	i++
	for {
		i = skipSpace(text, i)
		if i >= len(text) || text[i] == '}' {
			return ""
		}
		if text[i] == ',' {
			i = skipSpace(text, i+1)
		}
		end := stringEnd(text, i)
		if raw := text[i+1 : end-1]; bytes.IndexByte(raw, '\\') >= 0 || !keys[string(raw)] { // no allocation for a key as written
			var key string
			if err := json.Unmarshal(text[i:end], &key); err != nil {
				return ""
			}
			if !keys[strings.ToLower(key)] {
				return key
			}
		}
		i = skipSpace(text, end) + 1 // the colon
		i = valueEnd(text, skipSpace(text, i))
	}
}

// skipSpace returns the index of the first byte of text from i that is not JSON
// white space.
func skipSpace(text []byte, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index after the JSON string that begins at text[i].
func stringEnd(text []byte, i int) int {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(text)
}

// valueEnd returns the index after the JSON value that begins at text[i].
func valueEnd(text []byte, i int) int {
	depth := 0
	for j := i; j < len(text); j++ {
		switch text[j] {
		case '"':
			j = stringEnd(text, j) - 1
			if depth == 0 {
				return j + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return j
			}
			depth--
			if depth == 0 {
				return j + 1
			}
		case ',':
			if depth == 0 {
				return j
			}
		}
	}
	return len(text)
}

// isJSONObject reports whether text is one JSON object (a whole line, not a torn one).
func isJSONObject(text []byte) bool {
	t := bytes.TrimLeft(text, " \t\r\n")
	return len(t) > 0 && t[0] == '{' && json.Valid(t)
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
	if err := sameInputs(&a, &b); err != nil {
		return err
	}
	// The input files are known by their hashes (sameInputs): not by their names, and
	// not at all in a header written before they were recorded.
	a.Board, a.Inputs, b.Board, b.Inputs = nil, nil, nil, nil
	a.Shard, a.Shards, b.Shard, b.Shards = 0, 0, 0, 0
	a.Version, b.Version = 0, 0 // a file of an older version may be resumed and merged
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
	keys := make([]string, 0, len(ma)+len(mb))
	for k := range ma {
		keys = append(keys, k)
	}
	for k := range mb {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range slices.Compact(keys) {
		if !bytes.Equal(ma[k], mb[k]) {
			return fmt.Errorf("%s differs: %s vs %s", k, orNone(ma[k]), orNone(mb[k]))
		}
	}
	return errors.New("the tournaments differ")
}

// orNone writes a header's value, or "none" for a key it does not have.
func orNone(v json.RawMessage) string {
	if v == nil {
		return "none"
	}
	return string(v)
}

// WriteHeader writes h as the first line of a games file (with its checksum from
// version 2 on).
func WriteHeader(w io.Writer, h Header) error {
	b, err := json.Marshal(h)
	if err != nil {
		return err
	}
	if h.Version >= 2 {
		b = appendSum(b[:len(b)-1], 0) // the object without its closing brace
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Seed is a 64-bit seed. JSON holds it as a decimal string ("seed":"123"), as JSON
// readers that keep numbers as doubles (JavaScript, jq) round seeds above 2^53; it
// reads a number too (the games files of version 1).
type Seed uint64

// MarshalJSON writes the seed as a decimal string.
func (s Seed) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, strconv.FormatUint(uint64(s), 10)), nil
}

// UnmarshalJSON reads a seed written as a decimal string or a number.
func (s *Seed) UnmarshalJSON(b []byte) error {
	text := string(b)
	if len(text) >= 2 && text[0] == '"' && text[len(text)-1] == '"' {
		text = text[1 : len(text)-1]
	}
	v, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return fmt.Errorf("seed %s: want a whole number from 0 to %d", b, uint64(math.MaxUint64))
	}
	*s = Seed(v)
	return nil
}
