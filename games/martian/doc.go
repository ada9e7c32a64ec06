// Package martian plays Martian Mancala (Dave Mattingly, 2002; described in the
// Mancala World article "Martian Mancala", adapted from Wikinfo), a Dakon variant
// played with stacked pyramids of three sizes worth 1, 2 and 3 pips. RULES.md has the
// rules as played, every reading chosen where the text leaves a choice, with the
// sentence it rests on, the notations and measured figures.
//
// # The game
//
// Two rows of N small spaces (default 6) and a mancala (store) at each end. Every
// small space starts with the same stack of pyramids (default a nest of a large, a
// medium and a small piece: 3, 2 and 1 pips, the large on top). A move lifts the whole
// stack of one of the mover's spaces and sows it counter-clockwise piece by piece, top
// piece first: each piece moves as many places as its pips from where the previous
// piece was placed (the first from the lifted space) and is put on top of what is
// there; both mancalas are places like any other. A last piece on an occupied small
// space (other than the lifted space of the turn) starts another lap with that space's
// whole stack; a last piece in the mover's own mancala gives a bonus move; anything
// else ends the turn. The game ends when, after a turn, a side's small spaces are all
// empty (or after the move cap); the pieces left on the board go to the player who
// moved last; the greater pip worth in a mancala wins.
//
// # Rule sets and parameters
//
// New(params) reads the text after "martian:" in a game name: comma-separated items,
// a size NxSTACK (N small spaces a side, 1 to 8; STACK the pips of the starting stack
// from top to bottom, each 1, 2 or 3, 1 to 8 pieces; at most 64 pieces in all) and
// cap=K (the game ends after K turns, 1 to 65535; default 200). "" is martian:6x321.
//
// # Decisions and notation
//
// An action is the index 0..N-1 of the mover's space sown, written as its letter (a
// is the space farthest from the mover's mancala). Every decision is a whole turn; a
// bonus move is a new turn by the same player. The position line is
//
//	pits=321.321.321.321.321.321/321.321.321.321.321.321 stores=-,- move=south ply=0
//
// each space's pieces as digits from the top piece down ("-" for an empty space),
// South's spaces a..N then North's a..N; each mancala's pieces as digits from the
// largest down ("-" when empty); the side to move; the turns played.
package martian
