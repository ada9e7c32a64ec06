package native_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/native"
)

// TestNativeRandomGames plays a random game of every registered game through the
// handles: the status after every step, the notation read back, and every handle
// freed at the end.
func TestNativeRandomGames(t *testing.T) {
	lib := native.New()
	for _, name := range native.Games() {
		g, err := lib.OpenGame(name)
		if err != nil {
			t.Fatal(err)
		}
		info, err := lib.GameInfo(g)
		if err != nil || info.Name == "" || info.NumActions < 1 {
			t.Fatalf("%s: info %+v, %v", name, info, err)
		}
		s, err := lib.NewState(g)
		if err != nil {
			t.Fatal(err)
		}
		legal := make([]uint8, game.MaxActions)
		st, err := lib.StateStatus(s, legal)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; st[native.StTerminal] == 0; k++ {
			n := int(st[native.StNumLegal])
			if n == 0 {
				t.Fatalf("%s: no legal actions", name)
			}
			st, err = lib.Apply(s, int(legal[k%n]), legal)
			if err != nil {
				t.Fatal(err)
			}
			text, _ := lib.StateText(s)
			c, err := lib.ParseState(g, text)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, text, err)
			}
			if back, _ := lib.StateText(c); back != text {
				t.Fatalf("%s: %q read back as %q", name, text, back)
			}
			if err := lib.Free(c); err != nil {
				t.Fatal(err)
			}
		}
		if st[native.StWinner] < -1 || st[native.StWinner] > 1 || st[native.StNumLegal] != 0 {
			t.Fatalf("%s: final status %v", name, st)
		}
		for _, h := range []int64{s, g} {
			if err := lib.Free(h); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := lib.Len(); n != 0 {
		t.Fatalf("%d handles left", n)
	}
}

// TestNativeErrors checks the codes and messages of bad input.
// TestNativeStepSummary plays a game of every registered game with StartState and
// Step beside NewState and Apply: the same summary and legal actions after every
// decision, and the same errors.
func TestNativeStepSummary(t *testing.T) {
	lib := native.New()
	for _, name := range native.Games() {
		g, err := lib.OpenGame(name)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := lib.NewState(g) // stepped with Apply
		legal := make([]uint8, game.MaxActions)
		legalU := make([]uint8, game.MaxActions)
		u, sum, err := lib.StartState(g, legalU) // stepped with Step
		if err != nil {
			t.Fatal(err)
		}
		st, err := lib.StateStatus(s, legal)
		if err != nil {
			t.Fatal(err)
		}
		n := int(st[native.StNumLegal])
		if sum != st.Summary() || string(legalU[:n]) != string(legal[:n]) {
			t.Fatalf("%s: StartState %#x %v; NewState %#x %v", name, sum, legalU[:n], st.Summary(), legal[:n])
		}
		if again, err := lib.Summary(u, legalU); err != nil || again != sum {
			t.Fatalf("%s: start: Summary %#x, %v; StartState %#x", name, again, err, sum)
		}
		for k := 0; st[native.StTerminal] == 0 && k < 3000; k++ {
			a := int(legal[(k*7)%int(st[native.StNumLegal])])
			if st, err = lib.Apply(s, a, legal); err != nil {
				t.Fatal(err)
			}
			if sum, err = lib.Step(u, a, legalU); err != nil {
				t.Fatal(err)
			}
			n := int(st[native.StNumLegal])
			if sum != st.Summary() || string(legalU[:n]) != string(legal[:n]) {
				t.Fatalf("%s, step %d: Step %#x %v, Apply %#x %v", name, k, sum, legalU[:n], st.Summary(), legal[:n])
			}
		}
		if st[native.StTerminal] == 0 {
			t.Fatalf("%s: no end in 3000 decisions", name)
		}
		// Refused, unknown, and a short buffer: the errors of Apply.
		if _, err := lib.Step(u, 0, legalU); native.CodeOf(err) != native.Illegal {
			t.Errorf("%s: Step of a finished game: %v", name, err)
		}
		if _, err := lib.Step(-5, 0, legalU); native.CodeOf(err) != native.BadHandle {
			t.Errorf("%s: Step of no state: %v", name, err)
		}
		if _, _, err := lib.StartState(u, legalU); native.CodeOf(err) != native.BadHandle {
			t.Errorf("%s: StartState of a state: %v", name, err)
		}
		if _, _, err := lib.StartState(g, legalU[:3]); native.CodeOf(err) != native.BadArgument {
			t.Errorf("%s: StartState with a short buffer: %v", name, err)
		}
		if _, err := lib.Summary(u, legalU[:3]); native.CodeOf(err) != native.BadArgument {
			t.Errorf("%s: Summary with a short buffer: %v", name, err)
		}
		if sum, err := lib.Summary(u, nil); err != nil || sum&native.SumNumLegal != 0 || sum&native.SumTerminal == 0 {
			t.Errorf("%s: Summary of a finished game %#x, %v", name, sum, err)
		}
		for _, h := range []int64{s, u, g} {
			lib.Free(h)
		}
	}
}

