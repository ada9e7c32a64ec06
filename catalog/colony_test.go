package catalog

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
)

// inOrder returns the weights byName in the order of names.
func inOrder(names []string, byName map[string]float64) []float64 {
	w := make([]float64, len(names))
	for i, n := range names {
		w[i] = byName[n]
	}
	return w
}

// TestColonyIsClassic checks that The Colony is built as the classic games are, over
// colony.Features with its hand-set and default weights, and reads the weights files
// of the old form (without "features") and of the new.
func TestColonyIsClassic(t *testing.T) {
	r := colony.Default()
	fs := colony.NewFeatures(r)
	g, err := AsTunable(Colony(r))
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Evaluations(); !slices.Equal(got, []string{"linear", "score", "hand", "FILE", "net", "net:FILE"}) {
		t.Errorf("Evaluations() = %v", got)
	}
	if set, names := g.FeatureSet(); set != "colony" || !slices.Equal(names, fs.Features()) {
		t.Errorf("FeatureSet() = %q, %v", set, names)
	}
	named := []struct {
		value string
		want  []float64
	}{
		{"hand", inOrder(fs.Features(), fs.HandWeights())},
		{"default", inOrder(fs.Features(), fs.DefaultWeights())},
	}
	for _, tc := range named {
		if got, err := g.Weights(tc.value); err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Weights(%s) = %v, %v; want %v", tc.value, got, err, tc.want)
		}
	}
	// A file of the old form, as default_weights.json is, and one of the new.
	dir := t.TempDir()
	hand := inOrder(fs.Features(), fs.HandWeights())
	old, err := eval.NamedWeights{Names: fs.Features(), W: hand}.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	current, err := g.MarshalWeights(hand)
	if err != nil || !strings.Contains(string(current), `"features": "colony"`) {
		t.Fatalf("MarshalWeights: %s, %v", current, err)
	}
	for name, data := range map[string][]byte{"old.json": old, "new.json": current} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := g.Weights(path); err != nil || !slices.Equal(got, hand) {
			t.Errorf("%s: %v, %v", name, got, err)
		}
		if _, _, err := g.Think(context.Background(), "ab:depth=1,eval="+path, g.StartPosition()); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestRulesDocumentAndBoardFile: The Colony's rules document is its caps and
// colony/RULES.md; its board file is its caps and its board, which reads back; the
// other games have a rules document and no board file.
func TestRulesDocumentAndBoardFile(t *testing.T) {
	g, err := Open("colony:turncap=300")
	if err != nil {
		t.Fatal(err)
	}
	caps := "# rule set colony:turncap=300\n# sowing cap 10000 (eggs put down one by one in a turn, R6)\n# turn cap 300 (full turns, R10)\n"
	doc, err := g.RulesDocument()
	if err != nil || doc != caps+"\n"+colony.RulesText {
		t.Errorf("rules document %.300q, %v", doc, err)
	}
	file, err := BoardFile(g)
	if err != nil || file != caps+colony.DefaultBoard().Format() {
		t.Errorf("board file %.300q, %v", file, err)
	}
	if b, err := colony.ParseBoard(strings.NewReader(file)); err != nil || b.Format() != colony.DefaultBoard().Format() {
		t.Errorf("the board file does not read back as the default board: %v", err)
	}
	k, err := Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := BoardFile(k); err == nil || err.Error() != "kalah has no board file: board files are The Colony's" {
		t.Errorf("kalah's board file: %v", err)
	}
	if doc, err := k.RulesDocument(); err != nil || !strings.HasPrefix(doc, "# rule set kalah\n# Kalah") {
		t.Errorf("kalah's rules document %.100q, %v", doc, err)
	}
}
