package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"
)

// browser is headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: the browser reads commands on its descriptor 3 and
// writes replies and events on 4, each a JSON message ended by a NUL byte), so
// that the tests press real keys (Input.dispatchKeyEvent) and read what the page
// shows, with no library and no network port.
type browser struct {
	t       *testing.T
	cmd     *exec.Cmd
	in      *os.File // our end of the browser's descriptor 3
	out     *bufio.Reader
	outFile *os.File
	id      int
	session string
	stderr  bytes.Buffer
}

// browserTimeout bounds every wait on the browser: it only keeps a stuck browser
// from hanging the test.
const browserTimeout = 2 * time.Minute

// startBrowser starts headless Chromium (bin) with a viewport of w×h and opens a
// page at url; it is closed at the end of the test.
func startBrowser(t *testing.T, bin, url string, w, h int) *browser {
	t.Helper()
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), browserTimeout)
	b := &browser{t: t, in: cmdW, out: bufio.NewReader(outR), outFile: outR}
	b.cmd = exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--remote-debugging-pipe", "--user-data-dir="+t.TempDir(), "about:blank")
	b.cmd.ExtraFiles = []*os.File{cmdR, outW}
	b.cmd.Stderr = &b.stderr
	if err := b.cmd.Start(); err != nil {
		cancel()
		t.Fatalf("starting %s: %v", bin, err)
	}
	cmdR.Close()
	outW.Close()
	t.Cleanup(func() {
		b.send("", "Browser.close", nil)
		cmdW.Close()
		done := make(chan error, 1)
		go func() { done <- b.cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = b.cmd.Process.Kill()
			<-done
		}
		cancel()
		outR.Close()
	})
	var target struct{ TargetID string }
	b.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var attached struct{ SessionID string }
	b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached)
	b.session = attached.SessionID
	b.call(b.session, "Emulation.setDeviceMetricsOverride", map[string]any{"width": w, "height": h, "deviceScaleFactor": 1, "mobile": false}, nil)
	b.call(b.session, "Page.navigate", map[string]any{"url": url}, nil)
	for deadline := time.Now().Add(browserTimeout); ; {
		var state string
		b.eval(`document.readyState`, &state)
		if state == "complete" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page did not load: readyState %q", state)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return b
}

// send writes one command and returns its id.
func (b *browser) send(session, method string, params any) int {
	b.id++
	msg := map[string]any{"id": b.id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		b.t.Fatal(err)
	}
	if _, err := b.in.Write(append(data, 0)); err != nil {
		b.t.Fatalf("%s: writing to the browser: %v\n%s", method, err, b.stderr.String())
	}
	return b.id
}

// call sends a command and waits for its reply (events on the way are skipped),
// decoding its result into result when not nil.
func (b *browser) call(session, method string, params, result any) {
	b.t.Helper()
	id := b.send(session, method, params)
	_ = b.outFile.SetReadDeadline(time.Now().Add(browserTimeout))
	for {
		line, err := b.out.ReadBytes(0)
		if err != nil {
			b.t.Fatalf("%s: reading from the browser: %v\n%s", method, err, b.stderr.String())
		}
		var reply struct {
			ID     int
			Result json.RawMessage
			Error  *struct {
				Code    int
				Message string
			}
		}
		if err := json.Unmarshal(line[:len(line)-1], &reply); err != nil {
			b.t.Fatalf("%s: a reply that is not JSON: %v: %.200q", method, err, line)
		}
		if reply.ID != id {
			continue
		}
		if reply.Error != nil {
			b.t.Fatalf("%s: %s (%d)", method, reply.Error.Message, reply.Error.Code)
		}
		if result != nil {
			if err := json.Unmarshal(reply.Result, result); err != nil {
				b.t.Fatalf("%s: %v", method, err)
			}
		}
		return
	}
}

// eval evaluates a JavaScript expression in the page and decodes its value (a
// JSON value) into v.
func (b *browser) eval(expr string, v any) {
	b.t.Helper()
	var r struct {
		Result           struct{ Value json.RawMessage }
		ExceptionDetails *struct{ Text string }
	}
	b.call(b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r)
	if r.ExceptionDetails != nil {
		b.t.Fatalf("evaluating %q: %s", expr, r.ExceptionDetails.Text)
	}
	if err := json.Unmarshal(r.Result.Value, v); err != nil {
		b.t.Fatalf("evaluating %q: %v (%s)", expr, err, r.Result.Value)
	}
}

// keyCodes are the Windows virtual key codes of the keys the tests press.
var keyCodes = map[string]int{"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}

// press presses and releases a key, as the keyboard does: the browser's input
// pipeline delivers the events to the focused page.
func (b *browser) press(key string) {
	b.t.Helper()
	code, ok := keyCodes[key]
	if !ok {
		b.t.Fatalf("no key code for %q", key)
	}
	for _, typ := range []string{"rawKeyDown", "keyUp"} {
		b.call(b.session, "Input.dispatchKeyEvent", map[string]any{"type": typ, "key": key, "code": key,
			"windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}, nil)
	}
}

// evalAsync evaluates a JavaScript expression whose value is a promise, waits for
// it, and decodes its value (a JSON value) into v.
func (b *browser) evalAsync(expr string, v any) {
	b.t.Helper()
	var r struct {
		Result           struct{ Value json.RawMessage }
		ExceptionDetails *struct{ Text string }
	}
	b.call(b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r)
	if r.ExceptionDetails != nil {
		b.t.Fatalf("evaluating %q: %s", expr, r.ExceptionDetails.Text)
	}
	if err := json.Unmarshal(r.Result.Value, v); err != nil {
		b.t.Fatalf("evaluating %q: %v (%s)", expr, err, r.Result.Value)
	}
}

// click presses and releases the left mouse button at (x, y) of the viewport, as
// the mouse does.
func (b *browser) click(x, y float64) {
	b.t.Helper()
	b.call(b.session, "Input.dispatchMouseEvent", map[string]any{"type": "mouseMoved", "x": x, "y": y}, nil)
	for _, typ := range []string{"mousePressed", "mouseReleased"} {
		b.call(b.session, "Input.dispatchMouseEvent", map[string]any{"type": typ, "x": x, "y": y, "button": "left", "clickCount": 1}, nil)
	}
}

// screenshot returns a PNG of the viewport.
func (b *browser) screenshot() []byte {
	b.t.Helper()
	var r struct{ Data string }
	b.call(b.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r)
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		b.t.Fatalf("the screenshot: %v", err)
	}
	return png
}
