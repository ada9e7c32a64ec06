package external

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/colony-ai/colony/external/enginehost"
	"github.com/colony-ai/colony/protocol"
	"github.com/colony-ai/colony/search"
)

// The cmd kind: an external engine, a program that speaks the Mancala Engine Protocol
// (docs/protocol.md) over its standard input and output, playing any game of the
// toolkit through the game's notations. Its players start the program (or take one
// from an Pool pool), tell it the game, the position and the turns since, and read
// its turn back; whatever the program does wrong is a *protocol.Fault, which a
// tournament records as the game's reason.

// Defaults of the cmd kind.
const (
	engineDefaultTimeout = 60 * time.Second       // a search under depth or nodes only
	engineDefaultMargin  = 100 * time.Millisecond // past a movetime, outside a tournament
)

// Kind is the name of the kind this package registers: "cmd".
const Kind = "cmd"

func init() { search.Register(kind) }

// kind is the cmd kind.
var kind = search.Kind{
	Name:       Kind,
	Doc:        "an external engine: a program speaking the Mancala Engine Protocol (docs/protocol.md)",
	Positional: "path",
	Settings: []search.Setting{
		{Key: "path", Type: search.TextValue, Doc: "the program (required; also written first without path=: cmd:./my-engine)"},
		{Key: "args", Type: search.TextValue, Doc: "its arguments, separated by white space (quote the value)"},
		{Key: "dir", Type: search.TextValue, Doc: "its working directory (the caller's by default)"},
		{Key: "name", Type: search.TextValue, Doc: "the player's name: in a tournament that gives it none (-p SPEC), and in its log files (by default the caller's name for the player, or the program's file name)"},
		{Key: "depth", Type: search.IntValue, Doc: "sent as go depth N (none by default)", Role: search.RoleDepth},
		{Key: "nodes", Type: search.UintValue, Doc: "sent as go nodes N (none by default)", Role: search.RoleNodes},
		{Key: "movetime", Type: search.DurationValue, Doc: "sent as go movetime MS (none by default)", Role: search.RoleTime},
		{Key: "timeout", Type: search.DurationValue, Default: "60s",
			Doc: "how long a search without a time limit may take before the engine is stalled"},
		{Key: "seed", Type: search.UintValue, Doc: "sent as the engine's option seed, when it declares one: as it is if it lies in the option's range, else mapped into it (MIN + (seed-MIN) mod (MAX-MIN+1))", Role: search.RoleSeed},
		{Key: "option", Type: search.TextValue, Prefix: true, Doc: "option.NAME=VALUE sets the engine's option NAME (setoption)"},
	},
	New: search.NotationConstructor(newPlayer),
}

// engineConfig is what a cmd spec says.
type engineConfig struct {
	process enginehost.Process
	name    string
	options [][2]string // option.NAME settings, sorted by name
	limits  protocol.Limits
	timeout time.Duration
	seed    uint64
	hasSeed bool
	// key identifies the processes that can play for this spec: the same name,
	// program, arguments, directory and options (not the limits or the seed).
	key string
}

