// Command libcolony is the toolkit as a shared library with a C ABI, for programs in
// other languages (Python's colony_ai package, in python/, loads it with ctypes).
// Build it with
//
//	go build -buildmode=c-shared -o python/colony_ai/_libcolony.so ./cmd/libcolony
//
// which writes the library and its C header (_libcolony.h) beside it.
//
// Every function is a thin wrapper of a method of package native's Library, which
// documents what it does: the objects (games, states, players) are named by opaque
// 64-bit handles, and no Go pointer is ever given to the caller. Every function
// returns an int status: 0 for success, a negative code of package native (Failed
// -1, Short -2, BadHandle -3, Illegal -4, Panic -5, BadArgument -6) for an error,
// whose message it writes, NUL-terminated and cut to fit, into the caller's buffer
// err of errcap bytes (which may be NULL). Strings come in as a pointer and a length
// in bytes (UTF-8; no NUL needed); strings and arrays go out into the caller's
// buffers: a string that does not fit is the Short error, with the bytes it needs in
// *need, and the caller calls again with a bigger buffer. A panic inside the library
// (a bug) is caught at the boundary and returned as the Panic error, never a crash of
// the host process. The functions are safe to call from several threads at once; the
// Go runtime runs them while the caller's thread waits, so Python's ctypes releases
// the GIL for the whole call.
//
// The library holds one table of handles for the process: the only state of the
// package.
package main

/*
#include <stdint.h>
*/
import "C"

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
	"unsafe"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/native"
)

// lib is the process's table of handles: the shared library has one for all its
// callers, as a C library has its own globals.
var lib = native.New()

func main() {}

// guard turns a panic into the Panic status written into rc and err; every exported
// function defers it.
func guard(rc *C.int, err *C.char, errcap C.int) {
	if r := recover(); r != nil {
		*rc = C.int(native.Panic)
		putString(err, errcap, fmt.Sprintf("colony library: internal error (a bug; please report it): %v", r))
	}
}

// fail writes err into the caller's buffer and returns its status.
func fail(e error, err *C.char, errcap C.int) C.int {
	if e == nil {
		return 0
	}
	putString(err, errcap, e.Error())
	return C.int(native.CodeOf(e))
}

// putString writes s, NUL-terminated and cut to fit, into the buffer p of capacity
// bytes (nothing when p is NULL or capacity < 1).
func putString(p *C.char, capacity C.int, s string) {
	if p == nil || capacity < 1 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(p)), int(capacity))
	n := copy(b[:len(b)-1], s)
	b[n] = 0
}

// goString returns the string of n bytes at p ("" for NULL or n <= 0).
func goString(p *C.char, n C.int) string {
	if p == nil || n <= 0 {
		return ""
	}
	return C.GoStringN(p, n)
}

// output writes s into out (capacity bytes, NUL-terminated) and its length into
// *need, or returns the Short error when it does not fit.
func output(s string, out *C.char, capacity C.int, need *C.int) error {
	if need != nil {
		*need = C.int(len(s) + 1)
	}
	if out == nil || int(capacity) < len(s)+1 {
		return shortError(len(s)+1, int(capacity))
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(out)), int(capacity))
	copy(b, s)
	b[len(s)] = 0
	return nil
}

// shortError is the Short error of a buffer of have bytes that needs want.
func shortError(want, have int) error {
	return &native.Error{Code: native.Short, Err: fmt.Errorf("output buffer of %d bytes: %d needed", have, want)}
}

// outputJSON writes v in JSON as output does.
func outputJSON(v any, out *C.char, capacity C.int, need *C.int) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return output(string(b), out, capacity, need)
}

// bytesOf returns the caller's buffer p of n bytes as a slice (nil for NULL or n <= 0).
func bytesOf(p *C.uint8_t, n C.int) []uint8 {
	if p == nil || n <= 0 {
		return nil
	}
	return unsafe.Slice((*uint8)(unsafe.Pointer(p)), int(n))
}

// putStatus writes st into the caller's array of native.StatusLen int32 (nothing for
// NULL).
func putStatus(p *C.int32_t, st native.Status) {
	if p == nil {
		return
	}
	copy(unsafe.Slice((*int32)(unsafe.Pointer(p)), native.StatusLen), st[:])
}

// putHandle writes h into *out (nothing for NULL).
func putHandle(out *C.int64_t, h int64) {
	if out != nil {
		*out = C.int64_t(h)
	}
}

//export colony_abi_version
func colony_abi_version() C.int { return 1 }

