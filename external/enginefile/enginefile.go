// Package enginefile reads engine files: a JSON file that names external engines (programs
// speaking the Mancala Engine Protocol, docs/protocol.md) once, with their arguments,
// working directory, options and limits, so that the commands name them as
// engine:NAME instead of repeating a cmd spec. docs/engines-file.md describes the
// format; a file is read only when it is named (colony --engines FILE, or
// $COLONY_ENGINES).
//
// An engine of the file becomes a spec of the cmd kind (package external):
// engine:NAME is that spec, and engine:NAME,KEY=VALUE... that spec with the cmd
// settings given after the name replacing the file's (engine:mine,movetime=200ms).
// "engine" is no kind of player: a spec that starts with "engine:" names an engine
// of a file, never a built-in player.
package enginefile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/external"
	"github.com/colony-ai/colony/internal/inputfile"
	"github.com/colony-ai/colony/search"
)

// Prefix starts a spec that names an engine of an engine file: engine:NAME.
const Prefix = "engine:"

// EnvVar is the environment variable that names the engine file when no --engines
// flag does.
const EnvVar = "COLONY_ENGINES"

// Engine is one engine of a file.
type Engine struct {
	// Name is the engine's name, by which engine:NAME finds it.
	Name string
	// Command is the program as the file writes it; Path is the program to run: a
	// relative path with a '/' is resolved against the file's directory, a bare name
	// is looked up in PATH when the engine is started.
	Command, Path string
	// Args are the program's arguments.
	Args []string
	// Dir is the working directory: the file's "dir" resolved against the file's
	// directory, or the file's directory itself.
	Dir string
	// Options are the engine's options (setoption), sorted by name.
	Options [][2]string
	// The limits: Depth, Nodes and MoveTime are sent with go (0: none); Timeout is
	// how long a search without a time limit may take (0: the cmd kind's default).
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
	Timeout  time.Duration
	// Spec is the engine's player spec, of the cmd kind.
	Spec string
}

// File is an engine file, read.
type File struct {
	// Path is the file's name as given.
	Path string
	// Engines are its engines, in the file's order.
	Engines []Engine
}

// fileKind is the kind of an engine file: a megabyte holds thousands of engines.
var fileKind = inputfile.Kind{What: "an engines file", Max: 1 << 20}

// Load reads the engine file path. What is not a regular file of at most a megabyte
// is refused before it is read.
func Load(path string) (*File, error) {
	data, err := fileKind.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("engines file: %w", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("engines file %s: %w", path, err)
	}
	engines, err := Parse(data, filepath.Dir(abs))
	if err != nil {
		return nil, fmt.Errorf("engines file %s: %w", path, err)
	}
	return &File{Path: path, Engines: engines}, nil
}

// fields are the fields of an engine, in the order the docs give them.
var fields = []string{"name", "command", "args", "dir", "options", "depth", "nodes", "movetime", "timeout"}

// Parse reads the engines of an engine file's text: a JSON array of objects, one an
// engine. Relative paths are resolved against dir, the file's directory (absolute).
// An error names the engine (its number from 1 and its name) and the field.
func Parse(data []byte, dir string) ([]Engine, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("want a JSON array of engines, [{\"name\": ..., \"command\": ...}, ...]: %w", err)
	}
	var out []Engine
	seen := map[string]int{}
	for i, r := range raw {
		e, err := parseEngine(r, dir)
		if err != nil {
			where := fmt.Sprintf("engine %d", i+1)
			if e.Name != "" {
				where += fmt.Sprintf(" (%s)", e.Name)
			}
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		if j, dup := seen[e.Name]; dup {
			return nil, fmt.Errorf("engine %d (%s): name: engine %d has the same name", i+1, e.Name, j)
		}
		seen[e.Name] = i + 1
		out = append(out, e)
	}
	return out, nil
}

