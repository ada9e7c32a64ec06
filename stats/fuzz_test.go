package stats

import "testing"

// FuzzParseSPRT checks that a parsed test writes back to text that parses to the
// same test.
func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"elo0=0,elo1=5", "elo0=-1.5,elo1=3,alpha=0.1,beta=0.2,model=logistic", "elo1=5", "elo0=0,elo1=5,elo0=1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		test, err := ParseSPRT(text)
		if err != nil {
			return
		}
		back, err := ParseSPRT(test.String())
		if err != nil || back != test {
			t.Fatalf("%q -> %q -> %+v, %v", text, test.String(), back, err)
		}
		lo, hi := test.Bounds()
		if !(lo < 0 && hi > 0) {
			t.Fatalf("%q: bounds %v, %v", text, lo, hi)
		}
	})
}
