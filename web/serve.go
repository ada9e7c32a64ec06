package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// Serve serves the application of cfg on ln until ctx is done, then stops, waiting up
// to 5 s for the requests in flight (an analysis's stream ends with ctx). The server
// answers to ln's address (cfg.Addr is taken from it: a listener on port 0 has the
// port the system chose).
//
// A connection is held only as long as its requests need: the headers and body of
// a request must arrive within cfg.ReadTimeout (a slow body is cut), a kept-alive
// connection waits cfg.IdleTimeout for its next request, and at most
// cfg.MaxConnections are open at once (more wait to be accepted). No write has a
// time limit: a stream of events lasts as long as its page.
func Serve(ctx context.Context, ln net.Listener, cfg Config) error {
	cfg.Addr = ln.Addr().String()
	s, err := New(cfg)
	if err != nil {
		ln.Close()
		return err
	}
	cfg = s.cfg // with its defaults
	srv := &http.Server{Handler: s.Handler(),
		ReadHeaderTimeout: min(10*time.Second, cfg.ReadTimeout),
		ReadTimeout:       cfg.ReadTimeout,
		IdleTimeout:       cfg.IdleTimeout,
		BaseContext:       func(net.Listener) context.Context { return ctx }}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(newLimitListener(ln, cfg.MaxConnections)) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("stopping: %w", err)
	}
	return nil
}

// limitListener accepts at most n connections open at once: Accept waits for
// one of them to close (the connections beyond wait in the system's queue).
type limitListener struct {
	net.Listener
	slots chan struct{}
	done  chan struct{} // closed by Close
	once  sync.Once
}

// newLimitListener returns ln accepting at most n connections open at once.
func newLimitListener(ln net.Listener, n int) *limitListener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, n), done: make(chan struct{})}
}

// Accept waits for a free slot, then for a connection.
func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.slots }}, nil
}

// Close closes the listener, ending an Accept waiting for a slot.
func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// limitConn is a connection of a limitListener: closing it frees its slot.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// Close closes the connection and frees its slot (once).
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// CloseWrite shuts down the writing side of the connection, when it has one (a
// TCP connection), as the HTTP server does before closing a connection whose
// request it refused.
func (c *limitConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
