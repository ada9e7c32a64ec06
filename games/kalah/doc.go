// Package kalah is Kalah (Champion's mancala game of the 1950s) as a game of the
// toolkit: *Game implements the game contract (game.Game) with the fast paths
// game.Stepper, game.Playouter, game.RandomActioner, game.LegalChecker and
// game.SolveBounder on the
// value type State. RULES.md has the rules in full, every reading chosen and the measured
// figures.
//
// # Rules in brief
//
// Two rows of M pits, one row a player, and a store at each player's right end; N seeds
// in every pit at the start. South moves first. A move takes all the seeds of one of
// the mover's non-empty pits and sows them one a pit counter-clockwise (towards the
// mover's store), into the mover's own store but never the opponent's, going round as
// many times as the seeds last. If the last seed lands in the mover's store, the mover
// moves again. If it lands in one of the mover's own pits that was empty, that seed and
// the seeds of the opposite pit are captured into the mover's store (capture=empty, the
// default, even when the opposite pit is empty; capture=nonempty only when it is not).
// After every move, if a side's pits are all empty (end=either, the default; end=mover:
// if the pits of the player to move are), the game ends and each side's remaining seeds
// go to its own store. The larger store wins; equal stores are a draw.
//
// # Parameters
//
// New reads the text after "kalah:" in a game name: "MxN" (1 <= M <= 12 pits a side,
// N >= 1 seeds a pit, 2*M*N <= 255), "capture=empty|nonempty", "end=either|mover",
// comma-separated, in any order. Name writes the parameters that differ from the
// defaults (kalah:6x4,capture=empty,end=either is "kalah").
//
// # Decisions
//
// An action is the pit sown, 0..M-1 from the mover's own side: 0 is the mover's pit a,
// the farthest from the mover's store. Every decision is a whole turn: an extra turn
// is a new turn by the same player (TurnStart is always true, ToMove stays).
//
// # Notation
//
// A position is one line of three fields separated by single spaces:
//
//	pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south
//
// pits= holds South's pits a..M, '/', North's pits a..M, each side in its own sowing
// order (from the pit farthest from its store to the one next to it), so South's pit i
// faces North's pit M-1-i; stores= holds South's and North's stores; move= is south or
// north. Counts are decimal without signs or leading zeros and must add up to 2*M*N. A
// finished game has all its pits empty. ParsePosition applies the end rule to what it
// reads, so a position with an empty side (end=either) reads as the finished game.
//
// A move is written as its pit's letter, a to the M-th letter ("c"); ParseAction also
// reads the pit's number 1..M and capitals.
//
// # State
//
// A State is 32 bytes: the ring of 2M+2 places (South's pits, South's store, North's
// pits, North's store) one byte each in four 64-bit words, M in byte 30 and the flags
// (player to move, game over, which sides were empty at the end) in byte 31. A move adds
// precomputed words for the seeds sown (whole laps, then the last partial one) and
// makes the capture under a mask, without branches; on boards of up to 7 pits a side
// the ring fits in two words, which Apply keeps in registers, and Playout plays on the
// board seen from the player to move (two words, the mover's side and the opponent's,
// which change places when the turn passes), one table entry a move indexed by the pit
// and its seeds. Hash mixes the four words (64x64->128-bit multiplications, as wyhash
// does).
package kalah
