// Package notation holds what the mancala games' position lines have in common:
//
//	pits=<south's counts>/<north's counts> stores=<south>,<north> move=<south|north> [more fields]
//
// Counts are decimal numbers without sign or leading zeros, separated by dots; the
// fields come in a fixed order, each written name=value, separated by single spaces.
// The games (kalah, oware, piecepack) keep their own checks of ranges and totals and
// their own error wording where it differs; the errors here start with "position:" and
// name the field, as theirs do. EachParam reads the parameters of a rule set's name
// (kalah:4x3,capture=nonempty).
package notation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/game"
)

// Sides are the names of the two sides, the first player's first, as the move field
// and the errors write them.
var Sides = [2]string{"south", "north"}

// Fields splits a position line into the values of the fields names, which must all
// be there, in this order, each written name=value and separated by single spaces.
func Fields(text string, names ...string) ([]string, error) {
	fields := strings.Split(text, " ")
	if len(fields) != len(names) {
		return nil, fmt.Errorf("position: want %d fields separated by single spaces (%s), got %d",
			len(names), strings.Join(names, " "), len(fields))
	}
	vals := make([]string, len(fields))
	for i, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		if !ok || key != names[i] {
			return nil, fmt.Errorf("position: field %d is %s, want %s=...", i+1, game.Quote(f), names[i])
		}
		vals[i] = val
	}
	return vals, nil
}

// Rows splits the value of the pits field into the two sides' count texts, n a side:
// the sides are separated by '/', the counts by '.'. unit names a count in the errors
// ("pits", "tiles"). The counts are not read: see Count.
func Rows(val string, n int, unit string) ([2][]string, error) {
	var rows [2][]string
	sides := strings.Split(val, "/")
	if len(sides) != 2 {
		return rows, fmt.Errorf("position: pits: want two sides separated by '/', got %d", len(sides))
	}
	for p, side := range sides {
		rows[p] = strings.Split(side, ".")
		if len(rows[p]) != n {
			return rows, fmt.Errorf("position: pits: %s has %d %s, want %d", Sides[p], len(rows[p]), unit, n)
		}
	}
	return rows, nil
}

// Stores splits the value of the stores field into the two count texts, South's first.
func Stores(val string) ([2]string, error) {
	a, b, ok := strings.Cut(val, ",")
	if !ok || strings.Contains(b, ",") {
		return [2]string{}, fmt.Errorf("position: stores: want two counts separated by ',', got %s", game.Quote(val))
	}
	return [2]string{a, b}, nil
}

// Mover reads the value of the move field: 0 for "south", 1 for "north".
func Mover(val string) (int, error) {
	for p, name := range Sides {
		if val == name {
			return p, nil
		}
	}
	return 0, fmt.Errorf("position: move=%s, want south or north", game.Quote(val))
}

// maxDigits bounds the digits Count reads, so that the number fits an int.
const maxDigits = 9

// Count reads a count: a decimal number without sign or leading zeros, of at most nine
// digits. It reports false for anything else.
func Count(text string) (int, bool) {
	if text == "" || len(text) > maxDigits || (len(text) > 1 && text[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(text); i++ {
		if text[i] < '0' || text[i] > '9' {
			return 0, false
		}
		n = n*10 + int(text[i]-'0')
	}
	return n, true
}

// AppendPosition appends the fields pits, stores and move to b: n counts a side,
// pit(side, i) giving the count of side's i-th pit (i from 0, as written), stores
// South's and North's stores and mover the side to move (0 South, 1 North). Fields
// that follow are the caller's to append, each with its leading space.
func AppendPosition(b []byte, n int, pit func(side, i int) int, stores [2]int, mover int) []byte {
	b = append(b, "pits="...)
	for p := 0; p < 2; p++ {
		if p == 1 {
			b = append(b, '/')
		}
		for i := 0; i < n; i++ {
			if i > 0 {
				b = append(b, '.')
			}
			b = strconv.AppendInt(b, int64(pit(p, i)), 10)
		}
	}
	b = append(b, " stores="...)
	b = strconv.AppendInt(b, int64(stores[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(stores[1]), 10)
	b = append(b, " move="...)
	return append(b, Sides[mover&1]...)
}

// Param is one item of a rule set's parameters: key=value, or a bare item (a board
// size such as 4x3), whose Key is "size".
type Param struct {
	// Item is the item as written; Key and Value its two sides of the "=".
	Item, Key, Value string
	// Bare reports an item without "=".
	Bare bool
}

// EachParam calls fn with each item of a rule set's parameters (the part of its name
// after the colon, items separated by commas), in order, and stops at the first error
// fn returns. An item whose key came before (two sizes count as the same key) stops it
// with an error naming the item: parameter "ITEM": KEY given twice. "" has no items.
func EachParam(params string, fn func(p Param) error) error {
	if params == "" {
		return nil
	}
	seen := map[string]bool{}
	for _, item := range strings.Split(params, ",") {
		key, val, ok := strings.Cut(item, "=")
		if !ok {
			key = "size"
		}
		if seen[key] {
			return fmt.Errorf("parameter %q: %s given twice", item, key)
		}
		seen[key] = true
		if err := fn(Param{Item: item, Key: key, Value: val, Bare: !ok}); err != nil {
			return err
		}
	}
	return nil
}

// ActionReader is a game whose turns are one action each, read by ParseAction.
type ActionReader[S any] interface {
	ParseAction(s *S, text string) (game.Action, error)
	Apply(s *S, a game.Action)
}

// ReadTurn is game.TurnReader's ReadTurn for a game whose turn is one action: it
// plays the action text names, in any spelling ParseAction reads, so that the
// commands and the engines' runner take what the game's RULES.md promises. An error
// wraps game.ErrNotATurn (callers list the legal turns) and says ParseAction's
// reason; s is then unchanged.
func ReadTurn[S any](g ActionReader[S], s *S, text string) error {
	a, err := g.ParseAction(s, text)
	if err != nil {
		return fmt.Errorf("%w: %w", game.ErrNotATurn, err)
	}
	g.Apply(s, a)
	return nil
}
