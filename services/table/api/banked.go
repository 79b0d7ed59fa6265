package api

import (
	"context"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/services/table/view"
	"github.com/croupier/croupier/shared/apierr"
)

// BankedHandler implements tablev1connect.BankedTableServiceHandler: the
// public API of the round-based banked games.
type BankedHandler struct {
	core *table.Service
	// pump sends event streams (shared with TableHandler: the same
	// draining signal and stream caps).
	pump *TableHandler
}

var _ tablev1connect.BankedTableServiceHandler = (*BankedHandler)(nil)

// ListBankedTables pages through the banked games' lobby.
func (h *BankedHandler) ListBankedTables(ctx context.Context, req *connect.Request[tablev1.ListBankedTablesRequest]) (*connect.Response[tablev1.ListBankedTablesResponse], error) {
	m := req.Msg
	if err := validateListBanked(m); err != nil {
		return nil, apierr.Connect(err)
	}
	all, err := h.core.BankedLobby(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	size := int(m.GetPageSize())
	if size == 0 {
		size = 100
	}
	out := &tablev1.ListBankedTablesResponse{}
	g, byGame := view.BankedGameOf(m.GetGame())
	for _, s := range all {
		switch {
		case m.GetPageToken() != "" && s.ID <= m.GetPageToken():
			continue
		case byGame && s.Game != g:
			continue
		case m.GetCurrency() != "" && m.GetCurrency() != s.Currency:
			continue
		}
		if len(out.Tables) == size {
			out.NextPageToken = out.Tables[size-1].GetTableId()
			break
		}
		out.Tables = append(out.Tables, view.BankedSummary(s, nil))
	}
	return connect.NewResponse(out), nil
}

// GetBankedTable returns the table as the caller may see it.
func (h *BankedHandler) GetBankedTable(ctx context.Context, req *connect.Request[tablev1.GetBankedTableRequest]) (*connect.Response[tablev1.GetBankedTableResponse], error) {
	id := req.Msg.GetTableId()
	v, err := bankedViewer(ctx, checkTable(id))
	if err != nil {
		return nil, err
	}
	bt, err := h.core.BankedTable(ctx, id, v)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.GetBankedTableResponse{Table: view.BankedTable(bt.View, &bt.Config, bt.Summary)}), nil
}

// bankedViewer checks a request's validation and returns its caller's
// viewer.
func bankedViewer(ctx context.Context, invalid error) (game.Viewer, error) {
	if invalid != nil {
		return game.Viewer{}, apierr.Connect(invalid)
	}
	who, err := caller(ctx)
	if err != nil {
		return game.Viewer{}, apierr.Connect(err)
	}
	return who.Viewer(), nil
}

// bankedPlayer checks a request's validation and returns its caller.
func bankedPlayer(ctx context.Context, invalid error) (table.Caller, error) {
	if invalid != nil {
		return table.Caller{}, apierr.Connect(invalid)
	}
	who, err := caller(ctx)
	if err != nil {
		return table.Caller{}, apierr.Connect(err)
	}
	return who, nil
}

// JoinBankedTable joins the caller to the table.
func (h *BankedHandler) JoinBankedTable(ctx context.Context, req *connect.Request[tablev1.JoinBankedTableRequest]) (*connect.Response[tablev1.JoinBankedTableResponse], error) {
	m := req.Msg
	who, err := bankedPlayer(ctx, validateJoinBanked(m))
	if err != nil {
		return nil, err
	}
	replayed, err := h.core.JoinBanked(ctx, m.GetTableId(), who, m.GetDisplayName(), m.GetCurrency())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.JoinBankedTableResponse{Replayed: replayed}), nil
}

