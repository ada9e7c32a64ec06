// Package engine serves the toolkit's players as engines of the Mancala Engine
// Protocol (docs/protocol.md, "Our players as engines"), as 'colony engine' does: an
// Engine is a protocol.Handler over a player spec, for every registered game
// (package catalog) or one. It sits beside the protocol's serving side
// (protocol.Serve) and the external-engine player (package external), above the
// registry of games, which gives it each game's engine side (catalog.EngineGame)
// without the game's state type.
//
// Options. Each setting of the player's kind is an option of the same name, its
// default the spec's value or the setting's: whole-number settings are int options
// (bounded by the range their description states, as "1 to 64", otherwise by the
// type's), on/off settings check options, the others (durations, numbers with a
// fraction, the evaluation) string options. A setting without a default is not set
// while its option is 0 (a whole number) or empty (a string); an empty string option
// is the kind's default (a family of settings, cmd's option.NAME, is no option).
// setoption changes the spec from the next search on; a value the player refuses is
// an error.
//
// Limits. The limits of go that the kind takes replace the spec's own limits (its
// settings of the depth, node and time roles): depth goes to the depth setting,
// nodes to the node or simulation setting, movetime to the time setting; a clock
// (time, inc) gives the move a budget (a thirtieth of the time left plus three
// quarters of the increment, at most half the time left, at least 1 ms: the
// tournament runner's) that ends the search through its context, the player then
// searching until it is stopped, as under infinite. A depth or node limit the kind
// has no setting for is ignored, and an info string says so; a movetime it has no
// setting for becomes a deadline of the search's context. go with no limit leaves
// the spec's own limits.
//
// Players. One player is kept for the game (a new game closes it), so an MCTS tree
// is reused from one turn to the next of a game but never across games; it is
// rebuilt when the spec or the limits change. The engine's alpha-beta players share
// one search.Tables, so that a new player (a new game, other limits) finds its
// transposition table allocated. An external engine (a cmd spec) is told the game's
// course, its start and turns, as the engine was, and its process is kept from game
// to game (external.Pool) until Close.
package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/external"
	"github.com/colony-ai/colony/protocol"
	"github.com/colony-ai/colony/search"
)

// Author is the author an Engine declares.
const Author = "The Colony toolkit"

// Engine is a player of the toolkit as an MEP engine: a protocol.Handler that plays
// every registered game, or one (New), with the player of its spec. Its
// methods are called one at a time (protocol.Serve does).
type Engine struct {
	// Stderr receives the standard error of the external engines the engine runs (a
	// cmd spec); nil drops it. Set it before the first game.
	Stderr io.Writer

	spec      search.Spec // the spec as the options set it
	kind      search.Kind
	canonical string // the canonical spec of New's
	only      string // the game given to New, "" for any
	onlyBase  string // its name without its rule set
	options   []protocol.Option
	unset     map[string]string // the option value that leaves the setting unset, by name
	tables    *search.Tables
	engines   *external.Pool // the processes of a cmd spec

	game    catalog.Ruleset    // the game being played; nil before the first newgame
	playing catalog.EngineGame // its engine side

	// The plan of the last limits without a clock, kept for the next go with the
	// same limits (every go of a tournament's game): planned says it is set.
	lastLimits protocol.Limits
	lastPlan   catalog.EngineSearch
	planned    bool
}

// New returns the engine of the player spec: for the game named (a game's name,
// with its rule set or not, as Open takes it: its games then are that game's rule
// sets) or, when game is "", for every registered game. The spec is checked first:
// against the game, or, without one, it must build a player for some registered
// game; a bad spec is an error that names it.
func New(spec, game string) (*Engine, error) {
	sp, err := search.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	kind, _ := search.LookupKind(sp.Kind) // ParseSpec found it
	e := &Engine{spec: sp, kind: kind, tables: new(search.Tables), engines: new(external.Pool)}
	if game != "" {
		g, err := catalog.Open(game)
		if err != nil {
			return nil, err
		}
		e.only, e.onlyBase = game, baseName(game)
		if e.canonical, err = g.PlayerSpec(spec); err != nil {
			return nil, err
		}
	} else if e.canonical, err = anyGameSpec(spec); err != nil {
		return nil, err
	}
	e.options, e.unset = engineOptions(kind, sp)
	return e, nil
}

// anyGameSpec returns the canonical spec of the player of spec for the first
// registered game it plays, or, when it plays none, the error of the first game.
func anyGameSpec(spec string) (string, error) {
	var first error
	for _, name := range catalog.Names() {
		g, err := catalog.Open(name)
		if err != nil {
			return "", err
		}
		canonical, err := g.PlayerSpec(spec)
		if err == nil {
			return canonical, nil
		}
		if first == nil {
			first = err
		}
	}
	return "", first
}

// baseName returns a game's name without its rule set: "kalah" of "kalah:6x4".
func baseName(game string) string {
	name, _, _ := strings.Cut(game, ":")
	return name
}

// Spec returns the engine's spec as its options set it now.
func (e *Engine) Spec() string { return e.spec.String() }