// parseEngine reads one engine; on an error, the Engine returned has the name when it
// was read.
func parseEngine(r json.RawMessage, dir string) (Engine, error) {
	var e Engine
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(r, &obj); err != nil || obj == nil {
		return e, errors.New(`want an object, {"name": ..., "command": ...}`)
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(fields, k) {
			return e, fmt.Errorf("unknown field %q (the fields: %s)", k, strings.Join(fields, ", "))
		}
	}
	field := func(key string, v any, want string) error {
		text, ok := obj[key]
		if !ok {
			return nil
		}
		d := json.NewDecoder(bytes.NewReader(text))
		d.UseNumber()
		if err := d.Decode(v); err != nil {
			return fmt.Errorf("%s: want %s, got %s", key, want, text)
		}
		return nil
	}
	if err := field("name", &e.Name, "a string"); err != nil {
		return e, err
	}
	if err := checkName(e.Name); err != nil {
		name := e.Name
		e.Name = ""
		return e, fmt.Errorf("name %q: %w", name, err)
	}
	if err := field("command", &e.Command, "a string"); err != nil {
		return e, err
	}
	if e.Command == "" {
		return e, errors.New(`command: the engine's program is required, as "command": "./my-engine"`)
	}
	e.Path = e.Command
	if strings.ContainsRune(e.Command, '/') && !filepath.IsAbs(e.Command) {
		e.Path = filepath.Join(dir, e.Command)
	}
	if err := field("args", &e.Args, "an array of strings"); err != nil {
		return e, err
	}
	for i, a := range e.Args {
		if a == "" || strings.IndexFunc(a, isSpace) >= 0 {
			return e, fmt.Errorf("args[%d] %q: an argument must be non-empty and hold no white space (the cmd kind splits its arguments at white space)", i, a)
		}
	}
	var d string
	if err := field("dir", &d, "a string"); err != nil {
		return e, err
	}
	switch {
	case d == "":
		e.Dir = dir
	case filepath.IsAbs(d):
		e.Dir = filepath.Clean(d)
	default:
		e.Dir = filepath.Join(dir, d)
	}
	var opts map[string]any
	if err := field("options", &opts, `an object of option names and values, {"Hash": 64}`); err != nil {
		return e, err
	}
	for name, v := range opts {
		var text string
		switch v := v.(type) {
		case string:
			text = v
		case json.Number:
			text = v.String()
		case bool:
			text = strconv.FormatBool(v)
		default:
			return e, fmt.Errorf("options: %q: want a string, a number or true/false", name)
		}
		if name == "" || strings.IndexFunc(name, isSpace) >= 0 || strings.ContainsAny(name, `,="`) {
			return e, fmt.Errorf("options: %q: an option name holds no white space, ',', '=' or '\"'", name)
		}
		e.Options = append(e.Options, [2]string{name, text})
	}
	slices.SortFunc(e.Options, func(x, y [2]string) int { return strings.Compare(x[0], y[0]) })
	number := func(key, want string) (json.Number, error) {
		var v any
		if err := field(key, &v, want); err != nil {
			return "", err
		}
		if n, ok := v.(json.Number); ok || v == nil {
			return n, nil
		}
		return "", fmt.Errorf("%s: want %s, got %s", key, want, obj[key])
	}
	depth, err := number("depth", "a whole number of turns")
	if err != nil {
		return e, err
	}
	if depth != "" {
		n, err := strconv.Atoi(string(depth))
		if err != nil || n < 1 || n > 1<<20 {
			return e, fmt.Errorf("depth: want a whole number from 1 to %d, got %s", 1<<20, depth)
		}
		e.Depth = n
	}
	nodes, err := number("nodes", "a whole number of nodes")
	if err != nil {
		return e, err
	}
	if nodes != "" {
		n, err := strconv.ParseUint(string(nodes), 10, 64)
		if err != nil || n == 0 {
			return e, fmt.Errorf("nodes: want a whole number above 0, got %s", nodes)
		}
		e.Nodes = n
	}
	for _, lim := range []struct {
		key string
		to  *time.Duration
	}{{"movetime", &e.MoveTime}, {"timeout", &e.Timeout}} {
		var s string
		if err := field(lim.key, &s, `a duration in quotes, as "100ms" or "2s"`); err != nil {
			return e, err
		}
		if s == "" {
			continue
		}
		dur, err := time.ParseDuration(s)
		if err != nil || dur <= 0 {
			return e, fmt.Errorf("%s: want a duration above 0, as \"100ms\" or \"2s\", got %q", lim.key, s)
		}
		*lim.to = dur
	}
	spec, err := e.spec()
	if err != nil {
		return e, err
	}
	e.Spec = spec
	return e, nil
}

