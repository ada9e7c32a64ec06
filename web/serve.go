package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Serve serves the application of cfg on ln until ctx is done, then stops, waiting up
// to 5 s for the requests in flight (an analysis's stream ends with ctx). The server
// answers to ln's address (cfg.Addr is taken from it: a listener on port 0 has the
// port the system chose).
func Serve(ctx context.Context, ln net.Listener, cfg Config) error {
	cfg.Addr = ln.Addr().String()
	s, err := New(cfg)
	if err != nil {
		ln.Close()
		return err
	}
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
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
