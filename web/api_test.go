package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/internal/pagescript"
	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/protocol/protocoltest"
	"github.com/colony-ai/colony/record"
)

// do sends a request to the server at url with the headers, and returns the status
// and the body.
func do(t *testing.T, method, url, body string, headers map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// TestSecurity checks each of the server's refusals, and what it accepts.
func TestSecurity(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.jsonl"), []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.jsonl"), filepath.Join(dir, "link.jsonl")); err != nil {
		t.Fatal(err)
	}
	_, url := startServer(t, Config{Game: "kalah", Dir: dir, Engines: map[string]string{"mine": "cmd:./no-such-engine"}})
	host := strings.TrimPrefix(url, "http://")
	play := `{"game":"kalah","position":"","turn":"c"}`
	tests := []struct {
		name, method, path, body string
		headers                  map[string]string
		status                   int
		says                     string
	}{
		{"the page", "GET", "/", "", nil, 200, "Colony toolkit"},
		{"a turn", "POST", "/api/play", play, nil, 200, `"turn":"c"`},
		{"a turn from the page itself", "POST", "/api/play", play, map[string]string{"Origin": url, "Sec-Fetch-Site": "same-origin"}, 200, `"turn":"c"`},
		{"localhost names the server too", "GET", "/api/config", "", map[string]string{"Host": strings.Replace(host, "127.0.0.1", "localhost", 1)}, 200, `"game":"kalah"`},
		{"foreign Host (DNS rebinding)", "GET", "/", "", map[string]string{"Host": "evil.example:" + strings.Split(host, ":")[1]}, 421, "answers only to"},
		{"foreign Host on the API", "POST", "/api/play", play, map[string]string{"Host": "evil.example"}, 421, "answers only to"},
		{"cross-origin POST", "POST", "/api/play", play, map[string]string{"Origin": "http://evil.example"}, 403, "another origin"},
		{"cross-site POST without Origin", "POST", "/api/play", play, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "another site"},
		{"cross-origin search stream", "GET", "/api/analyse?game=kalah&player=random", "", map[string]string{"Origin": "http://evil.example"}, 403, "another origin"},
		{"an opaque origin", "POST", "/api/think", `{"game":"kalah","player":"random"}`, map[string]string{"Origin": "null"}, 403, "opaque origin"},
		{"an unlisted cmd: spec", "POST", "/api/think", `{"game":"kalah","player":"cmd:/bin/sh"}`, nil, 400, "a program is started only when it was named"},
		{"an unlisted engine", "POST", "/api/think", `{"game":"kalah","player":"engine:other"}`, nil, 400, "no engine of that name"},
		{"an eval file", "POST", "/api/think", `{"game":"kalah","player":"ab:eval=/etc/passwd"}`, nil, 400, "not a file"},
		{"a network file", "POST", "/api/think", `{"game":"kalah","player":"ab:eval=net:/tmp/x.nnue"}`, nil, 400, "not a file"},
		{"a big table", "POST", "/api/think", `{"game":"kalah","player":"ab:tt=4096"}`, nil, 400, "at most 256 MiB"},
		{"a big tree", "POST", "/api/think", `{"game":"kalah","player":"mcts:mem=100000"}`, nil, 400, "at most 256 MiB"},
		{"more threads than CPUs", "POST", "/api/think", `{"game":"kalah","player":"mcts:threads=100000"}`, nil, 400, "CPUs"},
		{"a path outside the directory", "GET", "/api/file?name=../" + filepath.Base(outside) + "/secret.jsonl", "", nil, 400, "a path inside the results directory"},
		{"an absolute path", "GET", "/api/file?name=" + filepath.Join(outside, "secret.jsonl"), "", nil, 400, "a path inside the results directory"},
		{"a symbolic link out of the directory", "GET", "/api/file?name=link.jsonl", "", nil, 404, "link.jsonl"},
		{"a bad position", "GET", "/api/position?game=kalah&position=pits%3D1.2", "", nil, 400, "position"},
		{"a bad turn", "POST", "/api/play", `{"game":"kalah","turn":"z"}`, nil, 400, `turn \"z\"`},
		{"a bad game", "GET", "/api/position?game=chess", "", nil, 400, "unknown game"},
		{"a bad spec", "POST", "/api/think", `{"game":"kalah","player":"ab:depth=zero"}`, nil, 400, "depth"},
		{"not JSON", "POST", "/api/play", `turn=c`, nil, 400, "JSON"},
		{"an unknown field", "POST", "/api/play", `{"game":"kalah","turn":"c","x":1}`, nil, 400, "unknown field"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := do(t, tc.method, url+tc.path, tc.body, tc.headers)
			if status != tc.status || !strings.Contains(body, tc.says) {
				t.Errorf("%s %s: %d %.300s\nwant %d and %q", tc.method, tc.path, status, body, tc.status, tc.says)
			}
		})
	}
}

