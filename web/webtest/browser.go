// Package webtest drives headless Chromium for the tests of web pages: the
// DevTools protocol spoken over a pipe (--remote-debugging-pipe: the browser reads
// commands on its descriptor 3 and writes replies and events on 4, each a JSON
// message ended by a NUL byte), with no library and no debugging port. The tests
// press real keys and click with real mouse events (Input.dispatchKeyEvent and
// dispatchMouseEvent go through the browser's input pipeline, as a person's do),
// read what the page shows and take screenshots.
//
// Why no client library (chromedp and others): the pipe needs a hundred lines, keeps
// the module's dependencies small, and opens no port another process could use.
package webtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"
)

// Timeout bounds every wait on the browser: it only keeps a stuck browser from
// hanging a test.
const Timeout = 2 * time.Minute

// Chromium returns the path of the Chromium program, or skips the test when there is
// none (CI installs it; see .ci/run).
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on this machine (apt-get install chromium)")
	return ""
}

// Browser is one headless Chromium with one page.
type Browser struct {
	t       testing.TB
	cmd     *exec.Cmd
	in      *os.File // our end of the browser's descriptor 3
	out     *bufio.Reader
	outFile *os.File
	id      int
	session string
	stderr  bytes.Buffer
	// Events, when not nil, receives the events the browser sends while a call
	// waits for its reply (method and params).
	Events func(method string, params json.RawMessage)
}

// Start starts headless Chromium with a viewport of w×h CSS pixels and opens url,
// waiting until it has loaded; the browser is closed at the end of the test.
func Start(t testing.TB, url string, w, h int) *Browser {
	t.Helper()
	bin := Chromium(t)
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*Timeout)
	b := &Browser{t: t, in: cmdW, out: bufio.NewReader(outR), outFile: outR}
	b.cmd = exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-quic", "--font-render-hinting=none",
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
	b.Call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var attached struct{ SessionID string }
	b.Call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached)
	b.session = attached.SessionID
	b.Call(b.session, "Emulation.setDeviceMetricsOverride", map[string]any{"width": w, "height": h, "deviceScaleFactor": 1, "mobile": false}, nil)
	b.Navigate(url)
	return b
}

// Navigate opens url in the page and waits until it has loaded.
func (b *Browser) Navigate(url string) {
	b.t.Helper()
	b.Call(b.session, "Page.navigate", map[string]any{"url": url}, nil)
	time.Sleep(50 * time.Millisecond) // the old document's readyState is still "complete"
	b.WaitFor(`document.readyState === "complete"`, "the page to load")
}

// send writes one command and returns its id.
func (b *Browser) send(session, method string, params any) int {
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

// Call sends a command to the browser ("" session) or the page (Session) and waits
// for its reply, decoding its result into result when not nil.
func (b *Browser) Call(session, method string, params, result any) {
	b.t.Helper()
	id := b.send(session, method, params)
	_ = b.outFile.SetReadDeadline(time.Now().Add(Timeout))
	for {
		line, err := b.out.ReadBytes(0)
		if err != nil {
			b.t.Fatalf("%s: reading from the browser: %v\n%s", method, err, b.stderr.String())
		}
		var reply struct {
			ID     int
			Method string
			Params json.RawMessage
			Result json.RawMessage
			Error  *struct {
				Code    int
				Message string
			}
		}
		if err := json.Unmarshal(line[:len(line)-1], &reply); err != nil {
			b.t.Fatalf("%s: a reply that is not JSON: %v: %.200q", method, err, line)
		}
		if reply.ID == 0 && reply.Method != "" && b.Events != nil {
			b.Events(reply.Method, reply.Params)
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

// Session returns the page's session id, for Call.
func (b *Browser) Session() string { return b.session }

// Eval evaluates a JavaScript expression in the page (awaiting it when it is a
// promise) and decodes its value, a JSON value, into v (nil: ignored).
func (b *Browser) Eval(expr string, v any) {
	b.t.Helper()
	var r struct {
		Result           struct{ Value json.RawMessage }
		ExceptionDetails *struct {
			Text      string
			Exception *struct{ Description string }
		}
	}
	b.Call(b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r)
	if r.ExceptionDetails != nil {
		msg := r.ExceptionDetails.Text
		if r.ExceptionDetails.Exception != nil {
			msg += " " + r.ExceptionDetails.Exception.Description
		}
		b.t.Fatalf("evaluating %q: %s", expr, msg)
	}
	if v == nil {
		return
	}
	if len(r.Result.Value) == 0 {
		b.t.Fatalf("evaluating %q: no value", expr)
	}
	if err := json.Unmarshal(r.Result.Value, v); err != nil {
		b.t.Fatalf("evaluating %q: %v (%s)", expr, err, r.Result.Value)
	}
}

// WaitFor waits until the JavaScript expression is true in the page; what names the
// wait in the failure.
func (b *Browser) WaitFor(expr, what string) {
	b.t.Helper()
	deadline := time.Now().Add(Timeout)
	for {
		var ok bool
		b.Eval("!!("+expr+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waited %s for %s (%s)", Timeout, what, expr)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// Text returns the text content of the element with that id ("" when none).
func (b *Browser) Text(id string) string {
	b.t.Helper()
	var s string
	b.Eval(fmt.Sprintf(`(document.getElementById(%q) || {}).textContent || ""`, id), &s)
	return s
}

// ClickAt clicks the left mouse button at (x, y), in CSS pixels of the viewport.
func (b *Browser) ClickAt(x, y float64) {
	b.t.Helper()
	b.Call(b.session, "Input.dispatchMouseEvent", map[string]any{"type": "mouseMoved", "x": x, "y": y}, nil)
	for _, typ := range []string{"mousePressed", "mouseReleased"} {
		b.Call(b.session, "Input.dispatchMouseEvent", map[string]any{"type": typ, "x": x, "y": y, "button": "left", "clickCount": 1}, nil)
	}
}

// Click scrolls the element that the JavaScript expression returns into view and
// clicks the middle of it with the mouse.
func (b *Browser) Click(element string) {
	b.t.Helper()
	var r struct {
		X, Y  float64
		Found bool
	}
	b.Eval(`(function () { var e = `+element+`; if (!e) { return {found: false}; }
		e.scrollIntoView({block: "center", inline: "center"});
		var r = e.getBoundingClientRect(); return {found: true, x: r.left + r.width / 2, y: r.top + r.height / 2}; })()`, &r)
	if !r.Found {
		b.t.Fatalf("nothing to click: %s", element)
	}
	b.ClickAt(r.X, r.Y)
}

// keyCodes are the Windows virtual key codes of the keys Press knows.
var keyCodes = map[string]int{"ArrowLeft": 37, "ArrowRight": 39, "ArrowUp": 38, "ArrowDown": 40, "Home": 36, "End": 35, "Escape": 27, "Enter": 13}

// Press presses and releases a key, as the keyboard does: the browser's input
// pipeline delivers the events to the focused page.
func (b *Browser) Press(key string) {
	b.t.Helper()
	code, ok := keyCodes[key]
	if !ok {
		b.t.Fatalf("no key code for %q", key)
	}
	for _, typ := range []string{"rawKeyDown", "keyUp"} {
		b.Call(b.session, "Input.dispatchKeyEvent", map[string]any{"type": typ, "key": key, "code": key,
			"windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}, nil)
	}
}

// Screenshot returns a PNG of the viewport.
func (b *Browser) Screenshot() []byte {
	b.t.Helper()
	var r struct{ Data string }
	b.Call(b.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r)
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		b.t.Fatalf("the screenshot: %v", err)
	}
	return png
}
