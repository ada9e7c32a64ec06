package main

import (
	"fmt"
	"strings"

	"github.com/colony-ai/colony/search"
	"github.com/spf13/cobra"
)

func newPlayersCmd(_ *options) *cobra.Command {
	return &cobra.Command{
		Use:     "players",
		Short:   "List the kinds of player and their settings",
		Long:    helpText("players"),
		Example: helpText("players.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			var sb strings.Builder
			for _, k := range search.Kinds() {
				fmt.Fprintf(&sb, "%s: %s\n", k.Name, k.Doc)
				for _, st := range k.Settings {
					def := st.Default
					if def == "" {
						def = "-"
					}
					role := ""
					if st.Role != search.RoleNone {
						role = " [" + st.Role.String() + "]"
					}
					key := st.Key
					if st.Prefix {
						key += ".NAME"
					}
					fmt.Fprintf(&sb, "  %-10s %-8s default %-8s %s%s\n", key, st.Type, def, st.Doc, role)
				}
			}
			return writeOut(c, sb.String())
		},
	}
}
