package round

import (
	"slices"
	"testing"

	"github.com/croupier/croupier/shared/apierr"
)

// A bet is known by its player and id: a replay is dropped, other content
// under a known id is a conflict, a cancelled bet stays known.
func TestBookFresh(t *testing.T) {
	red := Bet{ID: "a", Player: "ann", Spot: "red", Amount: 10}
	gone := Bet{ID: "c", Player: "ann", Spot: "odd", Amount: 5}
	k := BookOf("ann", []Bet{red, {ID: "a", Player: "ben", Spot: "black", Amount: 7}}, []Bet{gone})
	bet := func(id, spot string, amount int64) Bet { return Bet{ID: id, Spot: spot, Amount: amount} }
	for _, tc := range []struct {
		name   string
		k      Book
		batch  []Bet
		fresh  []string
		reason string
	}{
		{"new", k, []Bet{bet("b", "even", 5)}, []string{"b"}, ""},
		{"replay", k, []Bet{bet("a", "red", 10)}, nil, ""},
		{"replay twice and a new bet", k, []Bet{bet("a", "red", 10), bet("a", "red", 10), bet("b", "even", 5)}, []string{"b"}, ""},
		{"replay of a cancelled bet", k, []Bet{bet("c", "odd", 5)}, nil, ""},
		{"other content", k, []Bet{bet("a", "red", 11)}, nil, ReasonBetIDConflict},
		{"a cancelled id reused", k, []Bet{bet("c", "red", 5)}, nil, ReasonBetIDConflict},
		{"a new id twice, same content", k, []Bet{bet("b", "even", 5), bet("b", "even", 5)}, nil, ReasonBadBet},
		{"a new id twice, two bets", k, []Bet{bet("b", "even", 5), bet("b", "odd", 5)}, nil, ReasonBetIDConflict},
		{"another player's bet", k, []Bet{{ID: "b", Player: "ben", Spot: "red", Amount: 5}}, nil, ReasonBadBet},
		{"no id", k, []Bet{bet("", "red", 5)}, nil, ReasonBadBet},
		{"empty", k, nil, nil, ReasonBadBet},
		{"no player", BookOf("", nil, nil), []Bet{bet("b", "red", 5)}, nil, ReasonBadBet},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fresh, err := tc.k.Fresh(tc.batch)
			if apierr.Reason(err) != tc.reason {
				t.Fatalf("%v, want %q", err, tc.reason)
			}
			var ids []string
			for _, b := range fresh {
				if b.Player != tc.k.Player {
					t.Errorf("fresh %+v without its player", b)
				}
				ids = append(ids, b.ID)
			}
			if !slices.Equal(ids, tc.fresh) {
				t.Errorf("fresh %v, want %v", ids, tc.fresh)
			}
		})
	}
}

func TestBookCancels(t *testing.T) {
	k := BookOf("ann", []Bet{{ID: "a", Player: "ann"}, {ID: "b", Player: "ann"}, {ID: "x", Player: "ben"}}, []Bet{{ID: "c", Player: "ann"}})
	for _, tc := range []struct {
		ids    []string
		drop   []string
		reason string
	}{
		{[]string{"a", "b"}, []string{"a", "b"}, ""},
		{[]string{"c"}, nil, ""}, // a replay
		{[]string{"a", "c"}, []string{"a"}, ""},
		{[]string{"x"}, nil, ReasonUnknownBet}, // ben's
		{[]string{"a", "a"}, nil, ReasonBadBet},
		{nil, nil, ReasonBadBet},
	} {
		drop, err := k.Cancels(tc.ids)
		if apierr.Reason(err) != tc.reason || !slices.Equal(drop, tc.drop) {
			t.Errorf("%v: %v, %v; want %v, %q", tc.ids, drop, err, tc.drop, tc.reason)
		}
	}
}

func TestCheckRound(t *testing.T) {
	for _, tc := range []struct {
		open   bool
		n, at  int64
		replay bool
		reason string
	}{
		{false, 0, 3, false, ""}, // names no round
		{false, 3, 3, false, ""},
		{false, 2, 3, false, ReasonWrongRound}, // retried after its round
		{true, 4, 3, false, ""},
		{true, 3, 3, true, ""}, // opened already
		{true, 5, 3, false, ReasonWrongRound},
		{true, 1, 0, false, ""},
	} {
		replay, err := CheckRound(Settled, tc.open, tc.n, tc.at)
		if replay != tc.replay || apierr.Reason(err) != tc.reason {
			t.Errorf("%+v: %v, %v", tc, replay, err)
		}
	}
}

func TestPhaseRefusal(t *testing.T) {
	for p, want := range map[Phase]string{0: ReasonNoRound, Betting: ReasonBettingOpen, Closed: ReasonBettingClosed, Settled: ReasonRoundOver, Voided: ReasonRoundOver} {
		if got := p.Refusal(); got != want {
			t.Errorf("%v: %s, want %s", p, got, want)
		}
	}
}

// Every value with a name reads back; the unnamed zero writes and reads
// as ""; a value past the names cannot be written; names are not folded.
func TestEnumText(t *testing.T) {
	for _, v := range []Verdict{0, Valid, Void, Respin, Malformed} {
		b, err := v.MarshalText()
		var back Verdict = 9
		if err != nil || back.UnmarshalText(b) != nil || back != v {
			t.Errorf("%v: %q, %v, back %v", v, b, err, back)
		}
	}
	if _, err := Verdict(9).MarshalText(); err == nil {
		t.Error("Verdict(9) written")
	}
	v := Valid
	if v.UnmarshalText([]byte("Void")) == nil || v != Valid {
		t.Errorf("folded or changed: %v", v)
	}
	if Verdict(9).String() != "verdict(9)" {
		t.Error(Verdict(9).String())
	}
}