func TestNativeErrors(t *testing.T) {
	lib := native.New()
	g, err := lib.OpenGame("kalah")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := lib.NewState(g)
	legal := make([]uint8, game.MaxActions)
	p, _ := lib.NewPlayer(g, "random", "")
	tests := []struct {
		name string
		err  func() error
		code native.Code
		msg  string
	}{
		{"unknown game", func() error { _, err := lib.OpenGame("kalahx"); return err }, native.Failed, "unknown game"},
		{"bad rule set", func() error { _, err := lib.OpenGame("kalah:9x"); return err }, native.Failed, "kalah:9x"},
		{"bad position", func() error { _, err := lib.ParseState(g, "pits=1"); return err }, native.Failed, "position: "},
		{"illegal action", func() error { _, err := lib.Apply(s, 9, legal); return err }, native.Illegal, "action 9"},
		{"negative action", func() error { _, err := lib.Apply(s, -1, legal); return err }, native.Illegal, "legal: 0 (a)"},
		{"illegal turn", func() error { _, err := lib.ApplyTurn(s, "zz", legal); return err }, native.Illegal, "zz"},
		{"bad decision", func() error { _, err := lib.ParseAction(s, "q"); return err }, native.Illegal, "legal: a b"},
		{"short legal buffer", func() error { _, err := lib.Apply(s, 0, legal[:3]); return err }, native.BadArgument, "legal actions buffer"},
		{"state as game", func() error { _, err := lib.NewState(s); return err }, native.BadHandle, "not a game"},
		{"no handle", func() error { _, err := lib.StateText(12345); return err }, native.BadHandle, "handle 12345"},
		{"bad player", func() error { _, err := lib.NewPlayer(g, "ab:depth=x", ""); return err }, native.Failed, "depth"},
		{"engine without file", func() error { _, err := lib.NewPlayer(g, "engine:x", ""); return err }, native.Failed, "engine"},
		{"player 2", func() error { return lib.Observe(s, 2, make([]float32, 100)) }, native.BadArgument, "player 2"},
		{"short observation", func() error { return lib.Observe(s, 0, make([]float32, 1)) }, native.Failed, "observation"},
		{"think with a state", func() error { _, err := lib.Think(context.Background(), s, s); return err }, native.BadHandle, "not a player"},
		{"free twice", func() error { h, _ := lib.NewState(g); lib.Free(h); return lib.Free(h) }, native.BadHandle, "nothing to free"},
	}
	for _, tt := range tests {
		err := tt.err()
		var e *native.Error
		if !errors.As(err, &e) || e.Code != tt.code || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v (code %d), want code %d and %q", tt.name, err, native.CodeOf(err), tt.code, tt.msg)
		}
	}
	if _, err := lib.Think(context.Background(), p, s); err != nil {
		t.Fatal(err)
	}
	if text, _ := lib.StateText(s); !strings.HasPrefix(text, "pits=4.4.4.4.4.4/4.4.4.4.4.4") {
		t.Fatalf("the errors changed the state: %s", text)
	}
}

// TestNativeThink asks players for turns, built once and per call.
func TestNativeThink(t *testing.T) {
	lib := native.New()
	g, _ := lib.OpenGame("colony")
	s, _ := lib.NewState(g)
	th, err := lib.ThinkOnce(context.Background(), s, "ab:depth=2", "")
	if err != nil {
		t.Fatal(err)
	}
	if th.Depth != 2 || th.Turn == "" || len(th.Actions) == 0 || th.Scale < 1 || !strings.HasPrefix(th.Spec, "ab:depth=2") {
		t.Fatalf("thought %+v", th)
	}
	legal := make([]uint8, game.MaxActions)
	if _, err := lib.ApplyTurn(s, th.Turn, legal); err != nil {
		t.Fatal(err)
	}
	p, err := lib.NewPlayer(g, "mcts:sims=200", "")
	if err != nil {
		t.Fatal(err)
	}
	th, err = lib.Think(context.Background(), p, s)
	if err != nil || th.Nodes == 0 {
		t.Fatalf("%+v %v", th, err)
	}
	if err := lib.Free(p); err != nil {
		t.Fatal(err)
	}
}

// TestNativeConcurrent steps states of one game from several goroutines, and one
// state from several (serialised by its lock).
func TestNativeConcurrent(t *testing.T) {
	lib := native.New()
	g, _ := lib.OpenGame("oware")
	shared, _ := lib.NewState(g)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			legal := make([]uint8, game.MaxActions)
			for range 20 {
				s, err := lib.NewState(g)
				if err != nil {
					t.Error(err)
					return
				}
				st, _ := lib.StateStatus(s, legal)
				for k := w; st[native.StTerminal] == 0; k++ {
					st, err = lib.Apply(s, int(legal[k%int(st[native.StNumLegal])]), legal)
					if err != nil {
						t.Error(err)
						return
					}
				}
				lib.Free(s)
				// The shared state: any error must be Illegal, never a crash.
				if sst, err := lib.StateStatus(shared, legal); err == nil && sst[native.StTerminal] == 0 {
					if _, err := lib.Apply(shared, int(legal[0]), legal); err != nil && native.CodeOf(err) != native.Illegal {
						t.Error(err)
					}
				}
			}
		}()
	}
	wg.Wait()
}
