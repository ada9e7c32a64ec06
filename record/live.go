package record

// The live file: the games a run is playing, for watchers (see report.Follower
// and docs/games-file.md, "The live file").

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// LiveVersion is the version of the live file's format.
const LiveVersion = 1

// The states of a run in its live file.
const (
	LiveRunning  = "running"  // the run is playing (or was killed: see LiveFile.Stale)
	LiveFinished = "finished" // the run ended with its schedule played (or its SPRT decided)
	LiveStopped  = "stopped"  // the run ended before: cancelled, or an error
)

// DefaultStaleAfter is the age past which a live file in the running state is taken
// for the leftover of a killed run: several heartbeats.
const DefaultStaleAfter = 5 * time.Second

// LiveFileName returns the name of the live file of the games file gamesFile:
// live.json beside it for a games file named games.jsonl (the one of --out DIR),
// NAME.live.json for a games file NAME.jsonl (or NAME.EXT, or NAME) otherwise, so
// that the shards' games files of one directory (shard-1.jsonl, shard-2.jsonl) have
// distinct live files.
func LiveFileName(gamesFile string) string {
	dir, base := filepath.Split(gamesFile)
	if base == "games.jsonl" {
		return filepath.Join(dir, "live.json")
	}
	if ext := filepath.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	return filepath.Join(dir, base+".live.json")
}

// LiveFile is the content of a run's live file: the run, its progress and the games
// it is playing. A run rewrites the file (atomically: a reader sees a whole file)
// while it plays, and leaves it in state LiveFinished or LiveStopped when it ends; a
// run that was killed leaves it in state LiveRunning, which Stale detects.
type LiveFile struct {
	Type    string `json:"type"` // "live"
	Version int    `json:"version"`
	// State is LiveRunning, LiveFinished or LiveStopped.
	State string `json:"state"`
	// Run identifies the run: its process id and start time ("PID-UNIXNANO"); PID
	// and Host are the process's, to tell whether it still runs.
	Run  string `json:"run"`
	PID  int    `json:"pid"`
	Host string `json:"host"`
	// Game, Seed, Shard and Shards are the tournament's (its games file's header),
	// GamesFile the base name of its games file (absent when the run's records go
	// elsewhere than a GamesFileWriter).
	Game      string `json:"game"`
	Seed      Seed   `json:"seed"`
	Shard     int    `json:"shard,omitempty"`
	Shards    int    `json:"shards,omitempty"`
	GamesFile string `json:"games_file,omitempty"`
	// Started is when the run started, Updated when the file was written.
	Started time.Time `json:"started"`
	Updated time.Time `json:"updated"`
	// Scheduled counts the games of the run's schedule (its shard, below its
	// --until-pair), Finished those finished (Resumed included: the games of the
	// games file it continues), Played those this run finished.
	Scheduled int `json:"scheduled"`
	Finished  int `json:"finished"`
	Played    int `json:"played"`
	Resumed   int `json:"resumed"`
	// Games are the games being played, by index.
	Games []LiveGame `json:"games"`
}

// LiveGame is a game being played, as the live file holds it.
type LiveGame struct {
	// Index, Pair, Round, Players, Specs and Opening are as in its Record.
	Index   int       `json:"index"`
	Pair    int       `json:"pair"`
	Round   int       `json:"round"`
	Players [2]string `json:"players"`
	Specs   [2]string `json:"specs"`
	Opening string    `json:"opening"`
	// Moves are the turns played so far, in the game's turn notation.
	Moves []string `json:"moves"`
	// Started is when the game started, Seconds its time when the file was written.
	Started time.Time `json:"started"`
	Seconds float64   `json:"seconds"`
	// ClockLeft is, with a time control, the time left on each seat's clock after the
	// last turn (ns); absent otherwise.
	ClockLeft *[2]time.Duration `json:"clock_left,omitempty"`
}

// ReadLiveFile reads a live file.
func ReadLiveFile(name string) (*LiveFile, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("live file: %w", err)
	}
	return parseLiveFile(data, name)
}

// maxLiveFileBytes bounds a live file read by a follower (report.Follower): it
// lists the games in flight, a few kilobytes a game.
const maxLiveFileBytes = 64 << 20

// ReadLive reads the live file name from r, its open file, refusing one over
// maxLiveFileBytes.
func ReadLive(r io.Reader, name string) (*LiveFile, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxLiveFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("live file %s: %w", name, err)
	}
	if len(data) > maxLiveFileBytes {
		return nil, fmt.Errorf("live file %s: over %d MiB, not a live file", name, maxLiveFileBytes>>20)
	}
	return parseLiveFile(data, name)
}

// parseLiveFile reads the live file name's content.
func parseLiveFile(data []byte, name string) (*LiveFile, error) {
	var lf LiveFile
	if err := json.Unmarshal(data, &lf); err != nil {
		return nil, fmt.Errorf("live file %s: %w", name, err)
	}
	if lf.Type != "live" {
		return nil, fmt.Errorf("live file %s: type %q, not \"live\"", name, lf.Type)
	}
	if lf.Version < 1 || lf.Version > LiveVersion {
		return nil, fmt.Errorf("live file %s: version %d, this program reads version %d", name, lf.Version, LiveVersion)
	}
	return &lf, nil
}

// Stale reports whether the live file is the leftover of a run that no longer runs:
// in state LiveRunning but written more than after ago (0: DefaultStaleAfter) at now,
// or written by a process of this host that is gone. A run rewrites its file at
// least every second while it runs.
func (lf *LiveFile) Stale(now time.Time, after time.Duration) bool {
	if lf.State != LiveRunning {
		return false
	}
	if after <= 0 {
		after = DefaultStaleAfter
	}
	if now.Sub(lf.Updated) > after {
		return true
	}
	if host, err := os.Hostname(); err == nil && host == lf.Host && lf.PID > 0 && !processAlive(lf.PID) {
		return true
	}
	return false
}