// Identity returns the engine's name ("colony" and the canonical spec), author,
// options (the settings of the player's kind) and games.
func (e *Engine) Identity() protocol.Identity {
	id := protocol.Identity{Name: "colony " + e.canonical, Author: Author,
		Options: append([]protocol.Option(nil), e.options...)}
	if e.onlyBase != "" {
		id.Games = []string{e.onlyBase}
	} else {
		id.Games = catalog.Names()
	}
	return id
}

// SetOption sets the setting name of the spec to value, from the next search on
// (see the package doc). A value the player refuses is an error.
func (e *Engine) SetOption(name, value string) error {
	s, ok := e.kind.Setting(name)
	if !ok {
		return fmt.Errorf("%s has no setting %q", e.kind.Name, name)
	}
	sp := e.spec
	switch {
	case value == e.unset[name] || value == "":
		sp = sp.Without(name)
	case s.Type == search.BoolValue && (value == "true" || value == "false"):
		v := "off"
		if value == "true" {
			v = "on"
		}
		sp = sp.With(name, v)
	default:
		sp = sp.With(name, value)
	}
	if err := e.check(sp.String()); err != nil {
		return err
	}
	e.spec, e.planned = sp, false
	return nil
}

// check reports whether spec builds a player for the game played, the engine's game,
// or some game.
func (e *Engine) check(spec string) error {
	switch {
	case e.game != nil:
		return e.game.CheckPlayer(spec)
	case e.only != "":
		g, err := catalog.Open(e.only)
		if err != nil {
			return err
		}
		return g.CheckPlayer(spec)
	}
	_, err := anyGameSpec(spec)
	return err
}

// NewGame starts a game of game (a registered game's name with its rule set): the
// player of the previous game is closed, and the player of the spec built for this
// one. A game the engine does not play (another than New's, or one Open does not
// know) is an error wrapping protocol.ErrUnsupportedGame; a spec that cannot play the
// game is another error.
func (e *Engine) NewGame(game string) error {
	if e.onlyBase != "" && baseName(game) != e.onlyBase {
		return fmt.Errorf("%w %s: the engine plays %s only", protocol.ErrUnsupportedGame, game, e.onlyBase)
	}
	g, err := catalog.Open(game)
	if err != nil {
		return fmt.Errorf("%w: %v", protocol.ErrUnsupportedGame, err)
	}
	if err := e.endGame(); err != nil {
		return err
	}
	e.engines.Stderr = e.Stderr
	playing := g.EngineGame(e.tables, external.WithPool(search.Env{}, e.engines))
	if err := playing.Prepare(e.spec.String(), false); err != nil {
		_ = playing.Close()
		return err
	}
	e.game, e.playing = g, playing
	return nil
}

// endGame closes the player of the game being played, if any.
func (e *Engine) endGame() error {
	if e.playing == nil {
		return nil
	}
	err := e.playing.Close()
	e.game, e.playing = nil, nil
	if err != nil {
		return fmt.Errorf("closing the player of the last game: %w", err)
	}
	return nil
}

// Close closes the player of the game being played and ends the external engines
// the engine runs, if any: the engine is not used after it.
func (e *Engine) Close() error { return errors.Join(e.endGame(), e.engines.Close()) }

// Search plays the turns of pos from its start and searches the position reached
// with the player of the spec within limits (see the package doc), sending info lines of its iterations, and returns its turn in the
// game's turn notation. Without a newgame, an engine of one game plays that game.
func (e *Engine) Search(ctx context.Context, pos protocol.Position, limits protocol.Limits, info func(protocol.Info)) (string, error) {
	if e.playing == nil {
		if e.only == "" {
			return "", errors.New("no game (send newgame first)")
		}
		if err := e.NewGame(e.only); err != nil {
			return "", err
		}
	}
	if !e.planned || limits.Clock != nil || limits != e.lastLimits {
		e.lastLimits, e.lastPlan, e.planned = limits, e.plan(limits), limits.Clock == nil
	}
	return e.playing.Search(ctx, pos.Start, pos.Moves, e.lastPlan, func(in catalog.EngineInfo) { info(infoLine(in)) })
}

// infoLine returns what a search tells as an info line: a note's text, or an
// iteration's depth, score (when given, as Score writes it), nodes, time, speed and
// principal variation.
func infoLine(in catalog.EngineInfo) protocol.Info {
	if in.Text != "" {
		return protocol.Info{Text: in.Text}
	}
	out := protocol.Info{Depth: in.Depth, Nodes: in.Nodes, Time: in.Time, PV: in.PV}
	if in.Scored {
		out.Score = Score(in.Score)
	}
	if secs := in.Time.Seconds(); secs > 0 && in.Nodes > 0 {
		out.NPS = uint64(float64(in.Nodes) / secs)
	}
	return out
}

