package native

import (
	"github.com/colony-ai/colony/catalog"
)

// gameObject is a game's handle: its Ruleset and state-level face.
type gameObject struct {
	rs catalog.Ruleset
	sg catalog.StateGame
}

// Games returns the names of the registered games, The Colony first.
func Games() []string { return catalog.Names() }

// OpenGame opens the game NAME or NAME:PARAMS (as the command line's --game takes
// it: "colony", "kalah:6x4,capture=nonempty", "oware:quiet=off") and returns its
// handle.
func (l *Library) OpenGame(name string) (int64, error) {
	rs, err := catalog.Open(name)
	if err != nil {
		return 0, failed(err)
	}
	sg, err := catalog.States(rs)
	if err != nil {
		return 0, failed(err)
	}
	return l.add(&gameObject{rs: rs, sg: sg}), nil
}

// GameInfo is what a game says of itself to a program (GameInfo), as the C ABI
// writes it in JSON.
type GameInfo struct {
	// Name is the rule set's full name; Sides the sides' names, the first player's
	// first.
	Name  string    `json:"name"`
	Sides [2]string `json:"sides"`
	// NumActions bounds the actions: every decision is a number below it.
	NumActions int `json:"num_actions"`
	// Start is the start position in the game's notation.
	Start string `json:"start"`
	// Observation describes the compact observation (size 0: none).
	Observation Observation `json:"observation"`
	// Encoding describes the network input encoding; nil when the game has none.
	Encoding *Encoding `json:"encoding"`
	// Evaluations names the values of the eval setting of player specs, the
	// default first.
	Evaluations []string `json:"evaluations"`
}

// Observation describes a game's compact observation (game.Observation).
type Observation struct {
	Size  int               `json:"size"`
	Shape []int             `json:"shape"`
	Parts []ObservationPart `json:"parts"`
}

// ObservationPart is one part of an Observation (game.ObservationPart).
type ObservationPart struct {
	Name string `json:"name"`
	Size int    `json:"size"`
	Doc  string `json:"doc"`
}

// Encoding describes a game's network input encoding (game.Encoding).
type Encoding struct {
	Name      string `json:"name"`
	Inputs    int    `json:"inputs"`
	MaxActive int    `json:"max_active"`
}

// GameInfo returns what the game of handle h says of itself.
func (l *Library) GameInfo(h int64) (*GameInfo, error) {
	g, err := get[*gameObject](l, h, "game")
	if err != nil {
		return nil, err
	}
	info := &GameInfo{Name: g.sg.Name(), Sides: g.sg.Sides(), NumActions: g.sg.NumActions(),
		Start: g.rs.StartPosition(), Evaluations: g.sg.Evaluations()}
	o := g.sg.Observation()
	info.Observation = Observation{Size: o.Size, Shape: append([]int{}, o.Shape...), Parts: []ObservationPart{}}
	for _, p := range o.Parts {
		info.Observation.Parts = append(info.Observation.Parts, ObservationPart(p))
	}
	if e, ok := g.sg.Encoding(); ok {
		info.Encoding = &Encoding{Name: e.Name, Inputs: e.Inputs, MaxActive: e.MaxActive}
	}
	return info, nil
}
