package tournament

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/stats"
)

// Settings are a tournament as text, as a command line or a form gives it: Config
// reads them and checks them against the game. The zero values say "not given".
type Settings struct {
	// Players are the players, NAME=SPEC or SPEC (see ParseEntrant).
	Players []string
	// Format is match, roundrobin or gauntlet; "" for DefaultFormat.
	Format string
	// Games is the games of each pairing; Seed the tournament's seed.
	Games int
	Seed  uint64
	// Openings is an opening file (its positions in order, or shuffled with
	// Shuffle); "" for random openings of OpeningTurns turns.
	Openings     string
	Shuffle      bool
	OpeningTurns int
	// Depth, Nodes, MoveTime, Margin and MoveTimeout are the Limits; TimeControl
	// is the clock, BASE+INC (see ParseTimeControl), "" for none.
	Depth       int
	Nodes       uint64
	MoveTime    time.Duration
	Margin      time.Duration
	MoveTimeout time.Duration
	TimeControl string
	// SPRT is the test of a match (see stats.ParseSPRT), "" for none.
	SPRT string
	// Shard is the slice K/N of the schedule to play (see ParseShard), "" for all.
	Shard string
	// UntilPair limits the run to the pairs below it (see Config.UntilPair); 0 for
	// no limit.
	UntilPair int
	// Strict reads the external engines' lines strictly (Config.Strict).
	Strict bool
	// AdjudicateResign (turns=N,score=S), AdjudicateDraw (after=M,turns=N,score=S)
	// and AdjudicateExact (pieces=N[,nodes=K][,endgames=E]) are the adjudication's
	// rules (see ParseResignRule, ParseDrawRule, ParseExactRule), "" for none;
	// AdjudicateTurns is its turn cap, 0 for none.
	AdjudicateResign string
	AdjudicateDraw   string
	AdjudicateTurns  int
	AdjudicateExact  string
}

// SettingsGame is what Settings.Config needs of the game it reads the settings
// against (catalog.Ruleset is one): its name, its evaluations (the first the
// default), the check of a player's spec, and its opening files.
type SettingsGame interface {
	Name() string
	Evaluations() []string
	CheckPlayer(spec string) error
	LoadOpenings(name string) ([]string, error)
}

// DefaultFormat is the format of a tournament of n players that names none: a match
// of two players, a round robin of more.
func DefaultFormat(n int) record.Format {
	if n == 2 {
		return record.Match
	}
	return record.RoundRobin
}

// WithDefaultEval returns spec with eval=def added when its kind takes an evaluation
// and it names none, so that the records say which one was played.
func WithDefaultEval(spec, def string) string {
	sp, err := search.ParseSpec(spec)
	if err != nil || !sp.Accepts("eval") || sp.Has("eval") {
		return spec
	}
	return sp.With("eval", def).String()
}

// Check checks the settings as they were given, before Config reads them: at least
// two players, the limits and the pair limit given positive, --move-timeout only
// for untimed games, openings from a file or random, shuffled only from a file.
// given reports whether a setting was given (a command line's flag set; nil: none
// was), since the zero values also say "not given"; name names the settings in the
// errors as the caller spells them (the command line's "--depth"; nil leaves them as
// they are).
func (s *Settings) Check(given func(setting string) bool, name func(setting string) string) error {
	if given == nil {
		given = func(string) bool { return false }
	}
	if name == nil {
		name = func(setting string) string { return setting }
	}
	switch {
	case len(s.Players) < 2:
		return fmt.Errorf("give at least two players with %s NAME=SPEC (got %d)", name("player"), len(s.Players))
	case given("depth") && s.Depth < 1:
		return fmt.Errorf("%s must be at least 1, got %d", name("depth"), s.Depth)
	case given("nodes") && s.Nodes < 1:
		return fmt.Errorf("%s must be at least 1", name("nodes"))
	case given("movetime") && s.MoveTime <= 0:
		return fmt.Errorf("%s must be positive, got %v", name("movetime"), s.MoveTime)
	case given("move-timeout") && s.MoveTimeout <= 0:
		return fmt.Errorf("%s must be positive, got %v", name("move-timeout"), s.MoveTimeout)
	case given("move-timeout") && (s.MoveTime > 0 || s.TimeControl != ""):
		return fmt.Errorf("%s is for games without %s or %s (a timed move is abandoned when its time and %s are over)",
			name("move-timeout"), name("movetime"), name("tc"), name("time-margin"))
	case s.Openings != "" && given("opening-turns"):
		return fmt.Errorf("%s and %s cannot both be given", name("openings"), name("opening-turns"))
	case s.Openings == "" && s.Shuffle:
		return fmt.Errorf("%s needs %s", name("shuffle-openings"), name("openings"))
	case given("until-pair") && s.UntilPair < 1:
		return fmt.Errorf("%s must be at least 1, got %d", name("until-pair"), s.UntilPair)
	case given("adjudicate-turns") && s.AdjudicateTurns < 1:
		return fmt.Errorf("%s must be at least 1, got %d", name("adjudicate-turns"), s.AdjudicateTurns)
	}
	return nil
}

