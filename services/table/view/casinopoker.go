package view

import (
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/card"
)

// CasinoPoker converts a casino poker table's felt as house filtered it
// for the viewer you (his key): only the cards he may see are in it.
func CasinoPoker(p *house.PokerView, you string) *tablev1.CasinoPokerRound {
	if p == nil {
		return nil
	}
	f := &p.Felt
	out := &tablev1.CasinoPokerRound{Stage: f.Stage, Dealer: card.Strings(f.Dealer), DealerUnseen: int32(f.DealerUnseen),
		Board: card.Strings(f.Board), Burns: int32(f.Burns), DecisionClockMs: int32(p.Clock)}
	for _, b := range f.Boxes {
		pb := &tablev1.CasinoPokerBox{Box: int32(b.N), Name: b.Name, You: b.Player != "" && b.Player == you, Cards: card.Strings(b.Cards),
			UnseenCards: int32(b.Unseen), Action: b.Action, Shown: b.Shown, Settled: b.Settled}
		if b.Player != "" {
			_, pb.PlayerId = game.SplitKey(b.Player)
		}
		for _, s := range b.Stakes {
			pb.Stakes = append(pb.Stakes, &tablev1.CasinoPokerStake{Kind: s.Kind, Amount: s.Amount})
		}
		out.Boxes = append(out.Boxes, pb)
	}
	out.Turn = &tablev1.CasinoPokerTurn{Seq: int32(f.Turn.Seq), Box: int32(f.Turn.Box), Player: f.Turn.Name}
	if p.Deadline > 0 {
		out.Turn.Deadline = ms(p.Deadline)
	}
	for _, m := range p.Legal {
		out.Legal = append(out.Legal, &tablev1.CasinoPokerMove{Kind: m.Kind, Box: int32(m.Box), Spot: m.Spot, BetId: m.BetID, Action: m.Action,
			Min: m.Min, Max: m.Max, Seq: int32(m.Seq), InsuranceMin: m.InsuranceMin, InsuranceMax: m.InsuranceMax, Cards: card.Strings(m.Cards)})
	}
	for _, r := range p.Shoes {
		out.Decks = append(out.Decks, &tablev1.CasinoPokerDeck{Number: r.N, RngOutcomeId: r.Outcome, Commitment: r.Commitment,
			Round: r.FirstRound, Dealt: int32(r.Dealt), Ended: r.Ended})
	}
	return out
}

// CasinoPokerEvent converts a move as filtered for the viewer: the cards
// he may see, the move's player's name and his id where the viewer may
// see it.
func CasinoPokerEvent(e house.Event) *tablev1.CasinoPokerEvent {
	m := e.Poker
	out := &tablev1.CasinoPokerEvent{Kind: m.Kind, Name: e.Name, Box: int32(m.Box), Action: m.Action, Amount: m.Amount, Seq: int32(m.Seq),
		To: m.To, DeckPosition: int32(m.Pos), Cards: card.Strings(m.Cards), UnseenCards: int32(m.Unseen), Hand: m.Hand,
		Qualifies: m.Qualifies, Reason: m.Reason}
	if m.Player != "" {
		_, out.PlayerId = game.SplitKey(m.Player)
	}
	if e.Deadline > 0 {
		out.Deadline = ms(e.Deadline)
	}
	return out
}

// Paytable converts a table's paytables.
func Paytable(lines []house.PaytableLine) []*tablev1.PaytableLine {
	var out []*tablev1.PaytableLine
	for _, l := range lines {
		out = append(out, &tablev1.PaytableLine{Bet: l.Bet, Line: l.Line, Pays: l.Pays, Source: l.Source})
	}
	return out
}
