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
		Use:     "show [--position P] [--svg FILE] [--png FILE]",
		Short:   "Draw a position",
		Long:    helpText("show"),
		Example: helpText("show.example"),
		Args:    noArgs,
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