// Config reads the settings and returns the tournament on game g, checked
// (Config.Validate): each player's spec is read (a *match.SettingError of player), checked
// by g (an error naming the player, numbered from 1) and given g's default
// evaluation when it names none; the opening file is loaded by g (its name in the
// records without its directory); the board file and the players' files are hashed
// (HashInputs). A setting that does not read is a *match.SettingError.
func (s *Settings) Config(g SettingsGame) (record.Config, error) {
	cfg := record.Config{
		Game:     g.Name(),
		Games:    s.Games,
		Seed:     record.Seed(s.Seed),
		Limits:   record.Limits{Depth: s.Depth, Nodes: s.Nodes, MoveTime: s.MoveTime, Margin: s.Margin, MoveTimeout: s.MoveTimeout},
		Openings: record.Openings{RandomTurns: s.OpeningTurns, Shuffle: s.Shuffle},
		Strict:   s.Strict,
	}
	for _, text := range s.Players {
		e, err := record.ParseEntrant(text)
		if err != nil {
			return cfg, &match.SettingError{Setting: "player", Err: err}
		}
		// Check the spec as given, then name its evaluation (the records say which).
		if err := g.CheckPlayer(e.Spec); err != nil {
			return cfg, fmt.Errorf("player %d (%s): %w", len(cfg.Players)+1, e.Name, err)
		}
		if evals := g.Evaluations(); len(evals) > 0 {
			e.Spec = WithDefaultEval(e.Spec, evals[0])
		}
		cfg.Players = append(cfg.Players, e)
	}
	cfg.Format = DefaultFormat(len(cfg.Players))
	if s.Format != "" {
		f, err := record.ParseFormat(s.Format)
		if err != nil {
			return cfg, &match.SettingError{Setting: "format", Err: err}
		}
		cfg.Format = f
	}
	if s.TimeControl != "" {
		tc, err := record.ParseTimeControl(s.TimeControl)
		if err != nil {
			return cfg, &match.SettingError{Setting: "tc", Err: err}
		}
		cfg.Limits.TimeControl = tc
	}
	if s.Shuffle && s.Openings == "" {
		return cfg, &match.SettingError{Setting: "shuffle-openings", Err: errors.New("no opening file to shuffle")}
	}
	if s.Openings != "" {
		positions, err := g.LoadOpenings(s.Openings)
		if err != nil {
			return cfg, &match.SettingError{Setting: "openings", Err: err}
		}
		cfg.Openings = record.Openings{File: filepath.Base(s.Openings), Positions: positions, Shuffle: s.Shuffle}
	}
	if s.SPRT != "" {
		t, err := stats.ParseSPRT(s.SPRT)
		if err != nil {
			return cfg, &match.SettingError{Setting: "sprt", Err: err}
		}
		cfg.SPRT = &t
	}
	if s.Shard != "" {
		k, n, err := record.ParseShard(s.Shard)
		if err != nil {
			return cfg, &match.SettingError{Setting: "shard", Err: err}
		}
		cfg.Shard, cfg.Shards = k, n
	}
	cfg.UntilPair = s.UntilPair
	adj, err := s.adjudication()
	if err != nil {
		return cfg, err
	}
	cfg.Adjudication = adj
	if err := HashInputs(&cfg, g); err != nil {
		return cfg, err
	}
	if err := cfg.Validate(); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// adjudication reads the adjudication's settings: nil when none is given.
func (s *Settings) adjudication() (*record.Adjudication, error) {
	var a record.Adjudication
	var err error
	if s.AdjudicateResign != "" {
		if a.Resign, err = record.ParseResignRule(s.AdjudicateResign); err != nil {
			return nil, &match.SettingError{Setting: "adjudicate-resign", Err: err}
		}
	}
	if s.AdjudicateDraw != "" {
		if a.Draw, err = record.ParseDrawRule(s.AdjudicateDraw); err != nil {
			return nil, &match.SettingError{Setting: "adjudicate-draw", Err: err}
		}
	}
	if s.AdjudicateExact != "" {
		if a.Exact, err = record.ParseExactRule(s.AdjudicateExact); err != nil {
			return nil, &match.SettingError{Setting: "adjudicate-exact", Err: err}
		}
	}
	if s.AdjudicateTurns < 0 {
		return nil, &match.SettingError{Setting: "adjudicate-turns", Err: fmt.Errorf("%d: want 1 or more", s.AdjudicateTurns)}
	}
	a.TurnCap = s.AdjudicateTurns
	if a == (record.Adjudication{}) {
		return nil, nil
	}
	return &a, nil
}
