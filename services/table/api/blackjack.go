package api

import (
	"context"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/view"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// BlackjackHandler implements tablev1connect.BlackjackServiceHandler: a
// player's moves at a blackjack table.
type BlackjackHandler struct{ core *table.Service }

var _ tablev1connect.BlackjackServiceHandler = (*BlackjackHandler)(nil)

// Bounds of a move's numbers.
const (
	maxBox  = 16
	maxHand = 16
	maxWait = 1 << 20
)

// validatePlayBlackjack checks a move's request before the table sees it.
func validatePlayBlackjack(m *tablev1.PlayBlackjackRequest) (blackjack.Command, error) {
	if err := checkTable(m.GetTableId()); err != nil {
		return blackjack.Command{}, err
	}
	if err := checkRound(m.GetRound()); err != nil {
		return blackjack.Command{}, err
	}
	if err := checkKey(m.GetIdempotencyKey(), true); err != nil {
		return blackjack.Command{}, err
	}
	kind, ok := view.MoveKindOf(m.GetKind())
	if !ok {
		return blackjack.Command{}, apierr.Invalid("BAD_MOVE", "kind %v: insure, even money, surrender, decide or follow (bets go through PlaceBets)", m.GetKind())
	}
	action, ok := view.BJActionOf(m.GetAction())
	switch {
	case !ok:
		return blackjack.Command{}, apierr.Invalid("BAD_ACTION", "action %v", m.GetAction())
	case kind == blackjack.CmdDecide && action == 0:
		return blackjack.Command{}, apierr.Invalid("BAD_ACTION", "a decision names its action")
	case m.GetBox() < 1 || m.GetBox() > maxBox:
		return blackjack.Command{}, apierr.Invalid("BAD_BOX", "box %d: want 1..%d", m.GetBox(), maxBox)
	case m.GetHand() < 0 || m.GetHand() > maxHand:
		return blackjack.Command{}, apierr.Invalid("BAD_HAND", "hand %d: want 0..%d", m.GetHand(), maxHand)
	case m.GetSeq() < 0 || m.GetSeq() > maxWait:
		return blackjack.Command{}, apierr.Invalid("BAD_SEQ", "seq %d", m.GetSeq())
	case m.GetAmount() != 0:
		if err := checkAmount("amount", m.GetAmount()); err != nil {
			return blackjack.Command{}, err
		}
	}
	return blackjack.Command{Kind: kind, Box: int(m.GetBox()), Hand: int(m.GetHand()), Action: action, Amount: m.GetAmount(),
		Decline: m.GetDecline(), Seq: int(m.GetSeq())}, nil
}

// PlayBlackjack makes one of the caller's moves.
func (h *BlackjackHandler) PlayBlackjack(ctx context.Context, req *connect.Request[tablev1.PlayBlackjackRequest]) (*connect.Response[tablev1.PlayBlackjackResponse], error) {
	m := req.Msg
	mv, verr := validatePlayBlackjack(m)
	who, err := bankedPlayer(ctx, verr)
	if err != nil {
		return nil, err
	}
	res, err := h.core.PlayMove(ctx, m.GetTableId(), who, m.GetRound(), table.Move{Blackjack: &mv}, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.PlayBlackjackResponse{Round: res.Round, Stake: res.Stake, Replayed: res.Replayed}), nil
}

// validateDealCard checks a shoe reader's card.
func validateDealCard(m *tablev1.DealCardRequest) (table.DealerReport, error) {
	if err := checkTable(m.GetTableId()); err != nil {
		return table.DealerReport{}, err
	}
	c, err := card.Parse(m.GetCard())
	if err != nil {
		return table.DealerReport{}, apierr.Invalid("BAD_CARD", "card %q: want card notation (\"As\", \"Td\")", m.GetCard())
	}
	if p := m.GetShoePosition(); p < 0 || p > 8*card.NumCards {
		return table.DealerReport{}, apierr.Invalid("BAD_POSITION", "shoe_position %d: want 0..%d", p, 8*card.NumCards)
	}
	return table.DealerReport{Card: c, Pos: int(m.GetShoePosition()), Burn: m.GetBurn()}, nil
}

// DealCard reports a card from the shoe reader.
func (h *DealerHandler) DealCard(ctx context.Context, req *connect.Request[tablev1.DealCardRequest]) (*connect.Response[tablev1.DealCardResponse], error) {
	mv, err := validateDealCard(req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.DealerMove(ctx, req.Msg.GetTableId(), mv); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.DealCardResponse{}), nil
}

// validateShuffleShoe checks a dealer's shuffle, marker or dealer change.
func validateShuffleShoe(m *tablev1.ShuffleShoeRequest) (table.DealerReport, error) {
	if err := checkTable(m.GetTableId()); err != nil {
		return table.DealerReport{}, err
	}
	max := int32(8 * card.NumCards)
	switch n := 0; {
	case m.GetCut() < 0 || m.GetCut() > max || m.GetMarker() < 0 || m.GetMarker() > max:
		return table.DealerReport{}, apierr.Invalid("BAD_SHUFFLE", "cut %d, marker %d: want 0..%d", m.GetCut(), m.GetMarker(), max)
	default:
		if m.GetMarkerOut() {
			n++
		}
		if m.GetDealerChange() {
			n++
		}
		if n > 1 || (n == 1 && (m.GetCut() != 0 || m.GetMarker() != 0)) {
			return table.DealerReport{}, apierr.Invalid("BAD_SHUFFLE", "one of: a shuffle (cut, marker), the marker out, a dealer change")
		}
	}
	if m.GetMarkerOut() || m.GetDealerChange() {
		return table.DealerReport{MarkerOut: m.GetMarkerOut(), DealerChange: m.GetDealerChange()}, nil
	}
	return table.DealerReport{Shuffle: true, Cut: int(m.GetCut()), Marker: int(m.GetMarker())}, nil
}

// ShuffleShoe reports a new shoe, the marker out, or a dealer change.
func (h *DealerHandler) ShuffleShoe(ctx context.Context, req *connect.Request[tablev1.ShuffleShoeRequest]) (*connect.Response[tablev1.ShuffleShoeResponse], error) {
	mv, err := validateShuffleShoe(req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.DealerMove(ctx, req.Msg.GetTableId(), mv); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.ShuffleShoeResponse{}), nil
}
