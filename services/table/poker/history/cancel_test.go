package history_test

import (
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// A cancelled hand is not a played hand with money moved: every bet came
// back (misdeal, gr-regulation-2 G7.17 and INV-06; refusal to post,
// gr-regulation-1 B.8(c)), so the text has the header and seats, a
// dealer's note and PokerStars' own "Hand cancelled" before the summary
// (on which FPDB-style importers drop the hand), and no post, card, action
// or pot for a parser that does not know the line.
func TestCancelledHandMovesNoMoney(t *testing.T) {
	for _, tc := range []struct {
		name string
		end  func(tb *table)
		note string
	}{{
		name: "misdeal after betting",
		end: func(tb *table) {
			tb.act(3, betting.Raise, 300)
			tb.act(0, betting.Call, 0)
			tb.do(hand.Action{Command: hand.CmdMisdeal, Reason: "exposed card"})
		},
		note: "Dealer: the hand is cancelled (misdeal: exposed card), every bet returned",
	}, {
		name: "refusal to post",
		end:  func(tb *table) { tb.do(hand.Action{Seat: 2, Command: hand.CmdRefusePost}) },
		note: "Dealer: the hand is cancelled (P3 refused to post), every bet returned",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			tb := blinds(t, rulesOf(t, profile.GR, profile.Holdem, betting.NoLimit, usd), 4, 10000, 0)
			tc.end(tb)
			rec := poker.Record(tb.s)
			text := rec.PokerStars(history.PokerStarsOptions{Hero: 1})
			want := []string{
				"PokerStars Hand #90000123:  Hold'em No Limit ($0.50/$1.00 USD) - 2024/01/15 14:30:00 UTC [2024/01/15 9:30:00 ET]",
				"Table 'Alpha' 10-max Seat #1 is the button",
				"Seat 1: P1 ($100 in chips)",
				"Seat 2: P2 ($100 in chips)",
				"Seat 3: P3 ($100 in chips)",
				"Seat 4: P4 ($100 in chips)",
				tc.note,
				"Hand cancelled",
				"*** SUMMARY ***",
				"Seat 1: P1 (button) collected ($0)",
				"Seat 2: P2 collected ($0)",
				"Seat 3: P3 collected ($0)",
				"Seat 4: P4 collected ($0)",
			}
			if got := strings.Split(strings.TrimSuffix(text, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("got\n%s\nwant\n%s", text, strings.Join(want, "\n"))
			}
			for _, s := range rec.Seats {
				if s.Final != s.Stack {
					t.Errorf("%s: stack %d after, %d before: the text says nothing moved", s.Name, s.Final, s.Stack)
				}
			}
		})
	}
}
