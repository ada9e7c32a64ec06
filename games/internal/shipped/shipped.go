// Package shipped reads the files a game's package ships and embeds: the weights files
// of its feature sets (weights/SET.json), which the evaluation "linear" uses, and its
// value networks (weights/RULES.nnue), which the evaluation "net" uses.
package shipped

import (
	"io/fs"
	"strings"
)

// Weights returns the file weights/SET.json of fsys, or nil when there is none.
func Weights(fsys fs.ReadFileFS, set string) []byte {
	data, err := fsys.ReadFile("weights/" + set + ".json")
	if err != nil {
		return nil
	}
	return data
}

// Network returns the network file weights/RULES.nnue of fsys for the rule set named
// rules ("kalah"), or nil when none ships for it.
func Network(fsys fs.ReadFileFS, rules string) []byte {
	if rules == "" || strings.ContainsAny(rules, "/\\:.") {
		return nil
	}
	data, err := fsys.ReadFile("weights/" + rules + ".nnue")
	if err != nil {
		return nil
	}
	return data
}
