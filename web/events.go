package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

// events writes server-sent events (text/event-stream) to one browser; send is safe
// to call from the goroutines of a search.
type events struct {
	mu sync.Mutex
	w  http.ResponseWriter
	rc *http.ResponseController
}

// newEvents starts an event stream on w.
func newEvents(w http.ResponseWriter) (*events, error) {
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if err := rc.Flush(); err != nil {
		return nil, errors.New("the connection cannot stream events")
	}
	return &events{w: w, rc: rc}, nil
}

// send writes one event of the name with v as its JSON data; an error (the browser
// has gone) is the caller's context's to notice.
func (e *events) send(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	buf := make([]byte, 0, len(name)+len(data)+16)
	buf = append(buf, "event: "...)
	buf = append(buf, name...)
	buf = append(buf, "\ndata: "...)
	buf = append(buf, data...)
	buf = append(buf, "\n\n"...)
	if _, err := e.w.Write(buf); err == nil {
		_ = e.rc.Flush()
	}
}

// comment writes a comment line, which keeps an idle stream open through proxies
// and lets a write find a closed connection.
func (e *events) comment() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, err := e.w.Write([]byte(": keep-alive\n\n")); err != nil {
		return err
	}
	return e.rc.Flush()
}
