package eval

import (
	"math"

	"github.com/colony-ai/colony/colony"
)

// linearScale is the number of Linear's evaluation units in one egg.
const linearScale = 100

// Linear is a linear evaluation: the weighted sum of the features (Extract) of a
// position, in hundredths of an egg, from the view of the player to move. It is safe
// for concurrent use and allocates nothing.
type Linear struct {
	rules *colony.Rules
	w     Weights
}

// NewLinear returns the linear evaluation with weights w for positions under rules r.
func NewLinear(r *colony.Rules, w Weights) *Linear {
	return &Linear{rules: r, w: w}
}

// Evaluate returns round(Scale * Σ w_i f_i): the weighted features of s in hundredths
// of an egg, positive when the position is good for the player to move.
func (l *Linear) Evaluate(s *colony.State) int {
	var f Features
	Extract(l.rules, s, &f)
	return int(math.Round(linearScale * l.w.Dot(&f)))
}

// Scale returns 100: Evaluate counts hundredths of an egg.
func (l *Linear) Scale() int { return linearScale }

// Weights returns the evaluation's weights.
func (l *Linear) Weights() Weights { return l.w }
