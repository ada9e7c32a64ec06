// Package docs holds the project's documents that its programs serve: the board
// document colony-board.md, which The Colony's rules document links to and the rules
// dialog of colony serve opens.
package docs

import "embed"

// FS holds the served documents, by their names in this directory.
//
//go:embed colony-board.md
var FS embed.FS
