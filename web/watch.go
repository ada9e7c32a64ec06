package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/gamepage"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// The Watch view: the games files of the results directory the operator named, and
// the tournament running there. Names from the page are paths relative to that
// directory, opened through an os.Root: nothing outside it (a "..", an absolute
// path, a symbolic link out of it) is read.

// Bounds of what the Watch view reads.
const (
	maxFiles    = 2000    // games files listed
	maxDepth    = 4       // directory levels below the results directory
	maxFileSize = 1 << 30 // bytes of a games file read (one line at a time)
)

// errNoDir answers the Watch view's requests when no directory was named.
var errNoDir = &httpError{http.StatusNotFound, errors.New("no results directory was named when the server was started (colony serve --dir DIR)")}

// FileInfo is one games file of the results directory.
type FileInfo struct {
	Name     string    `json:"name"` // relative to the directory, slash-separated
	Size     int64     `json:"size"`
	Modified time.Time `json:"modified"`
}

// openRoot opens the results directory.
func (s *Server) openRoot() (*os.Root, error) {
	if s.dir == "" {
		return nil, errNoDir
	}
	root, err := os.OpenRoot(s.dir)
	if err != nil {
		return nil, &httpError{http.StatusNotFound, fmt.Errorf("the results directory %s: %w", lastElem(s.dir), err)}
	}
	return root, nil
}

func (s *Server) files(w http.ResponseWriter, r *http.Request) {
	root, err := s.openRoot()
	if err != nil {
		fail(w, err)
		return
	}
	defer root.Close()
	out := []FileInfo{}
	err = fs.WalkDir(rootFS{root}, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable corner is left out
		}
		if d.IsDir() {
			if name != "." && (strings.HasPrefix(d.Name(), ".") || strings.Count(name, "/") >= maxDepth) {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(name, ".jsonl") {
			return nil
		}
		info, err := root.Lstat(name) // through the root, as the listing
		if err != nil {
			return nil
		}
		out = append(out, FileInfo{Name: name, Size: info.Size(), Modified: info.ModTime().UTC()})
		if len(out) >= maxFiles {
			return fs.SkipAll
		}
		return nil
	})
	if err != nil {
		fail(w, err)
		return
	}
	slices.SortFunc(out, func(a, b FileInfo) int { return strings.Compare(a.Name, b.Name) })
	writeJSON(w, http.StatusOK, out)
}

// relName checks a name from the page: a relative, slash-separated path inside the
// results directory.
func relName(name string) (string, error) {
	if name == "" {
		return ".", nil
	}
	clean := path.Clean(name)
	if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") || strings.Contains(name, "\\") || !fs.ValidPath(clean) {
		return "", badRequest(fmt.Errorf("%q: a name is a path inside the results directory", name))
	}
	return clean, nil
}

