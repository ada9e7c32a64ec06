package protocol

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// Identity is what an engine says of itself at the handshake: its name and author,
// its options and the games it plays.
type Identity struct {
	// Name is "id name": required.
	Name string
	// Author is "id author"; "" when not given.
	Author string
	// Options are the engine's options, in the order declared.
	Options []Option
	// Games are the games the engine plays, by the toolkit's game names (without
	// rule sets); nil when it did not say (it may then be asked to play any game).
	Games []string
}

// Option returns the option name.
func (id *Identity) Option(name string) (Option, bool) {
	for _, o := range id.Options {
		if o.Name == name {
			return o, true
		}
	}
	return Option{}, false
}

// Plays reports whether the engine plays game, a game's name with or without its
// rule set ("oware:grandslam=illegal"): whether its name is among Games, or Games is
// empty.
func (id *Identity) Plays(game string) bool {
	name, _, _ := strings.Cut(game, ":")
	return len(id.Games) == 0 || slices.Contains(id.Games, name)
}

// CheckValue checks that name is an option of the engine and value a value it takes.
func (id *Identity) CheckValue(name, value string) error {
	o, ok := id.Option(name)
	if !ok {
		names := make([]string, len(id.Options))
		for i, o := range id.Options {
			names[i] = o.Name
		}
		known := "it declares none"
		if len(names) > 0 {
			known = "it declares " + strings.Join(names, ", ")
		}
		return fmt.Errorf("unknown option %s (%s)", quoteShort(name), known)
	}
	return o.Check(value)
}

// lines returns the replies that declare the identity at the handshake, mepok not
// included.
func (id *Identity) lines() []Reply {
	out := []Reply{&IDReply{Key: "name", Text: id.Name}}
	if id.Author != "" {
		out = append(out, &IDReply{Key: "author", Text: id.Author})
	}
	for _, o := range id.Options {
		out = append(out, &OptionReply{Option: o})
	}
	if len(id.Games) > 0 {
		out = append(out, &GamesReply{Games: id.Games})
	}
	return out
}

// validate checks that the identity can be declared: a name, options that are valid
// and declared once, games that are words.
func (id *Identity) validate() error {
	if id.Name == "" {
		return errors.New("the engine has no name")
	}
	seen := map[string]bool{}
	for _, o := range id.Options {
		if seen[o.Name] {
			return fmt.Errorf("option %s is declared twice", o.Name)
		}
		seen[o.Name] = true
	}
	for _, r := range id.lines() {
		if _, err := encodeReply(r); err != nil {
			return err
		}
	}
	return nil
}

// OptionType is the type of an option: what values it takes.
type OptionType string

// The types of options.
const (
	// IntOption takes whole numbers from Min to Max.
	IntOption OptionType = "int"
	// CheckOption takes "true" or "false".
	CheckOption OptionType = "check"
	// StringOption takes any text.
	StringOption OptionType = "string"
	// ComboOption takes one of its Vars.
	ComboOption OptionType = "combo"
)

// Option is an option an engine offers ("option name NAME type TYPE default VALUE
// [min N max N] [var VALUE]...").
type Option struct {
	// Name is one word of ASCII letters, digits, '_', '-' and '.'.
	Name string
	Type OptionType
	// Default is the value the option has until set ("" for the empty string).
	Default string
	// Min and Max are the bounds of an int option, as decimal numbers from
	// -9223372036854775808 to 18446744073709551615 (so that both signed and
	// unsigned 64-bit settings, a seed among them, can be declared); "" for the
	// other types.
	Min, Max string
	// Vars are the values of a combo option, in order; nil for the other types.
	Vars []string
}

// Check reports whether value is a value the option takes, and if not, why.
func (o *Option) Check(value string) error {
	switch o.Type {
	case IntOption:
		n, err := optionInt(value)
		if err != nil {
			return fmt.Errorf("option %s: %w", o.Name, err)
		}
		lo, err1 := optionInt(o.Min)
		hi, err2 := optionInt(o.Max)
		if err := errors.Join(err1, err2); err != nil {
			return fmt.Errorf("option %s: bounds: %w", o.Name, err)
		}
		if n.Cmp(lo) < 0 || n.Cmp(hi) > 0 {
			return fmt.Errorf("option %s: %s is out of its range %s to %s", o.Name, value, o.Min, o.Max)
		}
	case CheckOption:
		if value != "true" && value != "false" {
			return fmt.Errorf("option %s: %s is not true or false", o.Name, quoteShort(value))
		}
	case StringOption:
		if err := checkLine(value); err != nil {
			return fmt.Errorf("option %s: %w", o.Name, err)
		}
	case ComboOption:
		if !slices.Contains(o.Vars, value) {
			return fmt.Errorf("option %s: %s is not one of %s", o.Name, quoteShort(value), strings.Join(o.Vars, ", "))
		}
	default:
		return fmt.Errorf("option %s: unknown type %s", o.Name, quoteShort(string(o.Type)))
	}
	return nil
}

