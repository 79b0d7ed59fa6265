package casinotexas

import (
	"fmt"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// showdownBets are a played box 1's stakes: ann's Ante and Blind 10, her
// Play, Trips 5.
func showdownBets(play int64) []round.Bet {
	bets := []round.Bet{
		{ID: "a", Player: "ann", Spot: "box:1/ante", Amount: 10},
		{ID: "a", Player: "ann", Spot: "box:1/blind", Amount: 10},
		{ID: "t", Player: "ann", Spot: "box:1/trips", Amount: 5},
	}
	if play > 0 {
		bets = append(bets, round.Bet{ID: "a", Player: "ann", Spot: "box:1/play", Amount: play})
	}
	return bets
}

// nets are a settlement's nets by spot, "ante+10 blind0 trips-5".
func nets(s round.Settlement) string {
	var out string
	for _, l := range s.Lines {
		out += fmt.Sprintf("%s%+d ", l.Spot[strings.LastIndexByte(l.Spot, '/')+1:], l.Won-l.Lost)
	}
	return out
}

// cz-casino-texas-holdem.md §5: the dealer needs at least one pair on his
// best five of seven, a board pair too; §6: a dealer without one returns
// the Ante whatever the hands.
func TestCZQualification(t *testing.T) {
	for _, tc := range []struct {
		name, player, dealer, board, want string
	}{
		// The board's pair of sixes qualifies the dealer; his ace kicker
		// beats the player's queen: everything against him lost.
		{"a board pair qualifies", "Qh Jd", "Ac 3d", "6s 6h 9c 2d 8s", "ante-10 blind-10 play-10 trips-5 "},
		// Ace-king high does not qualify (unlike Oasis and Russian poker)
		// and beats the player's queen high: the Ante pushes.
		{"ace-king does not qualify", "Qh Jd", "Ac Kd", "2s 5h 9c 7d 3s", "ante+0 blind-10 play-10 trips-5 "},
		// A pair of twos is the least that qualifies; the player's pair of
		// threes beats it.
		{"a pair of twos qualifies", "3h 3d", "2c Kd", "2s 9h Tc 7d 4s", "ante+10 blind+0 play+10 trips-5 "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sd := Showdown{Board: cardsOf(t, tc.board), Dealer: cardsOf(t, tc.dealer), Hole: map[int][]card.Card{1: cardsOf(t, tc.player)}}
			if got := nets(Settle(rules(t), showdownBets(10), sd)); got != tc.want {
				t.Errorf("%s, want %s", got, tc.want)
			}
		})
	}
}

// §9 note 1 (FoldKeepsAnteBlindInAction): the literal reading keeps a
// folded box's Ante and Blind in action, settled against the dealer
// without a Play: §8 vector 8's three nines against the dealer's pair of
// kings win the Ante, push the Blind (below a straight) and win Trips.
// The default loses both at once (TestCZVector08FoldKeepsTrips).
func TestCZFoldKeepsAnteBlindInAction(t *testing.T) {
	g := czRound(t, "9c 9d", "Ah Kd", "9s Kh 4d 2c 7s", 0, 0, "fold_keeps_ante_blind_in_action", "true")
	g.net("box:1/ante", 10, 10)
	g.net("box:1/blind", 10, 0)
	g.net("box:1/trips", 5, 15)
	g.noLine("box:1/play")
	if !g.s.DealerShown || !g.s.Boxes[0].Shown || len(g.events(EvPaid)) != 0 {
		t.Errorf("the fold is settled at the showdown: dealer shown %v, paid %+v", g.s.DealerShown, g.events(EvPaid))
	}
	// Against a better dealer they lose.
	g = czRound(t, "7c 3d", "Ad 4c", "Ks 9h 5d 2s Jc", 0, 0, "fold_keeps_ante_blind_in_action", "true")
	g.net("box:1/ante", 10, 0) // the dealer does not qualify: the Ante pushes
	g.net("box:1/blind", 10, -10)
	g.net("box:1/trips", 5, -5)
}

// §9 note 5 (AnteWinsWhenDealerDoesNotQualify): "the player wins the
// value of his Ante" read as 1:1 pays the Ante whatever the hands: §8
// vectors 3 and 4 with the Ante +10.
func TestCZAnteWinsWhenDealerDoesNotQualify(t *testing.T) {
	g := czRound(t, "8h 7h", "Qd Jc", "6h 5c 4d Ks 2c", River, 10, "ante_wins_when_dealer_does_not_qualify", "true")
	g.net("box:1/ante", 10, 10)
	g.net("box:1/play", 10, 10)
	g.net("box:1/blind", 10, 10)
	g = czRound(t, "7c 3d", "Ad 4c", "Ks 9h 5d 2s Jc", River, 10, "ante_wins_when_dealer_does_not_qualify", "true")
	g.net("box:1/ante", 10, 10)
	g.net("box:1/play", 10, -10)
	g.net("box:1/blind", 10, -10)
}

