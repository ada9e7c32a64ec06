package catalog

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/games/martian"
	"github.com/colony-ai/colony/games/oware"
	"github.com/colony-ai/colony/games/piecepack"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// The registered games, The Colony first: one Register call a game. A game's package
// holds its rules (game.Game), notation and feature set, and knows nothing of this
// package; the call here is what makes every command, player and tool play it.
func init() {
	Register(Definition[colony.State]{Name: "colony",
		Open: Opener[colony.State](colony.Open, colony.Game.FeatureSet), Score: colony.Score{}})
	Register(Definition[kalah.State]{Name: "kalah",
		Open: Opener[kalah.State](kalah.New, kalah.NewFeatures), Score: kalah.StoreDiff{}})
	Register(Definition[oware.State]{Name: "oware",
		Open: Opener[oware.State](oware.New, oware.NewFeatures), Score: oware.StoreDiff{}})
	Register(Definition[oware.State]{Name: "ayo",
		Open: Opener[oware.State](oware.NewAyo, oware.NewFeatures), Score: oware.StoreDiff{}})
	Register(Definition[piecepack.State]{Name: "egyptian",
		Open: Opener[piecepack.State](piecepack.Opener("egyptian"), piecepack.NewFeatures), Score: piecepack.StoreDiff{}})
	Register(Definition[piecepack.State]{Name: "ethiopian",
		Open: Opener[piecepack.State](piecepack.Opener("ethiopian"), piecepack.NewFeatures), Score: piecepack.StoreDiff{}})
	Register(Definition[piecepack.State]{Name: "nigerian",
		Open: Opener[piecepack.State](piecepack.Opener("nigerian"), piecepack.NewFeatures), Score: piecepack.StoreDiff{}})
	Register(Definition[martian.State]{Name: "martian",
		Open: Opener[martian.State](martian.New, martian.NewFeatures), Score: martian.StoreDiff{}})
}

// Definition is the registration of a game with state type S: what Register needs to
// open it by name and to build its players and tuning.
type Definition[S any] struct {
	// Name is the game's name, as --game, Open and the games files give it ("kalah").
	Name string
	// Open returns the game under the rule set PARAMS of "NAME:PARAMS" (empty: the
	// default rule set) and the feature set of its linear evaluation (see Opener).
	Open func(params string) (game.Game[S], eval.TunableSet[S], error)
	// Score is the evaluation of eval=score, the difference of the sides' points
	// from the view of the player to move.
	Score search.Evaluator[S]
}

// Opener returns the Open of a Definition from a game package's constructor open
// (reading the rule-set parameters) and the constructor of the game's feature set.
func Opener[S any, G game.Game[S], F eval.TunableSet[S]](open func(params string) (G, error), features func(G) F) func(string) (game.Game[S], eval.TunableSet[S], error) {
	return func(params string) (game.Game[S], eval.TunableSet[S], error) {
		g, err := open(params)
		if err != nil {
			return nil, nil, err
		}
		return g, features(g), nil
	}
}

// entry is one registered game: its name, summary and rules document, and how to open
// it as a Ruleset.
type entry struct {
	name  string
	open  func(params string) (Ruleset, error)
	about func() game.About // the default rule set's
}

// registry lists the games in the order of registration. It is written only by
// Register, from the init functions of this package.
var registry []entry

// Register adds the game d to the registry. It is called from init functions; a name
// registered twice, or an empty one, is a programming error and panics.
func Register[S any](d Definition[S]) {
	if d.Name == "" || strings.ContainsAny(d.Name, ": ") || d.Open == nil || d.Score == nil {
		panic(fmt.Sprintf("catalog: Register: incomplete definition of %q", d.Name))
	}
	for _, e := range registry {
		if e.name == d.Name {
			panic("catalog: Register: " + d.Name + " registered twice")
		}
	}
	registry = append(registry, entry{name: d.Name,
		open: func(params string) (Ruleset, error) {
			g, fs, err := d.Open(params)
			if err != nil {
				return nil, err
			}
			return newTunable(g, fs, d.Score)
		},
		about: func() game.About {
			g, _, err := d.Open("")
			if err != nil {
				// The default rule set of every registered game opens: the
				// registry's tests open each.
				panic("catalog: the default rule set of " + d.Name + ": " + err.Error())
			}
			return g.About()
		}})
}

// Open returns the game NAME or NAME:PARAMS (for example "kalah:4x3").
func Open(text string) (Ruleset, error) {
	name, params, _ := strings.Cut(text, ":")
	for _, e := range registry {
		if e.name == name {
			g, err := e.open(params)
			if err != nil {
				return nil, fmt.Errorf("game %q: %w", text, err)
			}
			return g, nil
		}
	}
	return nil, fmt.Errorf("game %q: unknown game (known: %s)", text, strings.Join(Names(), ", "))
}

// Names returns the registered games' names.
func Names() []string {
	var out []string
	for _, e := range registry {
		out = append(out, e.name)
	}
	return out
}

// About returns what the registered game name (without parameters) says of itself
// under its default rule set (game.About): its summary, rules document, reports'
// description and bench positions.
func About(name string) (game.About, bool) {
	for _, e := range registry {
		if e.name == name {
			return e.about(), true
		}
	}
	return game.About{}, false
}

// Describe returns one line about each registered game: its name and what it is
// (its About's Summary).
func Describe() []string {
	var out []string
	for _, e := range registry {
		out = append(out, e.name+": "+e.about().Summary)
	}
	return out
}

