package search

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/colony-ai/colony/game"
)

// Spec is a parsed player spec string: a kind and its settings, as in
// "ab:depth=6,tt=64" or "mcts:sims=20000,c=1.2" or "random".
//
// The grammar of a spec string:
//
//	spec    = kind [ ":" setting { "," setting } ]
//	setting = key "=" value
//	value   = bare | quoted
//	bare    = one or more characters, none of them ',' or '"'
//	quoted  = '"' { any character but '"' and '\' | '\"' | '\\' } '"'
//
// The kind is a registered kind's name (see Kinds) and a key one of its settings,
// each given at most once (a kind may take a family of keys, such as cmd's
// option.NAME: see Setting.Prefix). A kind with a positional setting (cmd's path)
// takes its first setting without a key: when the first item has no '=' before its
// ',' (or the end), or has a '/' before its '=', or is quoted, it is the positional
// setting's value ("cmd:./my-engine,args=-v" is "cmd:path=./my-engine,args=-v"). A bare value runs to the next ',' or the end: it may hold
// '=', ':', spaces and '\' as they are. A value that holds a ',' or a '"', or is
// empty, must be written in double quotes (any value may be), inside which \" stands
// for '"' and \\ for '\' (no other escape) and every other character stands for
// itself; a quoted value ends at its closing quote, which is followed by ',' or the
// end. For example:
//
//	cmd:path="/opt/my engine/bin",args="--threads 4 --hash=64"
//	cmd:path=/usr/bin/engine,args="say \"hi\", then quit"
//
// String writes a value in quotes only when it needs them (it holds a ',', a '"' or
// white space, or is empty), so the specs of the built-in kinds are written as they
// always were.
type Spec struct {
	Kind     string
	Settings map[string]string
	keys     []string // in the order given
}

// ParseSpec reads a player spec (see Spec for the grammar). It checks the kind and the
// setting names against the registered kinds; values are checked by the player's
// constructor (New).
func ParseSpec(text string) (Spec, error) {
	kindName, rest, hasSettings := strings.Cut(text, ":")
	k := lookupKind(kindName)
	if k == nil {
		return Spec{}, fmt.Errorf("player %q: unknown kind %q (known: %s)", text, kindName, strings.Join(kindNames(), ", "))
	}
	sp := Spec{Kind: kindName, Settings: map[string]string{}}
	if !hasSettings {
		return sp, nil
	}
	if rest == "" {
		return Spec{}, fmt.Errorf("player %q: empty settings after ':'", text)
	}
	if k.Positional != "" && positional(rest) {
		rest = k.Positional + "=" + rest
	}
	for {
		// The key runs to the first '='; an item without one is not key=value.
		item, _, _ := strings.Cut(rest, ",")
		key, after, ok := strings.Cut(rest, "=")
		if !ok || key == "" || strings.Contains(key, ",") {
			return Spec{}, fmt.Errorf("player %q: setting %q is not key=value", text, item)
		}
		// A value in quotes runs to its closing quote, a bare one to the next ','.
		quoted := strings.HasPrefix(after, `"`)
		val := after
		if !quoted {
			val, rest = after, ""
			if i := strings.IndexByte(after, ','); i >= 0 {
				val, rest = after[:i], after[i:]
			}
			if val == "" {
				return Spec{}, fmt.Errorf("player %q: setting %q is not key=value", text, item)
			}
		}
		if _, known := k.Setting(key); !known {
			return Spec{}, fmt.Errorf("player %q: %s has no setting %q (known: %s)", text, k.Name, key, strings.Join(k.Keys(), ", "))
		}
		if quoted {
			v, n, err := unquoteValue(after)
			if err != nil {
				return Spec{}, fmt.Errorf("player %q: setting %q: %w", text, key, err)
			}
			val, rest = v, after[n:]
			if rest != "" && rest[0] != ',' {
				return Spec{}, fmt.Errorf("player %q: setting %q: %q after the closing quote (want ',' or the end)", text, key, rest)
			}
		} else if strings.Contains(val, `"`) {
			return Spec{}, fmt.Errorf(`player %q: setting %q: a '"' inside an unquoted value (quote the whole value: %s="...")`, text, key, key)
		}
		if _, dup := sp.Settings[key]; dup {
			return Spec{}, fmt.Errorf("player %q: setting %q given twice", text, key)
		}
		sp.Settings[key] = val
		sp.keys = append(sp.keys, key)
		if rest == "" {
			return sp, nil
		}
		rest = rest[1:] // the ','
		if rest == "" {
			return Spec{}, fmt.Errorf("player %q: setting %q is not key=value", text, rest)
		}
	}
}

