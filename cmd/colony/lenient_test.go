package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTournamentLenientAndStrict: an engine with UCI habits (info string and an
// empty line in its handshake, UCI's info items and an empty line before its
// bestturn) plays its games without a forfeit, the runner noting what it ignored in
// the engine's log; with --strict every game it plays is lost with a protocol error.
func TestTournamentLenientAndStrict(t *testing.T) {
	script := exampleEngine(t)
	src, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	for _, r := range [][2]string{
		{`reply = ["id name py-greedy-kalah"`, `reply = ["info string hello", "", "id name py-greedy-kalah"`},
		{`reply = ["bestturn " + best_turn(pos, rng)]`, `turn = best_turn(pos, rng)
            reply = ["info depth 1 seldepth 3 multipv 1 score cp 12 hashfull 5 currmove " + turn + " pv " + turn, "info multipv 2 score cp -40 pv z", "", "bestturn " + turn]`},
	} {
		if !strings.Contains(text, r[0]) {
			t.Fatalf("%s has no %q", script, r[0])
		}
		text = strings.Replace(text, r[0], r[1], 1)
	}
	engine := filepath.Join(t.TempDir(), "uci_habits.py")
	if err := os.WriteFile(engine, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	// The same habits in its searches only: its handshake is the protocol's.
	searchOnly := filepath.Join(t.TempDir(), "uci_search.py")
	if err := os.WriteFile(searchOnly, []byte(strings.Replace(text, `"info string hello", "", `, "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	engineTourn(t, "tournament", "--game", "kalah", "-p", "uci=cmd:path=python3,args="+searchOnly, "-p", "greedy",
		"--games", "4", "--concurrency", "1", "--progress", "off", "--out", out, "--strict")
	gf := readGames(t, filepath.Join(out, "games.jsonl"))
	for _, g := range gf.Games {
		if g.Reason != "protocol error" || g.Players[1-g.Winner] != "uci" || !strings.Contains(g.Detail, `unknown item "seldepth"`) {
			t.Errorf("--strict: game %d: winner %d, %s (%s); want uci to lose by a protocol error", g.Index, g.Winner, g.Reason, g.Detail)
		}
	}
	if len(gf.Games) != 4 {
		t.Errorf("--strict: %d games, want 4", len(gf.Games))
	}
	for _, strict := range []bool{false, true} {
		out := t.TempDir()
		args := []string{"tournament", "--game", "kalah", "-p", "uci=cmd:path=python3,args=" + engine, "-p", "greedy",
			"--games", "4", "--concurrency", "1", "--progress", "off", "--out", out}
		if strict {
			// The check of the players fails before any game: the handshake.
			code, _, errOut := cli(t, append(args, "--strict")...)
			if want := `player 1 (uci): protocol error: "info string hello" during the handshake`; code == 0 || !strings.Contains(errOut, want) {
				t.Errorf("--strict: exit %d, %q; want an error saying %q", code, errOut, want)
			}
			continue
		}
		engineTourn(t, args...)
		gf := readGames(t, filepath.Join(out, "games.jsonl"))
		if len(gf.Games) != 4 {
			t.Fatalf("%d games, want 4", len(gf.Games))
		}
		for _, g := range gf.Games {
			if g.Forfeit() {
				t.Errorf("game %d: %s (%s)", g.Index, g.Reason, g.Detail)
			}
		}
		logs := readLogs(t, filepath.Join(out, "engines"))
		for _, want := range []string{
			`# mep: ignored "info string hello" outside a search`,
			"# mep: ignored an empty line",
			`# mep: ignored the info item "currmove" (and its value)`,
		} {
			if !strings.Contains(logs, want) {
				t.Errorf("the engine's log has no %q:\n%s", want, logs)
			}
		}
	}
}
