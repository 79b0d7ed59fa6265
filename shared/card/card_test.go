package card

import (
	"errors"
	"testing"
)

func TestParseRoundTripsEveryCard(t *testing.T) {
	for c := Card(0); c < NumCards; c++ {
		got, err := Parse(c.String())
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.String(), err)
		}
		if got != c {
			t.Fatalf("Parse(%q) = %d, want %d", c.String(), got, c)
		}
	}
}

func TestParseAcceptsVariants(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"As", "As"}, {"aS", "As"}, {"10h", "Th"}, {"td", "Td"}, {"2C", "2c"},
	}
	for _, tt := range tests {
		c, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if c.String() != tt.want {
			t.Errorf("Parse(%q) = %s, want %s", tt.in, c, tt.want)
		}
	}
}

func TestParseRejectsBadNotation(t *testing.T) {
	for _, in := range []string{"", "A", "Ax", "1s", "Asd", "ZZ", "11h", "??"} {
		if _, err := Parse(in); !errors.Is(err, ErrBadNotation) {
			t.Errorf("Parse(%q) err = %v, want ErrBadNotation", in, err)
		}
	}
}

func TestParseListRejectsDuplicates(t *testing.T) {
	_, err := ParseList([]string{"As", "Kd", "as"})
	if !errors.Is(err, ErrDuplicate) {
		t.Fatalf("err = %v, want ErrDuplicate", err)
	}
}

func TestParseString(t *testing.T) {
	cs, err := ParseString("AsKd, 2c 10h")
	if err != nil {
		t.Fatal(err)
	}
	if got := Join(cs); got != "As Kd 2c Th" {
		t.Fatalf("got %q", got)
	}
}

func TestSuitOrderIsStudOrder(t *testing.T) {
	// docs/rules/gr-variant-5-card-stud.md: spades > hearts > diamonds > clubs.
	if !(MustParse("2s") > MustParse("2h") && MustParse("2h") > MustParse("2d") && MustParse("2d") > MustParse("2c")) {
		t.Fatal("suit order is not s > h > d > c")
	}
	if !(MustParse("3c") > MustParse("2s")) {
		t.Fatal("rank must dominate suit")
	}
}

func TestDeckHoldsEachCardOncePerDeck(t *testing.T) {
	d := Deck(8)
	if len(d) != 416 {
		t.Fatalf("len = %d", len(d))
	}
	var count [NumCards]int
	for _, c := range d {
		count[c]++
	}
	for c, n := range count {
		if n != 8 {
			t.Fatalf("card %s appears %d times", Card(c), n)
		}
	}
}

func TestSet(t *testing.T) {
	s := SetOf(MustParse("As"), MustParse("2c"))
	if !s.Has(MustParse("As")) || s.Has(MustParse("Ks")) || s.Len() != 2 {
		t.Fatal("set membership wrong")
	}
	if got := Join(s.Remove(MustParse("As")).Add(MustParse("Kd")).Cards()); got != "2c Kd" {
		t.Fatalf("got %q", got)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"As", "10h", "", "zz", "Td"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		if !c.Valid() {
			t.Fatalf("Parse(%q) returned invalid card %d", s, c)
		}
		back, err := Parse(c.String())
		if err != nil || back != c {
			t.Fatalf("round trip of %q failed: %v", s, err)
		}
	})
}

func FuzzParseString(f *testing.F) {
	f.Add("As Kd 2c")
	f.Add("AsKd")
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := ParseString(s)
		if err != nil {
			return
		}
		if SetOf(cs...).Len() != len(cs) {
			t.Fatalf("ParseString(%q) returned duplicates", s)
		}
	})
}
