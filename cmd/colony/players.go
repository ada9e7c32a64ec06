package main

import (
	"fmt"
	"strings"

	"github.com/colony-ai/colony/search"
	"github.com/spf13/cobra"
)

// withDefaultEval returns spec with eval=def added when its kind takes an evaluation
// and it names none, so that records say which one was used.
func withDefaultEval(spec, def string) string {
	sp, err := search.ParseSpec(spec)
	if err != nil || !sp.Accepts("eval") || sp.Has("eval") {
		return spec
	}
	return sp.With("eval", def).String()
}

func newPlayersCmd(_ *options) *cobra.Command {
	return &cobra.Command{
		Use:   "players",
		Short: "List the kinds of player and their settings",
		Long: `players lists every kind of player a spec string can name (the registry of
player kinds that the tournament runner and every command use), each with its
settings: the kind of value, the default and what it does.

A spec is KIND or KIND:key=value,key=value. A value that holds a ',' or a '"',
or is empty, is written in double quotes, inside which \" and \\ stand for a
quote and a backslash: cmd:path="/opt/my engine",args="--hash=64, --threads 2".
The tournament's --depth, --nodes and --movetime go to the setting of each kind
that is its depth, node or time limit, and its seed to the setting that is its
seed.`,
		Example: `  colony players
  colony tournament -p a=ab:depth=4,eval=score -p b=mcts:sims=5000 --games 20`,
		Args: noArgs,
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
