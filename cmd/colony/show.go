package main

import (
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/session"
	"github.com/colony-ai/colony/internal/atomicfile"
	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/picture/render"
	"github.com/spf13/cobra"
)

func newShowCmd(opts *options) *cobra.Command {
	var (
		svgFile, pngFile string
		lastTurn, games  string
		index, move      int
		flip, noLegend   bool
		width            float64
	)
	c := gameCmd(opts, &cobra.Command{
		Use:     "show [--position P | --games-file F [--index N] [--move K]] [--last-turn TURN] [--svg FILE] [--png FILE] [--flip] [--no-legend] [--width PT]",
		Short:   "Draw a position",
		Long:    helpText("show"),
		Example: helpText("show.example"),
		Args:    noArgs,
		PreRunE: func(cmd *cobra.Command, _ []string) error {
			switch {
			case width < 0:
				return fmt.Errorf("show: --width %g: want a width in points, 0 for the natural one", width)
			case games != "" && cmd.Flags().Changed("position"):
				return fmt.Errorf("show: --position and --games-file: say one position")
			case games == "" && (cmd.Flags().Changed("index") || cmd.Flags().Changed("move")):
				return fmt.Errorf("show: --index and --move need --games-file")
			case lastTurn == "next" && games == "":
				return fmt.Errorf("show: --last-turn next needs --games-file (the record's next turn)")
			}
			return nil
		},
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, pos string) error {
		turn := lastTurn
		if games != "" {
			var err error
			if g, pos, turn, err = gamesFilePosition(games, index, move, lastTurn); err != nil {
				return err
			}
		}
		o := picture.Options{Flip: flip, NoLegend: noLegend, Width: width}
		var p *picture.Picture
		var err error
		if turn != "" {
			// The position reached, drawn (for a picture) with the turn's marks.
			if svgFile == "" && pngFile == "" {
				pos, _, err = g.Play(pos, []string{turn})
			} else {
				pos, p, err = g.DrawTurn(pos, turn, o)
			}
			if err != nil {
				return fmt.Errorf("show: --last-turn %s: %w", turn, err)
			}
		}
		text, err := g.Show(pos)
		if err != nil {
			return fmt.Errorf("show: --position: %w", err)
		}
		for _, pic := range []struct {
			flag, file string
			render     func(*picture.Picture) ([]byte, error)
		}{
			{"--svg", svgFile, func(p *picture.Picture) ([]byte, error) { return render.SVG(p), nil }},
			{"--png", pngFile, render.PNG},
		} {
			if pic.file == "" {
				continue
			}
			if p == nil {
				if p, err = g.Draw(pos, o); err != nil {
					return fmt.Errorf("show: %s: %w", pic.flag, err)
				}
			}
			data, err := pic.render(p)
			if err != nil {
				return fmt.Errorf("show: %s: %w", pic.flag, err)
			}
			if err := atomicfile.WriteBytes(pic.file, data); err != nil {
				return fail(fmt.Errorf("show: %s: %w", pic.flag, err))
			}
		}
		return writeOut(cmd, text)
	})
	f := c.Flags()
	f.StringVar(&svgFile, "svg", "", "also write a picture of the position as SVG to `FILE`")
	f.StringVar(&pngFile, "png", "", "also write a picture of the position as PNG to `FILE`")
	f.StringVar(&lastTurn, "last-turn", "", "play `TURN` from the position and draw the position reached with the turn's sowing (\"next\": the games file's turn played from it)")
	f.StringVar(&games, "games-file", "", "read the position from a games `FILE` (colony tournament --games): --index and --move say which")
	f.IntVar(&index, "index", 0, "with --games-file, the `INDEX` of the game (default: the file's first game)")
	f.IntVar(&move, "move", 0, "with --games-file, the position after `K` turns from the game's opening (0: the opening)")
	f.BoolVar(&flip, "flip", false, "draw the board seen from the other side (turned half round)")
	f.BoolVar(&noLegend, "no-legend", false, "leave the legend, the notes and the players' table out of the picture")
	f.Float64Var(&width, "width", 0, "draw the picture `PT` points wide (the PNG 2 pixels a point), its texts at least 6 points high")
	return c
}

// gamesFilePosition returns the game of a games file, the position after move turns of
// its game of that index (the first game when index is 0), and the turn to draw:
// lastTurn, or for "next" the record's turn played from that position.
func gamesFilePosition(file string, index, move int, lastTurn string) (g catalog.Ruleset, pos, turn string, err error) {
	_, rec, g, err := openGame("show", "--index", file, index, index == 0)
	if err != nil {
		return nil, "", "", err
	}
	pos, next, err := session.RecordPosition(g, rec, move)
	if err != nil {
		return nil, "", "", fmt.Errorf("show: %s: --move %d: %w", file, move, err)
	}
	if turn = lastTurn; turn == "next" {
		if turn = next; turn == "" {
			return nil, "", "", fmt.Errorf("show: --last-turn next: position %d of game %d is its last", move, rec.Index)
		}
	}
	return g, pos, turn, nil
}