// positional reports whether the first item of a spec's settings is written without
// its key: it is quoted, or has no '=' before its ',', or a '/' before its '='.
func positional(settings string) bool {
	if strings.HasPrefix(settings, `"`) {
		return true
	}
	item, _, _ := strings.Cut(settings, ",")
	key, _, ok := strings.Cut(item, "=")
	return !ok || strings.Contains(key, "/")
}

// unquoteValue reads the quoted value at the start of text (which starts with '"') and
// returns it and the length of its quoted form.
func unquoteValue(text string) (string, int, error) {
	var sb strings.Builder
	for i := 1; i < len(text); i++ {
		switch c := text[i]; c {
		case '"':
			return sb.String(), i + 1, nil
		case '\\':
			if i+1 == len(text) {
				break // the '\' escapes nothing: no closing quote
			}
			i++
			if e := text[i]; e != '"' && e != '\\' {
				r, _ := utf8.DecodeRuneInString(text[i:])
				return "", 0, fmt.Errorf(`bad escape '\%c' in a quoted value (want \" or \\)`, r)
			}
			sb.WriteByte(text[i])
		default:
			sb.WriteByte(c)
		}
	}
	return "", 0, fmt.Errorf(`unterminated quote: no closing '"' in %s`, text)
}

// needsQuotes reports whether a value must be written in quotes: it is empty, or holds
// a ',', a '"' or white space.
func needsQuotes(v string) bool {
	if v == "" {
		return true
	}
	for _, r := range v {
		if r == ',' || r == '"' || unicode.IsSpace(r) {
			return true
		}
	}
	return false
}

// appendValue appends v to dst as a spec writes it: bare, or quoted when it needs
// quotes.
func appendValue(dst []byte, v string) []byte {
	if !needsQuotes(v) {
		return append(dst, v...)
	}
	dst = append(dst, '"')
	for i := 0; i < len(v); i++ {
		if c := v[i]; c == '"' || c == '\\' {
			dst = append(dst, '\\')
		}
		dst = append(dst, v[i])
	}
	return append(dst, '"')
}

// String writes the spec back: the kind, then the settings in the order given, each
// value quoted only when it needs quotes (see Spec).
func (sp Spec) String() string {
	if len(sp.keys) == 0 {
		return sp.Kind
	}
	n := len(sp.Kind)
	for _, k := range sp.keys {
		n += 2 + len(k) + len(sp.Settings[k])
	}
	b := make([]byte, 0, n)
	b = append(b, sp.Kind...)
	for i, k := range sp.keys {
		if i == 0 {
			b = append(b, ':')
		} else {
			b = append(b, ',')
		}
		b = append(b, k...)
		b = append(b, '=')
		b = appendValue(b, sp.Settings[k])
	}
	return string(b)
}

// Accepts reports whether players of sp's kind have the setting key.
func (sp Spec) Accepts(key string) bool {
	k := lookupKind(sp.Kind)
	if k == nil {
		return false
	}
	_, ok := k.Setting(key)
	return ok
}

// Has reports whether sp sets key.
func (sp Spec) Has(key string) bool {
	_, ok := sp.Settings[key]
	return ok
}

// With returns a copy of sp with the setting key set to value: replaced where sp sets
// it, added at the end otherwise. The kind must accept key (see Accepts).
func (sp Spec) With(key, value string) Spec {
	out := Spec{Kind: sp.Kind, Settings: make(map[string]string, len(sp.Settings)+1), keys: slices.Clone(sp.keys)}
	for k, v := range sp.Settings {
		out.Settings[k] = v
	}
	if _, ok := out.Settings[key]; !ok {
		out.keys = append(out.keys, key)
	}
	out.Settings[key] = value
	return out
}

// Without returns a copy of sp without the setting key.
func (sp Spec) Without(key string) Spec {
	out := Spec{Kind: sp.Kind, Settings: make(map[string]string, len(sp.Settings))}
	for _, k := range sp.keys {
		if k != key {
			out.keys = append(out.keys, k)
			out.Settings[k] = sp.Settings[k]
		}
	}
	return out
}

// settings reads typed values out of a Spec, remembering the first error.
type settings struct {
	spec Spec
	err  error
}

func (st *settings) fail(key, val, want string) {
	if st.err == nil {
		st.err = fmt.Errorf("player %q: %s=%q: want %s", st.spec.String(), key, val, want)
	}
}