// plan maps go's limits onto the spec (see the package doc): how one search runs.
func (e *Engine) plan(l protocol.Limits) catalog.EngineSearch {
	type kv struct{ key, value string }
	var set []kv
	var p catalog.EngineSearch
	role := func(r search.Role, value string) bool {
		s, ok := e.kind.SettingFor(r)
		if ok {
			set = append(set, kv{s.Key, value})
		}
		return ok
	}
	if l.Depth > 0 && !role(search.RoleDepth, strconv.Itoa(l.Depth)) {
		p.Notes = append(p.Notes, fmt.Sprintf("%s has no depth limit: depth %d ignored", e.kind.Name, l.Depth))
	}
	if l.Nodes > 0 && !role(search.RoleNodes, strconv.FormatUint(l.Nodes, 10)) {
		p.Notes = append(p.Notes, fmt.Sprintf("%s has no node limit: nodes %d ignored", e.kind.Name, l.Nodes))
	}
	if l.MoveTime > 0 && !role(search.RoleTime, l.MoveTime.String()) {
		p.Deadline = l.MoveTime
	}
	if l.Clock != nil {
		b := search.MoveBudget(l.Clock.Time, l.Clock.Inc)
		if p.Deadline == 0 || b < p.Deadline {
			p.Deadline = b
		}
	}
	sp := e.spec
	if len(set) > 0 || p.Deadline > 0 || l.Infinite {
		for _, r := range [...]search.Role{search.RoleDepth, search.RoleNodes, search.RoleTime} {
			if s, ok := e.kind.SettingFor(r); ok {
				sp = sp.Without(s.Key)
			}
		}
		for _, s := range set {
			sp = sp.With(s.key, s.value)
		}
		// Without a limit of its own the player searches until its context ends:
		// at the deadline, or at stop.
		p.UntilDone = len(set) == 0
	}
	p.Spec = sp.String()
	_, hasEval := e.kind.SettingFor(search.RoleEval)
	_, hasDepth := e.kind.SettingFor(search.RoleDepth)
	_, hasNodes := e.kind.SettingFor(search.RoleNodes)
	p.ScoresUncounted = hasEval && !hasDepth && !hasNodes
	return p
}

// The options of an engine.

// settingRange finds the range a setting's description states, as in "full turns
// searched, 1 to 64".
var settingRange = regexp.MustCompile(`(-?[0-9]+) to (-?[0-9]+)`)

// engineOptions returns the options of the settings of kind, their defaults the
// values of sp or the settings' defaults, and the value of each that leaves its
// setting unset.
func engineOptions(kind search.Kind, sp search.Spec) ([]protocol.Option, map[string]string) {
	var out []protocol.Option
	unset := map[string]string{}
	for _, s := range kind.Settings {
		if s.Prefix {
			continue // a family of settings (cmd's option.NAME): not one option
		}
		value, ok := sp.Settings[s.Key]
		if !ok {
			value = s.Default
		}
		o, u := optionOf(s, value)
		out = append(out, o)
		unset[s.Key] = u
	}
	return out, unset
}

// optionOf returns the option of setting s with the default value ("" when the
// setting is not set) and the option's value that leaves the setting unset.
func optionOf(s search.Setting, value string) (protocol.Option, string) {
	switch s.Type {
	case search.IntValue, search.UintValue:
		lo, hi := big.NewInt(0), new(big.Int).SetUint64(1<<64-1)
		if s.Type == search.IntValue {
			lo, hi = big.NewInt(-1<<63), big.NewInt(1<<63-1)
		}
		if m := settingRange.FindStringSubmatch(s.Doc); m != nil {
			lo.SetString(m[1], 10)
			hi.SetString(m[2], 10)
		}
		unset := ""
		if s.Default == "" {
			// 0 stands for "not set": the option must take it.
			unset = "0"
			if value == "" {
				value = "0"
			}
			if lo.Sign() > 0 {
				lo.SetInt64(0)
			}
			if hi.Sign() < 0 {
				hi.SetInt64(0)
			}
		}
		o := protocol.Option{Name: s.Key, Type: protocol.IntOption, Default: value, Min: lo.String(), Max: hi.String()}
		if o.Check(value) == nil {
			return o, unset
		}
	case search.BoolValue:
		switch value {
		case "on", "true", "1", "yes":
			return protocol.Option{Name: s.Key, Type: protocol.CheckOption, Default: "true"}, ""
		case "off", "false", "0", "no":
			return protocol.Option{Name: s.Key, Type: protocol.CheckOption, Default: "false"}, ""
		}
	}
	return protocol.Option{Name: s.Key, Type: protocol.StringOption, Default: value}, ""
}

// Score returns a search score (search.Decision's: evaluation units, or
// search.WinScore plus the margin for a proven win, minus that for a loss) as an
// info line's score: "score N", or "score win N" and "score loss N" with the margin
// in points.
func Score(v int) protocol.Score {
	switch {
	case v >= search.WinScore:
		return protocol.Score{Kind: protocol.WinScore, Value: int64(v - search.WinScore), HasMargin: true}
	case v <= -search.WinScore:
		return protocol.Score{Kind: protocol.LossScore, Value: int64(-v - search.WinScore), HasMargin: true}
	}
	return protocol.Score{Kind: protocol.ValueScore, Value: int64(v)}
}
