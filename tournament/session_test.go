package tournament

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// session returns a session of cfg on the games file name, with a runner of
// factory (nil: the colony players), and the notes it tells.
func session(cfg record.Config, name string, resume bool, factory match.PlayerFactory[colony.State]) (*Session, *strings.Builder) {
	if factory == nil {
		factory = newFactory[colony.State](colonyGame, colony.Score{})
	}
	var notes strings.Builder
	s := &Session{Runner: &Runner{Games: match.Bind(colonyGame, factory, nil), Config: cfg, Concurrency: 2},
		GamesFile: name, Resume: resume, Describe: cfg.Describe,
		Notef: func(format string, args ...any) { fmt.Fprintf(&notes, format+"\n", args...) }}
	return s, &notes
}

// TestSessionResumes interrupts a session after a few games and resumes it: the
// games file then holds every game once, as an uninterrupted run's.
func TestSessionResumes(t *testing.T) {
	cfg := testConfig()
	name := filepath.Join(t.TempDir(), "sub", "games.jsonl")
	// After 200 moves in all (a few games of the twelve), the players cancel the run
	// and wait for its end instead of playing: the run cannot finish every game
	// before the cancel reaches it, however fast the games are.
	ctx, cancel := context.WithCancel(context.Background())
	var moves atomic.Int64
	inner := newFactory[colony.State](colonyGame, colony.Score{})
	stalling := func(spec string, opts search.Options) (search.Player[colony.State], error) {
		p, err := inner(spec, opts)
		if err != nil {
			return nil, err
		}
		return &stallingPlayer{Player: p, moves: &moves, cancel: cancel}, nil
	}
	s, notes := session(cfg, name, false, stalling)
	res, err := s.Run(ctx)
	if err != nil || res == nil || res.Complete {
		t.Fatalf("the interrupted run: %v, %+v; want an incomplete result and no error", err, res)
	}
	if want := cfg.Describe(0) + "\n"; notes.String() != want {
		t.Errorf("notes %q, want %q", notes.String(), want)
	}

	// Without Resume, the file is refused; with it, the run continues.
	s, _ = session(cfg, name, false, nil)
	_, err = s.Run(context.Background())
	var openErr *OpenError
	if !errors.As(err, &openErr) || !errors.Is(err, record.ErrGamesFileExists) {
		t.Errorf("again without resuming: %v, want an OpenError of record.ErrGamesFileExists", err)
	}
	s, notes = session(cfg, name, true, nil)
	res, err = s.Run(context.Background())
	if err != nil || !res.Complete || len(res.Games) != cfg.TotalGames() {
		t.Fatalf("resumed: %v, %d games, complete %v", err, len(res.Games), res.Complete)
	}
	if !strings.Contains(notes.String(), ", resuming after ") {
		t.Errorf("notes %q: no resuming", notes.String())
	}
	whole, _, err := run(t, cfg, 1, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	gf, err := record.ReadGamesFile(name)
	if err != nil {
		t.Fatal(err)
	}
	equalGames(t, "resumed", gf.Games, parseFile(t, whole).Games)
}

// stallingPlayer plays as its Player for the first 200 moves of all its kind, then
// cancels the run and waits for its context's end.
type stallingPlayer struct {
	search.Player[colony.State]
	moves  *atomic.Int64
	cancel context.CancelFunc
}

func (p *stallingPlayer) Play(ctx context.Context, s *colony.State) (search.Decision, error) {
	if p.moves.Add(1) > 200 {
		p.cancel()
		<-ctx.Done()
		return search.Decision{}, ctx.Err()
	}
	return p.Player.Play(ctx, s)
}

func TestSessionErrors(t *testing.T) {
	cfg := testConfig()
	t.Run("resume without a file", func(t *testing.T) {
		s, _ := session(cfg, "", true, nil)
		if _, err := s.Run(context.Background()); !errors.Is(err, ErrResumeWithoutGamesFile) {
			t.Errorf("Run: %v, want ErrResumeWithoutGamesFile", err)
		}
	})
	t.Run("another tournament", func(t *testing.T) {
		name := filepath.Join(t.TempDir(), "games.jsonl")
		other := cfg
		other.Seed++
		writeGamesFile(t, name, other, nil, "")
		s, _ := session(cfg, name, true, nil)
		_, err := s.Run(context.Background())
		var openErr *OpenError
		var resumeErr *record.ResumeError
		if !errors.As(err, &openErr) || !errors.As(err, &resumeErr) {
			t.Errorf("Run: %v, want an OpenError of a record.ResumeError", err)
		}
	})
	t.Run("no game starts", func(t *testing.T) {
		name := filepath.Join(t.TempDir(), "games.jsonl")
		broken := func(string, search.Options) (search.Player[colony.State], error) {
			return nil, errors.New("cannot build")
		}
		s, _ := session(cfg, name, false, broken)
		res, err := s.Run(context.Background())
		var startErr *StartError
		if res != nil || !errors.As(err, &startErr) || !strings.Contains(err.Error(), "cannot build") {
			t.Errorf("Run: %v, %v; want a StartError and no result", err, res)
		}
		if _, err := os.Stat(name); !os.IsNotExist(err) {
			t.Errorf("the games file is left behind (%v)", err)
		}
	})
}
