package web

import (
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	_ "github.com/colony-ai/colony/external" // the cmd kind of player specs: the operator's engines
	"github.com/colony-ai/colony/search"
)

// The players the page may ask for: the built-in players, with settings that name
// no file and bounded memory and time, and the external engines the operator named.

// safeValue is a setting's value that names no file: a number, a duration, or a word
// of the players' settings.
var safeValue = regexp.MustCompile(`^(?:-?[0-9]+(?:\.[0-9]+)?(?:ns|us|µs|ms|s|m|h)?|on|off|true|false|yes|no|playout|eval|root|tree)$`)

// safeWords are the words of the players' text settings that safeValue takes, for
// its message.
const safeWords = "playout, eval, root, tree"

// PlayerError is a spec the server refuses or cannot build, with why.
type PlayerError struct {
	Spec string
	Err  error
}

// Error says which spec and why.
func (e *PlayerError) Error() string { return fmt.Sprintf("player %q: %v", e.Spec, e.Err) }

// Unwrap returns why.
func (e *PlayerError) Unwrap() error { return e.Err }

// playerSpec returns the spec the server runs for the page's player text in g: an
// engine the operator named (engine:NAME), or a built-in player whose settings name
// no file (eval is one of the game's evaluations by name), whose table or tree
// memory is at most MaxTableMiB and whose time at most MaxSearchTime. With
// unlimited, a spec with no limit of its own searches until MaxSearchTime (an
// analysis that runs until it is stopped).
func (s *Server) playerSpec(g catalog.Ruleset, text string, unlimited bool) (string, error) {
	fail := func(format string, args ...any) error {
		return &PlayerError{Spec: text, Err: fmt.Errorf(format, args...)}
	}
	if name, ok := strings.CutPrefix(text, "engine:"); ok {
		spec, known := s.cfg.Engines[name]
		if why, named := s.cfg.Unavailable[name]; named {
			return "", fail("the engine is unavailable: %s", why)
		}
		if !known {
			return "", fail("no engine of that name was named when the server was started (%s)", s.engineNames())
		}
		return spec, nil
	}
	sp, err := search.ParseSpec(text)
	if err != nil {
		return "", refused(text, text, err)
	}
	if sp.Kind == "cmd" {
		return "", fail("a program is started only when it was named when the server was started (colony serve --engine NAME=SPEC); the page names it engine:NAME")
	}
	kind, _ := search.LookupKind(sp.Kind) // ParseSpec found it
	for key, value := range sp.Settings {
		if key == "eval" {
			if evals := namedEvaluations(g); !slices.Contains(evals, value) {
				return "", fail("eval=%s: the page may name the game's evaluations only (%s), not a file", value, strings.Join(evals, ", "))
			}
			continue
		}
		if st, _ := kind.Setting(key); st.Type != search.TextValue {
			continue // a number, a duration or on/off: no file; the player's check says what is wrong with it
		}
		if !safeValue.MatchString(value) {
			return "", fail("%s=%s: the page takes one of the words of the players' settings here (%s), never a file or other text", key, value, safeWords)
		}
	}
	for _, key := range []string{"tt", "mem"} {
		if v, ok := sp.Settings[key]; ok {
			if n, err := strconv.Atoi(v); err == nil && n > s.cfg.MaxTableMiB {
				return "", fail("%s=%d: this server allows at most %d MiB a search (colony serve --max-table)", key, n, s.cfg.MaxTableMiB)
			}
		}
	}
	if v, ok := sp.Settings["threads"]; ok {
		if n, err := strconv.Atoi(v); err == nil && n > runtime.NumCPU() {
			return "", fail("threads=%d: this machine has %d CPUs", n, runtime.NumCPU())
		}
	}
	if v, ok := sp.Settings["time"]; ok {
		if d, err := search.ParseDuration(v); err == nil && d > s.cfg.MaxSearchTime {
			return "", fail("time=%s: this server allows at most %s a search (colony serve --max-time)", v, s.cfg.MaxSearchTime)
		}
	}
	if sp.Accepts("mem") && !sp.Has("mem") {
		sp = sp.With("mem", strconv.Itoa(min(512, s.cfg.MaxTableMiB)))
	}
	if sp.Accepts("tt") && !sp.Has("tt") {
		sp = sp.With("tt", strconv.Itoa(min(16, s.cfg.MaxTableMiB)))
	}
	if unlimited && !sp.Has("time") && !sp.Has("nodes") && !sp.Has("sims") &&
		(!sp.Has("depth") || sp.Kind == "mcts") && sp.Accepts("time") {
		// An analysis: as deep as it gets in the time the server allows, unless the
		// page gave a limit.
		sp = sp.With("time", s.cfg.MaxSearchTime.String())
	}
	spec := sp.String()
	if err := g.CheckPlayer(spec); err != nil {
		return "", refused(text, spec, err)
	}
	return spec, nil
}

// namedEvaluations returns the evaluations of g the page may name: those of
// Evaluations but the files (FILE, net:FILE), which the page never names.
func namedEvaluations(g catalog.Ruleset) []string {
	var names []string
	for _, e := range g.Evaluations() {
		if e != "FILE" && !strings.HasSuffix(e, ":FILE") {
			names = append(names, e)
		}
	}
	return names
}

// refused returns the PlayerError of the page's spec text for err, an error of
// reading or building the spec built (text, or what the server made of it with its
// bounds added), which names built: the error names the spec once, as the page
// wrote it, and not the settings the server added.
func refused(text, built string, err error) *PlayerError {
	return &PlayerError{Spec: text, Err: &unnamedError{err: err, prefix: fmt.Sprintf("player %q: ", built)}}
}

// unnamedError is err with the prefix naming its spec left out of its message.
type unnamedError struct {
	err    error
	prefix string
}

// Error returns err's message without the prefix.
func (e *unnamedError) Error() string { return strings.TrimPrefix(e.err.Error(), e.prefix) }

// Unwrap returns err.
func (e *unnamedError) Unwrap() error { return e.err }

// engineNames lists the engines the operator named, or says there are none.
func (s *Server) engineNames() string {
	if len(s.cfg.Engines) == 0 {
		return "none was"
	}
	var names []string
	for name := range s.cfg.Engines {
		names = append(names, "engine:"+name)
	}
	slices.Sort(names)
	return "named: " + strings.Join(names, ", ")
}
