package main

import (
	"github.com/colony-ai/colony/search"
)

// withDefaultEval returns spec with eval=def added when its kind takes an evaluation
// and it names none, so that records say which one was used.
func withDefaultEval(spec, def string) string {
	sp, err := search.ParseSpec(spec)
	if err != nil || !sp.Accepts("eval") || sp.Has("eval") {
		return spec
	}
	return sp.With("eval", def).String()
}
