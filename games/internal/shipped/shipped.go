// Package shipped reads the weights files a game's package ships for its feature sets
// (weights/SET.json, embedded by the package), which the evaluation "linear" uses.
package shipped

import "io/fs"

// Weights returns the file weights/SET.json of fsys, or nil when there is none.
func Weights(fsys fs.ReadFileFS, set string) []byte {
	data, err := fsys.ReadFile("weights/" + set + ".json")
	if err != nil {
		return nil
	}
	return data
}
