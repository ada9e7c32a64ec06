package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/colony-ai/colony/catalog/gamepage"
	"github.com/spf13/cobra"
)

func newExportCmd(opts *options) *cobra.Command {
	var (
		asHTML bool
		index  string
		out    string
	)
	c := &cobra.Command{
		Use:   "export --html GAMES.jsonl [--game N] -o FILE",
		Short: "Write a recorded tournament game as a self-contained HTML page",
		Long: `export --html writes one game of a games file (the games.jsonl that tournament
writes with --out or --games-file) as one HTML page that replays it in a web
browser. The page is self-contained: the boards, style, script and data are all
inline, and it loads nothing from the network.

The page shows one position at a time: the board as 'show --svg' draws it, the
position's number, the turn played from it (its notation, the mover and the
mover's player) with what the player's search recorded for it (score in the
game's points as analyze prints it, depth, nodes, time), and at the last
position the result and the reason the game ended. The board of a position
draws the path of the sowing that led to it: a red line from the log or pit the
eggs or seeds were picked up from (a dashed ring) through every place they were
sown into, in order, each drop numbered (a relay lap starts again from a new
ring), and blue dashes for captures into a store; the path is also written out
in words ("Sowing: from A3: A2, A1; on from A1: B1, C1"). The places the turn
changed are outlined in red: the logs or pits (and stores) whose drawing differs
from the position before (including where ants moved). A graph shows the movers'
scores over the game from the first player's view, a marker at the current
position.

The buttons first, previous, next and last, and the keys Left, Right, Home and
End step through the game. The URL fragment #move=K opens the page at position K
(the position after K turns).

--game N picks the game whose index (the "index" of its record) is N; without it
the file's first game. -o names the page's file ("-" for the standard output) and
is required. A games file that cannot be read, an index it does not hold or a
game whose turns are not legal in the game its header names is an error (exit
status 2). The game is the one the file's header names.`,
		Example: `  colony --game kalah tournament -p ab:depth=3 -p greedy --games 2 --games-file run.jsonl
  colony export --html run.jsonl --game 1 -o game.html`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("export needs one games file, got %d arguments (see 'colony export --help')", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if !asHTML {
				return fmt.Errorf("export: say the format: --html (the only one)")
			}
			if out == "" {
				return fmt.Errorf("export: -o FILE is required (\"-\" for the standard output)")
			}
			gf, g, err := openGamesFile("export", args[0])
			if err != nil {
				return err
			}
			rec := &gf.Games[0]
			if index != "" {
				n, err := strconv.Atoi(index)
				if err != nil {
					return fmt.Errorf("export: --game: %q is not an integer", index)
				}
				if rec, err = gameOfIndex("export", args[0], gf, n); err != nil {
					return err
				}
			}
			page, err := gamepage.HTML(g, rec)
			if err != nil {
				return fmt.Errorf("export: %s, game %d: %w", args[0], rec.Index, err)
			}
			if out == "-" {
				_, err = cmd.OutOrStdout().Write(page)
			} else {
				err = os.WriteFile(out, page, 0o644)
			}
			return fail(err)
		},
	}
	c.Flags().BoolVar(&asHTML, "html", false, "write the game as an HTML page")
	c.Flags().StringVar(&index, "game", "", "the `INDEX` of the game to export (default: the file's first game)")
	c.Flags().StringVarP(&out, "out", "o", "", "the page's `FILE` (\"-\": the standard output)")
	return c
}
