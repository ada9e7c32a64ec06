package picture

import "testing"

func TestPlaceNames(t *testing.T) {
	tests := []struct{ id, words, notation string }{
		{"log-B4", "B4", "B4"},
		{"pit-south-c", "south-c", "c"},
		{"pit-f", "f", "f"},
		{"store-S", "store S", "S"},
		{"store-red", "store red", "red"},
		{"other", "other", "other"},
	}
	for _, tc := range tests {
		if got := PlaceName(tc.id); got != tc.words {
			t.Errorf("PlaceName(%q) = %q, want %q", tc.id, got, tc.words)
		}
		if got := NotationName(tc.id); got != tc.notation {
			t.Errorf("NotationName(%q) = %q, want %q", tc.id, got, tc.notation)
		}
	}
}
