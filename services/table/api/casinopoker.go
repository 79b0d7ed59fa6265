package api

import (
	"context"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// CasinoPokerHandler implements tablev1connect.CasinoPokerServiceHandler:
// a player's decisions at a casino poker table.
type CasinoPokerHandler struct{ core *table.Service }

var _ tablev1connect.CasinoPokerServiceHandler = (*CasinoPokerHandler)(nil)

// Bounds of a decision: an action's name (the games' are short words),
// its cards (a bought Split poker hand's seven).
const (
	maxAction = 16
	maxCards  = 7
)

// validatePlayCasinoPoker checks a decision's request before the table
// sees it; the table's engine checks the action against its game.
func validatePlayCasinoPoker(m *tablev1.PlayCasinoPokerRequest) (house.PokerMove, error) {
	if err := checkTable(m.GetTableId()); err != nil {
		return house.PokerMove{}, err
	}
	if err := checkRound(m.GetRound()); err != nil {
		return house.PokerMove{}, err
	}
	if err := checkKey(m.GetIdempotencyKey(), true); err != nil {
		return house.PokerMove{}, err
	}
	switch a := m.GetAction(); {
	case a == "" || len(a) > maxAction:
		return house.PokerMove{}, apierr.Invalid("BAD_ACTION", "action %q: the game's decision (\"call\", \"fold\", \"check\", \"play\")", a)
	case m.GetBox() < 1 || m.GetBox() > maxBox:
		return house.PokerMove{}, apierr.Invalid("BAD_BOX", "box %d: want 1..%d", m.GetBox(), maxBox)
	case m.GetSeq() < 0 || m.GetSeq() > maxWait:
		return house.PokerMove{}, apierr.Invalid("BAD_SEQ", "seq %d", m.GetSeq())
	case m.GetAmount() != 0:
		if err := checkAmount("amount", m.GetAmount()); err != nil {
			return house.PokerMove{}, err
		}
	}
	if m.GetInsurance() != 0 {
		if err := checkAmount("insurance", m.GetInsurance()); err != nil {
			return house.PokerMove{}, err
		}
	}
	if len(m.GetCards()) > maxCards {
		return house.PokerMove{}, apierr.Invalid("BAD_CARDS", "%d cards: a decision names at most %d", len(m.GetCards()), maxCards)
	}
	var cards []card.Card
	if len(m.GetCards()) > 0 {
		var err error
		if cards, err = card.ParseList(m.GetCards()); err != nil {
			return house.PokerMove{}, apierr.Invalid("BAD_CARDS", "cards %v: %v", m.GetCards(), err)
		}
	}
	return house.PokerMove{Kind: "decide", Box: int(m.GetBox()), Action: m.GetAction(), Amount: m.GetAmount(), Seq: int(m.GetSeq()), Cards: cards,
		Insurance: m.GetInsurance()}, nil
}

// PlayCasinoPoker makes one of the caller's decisions.
func (h *CasinoPokerHandler) PlayCasinoPoker(ctx context.Context, req *connect.Request[tablev1.PlayCasinoPokerRequest]) (*connect.Response[tablev1.PlayCasinoPokerResponse], error) {
	m := req.Msg
	mv, verr := validatePlayCasinoPoker(m)
	who, err := bankedPlayer(ctx, verr)
	if err != nil {
		return nil, err
	}
	res, err := h.core.PlayMove(ctx, m.GetTableId(), who, m.GetRound(), table.Move{Poker: &mv}, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.PlayCasinoPokerResponse{Round: res.Round, Stake: res.Stake, Replayed: res.Replayed}), nil
}
