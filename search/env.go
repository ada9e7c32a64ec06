package search

// The environment of players: what outlives a player.
//
// Some players use what a caller keeps from player to player: package external's cmd
// kind takes its engine processes from a pool that a tournament keeps from game to
// game, and the CPUs to pin them to from the tournament's game slot. This package
// does not know those resources (it knows no process), and the kinds registered from
// outside may each have their own; so an Env carries resources of any type, each
// under a typed Key that the package owning the resource declares: the caller lends
// a resource with WithValue, the player takes it with Value, and both get a value of
// the key's type, never an interface to assert. A package usually keeps its keys
// unexported and gives callers a function that lends its resource (external.WithPool).
//
// This is what the context package does for a request's values, without the
// context's deadline and cancelation (an Env outlives the calls that use it) and
// with the type checked when the program is compiled.

// Env lends players the resources that outlive them (Options.Env). An Env is a value
// and is never changed: WithValue returns a new one, so one Env may be given to
// players of any number of goroutines. The zero Env lends nothing. The caller owns
// what it lends, and closes it when its players are done.
type Env struct {
	head *envEntry // the resources, the one lent last first; nil for none
}

// envEntry is one resource of an Env and those lent before it.
type envEntry struct {
	key  any // a *Key[T]
	val  any // a T
	next *envEntry
}

// Key names a resource of type T in an Env. Keys are compared by identity, not by
// name: make each key once with NewKey, as a package-level variable of the package
// that owns the resource.
type Key[T any] struct {
	name string // describes the resource (a Key of size 0 might not be unique)
}

// NewKey returns a new key for resources of type T; name describes the resource, for
// messages (String).
func NewKey[T any](name string) *Key[T] {
	return &Key[T]{name: name}
}

// String returns the key's name.
func (k *Key[T]) String() string { return k.name }

// WithValue returns env lending v under k too, in place of what env lends under k if
// it lends anything; env itself is not changed.
func WithValue[T any](env Env, k *Key[T], v T) Env {
	return Env{head: &envEntry{key: k, val: v, next: env.head}}
}

// Value returns what env lends under k, and whether it lends anything under k (a
// resource lent as the zero value of T, such as a nil pointer, is lent).
func Value[T any](env Env, k *Key[T]) (T, bool) {
	for e := env.head; e != nil; e = e.next {
		if e.key == any(k) {
			return e.val.(T), true
		}
	}
	var zero T
	return zero, false
}
