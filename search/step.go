package search

import "github.com/colony-ai/colony/game"

// statusOf returns the Status of s through g's methods.
func statusOf[S any](g game.Rules[S], s *S) game.Status { return game.StatusOf(g, s) }

// stepper returns g's Stepper, or nil.
func stepper[S any](g game.Rules[S]) game.Stepper[S] {
	st, _ := g.(game.Stepper[S])
	return st
}

// siblingStepper returns g's SiblingStepper, or nil.
func siblingStepper[S any](g game.Rules[S]) game.SiblingStepper[S] {
	st, _ := g.(game.SiblingStepper[S])
	return st
}

// playouterOf returns g's fast playouts, or nil.
func playouterOf[S any](g game.Rules[S]) game.Playouter[S] {
	p, _ := g.(game.Playouter[S])
	return p
}