// readGamesFile reads the games file of that name in the results directory one line
// at a time, calling game with each game (the record is game's), and returns it
// without its games. It takes one of the server's read slots, waiting while ctx
// lasts, and refuses a line over maxLineBytes.
func (s *Server) readGamesFile(ctx context.Context, name string, game func(*record.Record)) (*record.GamesFile, catalog.Ruleset, error) {
	rel, err := relName(name)
	if err != nil {
		return nil, nil, err
	}
	root, err := s.openRoot()
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	f, info, err := openIn(root, rel, false)
	if errors.Is(err, errNotRegular) {
		return nil, nil, badRequest(fmt.Errorf("%s is not a games file", name))
	}
	if err != nil {
		return nil, nil, &httpError{http.StatusNotFound, fmt.Errorf("%s: %w", name, errors.Unwrap(err))}
	}
	defer f.Close()
	if info.Size() > maxFileSize {
		return nil, nil, badRequest(fmt.Errorf("%s is over %d MiB", name, maxFileSize>>20))
	}
	release, err := s.acquireRead(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer release()
	// The file is read up to its size when opened: a run appending meanwhile adds a
	// torn line at most, which is skipped.
	gf, err := record.ScanGames(ctx, &lineLimiter{r: io.LimitReader(f, info.Size()), max: maxLineBytes}, name, nil, func(r *record.Record) error {
		game(r)
		return nil
	})
	if ioErr := (*fs.PathError)(nil); errors.As(err, &ioErr) || ctx.Err() != nil {
		return nil, nil, err
	}
	if err != nil {
		// ScanGames names the file "games file NAME": the page names it NAME.
		return nil, nil, badRequest(fmt.Errorf("%s: %w", name, errors.Unwrap(err)))
	}
	g, err := catalog.OpenHeader(&gf.Header)
	if err != nil {
		return nil, nil, badRequest(fmt.Errorf("%s: %w", name, err))
	}
	return gf, g, nil
}

// GamesFileView is a games file: its tournament and its games, in the file's order.
type GamesFileView struct {
	Name    string    `json:"name"`
	Game    string    `json:"game"`
	Format  string    `json:"format"`
	Players []string  `json:"players"`
	Games   []GameRow `json:"games"`
}

// GameRow is one game of a games file, a row of the Watch view's list.
type GameRow struct {
	Index   int       `json:"index"`
	Players [2]string `json:"players"`
	Result  string    `json:"result"`
	Reason  string    `json:"reason"`
	Turns   int       `json:"turns"`
}

func (s *Server) file(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	games := []GameRow{}
	gf, g, err := s.readGamesFile(r.Context(), name, func(rec *record.Record) {
		games = append(games, GameRow{Index: rec.Index, Players: rec.Players, Result: rec.Result, Reason: rec.Reason, Turns: len(rec.Moves)})
	})
	if err != nil {
		fail(w, err)
		return
	}
	v := GamesFileView{Name: name, Game: g.Name(), Format: string(gf.Header.Config.Format), Games: games}
	for _, p := range gf.Header.Config.Players {
		v.Players = append(v.Players, p.Name)
	}
	writeJSON(w, http.StatusOK, v)
}

// RecordedGame is one game of a games file, replayed: its positions (0: the
// opening), its turns with what each mover's search reported, and how it ended.
type RecordedGame struct {
	Game      string         `json:"game"`
	Title     string         `json:"title"`
	Sides     [2]string      `json:"sides"`
	Players   [2]string      `json:"players"`
	Positions []string       `json:"positions"`
	Turns     []RecordedTurn `json:"turns"`
	Result    string         `json:"result"`
	Reason    string         `json:"reason"`
	// Graph is the graph of the scores, as the page of colony export --html draws
	// it (gamepage.Graph), and Marks the x of each position's marker on it.
	Graph string    `json:"graph"`
	Marks []float64 `json:"marks"`
}

// RecordedTurn is turn k+1 of a recorded game, played from position k.
type RecordedTurn struct {
	// Number is the turn's number by the game's own count (The Colony's turn=N,
	// which counts an opening's turns), as the board's title, replay and the page of
	// export --html number it; k+1 for a game that does not count its turns.
	Number int    `json:"number"`
	Turn   string `json:"turn"`
	Mover  int    `json:"mover"`
	Score  string `json:"score"` // "" when the record has no figures for it
	Depth  int64  `json:"depth"`
	Nodes  int64  `json:"nodes"`
	Micros int64  `json:"micros"`
	// Value is the score in points from the first player's view, for the graph (a
	// proven result as ±Inf is written as null).
	Value *float64 `json:"value"`
	Won   int      `json:"won"` // +1 or -1 for a proven win or loss (first player's view)
}

func (s *Server) recordedGame(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	index, err := strconv.Atoi(q.Get("index"))
	if err != nil {
		fail(w, badRequest(fmt.Errorf("index %q: want a game's index", q.Get("index"))))
		return
	}
	var rec *record.Record
	_, g, err := s.readGamesFile(r.Context(), q.Get("name"), func(r *record.Record) {
		if rec == nil && r.Index == index {
			rec = r
		}
	})
	if err != nil {
		fail(w, err)
		return
	}
	if rec == nil {
		fail(w, &httpError{http.StatusNotFound, fmt.Errorf("%s holds no game %d", q.Get("name"), index)})
		return
	}
	v, err := replayRecord(g, rec)
	if err != nil {
		fail(w, badRequest(err))
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// replayRecord replays rec in g.
func replayRecord(g catalog.Ruleset, rec *record.Record) (*RecordedGame, error) {
	positions, movers, err := gamepage.Replay(g, rec)
	if err != nil {
		return nil, err
	}
	sides := g.Sides()
	v := &RecordedGame{Game: g.Name(), Sides: sides, Players: rec.Players, Positions: positions,
		Title:  fmt.Sprintf("game %d: %s (%s) - %s (%s)", rec.Index, rec.Players[0], sides[0], rec.Players[1], sides[1]),
		Result: rec.Result, Reason: rec.Reason, Turns: []RecordedTurn{}}
	if rec.Detail != "" {
		v.Reason += ": " + rec.Detail
	}
	scales := [2]int{catalog.ScoreScale(g, rec.Specs[0]), catalog.ScoreScale(g, rec.Specs[1])}
	for k, m := range rec.Moves {
		t := RecordedTurn{Number: k + 1, Turn: m, Mover: movers[k]}
		if n, counted, err := g.TurnNumber(positions[k]); err == nil && counted {
			t.Number = n
		}
		if k < len(rec.Info) && (rec.Info[k] != record.MoveInfo{}) {
			in := rec.Info[k]
			t.Score = catalog.ScoreText(int(in.Score), scales[t.Mover])
			t.Depth, t.Nodes, t.Micros = in.Depth, in.Nodes, in.Micros
			sign := 1.0
			if t.Mover == 1 {
				sign = -1
			}
			switch {
			case in.Score >= search.WinScore:
				t.Won = int(sign)
			case in.Score <= -search.WinScore:
				t.Won = -int(sign)
			default:
				val := sign * float64(in.Score) / float64(max(1, scales[t.Mover]))
				if !math.IsInf(val, 0) && !math.IsNaN(val) {
					t.Value = &val
				}
			}
		}
		v.Turns = append(v.Turns, t)
	}
	// The graph: a turn whose record has no figures has no dot.
	turns := gamepage.Turns(rec, movers, sides, scales)
	numbers := make([]int, len(v.Turns))
	for k, t := range v.Turns {
		turns[k].Info = t.Score != ""
		numbers[k] = t.Number
	}
	v.Graph = gamepage.Graph(turns, numbers, sides)
	v.Marks = gamepage.GraphMarks(len(turns))
	return v, nil
}

// lastElem returns the last element of a path: what the page is told of the
// directory (its name, not where it is).
func lastElem(p string) string { return filepath.Base(p) }