//export colony_games
func colony_games(out *C.char, capacity C.int, need *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	return fail(outputJSON(native.Games(), out, capacity, need), err, errcap)
}

//export colony_game_open
func colony_game_open(name *C.char, n C.int, h *C.int64_t, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	g, e := lib.OpenGame(goString(name, n))
	putHandle(h, g)
	return fail(e, err, errcap)
}

//export colony_game_info
func colony_game_info(g C.int64_t, out *C.char, capacity C.int, need *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	info, e := lib.GameInfo(int64(g))
	if e == nil {
		e = outputJSON(info, out, capacity, need)
	}
	return fail(e, err, errcap)
}

//export colony_free
func colony_free(h C.int64_t, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	return fail(lib.Free(int64(h)), err, errcap)
}

//export colony_handles
func colony_handles() C.int64_t { return C.int64_t(lib.Len()) }

//export colony_state_new
func colony_state_new(g C.int64_t, h *C.int64_t, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	s, e := lib.NewState(int64(g))
	putHandle(h, s)
	return fail(e, err, errcap)
}

//export colony_state_parse
func colony_state_parse(g C.int64_t, text *C.char, n C.int, h *C.int64_t, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	s, e := lib.ParseState(int64(g), goString(text, n))
	putHandle(h, s)
	return fail(e, err, errcap)
}

//export colony_state_clone
func colony_state_clone(s C.int64_t, h *C.int64_t, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	c, e := lib.CloneState(int64(s))
	putHandle(h, c)
	return fail(e, err, errcap)
}

//export colony_state_copy
func colony_state_copy(dst, src C.int64_t, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	return fail(lib.CopyState(int64(dst), int64(src)), err, errcap)
}

//export colony_state_status
func colony_state_status(s C.int64_t, status *C.int32_t, legal *C.uint8_t, legalcap C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	st, e := lib.StateStatus(int64(s), bytesOf(legal, legalcap))
	if e == nil {
		putStatus(status, st)
	}
	return fail(e, err, errcap)
}

//export colony_state_apply
func colony_state_apply(s C.int64_t, a C.int, status *C.int32_t, legal *C.uint8_t, legalcap C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	st, e := lib.Apply(int64(s), int(a), bytesOf(legal, legalcap))
	if e == nil {
		putStatus(status, st)
	}
	return fail(e, err, errcap)
}

// legalOf returns the caller's legal actions buffer at p, which holds at least
// game.MaxActions bytes, as a slice (nil for NULL).
func legalOf(p *C.uint8_t) []uint8 {
	if p == nil {
		return nil
	}
	return unsafe.Slice((*uint8)(unsafe.Pointer(p)), game.MaxActions)
}

// colony_state_step is colony_state_apply for the hot path: it plays the decision a,
// writes the legal actions after it into legal (game.MaxActions bytes, or NULL) and
// returns the state's Summary (non-negative), or a negative code without a message
// (the caller calls colony_state_apply for it).
//
//export colony_state_step
func colony_state_step(s C.int64_t, a C.int, legal *C.uint8_t) (rc C.int) {
	defer guard(&rc, nil, 0)
	sum, e := lib.Step(int64(s), int(a), legalOf(legal))
	if e != nil {
		return C.int(native.CodeOf(e))
	}
	return C.int(sum)
}

// colony_state_summary writes the legal actions of the state s into legal (as
// colony_state_step) and returns its Summary, or a negative code without a message.
//
//export colony_state_summary
func colony_state_summary(s C.int64_t, legal *C.uint8_t) (rc C.int) {
	defer guard(&rc, nil, 0)
	sum, e := lib.Summary(int64(s), legalOf(legal))
	if e != nil {
		return C.int(native.CodeOf(e))
	}
	return C.int(sum)
}

// colony_state_start makes a state at the start position of the game g (as
// colony_state_new), writes its handle into *h and its legal actions into legal (as
// colony_state_step) and returns its Summary, or a negative code without a message
// (the caller calls colony_state_new for it).
//
//export colony_state_start
func colony_state_start(g C.int64_t, h *C.int64_t, legal *C.uint8_t) (rc C.int) {
	defer guard(&rc, nil, 0)
	s, sum, e := lib.StartState(int64(g), legalOf(legal))
	if e != nil {
		return C.int(native.CodeOf(e))
	}
	putHandle(h, s)
	return C.int(sum)
}

//export colony_state_apply_turn
func colony_state_apply_turn(s C.int64_t, turn *C.char, n C.int, status *C.int32_t, legal *C.uint8_t, legalcap C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	st, e := lib.ApplyTurn(int64(s), goString(turn, n), bytesOf(legal, legalcap))
	if e == nil {
		putStatus(status, st)
	}
	return fail(e, err, errcap)
}