// TestDefaultAddressIsLoopback checks the hosts a server on the default address
// answers to.
func TestAllowedHosts(t *testing.T) {
	hosts, err := allowedHosts("127.0.0.1:8080", []string{"box.lan"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080", "box.lan:8080"}
	if strings.Join(hosts, " ") != strings.Join(want, " ") {
		t.Errorf("hosts %v, want %v", hosts, want)
	}
	hosts, err = allowedHosts("192.168.1.5:80", nil)
	if err != nil || strings.Join(hosts, " ") != "192.168.1.5:80" {
		t.Errorf("hosts %v (%v), want only the address", hosts, err)
	}
}

// TestDisconnectStopsSearch checks that an analysis stops, its slot freed and its
// goroutines gone, when the browser closes the stream: alpha-beta's, once it has
// reported two iterations, and minimax's at its largest depth, which reports none
// and would take ages, once it searches.
func TestDisconnectStopsSearch(t *testing.T) {
	for _, tc := range []struct {
		player string
		event  string // the event to wait for, twice, before disconnecting
		data   string // and the start of its data
	}{
		{"ab", "event: line", ""},
		{"minimax:depth=64", "event: status", `data: {"spec":"minimax:depth=64","status":"searching"}`},
	} {
		t.Run(tc.player, func(t *testing.T) {
			s, url := startServer(t, Config{Game: "colony", MaxSearches: 1})
			before := runtime.NumGoroutine()
			ctx, cancel := context.WithCancel(context.Background())
			req, err := http.NewRequestWithContext(ctx, "GET", url+"/api/analyse?game=colony&player="+tc.player, nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != 200 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			r := bufio.NewReader(resp.Body)
			for seen := 0; seen < 2; {
				line, err := r.ReadString('\n')
				if err != nil {
					t.Fatal(err)
				}
				if strings.HasPrefix(line, tc.event) {
					if tc.data == "" {
						seen++
						continue
					}
					data, err := r.ReadString('\n')
					if err != nil {
						t.Fatal(err)
					}
					if strings.HasPrefix(data, tc.data) {
						seen = 2
					}
				}
			}
			if len(s.searches) != 1 {
				t.Fatalf("%d searches running, want 1", len(s.searches))
			}
			cancel()
			resp.Body.Close()
			deadline := time.Now().Add(30 * time.Second)
			for len(s.searches) != 0 || runtime.NumGoroutine() > before+2 {
				if time.Now().After(deadline) {
					buf := make([]byte, 1<<16)
					t.Fatalf("30 s after the disconnect: %d searches, %d goroutines (before %d)\n%s", len(s.searches), runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}

// TestAnalyseStreams checks the events of an analysis that ends: lines, then done.
func TestAnalyseStreams(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	status, body := do(t, "GET", url+"/api/analyse?game=kalah&player=ab:depth=3", "", nil)
	if status != 200 {
		t.Fatalf("status %d: %s", status, body)
	}
	var events []string
	var done LineView
	for _, block := range strings.Split(strings.TrimSpace(body), "\n\n") {
		name, data, _ := strings.Cut(block, "\n")
		if name == "event: progress" {
			continue // as the time between lines has it (TestAnalyseProgress)
		}
		events = append(events, strings.TrimPrefix(name, "event: "))
		if name == "event: done" {
			if err := json.Unmarshal([]byte(strings.TrimPrefix(data, "data: ")), &done); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := "status status line line line done"
	if got := strings.Join(events, " "); got != want {
		t.Errorf("events %q, want %q", got, want)
	}
	if done.Best == "" || done.Depth != 3 || len(done.PV) == 0 || done.Spec == "" {
		t.Errorf("done: %+v", done)
	}
}

// TestRecordReadsBack checks that a game saved from the page is a games file that
// the tournament package reads and merges (tournament merge, replay and export read
// it so): a match of one game, its turns, result and players, the engine's search
// figures of each of its turns, the person's turns recorded as "human" with none,
// whichever seat the person and the engine take.
func TestRecordReadsBack(t *testing.T) {
	s, err := New(Config{Addr: "127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	engine := &TurnInfo{Value: 250, Depth: 2, Nodes: 31, Micros: 1200}
	tests := []struct {
		name      string
		req       RecordRequest
		specs     [2]string // the header's
		wantInfo  []record.MoveInfo
		wantSpecs [2]string // the record's
	}{
		{"person first", RecordRequest{Game: "kalah:4x1", Players: [2]string{"you", "engine"}, Specs: [2]string{"human", "ab:depth=2"},
			Turns: []string{"a", "b"}, Info: []*TurnInfo{nil, engine}},
			[2]string{"human", "ab:depth=2,tt=16"},
			[]record.MoveInfo{{}, {Score: 250, Depth: 2, Nodes: 31, Micros: 1200}},
			[2]string{"human", "ab:depth=2,tt=16"}},
		{"engine first, seeded", RecordRequest{Game: "kalah:4x1", Players: [2]string{"engine", "you"}, Specs: [2]string{"mcts:sims=50", "human"},
			Turns: []string{"a", "b"}, Info: []*TurnInfo{engine, nil}},
			[2]string{"mcts:sims=50,mem=256", "human"},
			[]record.MoveInfo{{Score: 250, Depth: 2, Nodes: 31, Micros: 1200}, {}},
			[2]string{"mcts:sims=50,mem=256,seed=", "human"}},
		{"no info", RecordRequest{Game: "kalah:4x1", Specs: [2]string{"human", "greedy"}, Turns: []string{"a"}},
			[2]string{"human", "greedy"}, []record.MoveInfo{{}}, [2]string{"human", "greedy:seed="}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := s.gamesFile(tc.req)
			if err != nil {
				t.Fatal(err)
			}
			gf, err := record.ParseGamesFile(data)
			if err != nil {
				t.Fatal(err)
			}
			h := gf.Header
			if h.Config.Games != 1 || h.Config.TotalGames() != 1 || len(gf.Games) != 1 || h.Config.Game != "kalah:4x1" {
				t.Fatalf("read back header %+v, %d games", h.Config, len(gf.Games))
			}
			if got := [2]string{h.Config.Players[0].Spec, h.Config.Players[1].Spec}; got != tc.specs {
				t.Errorf("header specs %q, want %q", got, tc.specs)
			}
			r := gf.Games[0]
			if strings.Join(r.Moves, " ") != strings.Join(tc.req.Turns, " ") {
				t.Errorf("moves %q", r.Moves)
			}
			if fmt.Sprint(r.Info) != fmt.Sprint(tc.wantInfo) {
				t.Errorf("info %v, want %v", r.Info, tc.wantInfo)
			}
			for i := range 2 {
				if !strings.HasPrefix(r.Specs[i], tc.wantSpecs[i]) || (r.Specs[i] != tc.wantSpecs[i] && !strings.HasSuffix(tc.wantSpecs[i], "seed=")) {
					t.Errorf("record spec %d %q, want %q", i, r.Specs[i], tc.wantSpecs[i])
				}
			}
			name := filepath.Join(t.TempDir(), "game.jsonl")
			if err := os.WriteFile(name, data, 0o644); err != nil {
				t.Fatal(err)
			}
			m, err := record.MergeFiles([]string{name})
			if err != nil {
				t.Fatalf("merge: %v", err)
			}
			if got := m.Summary(1); got != "merged 1 file: 1 of 1 games\n" {
				t.Errorf("merge: %q", got)
			}
		})
	}
}

// TestRecordRefuses checks the saved game's refusals: info that is not one a turn,
// negative figures, a player the server does not run.
func TestRecordRefuses(t *testing.T) {
	s, err := New(Config{Addr: "127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		req  RecordRequest
		want string
	}{
		{RecordRequest{Game: "kalah:4x1", Turns: []string{"a", "b"}, Info: []*TurnInfo{nil}}, "info: 1 entries for 2 turns"},
		{RecordRequest{Game: "kalah:4x1", Turns: []string{"a"}, Info: []*TurnInfo{{Nodes: -1}}}, "want 0 or more"},
		{RecordRequest{Game: "kalah:4x1", Specs: [2]string{"human", "cmd:./x"}}, "engine:NAME"},
		{RecordRequest{Game: "kalah:4x1", Specs: [2]string{"human", "nosuch"}}, `unknown kind "nosuch"`},
	}
	for _, tc := range tests {
		_, err := s.gamesFile(tc.req)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.req, err, tc.want)
		}
	}
}

// TestDisconnectStopsEngine checks that an external engine named by the operator
// and searching for a page is ended, its process gone, when the page goes away: the
// engine never answers (noreply), so only the server can end it.
func TestDisconnectStopsEngine(t *testing.T) {
	engine := protocoltest.BuildEngine(t)
	s, url := startServer(t, Config{Game: "kalah", MaxSearches: 1,
		Engines: map[string]string{"deaf": "cmd:" + engine + `,args="-fault noreply",timeout=10m`}})
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "POST", url+"/api/think", strings.NewReader(`{"game":"kalah","player":"engine:deaf"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	done := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	deadline := time.Now().Add(time.Minute)
	for len(protocoltest.ChildProcesses()) == 0 || len(s.searches) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the engine did not start")
		}
		time.Sleep(10 * time.Millisecond)
	}
	pids := protocoltest.ChildProcesses()
	cancel()
	<-done
	protocoltest.WaitGone(t, pids, 30*time.Second, "after the page went away")
	for deadline := time.Now().Add(30 * time.Second); len(s.searches) != 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the search slot is still taken 30 s after the page went away")
		}
	}
}

// TestPlayMarks checks what a played turn says besides its trace, on The Colony's
// examples of its rules document: C1's last egg reaches B4, which holds 3, and is
// captured, and an ant is placed there; C1/B4-A4 moves that ant on to A4.
func TestPlayMarks(t *testing.T) {
	s, err := New(Config{Addr: "127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		turn string
		want []MarkView
	}{
		{"C1", []MarkView{{"catch", "log-B4", "store-red"}, {"put", "log-B4", ""}}},
		{"C1/B4-A4", []MarkView{{"catch", "log-B4", "store-red"}, {"put", "log-B4", ""}, {"walk", "log-B4", "log-A4"}}},
	}
	for _, tc := range tests {
		v, err := s.playTurn(context.Background(), &PlayRequest{Game: "colony", Turn: tc.turn})
		if err != nil {
			t.Fatal(err)
		}
		var got []MarkView
		for _, m := range v.Marks {
			if m.Kind != "sow" && m.Kind != "lift" {
				got = append(got, m)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: marks %v, want %v (all: %v)", tc.turn, got, tc.want, v.Marks)
		}
	}
}

// TestViewNames: a position's view names every place of its picture as the notation
// does (the page says these names; it maps no id itself).
func TestViewNames(t *testing.T) {
	tests := []struct {
		game string
		want map[string]string
	}{
		{"kalah", map[string]string{"pit-south-c": "c", "pit-north-a": "a", "store-S": "S"}},
		{"colony", map[string]string{"log-B4": "B4", "store-red": "red"}},
	}
	for _, tc := range tests {
		g, err := catalog.Open(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		v, err := viewOf(g, g.StartPosition(), picture.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(v.Names) != len(placeIDs([]byte(v.SVG))) {
			t.Errorf("%s: %d names for %d places", tc.game, len(v.Names), len(placeIDs([]byte(v.SVG))))
		}
		for id, name := range tc.want {
			if v.Names[id] != name {
				t.Errorf("%s: the name of %s is %q, want %q", tc.game, id, v.Names[id], name)
			}
		}
	}
}

// TestPageScripts: the page loads its script as an ES module, and the server
// serves the modules as JavaScript, the replay module being the one the page of
// colony export --html has inline.
func TestPageScripts(t *testing.T) {
	_, url := startServer(t, Config{})
	if status, body := do(t, "GET", url+"/", "", nil); status != 200 || !strings.Contains(body, `<script type="module" src="/assets/app.js">`) {
		t.Errorf("the page: %d, no module script in\n%s", status, body)
	}
	for _, tc := range []struct{ path, want string }{
		{"/assets/app.js", `from "./replay.js"`},
		{"/assets/replay.js", pagescript.Replay},
	} {
		resp, err := http.Get(url + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || !strings.HasPrefix(ct, "text/javascript") {
			t.Errorf("%s: %d, Content-Type %q, want 200 and text/javascript", tc.path, resp.StatusCode, ct)
		}
		if !strings.Contains(string(body), tc.want) {
			t.Errorf("%s does not hold %.40q", tc.path, tc.want)
		}
	}
}

// TestRecordedGraph: the Watch view's game has the graph of the scores that the
// page of colony export --html draws, a dot for each turn with figures, and the
// marker's place for each position.
func TestRecordedGraph(t *testing.T) {
	g, err := catalog.Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Record{Opening: g.StartPosition(), Moves: []string{"c", "a"}, Players: [2]string{"a", "b"},
		Specs: [2]string{"greedy", "greedy"}, Info: []record.MoveInfo{{Score: 2, Depth: 1, Nodes: 6, Micros: 10}, {}}, Result: "*"}
	v, err := replayRecord(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(v.Graph, `<svg class="graph"`) || !strings.Contains(v.Graph, `id="graph-mark"`) ||
		!strings.Contains(v.Graph, `data-k="1"`) || strings.Contains(v.Graph, `data-k="2"`) {
		t.Errorf("graph, want a dot for turn 1 alone:\n%s", v.Graph)
	}
	if len(v.Marks) != len(v.Positions) {
		t.Errorf("%d marks for %d positions", len(v.Marks), len(v.Positions))
	}
}

// importRe matches an ES module's imports of the page's own modules.
var importRe = regexp.MustCompile(`(?m)^import (?:\{[^}]*\} from )?"\./([a-z]+\.js)";`)

// TestModules: the page's script is ES modules, one a view, that the server serves
// as JavaScript; only the state module declares the page's state.
func TestModules(t *testing.T) {
	_, url := startServer(t, Config{})
	seen := map[string]string{}
	var fetch func(name string)
	fetch = func(name string) {
		if _, ok := seen[name]; ok {
			return
		}
		resp, err := http.Get(url + "/assets/" + name)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || !strings.HasPrefix(ct, "text/javascript") {
			t.Fatalf("%s: %d, Content-Type %q", name, resp.StatusCode, ct)
		}
		seen[name] = string(body)
		for _, m := range importRe.FindAllStringSubmatch(string(body), -1) {
			fetch(m[1])
		}
	}
	fetch("app.js")
	for _, m := range []string{"state.js", "board.js", "play.js", "analyse.js", "watch.js", "live.js", "replay.js", "tabs.js", "rules.js", "util.js"} {
		if _, ok := seen[m]; !ok {
			t.Errorf("app.js does not reach the module %s (it reaches %d)", m, len(seen))
		}
	}
	for name, text := range seen {
		if strings.Contains(text, "export const S =") != (name == "state.js") {
			t.Errorf("%s: declares the state: %v", name, strings.Contains(text, "export const S ="))
		}
		if name != "app.js" && strings.Contains(text, "window.colonyApp =") {
			t.Errorf("%s sets window.colonyApp: only app.js shows the state", name)
		}
	}
}