// isSpace reports whether r is white space as strings.Fields sees it.
func isSpace(r rune) bool { return len(strings.Fields(string(r))) == 0 }

// checkName checks an engine's name: letters, digits, '-', '_' and '.', which
// engine:NAME and a tournament's NAME=SPEC take as they are.
func checkName(name string) error {
	if name == "" {
		return errors.New(`required, as "name": "mine"`)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return fmt.Errorf("want letters, digits, '-', '_' and '.' only, not %q", r)
		}
	}
	return nil
}

// spec returns the engine's cmd spec.
func (e *Engine) spec() (string, error) {
	sp, err := search.ParseSpec(external.Kind)
	if err != nil {
		return "", err
	}
	sp = sp.With("path", e.Path)
	if len(e.Args) > 0 {
		sp = sp.With("args", strings.Join(e.Args, " "))
	}
	sp = sp.With("dir", e.Dir).With("name", e.Name)
	if e.Depth > 0 {
		sp = sp.With("depth", strconv.Itoa(e.Depth))
	}
	if e.Nodes > 0 {
		sp = sp.With("nodes", strconv.FormatUint(e.Nodes, 10))
	}
	if e.MoveTime > 0 {
		sp = sp.With("movetime", e.MoveTime.String())
	}
	if e.Timeout > 0 {
		sp = sp.With("timeout", e.Timeout.String())
	}
	for _, o := range e.Options {
		sp = sp.With("option."+o[0], o[1])
	}
	// The spec must read back as it was written.
	text := sp.String()
	if _, err := search.ParseSpec(text); err != nil {
		return "", err
	}
	return text, nil
}

// Names returns the names of the file's engines, in its order.
func (f *File) Names() []string {
	var out []string
	for _, e := range f.Engines {
		out = append(out, e.Name)
	}
	return out
}

// Lookup returns the engine name.
func (f *File) Lookup(name string) (Engine, bool) {
	for _, e := range f.Engines {
		if e.Name == name {
			return e, true
		}
	}
	return Engine{}, false
}

// CheckProgram reports whether the engine's program can be started: a path that is
// an executable file, or a bare name found in PATH; and its directory exists. The
// error names the field.
func (e *Engine) CheckProgram() error {
	if !strings.ContainsRune(e.Path, '/') {
		if _, err := exec.LookPath(e.Path); err != nil {
			return fmt.Errorf("command %q: not found in PATH", e.Command)
		}
	} else {
		fi, err := os.Stat(e.Path)
		switch {
		case err != nil:
			return fmt.Errorf("command %q: no such program (%s)", e.Command, e.Path)
		case fi.IsDir() || fi.Mode()&0o111 == 0:
			return fmt.Errorf("command %q: not an executable file (chmod +x it, or name its interpreter: \"command\": \"python3\", \"args\": [\"FILE\"])", e.Command)
		}
	}
	if fi, err := os.Stat(e.Dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("dir %q: not a directory", e.Dir)
	}
	return nil
}