//export colony_state_text
func colony_state_text(s C.int64_t, out *C.char, capacity C.int, need *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	t, e := lib.StateText(int64(s))
	if e == nil {
		e = output(t, out, capacity, need)
	}
	return fail(e, err, errcap)
}

//export colony_state_end_reason
func colony_state_end_reason(s C.int64_t, out *C.char, capacity C.int, need *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	t, e := lib.EndReason(int64(s))
	if e == nil {
		e = output(t, out, capacity, need)
	}
	return fail(e, err, errcap)
}

//export colony_state_action_text
func colony_state_action_text(s C.int64_t, a C.int, out *C.char, capacity C.int, need *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	t, e := lib.ActionText(int64(s), int(a))
	if e == nil {
		e = output(t, out, capacity, need)
	}
	return fail(e, err, errcap)
}

//export colony_state_parse_action
func colony_state_parse_action(s C.int64_t, text *C.char, n C.int, a *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	x, e := lib.ParseAction(int64(s), goString(text, n))
	if e == nil && a != nil {
		*a = C.int(x)
	}
	return fail(e, err, errcap)
}

//export colony_state_observe
func colony_state_observe(s C.int64_t, p C.int, out *C.float, capacity C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	var dst []float32
	if out != nil && capacity > 0 {
		dst = unsafe.Slice((*float32)(unsafe.Pointer(out)), int(capacity))
	}
	return fail(lib.Observe(int64(s), int(p), dst), err, errcap)
}

//export colony_state_encode
func colony_state_encode(s C.int64_t, p C.int, out *C.uint16_t, capacity C.int, n *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	var dst []uint16
	if out != nil && capacity > 0 {
		dst = unsafe.Slice((*uint16)(unsafe.Pointer(out)), int(capacity))
	}
	k, e := lib.Encode(int64(s), int(p), dst)
	if e == nil && n != nil {
		*n = C.int(k)
	}
	return fail(e, err, errcap)
}

//export colony_player_new
func colony_player_new(g C.int64_t, spec *C.char, n C.int, engines *C.char, m C.int, h *C.int64_t, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	p, e := lib.NewPlayer(int64(g), goString(spec, n), goString(engines, m))
	putHandle(h, p)
	return fail(e, err, errcap)
}

//export colony_player_spec
func colony_player_spec(p C.int64_t, out *C.char, capacity C.int, need *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	t, e := lib.PlayerSpec(int64(p))
	if e == nil {
		e = output(t, out, capacity, need)
	}
	return fail(e, err, errcap)
}

// thinkContext returns the context of a think call: bounded by timeoutMs
// milliseconds when it is positive.
func thinkContext(timeoutMs C.int64_t) (context.Context, context.CancelFunc) {
	if timeoutMs > 0 {
		return context.WithTimeout(context.Background(), time.Duration(timeoutMs)*time.Millisecond)
	}
	return context.WithCancel(context.Background())
}

//export colony_player_think
func colony_player_think(p, s C.int64_t, timeoutMs C.int64_t, out *C.char, capacity C.int, need *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	ctx, cancel := thinkContext(timeoutMs)
	defer cancel()
	t, e := lib.Think(ctx, int64(p), int64(s))
	if e == nil {
		e = outputJSON(t, out, capacity, need)
	}
	return fail(e, err, errcap)
}

//export colony_think
func colony_think(s C.int64_t, spec *C.char, n C.int, engines *C.char, m C.int, timeoutMs C.int64_t, out *C.char, capacity C.int, need *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	ctx, cancel := thinkContext(timeoutMs)
	defer cancel()
	t, e := lib.ThinkOnce(ctx, int64(s), goString(spec, n), goString(engines, m))
	if e == nil {
		e = outputJSON(t, out, capacity, need)
	}
	return fail(e, err, errcap)
}

//export colony_read_games
func colony_read_games(path *C.char, n C.int, out *C.char, capacity C.int, need *C.int, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	d, e := native.ReadGames(goString(path, n))
	if e == nil {
		e = outputJSON(d, out, capacity, need)
	}
	return fail(e, err, errcap)
}

// colony_test_panic panics inside the library: the tests of the boundary check that
// the panic comes back as the Panic status and the process goes on.
//
//export colony_test_panic
func colony_test_panic(err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	var m map[string]int
	m["boom"]++ // a nil map: a runtime panic, as a bug would raise
	return 0
}
