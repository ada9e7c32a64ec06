package stats

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// GameScore is one finished game as the ratings see it: players A and B (indices
// into the names) and A's score: 1 win, 0.5 draw, 0 loss.
type GameScore struct {
	A, B  int
	Score float64
}

// Rating is one player's joint rating: Elo on the logistic scale (a 400-point
// difference is 10:1 odds), centred so that the players' mean is 0, with a 95%
// bootstrap interval.
type Rating struct {
	Name string  `json:"name"`
	Elo  float64 `json:"elo"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Games counts the player's games.
	Games int `json:"games"`
}

// priorDraws is the number of virtual draws added between every two players who
// met at least once; see FitBradleyTerry.
const priorDraws = 1

// bootstrapStream is the second word of the PCG state used by BradleyTerry; the first
// is the caller's seed.
const bootstrapStream = 0x636f6c6f6e79 // "colony"

// eloPerNat converts a natural-log strength difference to Elo points.
var eloPerNat = 400 / math.Ln10

// FitBradleyTerry fits Bradley–Terry strengths by maximum likelihood to the games
// among n players (draws count as half a win for each side) and returns Elo ratings
// centred on mean 0.
//
// The model is P(i beats j) = 1/(1+10^((Elo_j-Elo_i)/400)). A player who won or
// lost every game has an infinite maximum-likelihood rating, so the fit adds one
// virtual draw between every two players who met at least once (a conjugate prior,
// as in BayesElo). This keeps every rating finite and shrinks well-determined
// ratings very little: for two players where one scores 75% over 100 games it
// turns the Elo difference of 190.85 into 188.56. The likelihood is maximised by
// Newton's method with a backtracking line search, to a gradient of about 1e-9
// per game.
//
// It returns an error if n < 2, if a game names a player outside [0, n) or the
// same player twice, if a score is not 0, 0.5 or 1, if a player played no games,
// or if the players fall into groups with no chain of games between them, since
// the ratings of such groups are not comparable.
func FitBradleyTerry(n int, games []GameScore) ([]float64, error) {
	if err := validate(n, games, playerIndex); err != nil {
		return nil, fmt.Errorf("stats: Bradley–Terry fit: %w", err)
	}
	s := newBTSolver(n, games, priorDraws)
	s.addGames(games)
	if err := s.fit(); err != nil {
		return nil, fmt.Errorf("stats: Bradley–Terry fit: %w", err)
	}
	elo := make([]float64, n)
	s.elo(elo)
	return elo, nil
}

// BradleyTerry returns the Bradley–Terry ratings of the named players, fitted
// jointly to all their games, with 95% intervals by a bootstrap over games:
// `resamples` resamplings of the games with replacement (seeded, math/rand/v2 PCG(seed, ...)),
// percentile intervals. The same inputs and seed give the same numbers on any machine.
//
// Elo is the FitBradleyTerry fit of all the games, regularised in the same way;
// the virtual draws are those of all the games in every resample, so a
// resample that happens to leave a player without games still has a finite
// fit. Low and High are the 2.5% and 97.5% percentiles (linearly interpolated)
// of the player's centred Elo over the resamples; with resamples == 0 they
// equal Elo. Games is the number of real games the player played. The random
// stream is rand.NewPCG(seed, 0x636f6c6f6e79) and games are drawn with IntN,
// so results depend only on the inputs and seed, up to floating-point rounding
// far below 1e-6 Elo.
//
// Errors are those of FitBradleyTerry, with players named, and a negative
// resamples.
func BradleyTerry(names []string, games []GameScore, resamples int, seed uint64) ([]Rating, error) {
	n := len(names)
	if resamples < 0 {
		return nil, fmt.Errorf("stats: Bradley–Terry ratings: negative resample count %d", resamples)
	}
	name := func(i int) string { return fmt.Sprintf("player %q (%d)", names[i], i) }
	if err := validate(n, games, name); err != nil {
		return nil, fmt.Errorf("stats: Bradley–Terry ratings: %w", err)
	}
	s := newBTSolver(n, games, priorDraws)
	s.addGames(games)
	if err := s.fit(); err != nil {
		return nil, fmt.Errorf("stats: Bradley–Terry ratings: %w", err)
	}
	out := make([]Rating, n)
	elo := make([]float64, n)
	s.elo(elo)
	for i := range out {
		out[i] = Rating{Name: names[i], Elo: elo[i], Low: elo[i], High: elo[i]}
	}
	for _, g := range games {
		out[g.A].Games++
		out[g.B].Games++
	}
	if resamples == 0 {
		return out, nil
	}

	// samples[i*resamples+r] is player i's Elo in resample r.
	samples := make([]float64, n*resamples)
	start := slices.Clone(s.theta)
	rng := rand.New(rand.NewPCG(seed, bootstrapStream))
	m := len(games)
	for r := range resamples {
		s.reset()
		for range m {
			g := games[rng.IntN(m)]
			s.addGame(g)
		}
		copy(s.theta, start) // warm start from the full fit
		if err := s.fit(); err != nil {
			return nil, fmt.Errorf("stats: Bradley–Terry ratings: bootstrap resample %d: %w", r, err)
		}
		s.elo(elo)
		for i, e := range elo {
			samples[i*resamples+r] = e
		}
	}
	for i := range out {
		x := samples[i*resamples : (i+1)*resamples]
		slices.Sort(x)
		out[i].Low = stat.Quantile(0.025, stat.LinInterp, x, nil)
		out[i].High = stat.Quantile(0.975, stat.LinInterp, x, nil)
	}
	return out, nil
}

// playerIndex names a player by index in errors of FitBradleyTerry.
func playerIndex(i int) string { return fmt.Sprintf("player %d", i) }

// validate checks the games among n players, naming players with name.
func validate(n int, games []GameScore, name func(int) string) error {
	if n < 2 {
		return fmt.Errorf("need at least 2 players, have %d", n)
	}
	played := make([]int, n)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for k, g := range games {
		if g.A < 0 || g.A >= n || g.B < 0 || g.B >= n {
			return fmt.Errorf("game %d: player index out of range [0, %d): %d vs %d", k, n, g.A, g.B)
		}
		if g.A == g.B {
			return fmt.Errorf("game %d: %s plays itself", k, name(g.A))
		}
		if g.Score != 0 && g.Score != 0.5 && g.Score != 1 {
			return fmt.Errorf("game %d: score %v is not 0, 0.5 or 1", k, g.Score)
		}
		played[g.A]++
		played[g.B]++
		parent[find(g.A)] = find(g.B)
	}
	for i, c := range played {
		if c == 0 {
			return fmt.Errorf("%s played no games", name(i))
		}
	}
	groups := 0
	other := -1
	for i := range n {
		if find(i) == i {
			groups++
		}
		if other < 0 && find(i) != find(0) {
			other = i
		}
	}
	if groups > 1 {
		return fmt.Errorf("ratings are not comparable: the players form %d groups with no chain of games between them (e.g. %s and %s)",
			groups, name(0), name(other))
	}
	return nil
}

// btSolver maximises the Bradley–Terry log-likelihood
//
//	L(θ) = Σ_i W_i θ_i − Σ_{i<j} N_ij log(e^θ_i + e^θ_j)
//
// where W_i is player i's total score and N_ij the number of games between i
// and j, virtual draws included. Its buffers are reused across fits.
type btSolver struct {
	n     int
	score []float64 // W_i
	pairs []float64 // N_ij, n×n, symmetric
	base  []float64 // the virtual draws' N_ij
	theta []float64 // log-strengths, mean 0
	trial []float64
	grad  *mat.VecDense
	step  *mat.VecDense
	hess  *mat.SymDense // −∇²L + c·11ᵀ, positive definite when connected
	chol  mat.Cholesky
}

// newBTSolver returns a solver for n players with prior virtual draws between
// every two players who met in games; it holds only the virtual draws.
func newBTSolver(n int, games []GameScore, prior float64) *btSolver {
	s := &btSolver{
		n:     n,
		score: make([]float64, n),
		pairs: make([]float64, n*n),
		base:  make([]float64, n*n),
		theta: make([]float64, n),
		trial: make([]float64, n),
		grad:  mat.NewVecDense(n, nil),
		step:  mat.NewVecDense(n, nil),
		hess:  mat.NewSymDense(n, nil),
	}
	if prior > 0 {
		for _, g := range games {
			s.base[g.A*n+g.B] = prior
			s.base[g.B*n+g.A] = prior
		}
	}
	s.reset()
	return s
}

// reset clears the games, keeping the virtual draws.
func (s *btSolver) reset() {
	copy(s.pairs, s.base)
	for i := range s.score {
		s.score[i] = floats.Sum(s.base[i*s.n:(i+1)*s.n]) / 2
	}
}

// addGames adds real games to the counts.
func (s *btSolver) addGames(games []GameScore) {
	for _, g := range games {
		s.addGame(g)
	}
}

// addGame adds one real game to the counts.
func (s *btSolver) addGame(g GameScore) {
	s.pairs[g.A*s.n+g.B]++
	s.pairs[g.B*s.n+g.A]++
	s.score[g.A] += g.Score
	s.score[g.B] += 1 - g.Score
}

// elo writes the fitted ratings, centred on mean 0, to dst.
func (s *btSolver) elo(dst []float64) {
	mean := floats.Sum(s.theta) / float64(s.n)
	for i, t := range s.theta {
		dst[i] = (t - mean) * eloPerNat
	}
}

// logLik returns L(θ).
func (s *btSolver) logLik(theta []float64) float64 {
	n := s.n
	l := floats.Dot(s.score, theta)
	for i := range n {
		for j := i + 1; j < n; j++ {
			if c := s.pairs[i*n+j]; c != 0 {
				l -= c * logSumExp(theta[i], theta[j])
			}
		}
	}
	return l
}

// logSumExp returns log(e^a + e^b) without overflow.
func logSumExp(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	return a + math.Log1p(math.Exp(b-a))
}

// derivatives fills s.grad with ∇L and s.hess with −∇²L + c·11ᵀ at s.theta and
// reports whether the gradient is within tolerance.
func (s *btSolver) derivatives() (converged bool) {
	n := s.n
	converged = true
	trace := 0.0
	for i := range n {
		g := s.score[i]
		diag := 0.0
		games := 0.0
		for j := range n {
			c := s.pairs[i*n+j]
			if j == i || c == 0 {
				if j != i {
					s.hess.SetSym(i, j, 0)
				}
				continue
			}
			p := 1 / (1 + math.Exp(s.theta[j]-s.theta[i])) // P(i beats j)
			g -= c * p
			w := c * p * (1 - p)
			diag += w
			games += c
			if j > i {
				s.hess.SetSym(i, j, -w)
			}
		}
		s.grad.SetVec(i, g)
		s.hess.SetSym(i, i, diag)
		trace += diag
		if math.Abs(g) > 1e-9*(1+games) {
			converged = false
		}
	}
	// −∇²L is singular along 1 (only differences matter). Adding c·11ᵀ makes it
	// positive definite without changing the step, since 1ᵀ∇L = 0.
	c := trace/float64(n) + 1e-12
	for i := range n {
		for j := i; j < n; j++ {
			s.hess.SetSym(i, j, s.hess.At(i, j)+c)
		}
	}
	return converged
}

// fit maximises L from the current s.theta.
func (s *btSolver) fit() error {
	const maxIter = 200
	l := s.logLik(s.theta)
	for range maxIter {
		if s.derivatives() {
			return nil
		}
		if !s.chol.Factorize(s.hess) {
			return errors.New("Bradley–Terry Hessian is not positive definite")
		}
		if err := s.chol.SolveVecTo(s.step, s.grad); err != nil {
			var c mat.Condition
			if !errors.As(err, &c) {
				return fmt.Errorf("Newton step: %w", err)
			}
		}
		step := s.step.RawVector().Data
		// Backtracking line search: L is concave, so a short enough Newton step
		// always increases it. Near the optimum the change in L is below its
		// rounding error, so a step that loses no more than that is accepted.
		slack := 1e-12 * (1 + math.Abs(l))
		t := 1.0
		for {
			floats.AddScaledTo(s.trial, s.theta, t, step)
			if lt := s.logLik(s.trial); lt >= l-slack || t < 1e-12 {
				l = lt
				break
			}
			t /= 2
		}
		copy(s.theta, s.trial)
		floats.AddConst(-floats.Sum(s.theta)/float64(s.n), s.theta)
		if t*floats.Norm(step, math.Inf(1)) < 1e-14 {
			if s.derivatives() {
				return nil
			}
			return errors.New("Bradley–Terry fit stalled before the likelihood equations were solved")
		}
	}
	if s.derivatives() {
		return nil
	}
	return fmt.Errorf("Bradley–Terry fit did not converge in %d Newton steps", maxIter)
}
