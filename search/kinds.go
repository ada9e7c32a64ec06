package search

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/colony-ai/colony/game"
)

// The registry of player kinds.
//
// A kind is registered once (Register, from an init function) with its name, a
// one-line description, its settings and its constructor; ParseSpec, New, Spec.Accepts
// and the tournament's handling of limits and seeds all read it, so a new kind needs
// nothing but its registration. This package registers random, greedy, minimax, ab
// and mcts (builtinKinds); package external registers cmd, the external engines, from
// outside (its init function), so that this package knows no process or protocol.
//
// Constructors and generics. Go keeps no generic function value in a table, and a
// kind's players are generic in the game's state type S. So a Kind is a non-generic
// descriptor whose Constructor is a non-generic value of one of the forms New knows,
// and the generic construction happens inside New, by a type switch on that form:
//
//   - the constructors of this package's kinds (an unexported form) call the generic
//     constructors of this package (NewRandom, NewGreedy, NewMinimax, alpha-beta's and
//     MCTS's) for any S;
//   - a ConstructorOf[S] builds players for games of one state type S, from the game's
//     Rules, the evaluation and a Builder: the form for a kind that plays one game
//     (New refuses it for the games of another state type);
//   - a NotationConstructor builds players that play every game through the game's
//     notations (package external's cmd kind, an external engine): it needs the
//     rules New is given to be a game.Game[S] (every game of the toolkit is), whose
//     notation writes the positions and reads the turns the player exchanges as
//     text (notation.go).
//
// Adding a form means adding a case to New's switch; adding a kind of an existing
// form means calling Register.

// Kind describes one kind of player: what ParseSpec accepts, what New builds and what
// a tournament gives it. Kinds are registered once (Register) and read with Kinds and
// LookupKind; a Kind returned by them is a copy.
type Kind struct {
	// Name is the kind in spec strings ("ab"): letters, digits, '-' and '_'.
	Name string
	// Doc describes the kind in one line.
	Doc string
	// Settings are the settings the kind accepts, in the order documented (and listed
	// in ParseSpec's errors).
	Settings []Setting
	// Positional, when not "", is the key of the setting that a spec's first item
	// sets when it is written without a key: "cmd:./my-engine" is
	// "cmd:path=./my-engine" (see Spec).
	Positional string
	// New builds the kind's players (see Constructor).
	New Constructor
}

// Setting documents one setting of a kind.
type Setting struct {
	// Key is the setting's name in spec strings ("depth"): letters, digits, '-' and
	// '_'.
	Key string
	// Type is the kind of value the setting takes.
	Type ValueType
	// Default is the value when the spec does not set it, as written in a spec; ""
	// when there is none (the setting is off) or it depends on other settings (Doc
	// says how).
	Default string
	// Doc describes the setting in one line.
	Doc string
	// Role is what the setting means to a caller that adds settings to specs (a
	// tournament's limits and seeds); RoleNone for the others.
	Role Role
	// Prefix makes Key the prefix of a family of settings: a spec sets KEY.NAME for
	// any name of letters, digits, '-', '_' and '.' ("option.Hash=64"), each once.
	Prefix bool
}

// ValueType is the kind of value a setting takes.
type ValueType uint8

// The value types of settings.
const (
	TextValue     ValueType = iota // any text (quote it when it needs quotes: see Spec)
	IntValue                       // a whole number
	UintValue                      // a whole number of 0 or more
	FloatValue                     // a number
	DurationValue                  // a duration such as 100ms or 2s; a bare number is milliseconds
	BoolValue                      // on or off (also true/false, yes/no, 1/0)
)

var valueTypeNames = [...]string{TextValue: "text", IntValue: "int", UintValue: "uint",
	FloatValue: "float", DurationValue: "duration", BoolValue: "bool"}

// String returns the type's name: text, int, uint, float, duration or bool.
func (t ValueType) String() string { return nameOf(valueTypeNames[:], t, "ValueType") }

