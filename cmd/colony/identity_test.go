package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/record"
)

// recordLines returns the lines of a games file, the header first.
func recordLines(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	return lines[:len(lines)-1] // after the last newline: ""
}

// refused runs a command line that must be refused: exit 2 and the one line want on
// stderr.
func refused(t *testing.T, want string, args ...string) {
	t.Helper()
	code, _, errOut := cli(t, args...)
	if code != 2 || errOut != want+"\n" {
		t.Errorf("colony %q: exit %d, stderr\n%s\nwant exit 2 and\n%s", args, code, errOut, want)
	}
}

// TestForeignRecordRefused: a record of game 3 of a --seed 2 run copied into a --seed
// 1 games file, in place of its own game 3, is refused by --resume and merge, naming
// the file, the line and the seeds; a file under another tournament's header too.
func TestForeignRecordRefused(t *testing.T) {
	dir := t.TempDir()
	run := func(seed string) (string, []string) {
		name := filepath.Join(dir, "seed"+seed+".jsonl")
		tourn(t, "--game", "kalah", "tournament", "-p", "a=greedy", "-p", "b=random", "--games", "6", "--seed", seed,
			"--concurrency", "1", "--progress", "off", "--games-file", name)
		return name, recordLines(t, name)
	}
	_, one := run("1")
	two, twos := run("2")
	game3 := func(lines []string) (string, record.Seed) {
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, `{"type":"game","index":3,`) {
				gf, err := record.ParseGamesFile([]byte(lines[0] + l))
				if err != nil {
					t.Fatal(err)
				}
				return l, gf.Games[0].Seed
			}
		}
		t.Fatal("no game 3")
		return "", 0
	}
	own, ownSeed := game3(one)
	foreign, foreignSeed := game3(twos)
	// All of --seed 1's games, but game 3 --seed 2's, last (line 7).
	forged := filepath.Join(dir, "forged.jsonl")
	var lines []string
	for _, l := range one {
		if l != own {
			lines = append(lines, l)
		}
	}
	lines = append(lines, foreign)
	if err := os.WriteFile(forged, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	why := fmt.Sprintf("game 3 has seed %d but this tournament's game 3 has seed %d (a record from another run?)", foreignSeed, ownSeed)
	refused(t, "colony: merge: "+forged+":7: "+why, "tournament", "merge", forged)
	refused(t, "colony: tournament: --resume: "+forged+":7: "+why, "--game", "kalah", "tournament", "-p", "a=greedy", "-p", "b=random",
		"--games", "6", "--seed", "1", "--progress", "off", "--games-file", forged, "--resume")
	// --seed 1's games under --seed 2's header: refused at its first game.
	header := filepath.Join(dir, "header.jsonl")
	if err := os.WriteFile(header, []byte(twos[0]+strings.Join(one[1:], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	first := readGames(t, two)
	gf, err := record.ParseGamesFile([]byte(one[0] + one[1]))
	if err != nil {
		t.Fatal(err)
	}
	r := gf.Games[0]
	refused(t, fmt.Sprintf("colony: merge: %s:2: game %d has seed %d but this tournament's game %d has seed %d (a record from another run?)",
		header, r.Index, r.Seed, r.Index, first.Header.Config.GameSeed(r.Index)), "tournament", "merge", header)
	refused(t, "colony: merge: "+two+" is not of the tournament of "+filepath.Join(dir, "seed1.jsonl")+`: seed differs: "1" vs "2"`,
		"tournament", "merge", filepath.Join(dir, "seed1.jsonl"), two)
}

// ringBoard writes the default board under the name ring to dir/ring.board.
func ringBoard(t *testing.T, dir string) string {
	t.Helper()
	name := filepath.Join(dir, "ring.board")
	text := strings.Replace(colony.DefaultBoardText(), "board default", "board ring", 1)
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// appendTo appends text to the file name.
func appendTo(t *testing.T, name, text string) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestChangedInputRefused: a board file or a weights file changed between a run and
// its resume is refused, naming the file and both hashes; shards of one tournament on
// the same files still merge.
func TestChangedInputRefused(t *testing.T) {
	dir := t.TempDir()
	board := ringBoard(t, dir)
	weights := filepath.Join(dir, "w.json")
	data, err := os.ReadFile(filepath.Join("..", "..", "games", "kalah", "weights", "kalah.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(weights, data, 0o644); err != nil {
		t.Fatal(err)
	}
	hash := func(name string) string {
		h, err := record.HashFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	boardArgs := func(file string, more ...string) []string {
		return append([]string{"--board", board, "tournament", "-p", "a=greedy", "-p", "b=random", "--games", "4",
			"--progress", "off", "--games-file", file}, more...)
	}
	weightsArgs := func(file string, more ...string) []string {
		return append([]string{"--game", "kalah", "tournament", "-p", "a=greedy:eval=" + weights, "-p", "b=random", "--games", "4",
			"--progress", "off", "--games-file", file}, more...)
	}
	// Shards of one tournament: the same hashes, merged.
	var shards []string
	for k := 1; k <= 2; k++ {
		shards = append(shards, filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k)))
		tourn(t, weightsArgs(shards[k-1], "--shard", fmt.Sprintf("%d/2", k))...)
	}
	if out := mustRun(t, "tournament", "merge", shards[0], shards[1]); !strings.HasPrefix(out, "merged 2 files: 4 of 4 games\n") {
		t.Errorf("merge of two shards:\n%s", out)
	}
	if h := readGames(t, shards[0]).Header.Inputs; len(h) != 1 || h[0] != (record.InputFile{Player: "a", Setting: "eval", File: weights, SHA256: hash(weights)}) {
		t.Errorf("the header's inputs: %+v", h)
	}
	// The first pair, then the file changes.
	boardGames, weightsGames := filepath.Join(dir, "board.jsonl"), filepath.Join(dir, "weights.jsonl")
	tourn(t, boardArgs(boardGames, "--until-pair", "1")...)
	tourn(t, weightsArgs(weightsGames, "--until-pair", "1")...)
	boardBefore, weightsBefore := hash(board), hash(weights)
	appendTo(t, board, "# edited\n")
	appendTo(t, weights, "\n")
	refused(t, fmt.Sprintf("colony: tournament: --resume: %s holds another tournament: board file ring.board differs: sha256 %s vs %s (its content changed)",
		boardGames, boardBefore, hash(board)), boardArgs(boardGames, "--resume")...)
	refused(t, fmt.Sprintf("colony: tournament: --resume: %s holds another tournament: eval file %s of player a differs: sha256 %s vs %s (its content changed)",
		weightsGames, weights, weightsBefore, hash(weights)), weightsArgs(weightsGames, "--resume")...)
	// A shard played on the changed file does not merge with one of before.
	changed := filepath.Join(dir, "changed-2.jsonl")
	tourn(t, weightsArgs(changed, "--shard", "2/2")...)
	refused(t, fmt.Sprintf("colony: merge: %s is not of the tournament of %s: eval file %s of player a differs: sha256 %s vs %s (its content changed)",
		changed, shards[0], weights, weightsBefore, hash(weights)), "tournament", "merge", shards[0], changed)
}

// TestBoardTournamentReplayed: the games of a tournament on a board file are
// replayed and exported from the games file alone (its header holds the board file).
func TestBoardTournamentReplayed(t *testing.T) {
	dir := t.TempDir()
	board := ringBoard(t, dir)
	file := filepath.Join(dir, "games.jsonl")
	tourn(t, "--board", board, "tournament", "-p", "a=greedy", "-p", "b=random", "--games", "2", "--progress", "off", "--games-file", file)
	g, err := catalog.OpenWith("colony", catalog.Options{Board: board})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(board); err != nil { // the games file suffices
		t.Fatal(err)
	}
	gf := readGames(t, file)
	if gf.Header.Config.Game != "colony:board=ring" || gf.Header.Config.Board == nil || gf.Header.Config.Board.File != "ring.board" {
		t.Fatalf("header: game %q, board %+v", gf.Header.Config.Game, gf.Header.Config.Board)
	}
	rec := gf.Games[0]
	code, out, errOut := cliIn(t, "l\nq\n", "replay", file, "--game", fmt.Sprint(rec.Index))
	if code != 0 || errOut != "" {
		t.Fatalf("replay: exit %d, stderr %q", code, errOut)
	}
	ks, ps := replayedPositions(t, out, g)
	end, _, err := g.Play(rec.Opening, rec.Moves)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(ks) != fmt.Sprint([]int{0, len(rec.Moves)}) || ps[1] != end {
		t.Errorf("replay showed positions %v %q, want 0 and %d, the last %q", ks, ps, len(rec.Moves), end)
	}
	page := filepath.Join(dir, "game.html")
	if code, _, errOut := cli(t, "export", "--html", file, "--game", fmt.Sprint(rec.Index), "-o", page); code != 0 || errOut != "" {
		t.Fatalf("export: exit %d, stderr %q", code, errOut)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), "colony:board=ring") || !strings.Contains(string(html), rec.Moves[len(rec.Moves)-1]) {
		t.Errorf("the page does not name the game or its last move (%d bytes)", len(html))
	}
}

// TestOldGamesFileMerged: a file of version 1 (a header without hashes) still merges.
func TestOldGamesFileMerged(t *testing.T) {
	out := mustRun(t, "tournament", "merge", "testdata/games-v1.jsonl")
	if !strings.HasPrefix(out, "merged 1 file: 8 of 8 games\n") {
		t.Errorf("merge of a file of version 1:\n%s", out)
	}
}
