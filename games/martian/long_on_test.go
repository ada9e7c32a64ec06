//go:build long

package martian

// longTests is set by the build tag long (go test -tags long, as .ci/run does): the
// strength, equivalence and invariant runs take their full sizes.
const longTests = true

// LongTests is longTests for the external test package (martian_test).
const LongTests = longTests
