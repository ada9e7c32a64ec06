package search

import "github.com/colony-ai/colony/game"

// statusOf returns the Status of s through g's methods.
func statusOf[S any](g game.Rules[S], s *S) game.Status { return game.StatusOf(g, s) }

// stepper returns g's Stepper, or nil.
func stepper[S any](g game.Rules[S]) game.Stepper[S] { return game.PartOf[game.Stepper[S]](g) }

// siblingStepper returns g's SiblingStepper, or nil.
func siblingStepper[S any](g game.Rules[S]) game.SiblingStepper[S] {
	return game.PartOf[game.SiblingStepper[S]](g)
}

// playouterOf returns g's fast playouts, or nil.
func playouterOf[S any](g game.Rules[S]) game.Playouter[S] {
	return game.PartOf[game.Playouter[S]](g)
}