// Int returns the setting key as an integer in [min, max], or def when absent.
func (st *settings) Int(key string, def, min, max int) int {
	val, ok := st.spec.Settings[key]
	if !ok {
		return def
	}
	n, err := strconv.Atoi(val)
	if err != nil || n < min || n > max {
		st.fail(key, val, fmt.Sprintf("a whole number from %d to %d", min, max))
		return def
	}
	return n
}

// Uint64 returns the setting key as an unsigned integer, or def when absent.
func (st *settings) Uint64(key string, def uint64) uint64 {
	val, ok := st.spec.Settings[key]
	if !ok {
		return def
	}
	n, err := strconv.ParseUint(val, 10, 64)
	if err != nil {
		st.fail(key, val, "a whole number of 0 or more")
		return def
	}
	return n
}

// Float returns the setting key as a number in [min, max], or def when absent.
func (st *settings) Float(key string, def, min, max float64) float64 {
	val, ok := st.spec.Settings[key]
	if !ok {
		return def
	}
	x, err := strconv.ParseFloat(val, 64)
	if err != nil || x < min || x > max || x != x {
		st.fail(key, val, fmt.Sprintf("a number from %g to %g", min, max))
		return def
	}
	return x
}

// Duration returns the setting key as a duration ("100ms", "2s"; a bare number is
// milliseconds), or def when absent.
func (st *settings) Duration(key string, def time.Duration) time.Duration {
	val, ok := st.spec.Settings[key]
	if !ok {
		return def
	}
	d, err := ParseDuration(val)
	if err != nil || d <= 0 {
		st.fail(key, val, `a positive duration such as 100ms or 2s (a bare number is milliseconds)`)
		return def
	}
	return d
}

// ParseDuration reads a duration as the players' settings take it: a Go duration
// ("100ms", "2s"), or a bare number of milliseconds, the longest duration for a
// number of milliseconds beyond it.
func ParseDuration(val string) (time.Duration, error) {
	if ms, err := strconv.ParseInt(val, 10, 64); err == nil {
		if ms > int64(math.MaxInt64/time.Millisecond) {
			return math.MaxInt64, nil
		}
		return time.Duration(ms) * time.Millisecond, nil
	}
	return time.ParseDuration(val)
}

// Bool returns the setting key as a boolean (on/off, true/false, 1/0), or def.
func (st *settings) Bool(key string, def bool) bool {
	val, ok := st.spec.Settings[key]
	if !ok {
		return def
	}
	switch val {
	case "on", "true", "1", "yes":
		return true
	case "off", "false", "0", "no":
		return false
	}
	st.fail(key, val, "on or off")
	return def
}

// New builds the player a spec string describes, for game g with evaluation ev: the
// spec is parsed (ParseSpec) and the kind's registered constructor builds the player
// (see Kind and Constructor). If the spec sets the kind's eval setting, the player's
// Spec ends with it. The caller closes the player (Player.Close) when done with it.
func New[S any](g game.Rules[S], ev Evaluator[S], spec string, opts Options) (Player[S], error) {
	sp, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	k := lookupKind(sp.Kind) // ParseSpec found it
	if ev != nil {
		ev = Fork(ev)
	}
	b := newBuilder(g, sp, opts)
	var p Player[S]
	switch c := k.New.(type) {
	case builtin:
		p, err = newBuiltin(c, g, ev, b)
	case ConstructorOf[S]:
		p, err = c(g, ev, b)
	case NotationConstructor:
		p, err = newNotationPlayer(c, g, b)
	default:
		name := b.Game
		if name == "" {
			name = fmt.Sprintf("the games of %T", g)
		}
		return nil, fmt.Errorf("player %q: %s players cannot play %s", spec, k.Name, name)
	}
	if err == nil {
		err = b.Err()
	}
	if err != nil {
		if p != nil {
			p.Close()
		}
		return nil, err
	}
	if es, ok := k.SettingFor(RoleEval); ok {
		if e, ok := sp.Settings[es.Key]; ok {
			return withEval[S]{p, appendSetting(p.Spec(), es.Key, e)}, nil
		}
	}
	return p, nil
}

// appendSetting returns spec with the setting key=value added at its end.
func appendSetting(spec, key, value string) string {
	b := []byte(spec)
	if strings.Contains(spec, ":") {
		b = append(b, ',')
	} else {
		b = append(b, ':')
	}
	b = append(b, key...)
	b = append(b, '=')
	return string(appendValue(b, value))
}

// withEval is a player whose spec names its evaluation; Play and Close are the
// player's.
type withEval[S any] struct {
	Player[S]
	spec string
}

// Spec returns the player's spec with its eval setting.
func (p withEval[S]) Spec() string { return p.spec }