// An operator's paytable is what is paid: the Blind's flush at 2:1 and
// Trips' flush at 6:1, §8 vector 9's cards.
func TestCZOperatorPaytable(t *testing.T) {
	r := rules(t, "blind_pays.flush", "2:1", "trips_pays.flush", "6:1")
	sd := Showdown{Board: cardsOf(t, "As 7s 2s 9d 3h"), Dealer: cardsOf(t, "Jd Jc"), Hole: map[int][]card.Card{1: cardsOf(t, "Ks Qs")}}
	if got, want := nets(Settle(r, showdownBets(40), sd)), "ante+10 blind+20 play+40 trips+30 "; got != want {
		t.Fatalf("%s, want %s", got, want)
	}
}

// Settle refunds what it cannot decide: bets that fit no box (a Blind
// other than its Ante, a Play of no street's size, Trips without an
// Ante), and the stakes of a box whose cards are not a showdown's; a box
// without a Play folded and loses its Ante and Blind whatever the cards.
func TestSettleRefundsWhatItCannotDecide(t *testing.T) {
	r := rules(t)
	bets := []round.Bet{
		{ID: "x", Player: "ann", Spot: "box:9/ante", Amount: 10},  // no box
		{ID: "y", Player: "ann", Spot: "box:2/trips", Amount: 5},  // no Ante
		{ID: "a", Player: "ann", Spot: "box:1/ante", Amount: 10},  //
		{ID: "a", Player: "ann", Spot: "box:1/blind", Amount: 10}, //
		{ID: "a", Player: "ann", Spot: "box:1/play", Amount: 50},  // 5 × Ante: no street's
		{ID: "c", Player: "cy", Spot: "box:3/ante", Amount: 10},   //
		{ID: "c", Player: "cy", Spot: "box:3/blind", Amount: 20},  // a Blind other than the Ante: both refunded
		{ID: "d", Player: "dan", Spot: "box:4/ante", Amount: 10},  //
		{ID: "d", Player: "dan", Spot: "box:4/blind", Amount: 10}, //
		{ID: "d", Player: "dan", Spot: "box:4/play", Amount: 10},  // played, but no cards: refunded
		{ID: "e", Player: "eve", Spot: "box:5/ante", Amount: 10},  //
		{ID: "e", Player: "eve", Spot: "box:5/blind", Amount: 10}, // folded: lost
		{ID: "f", Player: "fay", Spot: "box:5/trips", Amount: 5},  // another player's Trips
	}
	sd := Showdown{Board: cardsOf(t, "9h 7h 4h Kc 2s"), Dealer: cardsOf(t, "Qc Qd"), Hole: map[int][]card.Card{1: cardsOf(t, "Ah Kh"), 5: cardsOf(t, "3c 3d")}}
	set := Settle(r, bets, sd)
	if err := set.Check(); err != nil || len(set.Lines) != len(bets) {
		t.Fatalf("%v: %d lines for %d bets: %+v", err, len(set.Lines), len(bets), set.Lines)
	}
	var refunded, lost int64
	for _, l := range set.Lines {
		refunded += l.Returned
		lost += l.Lost
		if l.Won != 0 {
			t.Errorf("won %+v", l)
		}
	}
	// Lost: box 1's Ante and Blind (its Play refunded, it folded) and box
	// 5's; the rest refunded.
	if lost != 40 || refunded != 10+5+50+10+20+10+10+10+5 {
		t.Errorf("refunded %d, lost %d: %+v", refunded, lost, set.Lines)
	}
}

// Several boxes share the board and the dealer's cards (§2, §4): each is
// settled on its own hand against the one dealer, in box order.
func TestSharedBoardAndDealer(t *testing.T) {
	g := threeBoxes(t)
	g.decide("ann", 1, Play, 40)
	g.decide("ben", 3, Play, 30)
	g.decide("cy", 5, Check, 0)
	g.cards("9s", "8c", "7d")
	g.decide("cy", 5, Play, 40)
	g.cards("5s", "4c")
	g.settled()
	// The dealer's 2-3 makes nothing on 9-8-7-5-4: nine high, he does not
	// qualify; each box's pair beats him: the Antes push, the Plays win,
	// the Blinds push below a straight, Trips lose.
	for _, tc := range []struct {
		box                       int
		ante, blind, play, played int64
	}{{1, 10, 10, 40, 40}, {3, 10, 10, 30, 30}, {5, 20, 20, 40, 40}} {
		g.net(Spot(tc.box, BetAnte), tc.ante, 0)
		g.net(Spot(tc.box, BetBlind), tc.blind, 0)
		g.net(Spot(tc.box, BetPlay), tc.play, tc.played)
		g.net(Spot(tc.box, BetTrips), 5, -5)
	}
	if s := g.events(EvSettled); len(s) != 1 || fmt.Sprint(s[0].Order) != "[1 3 5]" || len(s[0].Lines) != 12 {
		t.Fatalf("settled %+v", s)
	}
}
