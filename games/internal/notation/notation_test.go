package notation

import (
	"fmt"
	"slices"
	"testing"
)

func TestFields(t *testing.T) {
	names := []string{"pits", "stores", "move"}
	for _, tc := range []struct {
		text string
		want string // the values joined by |, or the error
	}{
		{"pits=1.2/3.4 stores=0,0 move=south", "1.2/3.4|0,0|south"},
		{"pits= stores= move=", "||"},
		{"pits=a=b stores=0,0 move=x", "a=b|0,0|x"},
		{"", "position: want 3 fields separated by single spaces (pits stores move), got 1"},
		{"pits=1 stores=0,0", "position: want 3 fields separated by single spaces (pits stores move), got 2"},
		{"pits=1  stores=0,0 move=south", "position: want 3 fields separated by single spaces (pits stores move), got 4"},
		{"pits=1 stores=0,0 move=south ", "position: want 3 fields separated by single spaces (pits stores move), got 4"},
		{"stores=0,0 pits=1 move=south", `position: field 1 is "stores=0,0", want pits=...`},
		{"pits=1 store=0,0 move=south", `position: field 2 is "store=0,0", want stores=...`},
		{"pits=1 stores=0,0 move", `position: field 3 is "move", want move=...`},
	} {
		vals, err := Fields(tc.text, names...)
		got := fmt.Sprint(err)
		if err == nil {
			got = vals[0] + "|" + vals[1] + "|" + vals[2]
		}
		if got != tc.want {
			t.Errorf("Fields(%q) = %s, want %s", tc.text, got, tc.want)
		}
	}
}

func TestRows(t *testing.T) {
	for _, tc := range []struct {
		val  string
		n    int
		want string // the rows, or the error
	}{
		{"1.2.3/4.5.6", 3, "[[1 2 3] [4 5 6]]"},
		{"0/x", 1, "[[0] [x]]"},
		{"1.2.3", 3, "position: pits: want two sides separated by '/', got 1"},
		{"1/2/3", 1, "position: pits: want two sides separated by '/', got 3"},
		{"1.2/3.4.5", 2, "position: pits: north has 3 tiles, want 2"},
		{"1/3", 2, "position: pits: south has 1 tiles, want 2"},
		{"/", 1, "[[] []]"},
	} {
		rows, err := Rows(tc.val, tc.n, "tiles")
		got := fmt.Sprint(err)
		if err == nil {
			got = fmt.Sprint(rows)
		}
		if got != tc.want {
			t.Errorf("Rows(%q, %d) = %s, want %s", tc.val, tc.n, got, tc.want)
		}
	}
}

func TestStores(t *testing.T) {
	for _, tc := range []struct{ val, want string }{
		{"3,45", "[3 45]"},
		{",", "[ ]"},
		{"0", `position: stores: want two counts separated by ',', got "0"`},
		{"1,2,3", `position: stores: want two counts separated by ',', got "1,2,3"`},
		{"", `position: stores: want two counts separated by ',', got ""`},
	} {
		stores, err := Stores(tc.val)
		got := fmt.Sprint(err)
		if err == nil {
			got = fmt.Sprint(stores)
		}
		if got != tc.want {
			t.Errorf("Stores(%q) = %s, want %s", tc.val, got, tc.want)
		}
	}
}

