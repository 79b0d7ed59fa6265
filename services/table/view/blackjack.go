package view

import (
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/card"
)

// Blackjack converts a blackjack table's felt as house filtered it for
// the viewer you (his key).
func Blackjack(b *house.BlackjackView, you string) *tablev1.BlackjackRound {
	if b == nil {
		return nil
	}
	s := &b.Round
	out := &tablev1.BlackjackRound{Dealer: card.Strings(s.Dealer), ShoeDealt: int32(s.Shoe.Drawn), MarkerOut: s.Shoe.MarkerOut,
		DecisionClockMs: int32(b.Clock)}
	if s.Stage != 0 {
		out.Stage = s.Stage.String()
	}
	out.DealerTotal, _ = total(s.Dealer)
	for _, bx := range s.Boxes {
		pb := &tablev1.BlackjackBox{Box: int32(bx.N)}
		names := b.Names[bx.N]
		for k, bt := range bx.Bettors {
			pt := &tablev1.BlackjackBettor{Stake: bt.Stake, Insurance: bt.Insurance, EvenMoney: bt.EvenMoney, Surrendered: bt.Surrendered,
				You: bt.Player != "" && bt.Player == you}
			if k < len(names) {
				pt.Name = names[k]
			}
			if bt.Player != "" {
				_, pt.PlayerId = game.SplitKey(bt.Player)
			}
			pb.Bettors = append(pb.Bettors, pt)
		}
		for _, h := range bx.Hands {
			ph := &tablev1.BlackjackHand{Id: int32(h.ID), Cards: card.Strings(h.Cards), Split: h.Split, Doubled: h.Doubled, Done: h.Done}
			ph.Total, ph.Soft = total(h.Cards)
			for k, st := range h.Stakes {
				if st.Base > 0 || st.Double > 0 {
					ph.Stakes = append(ph.Stakes, &tablev1.BlackjackStake{Bettor: int32(k), Base: st.Base, Double: st.Double, Settled: st.Settled})
				}
			}
			pb.Hands = append(pb.Hands, ph)
		}
		out.Boxes = append(out.Boxes, pb)
	}
	t := s.Turn
	out.Turn = &tablev1.BlackjackTurn{Seq: int32(t.Seq), Box: int32(t.Box), Hand: int32(t.Hand), Player: b.TurnName, Follow: BJAction(t.Follow)}
	if b.Deadline > 0 {
		out.Turn.Deadline = ms(b.Deadline)
	}
	for _, m := range b.Legal {
		out.Legal = append(out.Legal, &tablev1.BlackjackMove{Kind: MoveKind(m.Kind), Box: int32(m.Box), Hand: int32(m.Hand), Action: BJAction(m.Action),
			Min: m.Min, Max: m.Max, Decline: m.Decline, Seq: int32(m.Seq)})
	}
	for i := range b.Shoes {
		out.Shoes = append(out.Shoes, Shoe(&b.Shoes[i]))
	}
	return out
}

func total(cs []card.Card) (int32, bool) {
	if len(cs) == 0 {
		return 0, false
	}
	n, soft := blackjack.Value(cs)
	return int32(n), soft
}

// Shoe converts a shoe's public record.
func Shoe(r *house.ShoeRecord) *tablev1.BlackjackShoe {
	return &tablev1.BlackjackShoe{Number: r.N, RngOutcomeId: r.Outcome, Commitment: r.Commitment, Cards: int32(r.Cards),
		FirstRound: r.FirstRound, LastRound: r.LastRound, Dealt: int32(r.Dealt), Ended: r.Ended}
}

var moveKinds = map[blackjack.CommandKind]tablev1.BlackjackMoveKind{
	blackjack.CmdPlace: tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_BET, blackjack.CmdCancel: tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_CANCEL,
	blackjack.CmdInsure: tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_INSURE, blackjack.CmdEvenMoney: tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_EVEN_MONEY,
	blackjack.CmdSurrender: tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_SURRENDER, blackjack.CmdDecide: tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_DECIDE,
	blackjack.CmdFollow: tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_FOLLOW,
}

// MoveKind converts a player's move kind.
func MoveKind(k blackjack.CommandKind) tablev1.BlackjackMoveKind { return moveKinds[k] }

// MoveKindOf converts an API move kind to the engine's (false: not a move
// PlayBlackjack makes).
func MoveKindOf(k tablev1.BlackjackMoveKind) (blackjack.CommandKind, bool) {
	for c, pk := range moveKinds {
		if pk == k && c != blackjack.CmdPlace && c != blackjack.CmdCancel {
			return c, true
		}
	}
	return 0, false
}

// BJAction converts a blackjack decision.
func BJAction(a blackjack.Action) tablev1.BlackjackAction {
	if a >= blackjack.Hit && a <= blackjack.Surrender {
		return tablev1.BlackjackAction(a)
	}
	return tablev1.BlackjackAction_BLACKJACK_ACTION_UNSPECIFIED
}

// BJActionOf converts an API blackjack decision (unspecified: none).
func BJActionOf(a tablev1.BlackjackAction) (blackjack.Action, bool) {
	if a < tablev1.BlackjackAction_BLACKJACK_ACTION_UNSPECIFIED || a > tablev1.BlackjackAction_BLACKJACK_ACTION_SURRENDER {
		return 0, false
	}
	return blackjack.Action(a), true
}

// BlackjackEvent converts a move as filtered for the viewer: the move's
// player's name, his id where the viewer may see it.
func BlackjackEvent(e house.Event) *tablev1.BlackjackEvent {
	m := e.Blackjack
	out := &tablev1.BlackjackEvent{Kind: m.Kind.String(), Name: e.Name, Box: int32(m.Box), Hand: int32(m.Hand), Action: BJAction(m.Action),
		Amount: m.Amount, Seq: int32(m.Seq), Total: int32(m.Total), Soft: m.Soft, Reason: m.Reason}
	if m.Player != "" {
		_, out.PlayerId = game.SplitKey(m.Player)
	}
	if m.Kind == blackjack.EvDealt {
		out.Card, out.ShoePosition, out.To = m.Deal.Card.String(), int32(m.Deal.Pos), m.Deal.To.String()
		out.Box, out.Hand = int32(m.Deal.Box), int32(m.Deal.Hand)
	}
	if e.Deadline > 0 {
		out.Deadline = ms(e.Deadline)
	}
	return out
}
