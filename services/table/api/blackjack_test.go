package api

import (
	"testing"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
)

func blackjackCases() []bankedCase {
	play := func(f func(m *tablev1.PlayBlackjackRequest)) *tablev1.PlayBlackjackRequest {
		m := &tablev1.PlayBlackjackRequest{TableId: "t1", Kind: tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_DECIDE, Box: 3, Hand: 1,
			Action: tablev1.BlackjackAction_BLACKJACK_ACTION_HIT, Seq: 4, IdempotencyKey: "k1"}
		if f != nil {
			f(m)
		}
		return m
	}
	return []bankedCase{
		{"a hit", play(nil), ""},
		{"a double for less", play(func(m *tablev1.PlayBlackjackRequest) {
			m.Action, m.Amount = tablev1.BlackjackAction_BLACKJACK_ACTION_DOUBLE, 50
		}), ""},
		{"insurance declined", play(func(m *tablev1.PlayBlackjackRequest) {
			m.Kind, m.Action, m.Decline = tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_INSURE, 0, true
		}), ""},
		{"a bet through PlayBlackjack", play(func(m *tablev1.PlayBlackjackRequest) { m.Kind = tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_BET }), "BAD_MOVE"},
		{"no kind", play(func(m *tablev1.PlayBlackjackRequest) { m.Kind = 0 }), "BAD_MOVE"},
		{"a decision without its action", play(func(m *tablev1.PlayBlackjackRequest) { m.Action = 0 }), "BAD_ACTION"},
		{"an unknown action", play(func(m *tablev1.PlayBlackjackRequest) { m.Action = 99 }), "BAD_ACTION"},
		{"box 0", play(func(m *tablev1.PlayBlackjackRequest) { m.Box = 0 }), "BAD_BOX"},
		{"hand 17", play(func(m *tablev1.PlayBlackjackRequest) { m.Hand = 17 }), "BAD_HAND"},
		{"a negative seq", play(func(m *tablev1.PlayBlackjackRequest) { m.Seq = -1 }), "BAD_SEQ"},
		{"a negative amount", play(func(m *tablev1.PlayBlackjackRequest) { m.Amount = -5 }), "BAD_AMOUNT"},
		{"no idempotency key", play(func(m *tablev1.PlayBlackjackRequest) { m.IdempotencyKey = "" }), "BAD_IDEMPOTENCY_KEY"},
		{"a card", &tablev1.DealCardRequest{TableId: "t1", Card: "As"}, ""},
		{"a burn at position 4", &tablev1.DealCardRequest{TableId: "t1", Card: "Td", ShoePosition: 4, Burn: true}, ""},
		{"not a card", &tablev1.DealCardRequest{TableId: "t1", Card: "1x"}, "BAD_CARD"},
		{"position past 8 decks", &tablev1.DealCardRequest{TableId: "t1", Card: "As", ShoePosition: 417}, "BAD_POSITION"},
		{"a shuffle", &tablev1.ShuffleShoeRequest{TableId: "t1", Cut: 60, Marker: 250}, ""},
		{"a dealer change", &tablev1.ShuffleShoeRequest{TableId: "t1", DealerChange: true}, ""},
		{"a dealer change with a cut", &tablev1.ShuffleShoeRequest{TableId: "t1", DealerChange: true, Cut: 60}, "BAD_SHUFFLE"},
		{"a negative marker", &tablev1.ShuffleShoeRequest{TableId: "t1", Marker: -1}, "BAD_SHUFFLE"},
	}
}

func TestBlackjackValidation(t *testing.T) { runBankedCases(t, blackjackCases()) }
