package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/banked/splitpoker"
)

// splitEngine is package splitpoker behind the table (Split poker, ru):
// the bets, "no more bets" and the operator's void go as at the other
// tables; the deal, the boxes' decisions (pass, play, buy two cards and
// play a partition of the seven, and on the dealer's no game stop or
// buy his game) and the showdown are moves.
type splitEngine struct {
	pokerEngine[splitpoker.Rules, splitpoker.State, splitpoker.Command, splitpoker.Event]
}

func newSplit(r *splitpoker.Rules, s *splitpoker.State) splitEngine {
	return splitEngine{pokerEngine[splitpoker.Rules, splitpoker.State, splitpoker.Command, splitpoker.Event]{r: r, s: s, op: &splitOps}}
}

var splitOps = pokerOps[splitpoker.Rules, splitpoker.State, splitpoker.Command, splitpoker.Event]{
	apply:      splitpoker.Apply,
	checkPlace: splitpoker.CheckPlace,
	clone:      func(s *splitpoker.State) *splitpoker.State { c := s.Clone(); return &c },
	command: func(c pokerCmd) (splitpoker.Command, error) {
		kind, action, err := pokerNames[splitpoker.CommandKind, splitpoker.Action](c)
		return splitpoker.Command{Kind: kind, Round: c.Round, Player: c.Player, Box: c.Box, Bets: c.Bets, BetIDs: c.BetIDs, Card: c.Card,
			Pos: c.Pos, Action: action, Amount: c.Amount, Cards: c.Cards, Seq: c.Seq, Reason: c.Reason}, err
	},
	read: func(s *splitpoker.State) pokerRound {
		return pokerRound{Round: s.Round, Phase: s.Phase, Bets: s.Bets, Cancelled: s.Cancelled, Lines: s.Lines, Reason: s.Reason,
			Turn: s.Turn.Seq, Next: s.Next.To}
	},
	owner: (*splitpoker.State).Owner,
	event: func(ev *splitpoker.Event) (PokerEvent, deck.Deal) {
		pe := PokerEvent{Kind: ev.Kind.String(), Player: ev.Player, Box: ev.Box, Amount: ev.Amount, Seq: ev.Seq, Cards: ev.Cards, Vis: ev.Vis,
			Hand: ev.Hand, Qualifies: ev.Qualifies, Bets: ev.Bets, Lines: ev.Lines, Order: ev.Order, Reason: ev.Reason}
		if ev.Action != 0 {
			pe.Action = ev.Action.String()
		}
		return pe, ev.Deal
	},
	// The Bet (2 × Ante, ru §3.20), the fee of two cards bought (an
	// Ante, §3.21) or of the dealer's game (an Ante, §6.2).
	staked: func(s *splitpoker.State, player string) (n int64) {
		for _, b := range s.Boxes {
			if b.Player == player {
				n += b.Bet + b.CardsFee + b.GameFee
			}
		}
		return n
	},
	onBox: func(r splitpoker.Rules, spot string, n int) bool {
		m, _, err := splitpoker.ParseSpot(r, spot)
		return err == nil && m == n
	},
	// The Ante's: the table sign's (ru §3.6–3.7).
	limit: func(r splitpoker.Rules) round.Limit { return r.Limits.Ante },
}

// felt is the round's felt, every card dealt with its mark: the dealer's
// fifth face up, his first four hidden until he reveals them (ru
// §3.17), then his small hand face up (§5.5); a box's five, the two it
// bought, or its free small hand, which nobody sees, its player
// neither, until the showdown (§3.20: the engine marks it hidden).
func (e splitEngine) felt() Felt {
	s := e.s
	seats := make([]studSeat, 0, len(s.Boxes))
	for _, b := range s.Boxes {
		held := b.Cards
		if !b.Bought {
			held = slices.Concat(b.Cards, b.Small)
		}
		box := FeltBox{Action: studAction(b.Action, b.Choice), Settled: b.Settled,
			Stakes: stakes("ante", b.Ante, "royal_bonus", b.RoyalBonus, "bet", b.Bet, "buy_cards", b.CardsFee, "buy_game", b.GameFee)}
		seats = append(seats, studSeat{n: b.N, player: s.Owner(b.N), hand: studHand{held: held, shown: b.Shown}, box: box})
	}
	return studFelt(s.Deals, studHand{held: slices.Concat(s.Dealer, s.Replaced, s.DealerSmall), shown: s.DealerShown}, seats,
		FeltTurn{Seq: s.Turn.Seq, Box: s.Turn.Box, Player: s.Turn.Player}, enumName(s.Stage))
}

func (e splitEngine) legal(player string) []PokerLegal {
	var out []PokerLegal
	for _, m := range splitpoker.Legal(*e.r, e.s, player) {
		l := PokerLegal{Kind: m.Kind.String(), Box: m.Box, Spot: m.Spot, BetID: m.BetID, Min: m.Min, Max: m.Max, Seq: m.Seq, Cards: m.Cards}
		if m.Action != 0 {
			l.Action = m.Action.String()
		}
		out = append(out, l)
	}
	return out
}
