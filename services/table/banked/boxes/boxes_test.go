package boxes

import (
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

type kind uint8

const (
	ante kind = iota + 1
	blind
	side
	play
)

var layout = NewLayout[kind](6, []string{"", "ante", "blind", "side", "play"}, ante, side, blind)

// Spots read and write as "box:n/kind", for the layout's boxes and kinds
// only, canonical.
func TestSpots(t *testing.T) {
	if got := layout.Spot(3, side); got != "box:3/side" {
		t.Fatal(got)
	}
	for spot, want := range map[string][2]int{
		"box:1/ante": {1, 1}, "box:6/play": {6, 4}, "box:7/ante": {}, "box:0/ante": {}, "box:01/ante": {},
		"box:1/call": {}, "box:1": {}, "box:1/": {}, "pot:1/ante": {}, "box:x/ante": {}, "box:-1/ante": {},
	} {
		n, k := layout.Box(spot)
		if n != want[0] || int(k) != want[1] {
			t.Errorf("%q: %d %d, want %v", spot, n, k, want)
		}
	}
	if n, _ := layout.Box(layout.Spot(7, ante)); n != 0 {
		t.Errorf("a box past the layout's reads as box %d", n)
	}
}

func check(b *round.Bet) (int, kind, error) {
	n, k := layout.Box(b.Spot)
	if k != ante && k != side {
		return 0, 0, apierr.Invalid(round.ReasonBadSpot, "%s", b.Spot)
	}
	return n, k, nil
}

// A placement's checks and its stakes: a base brings its With stake; a
// new bet on a spot replaces the player's old; the refusals leave the
// bets alone.
func TestPlace(t *testing.T) {
	var live, cancelled []round.Bet
	var lines []round.Line
	put := func(player string, p Policy[kind], bets ...round.Bet) (Placement, error) {
		pl, err := layout.Place(live, cancelled, player, bets, nil, p)
		if err == nil {
			pl.Put(&live, &cancelled, &lines, func(round.Bet, []round.Line) {})
		}
		return pl, err
	}
	p := Policy[kind]{Check: check, OneBox: true}
	pl, err := put("ann", p, round.Bet{ID: "a", Spot: "box:2/ante", Amount: 10})
	want := []round.Bet{{ID: "a", Player: "ann", Spot: "box:2/ante", Amount: 10}, {ID: "a", Player: "ann", Spot: "box:2/blind", Amount: 10}}
	if err != nil || !slices.Equal(pl.Stakes, want) || !slices.Equal(live, want) {
		t.Fatalf("%v %+v %+v", err, pl, live)
	}
	for _, tc := range []struct {
		player string
		p      Policy[kind]
		bet    round.Bet
		reason string
	}{
		{"ben", p, round.Bet{ID: "b", Spot: "box:2/ante", Amount: 10}, ReasonBoxTaken},
		{"ann", p, round.Bet{ID: "c", Spot: "box:3/ante", Amount: 10}, ReasonOneBox},
		{"ben", p, round.Bet{ID: "b", Spot: "box:3/side", Amount: 10}, ReasonNoAnte},
		{"ben", p, round.Bet{ID: "b", Spot: "box:3/blind", Amount: 10}, round.ReasonBadSpot},
		{"ann", p, round.Bet{ID: "a", Spot: "box:2/side", Amount: 10}, round.ReasonBetIDConflict},
	} {
		before := slices.Clone(live)
		if _, err := put(tc.player, tc.p, tc.bet); apierr.Reason(err) != tc.reason || !slices.Equal(live, before) {
			t.Errorf("%+v: %v, want %s", tc.bet, err, tc.reason)
		}
	}
	if _, err := put("ben", Policy[kind]{Check: check, SideAlone: true}, round.Bet{ID: "b", Spot: "box:3/side", Amount: 5}); err != nil {
		t.Fatalf("a side bet alone: %v", err)
	}
	if _, err := layout.Place(live, cancelled, "cy", []round.Bet{{ID: "c", Spot: "box:4/ante", Amount: 10}}, apierr.Precondition(round.ReasonBettingClosed, "closed"), p); apierr.Reason(err) != round.ReasonBettingClosed {
		t.Fatalf("closed: %v", err)
	}
	// A new Ante replaces the old with its Blind, refunded.
	var replaced []round.Bet
	pl, err = layout.Place(live, cancelled, "ann", []round.Bet{{ID: "a2", Spot: "box:2/ante", Amount: 30}}, nil, p)
	if err != nil || !slices.Equal(pl.Replaces, []int{0, 1}) {
		t.Fatalf("%v %+v", err, pl)
	}
	pl.Put(&live, &cancelled, &lines, func(old round.Bet, refund []round.Line) {
		replaced = append(replaced, old)
		if len(refund) != 1 || refund[0].Returned != old.Amount {
			t.Errorf("refund %+v of %+v", refund, old)
		}
	})
	if len(replaced) != 2 || live[0].ID != "a2" || live[1].Amount != 30 || len(cancelled) != 2 || len(lines) != 2 {
		t.Fatalf("live %+v, cancelled %+v", live, cancelled)
	}
	if pl, err := layout.Place(live, cancelled, "ann", []round.Bet{{ID: "a", Spot: "box:2/ante", Amount: 10}}, nil, p); err != nil || len(pl.Stakes) != 0 {
		t.Fatalf("a replaced bet sent again is a replay: %v %+v", err, pl)
	}
}

// A cancel of the base takes its With stake and the side bet along,
// unless the side bet may stand alone; an id cancelled before is a
// replay.
func TestCancel(t *testing.T) {
	for _, alone := range []bool{false, true} {
		live := []round.Bet{
			{ID: "a", Player: "ann", Spot: "box:1/ante", Amount: 10}, {ID: "a", Player: "ann", Spot: "box:1/blind", Amount: 10},
			{ID: "s", Player: "ann", Spot: "box:1/side", Amount: 5}, {ID: "b", Player: "ben", Spot: "box:2/ante", Amount: 20},
		}
		var cancelled []round.Bet
		var lines []round.Line
		gone, refunds, err := layout.Cancel(&live, &cancelled, &lines, "ann", []string{"a"}, nil, alone)
		want := 3
		if alone {
			want = 2
		}
		if err != nil || len(gone) != want || len(refunds) != want || len(live) != 4-want || len(cancelled) != want {
			t.Fatalf("alone %v: %v, gone %+v, live %+v", alone, err, gone, live)
		}
		if gone, _, err := layout.Cancel(&live, &cancelled, &lines, "ann", []string{"a"}, nil, alone); err != nil || gone != nil {
			t.Fatalf("a replay: %v %+v", err, gone)
		}
		if _, _, err := layout.Cancel(&live, &cancelled, &lines, "ann", []string{"zz"}, nil, alone); apierr.Reason(err) != round.ReasonUnknownBet {
			t.Fatal(err)
		}
	}
}

// The clock's timeout: for a wait that ended, a replay; for one not
// begun, stale.
func TestTurnTimeout(t *testing.T) {
	tr := Turn{Seq: 3, Box: 2, Player: "ann"}
	for seq, want := range map[int]struct {
		replay bool
		reason string
	}{0: {}, 3: {}, 2: {replay: true}, 4: {reason: ReasonStaleTurn}} {
		replay, err := tr.Timeout(seq)
		if replay != want.replay || apierr.Reason(err) != want.reason {
			t.Errorf("seq %d: %v %v", seq, replay, err)
		}
	}
}

// A bet a player places: the base or the side bet on the table's boxes,
// its amount within its kind's bounds.
func TestCheckBet(t *testing.T) {
	bounds := func(k kind) (int64, int64) {
		if k == side {
			return 1, 50
		}
		return 10, 500
	}
	for _, tc := range []struct {
		bet    round.Bet
		reason string
	}{
		{round.Bet{Spot: "box:3/ante", Amount: 10}, ""},
		{round.Bet{Spot: "box:3/side", Amount: 50}, ""},
		{round.Bet{Spot: "box:4/ante", Amount: 10}, round.ReasonBadSpot},
		{round.Bet{Spot: "box:3/blind", Amount: 10}, round.ReasonBadSpot},
		{round.Bet{Spot: "box:3/play", Amount: 10}, round.ReasonBadSpot},
		{round.Bet{Spot: "box:3/ante", Amount: 9}, round.ReasonBetOutsideLimits},
		{round.Bet{Spot: "box:3/side", Amount: 51}, round.ReasonBetOutsideLimits},
	} {
		if _, _, err := layout.CheckBet(&tc.bet, 3, bounds); apierr.Reason(err) != tc.reason {
			t.Errorf("%+v: %v, want %q", tc.bet, err, tc.reason)
		}
	}
}