// The bounds of the values of int options.
var (
	minOptionInt = new(big.Int).Lsh(big.NewInt(-1), 63)
	maxOptionInt = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(1))
)

// optionInt reads a value of an int option: an optional '-' and decimal digits,
// from -2^63 to 2^64-1.
func optionInt(v string) (*big.Int, error) {
	digits := strings.TrimPrefix(v, "-")
	if digits == "" || len(digits) > 20 || strings.Trim(digits, "0123456789") != "" {
		return nil, fmt.Errorf("%s is not a whole number", quoteShort(v))
	}
	n, ok := new(big.Int).SetString(v, 10)
	if !ok || n.Cmp(minOptionInt) < 0 || n.Cmp(maxOptionInt) > 0 {
		return nil, fmt.Errorf("%s is out of range (-2^63 to 2^64-1)", v)
	}
	return n, nil
}

// checkOptionName checks an option's name: one word of ASCII letters, digits, '_',
// '-' and '.'.
func checkOptionName(name string) error {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.') {
			return fmt.Errorf("option name %s: only letters, digits, '_', '-' and '.'", quoteShort(name))
		}
	}
	if name == "" {
		return errors.New("the option's name is empty")
	}
	return nil
}

// parseOption reads what follows "option": name, type and default in that order,
// then min and max (int) or vars (combo). A string option's default is the rest of
// the line.
func parseOption(s *scanner) (Option, error) {
	var o Option
	if err := s.keyword("name"); err != nil {
		return o, err
	}
	name, err := s.word("the name")
	if err != nil {
		return o, err
	}
	if err := checkOptionName(name); err != nil {
		return o, err
	}
	o.Name = name
	if err := s.keyword("type"); err != nil {
		return o, fmt.Errorf("%s: %w", name, err)
	}
	t, err := s.word("the type")
	if err != nil {
		return o, fmt.Errorf("%s: %w", name, err)
	}
	o.Type = OptionType(t)
	switch o.Type {
	case IntOption, CheckOption, StringOption, ComboOption:
	default:
		return o, fmt.Errorf("%s: unknown type %s (types: int, check, string, combo)", name, quoteShort(t))
	}
	if err := s.keyword("default"); err != nil {
		return o, fmt.Errorf("%s: %w", name, err)
	}
	if o.Type == StringOption {
		d := s.text()
		if d == "" {
			return o, fmt.Errorf("%s: the default is missing (%s stands for the empty string)", name, emptyValue)
		}
		o.Default = readValue(d)
		return o, nil
	}
	d, err := s.word("the default")
	if err != nil {
		return o, fmt.Errorf("%s: %w", name, err)
	}
	o.Default = readValue(d)
	var hasMin, hasMax bool
	for {
		kw, ok, err := s.next()
		if err != nil {
			return o, fmt.Errorf("%s: %w", name, err)
		}
		if !ok {
			break
		}
		switch {
		case o.Type == IntOption && (kw == "min" && !hasMin || kw == "max" && !hasMax):
			v, err := s.word("the value of " + kw)
			if err != nil {
				return o, fmt.Errorf("%s: %w", name, err)
			}
			if _, err := optionInt(v); err != nil {
				return o, fmt.Errorf("%s: %s: %w", name, kw, err)
			}
			if kw == "min" {
				o.Min, hasMin = v, true
			} else {
				o.Max, hasMax = v, true
			}
		case o.Type == ComboOption && kw == "var":
			v, err := s.word("the value of var")
			if err != nil {
				return o, fmt.Errorf("%s: %w", name, err)
			}
			o.Vars = append(o.Vars, readValue(v))
		default:
			return o, fmt.Errorf("%s: unexpected %s in a %s option", name, quoteShort(kw), o.Type)
		}
	}
	switch {
	case o.Type == IntOption && !(hasMin && hasMax):
		return o, fmt.Errorf("%s: an int option needs min and max", name)
	case o.Type == IntOption:
		lo, _ := optionInt(o.Min)
		hi, _ := optionInt(o.Max)
		if lo.Cmp(hi) > 0 {
			return o, fmt.Errorf("%s: min %s is above max %s", name, o.Min, o.Max)
		}
	case o.Type == ComboOption && len(o.Vars) == 0:
		return o, fmt.Errorf("%s: a combo option needs its values (var)", name)
	}
	if err := o.Check(o.Default); err != nil {
		return o, fmt.Errorf("default: %w", err)
	}
	return o, nil
}

// appendLine appends the option's declaration.
func (o *Option) appendLine(b []byte) []byte {
	b = append(append(b, "option name "...), o.Name...)
	b = append(append(b, " type "...), o.Type...)
	b = appendValue(append(b, " default "...), o.Default)
	switch o.Type {
	case IntOption:
		b = append(append(b, " min "...), o.Min...)
		b = append(append(b, " max "...), o.Max...)
	case ComboOption:
		for _, v := range o.Vars {
			b = appendValue(append(b, " var "...), v)
		}
	}
	return b
}
