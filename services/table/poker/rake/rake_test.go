package rake

import (
	"reflect"
	"testing"
)

// gr-regulation-2 §12.2 "Rake (mode 1)" (G6.1): 1 %–5 % of the pot,
// rounded down to €1, capped at 10 × the big blind. Amounts in cents.
func TestGRPotRakeVectors(t *testing.T) {
	cases := []struct {
		name      string
		bp, bb    int64
		pot, want int64
	}{
		{"BB 2, 5 %, pot 100 → 5", 500, 200, 10000, 500},
		{"BB 2, 5 %, pot 47 → 2.35 → 2", 500, 200, 4700, 200},
		{"BB 2, 5 %, pot 500 → 25 → cap 20", 500, 200, 50000, 2000},
		{"BB 1, 5 %, pot 300 → 15 → cap 10", 500, 100, 30000, 1000},
		{"1 %, pot 99 → 0.99 → 0", 100, 200, 9900, 0},
	}
	for _, c := range cases {
		cfg := Config{Mode: PotPercent, BasisPoints: c.bp, Cap: 10 * c.bb, Unit: 100}
		if err := cfg.Validate(); err != nil {
			t.Fatal(err)
		}
		if got := cfg.Take([]int64{c.pot}, true, nil); got[0] != c.want {
			t.Errorf("%s: rake %d, want %d", c.name, got[0], c.want)
		}
	}
}

// docs/rules/cz-cash-game-texas-holdem.md §10 vector 3: 5 % capped at 300 Kč per hand:
// pot 1,000 → 50; 6,000 → 300; 10,000 → 300 (the winner gets 9,700).
// Vector 4: the 1,100 of a main pot of 300 and a side pot of 800 → 55.
func TestCZPotRakeVectors(t *testing.T) {
	cfg := Config{Mode: PotPercent, BasisPoints: 500, Cap: 300, Unit: 1}
	for pot, want := range map[int64]int64{1000: 50, 6000: 300, 10000: 300} {
		if got := cfg.Take([]int64{pot}, true, nil)[0]; got != want {
			t.Errorf("pot %d: rake %d, want %d", pot, got, want)
		}
	}
	got := cfg.Take([]int64{300, 800}, true, nil)
	if !reflect.DeepEqual(got, []int64{15, 40}) {
		t.Fatalf("side pots rake %v, want [15 40]", got)
	}
}

// The hand's cap is filled from the main pot on; no flop, no drop takes
// nothing from a hand that ended preflop.
func TestCapAcrossPotsAndNoFlopNoDrop(t *testing.T) {
	cfg := Config{Mode: PotPercent, BasisPoints: 500, Cap: 30, Unit: 1, NoFlopNoDrop: true}
	if got := cfg.Take([]int64{400, 400}, true, nil); !reflect.DeepEqual(got, []int64{20, 10}) {
		t.Fatalf("capped %v, want [20 10]", got)
	}
	if got := cfg.Take([]int64{400}, false, nil); got[0] != 0 {
		t.Fatalf("no flop: rake %d", got[0])
	}
	cfg.NoFlopNoDrop = false
	if got := cfg.Take([]int64{400}, false, nil); got[0] != 20 {
		t.Fatalf("preflop without NFND: rake %d", got[0])
	}
}

// gr-regulation-2 §8 mode 2: a time charge per seated player, never more
// than the stack; §12.2 "Rate 6 % → invalid configuration" is the profile's
// check (1 %–5 %), a rate above 100 % is invalid here.
func TestTimeChargeAndValidation(t *testing.T) {
	cfg := Config{Mode: TimeCharge, Charge: 500}
	if cfg.TimeChargeOf(10000) != 500 || cfg.TimeChargeOf(200) != 200 {
		t.Fatal("time charge")
	}
	if cfg.Take([]int64{1000}, true, nil)[0] != 0 {
		t.Fatal("time-charge tables take no pot rake")
	}
	for _, bad := range []Config{
		{Mode: PotPercent, BasisPoints: 10001, Unit: 1},
		{Mode: PotPercent, BasisPoints: 500},
		{Mode: TimeCharge},
		{Mode: 9},
	} {
		if bad.Validate() == nil {
			t.Errorf("%+v validated", bad)
		}
	}
}
