package external

import (
	"testing"

	"github.com/colony-ai/colony/protocol"
)

// TestSeedValue: a 64-bit seed becomes a value of the engine's option seed: itself in
// the range, else MIN + (seed-MIN) mod (MAX-MIN+1); the decimal seed for a string
// option; nothing for a combo or check option that does not take it.
func TestSeedValue(t *testing.T) {
	intOpt := func(lo, hi string) protocol.Option {
		return protocol.Option{Name: "seed", Type: protocol.IntOption, Default: lo, Min: lo, Max: hi}
	}
	tests := []struct {
		name   string
		opt    protocol.Option
		seed   uint64
		want   string
		wantOK bool
	}{
		{"full range", intOpt("0", "18446744073709551615"), 17096708196053657205, "17096708196053657205", true},
		{"full range, top", intOpt("0", "18446744073709551615"), 18446744073709551615, "18446744073709551615", true},
		{"in range", intOpt("0", "1000000000"), 123, "123", true},
		{"above", intOpt("0", "1000000000"), 17096708196053657205, "956949027", true}, // 17096708196053657205 mod 1000000001
		{"int64 range", intOpt("0", "9223372036854775807"), 17096708196053657205, "7873336159198881397", true},
		{"above, min 10", intOpt("10", "19"), 25, "15", true},
		{"below, min 10", intOpt("10", "19"), 3, "13", true},
		{"one value", intOpt("7", "7"), 17096708196053657205, "7", true},
		{"negative range", intOpt("-5", "-1"), 0, "-5", true},
		{"negative to positive", intOpt("-2", "2"), 4, "-1", true},
		{"signed 64-bit", intOpt("-9223372036854775808", "9223372036854775807"), 18446744073709551615, "-1", true},
		{"string", protocol.Option{Name: "seed", Type: protocol.StringOption}, 42, "42", true},
		{"combo with it", protocol.Option{Name: "seed", Type: protocol.ComboOption, Vars: []string{"1", "42"}}, 42, "42", true},
		{"combo without it", protocol.Option{Name: "seed", Type: protocol.ComboOption, Vars: []string{"1", "2"}}, 42, "", false},
		{"check", protocol.Option{Name: "seed", Type: protocol.CheckOption}, 1, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := SeedValue(tt.opt, tt.seed)
			if got != tt.want || ok != tt.wantOK {
				t.Fatalf("SeedValue(%+v, %d) = %q, %v; want %q, %v", tt.opt, tt.seed, got, ok, tt.want, tt.wantOK)
			}
			if ok {
				if err := tt.opt.Check(got); err != nil {
					t.Errorf("the option refuses its seed: %v", err)
				}
			}
		})
	}
}
