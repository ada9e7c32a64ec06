package search

import (
	"reflect"
	"testing"
)

// TestEnv: an Env lends each resource under its own key, with the key's type; a
// later loan under a key hides the earlier one; keys of the same name are different
// keys; lending makes a new Env and leaves the old one as it was.
func TestEnv(t *testing.T) {
	pool := NewKey[*int]("pool")
	other := NewKey[*int]("pool") // the same name, another key
	cpus := NewKey[[]int]("cpus")
	n := 7
	base := WithValue(Env{}, pool, &n)
	tests := []struct {
		name   string
		env    Env
		key    *Key[*int]
		want   *int
		wantOK bool
	}{
		{"zero Env", Env{}, pool, nil, false},
		{"lent", base, pool, &n, true},
		{"another key of the same name", base, other, nil, false},
		{"a nil pointer lent", WithValue(Env{}, pool, (*int)(nil)), pool, nil, true},
		{"lent again: the last loan", WithValue(base, pool, (*int)(nil)), pool, nil, true},
		{"under other keys too", WithValue(WithValue(base, cpus, []int{1}), other, nil), pool, &n, true},
	}
	for _, tt := range tests {
		got, ok := Value(tt.env, tt.key)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("%s: Value = %v, %v; want %v, %v", tt.name, got, ok, tt.want, tt.wantOK)
		}
	}
	if got, ok := Value(WithValue(base, cpus, []int{2, 3}), cpus); !ok || !reflect.DeepEqual(got, []int{2, 3}) {
		t.Errorf("Value(cpus) = %v, %v; want [2 3], true", got, ok)
	}
	if got, ok := Value(base, pool); !ok || got != &n {
		t.Errorf("base changed by a later WithValue: Value = %v, %v", got, ok)
	}
	if got := pool.String(); got != "pool" {
		t.Errorf("String() = %q, want %q", got, "pool")
	}
}

// TestOptionsTyped: Options lends nothing through an untyped value (a map of
// interfaces, an interface{} field), whose users would assert types at run time:
// what outlives a player goes in Env, under typed keys.
func TestOptionsTyped(t *testing.T) {
	typ := reflect.TypeFor[Options]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		ft := f.Type
		for ft.Kind() == reflect.Map || ft.Kind() == reflect.Slice || ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Interface && ft.NumMethod() == 0 {
			t.Errorf("Options.%s is %v: untyped", f.Name, f.Type)
		}
	}
}
