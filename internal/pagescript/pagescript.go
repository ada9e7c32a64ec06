// Package pagescript holds the script that the two pages replaying a recorded game
// share: the page of colony export --html (package catalog/gamepage), which has it
// inline, and the Watch view of colony serve (package web), which serves it as the
// ES module /assets/replay.js. It is one file, replay.js, embedded at build time.
package pagescript

import _ "embed"

// Replay is the text of replay.js: an ES module of functions to step through a
// recorded game's positions and mark the current one on its move list and its
// graph of the scores (gamepage.Graph).
//
//go:embed replay.js
var Replay string
