//go:build long

package piecepack

// longTests is set by the build tag long (go test -tags long, as .ci/run does): the
// strength, equivalence and invariant runs take their full sizes.
const longTests = true
