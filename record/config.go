package record

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/stats"
)

// Entrant is one player of a tournament: a display name and a player spec.
type Entrant struct {
	Name string `json:"name"`
	Spec string `json:"spec"`
}

// ParseEntrant reads NAME=SPEC, or a bare SPEC (then the name is the spec's name
// setting, as in cmd:./engine,name=mine, or else the spec itself).
func ParseEntrant(text string) (Entrant, error) {
	name, spec, named := strings.Cut(text, "=")
	if named && strings.ContainsAny(name, ":,") {
		// "ab:depth=4" has '=' inside the spec: no name.
		name, spec, named = text, text, false
	}
	if !named {
		spec = text
		name = text
	}
	if name == "" || spec == "" {
		return Entrant{}, fmt.Errorf("player %q: want NAME=SPEC or SPEC", text)
	}
	sp, err := search.ParseSpec(spec)
	if err != nil {
		return Entrant{}, err
	}
	if n, ok := sp.Settings["name"]; ok && !named {
		name = n // a spec that names its player (cmd:./engine,name=mine)
	}
	return Entrant{Name: name, Spec: spec}, nil
}

// Format is how the players are paired.
type Format string

// The formats.
const (
	RoundRobin Format = "roundrobin" // every pair of players
	Gauntlet   Format = "gauntlet"   // the first player against each of the others
	Match      Format = "match"      // two players
)

// ParseFormat reads a format name.
func ParseFormat(text string) (Format, error) {
	switch f := Format(text); f {
	case RoundRobin, Gauntlet, Match:
		return f, nil
	}
	return "", fmt.Errorf("format %q: want roundrobin, gauntlet or match", text)
}

// TimeControl is a clock per game: Base for the whole game plus Increment after each
// of the player's turns.
type TimeControl struct {
	Base      time.Duration `json:"base"`
	Increment time.Duration `json:"increment"`
}

// ParseTimeControl reads BASE[+INC]: durations such as 10s+100ms, or bare numbers of
// seconds such as 10+0.1.
func ParseTimeControl(text string) (TimeControl, error) {
	baseText, incText, hasInc := strings.Cut(text, "+")
	base, err := parseSeconds(baseText)
	if err != nil || base <= 0 {
		return TimeControl{}, fmt.Errorf("time control %q: the base must be a positive duration (10s, 1m, or seconds: 10)", text)
	}
	tc := TimeControl{Base: base}
	if hasInc {
		inc, err := parseSeconds(incText)
		if err != nil || inc < 0 {
			return TimeControl{}, fmt.Errorf("time control %q: the increment must be a duration of 0 or more (100ms, or seconds: 0.1)", text)
		}
		tc.Increment = inc
	}
	return tc, nil
}

// String writes the time control as BASE+INC in Go durations.
func (tc TimeControl) String() string {
	if tc.Base == 0 {
		return ""
	}
	return tc.Base.String() + "+" + tc.Increment.String()
}

// parseSeconds reads a Go duration or a bare number of seconds.
func parseSeconds(text string) (time.Duration, error) {
	if x, err := strconv.ParseFloat(text, 64); err == nil {
		if x != x || x > 1e6 || x < -1e6 {
			return 0, errors.New("out of range")
		}
		return time.Duration(x * float64(time.Second)), nil
	}
	return time.ParseDuration(text)
}

// Limits bound every move of every player, on top of the limits of the players' own
// specs. Each is added to the specs of the players whose kind has a setting of its
// role (search.Role) and whose spec does not set it: Depth as the depth limit (ab's
// and minimax's depth=), Nodes as the node limit (ab's nodes=, mcts's sims=), MoveTime
// as the time limit (ab's and mcts's time=). MoveTime and TimeControl also bound the
// move from outside: a player that goes over by more than Margin loses the game on
// time, and one that has not replied when its time and the margin are over (and at
// least 100 ms past its time) is not waited for: it loses on time and is abandoned
// (see tournament.Runner).
type Limits struct {
	Depth       int           `json:"depth,omitempty"`
	Nodes       uint64        `json:"nodes,omitempty"`
	MoveTime    time.Duration `json:"movetime,omitempty"`
	TimeControl TimeControl   `json:"tc,omitzero"`
	// Margin is how far over its time a player may go before it loses; the runner
	// waits for a reply until the time plus the margin, and at least 100 ms past the
	// time.
	Margin time.Duration `json:"margin,omitempty"`
	// MoveTimeout, for games without a move time or a clock, is a hard limit on
	// every move: a player that has not replied after it loses the game on time and
	// is abandoned (see tournament.Runner), as a timed move's player is past its time and the
	// margin. 0 leaves such moves unwatched (no goroutine per move: a random
	// player's turn costs less than starting one). It cannot be given with MoveTime
	// or TimeControl.
	MoveTimeout time.Duration `json:"move_timeout,omitempty"`
}