// LeaveBankedTable leaves the table.
func (h *BankedHandler) LeaveBankedTable(ctx context.Context, req *connect.Request[tablev1.LeaveBankedTableRequest]) (*connect.Response[tablev1.LeaveBankedTableResponse], error) {
	who, err := bankedPlayer(ctx, checkTable(req.Msg.GetTableId()))
	if err != nil {
		return nil, err
	}
	if err := h.core.LeaveBanked(ctx, req.Msg.GetTableId(), who); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.LeaveBankedTableResponse{}), nil
}

// PlaceBets places a batch of the caller's bets.
func (h *BankedHandler) PlaceBets(ctx context.Context, req *connect.Request[tablev1.PlaceBetsRequest]) (*connect.Response[tablev1.PlaceBetsResponse], error) {
	m := req.Msg
	who, err := bankedPlayer(ctx, validatePlaceBets(m))
	if err != nil {
		return nil, err
	}
	bets := make([]round.Bet, len(m.GetBets()))
	for i, b := range m.GetBets() {
		bets[i] = round.Bet{ID: b.GetBetId(), Spot: b.GetSpot(), Amount: b.GetAmount()}
	}
	p, err := h.core.PlaceBets(ctx, m.GetTableId(), who, m.GetRound(), bets, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.PlaceBetsResponse{Round: p.Round, Bets: view.Bets(p.Bets), Stake: p.Stake, Replayed: p.Replayed}), nil
}

// CancelBets takes back bets of the caller.
func (h *BankedHandler) CancelBets(ctx context.Context, req *connect.Request[tablev1.CancelBetsRequest]) (*connect.Response[tablev1.CancelBetsResponse], error) {
	m := req.Msg
	who, err := bankedPlayer(ctx, validateCancelBets(m))
	if err != nil {
		return nil, err
	}
	c, err := h.core.CancelBets(ctx, m.GetTableId(), who, m.GetRound(), m.GetBetIds())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.CancelBetsResponse{Round: c.Round, Bets: view.Bets(c.Bets), Refund: c.Refund}), nil
}

// ChooseVoidOption records the caller's choice for a void money wheel
// spin.
func (h *BankedHandler) ChooseVoidOption(ctx context.Context, req *connect.Request[tablev1.ChooseVoidOptionRequest]) (*connect.Response[tablev1.ChooseVoidOptionResponse], error) {
	m := req.Msg
	who, err := bankedPlayer(ctx, validateChoose(m))
	if err != nil {
		return nil, err
	}
	choice := moneywheel.Carry
	if m.GetOption() == tablev1.VoidOption_VOID_OPTION_REFUND {
		choice = moneywheel.Refund
	}
	if err := h.core.ChooseVoidOption(ctx, m.GetTableId(), who, m.GetRound(), choice); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.ChooseVoidOptionResponse{}), nil
}

// SubscribeRounds streams the table's events for the caller.
func (h *BankedHandler) SubscribeRounds(ctx context.Context, req *connect.Request[tablev1.SubscribeRoundsRequest], stream *connect.ServerStream[tablev1.SubscribeRoundsResponse]) error {
	m := req.Msg
	v, err := bankedViewer(ctx, validateSubscribeRounds(m))
	if err != nil {
		return err
	}
	release, err := h.pump.streams.acquire(ctx)
	if err != nil {
		return apierr.Connect(err)
	}
	defer release()
	id := m.GetTableId()
	var snap *tablev1.BankedTableView
	sub, err := h.core.Subscribe(ctx, id, m.GetAfterEventId(), v, func(gt game.Table) error {
		t, ok := gt.(*house.Table)
		if !ok {
			return apierr.Precondition("WRONG_GAME", "table %s is not a banked table: follow it with TableService", id)
		}
		snap = view.BankedTable(t.View(v), &t.Config, t.Summarize())
		return nil
	})
	if err != nil {
		return apierr.Connect(err)
	}
	defer sub.Close()
	if sub.Snapshot {
		first := []*tablev1.RoundEvent{{EventId: table.SnapshotID(sub.Version), TableId: id, Round: snap.GetRound(),
			Event: &tablev1.RoundEvent_Snapshot{Snapshot: snap}}}
		if err := stream.Send(&tablev1.SubscribeRoundsResponse{Events: first}); err != nil {
			return err
		}
	}
	convert := func(out []*tablev1.RoundEvent, b table.Batch) []*tablev1.RoundEvent {
		events, _ := b.Events.([]house.Event)
		if v.Internal || b.Shared == nil || b.Only != "" {
			return view.RoundEvents(out, id, b.Version, events, b.From, v, table.EventID)
		}
		// A round's end has one event per player: each stream converts the
		// public ones and its own, found through an index built once.
		x := b.Shared.Get(func() any { return view.IndexRounds(events) }).(*view.RoundIndex)
		return view.RoundEventsAt(out, id, b.Version, events, x.For(v.Player, b.From), v, table.EventID)
	}
	return pumpEvents(ctx, h.pump, sub, convert, nil, nil, func(evs []*tablev1.RoundEvent, _ *tablev1.PlayResult) error {
		return stream.Send(&tablev1.SubscribeRoundsResponse{Events: evs})
	})
}

