// Package textline writes a message of several lines (an error with its details, a
// tool's output) on one line, for places that show one line a message: a table's
// cell, a line of a report, an error on a terminal.
package textline

import "strings"

// Join returns msg on one line: its lines trimmed, the empty ones left out, joined by
// "; ".
func Join(msg string) string {
	var parts []string
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}
