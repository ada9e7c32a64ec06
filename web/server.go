// Package web is the toolkit's local web application (colony serve): a page to play
// a game against an engine by clicking, to analyse a position with an engine whose
// lines stream in, and to watch games files and a tournament running in another
// process. Every page, script and style is embedded; nothing is fetched from the
// network.
//
// The server is a door into the machine it runs on, so it is closed by default: it
// answers only requests addressed to its own name (a page on another site cannot
// reach it through DNS rebinding), refuses cross-origin requests to its API, starts
// no program and reads no path that its operator did not name in Config, and bounds
// the searches it runs (their number, their tables' memory, their time). A search
// stops when the browser that asked for it goes away.
package web

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// Config is what the operator allows the server to do.
type Config struct {
	// Addr is the address the server listens on (host:port); its host and port, with
	// localhost and the loopback addresses on the same port, are the names requests
	// may be addressed to (see Hosts).
	Addr string
	// Hosts are further host names (with or without a port) that requests may name,
	// for a server reached through a name of the operator's choosing.
	Hosts []string
	// Dir is the results directory whose games files the Watch view browses and
	// whose tournament it follows live; "" for none. No other path is read.
	Dir string
	// Engines are the external engines the operator named, by the names the page
	// shows (name → player spec, such as "cmd:./my-engine"). Specs from the page may
	// name an engine only as engine:NAME; a cmd: spec from the page is refused.
	Engines map[string]string
	// Game is the rule set the page opens with ("" for The Colony's default).
	Game string
	// MaxSearches bounds the searches running at once (0: the number of CPUs);
	// a request beyond it waits for a free slot as long as its browser waits.
	MaxSearches int
	// MaxTableMiB bounds a search's transposition table or tree memory, in MiB (0:
	// 256).
	MaxTableMiB int
	// MaxSearchTime bounds one search: an analysis that is not stopped ends after
	// it (0: 10 minutes), and an engine's turn without a limit of its own gets it.
	MaxSearchTime time.Duration
	// Unavailable are engines the operator named that cannot be started (their
	// program is not there), by name, with why: the page lists them as unavailable
	// with why, and a search of one is refused saying so; the others stay usable.
	Unavailable map[string]string
	// ReadTimeout bounds the time a request's headers and body take to arrive (0:
	// 15 s), IdleTimeout the time a kept-alive connection waits for its next
	// request (0: 60 s), and MaxConnections the connections open at once (0: 64;
	// more wait to be accepted). A stream of events (an analysis, the live view) is
	// not cut by them: no write has a time limit.
	ReadTimeout    time.Duration
	IdleTimeout    time.Duration
	MaxConnections int
}

// maxReads bounds the games files the server reads at once (the Watch view's
// files and games, the live view's polls): a read holds a games file's longest line
// (up to maxLineBytes) with what it parses into.
const maxReads = 2

// Server is the web application's handler with its settings and the slots of its
// searches.
type Server struct {
	cfg      Config
	hosts    []string // allowed Host header values, lower case
	searches chan struct{}
	reads    chan struct{}
	dir      string // cfg.Dir made absolute and cleaned ("" for none)
	mux      *http.ServeMux
	exacts   exactSolvers // the exact solvers of the games asked for (/api/exact)
}

