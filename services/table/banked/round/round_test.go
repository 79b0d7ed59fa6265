package round

import (
	"testing"

	"github.com/croupier/croupier/shared/apierr"
)

func TestSettlementSums(t *testing.T) {
	s := Settlement{Lines: []Line{
		{BetID: "a", Player: "ann", Spot: "straight:17", Stake: 10, Won: 350, Returned: 10},
		{BetID: "b", Player: "ann", Spot: "red", Stake: 20, Lost: 20},
		{BetID: "c", Player: "ben", Spot: "odd", Stake: 5, Won: 5, Returned: 5},
		{BetID: "d", Player: "ben", Spot: "split:0-3", Stake: 3, Returned: 3}, // refunded
	}}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	got := s.ByPlayer()
	want := []Totals{{"ann", 30, 360}, {"ben", 8, 13}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("ByPlayer = %+v, want %+v", got, want)
	}
	// Stakes in (38) = paid out (373) + house result (-335).
	if h := s.House(); h != 20-355 {
		t.Errorf("House = %d, want %d", h, 20-355)
	}
	if got[0].Net() != 330 || got[1].Net() != 5 {
		t.Errorf("nets %d, %d", got[0].Net(), got[1].Net())
	}
}

func TestLineCheck(t *testing.T) {
	for _, l := range []Line{
		{Stake: 10, Returned: 5},           // 5 unaccounted for
		{Stake: 10, Returned: 10, Lost: 1}, // more than the stake
		{Stake: 10, Lost: 10, Won: -1},     // negative winnings
	} {
		if l.Check() == nil {
			t.Errorf("%+v balanced", l)
		}
	}
	if err := Refund(Bet{ID: "x", Player: "p", Spot: "red", Amount: 7}).Check(); err != nil {
		t.Error(err)
	}
}

func TestLimit(t *testing.T) {
	for _, tc := range []struct {
		l   Limit
		amt int64
		ok  bool
	}{
		{Limit{Min: 10, Max: 100}, 10, true},
		{Limit{Min: 10, Max: 100}, 100, true},
		{Limit{Min: 10, Max: 100}, 9, false},
		{Limit{Min: 10, Max: 100}, 101, false},
		{Limit{}, 1, true},
		{Limit{}, 0, false},
		{Limit{Min: 5}, 1 << 40, true},
	} {
		if got := tc.l.Allows(tc.amt); got != tc.ok {
			t.Errorf("%+v.Allows(%d) = %v", tc.l, tc.amt, got)
		}
	}
}

func TestPhaseOver(t *testing.T) {
	for p, over := range map[Phase]bool{Betting: false, Closed: false, Settled: true, Voided: true} {
		if p.Over() != over {
			t.Errorf("%v.Over() = %v", p, p.Over())
		}
	}
}

// Both wheel games write a direction by the same names; none (not
// reported) writes and reads as "".
func TestDirectionText(t *testing.T) {
	for d, name := range map[Direction]string{0: "", Clockwise: "clockwise", Anticlockwise: "anticlockwise"} {
		b, err := d.MarshalText()
		var back Direction = 9
		if err != nil || string(b) != name || back.UnmarshalText(b) != nil || back != d {
			t.Errorf("%v: %q, %v, back %v", d, b, err, back)
		}
	}
	var d Direction
	if d.UnmarshalText([]byte("cw")) == nil {
		t.Error("cw read as a direction")
	}
}

func TestCheckVoidReason(t *testing.T) {
	if err := CheckVoidReason(""); apierr.Reason(err) != ReasonNoReason {
		t.Errorf("no reason: %v", err)
	}
	if err := CheckVoidReason("wheel jammed"); err != nil {
		t.Error(err)
	}
}

// A limit's range under a cap, and the bounds of one stake.
func TestLimitBounds(t *testing.T) {
	for _, tc := range []struct {
		l      Limit
		valid  bool
		lo, hi int64
	}{
		{Limit{Min: 10, Max: 500}, true, 10, 500},
		{Limit{}, true, 1, 1000},
		{Limit{Min: 5, Max: 5000}, true, 5, 1000},
		{Limit{Min: 50, Max: 10}, false, 50, 10},
		{Limit{Min: -1}, false, 1, 1000},
		{Limit{Min: 2000}, false, 2000, 1000},
	} {
		lo, hi := tc.l.Bounds(1000)
		if tc.l.Valid(1000) != tc.valid || lo != tc.lo || hi != tc.hi {
			t.Errorf("%+v: valid %v, bounds %d..%d", tc.l, tc.l.Valid(1000), lo, hi)
		}
	}
}
