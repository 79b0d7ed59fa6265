package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/seating"
	"github.com/croupier/croupier/services/table/view"
	"github.com/croupier/croupier/shared/apierr"
)

// AdminHandler implements tablev1connect.TableAdminServiceHandler.
type AdminHandler struct {
	core *table.Service
}

var _ tablev1connect.TableAdminServiceHandler = (*AdminHandler)(nil)

func money(amount int64, currency string) *commonv1.Money {
	return &commonv1.Money{Amount: amount, Currency: currency}
}

// CreateTable opens a table.
func (h *AdminHandler) CreateTable(ctx context.Context, req *connect.Request[tablev1.CreateTableRequest]) (*connect.Response[tablev1.CreateTableResponse], error) {
	m := req.Msg
	if err := validateCreate(m); err != nil {
		return nil, apierr.Connect(err)
	}
	sum, err := h.core.CreateTable(ctx, tableSpec(m))
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.CreateTableResponse{Table: view.Summary(sum)}), nil
}

// tableSpec is the core's spec of a validated CreateTable request.
func tableSpec(m *tablev1.CreateTableRequest) table.TableSpec {
	game, _ := view.GameOf(m.GetGame())
	st, _ := view.StructureOf(m.GetStructure())
	return table.TableSpec{
		Name: m.GetName(), Game: game, Structure: st, Stakes: view.StakesOf(m.GetStakes()), MaxSeats: int(m.GetMaxSeats()),
		Profile: m.GetProfile(), Options: m.GetOptions(), MinBuyIn: m.GetStakes().GetMinBuyIn(), MaxBuyIn: m.GetStakes().GetMaxBuyIn(),
		Clock: view.ClockOf(m.GetClock()), Tournament: m.GetTournamentId(), FirstButton: int(m.GetFirstButton()), Key: m.GetIdempotencyKey()}
}

// CloseTable closes a table after its hand.
func (h *AdminHandler) CloseTable(ctx context.Context, req *connect.Request[tablev1.CloseTableRequest]) (*connect.Response[tablev1.CloseTableResponse], error) {
	if err := firstErr(checkTable(req.Msg.GetTableId()), checkText("reason", req.Msg.GetReason(), maxText)); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.CloseTable(ctx, req.Msg.GetTableId(), req.Msg.GetReason()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.CloseTableResponse{}), nil
}

// PauseTable stops dealing.
func (h *AdminHandler) PauseTable(ctx context.Context, req *connect.Request[tablev1.PauseTableRequest]) (*connect.Response[tablev1.PauseTableResponse], error) {
	if err := firstErr(checkTable(req.Msg.GetTableId()), checkText("reason", req.Msg.GetReason(), maxText)); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.PauseTable(ctx, req.Msg.GetTableId(), req.Msg.GetReason()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.PauseTableResponse{}), nil
}

