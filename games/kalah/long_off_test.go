//go:build !long

package kalah

// longTests is unset without the build tag long: the long runs take smaller sizes
// (or are skipped), so that the default 'go test ./...' stays short; .ci/run runs
// them whole with -tags long.
const longTests = false