// ListRounds lists the table's last results, newest first.
func (h *BankedHandler) ListRounds(ctx context.Context, req *connect.Request[tablev1.ListRoundsRequest]) (*connect.Response[tablev1.ListRoundsResponse], error) {
	id := req.Msg.GetTableId()
	if _, err := bankedViewer(ctx, checkTable(id)); err != nil {
		return nil, err
	}
	rs, err := h.core.RoundResults(ctx, id)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.ListRoundsResponse{Rounds: view.Rounds(id, rs)}), nil
}

// GetRound returns a finished round's record as the caller may see it.
func (h *BankedHandler) GetRound(ctx context.Context, req *connect.Request[tablev1.GetRoundRequest]) (*connect.Response[tablev1.GetRoundResponse], error) {
	m := req.Msg
	v, err := bankedViewer(ctx, validateRoundID(m.GetTableId(), m.GetRoundId()))
	if err != nil {
		return nil, err
	}
	r, err := h.core.RoundRecord(ctx, m.GetTableId(), m.GetRoundId(), v)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.GetRoundResponse{Round: view.RoundRecord(r, v)}), nil
}

// GetGameRecall returns the caller's current and last rounds.
func (h *BankedHandler) GetGameRecall(ctx context.Context, req *connect.Request[tablev1.GetGameRecallRequest]) (*connect.Response[tablev1.GetGameRecallResponse], error) {
	id := req.Msg.GetTableId()
	v, err := bankedViewer(ctx, checkTable(id))
	if err != nil {
		return nil, err
	}
	rc, err := h.core.GameRecall(ctx, id, v)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out := &tablev1.GetGameRecallResponse{}
	if rc.Current != nil {
		bt, err := h.core.BankedTable(ctx, id, v)
		if err != nil {
			return nil, apierr.Connect(err)
		}
		out.Current = view.BankedTable(*rc.Current, &bt.Config, bt.Summary)
	}
	for _, r := range rc.Rounds {
		out.Rounds = append(out.Rounds, view.RoundRecord(r, v))
	}
	return connect.NewResponse(out), nil
}

// GetRoundProof returns an rng round's fairness proof.
func (h *BankedHandler) GetRoundProof(ctx context.Context, req *connect.Request[tablev1.GetRoundProofRequest]) (*connect.Response[tablev1.GetRoundProofResponse], error) {
	m := req.Msg
	v, err := bankedViewer(ctx, validateRoundID(m.GetTableId(), m.GetRoundId()))
	if err != nil {
		return nil, err
	}
	p, err := h.core.RoundProof(ctx, m.GetTableId(), m.GetRoundId(), v)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.GetRoundProofResponse{RoundId: p.RoundID, Commitment: p.Commitment, RngOutcomeId: p.Outcome,
		Revealed: p.Reveal != nil, Reveal: p.Reveal, Opened: p.Opened}), nil
}
