// Command testengine is an MEP engine for tests: it plays uniformly random legal
// turns of any game of the toolkit, through protocol.Serve, and misbehaves on demand
// at a chosen turn of a chosen game, so that runners can be tested against every
// fault.
//
//	testengine [-seed N] [-fault KIND -fault-turn N -fault-game N [-fault-start N -state DIR]] [-slow D] [-linger D]
//
// The faults (-fault): illegal (a turn that is not legal), garbage (a line that is not
// MEP instead of bestturn), noreply (never answers that go, nor stop), slow (sleeps
// -slow, ignoring stop, then answers), crash (exits with status 3), exitzero (exits
// with status 0), huge (a line of 1 MB), stray (its bestturn again, at the next newgame),
// badutf8 (an info line that is not UTF-8), handshake-exit (exits with status 2
// during the handshake), handshake-silent (never answers mep). -fault-turn is the
// engine's turn in the game (its go count since newgame, from 1), -fault-game the
// game of the process (its newgame count, from 1; 0 for every game). With -state, the
// engine counts its starts in that directory (one file each) and commits its fault
// only in the processes started -fault-start-th or later (the first processes of a
// tournament, which check the engine, then play well).
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/protocol"
)

func main() {
	e := &engine{}
	flag.Uint64Var(&e.seed, "seed", 1, "the seed of the random choices")
	flag.StringVar(&e.fault, "fault", "", "the fault to commit (see the package's doc)")
	flag.IntVar(&e.faultTurn, "fault-turn", 1, "the engine's turn of the game to commit it at, from 1")
	flag.IntVar(&e.faultGame, "fault-game", 0, "the game of the process to commit it in, from 1 (0: every game)")
	flag.DurationVar(&e.slow, "slow", time.Second, "how long the slow fault sleeps")
	flag.StringVar(&e.games, "games", "", "the games to declare, separated by commas (none: any)")
	lingerDefault, _ := time.ParseDuration(os.Getenv("TESTENGINE_LINGER"))
	linger := flag.Duration("linger", lingerDefault, "how long to stay after the protocol ends (to test that runners kill engines; the default is $TESTENGINE_LINGER)")
	state := flag.String("state", "", "a directory where the engine counts its starts (for -fault-start)")
	faultStart := flag.Int("fault-start", 1, "the first start (with -state) that commits the fault")
	flag.Parse()
	fmt.Fprintf(os.Stderr, "testengine: started (pid %d)\n", os.Getpid())
	if *state != "" && countStart(*state) < *faultStart {
		e.fault = ""
	}

	switch e.fault {
	case "handshake-exit":
		_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
		fmt.Println("id name TestEngine")
		os.Exit(2)
	case "handshake-silent":
		time.Sleep(time.Hour)
		os.Exit(0)
	}
	err := protocol.Serve(context.Background(), os.Stdin, os.Stdout, e)
	if *linger > 0 {
		time.Sleep(*linger)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "testengine:", err)
		os.Exit(1)
	}
}

// engine is the test engine's Handler.
type engine struct {
	seed                 uint64
	fault                string
	faultTurn, faultGame int
	slow                 time.Duration
	games                string
	stray                string // the turn of a stray bestturn to write at the next newgame

	game  catalog.Ruleset
	rng   *rand.Rand
	count int // games started
	turn  int // turns played in the game
}

func (e *engine) Identity() protocol.Identity {
	id := protocol.Identity{
		Name:   "TestEngine",
		Author: "colony",
		Options: []protocol.Option{
			{Name: "seed", Type: protocol.IntOption, Default: "1", Min: "0", Max: "18446744073709551615"},
			{Name: "Style", Type: protocol.ComboOption, Default: "normal", Vars: []string{"solid", "normal", "wild"}},
			{Name: "Log", Type: protocol.CheckOption, Default: "false"},
			{Name: "Book", Type: protocol.StringOption, Default: ""},
		},
	}
	if e.games != "" {
		id.Games = strings.Split(e.games, ",")
	}
	return id
}

func (e *engine) SetOption(name, value string) error {
	if name == "seed" {
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return fmt.Errorf("seed: %w", err)
		}
		e.seed = n
		e.count = 0 // a seed set before each game makes each game's choices its own
	}
	return nil
}

func (e *engine) NewGame(name string) error {
	if e.stray != "" {
		raw("bestturn " + e.stray)
		e.stray = ""
	}
	g, err := catalog.Open(name)
	if err != nil {
		return fmt.Errorf("%w %s: %v", protocol.ErrUnsupportedGame, name, err)
	}
	e.game = g
	e.count++
	e.turn = 0
	e.rng = rand.New(rand.NewPCG(e.seed, uint64(e.count)))
	return nil
}

func (e *engine) Search(ctx context.Context, pos protocol.Position, limits protocol.Limits, info func(protocol.Info)) (string, error) {
	if e.game == nil {
		return "", errors.New("no game (send newgame first)")
	}
	e.turn++
	start := pos.Start
	if start == "" {
		start = e.game.StartPosition()
	}
	p, _, err := e.game.Play(start, pos.Moves)
	if err != nil {
		return "", fmt.Errorf("position: %w", err)
	}
	legal, err := e.game.Moves(p)
	if err != nil {
		return "", fmt.Errorf("position: %w", err)
	}
	if len(legal) == 0 {
		return "", errors.New("the game is over")
	}
	turn := legal[e.rng.IntN(len(legal))]
	info(protocol.Info{Depth: 1, Score: protocol.Score{Kind: protocol.ValueScore}, Nodes: uint64(len(legal)), PV: []string{turn}})
	if e.fault == "" || e.turn != e.faultTurn || e.faultGame != 0 && e.count != e.faultGame {
		return turn, nil
	}
	switch e.fault {
	case "illegal":
		return "xyzzy", nil
	case "garbage":
		raw("this is not MEP")
		hang()
	case "noreply":
		hang()
	case "slow":
		time.Sleep(e.slow)
	case "crash":
		os.Exit(3)
	case "exitzero":
		os.Exit(0)
	case "huge":
		raw("info string " + strings.Repeat("x", 1<<20))
		hang()
	case "stray":
		e.stray = turn // written again at the next newgame, after this bestturn
		return turn, nil
	case "badutf8":
		raw("info string \xff\xfe")
		hang()
	}
	return turn, nil
}

// countStart records a start of the engine in dir and returns its number, from 1.
func countStart(dir string) int {
	for n := 1; ; n++ {
		f, err := os.OpenFile(fmt.Sprintf("%s/start-%d", dir, n), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			f.Close()
			return n
		}
		if !os.IsExist(err) {
			fmt.Fprintln(os.Stderr, "testengine:", err)
			os.Exit(1)
		}
	}
}

// raw writes a line to the standard output past Serve (which flushes every line it
// writes, so that lines do not mix).
func raw(line string) {
	_, _ = os.Stdout.WriteString(line + "\n")
}

// hang never returns: the search answers nothing, not even stop.
func hang() {
	for {
		time.Sleep(time.Hour)
	}
}