// timed reports whether moves are timed from outside (a move time or a clock).
func (l Limits) timed() bool { return l.MoveTime > 0 || l.TimeControl.Base > 0 }

// Openings says where games start. Each round (one game pair per pairing) starts
// from one opening: Positions[round mod len] when Positions is not empty, otherwise
// a random opening of RandomTurns uniformly random turns from the start position,
// seeded by the tournament's seed and the round (openings that end the game are
// skipped).
type Openings struct {
	// File is the opening file's name, for the records; Positions its lines.
	File      string   `json:"file,omitempty"`
	Positions []string `json:"positions,omitempty"`
	// Shuffle takes the file's positions in a seeded random order instead of the
	// file's order.
	Shuffle     bool `json:"shuffle,omitempty"`
	RandomTurns int  `json:"random_turns"`
}

// Config is a tournament: who plays, how many games, where the games start, the
// limits, and which slice of the schedule this run plays.
type Config struct {
	Game    string    `json:"game"`
	Players []Entrant `json:"players"`
	Format  Format    `json:"format"`
	// Games is the number of games of each pairing, an even number (pairs of games
	// from the same opening with colours swapped).
	Games    int      `json:"games"`
	Seed     Seed     `json:"seed"`
	Openings Openings `json:"openings"`
	Limits   Limits   `json:"limits"`
	// Adjudication, if not nil, ends games early by its rules (see Adjudication).
	Adjudication *Adjudication `json:"adjudication,omitempty"`
	// SPRT, for a match, stops the match when its test accepts a hypothesis.
	SPRT *stats.SPRT `json:"-"`
	// Shard K of Shards (1 ≤ K ≤ Shards) plays the pairs whose index is K-1 modulo
	// Shards; 0 of 0 (or 1 of 1) plays everything.
	Shard  int `json:"shard,omitempty"`
	Shards int `json:"shards,omitempty"`
	// Strict reads the external engines' lines strictly: an empty line, an info
	// line outside a search or an info item the protocol does not have (UCI's
	// seldepth, score cp, ...) loses the game (protocol error), where by default
	// they are ignored (docs/protocol.md, "Lenient reading").
	Strict bool `json:"strict,omitempty"`
	// Board is The Colony's board file when the tournament is played on one (the
	// games file's header holds it whole), and Inputs the files the players' specs
	// name, by their content hashes: see tournament.HashInputs. nil for none.
	Board  *BoardFile  `json:"board,omitempty"`
	Inputs []InputFile `json:"inputs,omitempty"`
	// UntilPair, when positive, limits this run to the pairs of the schedule numbered
	// below it (those of its shard among them): a prefix of the tournament. It is not
	// part of the tournament (not in the games file's header): a later run of the same
	// games file with a larger limit continues it, which plays a tournament in batches
	// of pairs (see the SPRT driver of 'colony tournament sprt-driver').
	UntilPair int `json:"-"`
	// Affinity pins the engines of each game slot (the cmd kind's processes) to CPUs
	// of the slot's own (see external.CPUSets); the toolkit's own players are not
	// pinned. It changes no result: it is not part of the tournament either.
	Affinity bool `json:"-"`
}

// MaxGames bounds the games of one pairing.
const MaxGames = 10_000_000

