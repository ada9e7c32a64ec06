package main

import (
	"embed"
	"strings"
)

// helpTexts holds the long help and the examples of the commands, help/NAME.txt and
// help/NAME.example.txt: text, not code, kept beside the commands that print it.
//
//go:embed help/*.txt
var helpTexts embed.FS

// helpText returns the text of help/KEY.txt without its last newline. The files are
// built into the program, so a missing one is a programming error (a test reads
// every command's help).
func helpText(key string) string {
	data, err := helpTexts.ReadFile("help/" + key + ".txt")
	if err != nil {
		panic("colony: no help text " + key + ": " + err.Error())
	}
	return strings.TrimSuffix(string(data), "\n")
}
