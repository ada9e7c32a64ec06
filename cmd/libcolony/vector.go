package main

/*
#include <stdint.h>
*/
import "C"

import (
	"errors"
	"unsafe"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/native"
)

// The vector environment: N games stepped in one call, writing into the caller's
// arrays (numpy's, in Python), whose sizes the caller takes from colony_vector_new:
// observations n*obs_size float32, masks n*num_actions uint8 (numpy's bool), rewards
// n float32, terminations and truncations n uint8, to_move n int8 (NULL: not
// written), final_obs n*obs_size float32 (NULL: not written). The library writes into
// them during the call only and keeps no pointer to them.

// errShape is the error of a vector call with sizes that name no arrays.
var errShape = errors.New("vector: array sizes below 1 or no actions")

//export colony_vector_new
func colony_vector_new(g C.int64_t, n, workers, maxSteps, opening C.int, obs *C.char, obsn C.int,
	h *C.int64_t, info *C.int32_t, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	v, vi, e := lib.NewVector(int64(g), native.VectorOptions{N: int(n), Workers: int(workers),
		MaxSteps: int(maxSteps), Opening: int(opening), Observation: goString(obs, obsn)})
	putHandle(h, v)
	if e == nil && info != nil {
		out := unsafe.Slice((*int32)(unsafe.Pointer(info)), 3)
		out[0], out[1], out[2] = int32(vi.N), int32(vi.NumActions), int32(vi.ObservationSize)
	}
	return fail(e, err, errcap)
}

// vectorOutput returns the caller's arrays of a vector of n games as a BatchOutput.
func vectorOutput(n, na, no int, obs *C.float, masks *C.uint8_t, rewards *C.float, term, trunc *C.uint8_t,
	toMove *C.int8_t, finalObs *C.float) catalog.BatchOutput {
	var out catalog.BatchOutput
	if obs != nil {
		out.Observations = unsafe.Slice((*float32)(unsafe.Pointer(obs)), n*no)
	}
	if masks != nil {
		out.Masks = unsafe.Slice((*uint8)(unsafe.Pointer(masks)), n*na)
	}
	if rewards != nil {
		out.Rewards = unsafe.Slice((*float32)(unsafe.Pointer(rewards)), n)
	}
	if term != nil {
		out.Terminations = unsafe.Slice((*uint8)(unsafe.Pointer(term)), n)
	}
	if trunc != nil {
		out.Truncations = unsafe.Slice((*uint8)(unsafe.Pointer(trunc)), n)
	}
	if toMove != nil {
		out.ToMove = unsafe.Slice((*int8)(unsafe.Pointer(toMove)), n)
	}
	if finalObs != nil {
		out.FinalObservations = unsafe.Slice((*float32)(unsafe.Pointer(finalObs)), n*no)
	}
	return out
}

//export colony_vector_reset
func colony_vector_reset(v C.int64_t, n, na, no C.int, seeds *C.uint64_t, obs *C.float, masks *C.uint8_t,
	rewards *C.float, term, trunc *C.uint8_t, toMove *C.int8_t, finalObs *C.float, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	if n < 1 || na < 0 || no < 0 {
		return fail(&native.Error{Code: native.BadArgument, Err: errShape}, err, errcap)
	}
	var s []uint64
	if seeds != nil {
		s = unsafe.Slice((*uint64)(unsafe.Pointer(seeds)), int(n))
	}
	out := vectorOutput(int(n), int(na), int(no), obs, masks, rewards, term, trunc, toMove, finalObs)
	return fail(lib.VectorReset(int64(v), s, &out), err, errcap)
}

//export colony_vector_step
func colony_vector_step(v C.int64_t, n, na, no C.int, actions *C.int32_t, obs *C.float, masks *C.uint8_t,
	rewards *C.float, term, trunc *C.uint8_t, toMove *C.int8_t, finalObs *C.float, err *C.char, errcap C.int) (rc C.int) {
	defer guard(&rc, err, errcap)
	if n < 1 || na < 0 || no < 0 || actions == nil {
		return fail(&native.Error{Code: native.BadArgument, Err: errShape}, err, errcap)
	}
	a := unsafe.Slice((*int32)(unsafe.Pointer(actions)), int(n))
	out := vectorOutput(int(n), int(na), int(no), obs, masks, rewards, term, trunc, toMove, finalObs)
	return fail(lib.VectorStep(int64(v), a, &out), err, errcap)
}