// Resolve returns the player spec of text: text itself unless it starts with
// engine:, else the cmd spec of the engine it names with the settings that follow
// its name (engine:NAME,KEY=VALUE...) replacing the file's. f may be nil (no file
// named): then engine:NAME is an error that says how to name one.
func (f *File) Resolve(text string) (string, error) {
	rest, ok := strings.CutPrefix(text, Prefix)
	if !ok {
		return text, nil
	}
	name, extra, hasExtra := strings.Cut(rest, ",")
	if f == nil {
		return "", fmt.Errorf("player %q: no engines file is named (give --engines FILE or set $%s)", text, EnvVar)
	}
	e, ok := f.Lookup(name)
	if !ok {
		return "", fmt.Errorf("player %q: the engines file %s has no engine %q (it has: %s)", text, f.Path, name, strings.Join(f.Names(), ", "))
	}
	if err := e.CheckProgram(); err != nil {
		return "", fmt.Errorf("player %q: the engines file %s, engine %s: %w", text, f.Path, name, err)
	}
	if !hasExtra {
		return e.Spec, nil
	}
	sp, err := search.ParseSpec(e.Spec)
	if err != nil {
		return "", err
	}
	over, err := search.ParseSpec(external.Kind + ":" + extra)
	if err != nil {
		return "", fmt.Errorf("player %q: the settings after the engine's name: %w", text, err)
	}
	keys := make([]string, 0, len(over.Settings))
	for k := range over.Settings {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if k == "path" {
			return "", fmt.Errorf("player %q: the settings after the engine's name are KEY=VALUE, the program is the engines file's", text)
		}
		sp = sp.With(k, over.Settings[k])
	}
	return sp.String(), nil
}

// EntrantNamesEngine reports whether a tournament's player, NAME=SPEC or SPEC,
// names an engine of a file (its spec starts with engine:).
func EntrantNamesEngine(text string) bool {
	name, spec, named := strings.Cut(text, "=")
	if !named || strings.ContainsAny(name, ":,") {
		spec = text
	}
	return strings.HasPrefix(spec, Prefix)
}

// ResolveEntrant resolves the spec of a tournament's player, NAME=SPEC or SPEC (as
// tournament.ParseEntrant reads them), keeping its name.
func (f *File) ResolveEntrant(text string) (string, error) {
	name, spec, named := strings.Cut(text, "=")
	if !named || strings.ContainsAny(name, ":,") {
		return f.Resolve(text)
	}
	resolved, err := f.Resolve(spec)
	if err != nil {
		return "", err
	}
	return name + "=" + resolved, nil
}

// load reads the engines file at path, or returns nil for no path (its engines'
// names are then refused by Resolve and ResolveEntrant, saying so).
func load(path string) (*File, error) {
	if path == "" {
		return nil, nil
	}
	return Load(path)
}

// ResolveSpec returns spec with an engine of the engines file at path (engine:NAME)
// replaced by its cmd spec; the file is read only then ("" path: none is named).
func ResolveSpec(path, spec string) (string, error) {
	if !strings.HasPrefix(spec, Prefix) {
		return spec, nil
	}
	f, err := load(path)
	if err != nil {
		return "", err
	}
	return f.Resolve(spec)
}

// ResolveEntrants resolves, in place, the tournament players NAME=SPEC or SPEC that
// name an engine of the engines file at path; the file is read only if one does.
func ResolveEntrants(path string, players []string) error {
	var f *File
	for i, p := range players {
		if !EntrantNamesEngine(p) {
			continue
		}
		if f == nil {
			var err error
			if f, err = load(path); err != nil {
				return err
			}
		}
		r, err := f.ResolveEntrant(p)
		if err != nil {
			return err
		}
		players[i] = r
	}
	return nil
}

// AddSpecs adds the file's engines to engines (a name's cmd spec), each program
// checked to exist; a name engines holds already is an error. An engine whose
// program cannot be started is not added: it is returned in unavailable, its name
// with why (the other engines stay usable). A nil f adds none.
func (f *File) AddSpecs(engines map[string]string) (unavailable map[string]error, err error) {
	if f == nil {
		return nil, nil
	}
	for _, e := range f.Engines {
		if _, dup := engines[e.Name]; dup {
			return nil, fmt.Errorf("--engine %s: the engines file %s names an engine %s too", e.Name, f.Path, e.Name)
		}
		if err := e.CheckProgram(); err != nil {
			if unavailable == nil {
				unavailable = map[string]error{}
			}
			unavailable[e.Name] = fmt.Errorf("the engines file %s, engine %s: %w", f.Path, e.Name, err)
			continue
		}
		engines[e.Name] = e.Spec
	}
	return unavailable, nil
}
