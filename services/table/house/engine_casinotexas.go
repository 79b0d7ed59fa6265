package house

import (
	"slices"
	"strings"

	"github.com/croupier/croupier/services/table/banked/casinotexas"
	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
)

// texasEngine is package casinotexas behind the table (Casino Texas
// Hold'em, cz): the bets, "no more bets" and the operator's void go as
// at the other tables; the deal, the boxes' decisions and the showdown
// are moves (CmdPlay, PokerMove).
type texasEngine struct {
	pokerEngine[casinotexas.Rules, casinotexas.State, casinotexas.Command, casinotexas.Event]
}

func newTexas(r *casinotexas.Rules, s *casinotexas.State) texasEngine {
	return texasEngine{pokerEngine[casinotexas.Rules, casinotexas.State, casinotexas.Command, casinotexas.Event]{r: r, s: s, op: &texasOps}}
}

var texasOps = pokerOps[casinotexas.Rules, casinotexas.State, casinotexas.Command, casinotexas.Event]{
	apply:      casinotexas.Apply,
	checkPlace: casinotexas.CheckPlace,
	clone:      func(s *casinotexas.State) *casinotexas.State { c := s.Clone(); return &c },
	command: func(c pokerCmd) (casinotexas.Command, error) {
		kind, action, err := pokerNames[casinotexas.CommandKind, casinotexas.Action](c)
		return casinotexas.Command{Kind: kind, Round: c.Round, Player: c.Player, Box: c.Box, Bets: c.Bets, BetIDs: c.BetIDs, Card: c.Card,
			Pos: c.Pos, Action: action, Amount: c.Amount, Seq: c.Seq, Reason: c.Reason}, err
	},
	read: func(s *casinotexas.State) pokerRound {
		return pokerRound{Round: s.Round, Phase: s.Phase, Bets: s.Bets, Cancelled: s.Cancelled, Lines: s.Lines, Reason: s.Reason,
			Turn: s.Turn.Seq, Next: s.Next.To}
	},
	owner: (*casinotexas.State).Owner,
	event: func(ev *casinotexas.Event) (PokerEvent, deck.Deal) {
		pe := PokerEvent{Kind: ev.Kind.String(), Player: ev.Player, Box: ev.Box, Amount: ev.Amount, Seq: ev.Seq, Cards: ev.Cards, Vis: ev.Vis,
			Hand: ev.Hand, Qualifies: ev.Qualifies, Bets: ev.Bets, Lines: ev.Lines, Order: ev.Order, Reason: ev.Reason}
		if ev.Action != 0 {
			pe.Action = ev.Action.String()
		}
		return pe, ev.Deal
	},
	// The Play (cz §3).
	staked: func(s *casinotexas.State, player string) (n int64) {
		for _, b := range s.Boxes {
			if b.Player == player {
				n += b.Play
			}
		}
		return n
	},
	onBox: func(r casinotexas.Rules, spot string, n int) bool {
		m, _, err := casinotexas.ParseSpot(r, spot)
		return err == nil && m == n
	},
	// The Ante's, which the Blind equals (cz §3).
	limit: func(r casinotexas.Rules) round.Limit { return r.Limits.Ante },
}

// place places what checkPlace said: each Ante brings its Blind again
// (cz §3), so the Blinds it listed are left out.
func (e texasEngine) place(who string, n int64, bets []round.Bet) ([]happening, error) {
	ante := make([]round.Bet, 0, len(bets))
	for _, b := range bets {
		if !strings.HasSuffix(b.Spot, "/"+casinotexas.BetBlind.String()) {
			ante = append(ante, b)
		}
	}
	return e.do(pokerCmd{Kind: "place", Round: n, Player: who, Bets: ante})
}

// felt is the round's felt, every card with its mark.
func (e texasEngine) felt() Felt {
	s := e.s
	stage := enumName(s.Stage)
	if s.Street != 0 {
		stage += "/" + s.Street.String()
	}
	boxes := make([]FeltBox, 0, len(s.Boxes))
	for _, b := range s.Boxes {
		boxes = append(boxes, FeltBox{N: b.N, Player: b.Player, Cards: slices.Clone(b.Cards), Shown: b.Shown, Settled: b.Settled,
			Action: enumName(b.Action), Stakes: stakes("ante", b.Ante, "blind", b.Blind, "trips", b.Trips, "play", b.Play)})
	}
	return boardFelt(s.Deals, s.Owner, s.Dealer, s.Board, s.DealerShown, FeltTurn{Seq: s.Turn.Seq, Box: s.Turn.Box, Player: s.Turn.Player},
		s.Burns, stage, boxes)
}

func (e texasEngine) legal(player string) []PokerLegal {
	var out []PokerLegal
	for _, m := range casinotexas.Legal(*e.r, e.s, player) {
		l := PokerLegal{Kind: m.Kind.String(), Box: m.Box, Spot: m.Spot, BetID: m.BetID, Min: m.Min, Max: m.Max, Seq: m.Seq}
		if m.Action != 0 {
			l.Action = m.Action.String()
		}
		out = append(out, l)
	}
	return out
}