// Role is what a setting means to a caller that adds settings to the specs it is
// given, such as a tournament: its limits go to the settings of the matching roles,
// and each game gets its own seed. A kind has at most one setting of each role.
type Role uint8

// The roles of settings.
const (
	RoleNone  Role = iota
	RoleSeed       // seeds the player's random choices: a tournament gives each game its own
	RoleDepth      // a depth limit in full turns: takes a tournament's depth limit
	RoleNodes      // a node or simulation limit per move: takes a tournament's node limit
	RoleTime       // a time limit per move: takes a tournament's move time
	RoleEval       // names the evaluation, resolved by the caller into the Evaluator it passes to New
)

var roleNames = [...]string{RoleNone: "", RoleSeed: "seed", RoleDepth: "depth limit",
	RoleNodes: "node limit", RoleTime: "time limit", RoleEval: "evaluation"}

// String returns the role's name ("" for RoleNone).
func (r Role) String() string { return nameOf(roleNames[:], r, "Role") }

// nameOf returns names[v], or typ(v) for a value without a name.
func nameOf[T ~uint8](names []string, v T, typ string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// Setting returns the setting key of k: the setting of that key, or the Prefix
// setting whose family holds it ("option" for "option.Hash").
func (k Kind) Setting(key string) (Setting, bool) {
	for _, s := range k.Settings {
		if s.Key == key && !s.Prefix {
			return s, true
		}
		if s.Prefix {
			if name, ok := strings.CutPrefix(key, s.Key+"."); ok && isName(strings.ReplaceAll(name, ".", "_")) {
				return s, true
			}
		}
	}
	return Setting{}, false
}

// SettingFor returns the setting of k with role r (not RoleNone).
func (k Kind) SettingFor(r Role) (Setting, bool) {
	if r == RoleNone {
		return Setting{}, false
	}
	for _, s := range k.Settings {
		if s.Role == r {
			return s, true
		}
	}
	return Setting{}, false
}

// Keys returns the keys of k's settings, in order; a Prefix setting's as KEY.NAME.
func (k Kind) Keys() []string {
	keys := make([]string, len(k.Settings))
	for i, s := range k.Settings {
		keys[i] = s.Key
		if s.Prefix {
			keys[i] += ".NAME"
		}
	}
	return keys
}

// Constructor builds the players of a kind; see the comment at the top of kinds.go.
// Its forms are this package's own (for the built-in kinds), ConstructorOf and
// NotationConstructor.
type Constructor interface {
	constructor()
}

// ConstructorOf builds the players of a kind for games of the state type S: from the
// game's rules, the evaluation (which the caller resolved from the spec's eval
// setting, if the kind has one) and a Builder holding the spec and the Options.
// Errors name the spec (Builder's readers of values do). New refuses a kind with a
// ConstructorOf[S] for the games of another state type.
type ConstructorOf[S any] func(g game.Rules[S], ev Evaluator[S], b *Builder) (Player[S], error)

func (ConstructorOf[S]) constructor() {}

// builtin is the constructor of one of this package's kinds (see newBuiltin).
type builtin uint8

const (
	builtinRandom builtin = iota + 1
	builtinGreedy
	builtinMinimax
	builtinAlphaBeta
	builtinMCTS
)

func (builtin) constructor() {}

// newBuiltin builds a player of one of this package's kinds.
func newBuiltin[S any](c builtin, g game.Rules[S], ev Evaluator[S], b *Builder) (Player[S], error) {
	st := &b.st
	switch c {
	case builtinRandom:
		return NewRandom(g, st.Uint64("seed", 1)), nil
	case builtinGreedy:
		return NewGreedy(g, ev, st.Uint64("seed", 1)), nil
	case builtinMinimax:
		return NewMinimax(g, ev, st.Int("depth", minimaxDefaultDepth, 1, minimaxMaxDepth)), nil
	case builtinAlphaBeta:
		return newAlphaBetaFromSpec(g, ev, st, b.Options)
	case builtinMCTS:
		return newMCTSFromSpec(g, ev, st, b.Options)
	}
	return nil, fmt.Errorf("search: unknown built-in constructor %d", c)
}

// Limits of the minimax player's depth.
const (
	minimaxDefaultDepth = 2
	minimaxMaxDepth     = 64
)

// Builder is what a constructor is given besides the game and the evaluation: the
// parsed spec, the Options, the game's name, and readers of the settings' values that
// return a default when a setting is absent and remember the first bad value (Err):
// a constructor reads every setting, then returns Err if it is not nil.
type Builder struct {
	// Spec is the player's parsed spec.
	Spec Spec
	// Options are the options New was given.
	Options Options
	// Game is the game's name (game.Game's Name) when the rules New was given have
	// one, "" otherwise: what a program playing over a text protocol is told it plays.
	Game string
	// StartPosition is the game's start position in its notation, for a
	// NotationConstructor (New writes it only for those: it costs an allocation);
	// "" otherwise.
	StartPosition string
	st            settings
}

// newBuilder returns the Builder of spec sp for game g.
func newBuilder[S any](g game.Rules[S], sp Spec, opts Options) *Builder {
	b := &Builder{Spec: sp, Options: opts, st: settings{spec: sp}}
	if named, ok := g.(interface{ Name() string }); ok {
		b.Game = named.Name()
	}
	return b
}

// Int returns the setting key as a whole number in [min, max], or def when absent.
func (b *Builder) Int(key string, def, min, max int) int { return b.st.Int(key, def, min, max) }

// Uint64 returns the setting key as a whole number of 0 or more, or def when absent.
func (b *Builder) Uint64(key string, def uint64) uint64 { return b.st.Uint64(key, def) }

// Float returns the setting key as a number in [min, max], or def when absent.
func (b *Builder) Float(key string, def, min, max float64) float64 {
	return b.st.Float(key, def, min, max)
}

// Duration returns the setting key as a positive duration ("100ms", "2s"; a bare
// number is milliseconds), or def when absent.
func (b *Builder) Duration(key string, def time.Duration) time.Duration {
	return b.st.Duration(key, def)
}

// Bool returns the setting key as a boolean (on/off, true/false, yes/no, 1/0), or def
// when absent.
func (b *Builder) Bool(key string, def bool) bool { return b.st.Bool(key, def) }

// Text returns the setting key as given, or def when absent.
func (b *Builder) Text(key, def string) string {
	if v, ok := b.Spec.Settings[key]; ok {
		return v
	}
	return def
}

// Fail records that the setting key has a bad value, wanting what want says ("a
// file that exists"), unless an earlier value was bad.
func (b *Builder) Fail(key, want string) { b.st.fail(key, b.Spec.Settings[key], want) }

// Err returns the first bad value's error, naming the spec, the setting and what it
// wants, or nil.
func (b *Builder) Err() error { return b.st.err }

// builtinKinds are this package's kinds, registered at init.
var builtinKinds = []Kind{
	{
		Name: "random",
		Doc:  "plays uniformly random decisions",
		Settings: []Setting{
			{Key: "seed", Type: UintValue, Default: "1", Doc: "seeds the random decisions", Role: RoleSeed},
		},
		New: builtinRandom,
	},
	{
		Name: "greedy",
		Doc:  "plays the turn whose resulting position the evaluation likes best, one turn ahead",
		Settings: []Setting{
			{Key: "seed", Type: UintValue, Default: "1", Doc: "seeds the random choice between equal turns", Role: RoleSeed},
			evalSetting,
		},
		New: builtinGreedy,
	},
	{
		Name: "minimax",
		Doc:  "plain minimax to a depth in full turns, without pruning (the reference)",
		Settings: []Setting{
			{Key: "depth", Type: IntValue, Default: strconv.Itoa(minimaxDefaultDepth),
				Doc: "full turns searched, 1 to " + strconv.Itoa(minimaxMaxDepth), Role: RoleDepth},
			evalSetting,
		},
		New: builtinMinimax,
	},
	{
		Name: "ab",
		Doc:  "alpha-beta with iterative deepening, a transposition table and aspiration windows",
		Settings: []Setting{
			{Key: "depth", Type: IntValue, Default: strconv.Itoa(abDefaultDepth),
				Doc: "full turns searched, 1 to " + strconv.Itoa(abMaxDepth) + " (" + strconv.Itoa(abMaxDepth) +
					" when nodes or time is given)", Role: RoleDepth},
			{Key: "nodes", Type: UintValue, Doc: "stops the search after about this many nodes (none by default)", Role: RoleNodes},
			{Key: "time", Type: DurationValue, Doc: "stops the search after this time (none by default)", Role: RoleTime},
			{Key: "tt", Type: IntValue, Default: strconv.Itoa(abDefaultTT),
				Doc: "transposition table in megabytes, 0 to " + strconv.Itoa(abMaxTT) + " (0: none), within the program's memory budget (taken at the first move)"},
			{Key: "seed", Type: UintValue, Doc: "accepted and ignored: the search has no random choices"},
			{Key: "aspiration", Type: IntValue, Default: strconv.Itoa(abDefaultAspiration),
				Doc: "half-width of the aspiration window in points (0: none)"},
			evalSetting,
		},
		New: builtinAlphaBeta,
	},
	{
		Name: "mcts",
		Doc:  "Monte Carlo tree search (UCT) with MCTS-Solver, tree reuse and root or tree parallelism",
		Settings: []Setting{
			{Key: "sims", Type: IntValue, Default: "10000",
				Doc: "simulations per move, 1 to " + strconv.Itoa(math.MaxInt32) + " (no limit when only time is given)", Role: RoleNodes},
			{Key: "time", Type: DurationValue, Doc: "stops the search after this time (none by default)", Role: RoleTime},
			{Key: "mem", Type: IntValue, Default: "512", Doc: "caps the trees' memory, in MiB, within the program's memory budget (the trees stop growing when it is spent)"},
			{Key: "c", Type: FloatValue, Default: "1", Doc: "UCT's exploration constant, on results in [-1, 1]"},
			{Key: "cutoff", Type: IntValue, Default: "0", Doc: "stops playouts after this many decisions and evaluates (0: play to the end)"},
			{Key: "leaf", Type: TextValue, Default: "playout",
				Doc: "how a new leaf is valued: playout (a random playout, to the end or the cut-off), eval (the evaluation at once, as AlphaZero uses a value network; best with eval=net; a leaf inside a turn is finished at random) or turn (as eval, a leaf inside a turn by the best way to finish it)"},
			{Key: "minimax", Type: FloatValue, Default: "0",
				Doc: "weight from 0 to 1 of implicit minimax backups: a child is ranked by (1-w)*mean + w*(the minimax value of the leaf values below it); best with leaf=turn and bestfirst=on (0: plain UCT)"},
			{Key: "bestfirst", Type: BoolValue, Default: "off",
				Doc: "every simulation expands its leaf and values all its children, backing up their best, as best-first minimax search does (needs minimax and leaf=eval or turn)"},
			{Key: "threads", Type: IntValue, Default: "1", Doc: "goroutines that search (see parallel)"},
			{Key: "parallel", Type: TextValue, Default: "root/tree",
				Doc: "with threads > 1: root (a tree per thread, merged; the same turn for the same spec with sims=) or tree (one shared tree with virtual loss; not reproducible); by default root with a simulation limit, tree with a time limit alone"},
			{Key: "reuse", Type: BoolValue, Default: "on", Doc: "keeps the subtree of the position after the opponent's turn"},
			{Key: "solver", Type: BoolValue, Default: "on", Doc: "proves wins, losses and draws (MCTS-Solver), in Kalah also the results the stores settle"},
			{Key: "seed", Type: UintValue, Default: "1", Doc: "seeds the random playouts", Role: RoleSeed},
			evalSetting,
		},
		New: builtinMCTS,
	},
}

// evalSetting is the eval setting of the kinds that evaluate positions. New does not
// read it: the caller resolves it to the Evaluator it passes (for every registered
// game, the registry of games does, with an eval.Evaluations: "linear", "score",
// "hand", a weights file or a network), and New keeps it in the player's spec.
var evalSetting = Setting{Key: "eval", Type: TextValue,
	Doc: "the evaluation: linear, score, hand, a weights FILE, net (the network the game ships) or net:FILE (the game's default when not given)", Role: RoleEval}

// The registry: kinds by name. Register writes it (at init); everything else reads it.
var (
	kindsMu sync.RWMutex
	kinds   = map[string]*Kind{}
)

func init() {
	for _, k := range builtinKinds {
		Register(k)
	}
}

// Register adds a kind of player, to be called from an init function: ParseSpec, New
// and Kinds know it from then on. It panics if the kind is not valid (a name or key
// that is empty or holds other characters than letters, digits, '-' and '_', a key
// given twice, two settings of one role, no constructor) or a kind of that name is
// registered.
func Register(k Kind) {
	if err := k.check(); err != nil {
		panic("search: Register: " + err.Error())
	}
	k.Settings = slices.Clone(k.Settings)
	kindsMu.Lock()
	defer kindsMu.Unlock()
	if _, dup := kinds[k.Name]; dup {
		panic(fmt.Sprintf("search: Register: kind %q registered twice", k.Name))
	}
	kinds[k.Name] = &k
}

// check reports what is wrong with a kind to register.
func (k *Kind) check() error {
	if !isName(k.Name) {
		return fmt.Errorf("kind %q: want a name of letters, digits, '-' and '_'", k.Name)
	}
	if k.New == nil {
		return fmt.Errorf("kind %q: no constructor", k.Name)
	}
	roles := map[Role]string{}
	for i, s := range k.Settings {
		if !isName(s.Key) {
			return fmt.Errorf("kind %q: setting %q: want a name of letters, digits, '-' and '_'", k.Name, s.Key)
		}
		if slices.ContainsFunc(k.Settings[:i], func(o Setting) bool { return o.Key == s.Key }) {
			return fmt.Errorf("kind %q: setting %q given twice", k.Name, s.Key)
		}
		if s.Prefix && s.Role != RoleNone {
			return fmt.Errorf("kind %q: setting %q: a prefix has no role", k.Name, s.Key)
		}
		if s.Role != RoleNone {
			if other, dup := roles[s.Role]; dup {
				return fmt.Errorf("kind %q: settings %q and %q both have the role %s", k.Name, other, s.Key, s.Role)
			}
			roles[s.Role] = s.Key
		}
	}
	if k.Positional != "" {
		if s, ok := k.Setting(k.Positional); !ok || s.Prefix {
			return fmt.Errorf("kind %q: positional setting %q is not one of its settings", k.Name, k.Positional)
		}
	}
	return nil
}

// isName reports whether s is a non-empty name of ASCII letters, digits, '-' and '_'.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// lookupKind returns the registered kind name, shared: the caller must not change it.
func lookupKind(name string) *Kind {
	kindsMu.RLock()
	k := kinds[name]
	kindsMu.RUnlock()
	return k
}

// LookupKind returns the kind registered as name.
func LookupKind(name string) (Kind, bool) {
	k := lookupKind(name)
	if k == nil {
		return Kind{}, false
	}
	out := *k
	out.Settings = slices.Clone(k.Settings)
	return out, true
}

// Kinds returns every registered kind, sorted by name.
func Kinds() []Kind {
	kindsMu.RLock()
	out := make([]Kind, 0, len(kinds))
	for _, k := range kinds {
		c := *k
		c.Settings = slices.Clone(k.Settings)
		out = append(out, c)
	}
	kindsMu.RUnlock()
	slices.SortFunc(out, func(a, b Kind) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// kindNames returns the registered kinds' names, sorted.
func kindNames() []string {
	kindsMu.RLock()
	names := make([]string, 0, len(kinds))
	for name := range kinds {
		names = append(names, name)
	}
	kindsMu.RUnlock()
	slices.Sort(names)
	return names
}
