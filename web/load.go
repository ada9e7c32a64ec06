package web

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/record"
)

// LoadRequest is a game to load into the analysis board: Text is a games file (a
// game the page saved, or any games file of the page's game; Index picks its game,
// by the games' index, the first when absent), or a record of turns: the turns
// separated by spaces or lines, played from the game's start or from a position
// given on the first line.
type LoadRequest struct {
	Game  string `json:"game"`
	Text  string `json:"text"`
	Index *int   `json:"index,omitempty"`
}

// loadGame replays the game of the request as Watch shows a recorded game: its
// positions and turns (RecordedGame). A turn that is not legal, a games file of
// another game or without the game asked for is a 400 saying so.
func (s *Server) loadGame(_ context.Context, req *LoadRequest) (*RecordedGame, error) {
	g, err := s.openGame(req.Game)
	if err != nil {
		return nil, err
	}
	text := strings.TrimSpace(req.Text)
	if text == "" {
		return nil, badRequest(errors.New("the game: paste a games file or turns"))
	}
	if strings.HasPrefix(text, "{") {
		gf, err := record.ParseGamesFile([]byte(text + "\n"))
		if err != nil {
			return nil, badRequest(fmt.Errorf("the games file: %w", err))
		}
		fg, err := catalog.OpenHeader(&gf.Header)
		if err != nil {
			return nil, badRequest(fmt.Errorf("the games file: %w", err))
		}
		if fg.Name() != g.Name() {
			return nil, badRequest(fmt.Errorf("the games file is of %s, the page's game is %s: choose %s at the top first", fg.Name(), g.Name(), fg.Name()))
		}
		if len(gf.Games) == 0 {
			return nil, badRequest(errors.New("the games file holds no game"))
		}
		rec := &gf.Games[0]
		if req.Index != nil {
			rec = nil
			for i := range gf.Games {
				if gf.Games[i].Index == *req.Index {
					rec = &gf.Games[i]
					break
				}
			}
			if rec == nil {
				return nil, badRequest(fmt.Errorf("the games file holds no game %d", *req.Index))
			}
		}
		v, err := replayRecord(fg, rec)
		if err != nil {
			return nil, badRequest(err)
		}
		return v, nil
	}
	// Turns, after a position on the first line if it reads as one.
	pos, rest := g.StartPosition(), text
	first, after, _ := strings.Cut(text, "\n")
	if p, err := g.Position(strings.TrimSpace(first)); err == nil {
		pos, rest = p, after
	}
	turns := strings.Fields(rest)
	start := pos
	for i, t := range turns {
		next, _, err := g.Play(pos, []string{t})
		if err != nil {
			return nil, badRequest(fmt.Errorf("turn %d %q: %w", i+1, t, err))
		}
		turns[i] = canonicalTurn(g, pos, t, next)
		pos = next
	}
	v, err := replayRecord(g, &record.Record{Type: "game", Opening: start, Moves: turns, Turns: len(turns), Winner: -1})
	if err != nil {
		return nil, badRequest(err)
	}
	v.Title = fmt.Sprintf("%d turns", len(turns))
	return v, nil
}
