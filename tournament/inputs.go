package tournament

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// HashInputs records in c the content of the files the tournament reads, besides its
// opening file (whose positions c holds): g's board file when g is played on one
// (record.BoardSource), and the hash of every file that a player's evaluation setting names
// (eval=FILE, eval=net:FILE; not the evaluations g names, such as linear). A resume
// or a merge refuses a file whose header has other hashes (SameTournament).
func HashInputs(c *record.Config, g SettingsGame) error {
	c.Board, c.Inputs = nil, nil
	if b, ok := g.(record.BoardSource); ok {
		c.Board = b.TournamentBoard()
	}
	evals := g.Evaluations()
	for _, p := range c.Players {
		sp, err := search.ParseSpec(p.Spec)
		if err != nil {
			return fmt.Errorf("player %q: %w", p.Name, err)
		}
		kind, _ := search.LookupKind(sp.Kind) // ParseSpec found it
		s, ok := kind.SettingFor(search.RoleEval)
		if !ok || !sp.Has(s.Key) {
			continue
		}
		value := sp.Settings[s.Key]
		file := evalFile(value, evals)
		if file == "" {
			continue
		}
		sum, err := record.HashFile(file)
		if err != nil {
			return fmt.Errorf("player %q: %s=%s: %w", p.Name, s.Key, value, err)
		}
		c.Inputs = append(c.Inputs, record.InputFile{Player: p.Name, Setting: s.Key, File: file, SHA256: sum})
	}
	return nil
}

// evalFile returns the file that the evaluation setting value names: the value
// itself, or what follows "net:", when it is not one of the evaluations' names and a
// regular file of that name exists; "" otherwise (a name, or a value the player's own
// check refuses).
func evalFile(value string, evals []string) string {
	if value == "" || slices.Contains(evals, value) || strings.HasPrefix(value, "@") {
		return ""
	}
	file := value
	if rest, ok := strings.CutPrefix(value, "net:"); ok {
		file = rest
	}
	if info, err := os.Stat(file); err != nil || !info.Mode().IsRegular() {
		return ""
	}
	return file
}
