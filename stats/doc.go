// Package stats is the statistics of game results between players: what a count of
// wins, draws and losses says about their strengths. It knows nothing of games,
// players or tournaments, only of results, and imports no package of the module.
//
// Results are counted two ways. A WDL counts games from player A's view, taken as
// independent (the trinomial model). A Pentanomial counts pairs of games played from
// the same opening with the colours swapped, by A's points in the pair (0, 0.5, 1,
// 1.5 or 2): the games of a pair are not independent (a lopsided opening gives both
// players a win), the pairs are, and the pentanomial model takes the pair as its
// unit, as fishtest does. Its intervals are narrower when the openings matter.
//
// A Tally counts the results of many players at once: each one's WDL against each
// other (a cross table) and the results by seat.
//
// An Estimate is what either count says of A: its mean score per game with a 95%
// confidence interval (the normal approximation), the logistic Elo difference of
// that score (EloFromScore: a 400-point difference is 10:1 odds) and its interval,
// the likelihood of superiority (LOS: the probability that A is the stronger), and
// the normalized Elo as fishtest defines it: the score's distance from 0.5 in
// standard deviations of one game, times 800/ln 10, whose interval (fishtest's,
// from the skewness and kurtosis of the results) does not depend on the draw rate.
//
// An SPRT is the generalised sequential probability ratio test that fishtest runs
// to decide, as the results come in, between two hypotheses about the Elo
// difference (H0: it is Elo0, H1: it is Elo1, in logistic or normalized Elo) with
// bounded error rates: its log-likelihood ratio is computed as fishtest's
// LLRcalc.py does, from the maximum likelihood distributions of the results under
// each hypothesis, on the pairs (LLR) or on games taken as independent
// (LLRTrinomial); Decide gives the Verdict once the ratio crosses one of Wald's
// bounds. ParseSPRT reads a test written elo0=0,elo1=5[,alpha=..,beta=..,model=..].
//
// BradleyTerry rates many players at once: one rating a player, fitted by maximum
// likelihood to every game between them (the Bradley–Terry model, in logistic Elo
// centred on 0), so that whom a player met counts, with 95% intervals by a seeded
// bootstrap over the games. As BayesElo does, it adds a virtual draw between every
// two players who met (a prior), which keeps the rating of a player who won or lost
// every game finite. A GameScore is one game as the fit sees it.
//
// Wilson gives the Wilson score interval of a proportion (WilsonScore of a mean
// score with draws), which stays inside [0, 1] and is sound for small counts and
// proportions near 0 or 1, where the normal approximation is not.
package stats