// ResumeTable deals again.
func (h *AdminHandler) ResumeTable(ctx context.Context, req *connect.Request[tablev1.ResumeTableRequest]) (*connect.Response[tablev1.ResumeTableResponse], error) {
	if err := checkTable(req.Msg.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.ResumeTable(ctx, req.Msg.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.ResumeTableResponse{}), nil
}

// Misdeal voids the current hand.
func (h *AdminHandler) Misdeal(ctx context.Context, req *connect.Request[tablev1.MisdealRequest]) (*connect.Response[tablev1.MisdealResponse], error) {
	m := req.Msg
	if err := firstErr(checkTable(m.GetTableId()), checkHand(m.GetHandId()), checkText("reason", m.GetReason(), maxText)); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.Misdeal(ctx, m.GetTableId(), m.GetHandId(), m.GetReason()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.MisdealResponse{}), nil
}

// VoidPlayerHand kills one player's hand.
func (h *AdminHandler) VoidPlayerHand(ctx context.Context, req *connect.Request[tablev1.VoidPlayerHandRequest]) (*connect.Response[tablev1.VoidPlayerHandResponse], error) {
	m := req.Msg
	if err := firstErr(checkTable(m.GetTableId()), checkHand(m.GetHandId()), checkSeat(m.GetSeat(), false), checkText("reason", m.GetReason(), maxText)); err != nil {
		return nil, apierr.Connect(err)
	}
	ret := hand.VoidByRule
	n := 0
	for _, c := range []struct {
		set bool
		ret hand.VoidReturn
	}{{m.GetReturnBets(), hand.VoidReturnBets}, {m.GetKeepBets(), hand.VoidKeepBets}, {m.GetReturnUncalled(), hand.VoidReturnUncalled}} {
		if c.set {
			ret, n = c.ret, n+1
		}
	}
	if n > 1 {
		return nil, apierr.Connect(apierr.Invalid("BAD_VOID", "return_bets, keep_bets and return_uncalled exclude each other"))
	}
	if err := h.core.VoidPlayerHand(ctx, m.GetTableId(), m.GetHandId(), int(m.GetSeat()), ret, m.GetReason()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.VoidPlayerHandResponse{}), nil
}

// AwardDisputedPot settles a held pot.
func (h *AdminHandler) AwardDisputedPot(ctx context.Context, req *connect.Request[tablev1.AwardDisputedPotRequest]) (*connect.Response[tablev1.AwardDisputedPotResponse], error) {
	m := req.Msg
	if err := firstErr(checkTable(m.GetTableId()), checkHand(m.GetHandId()), checkText("reason", m.GetReason(), maxText)); err != nil {
		return nil, apierr.Connect(err)
	}
	if len(m.GetShares()) == 0 || len(m.GetShares()) > live.MaxSeats {
		return nil, apierr.Connect(apierr.Invalid("BAD_AWARD", "one share per seat, at most %d", live.MaxSeats))
	}
	if err := h.core.AwardDisputedPot(ctx, m.GetTableId(), m.GetHandId(), m.GetShares(), m.GetReason()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.AwardDisputedPotResponse{}), nil
}

func entryOf(e tablev1.Entry) seating.Entry {
	switch e {
	case tablev1.Entry_ENTRY_EXEMPT:
		return seating.Exempt
	case tablev1.Entry_ENTRY_POST_NOW:
		return seating.PostNow
	}
	return seating.WaitBB
}

// SeatPlayer seats a tournament player.
func (h *AdminHandler) SeatPlayer(ctx context.Context, req *connect.Request[tablev1.SeatPlayerRequest]) (*connect.Response[tablev1.SeatPlayerResponse], error) {
	m := req.Msg
	if err := validateSeatPlayer(m); err != nil {
		return nil, apierr.Connect(err)
	}
	name := m.GetDisplayName()
	if name == "" {
		name = m.GetPlayerId()
	}
	seat, replayed, err := h.core.SeatPlayer(ctx, m.GetTableId(), int(m.GetSeat()), m.GetPlayerId(), m.GetPartnerId(), name,
		m.GetChips(), table.Arrival{Entry: entryOf(m.GetEntry()), MissHand: m.GetMissNextHand(), DeadBig: m.GetPostDeadBigBlind(),
			Bank: m.TimeBankMs, Shot: m.GetShotClock(), Ext: extOf(m.TimeExtensions)}, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.SeatPlayerResponse{Seat: int32(seat), Replayed: replayed}), nil
}

// PenalizePlayer makes a tournament player miss rounds.
func (h *AdminHandler) PenalizePlayer(ctx context.Context, req *connect.Request[tablev1.PenalizePlayerRequest]) (*connect.Response[tablev1.PenalizePlayerResponse], error) {
	m := req.Msg
	if err := validatePenalize(m); err != nil {
		return nil, apierr.Connect(err)
	}
	p, err := h.core.PenalizePlayer(ctx, m.GetTableId(), m.GetPlayerId(), m.GetPartnerId(), int(m.GetRounds()), m.GetReason(), m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.PenalizePlayerResponse{Hands: int32(p.Hands), Seat: int32(p.Seat), Replayed: p.Replayed}), nil
}

// CallClock calls the clock on the player to act.
func (h *AdminHandler) CallClock(ctx context.Context, req *connect.Request[tablev1.CallClockRequest]) (*connect.Response[tablev1.CallClockResponse], error) {
	m := req.Msg
	if err := firstErr(checkTable(m.GetTableId()), checkHand(m.GetHandId()), checkSeq(m.GetActionSeq())); err != nil {
		return nil, apierr.Connect(err)
	}
	seat, countdown, deadline, err := h.core.CallClock(ctx, m.GetTableId(), m.GetHandId(), int(m.GetActionSeq()))
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.CallClockResponse{Seat: int32(seat), CountdownAt: timestamppb.New(countdown), Deadline: timestamppb.New(deadline)}), nil
}

// SetShotClock puts a player on the shot clock or takes him off.
func (h *AdminHandler) SetShotClock(ctx context.Context, req *connect.Request[tablev1.SetShotClockRequest]) (*connect.Response[tablev1.SetShotClockResponse], error) {
	m := req.Msg
	if err := validateRemovePlayer(&tablev1.RemovePlayerRequest{TableId: m.GetTableId(), PlayerId: m.GetPlayerId(), PartnerId: m.GetPartnerId(), IdempotencyKey: "-"}); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.SetShotClock(ctx, m.GetTableId(), m.GetPlayerId(), m.GetPartnerId(), m.GetOn()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.SetShotClockResponse{}), nil
}

// RemovePlayer takes a tournament player off a table.
func (h *AdminHandler) RemovePlayer(ctx context.Context, req *connect.Request[tablev1.RemovePlayerRequest]) (*connect.Response[tablev1.RemovePlayerResponse], error) {
	m := req.Msg
	if err := validateRemovePlayer(m); err != nil {
		return nil, apierr.Connect(err)
	}
	r, err := h.core.RemovePlayer(ctx, m.GetTableId(), m.GetPlayerId(), m.GetPartnerId(), m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.RemovePlayerResponse{Chips: r.Chips, Seat: int32(r.Seat), OffsetFromBigBlind: int32(r.Offset),
		Replayed: r.Replayed, Deferred: r.Deferred, TimeBankMs: r.Bank, ShotClock: r.Shot,
		TimeExtensions: int32(r.Ext)}), nil
}

