package catalog_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
)

// TestNoPathsOutsideRepository: nothing in the repository (rules documents, board
// files, help texts, docs, code) points at a file outside it: sources are cited by
// title, and what users need (the board's rulings) is in docs/.
func TestNoPathsOutsideRepository(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	// The patterns are built so that this file does not match them itself.
	patterns := []string{"shared" + "/seeds", "shared" + "/colony-board", "/work" + "/", "../" + "shared"}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == ".git" || name == "testdata" && strings.Contains(path, "fuzz") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".board", ".json", ".yaml", ".sh", "":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.IndexByte(string(data), 0) >= 0 {
			return nil // a binary (a program built into the tree)
		}
		for _, p := range patterns {
			if strings.Contains(string(data), p) {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s refers to %q, outside the repository", rel, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRulesDocumentsReadings: the readings taken where the seed text leaves a choice
// are listed in the rules documents, each with what the text says.
func TestRulesDocumentsReadings(t *testing.T) {
	for _, tc := range []struct{ game, want string }{
		{"kalah", "Is the extra turn compulsory?"},
		{"kalah", "How are the pits named?"},
		{"kalah", "Are captures optional?"},
		{"oware", "*Are captures compulsory?*"},
		{"oware", "capture is compulsory (a reading"},
	} {
		about, ok := catalog.About(tc.game)
		if !ok || !strings.Contains(about.Rules, tc.want) {
			t.Errorf("the rules document of %s lacks %q", tc.game, tc.want)
		}
	}
}
