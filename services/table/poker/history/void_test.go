package history_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/poker/history/historytest"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// A voided seat is its own event: the record keeps what came back to it,
// and the PokerStars text writes a dealer's note no parser reads as an
// action (not "folds", out of turn) and the returned chips as an uncalled
// bet, so the text's chips still add up to the total pot. Four players,
// $0.25 ante, $0.50/$1 blinds (Greek profile), button P1, blinds P2 and P3.
func TestVoidedSeatIsItsOwnEvent(t *testing.T) {
	for _, tc := range []struct {
		name string
		// before are the actions up to the void of seat with choice ret.
		before   func(tb *table)
		seat     int
		ret      hand.VoidReturn
		returned int64
		want     []string
	}{{
		// gr-regulation-2 G2.6 M7: he has not acted, his ante goes back.
		name:     "not acted: ante back",
		before:   func(tb *table) { tb.act(3, betting.Call, 0) },
		seat:     0,
		ret:      hand.VoidByRule,
		returned: 25,
		want: []string{
			"Dealer: the hand of P1 is void (wrong card count)",
			"Uncalled bet ($0.25) returned to P1",
			"Seat 1: P1 (button) folded before Flop (didn't bet)",
		},
	}, {
		// M8: he has called, his ante and call stay in the pot.
		name:     "acted: chips stay",
		before:   func(tb *table) { tb.act(3, betting.Call, 0); tb.act(0, betting.Call, 0) },
		seat:     0,
		ret:      hand.VoidByRule,
		returned: 0,
		want: []string{
			"P1: calls $1",
			"Dealer: the hand of P1 is void (wrong card count)",
			"Seat 1: P1 (button) folded before Flop",
		},
	}, {
		// gr-regulation-2 H.25 (tournaments.md T28): his raise to $3 is
		// killed; the $1 the big blind matched stays, the $2 nobody called
		// goes back, and the others face the $1 again.
		name:     "killed raise: uncalled part back",
		before:   func(tb *table) { tb.act(3, betting.Raise, 300) },
		seat:     3,
		ret:      hand.VoidReturnUncalled,
		returned: 200,
		want: []string{
			"P4: raises $2 to $3",
			"Dealer: the hand of P4 is void (wrong card count)",
			"Uncalled bet ($2) returned to P4",
			"P1: calls $1",
			"Seat 4: P4 folded before Flop",
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			r := rulesOf(t, profile.GR, profile.Holdem, betting.NoLimit, usd)
			tb := blinds(t, r, 4, 10000, 0)
			tc.before(tb)
			tb.do(hand.Action{Seat: tc.seat, Command: hand.CmdVoidSeat, Return: tc.ret, Reason: "wrong card count"})
			tb.checkDown()
			rec := poker.Record(tb.s)

			var void *history.Action
			for i := range rec.Actions {
				if rec.Actions[i].Input.Command == "void_seat" {
					void = &rec.Actions[i]
				}
			}
			if void == nil || void.Returned != tc.returned || void.Seat != tc.seat {
				t.Fatalf("void in the record: %+v, want seat %d returned %d", void, tc.seat, tc.returned)
			}
			b, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			if has := strings.Contains(string(b), fmt.Sprintf(`"returned":%d`, tc.returned)); has != (tc.returned > 0) {
				t.Errorf("JSON has returned %d: %t", tc.returned, has)
			}
			var back history.Record
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if _, err := poker.Replay(&back); err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}

			text := rec.PokerStars(history.PokerStarsOptions{Hero: -1})
			lines := strings.Split(text, "\n")
			for _, w := range tc.want {
				if !slices.Contains(lines, w) {
					t.Errorf("no line %q:\n%s", w, text)
				}
			}
			name := rec.Seat(tc.seat).Name
			for _, l := range lines {
				if l == name+": folds" {
					t.Errorf("the void written as a fold:\n%s", text)
				}
			}
			balances(t, rec, text)
		})
	}
}