func TestMover(t *testing.T) {
	for _, tc := range []struct {
		val  string
		want int // -1 for an error
	}{
		{"south", 0}, {"north", 1}, {"South", -1}, {"east", -1}, {"", -1}, {"south ", -1},
	} {
		m, err := Mover(tc.val)
		switch {
		case tc.want < 0 && (err == nil || err.Error() != fmt.Sprintf("position: move=%q, want south or north", tc.val)):
			t.Errorf("Mover(%q): %d, %v; want the error", tc.val, m, err)
		case tc.want >= 0 && (err != nil || m != tc.want):
			t.Errorf("Mover(%q): %d, %v; want %d", tc.val, m, err, tc.want)
		}
	}
}

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		text string
		want int // -1: not a count
	}{
		{"0", 0}, {"7", 7}, {"48", 48}, {"255", 255}, {"999999999", 999999999},
		{"", -1}, {"00", -1}, {"07", -1}, {"-1", -1}, {"+1", -1}, {"1.5", -1}, {"x", -1},
		{" 1", -1}, {"1 ", -1}, {"1000000000", -1}, {"١", -1},
	} {
		n, ok := Count(tc.text)
		if ok != (tc.want >= 0) || (ok && n != tc.want) {
			t.Errorf("Count(%q) = %d, %v; want %d", tc.text, n, ok, tc.want)
		}
	}
}

func TestAppendPosition(t *testing.T) {
	for _, tc := range []struct {
		n      int
		stores [2]int
		mover  int
		want   string
	}{
		{3, [2]int{0, 12}, 0, "pits=0.1.2/10.11.12 stores=0,12 move=south"},
		{1, [2]int{5, 0}, 1, "pits=0/10 stores=5,0 move=north"},
		{6, [2]int{48, 0}, 1, "pits=0.1.2.3.4.5/10.11.12.13.14.15 stores=48,0 move=north"},
	} {
		pit := func(side, i int) int { return 10*side + i }
		got := string(AppendPosition([]byte("x "), tc.n, pit, tc.stores, tc.mover))
		if got != "x "+tc.want {
			t.Errorf("AppendPosition(%d, %v, %d) = %q, want %q", tc.n, tc.stores, tc.mover, got, "x "+tc.want)
		}
		// What it writes, the other functions read back.
		vals, err := Fields(got[2:], "pits", "stores", "move")
		if err != nil {
			t.Fatal(err)
		}
		rows, err1 := Rows(vals[0], tc.n, "pits")
		stores, err2 := Stores(vals[1])
		mover, err3 := Mover(vals[2])
		if err1 != nil || err2 != nil || err3 != nil || mover != tc.mover {
			t.Fatalf("%q reads back with errors %v %v %v, mover %d", got, err1, err2, err3, mover)
		}
		for side, row := range rows {
			for i, c := range row {
				if v, ok := Count(c); !ok || v != pit(side, i) {
					t.Errorf("%q: %s pit %d reads %q", got, Sides[side], i, c)
				}
			}
			if v, ok := Count(stores[side]); !ok || v != tc.stores[side] {
				t.Errorf("%q: %s store reads %q", got, Sides[side], stores[side])
			}
		}
	}
}

func TestEachParam(t *testing.T) {
	tests := []struct {
		params  string
		want    []Param
		wantErr string
	}{
		{"", nil, ""},
		{"4x3", []Param{{Item: "4x3", Key: "size", Value: "", Bare: true}}, ""},
		{"6x4,capture=nonempty,end=mover", []Param{
			{Item: "6x4", Key: "size", Bare: true},
			{Item: "capture=nonempty", Key: "capture", Value: "nonempty"},
			{Item: "end=mover", Key: "end", Value: "mover"},
		}, ""},
		{"quiet=", []Param{{Item: "quiet=", Key: "quiet"}}, ""},
		{"6x4,5x3", nil, `parameter "5x3": size given twice`},
		{"end=mover,end=any", nil, `parameter "end=any": end given twice`},
	}
	for _, tc := range tests {
		var got []Param
		err := EachParam(tc.params, func(p Param) error {
			got = append(got, p)
			return nil
		})
		switch {
		case tc.wantErr != "":
			if err == nil || err.Error() != tc.wantErr {
				t.Errorf("EachParam(%q): error %v, want %q", tc.params, err, tc.wantErr)
			}
		case err != nil:
			t.Errorf("EachParam(%q): %v", tc.params, err)
		case !slices.Equal(got, tc.want):
			t.Errorf("EachParam(%q) = %+v, want %+v", tc.params, got, tc.want)
		}
	}
}
