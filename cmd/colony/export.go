package main

import (
	"fmt"
	"strconv"

	"github.com/colony-ai/colony/catalog/gamepage"
	"github.com/colony-ai/colony/internal/atomicfile"
	"github.com/spf13/cobra"
)

func newExportCmd(opts *options) *cobra.Command {
	var (
		asHTML bool
		index  string
		out    string
	)
	c := &cobra.Command{
		Use:     "export --html GAMES.jsonl [--game N] -o FILE",
		Short:   "Write a recorded tournament game as a self-contained HTML page",
		Long:    helpText("export"),
		Example: helpText("export.example"),
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
			n, err := strconv.Atoi(index)
			if err != nil && index != "" {
				return fmt.Errorf("export: --game: %q is not an integer", index)
			}
			gf, rec, g, err := openGame("export", "--game", args[0], n, index == "")
			if err != nil {
				return err
			}
			page, err := gamepage.FileHTML(g, gf, rec)
			if err != nil {
				return fmt.Errorf("export: %s, game %d: %w", args[0], rec.Index, err)
			}
			if out == "-" {
				_, err = cmd.OutOrStdout().Write(page)
			} else {
				err = atomicfile.WriteBytes(out, page)
			}
			return fail(err)
		},
	}
	c.Flags().BoolVar(&asHTML, "html", false, "write the game as an HTML page")
	c.Flags().StringVar(&index, "game", "", "the `INDEX` of the game to export (default: the file's first game)")
	c.Flags().StringVarP(&out, "out", "o", "", "the page's `FILE` (\"-\": the standard output)")
	return c
}
