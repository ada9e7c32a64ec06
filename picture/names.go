package picture

import "strings"

// The ids of a picture's places are "log-" and a log's name (The Colony's "log-B4"),
// "pit-" and a pit's id ("pit-south-c", or "pit-" and its name), and "store-" and a
// store's label ("store-S"). PlaceName and NotationName are the one place that turns
// them into names: package web sends them to its page with each position
// (PositionView.Names), package catalog/gamepage writes them into its page's data.

// PlaceName returns how a place of a picture is named in words, from its id: the id
// without its "log-" or "pit-" prefix ("B4", "south-c"), a store as "store S".
// Unlike NotationName, it tells the two sides' pits of a kind apart.
func PlaceName(id string) string {
	switch {
	case strings.HasPrefix(id, "log-"), strings.HasPrefix(id, "pit-"):
		return id[len("log-"):]
	case strings.HasPrefix(id, "store-"):
		return "store " + id[len("store-"):]
	}
	return id
}

// NotationName returns the name of a place of a picture as a turn's notation writes
// it, from its id: the part after its last "-" ("B4" for "log-B4", "c" for
// "pit-south-c", "S" for "store-S").
func NotationName(id string) string {
	if i := strings.LastIndexByte(id, '-'); i >= 0 {
		return id[i+1:]
	}
	return id
}