// SetStakes sets the next hand's stakes.
func (h *AdminHandler) SetStakes(ctx context.Context, req *connect.Request[tablev1.SetStakesRequest]) (*connect.Response[tablev1.SetStakesResponse], error) {
	m := req.Msg
	if err := firstErr(checkTable(m.GetTableId()), validateStakes(m.GetStakes())); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.SetStakes(ctx, m.GetTableId(), view.StakesOf(m.GetStakes())); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.SetStakesResponse{}), nil
}

// SetDealHold holds or releases the next deal.
func (h *AdminHandler) SetDealHold(ctx context.Context, req *connect.Request[tablev1.SetDealHoldRequest]) (*connect.Response[tablev1.SetDealHoldResponse], error) {
	if err := checkTable(req.Msg.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.SetDealHold(ctx, req.Msg.GetTableId(), req.Msg.GetHold()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.SetDealHoldResponse{}), nil
}

// UpdateTableSettings changes the clock.
func (h *AdminHandler) UpdateTableSettings(ctx context.Context, req *connect.Request[tablev1.UpdateTableSettingsRequest]) (*connect.Response[tablev1.UpdateTableSettingsResponse], error) {
	m := req.Msg
	if err := checkTable(m.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	if m.GetClock() == nil {
		return nil, apierr.Connect(apierr.Invalid("NO_CLOCK", "clock is required"))
	}
	if err := validateClock(m.GetClock()); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.UpdateClock(ctx, m.GetTableId(), view.ClockOf(m.GetClock())); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.UpdateTableSettingsResponse{}), nil
}

// ListHandResults returns hand results after a hand number.
func (h *AdminHandler) ListHandResults(ctx context.Context, req *connect.Request[tablev1.ListHandResultsRequest]) (*connect.Response[tablev1.ListHandResultsResponse], error) {
	m := req.Msg
	if err := checkTable(m.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	limit := int(m.GetLimit())
	if limit < 0 || limit > 1000 {
		return nil, apierr.Connect(apierr.Invalid("BAD_LIMIT", "limit %d: want 0..1000", limit))
	}
	if limit == 0 {
		limit = 100
	}
	rs, last, err := h.core.HandResults(ctx, m.GetTableId(), m.GetAfterHandNumber(), limit)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out := &tablev1.ListHandResultsResponse{LastHandNumber: last}
	for _, r := range rs {
		hr := &tablev1.HandResult{HandId: r.Hand, HandNumber: r.Number, EndedAt: timestamppb.New(msTime(r.EndedAt)), Result: r.Result, Rake: r.Rake, TableStacks: r.Stacks}
		for _, p := range r.Players {
			partner, player := live.SplitKey(p.Who)
			hr.Players = append(hr.Players, &tablev1.PlayerResult{Seat: int32(p.Seat), PlayerId: player, PartnerId: partner,
				StartStack: p.Start, EndStack: p.End, Eliminated: p.Eliminated, DeadPosted: p.Dead, ClockCalled: p.ClockCalled,
				TimeBankMs: p.Bank, ShotClock: p.Shot, TimeExtensions: int32(p.Ext)})
		}
		for _, o := range r.Out {
			partner, player := live.SplitKey(o.Who)
			hr.DealtOut = append(hr.DealtOut, &tablev1.DealtOut{Seat: int32(o.Seat), PlayerId: player, PartnerId: partner,
				Reason: dealtOutReasons[o.Reason]})
		}
		out.Results = append(out.Results, hr)
	}
	return connect.NewResponse(out), nil
}

// dealtOutReasons maps the seating package's reasons to the API's.
var dealtOutReasons = [...]tablev1.DealtOutReason{
	seating.NotOut:             tablev1.DealtOutReason_DEALT_OUT_REASON_UNSPECIFIED,
	seating.OutSittingOut:      tablev1.DealtOutReason_DEALT_OUT_REASON_SITTING_OUT,
	seating.OutWaitingBigBlind: tablev1.DealtOutReason_DEALT_OUT_REASON_WAITING_BIG_BLIND,
	seating.OutRefusedBlind:    tablev1.DealtOutReason_DEALT_OUT_REASON_REFUSED_BLIND,
	seating.OutMovedMissHand:   tablev1.DealtOutReason_DEALT_OUT_REASON_MOVED_MISSES_HAND,
	seating.OutNoChips:         tablev1.DealtOutReason_DEALT_OUT_REASON_NO_CHIPS,
	seating.OutOther:           tablev1.DealtOutReason_DEALT_OUT_REASON_OTHER,
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// extOf is an optional count of extension periods.
func extOf(n *int32) *int {
	if n == nil {
		return nil
	}
	v := int(*n)
	return &v
}
