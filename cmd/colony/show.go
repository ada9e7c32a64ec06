package main

import (
	"fmt"
	"os"

	"github.com/colony-ai/colony/catalog"
	"github.com/spf13/cobra"
)

func newShowCmd(opts *options) *cobra.Command {
	var svgFile, pngFile string
	c := gameCmd(opts, &cobra.Command{
		Use:   "show [--position P] [--svg FILE] [--png FILE]",
		Short: "Draw a position",
		Long: `show draws a position: the 19 logs in their three rows, offset like the log ends
of a wood pile (row A of 6 on top, B of 7 in the middle, C of 6 at the bottom).
Each log shows its name, its eggs and the ant on it, if any: R for a red ant,
B for a black one. Below the board: each player's score (captured eggs plus the
eggs under their ants), store (captured eggs) and ants in hand; the player to
move, the turn and whether ant moves are mandatory; the result if the game is
over. The last line is the position line itself.

Other games (--game) are drawn as their two rows of pits facing each other,
each pit with its name in the game's move notation and its seeds, and the
stores: Kalah and the piecepack games with north's row on top (its pit a on
the right) and the stores at the ends, Oware and Ayo with a2 above a1 and the
captured seeds after each row. Below come each side's points (as score counts
them), the side to move or the result, the rule set if it is not the game's
default, and the position line last.

--svg FILE and --png FILE also write a picture of the position, for print or the
web, to FILE (either or both; the text still goes to the standard output). Both
come from one drawing: for The Colony the logs as wooden bars in their rows with
their names, eggs and ants (a red ant is a disc marked R, a black ant a square
marked B, so that black-and-white print keeps them apart) and the board's sowing
arrows, then the players' scores, stores and ants in hand and the turn; for the
other games the two rows of pits with their names and seeds, the stores, the side
to move and the points. The SVG's unit is the point; the PNG has 2 pixels a point
(144 dpi).`,
		Example: `  colony show
  colony show --position "$(colony apply C1 A3 | head -1)"
  colony --game kalah show --position "$(colony --game kalah apply c d)"
  colony --game oware show
  colony show --svg board.svg --png board.png --position "$(colony apply C1 A3 | head -1)"`,
		Args: noArgs,
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, pos string) error {
		text, err := g.Show(pos)
		if err != nil {
			return fmt.Errorf("show: --position: %w", err)
		}
		for _, pic := range []struct {
			flag, file string
			draw       func(string) ([]byte, error)
		}{{"--svg", svgFile, g.SVG}, {"--png", pngFile, g.PNG}} {
			if pic.file == "" {
				continue
			}
			data, err := pic.draw(pos)
			if err != nil {
				return fmt.Errorf("show: %s: %w", pic.flag, err)
			}
			if err := os.WriteFile(pic.file, data, 0o644); err != nil {
				return fail(fmt.Errorf("show: %s: %w", pic.flag, err))
			}
		}
		return writeOut(cmd, text)
	})
	c.Flags().StringVar(&svgFile, "svg", "", "also write a picture of the position as SVG to `FILE`")
	c.Flags().StringVar(&pngFile, "png", "", "also write a picture of the position as PNG to `FILE`")
	return c
}
