package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/casinoholdem"
	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
)

// holdemEngine is package casinoholdem behind the table (Casino Hold'em,
// gr; Texas Hold'em vs casino, ru): the bets, "no more bets" and the
// operator's void go as at the other tables; the deal, the boxes'
// decisions and the showdown are moves (CmdPlay, PokerMove).
type holdemEngine struct {
	pokerEngine[casinoholdem.Rules, casinoholdem.State, casinoholdem.Command, casinoholdem.Event]
}

func newHoldem(r *casinoholdem.Rules, s *casinoholdem.State) holdemEngine {
	return holdemEngine{pokerEngine[casinoholdem.Rules, casinoholdem.State, casinoholdem.Command, casinoholdem.Event]{r: r, s: s, op: &holdemOps}}
}

var holdemOps = pokerOps[casinoholdem.Rules, casinoholdem.State, casinoholdem.Command, casinoholdem.Event]{
	apply:      casinoholdem.Apply,
	checkPlace: casinoholdem.CheckPlace,
	clone:      func(s *casinoholdem.State) *casinoholdem.State { c := s.Clone(); return &c },
	command: func(c pokerCmd) (casinoholdem.Command, error) {
		kind, action, err := pokerNames[casinoholdem.CommandKind, casinoholdem.Action](c)
		return casinoholdem.Command{Kind: kind, Round: c.Round, Player: c.Player, Box: c.Box, Bets: c.Bets, BetIDs: c.BetIDs, Card: c.Card,
			Pos: c.Pos, Action: action, Amount: c.Amount, Seq: c.Seq, Reason: c.Reason}, err
	},
	read: func(s *casinoholdem.State) pokerRound {
		return pokerRound{Round: s.Round, Phase: s.Phase, Bets: s.Bets, Cancelled: s.Cancelled, Lines: s.Lines, Reason: s.Reason,
			Turn: s.Turn.Seq, Next: s.Next.To}
	},
	owner: (*casinoholdem.State).Owner,
	event: func(ev *casinoholdem.Event) (PokerEvent, deck.Deal) {
		pe := PokerEvent{Kind: ev.Kind.String(), Player: ev.Player, Box: ev.Box, Amount: ev.Amount, Seq: ev.Seq, Cards: ev.Cards, Vis: ev.Vis,
			Hand: ev.Hand, Qualifies: ev.Qualifies, Bets: ev.Bets, Lines: ev.Lines, Order: ev.Order, Reason: ev.Reason}
		if ev.Action != 0 {
			pe.Action = ev.Action.String()
		}
		return pe, ev.Deal
	},
	// The Call (2 × Ante, gr §3).
	staked: func(s *casinoholdem.State, player string) (n int64) {
		for _, b := range s.Boxes {
			if b.Player == player {
				n += b.Call
			}
		}
		return n
	},
	onBox: func(r casinoholdem.Rules, spot string, n int) bool {
		m, _, err := casinoholdem.ParseSpot(r, spot)
		return err == nil && m == n
	},
	// The Ante's: the table sign's (gr §1).
	limit: func(r casinoholdem.Rules) round.Limit { return r.Limits.Ante },
}

// felt is the round's felt, every card with its mark.
func (e holdemEngine) felt() Felt {
	s := e.s
	boxes := make([]FeltBox, 0, len(s.Boxes))
	for _, b := range s.Boxes {
		boxes = append(boxes, FeltBox{N: b.N, Player: b.Player, Cards: slices.Clone(b.Cards), Shown: b.Shown, Settled: b.Settled,
			Action: enumName(b.Action), Stakes: stakes("ante", b.Ante, "aa_bonus", b.AABonus, "call", b.Call)})
	}
	return boardFelt(s.Deals, s.Owner, s.Dealer, s.Board, s.DealerShown, FeltTurn{Seq: s.Turn.Seq, Box: s.Turn.Box, Player: s.Turn.Player},
		s.Burns, enumName(s.Stage), boxes)
}

func (e holdemEngine) legal(player string) []PokerLegal {
	var out []PokerLegal
	for _, m := range casinoholdem.Legal(*e.r, e.s, player) {
		l := PokerLegal{Kind: m.Kind.String(), Box: m.Box, Spot: m.Spot, BetID: m.BetID, Min: m.Min, Max: m.Max, Seq: m.Seq}
		if m.Action != 0 {
			l.Action = m.Action.String()
		}
		out = append(out, l)
	}
	return out
}