// New checks cfg and returns its server.
func New(cfg Config) (*Server, error) {
	if cfg.MaxSearches <= 0 {
		cfg.MaxSearches = runtime.NumCPU()
	}
	if cfg.MaxTableMiB <= 0 {
		cfg.MaxTableMiB = 256
	}
	if cfg.MaxSearchTime <= 0 {
		cfg.MaxSearchTime = 10 * time.Minute
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = 15 * time.Second
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 60 * time.Second
	}
	if cfg.MaxConnections <= 0 {
		cfg.MaxConnections = 64
	}
	hosts, err := allowedHosts(cfg.Addr, cfg.Hosts)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, hosts: hosts, searches: make(chan struct{}, cfg.MaxSearches), reads: make(chan struct{}, maxReads)}
	if cfg.Dir != "" {
		abs, err := filepath.Abs(cfg.Dir)
		if err != nil {
			return nil, fmt.Errorf("--dir %s: %w", cfg.Dir, err)
		}
		info, err := os.Stat(abs)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("--dir %s: no such directory (name the results directory of a tournament, as its --out DIR)", cfg.Dir)
		case err != nil:
			return nil, fmt.Errorf("--dir %s: %w", cfg.Dir, err)
		case !info.IsDir():
			return nil, fmt.Errorf("--dir %s: not a directory (name the results directory of a tournament, as its --out DIR)", cfg.Dir)
		}
		s.dir = abs
	}
	for name, spec := range cfg.Engines {
		if name == "" || strings.ContainsAny(name, " ,=:/") {
			return nil, fmt.Errorf("engine name %q: a name is a word without spaces, commas, '=', ':' or '/'", name)
		}
		if spec == "" {
			return nil, fmt.Errorf("engine %s: no spec", name)
		}
		if _, both := cfg.Unavailable[name]; both {
			return nil, fmt.Errorf("engine %s: named both usable and unavailable", name)
		}
	}
	s.routes()
	return s, nil
}

// allowedHosts lists the Host header values a request may carry: the listening
// address, and localhost and the loopback addresses on its port when it listens on
// a loopback or unspecified address, and the extra names (with the port added when
// they have none).
func allowedHosts(addr string, extra []string) ([]string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("address %q: %w", addr, err)
	}
	hosts := []string{strings.ToLower(net.JoinHostPort(host, port))}
	ip := net.ParseIP(host)
	if host == "localhost" || host == "" || (ip != nil && (ip.IsLoopback() || ip.IsUnspecified())) {
		for _, h := range []string{"localhost", "127.0.0.1", "::1"} {
			if h := net.JoinHostPort(h, port); !slices.Contains(hosts, h) {
				hosts = append(hosts, h)
			}
		}
	}
	for _, h := range extra {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" {
			continue
		}
		if _, _, err := net.SplitHostPort(h); err != nil {
			h = net.JoinHostPort(strings.Trim(h, "[]"), port)
		}
		hosts = append(hosts, h)
	}
	return hosts, nil
}

// Handler returns the server's HTTP handler, with its guard in front.
func (s *Server) Handler() http.Handler { return s.guard(s.mux) }

// errForbidden is the answer to a request the guard refuses.
var errForbidden = errors.New("forbidden")

// guard refuses requests addressed to another name (DNS rebinding: a page of
// another site whose name resolves to this machine) and cross-origin requests to
// the API (a page of another site that posts a turn or starts a search), and sets
// the headers that keep the pages from being framed or sniffed.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'")
		if !slices.Contains(s.hosts, strings.ToLower(r.Host)) {
			http.Error(w, fmt.Sprintf("%s: this server answers only to %s (a request for another host name is refused)", errForbidden, strings.Join(s.hosts, ", ")), http.StatusMisdirectedRequest)
			return
		}
		if why := s.crossOrigin(r); why != "" {
			http.Error(w, errForbidden.Error()+": "+why, http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// crossOrigin says why r is a cross-origin request the server refuses, or "": a
// request to the API, or any request that is not a GET or HEAD, whose Origin is not
// the server's own or that the browser marks as coming from another site.
func (s *Server) crossOrigin(r *http.Request) string {
	api := strings.HasPrefix(r.URL.Path, "/api/")
	safe := r.Method == http.MethodGet || r.Method == http.MethodHead
	if !api && safe {
		return ""
	}
	if o := r.Header.Get("Origin"); o != "" && o != "null" {
		if !slices.Contains(s.hosts, strings.ToLower(strings.TrimPrefix(o, "http://"))) || !strings.HasPrefix(o, "http://") {
			return "a request from the page of another origin (" + o + ")"
		}
	} else if o == "null" {
		return "a request from an opaque origin"
	}
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		return "a request from a page of another site (Sec-Fetch-Site: " + site + ")"
	}
	return ""
}