// Validate checks the config and returns the first problem.
func (c *Config) Validate() error {
	n := len(c.Players)
	if n < 2 {
		return fmt.Errorf("a tournament needs at least two players, got %d", n)
	}
	seen := map[string]bool{}
	for _, p := range c.Players {
		if seen[p.Name] {
			return fmt.Errorf("two players are named %q: give them names with NAME=SPEC", p.Name)
		}
		seen[p.Name] = true
		if _, err := search.ParseSpec(p.Spec); err != nil {
			return err
		}
	}
	switch c.Format {
	case Match:
		if n != 2 {
			return fmt.Errorf("a match is between two players, got %d (use roundrobin or gauntlet)", n)
		}
	case RoundRobin, Gauntlet:
	default:
		return fmt.Errorf("format %q: want roundrobin, gauntlet or match", c.Format)
	}
	if c.Games < 2 || c.Games%2 != 0 || c.Games > MaxGames {
		return fmt.Errorf("games: %d: want an even number from 2 to %d (games are played in pairs, colours swapped)", c.Games, MaxGames)
	}
	o := c.Openings
	if len(o.Positions) == 0 && (o.RandomTurns < 0 || o.RandomTurns > 1000) {
		return fmt.Errorf("random openings: %d turns: want 0 to 1000", o.RandomTurns)
	}
	l := c.Limits
	switch {
	case l.Depth < 0 || l.Depth > 64:
		return fmt.Errorf("depth: %d: want 1 to 64", l.Depth)
	case l.MoveTime < 0:
		return fmt.Errorf("movetime: %v: want a positive duration", l.MoveTime)
	case l.MoveTime > 0 && l.TimeControl.Base > 0:
		return errors.New("a move time and a time control cannot both be given")
	case l.Margin < 0:
		return fmt.Errorf("time margin: %v: want 0 or more", l.Margin)
	case l.MoveTimeout < 0:
		return fmt.Errorf("move timeout: %v: want a positive duration", l.MoveTimeout)
	case l.MoveTimeout > 0 && l.timed():
		return errors.New("a move timeout is for games without a move time or a time control (their moves are abandoned when the time and the margin are over)")
	}
	if err := c.Adjudication.Validate(); err != nil {
		return err
	}
	if c.SPRT != nil {
		if n != 2 {
			return fmt.Errorf("an SPRT needs exactly two players, got %d", n)
		}
		if c.Shards > 1 {
			return errors.New("an SPRT cannot be sharded: it decides when to stop from all the games")
		}
	}
	if c.UntilPair < 0 {
		return fmt.Errorf("until pair: %d: want 0 (no limit) or more", c.UntilPair)
	}
	if c.Shards < 0 || c.Shard < 0 || (c.Shards > 0 && (c.Shard < 1 || c.Shard > c.Shards)) || (c.Shards == 0 && c.Shard != 0) {
		return fmt.Errorf("shard %d/%d: want K/N with 1 ≤ K ≤ N", c.Shard, c.Shards)
	}
	for _, p := range c.Players {
		if _, err := c.playerSpec(p.Spec); err != nil {
			return fmt.Errorf("player %q: %w", p.Name, err)
		}
	}
	return nil
}

// ParseShard reads K/N.
func ParseShard(text string) (k, n int, err error) {
	kt, nt, ok := strings.Cut(text, "/")
	k, err1 := strconv.Atoi(kt)
	n, err2 := strconv.Atoi(nt)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("shard %q: want K/N with 1 ≤ K ≤ N, as in 2/8", text)
	}
	return k, n, nil
}

