package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/oasis"
	"github.com/croupier/croupier/services/table/banked/round"
)

// oasisEngine is package oasis behind the table (Oasis poker, ru): the
// bets, "no more bets" and the operator's void go as at the other
// tables; the deal, the boxes' decisions (pass, bet, exchange, and on
// the dealer's no game stop or buy) and the showdown are moves.
type oasisEngine struct {
	pokerEngine[oasis.Rules, oasis.State, oasis.Command, oasis.Event]
}

func newOasis(r *oasis.Rules, s *oasis.State) oasisEngine {
	return oasisEngine{pokerEngine[oasis.Rules, oasis.State, oasis.Command, oasis.Event]{r: r, s: s, op: &oasisOps}}
}

var oasisOps = pokerOps[oasis.Rules, oasis.State, oasis.Command, oasis.Event]{
	apply:      oasis.Apply,
	checkPlace: oasis.CheckPlace,
	clone:      func(s *oasis.State) *oasis.State { c := s.Clone(); return &c },
	command: func(c pokerCmd) (oasis.Command, error) {
		kind, action, err := pokerNames[oasis.CommandKind, oasis.Action](c)
		return oasis.Command{Kind: kind, Round: c.Round, Player: c.Player, Box: c.Box, Bets: c.Bets, BetIDs: c.BetIDs, Card: c.Card, Pos: c.Pos,
			Action: action, Amount: c.Amount, Cards: c.Cards, Seq: c.Seq, Reason: c.Reason}, err
	},
	read: func(s *oasis.State) pokerRound {
		return pokerRound{Round: s.Round, Phase: s.Phase, Bets: s.Bets, Cancelled: s.Cancelled, Lines: s.Lines, Reason: s.Reason,
			Turn: s.Turn.Seq, Next: s.Next.To}
	},
	owner: (*oasis.State).Owner,
	event: func(ev *oasis.Event) (PokerEvent, deck.Deal) {
		pe := PokerEvent{Kind: ev.Kind.String(), Player: ev.Player, Box: ev.Box, Amount: ev.Amount, Seq: ev.Seq, Cards: ev.Cards, Vis: ev.Vis,
			Hand: ev.Hand, Qualifies: ev.Qualifies, Bets: ev.Bets, Lines: ev.Lines, Order: ev.Order, Reason: ev.Reason}
		if ev.Action != 0 {
			pe.Action = ev.Action.String()
		}
		return pe, ev.Deal
	},
	// The Bet (2 × Ante, ru §3.20), an exchange's fee (an Ante a card,
	// §3.21), a bought game's (an Ante, §4.16).
	staked: func(s *oasis.State, player string) (n int64) {
		for _, b := range s.Boxes {
			for _, bt := range b.Bettors {
				if bt.Player == player {
					n += bt.Bet + bt.Fee + bt.BuyFee
				}
			}
		}
		return n
	},
	onBox: func(r oasis.Rules, spot string, n int) bool {
		m, _, err := oasis.ParseSpot(r, spot)
		return err == nil && m == n
	},
	// The Ante's: the table sign's (ru §3.6–3.7).
	limit: func(r oasis.Rules) round.Limit { return r.Limits.Ante },
}

// felt is the round's felt, every card dealt with its mark: the dealer's
// fifth face up, his first four hidden until he reveals them (ru
// §3.17), an exchange's discards among the box's cards, its player's.
func (e oasisEngine) felt() Felt {
	s := e.s
	seats := make([]studSeat, 0, len(s.Boxes))
	for _, b := range s.Boxes {
		var ante, bonus, bet, fee, buy int64
		for _, bt := range b.Bettors {
			ante, bonus, bet, fee, buy = ante+bt.Ante, bonus+bt.RoyalBonus, bet+bt.Bet, fee+bt.Fee, buy+bt.BuyFee
		}
		box := FeltBox{Action: studAction(b.Action, b.Choice), Settled: b.Settled,
			Stakes: stakes("ante", ante, "royal_bonus", bonus, "bet", bet, "exchange", fee, "buy", buy)}
		seats = append(seats, studSeat{n: b.N, player: s.Owner(b.N), hand: studHand{held: b.Cards, shown: b.Shown}, box: box})
	}
	return studFelt(s.Deals, studHand{held: slices.Concat(s.Dealer, s.Replaced), shown: s.DealerShown}, seats,
		FeltTurn{Seq: s.Turn.Seq, Box: s.Turn.Box, Player: s.Turn.Player}, enumName(s.Stage))
}

func (e oasisEngine) legal(player string) []PokerLegal {
	var out []PokerLegal
	for _, m := range oasis.Legal(*e.r, e.s, player) {
		l := PokerLegal{Kind: m.Kind.String(), Box: m.Box, Spot: m.Spot, BetID: m.BetID, Min: m.Min, Max: m.Max, Seq: m.Seq}
		if m.Action != 0 {
			l.Action = m.Action.String()
		}
		out = append(out, l)
	}
	return out
}
