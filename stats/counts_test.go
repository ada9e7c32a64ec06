package stats

import "testing"

func TestParseCounts(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		penta      bool
		want       []int
		err        string
	}{
		{"wdl", "60, 20,20", false, []int{60, 20, 20}, ""},
		{"pentanomial", "1,2,3,4,5", true, []int{1, 2, 3, 4, 5}, ""},
		{"the largest count", "1000000000000,0,0", false, []int{MaxCount, 0, 0}, ""},
		{"too few", "1,2", false, nil, `want 3 counts W,D,L, got "1,2"`},
		{"too many", "1,2,3,4,5,6", true, nil, `want 5 counts N0,N1,N2,N3,N4, got "1,2,3,4,5,6"`},
		{"empty", "", false, nil, `want 3 counts W,D,L, got ""`},
		{"not a number", "1,x,3", false, nil, `count "x" is not an integer`},
		{"fraction", "1,2,3.5,4,5", true, nil, `count "3.5" is not an integer`},
		{"negative", "1,2,-3,4,5", true, nil, "count -3 is negative"},
		{"past int64", "1,2,99999999999999999999", false, nil, `count "99999999999999999999" is too large (at most 1000000000000)`},
		{"past MaxCount", "1,2,1000000000001", false, nil, "count 1000000000001 is too large (at most 1000000000000)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int
			var err error
			if tc.penta {
				var p Pentanomial
				p, err = ParsePentanomial(tc.text)
				got = p[:]
			} else {
				var w WDL
				w, err = ParseWDL(tc.text)
				got = []int{w.Wins, w.Draws, w.Losses}
			}
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.want {
				if got[i] != tc.want[i] {
					t.Fatalf("counts %v, want %v", got, tc.want)
				}
			}
		})
	}
}