// gr-regulation-2 G2.7 M9: the only player left is voided, the pot is held
// for the casino's decision and then awarded. The text's total pot is the
// held pot, and after the award what each player collected: the chips add
// up in both.
func TestHeldPotAddsUp(t *testing.T) {
	r := rulesOf(t, profile.GR, profile.Holdem, betting.NoLimit, usd)
	tb := blinds(t, r, 3, 10000, 0)
	tb.act(0, betting.Raise, 400)
	tb.act(1, betting.Fold, 0)
	tb.act(2, betting.Call, 0)
	tb.act(2, betting.Bet, 500)
	tb.act(0, betting.Fold, 0)
	tb.do(hand.Action{Seat: 2, Command: hand.CmdVoidSeat, Return: hand.VoidKeepBets, Reason: "three hole cards"})
	rec := poker.Record(tb.s)
	if rec.Result != "dispute" || rec.Held == 0 {
		t.Fatalf("result %s held %d, want a dispute", rec.Result, rec.Held)
	}
	text := rec.PokerStars(history.PokerStarsOptions{Hero: -1})
	if !strings.Contains(text, "Dealer: the pot ($") {
		t.Errorf("no note of the held pot:\n%s", text)
	}
	balances(t, rec, text)
	if l, err := historytest.Read(rec, text); err != nil || l.Total != rec.Held {
		t.Errorf("total pot %d, held %d (%v):\n%s", l.Total, rec.Held, err, text)
	}

	// His $5 nobody called came back when the round closed, before his
	// hand was found void.
	ret := strings.Index(text, "Uncalled bet ($5) returned to P3")
	if void := strings.Index(text, "Dealer: the hand of P3 is void"); ret < 0 || void < ret {
		t.Errorf("the return and the void out of order:\n%s", text)
	}

	if rec.Held != 925 {
		t.Fatalf("held %d, want 925 (the antes, the small blind and $4 from each of the others)", rec.Held)
	}
	tb.do(hand.Action{Command: hand.CmdAward, Awards: []int64{850, 75, 0}})
	rec = poker.Record(tb.s)
	text = rec.PokerStars(history.PokerStarsOptions{Hero: -1})
	for _, w := range []string{"P1 collected $8.50 from pot", "P2 collected $0.75 from pot", "Total pot $9.25 | Rake $0"} {
		if !strings.Contains(text, w) {
			t.Errorf("no %q:\n%s", w, text)
		}
	}
	balances(t, rec, text)
}

// G2.6 M7 with nobody else left: the small blind's hand is void before he
// acted (his blind back) after the only other player folded, so the big
// blind's bet comes back uncalled and nobody wins anything. His summary
// line still has an outcome, "collected ($0)", which parsers read; an
// empty one was a line hhp could not read.
func TestLastSeatAfterAVoidCollectsNothing(t *testing.T) {
	r := rulesOf(t, profile.GR, profile.Holdem, betting.NoLimit,
		profile.Stakes{Currency: "USD", Exponent: 2, Unit: 25, SmallBlind: 50, BigBlind: 100})
	tb := blinds(t, r, 3, 10000, 0)
	tb.act(0, betting.Fold, 0)
	tb.do(hand.Action{Seat: 1, Command: hand.CmdVoidSeat, Return: hand.VoidByRule})
	rec := poker.Record(tb.s)
	text := rec.PokerStars(history.PokerStarsOptions{Hero: -1})
	for _, w := range []string{
		"Uncalled bet ($0.50) returned to P2",
		"Uncalled bet ($1) returned to P3",
		"Total pot $0 | Rake $0",
		"Seat 3: P3 (big blind) collected ($0)",
	} {
		if !slices.Contains(strings.Split(text, "\n"), w) {
			t.Errorf("no line %q:\n%s", w, text)
		}
	}
	balances(t, rec, text)
}
