package web

import (
	"embed"
	"io"
	"io/fs"
	"net/http"

	"github.com/colony-ai/colony/internal/pagescript"
)

// The page, its script and its style, embedded in the binary. The script is ES
// modules (index.html loads app.js, which imports the others): state.js holds the
// page's one state, board.js the board (clicks, animation, a turn played), play.js,
// analyse.js (with tree.js, its move tree, editor.js, its board editor, and
// review.js, its whole-game analysis) and watch.js (with live.js) a view
// each, tabs.js the tabs and the URL, rules.js the rules dialog, util.js small
// helpers. replay.js, which Watch shares with the page of colony export --html, is
// package pagescript's (replayScript). The page names the board's places as
// PositionView.Names does; it maps no id. window.colonyApp is the state to read
// (state.js's testView), for the browser tests and the console.
//
//go:embed assets
var assets embed.FS

// assetHandler serves the embedded assets.
func assetHandler() http.Handler {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic("web: the embedded assets: " + err.Error()) // the embed directive makes it
	}
	return http.FileServerFS(sub)
}

// replayScript serves the module that the Watch view shares with the page of
// colony export --html (package pagescript): stepping through a recorded game,
// its move list and its graph of the scores.
func replayScript(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	_, _ = io.WriteString(w, pagescript.Replay)
}

// index serves the application's page.
func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	page, err := assets.ReadFile("assets/index.html")
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(page)
}
