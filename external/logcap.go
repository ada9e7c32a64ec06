package external

import (
	"bytes"
	"fmt"
	"io"
	"sync"
)

// DefaultLogLimit is the default of Pool.LogLimit: how many bytes of an engine
// process's standard error its log keeps.
const DefaultLogLimit = 4 << 20

// cappedLog is the log of one engine process: it passes on the first half of the
// limit as it comes, keeps the last half in memory while more comes, and on Close
// writes a line that says how many bytes were cut, then that last half. Before it
// has a destination (setDest), what it passes on is held in memory. Its methods may
// be called from several goroutines.
type cappedLog struct {
	mu    sync.Mutex
	dest  io.Writer    // nil: held in held
	held  bytes.Buffer // what was passed on before dest was set
	limit int64        // <= 0: no limit
	head  int64        // the bytes passed on
	ring  []byte       // the last bytes past the head, a ring of limit-limit/2 bytes
	next  int          // where the next byte goes in ring
	full  bool         // ring has wrapped
	cut   int64        // the bytes that fell out of ring
}

// newCappedLog returns a log that keeps limit bytes (<= 0: all), passed on to dest
// (nil: held until setDest).
func newCappedLog(dest io.Writer, limit int64) *cappedLog {
	return &cappedLog{dest: dest, limit: limit}
}

// out passes p on (the caller holds mu).
func (l *cappedLog) out(p []byte) {
	if l.dest == nil {
		l.held.Write(p)
		return
	}
	_, _ = l.dest.Write(p)
}

// Write passes p on, or keeps its end for Close once the first half of the limit
// was passed on. It never fails: a log that cannot be written is not the engine's
// fault.
func (l *cappedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(p)
	if l.limit <= 0 {
		l.out(p)
		return n, nil
	}
	if room := l.limit/2 - l.head; room > 0 {
		k := int(min(room, int64(len(p))))
		l.out(p[:k])
		l.head += int64(k)
		p = p[k:]
	}
	if len(p) == 0 {
		return n, nil
	}
	if l.ring == nil {
		l.ring = make([]byte, l.limit-l.limit/2)
	}
	if len(p) > len(l.ring) { // only its end stays
		drop := len(p) - len(l.ring)
		l.cut += int64(drop) + int64(l.size())
		p = p[drop:]
		l.next, l.full = 0, false
	}
	for len(p) > 0 {
		k := copy(l.ring[l.next:], p)
		if l.full {
			l.cut += int64(k)
		}
		p = p[k:]
		l.next += k
		if l.next == len(l.ring) {
			l.next, l.full = 0, true
		}
	}
	return n, nil
}

// size is the number of bytes in ring.
func (l *cappedLog) size() int {
	if l.full {
		return len(l.ring)
	}
	return l.next
}

// setDest sets where the log goes, and passes on what was held.
func (l *cappedLog) setDest(w io.Writer) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.dest = w
	if l.held.Len() > 0 {
		_, _ = w.Write(l.held.Bytes())
		l.held.Reset()
	}
}

// Close passes on what the ring holds, after a line that says how many bytes were
// cut before it (when some were).
func (l *cappedLog) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cut > 0 {
		l.out(fmt.Appendf(nil, "\n# colony: ... %d bytes cut (the log keeps the first and the last %d bytes of each process) ...\n", l.cut, l.limit/2))
	}
	if l.full {
		l.out(l.ring[l.next:])
	}
	l.out(l.ring[:l.next])
	l.ring, l.next, l.full, l.cut = nil, 0, false, 0
	return nil
}
