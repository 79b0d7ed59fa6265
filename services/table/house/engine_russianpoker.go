package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/banked/russianpoker"
)

// russianEngine is package russianpoker behind the table (Russian poker,
// ru): the bets, "no more bets" and the operator's void go as at the
// other tables; the deal, the boxes' decisions (pass, bet with an
// insurance, exchange, a sixth card, and on the dealer's no game stop
// or buy) and the showdown are moves.
type russianEngine struct {
	pokerEngine[russianpoker.Rules, russianpoker.State, russianpoker.Command, russianpoker.Event]
}

func newRussian(r *russianpoker.Rules, s *russianpoker.State) russianEngine {
	return russianEngine{pokerEngine[russianpoker.Rules, russianpoker.State, russianpoker.Command, russianpoker.Event]{r: r, s: s, op: &russianOps}}
}

var russianOps = pokerOps[russianpoker.Rules, russianpoker.State, russianpoker.Command, russianpoker.Event]{
	apply:      russianpoker.Apply,
	checkPlace: russianpoker.CheckPlace,
	clone:      func(s *russianpoker.State) *russianpoker.State { c := s.Clone(); return &c },
	command: func(c pokerCmd) (russianpoker.Command, error) {
		kind, action, err := pokerNames[russianpoker.CommandKind, russianpoker.Action](c)
		return russianpoker.Command{Kind: kind, Round: c.Round, Player: c.Player, Box: c.Box, Bets: c.Bets, BetIDs: c.BetIDs, Card: c.Card,
			Pos: c.Pos, Action: action, Amount: c.Amount, Insurance: c.Insurance, Cards: c.Cards, Seq: c.Seq, Reason: c.Reason}, err
	},
	read: func(s *russianpoker.State) pokerRound {
		return pokerRound{Round: s.Round, Phase: s.Phase, Bets: s.Bets, Cancelled: s.Cancelled, Lines: s.Lines, Reason: s.Reason,
			Turn: s.Turn.Seq, Next: s.Next.To}
	},
	owner: (*russianpoker.State).Owner,
	event: func(ev *russianpoker.Event) (PokerEvent, deck.Deal) {
		pe := PokerEvent{Kind: ev.Kind.String(), Player: ev.Player, Box: ev.Box, Amount: ev.Amount, Seq: ev.Seq, Cards: ev.Cards, Vis: ev.Vis,
			Hand: ev.Hand, Qualifies: ev.Qualifies, Bets: ev.Bets, Lines: ev.Lines, Order: ev.Order, Reason: ev.Reason}
		if ev.Action != 0 {
			pe.Action = ev.Action.String()
		}
		return pe, ev.Deal
	},
	// The Bet (2 × Ante, ru §3.21) and its insurance (§3.29), an
	// exchange's or a sixth card's fee (an Ante, §3.22), a bought game's
	// (an Ante, §4.21).
	staked: func(s *russianpoker.State, player string) (n int64) {
		for _, b := range s.Boxes {
			for _, bt := range b.Bettors {
				if bt.Player == player {
					n += bt.Bet + bt.Insurance + bt.Fee + bt.SixthFee + bt.BuyFee
				}
			}
		}
		return n
	},
	onBox: func(r russianpoker.Rules, spot string, n int) bool {
		m, _, err := russianpoker.ParseSpot(r, spot)
		return err == nil && m == n
	},
	// The Ante's: the table sign's (ru §3.6–3.7).
	limit: func(r russianpoker.Rules) round.Limit { return r.Limits.Ante },
}

// felt is the round's felt, every card dealt with its mark: the dealer's
// fifth face up, his first four hidden until he reveals them, an
// exchange's discards among the box's cards, its player's.
func (e russianEngine) felt() Felt {
	s := e.s
	seats := make([]studSeat, 0, len(s.Boxes))
	for _, b := range s.Boxes {
		var ante, bonus, bet, ins, fee, sixth, buy int64
		for _, bt := range b.Bettors {
			ante, bonus, bet, ins = ante+bt.Ante, bonus+bt.RoyalBonus, bet+bt.Bet, ins+bt.Insurance
			fee, sixth, buy = fee+bt.Fee, sixth+bt.SixthFee, buy+bt.BuyFee
		}
		box := FeltBox{Action: studAction(b.Action, b.Choice), Settled: b.Settled,
			Stakes: stakes("ante", ante, "royal_bonus", bonus, "bet", bet, "insurance", ins, "exchange", fee, "sixth_card", sixth, "buy", buy)}
		seats = append(seats, studSeat{n: b.N, player: s.Owner(b.N), hand: studHand{held: b.Cards, shown: b.Shown}, box: box})
	}
	return studFelt(s.Deals, studHand{held: slices.Concat(s.Dealer, s.Replaced), shown: s.DealerShown}, seats,
		FeltTurn{Seq: s.Turn.Seq, Box: s.Turn.Box, Player: s.Turn.Player}, enumName(s.Stage))
}

func (e russianEngine) legal(player string) []PokerLegal {
	var out []PokerLegal
	for _, m := range russianpoker.Legal(*e.r, e.s, player) {
		l := PokerLegal{Kind: m.Kind.String(), Box: m.Box, Spot: m.Spot, BetID: m.BetID, Min: m.Min, Max: m.Max, Seq: m.Seq,
			InsuranceMin: m.InsuranceMin, InsuranceMax: m.InsuranceMax}
		if m.Action != 0 {
			l.Action = m.Action.String()
		}
		out = append(out, l)
	}
	return out
}