// Colony returns The Colony under rule set r (one that the registry's "colony:PARAMS"
// cannot name, such as one on another board), built as the registry builds it.
func Colony(r *colony.Rules) Tunable {
	g := colony.NewGame(r)
	t, err := newTunable[colony.State](g, g.FeatureSet(), colony.Score{})
	if err != nil {
		// The weights are built into package colony, and its tests check them.
		panic("catalog: The Colony's weights: " + err.Error())
	}
	return t
}

// Options are the settings of a game that its name cannot carry: The Colony's rule
// set under another name and its board file.
type Options struct {
	// Rules is The Colony's rule set as colony.ParseRules reads it
	// ("colony:turncap=300"), for a text that names The Colony without parameters;
	// "" or "colony": the text's rule set.
	Rules string
	// Board is The Colony's board file ("": the rule set's board).
	Board string
}

// ConflictError is the error of OpenWith for options that contradict the game's
// text: The Colony's rule set given twice (in the text and in Options.Rules), or a
// rule set or board file for another game (NotColony).
type ConflictError struct {
	// Text is the game's text, Rules the rule set of the options.
	Text, Rules string
	// NotColony says that the game is not The Colony.
	NotColony bool
}

// Error says what contradicts what.
func (e *ConflictError) Error() string {
	if e.NotColony {
		name, _, _ := strings.Cut(e.Text, ":")
		return fmt.Sprintf("game %q: the rule set and the board file are The Colony's; %s takes its settings as %s:PARAMS", e.Text, name, name)
	}
	return fmt.Sprintf("game %q and rule set %q: give the rule set once", e.Text, e.Rules)
}

// OpenWith returns the game NAME or NAME:PARAMS under the options o: The Colony under
// the rule set of text or o.Rules, on the board of o.Board when it is given (an error
// there is a *match.SettingError of "rules" or "board"), or another registered game as Open returns it, which
// takes no options (options that contradict the text are a *ConflictError).
func OpenWith(text string, o Options) (Ruleset, error) {
	name, params, _ := strings.Cut(text, ":")
	rulesGiven := o.Rules != "" && o.Rules != "colony"
	if name != "colony" {
		if rulesGiven || o.Board != "" {
			return nil, &ConflictError{Text: text, Rules: o.Rules, NotColony: true}
		}
		return Open(text)
	}
	rules := "colony"
	if params != "" {
		rules = text
	}
	if rulesGiven {
		if params != "" {
			return nil, &ConflictError{Text: text, Rules: o.Rules}
		}
		rules = o.Rules
	}
	r, err := colony.ParseRules(rules)
	if err != nil {
		return nil, &match.SettingError{Setting: "rules", Err: err}
	}
	if o.Board == "" {
		return Colony(r), nil
	}
	data, err := colony.ReadBoardFile(o.Board)
	if err != nil {
		return nil, &match.SettingError{Setting: "board", Err: err}
	}
	bf := &record.BoardFile{File: filepath.Base(o.Board), SHA256: record.HashBytes(data), Text: string(data)}
	g, err := colonyOnBoard(r, bf, o.Board)
	if err != nil {
		return nil, &match.SettingError{Setting: "board", Err: err}
	}
	return g, nil
}

// colonyOnBoard returns The Colony under the settings of r on the board of the board
// file bf (name names it in errors): a Ruleset whose tournaments hold the board file
// in their games files' headers (record.BoardSource).
func colonyOnBoard(r *colony.Rules, bf *record.BoardFile, name string) (Ruleset, error) {
	b, err := colony.ParseBoard(strings.NewReader(bf.Text))
	if err != nil {
		return nil, fmt.Errorf("board file %s: %w", name, err)
	}
	onBoard, err := colony.NewRules(b, r.SowingCap(), r.TurnCap())
	if err != nil {
		return nil, err
	}
	t := Colony(onBoard.WithChoiceOnSelectedOnly(r.ChoiceOnSelectedOnly())).(tunable[colony.State])
	t.generic.board = bf
	return t, nil
}

// OpenHeader returns the game of a games file's header, to replay or show its games:
// the game its name names, or, for a tournament of The Colony played on a board file
// (--board), The Colony on the board file the header holds (record.BoardFile). A
// header of a game played on a board file that it does not hold (a file written
// before headers held the board) is an error saying so.
func OpenHeader(h *record.Header) (Ruleset, error) {
	name, params, _ := strings.Cut(h.Game, ":")
	var settings []string
	board := ""
	if name == "colony" && params != "" {
		for _, kv := range strings.Split(params, ",") {
			if b, ok := strings.CutPrefix(kv, "board="); ok {
				board = b
			} else {
				settings = append(settings, kv)
			}
		}
	}
	switch {
	case board == "" && h.Board == nil:
		return Open(h.Game)
	case h.Board == nil:
		return nil, fmt.Errorf("%q was played on a board file (--board) that the games file's header does not hold (a file written before headers held it)", h.Game)
	case board == "":
		return nil, fmt.Errorf("the header holds a board file (%s) but its game %q is not played on one", h.Board.File, h.Game)
	}
	rules := "colony"
	if len(settings) > 0 {
		rules += ":" + strings.Join(settings, ",")
	}
	r, err := colony.ParseRules(rules)
	if err != nil {
		return nil, fmt.Errorf("game %q: %w", h.Game, err)
	}
	g, err := colonyOnBoard(r, h.Board, h.Board.File+" (in the games file's header)")
	if err != nil {
		return nil, err
	}
	if g.Name() != h.Game {
		return nil, fmt.Errorf("the header's board file %s makes the game %q, not %q", h.Board.File, g.Name(), h.Game)
	}
	return g, nil
}
