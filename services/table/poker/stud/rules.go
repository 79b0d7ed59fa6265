// Package stud is the engine of 5 Card Stud (docs/rules/gr-variant-5-card-stud.md) and
// 7 Card Stud (docs/rules/gr-variant-7-card-stud.md). It supplies the deal schedule,
// who opens and leads each street, the 7 Card Stud open pair, and hand
// ranking to the shared hand flow.
//
// 5 Card Stud: one card down and one up, a betting round; then three times
// a burn, one card up and a betting round (1 down + 4 up, 3 burns).
// 7 Card Stud: two down and one up, a round; a burn, one up and a round on
// 4th, 5th and 6th street; a burn, one down and the last round on 7th
// street (3 down + 4 up, 4 burns). In an ante game the lowest up card opens
// the first round (ace high, clubs lowest); later rounds are led by the
// best up cards, suits breaking ties (♠ > ♥ > ♦ > ♣), and an all-in leader
// passes the lead to the player on his left.
package stud

import (
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

var (
	fiveSchedule = []hand.Street{
		{Name: "second", Down: 1, Up: 1},
		{Name: "third", Burn: true, Up: 1},
		{Name: "fourth", Burn: true, Up: 1},
		{Name: "fifth", Burn: true, Up: 1},
	}
	sevenSchedule = []hand.Street{
		{Name: "third", Down: 2, Up: 1},
		{Name: "fourth", Burn: true, Up: 1},
		{Name: "fifth", Burn: true, Up: 1},
		{Name: "sixth", Burn: true, Up: 1},
		{Name: "seventh", Burn: true, Down: 1},
	}
)

// Variant is the stud games' part of the hand flow.
type Variant struct {
	// Seven: 7 Card Stud; otherwise 5 Card Stud.
	Seven bool
}

// Schedule is the stud deal.
func (v Variant) Schedule() []hand.Street {
	if v.Seven {
		return sevenSchedule
	}
	return fiveSchedule
}

// upCards copies seat's face-up cards (never the common card, which is on
// the board: 5-card stud I7, 7-card stud I8) into buf.
func upCards(s *hand.State, seat int, buf *[4]card.Card) []card.Card {
	sc := &s.Seats[seat]
	n := 0
	for i := 0; i < int(sc.Cards.N) && n < len(buf); i++ {
		if sc.Up&(1<<i) != 0 {
			buf[n] = sc.Cards.C[i]
			n++
		}
	}
	return buf[:n]
}

// Opener is the seat with the lowest up card (5-card stud R1, 7-card stud
// R1: lowest rank, ace high, the lowest suit on equal ranks — S3's 3♣ over
// S2's 3♦). All-in seats count; the flow passes the opening on.
func (v Variant) Opener(s *hand.State) int {
	at := -1
	var low card.Card
	for seat := 0; seat < hand.MaxSeats; seat++ {
		if !s.Round.Seats[seat].Status.InHand() {
			continue
		}
		var buf [4]card.Card
		up := upCards(s, seat, &buf)
		if len(up) == 0 {
			continue
		}
		if at < 0 || up[0] < low {
			at, low = seat, up[0]
		}
	}
	return at
}

// Leader is the seat with the best up cards for a later round
// (rank.UpCards: pairs and better count, straights and flushes do not,
// equal combinations go to the highest suit; N8).
func (v Variant) Leader(s *hand.State, street int) int {
	at, best := -1, rank.UpValue(0)
	for seat := 0; seat < hand.MaxSeats; seat++ {
		if !s.Round.Seats[seat].Status.InHand() {
			continue
		}
		var buf [4]card.Card
		u := rank.UpCards(upCards(s, seat, &buf)...)
		if u > best {
			at, best = seat, u
		}
	}
	return at
}

// BigOption: 7 Card Stud, fixed limit, 4th street, an open pair showing in
// any active hand lets bets and raises be the big bet
// (docs/rules/gr-variant-7-card-stud.md R2.4, N5; docs/rules/betting-rules-ru-sports.md §5.8.5).
func (v Variant) BigOption(s *hand.State, street int) bool {
	if !v.Seven || street != 1 || s.Rules.Structure != betting.FixedLimit {
		return false
	}
	for seat := 0; seat < hand.MaxSeats; seat++ {
		if !s.Round.Seats[seat].Status.InHand() {
			continue
		}
		var buf [4]card.Card
		if up := upCards(s, seat, &buf); len(up) == 2 && up[0].Rank() == up[1].Rank() {
			return true
		}
	}
	return false
}

// Rank is the best five of the seat's cards and any common card.
func (v Variant) Rank(s *hand.State, seat int) rank.Value {
	var all [8]card.Card
	n := copy(all[:], s.Seats[seat].Cards.Slice())
	n += copy(all[n:], s.Board.Slice())
	if n > 7 {
		n = 7
	}
	return rank.Best(all[:n]...)
}

// BoardRank is 0: stud has no board to play.
func (Variant) BoardRank(*hand.State) rank.Value { return 0 }

// Best names the seat's best five cards.
func (v Variant) Best(s *hand.State, seat int) rank.Hand {
	all := append(append([]card.Card(nil), s.Seats[seat].Cards.Slice()...), s.Board.Slice()...)
	if len(all) > 7 {
		all = all[:7]
	}
	return rank.Describe(all...)
}
