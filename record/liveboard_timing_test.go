package record

import (
	"path/filepath"
	"testing"
	"testing/synctest"
	"time"
)

// TestLiveBoardPace checks when Run writes the live file, on synctest's fake clock:
// at once, then within liveEventGap of a game's start (not sooner), every
// liveTurnGap while turns are played, every liveHeartbeat when nothing changes, and
// a last time, in its final state, at Close.
func TestLiveBoardPace(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := testConfig()
		name := filepath.Join(t.TempDir(), "live.json")
		t0 := time.Now() // the bubble's clock
		b := NewLiveBoard(name, "games.jsonl", &cfg, 1, 12, 0, t0)
		// written reads the live file and checks its time, state and games' turns
		// (-1: no game in flight).
		written := func(when string, at time.Duration, state string, turns int) {
			t.Helper()
			lf, err := ReadLiveFile(name)
			if err != nil {
				t.Fatalf("%s: %v", when, err)
			}
			got := -1
			if len(lf.Games) == 1 {
				got = len(lf.Games[0].Moves)
			}
			if !lf.Updated.Equal(t0.Add(at)) || lf.State != state || got != turns || len(lf.Games) > 1 {
				t.Fatalf("%s: written at %v in state %s with %d games (turns %d); want at %v in state %s, turns %d",
					when, lf.Updated.Sub(t0), lf.State, len(lf.Games), got, at, state, turns)
			}
		}
		// sleepUntil advances the fake clock to t0+at and lets the writer run.
		sleepUntil := func(at time.Duration) {
			time.Sleep(t0.Add(at).Sub(time.Now()))
			synctest.Wait()
		}

		go b.Run()
		synctest.Wait()
		written("at the start", 0, LiveRunning, -1)

		// A game starts: not written at once, since the last write was just now, but
		// liveEventGap after it.
		b.Slot(0).Start(cfg.Slot(0), [2]string{"a", "b"}, [2]string{"a", "b"}, "O", [2]time.Duration{}, t0)
		b.Notify()
		synctest.Wait()
		written("a game started at once after a write", 0, LiveRunning, -1)
		sleepUntil(liveEventGap - time.Millisecond)
		written("just before the event gap", 0, LiveRunning, -1)
		sleepUntil(liveEventGap + time.Millisecond)
		written("after the event gap", liveEventGap, LiveRunning, 0)

		// Turns are written at the turn timer's next tick, with no wake-up.
		b.Slot(0).Turn([]byte("A1"), [2]time.Duration{})
		b.Slot(0).Turn([]byte("B2"), [2]time.Duration{})
		tick := liveEventGap + liveTurnGap
		sleepUntil(tick + time.Millisecond)
		written("turns played", tick, LiveRunning, 2)

		// Nothing changes: the heartbeat only.
		sleepUntil(tick + liveHeartbeat - time.Millisecond)
		written("before the heartbeat", tick, LiveRunning, 2)
		sleepUntil(tick + liveHeartbeat + time.Millisecond)
		written("at the heartbeat", tick+liveHeartbeat, LiveRunning, 2)

		// Close writes the final state at once, without the games in flight.
		at := time.Now().Sub(t0)
		if err := b.Close(LiveStopped); err != nil {
			t.Fatal(err)
		}
		written("closed", at, LiveStopped, -1)
	})
}