// newEngineConfig reads a cmd spec.
func newEngineConfig(b *search.Builder, name string) engineConfig {
	var c engineConfig
	path := b.Text("path", "")
	c.process.Dir = b.Text("dir", "")
	c.process.Args = strings.Fields(b.Text("args", ""))
	switch {
	case path == "":
		b.Fail("path", "the engine's program (cmd:path=PROGRAM or cmd:PROGRAM)")
	default:
		resolved, want := findProgram(path, c.process.Dir)
		if want != "" {
			b.Fail("path", want)
		}
		c.process.Path = resolved
	}
	if c.process.Dir != "" {
		if fi, err := os.Stat(c.process.Dir); err != nil || !fi.IsDir() {
			b.Fail("dir", "a directory that exists")
		}
	}
	c.name = b.Text("name", name)
	if c.name == "" {
		c.name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	if d := b.Int("depth", 0, 1, 1<<20); d > 0 {
		c.limits.Depth = d
	}
	c.limits.Nodes = b.Uint64("nodes", 0)
	c.limits.MoveTime = b.Duration("movetime", 0)
	c.timeout = b.Duration("timeout", engineDefaultTimeout)
	c.seed, c.hasSeed = b.Uint64("seed", 0), b.Spec.Has("seed")
	for key, v := range b.Spec.Settings {
		if opt, ok := strings.CutPrefix(key, "option."); ok {
			c.options = append(c.options, [2]string{opt, v})
		}
	}
	slices.SortFunc(c.options, func(x, y [2]string) int { return cmp.Compare(x[0], y[0]) })
	var k strings.Builder
	for _, f := range append([]string{c.name, c.process.Path, c.process.Dir}, c.process.Args...) {
		k.WriteString(strconv.Quote(f))
	}
	for _, o := range c.options {
		k.WriteString(strconv.Quote(o[0]) + "=" + strconv.Quote(o[1]))
	}
	c.key = k.String()
	return c
}

// findProgram returns the program path names, run in dir: a path with a '/' is taken
// as it is (relative to dir when dir is given), a bare name is looked up in PATH. It
// must be an executable file; if it is not, want says what is wanted.
func findProgram(path, dir string) (resolved, want string) {
	if !strings.ContainsRune(path, '/') {
		p, err := exec.LookPath(path)
		if err != nil {
			return "", "a program found in PATH, or a path to one"
		}
		return p, ""
	}
	check := path
	if dir != "" && !filepath.IsAbs(path) {
		check = filepath.Join(dir, path)
	}
	fi, err := os.Stat(check)
	switch {
	case err != nil:
		return "", "a program that exists"
	case fi.IsDir() || fi.Mode()&0o111 == 0:
		return "", "an executable file (chmod +x it, or give its interpreter: path=python3,args=FILE)"
	}
	return path, ""
}

// newPlayer builds a player of the cmd kind (search wraps it in a player of the
// game: search.NotationConstructor).
func newPlayer(b *search.Builder) (search.NotationPlayer, error) {
	cfg := newEngineConfig(b, b.Options.Name)
	if err := b.Err(); err != nil {
		return nil, err
	}
	p := &player{spec: b.Spec.String(), parsed: b.Spec, cfg: cfg, game: b.Game, startText: b.StartPosition}
	p.cpus, _ = search.Value(b.Options.Env, cpusKey)
	p.pool, _ = search.Value(b.Options.Env, poolKey)
	if p.pool == nil {
		p.pool = &Pool{}
		p.ownPool = true
	}
	return p, nil
}

// player is a player of the cmd kind, for one game.
type player struct {
	spec      string
	parsed    search.Spec // spec, parsed
	played    string      // the spec as played, once prepared (PlayedSpec)
	cfg       engineConfig
	game      string // the game's name, for newgame
	startText string // the game's start position, sent as "position start"
	pool      *Pool
	ownPool   bool  // pool is the player's own (no Pool lent): closed with it
	cpus      []int // the CPUs to pin the engine to (WithCPUs), nil for none
	eng       *engineProcess
}

// Spec returns the player's spec.
func (p *player) Spec() string { return p.spec }

// Prepare gets the engine ready for the game: it takes a process from the pool (or
// starts one, with the handshake and the options), sets its seed and starts the
// game (newgame), so that none of it is charged to the first move's time.
func (p *player) Prepare(ctx context.Context) error {
	if p.eng != nil {
		return nil
	}
	e, err := p.pool.take(ctx, &p.cfg)
	if err != nil {
		return err
	}
	c := e.client
	// The process may have played in another slot: it is pinned for this game's.
	if err := pin(c.Pid(), p.cpus); err != nil {
		p.pool.put(e)
		return err
	}
	p.played = p.spec
	if p.cfg.hasSeed {
		id := c.Identity()
		o, declared := id.Option("seed")
		value, ok := SeedValue(o, p.cfg.seed)
		if declared && ok {
			if err := c.SetOption(ctx, "seed", value); err != nil {
				p.pool.put(e)
				return err
			}
			p.played = p.parsed.With("seed", value).String()
		} else {
			p.played = p.parsed.Without("seed").String()
		}
	}
	if err := c.NewGame(ctx, p.game); err != nil {
		p.pool.put(e)
		return err
	}
	p.eng = e
	return nil
}

// PlayedSpec returns the spec as played: once the player is prepared, its seed
// setting says the value sent to the engine (mapped into the range of the engine's
// option seed, see SeedValue), and is left out when none was sent (the engine
// declares no option seed, or one that takes no such value). Before Prepare it is
// Spec.
func (p *player) PlayedSpec() string {
	if p.played == "" {
		return p.spec
	}
	return p.played
}

// SeedValue returns the value of option o (an engine's option seed) that the 64-bit
// seed stands for, and whether there is one. For an int option with the range MIN to
// MAX it is seed itself when it lies in the range, else MIN + (seed-MIN) mod
// (MAX-MIN+1): every seed gives a value the option takes, the same value every time,
// and a value in the range stands for itself (so a spec that says the value sent
// sends it again). For a string option it is seed in decimal; for the other types,
// the decimal seed if the option takes it.
func SeedValue(o protocol.Option, seed uint64) (string, bool) {
	text := strconv.FormatUint(seed, 10)
	if o.Type != protocol.IntOption {
		if o.Check(text) != nil {
			return "", false
		}
		return text, true
	}
	lo, ok1 := new(big.Int).SetString(o.Min, 10)
	hi, ok2 := new(big.Int).SetString(o.Max, 10)
	if !ok1 || !ok2 || lo.Cmp(hi) > 0 {
		return "", false // not a declared option's bounds (parseOption checks them)
	}
	n := new(big.Int).Sub(hi, lo)
	n.Add(n, big.NewInt(1))
	v := new(big.Int).SetUint64(seed)
	v.Sub(v, lo)
	v.Mod(v, n) // Euclidean: 0 to n-1
	v.Add(v, lo)
	return v.String(), true
}

// Think tells the engine the game's course and searches.
func (p *player) Think(ctx context.Context, course search.Course) (search.NotationReply, error) {
	if err := p.Prepare(ctx); err != nil {
		return search.NotationReply{}, err
	}
	c := p.eng.client
	pos := course.Start
	if pos == p.startText {
		pos = ""
	}
	if err := c.Position(ctx, pos, course.Turns); err != nil {
		return search.NotationReply{}, err
	}
	limits, timeout := p.cfg.searchLimits(ctx, course.Timing)
	// The move's deadline is the engine's time, not a cancellation: the Client
	// judges the time with the margin. Only a cancelled caller stops the search.
	goCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	stopAfter := context.AfterFunc(ctx, func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	defer stopAfter()
	res, err := c.Go(goCtx, limits, timeout, nil)
	if err != nil {
		return search.NotationReply{}, err
	}
	r := search.NotationReply{Turn: res.Turn, PV: res.Info.PV, Depth: res.Info.Depth, Nodes: res.Info.Nodes}
	switch sc := res.Info.Score; sc.Kind {
	case protocol.ValueScore:
		r.Score = int(max(min(sc.Value, search.WinScore-1), -(search.WinScore - 1)))
	case protocol.WinScore:
		r.Score = search.WinScore + int(min(sc.Value, search.WinScore))
	case protocol.LossScore:
		r.Score = -search.WinScore - int(min(sc.Value, search.WinScore))
	}
	return r, nil
}

// Illegal returns the fault of an engine whose bestturn is not a legal turn.
func (p *player) Illegal(turn string, err error) error {
	return p.eng.client.Fault(protocol.IllegalMove, fmt.Sprintf("bestturn %q: %v", turn, err))
}

// Close gives the engine's process back to the pool (or ends it, after a fault or
// with no pool). An engine that does not exit when told is killed: that is not an
// error of Close (an Pool' Close reports it).
func (p *player) Close() error {
	if p.eng != nil {
		p.pool.put(p.eng)
		p.eng = nil
	}
	if p.ownPool {
		_ = p.pool.Close()
	}
	return nil
}

// searchLimits returns the limits of go and the Client's timeout: the spec's limits,
// the caller's timing (a tournament's move time or clocks and margin), or, with
// neither, the time left before ctx's deadline as a move time.
func (c *engineConfig) searchLimits(ctx context.Context, t search.Timing) (protocol.Limits, time.Duration) {
	l := c.limits
	margin := engineDefaultMargin
	if t.Margin > 0 || t.MoveTime > 0 || t.Clock != nil {
		margin = t.Margin
	}
	switch {
	case t.MoveTime > 0:
		l.MoveTime = t.MoveTime
	case t.Clock != nil:
		l.MoveTime = 0
		l.Clock = &protocol.Clock{Time: t.Clock[0].Left, Inc: t.Clock[0].Increment}
		l.OClock = &protocol.Clock{Time: t.Clock[1].Left, Inc: t.Clock[1].Increment}
	case l.MoveTime == 0 && l.Depth == 0 && l.Nodes == 0:
		if dl, ok := ctx.Deadline(); ok {
			l.MoveTime = max(time.Until(dl), time.Millisecond)
		}
	}
	switch {
	case l.Clock != nil:
		return l, max(l.Clock.Time, 0) + margin
	case l.MoveTime > 0:
		return l, l.MoveTime + margin
	case t.Timeout > 0:
		return l, t.Timeout
	}
	return l, c.timeout
}

// StopGrace is how long after its deadline the player may take to return: the
// protocol's wait for bestturn after stop, and the kill of a stalled engine.
func (p *player) StopGrace() time.Duration {
	return protocol.DefaultStopTimeout + time.Second
}

// Pool keeps the processes of external engines (the cmd kind) between the games
// of their players, as search.Options.Env lends it to them (WithPool): a game's player takes a process that
// an earlier game's player gave back, or starts one, and gives it back when it is
// closed, unless a fault ended it. A tournament keeps one for the whole run, so that
// a program is started once per game slot (a game played at the same time as others,
// a seat), not once per game. Close ends every process kept; a process given back
// after Close is ended at once.
//
// Each process's standard error goes to LogDir/NAME-SLOT.log (appended to, with a
// line when a process starts), NAME being the player's name and SLOT the lowest
// number from 1 that no other running process of that name has; with no LogDir, to
// Stderr (nil: dropped), or, with HoldLogs, to memory until SetLogDir. A log keeps
// LogLimit bytes of each process: past it, the first half and the last half, with a
// line that says how many bytes were cut between them (written when the process
// ends).
//
// The engines' lines are read leniently (protocol.Timeouts.Strict), the lines
// ignored noted in the log; Strict reads them strictly.
type Pool struct {
	LogDir string
	Stderr io.Writer
	Strict bool
	// LogLimit is how many bytes of a process's standard error its log keeps (0:
	// DefaultLogLimit; negative: all).
	LogLimit int64
	// HoldLogs, with no LogDir, holds the processes' standard error in memory (up to
	// LogLimit each) until SetLogDir says where it goes.
	HoldLogs bool

	mu      sync.Mutex
	idle    map[string][]*engineProcess // by engineConfig.key
	slots   map[string][]bool           // by name: the slots in use
	holding map[*engineProcess]bool     // the processes whose log is held
	closed  bool
}

// SetLogDir sets LogDir: the logs held (HoldLogs) are written to their files,
// which the processes' standard error then goes to.
func (e *Pool) SetLogDir(dir string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.LogDir = dir
	var errs []error
	for p := range e.holding {
		f, err := e.openLog(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		p.file = f
		p.log.setDest(f)
		delete(e.holding, p)
	}
	return errors.Join(errs...)
}

// logLimit returns the limit of a process's log.
func (e *Pool) logLimit() int64 {
	if e.LogLimit == 0 {
		return DefaultLogLimit
	}
	return e.LogLimit
}

// engineProcess is a running engine.
type engineProcess struct {
	client *protocol.Client
	key    string
	name   string
	slot   int
	log    *cappedLog // nil without LogDir or HoldLogs
	file   *os.File   // the log's file (nil: none yet)
}

// take returns an idle process of cfg's program, or starts one.
func (e *Pool) take(ctx context.Context, cfg *engineConfig) (*engineProcess, error) {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil, errors.New("external: the pool of engines is closed")
	}
	for {
		idle := e.idle[cfg.key]
		if len(idle) == 0 {
			break
		}
		p := idle[len(idle)-1]
		e.idle[cfg.key] = idle[:len(idle)-1]
		if p.client.Usable() {
			e.mu.Unlock()
			return p, nil
		}
		e.mu.Unlock()
		e.end(p) // it ended while idle
		e.mu.Lock()
	}
	if e.slots == nil {
		e.slots = map[string][]bool{}
		e.idle = map[string][]*engineProcess{}
	}
	used := e.slots[cfg.name]
	slot := slices.Index(used, false)
	if slot < 0 {
		slot = len(used)
		used = append(used, false)
	}
	used[slot] = true
	e.slots[cfg.name] = used
	e.mu.Unlock()

	p := &engineProcess{key: cfg.key, name: cfg.name, slot: slot + 1}
	proc := cfg.process
	proc.Stderr = e.Stderr
	e.mu.Lock()
	switch {
	case e.LogDir != "":
		f, err := e.openLog(p)
		if err != nil {
			e.freeLocked(p)
			e.mu.Unlock()
			return nil, err
		}
		p.file, p.log = f, newCappedLog(f, e.logLimit())
	case e.HoldLogs:
		p.log = newCappedLog(nil, e.logLimit())
		if e.holding == nil {
			e.holding = map[*engineProcess]bool{}
		}
		e.holding[p] = true
	}
	e.mu.Unlock()
	if p.log != nil {
		fmt.Fprintf(p.log, "# %s: started %s\n", time.Now().UTC().Format(time.RFC3339), strings.Join(append([]string{proc.Path}, proc.Args...), " "))
		proc.Stderr = p.log
	}
	c, err := enginehost.Start(ctx, proc, protocol.Timeouts{Strict: e.Strict})
	if err == nil {
		for _, o := range cfg.options {
			if err = c.SetOption(ctx, o[0], o[1]); err != nil {
				err = fmt.Errorf("option.%s=%s: %w", o[0], o[1], err)
				break
			}
		}
		if err == nil && len(cfg.options) > 0 {
			err = c.IsReady(ctx) // an "error" answered to an option comes now
		}
		if err != nil {
			_ = c.Close()
		}
	}
	if err != nil {
		e.release(p)
		return nil, err
	}
	if p.log != nil {
		fmt.Fprintf(p.log, "# pid %d: %s (MEP %d)\n", c.Pid(), c.Identity().Name, c.Version())
	}
	p.client = c
	return p, nil
}

// openLog opens the log file of process p in LogDir (the caller holds mu).
func (e *Pool) openLog(p *engineProcess) (*os.File, error) {
	if err := os.MkdirAll(e.LogDir, 0o755); err != nil {
		return nil, fmt.Errorf("engine logs: %w", err)
	}
	name := fmt.Sprintf("%s-%d.log", logName(p.name), p.slot)
	f, err := os.OpenFile(filepath.Join(e.LogDir, name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("engine logs: %w", err)
	}
	return f, nil
}

// logName is name with the characters that a file name should not hold replaced.
func logName(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == 0 || r < ' ' {
			return '_'
		}
		return r
	}, name)
}

// put gives a process back: kept when it is usable and the pool open, ended
// otherwise.
func (e *Pool) put(p *engineProcess) {
	e.mu.Lock()
	if !e.closed && p.client.Usable() {
		e.idle[p.key] = append(e.idle[p.key], p)
		e.mu.Unlock()
		return
	}
	e.mu.Unlock()
	e.end(p)
}

// end ends process p and frees its slot.
func (e *Pool) end(p *engineProcess) {
	_ = p.client.Close()
	e.release(p)
}

// release closes p's log and frees its slot.
func (e *Pool) release(p *engineProcess) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if p.log != nil {
		_ = p.log.Close()
	}
	if p.file != nil {
		_ = p.file.Close()
	}
	delete(e.holding, p)
	e.freeLocked(p)
}

func (e *Pool) freeLocked(p *engineProcess) {
	if used := e.slots[p.name]; p.slot-1 < len(used) {
		used[p.slot-1] = false
	}
}

// Close ends every process kept (quit, then a kill after a second), in parallel, and
// makes the processes given back later end at once. It returns the errors of the
// engines that did not exit when told.
func (e *Pool) Close() error {
	e.mu.Lock()
	e.closed = true
	var all []*engineProcess
	for _, idle := range e.idle {
		all = append(all, idle...)
	}
	e.idle = nil
	e.mu.Unlock()
	errs := make([]error, len(all))
	var wg sync.WaitGroup
	for i, p := range all {
		wg.Go(func() {
			errs[i] = p.client.Close()
			e.release(p)
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
