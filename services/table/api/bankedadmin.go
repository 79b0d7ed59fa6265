package api

import (
	"context"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/services/table/view"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
)

// BankedAdminHandler implements tablev1connect.BankedAdminServiceHandler:
// operators open, pause and close banked tables and void rounds.
type BankedAdminHandler struct{ core *table.Service }

var _ tablev1connect.BankedAdminServiceHandler = (*BankedAdminHandler)(nil)

// CreateBankedTable opens a banked table.
func (h *BankedAdminHandler) CreateBankedTable(ctx context.Context, req *connect.Request[tablev1.CreateBankedTableRequest]) (*connect.Response[tablev1.CreateBankedTableResponse], error) {
	m := req.Msg
	if err := validateCreateBanked(m); err != nil {
		return nil, apierr.Connect(err)
	}
	g, _ := view.BankedGameOf(m.GetGame())
	src, _ := view.SourceOf(m.GetSource())
	profile := m.GetProfile()
	if profile == "" {
		profile = "cz"
	}
	sp := table.BankedSpec{Name: m.GetName(), Game: g, Profile: profile, Options: m.GetOptions(), Source: src, Currency: m.GetCurrency(),
		Window: time.Duration(m.GetBettingWindowMs()) * time.Millisecond, Pause: time.Duration(m.GetPauseMs()) * time.Millisecond,
		MaxPlayers: int(m.GetMaxPlayers()), MaxBets: int(m.GetMaxBets()), WheelName: m.GetWheelName(), WheelFields: m.GetWheelFields(),
		Clock: time.Duration(m.GetDecisionClockMs()) * time.Millisecond, CloseWhenAllBet: m.GetCloseWhenAllBet(), Key: m.GetIdempotencyKey(),
		AllowBelowMinimum: m.GetAllowHouseEdgeBelowMinimum(), OverrideReason: m.GetOverrideReason()}
	if p, ok := auth.FromContext(ctx); ok {
		sp.Operator = p.String()
	}
	l := m.GetLimits()
	sp.Limits = table.BankedLimits{Table: round.Limit{Min: l.GetTable().GetMin(), Max: l.GetTable().GetMax()}, Spot: l.GetSpotMax()}
	for k, v := range l.GetByKind() {
		if sp.Limits.ByKind == nil {
			sp.Limits.ByKind = map[string]round.Limit{}
		}
		sp.Limits.ByKind[k] = round.Limit{Min: v.GetMin(), Max: v.GetMax()}
	}
	sum, err := h.core.CreateBankedTable(ctx, sp)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	bt, err := h.core.BankedTable(ctx, sum.ID, callerViewer(ctx))
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.CreateBankedTableResponse{Table: view.BankedSummary(bt.Summary, &bt.Config)}), nil
}

// callerViewer is the caller's viewer (internal for operators).
func callerViewer(ctx context.Context) (v game.Viewer) {
	if who, err := caller(ctx); err == nil {
		return who.Viewer()
	}
	return v
}

func (h *BankedAdminHandler) simple(ctx context.Context, id string, invalid error, f func() error) error {
	if invalid == nil {
		invalid = checkTable(id)
	}
	if invalid != nil {
		return apierr.Connect(invalid)
	}
	return apierr.Connect(f())
}

// CloseBankedTable closes the table once its round has ended.
func (h *BankedAdminHandler) CloseBankedTable(ctx context.Context, req *connect.Request[tablev1.CloseBankedTableRequest]) (*connect.Response[tablev1.CloseBankedTableResponse], error) {
	m := req.Msg
	err := h.simple(ctx, m.GetTableId(), checkText("reason", m.GetReason(), maxText), func() error {
		return h.core.CloseBankedTable(ctx, m.GetTableId(), m.GetReason())
	})
	return connect.NewResponse(&tablev1.CloseBankedTableResponse{}), err
}

