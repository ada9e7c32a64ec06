package web

import (
	"os"
	"testing"

	"github.com/colony-ai/colony/web/webtest"
)

func TestExplore(t *testing.T) {
	_, url := startServer(t, Config{Game: "colony"})
	b := webtest.Start(t, url+"/", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.view && window.colonyApp.interactive`, "the board")
	os.WriteFile("/tmp/shot1.png", b.Screenshot(), 0o644)
}