// playerSpec returns spec with the tournament's limits added (see Limits): each to
// the setting of its role (search.Role) in the player's kind.
func (c *Config) playerSpec(spec string) (search.Spec, error) {
	sp, err := search.ParseSpec(spec)
	if err != nil {
		return sp, err
	}
	kind, _ := search.LookupKind(sp.Kind) // ParseSpec found it
	l := c.Limits
	set := func(role search.Role, value string) {
		if s, ok := kind.SettingFor(role); ok && !sp.Has(s.Key) {
			sp = sp.With(s.Key, value)
		}
	}
	if l.Depth > 0 {
		set(search.RoleDepth, strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		set(search.RoleNodes, strconv.FormatUint(l.Nodes, 10))
	}
	if l.MoveTime > 0 {
		set(search.RoleTime, l.MoveTime.String())
	}
	return sp, nil
}

// HumanSpec is the spec of a person in a games file: the player of the turns a person
// chose, in a game played on the page of colony serve and saved there. No run plays
// it (Validate refuses it, as it is no player kind); reading, merging, replaying and
// exporting a file accept it, its turns' search figures all 0.
const HumanSpec = "human"

// SpecTemplate is a player's spec with the tournament's limits added, ready to take
// each game's seed (ForGame).
type SpecTemplate struct {
	base    string // the spec without its seed
	seedKey string // the kind's seed setting (search.RoleSeed), or "" if it has none
	own     uint64 // the spec's own seed, if hasOwn
	hasOwn  bool
}

// Template returns the spec template of a player.
func (c *Config) Template(spec string) (SpecTemplate, error) {
	if spec == HumanSpec {
		return SpecTemplate{base: HumanSpec}, nil
	}
	sp, err := c.playerSpec(spec)
	if err != nil {
		return SpecTemplate{}, err
	}
	kind, _ := search.LookupKind(sp.Kind)
	var t SpecTemplate
	if s, ok := kind.SettingFor(search.RoleSeed); ok { // ab takes a seed and ignores it: not its role
		t.seedKey = s.Key
	}
	if t.seedKey != "" && sp.Has(t.seedKey) {
		own, err := strconv.ParseUint(sp.Settings[t.seedKey], 10, 64)
		if err != nil {
			return SpecTemplate{}, fmt.Errorf("player %q: %s=%q: want a whole number of 0 or more", spec, t.seedKey, sp.Settings[t.seedKey])
		}
		t.own, t.hasOwn = own, true
		sp = sp.Without(t.seedKey)
	}
	t.base = sp.String()
	return t, nil
}

// SeatSpec returns spec as the record of a game holds it for the player in seat (0
// or 1) when the game's seed is gameSeed, in a tournament without limits: for a kind
// that takes a seed, with the seed derived from the game's seed, the seat and the
// spec's own seed (what CheckRecord expects); HumanSpec as it is.
func SeatSpec(spec string, gameSeed Seed, seat int) (string, error) {
	t, err := (&Config{}).Template(spec)
	if err != nil {
		return "", err
	}
	return t.ForGame(uint64(gameSeed), seat), nil
}

// ForGame returns the spec of the player for one game: for kinds that take a seed, a
// seed derived from the game's seed and the seat (and the spec's own seed, if it sets
// one), so that games differ but replay exactly.
func (t SpecTemplate) ForGame(gameSeed uint64, seat int) string {
	if t.seedKey == "" {
		return t.base
	}
	seed := Mix(gameSeed, uint64(seat)+1)
	if t.hasOwn {
		seed = Mix(seed, t.own)
	}
	sep := ":"
	if strings.Contains(t.base, ":") { // a kind's name has no ':': the spec has settings
		sep = ","
	}
	return t.base + sep + t.seedKey + "=" + strconv.FormatUint(seed, 10)
}

// Mix combines two numbers into a well-spread 64-bit seed (SplitMix64's finaliser).
func Mix(a, b uint64) uint64 {
	z := a + 0x9e3779b97f4a7c15*(b+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Describe says in one line what a run of the tournament plays: the format, the
// players, the games, the seed, the shard and the pairs of the run, the
// adjudication's rules, and, when
// resumed is positive, that it resumes after that many games.
func (c *Config) Describe(resumed int) string {
	var names []string
	for _, p := range c.Players {
		names = append(names, p.Name)
	}
	s := fmt.Sprintf("%s of %s, %d games a pairing (%d in all), seed %d", c.Format, strings.Join(names, ", "),
		c.Games, c.TotalGames(), c.Seed)
	if c.Shards > 1 {
		s += fmt.Sprintf(", shard %d/%d", c.Shard, c.Shards)
	}
	if c.UntilPair > 0 {
		s += fmt.Sprintf(", pairs below %d", c.UntilPair)
	}
	if rules := c.Adjudication.names(); rules != "" {
		s += ", adjudicated by " + rules
	}
	if resumed > 0 {
		s += fmt.Sprintf(", resuming after %d games", resumed)
	}
	return s
}