// PauseBankedTable opens no new round.
func (h *BankedAdminHandler) PauseBankedTable(ctx context.Context, req *connect.Request[tablev1.PauseBankedTableRequest]) (*connect.Response[tablev1.PauseBankedTableResponse], error) {
	m := req.Msg
	err := h.simple(ctx, m.GetTableId(), checkText("reason", m.GetReason(), maxText), func() error {
		return h.core.PauseBankedTable(ctx, m.GetTableId(), m.GetReason())
	})
	return connect.NewResponse(&tablev1.PauseBankedTableResponse{}), err
}

// ResumeBankedTable opens rounds again.
func (h *BankedAdminHandler) ResumeBankedTable(ctx context.Context, req *connect.Request[tablev1.ResumeBankedTableRequest]) (*connect.Response[tablev1.ResumeBankedTableResponse], error) {
	m := req.Msg
	err := h.simple(ctx, m.GetTableId(), nil, func() error { return h.core.ResumeBankedTable(ctx, m.GetTableId()) })
	return connect.NewResponse(&tablev1.ResumeBankedTableResponse{}), err
}

// VoidRound voids the round in progress.
func (h *BankedAdminHandler) VoidRound(ctx context.Context, req *connect.Request[tablev1.VoidRoundRequest]) (*connect.Response[tablev1.VoidRoundResponse], error) {
	m := req.Msg
	err := h.simple(ctx, m.GetTableId(), validateVoidRound(m), func() error {
		return h.core.VoidRound(ctx, m.GetTableId(), m.GetRound(), m.GetReason())
	})
	return connect.NewResponse(&tablev1.VoidRoundResponse{}), err
}

// UpdateBankedTableSettings changes the window and the pause.
func (h *BankedAdminHandler) UpdateBankedTableSettings(ctx context.Context, req *connect.Request[tablev1.UpdateBankedTableSettingsRequest]) (*connect.Response[tablev1.UpdateBankedTableSettingsResponse], error) {
	m := req.Msg
	err := h.simple(ctx, m.GetTableId(), validateBankedSettings(m), func() error {
		return h.core.UpdateBankedSettings(ctx, m.GetTableId(), time.Duration(m.GetBettingWindowMs())*time.Millisecond,
			time.Duration(m.GetPauseMs())*time.Millisecond)
	})
	return connect.NewResponse(&tablev1.UpdateBankedTableSettingsResponse{}), err
}

// DealerHandler implements tablev1connect.DealerConsoleServiceHandler: a
// live studio's dealer console.
type DealerHandler struct{ core *table.Service }

var _ tablev1connect.DealerConsoleServiceHandler = (*DealerHandler)(nil)

// CloseBetting is "no more bets".
func (h *DealerHandler) CloseBetting(ctx context.Context, req *connect.Request[tablev1.CloseBettingRequest]) (*connect.Response[tablev1.CloseBettingResponse], error) {
	m := req.Msg
	if err := checkTable(m.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := checkRound(m.GetRound()); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.CloseBetting(ctx, m.GetTableId(), m.GetRound()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.CloseBettingResponse{}), nil
}

// ReportSpin reports the physical spin of the closed round.
func (h *DealerHandler) ReportSpin(ctx context.Context, req *connect.Request[tablev1.ReportSpinRequest]) (*connect.Response[tablev1.ReportSpinResponse], error) {
	m := req.Msg
	if err := validateReportSpin(m); err != nil {
		return nil, apierr.Connect(err)
	}
	bt, err := h.core.BankedTable(ctx, m.GetTableId(), game.Viewer{Internal: true})
	if err != nil {
		return nil, apierr.Connect(err)
	}
	var rep table.SpinReport
	switch bt.Config.Game {
	case house.GameMoneyWheel:
		rep.Wheel = view.WheelSpinOf(m.GetSpin())
	default:
		if rep.Roulette, err = view.RouletteSpinOf(m.GetSpin()); err != nil {
			return nil, apierr.Connect(apierr.Invalid("BAD_SPIN", "%v", err))
		}
	}
	j, err := h.core.ReportSpin(ctx, m.GetTableId(), m.GetRound(), rep)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.ReportSpinResponse{Verdict: view.Verdict(j.Verdict), Winner: j.Winner}), nil
}
