// Package api is the table service's Connect handlers: TableService (the
// public API partner front-ends play through), SessionService (player
// session tokens for partners) and TableAdminService (operators and the
// tournament service). Handlers authenticate, validate, call the core
// (package table) and map errors; every response and event is built for the
// caller by package view.
package api

import (
	"context"
	"net/http"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
)

// Policy says who may call what: anyone authenticated reads the lobby, a
// table, its event stream, its hand histories and fairness proofs (each
// filtered for the caller); only a player, with his own session token, sits,
// acts (Act or a Play stream) and leaves; partners (and operators) create
// player sessions; the admin API is for operators and services.
func Policy() auth.Policy {
	p := auth.Policy{}
	p.Allow(auth.Anyone,
		tablev1connect.TableServiceListTablesProcedure,
		tablev1connect.TableServiceGetTableProcedure,
		tablev1connect.TableServiceSubscribeProcedure,
		tablev1connect.TableServiceGetHandHistoryProcedure,
		tablev1connect.TableServiceGetFairnessProofProcedure,
	)
	// Auditors (regulators) read the whole shoe of a finished hand.
	p.Allow([]auth.Role{auth.RoleAuditor}, tablev1connect.TableServiceGetFairnessProofProcedure)
	p.Allow([]auth.Role{auth.RolePlayer},
		tablev1connect.TableServiceJoinWaitingListProcedure,
		tablev1connect.TableServiceLeaveWaitingListProcedure,
		tablev1connect.TableServiceTakeSeatProcedure,
		tablev1connect.TableServiceAddChipsProcedure,
		tablev1connect.TableServiceSitOutProcedure,
		tablev1connect.TableServiceSitInProcedure,
		tablev1connect.TableServiceStandUpProcedure,
		tablev1connect.TableServiceActProcedure,
		tablev1connect.TableServiceUseTimeBankProcedure,
		// Play carries Act and UseTimeBank commands: a player's stream.
		tablev1connect.TableServicePlayProcedure,
	)
	p.Allow([]auth.Role{auth.RolePartner, auth.RoleOperator},
		tablev1connect.SessionServiceCreatePlayerSessionProcedure,
	)
	// The banked games: anyone authenticated reads, a player bets with his
	// own session token.
	p.Allow(auth.Anyone,
		tablev1connect.BankedTableServiceListBankedTablesProcedure,
		tablev1connect.BankedTableServiceGetBankedTableProcedure,
		tablev1connect.BankedTableServiceSubscribeRoundsProcedure,
		tablev1connect.BankedTableServiceListRoundsProcedure,
		tablev1connect.BankedTableServiceGetRoundProcedure,
		tablev1connect.BankedTableServiceGetRoundProofProcedure,
	)
	p.Allow([]auth.Role{auth.RolePlayer},
		tablev1connect.BankedTableServiceJoinBankedTableProcedure,
		tablev1connect.BankedTableServiceLeaveBankedTableProcedure,
		tablev1connect.BankedTableServicePlaceBetsProcedure,
		tablev1connect.BankedTableServiceCancelBetsProcedure,
		tablev1connect.BankedTableServiceChooseVoidOptionProcedure,
		tablev1connect.BankedTableServiceGetGameRecallProcedure,
		tablev1connect.BlackjackServicePlayBlackjackProcedure,
		tablev1connect.CasinoPokerServicePlayCasinoPokerProcedure,
	)
	// A live studio's dealer console is an operator's.
	p.Allow([]auth.Role{auth.RoleOperator},
		tablev1connect.DealerConsoleServiceCloseBettingProcedure,
		tablev1connect.DealerConsoleServiceReportSpinProcedure,
		tablev1connect.DealerConsoleServiceDealCardProcedure,
		tablev1connect.DealerConsoleServiceShuffleShoeProcedure,
	)
	p.Allow(auth.Internal,
		tablev1connect.BankedAdminServiceCreateBankedTableProcedure,
		tablev1connect.BankedAdminServiceCloseBankedTableProcedure,
		tablev1connect.BankedAdminServicePauseBankedTableProcedure,
		tablev1connect.BankedAdminServiceResumeBankedTableProcedure,
		tablev1connect.BankedAdminServiceVoidRoundProcedure,
		tablev1connect.BankedAdminServiceUpdateBankedTableSettingsProcedure,
	)
	p.Allow(auth.Internal,
		tablev1connect.TableAdminServiceCreateTableProcedure,
		tablev1connect.TableAdminServiceCloseTableProcedure,
		tablev1connect.TableAdminServicePauseTableProcedure,
		tablev1connect.TableAdminServiceResumeTableProcedure,
		tablev1connect.TableAdminServiceMisdealProcedure,
		tablev1connect.TableAdminServiceVoidPlayerHandProcedure,
		tablev1connect.TableAdminServiceAwardDisputedPotProcedure,
		tablev1connect.TableAdminServiceSeatPlayerProcedure,
		tablev1connect.TableAdminServiceRemovePlayerProcedure,
		tablev1connect.TableAdminServicePenalizePlayerProcedure,
		tablev1connect.TableAdminServiceCallClockProcedure,
		tablev1connect.TableAdminServiceSetShotClockProcedure,
		tablev1connect.TableAdminServiceSetStakesProcedure,
		tablev1connect.TableAdminServiceSetDealHoldProcedure,
		tablev1connect.TableAdminServiceUpdateTableSettingsProcedure,
		tablev1connect.TableAdminServiceListHandResultsProcedure,
	)
	return p
}

// caller maps the authenticated principal to the core's caller.
func caller(ctx context.Context) (table.Caller, error) {
	p, ok := auth.FromContext(ctx)
	if !ok {
		return table.Caller{}, apierr.Unauthenticated("NO_CREDENTIALS", "no authenticated caller")
	}
	switch p.Role {
	case auth.RolePlayer:
		return table.Caller{Player: p.PlayerID, Partner: p.PartnerID}, nil
	case auth.RolePartner:
		return table.Caller{Partner: p.PartnerID}, nil
	case auth.RoleOperator, auth.RoleService:
		return table.Caller{Internal: true}, nil
	}
	return table.Caller{}, apierr.Denied("UNKNOWN_ROLE", "role %q", p.Role)
}

// Handlers are the table service's Connect services: poker's three, and
// the banked games' public, admin and dealer-console services.
type Handlers struct {
	Table   *TableHandler
	Session *SessionHandler
	Admin   *AdminHandler
	Banked  *BankedHandler
	BAdmin  *BankedAdminHandler
	Dealer  *DealerHandler
	BJ      *BlackjackHandler
	Poker   *CasinoPokerHandler
}

// New builds the handlers over the core; auth issues player sessions.
func New(core *table.Service, a *auth.Authenticator) Handlers {
	th := &TableHandler{core: core, streams: newStreams(StreamLimits{})}
	return Handlers{Table: th, Session: &SessionHandler{auth: a}, Admin: &AdminHandler{core: core},
		Banked: &BankedHandler{core: core, pump: th}, BAdmin: &BankedAdminHandler{core: core}, Dealer: &DealerHandler{core: core},
		BJ: &BlackjackHandler{core: core}, Poker: &CasinoPokerHandler{core: core}}
}

// WithStreamLimits sets the caps on each caller's open event streams
// (cmd/table's CROUPIER_TABLE_MAX_STREAMS_PER_PLAYER and _PER_PARTNER).
func (h Handlers) WithStreamLimits(l StreamLimits) Handlers {
	h.Table.streams = newStreams(l)
	return h
}

// Registrar is where handlers are mounted (shared/server.Server). If it
// also has a Draining channel (closed when a graceful shutdown starts),
// the event streams end with UNAVAILABLE then, so that their clients
// resume on another replica instead of holding the shutdown.
type Registrar interface {
	Register(service, path string, h http.Handler)
}

// HandlerOptions adds the table service's own handler options to the
// runtime's: responses are compressed only from 4 KiB (a view of a full
// table), not every small event.
func HandlerOptions(opts []connect.HandlerOption) []connect.HandlerOption {
	return append(opts, connect.WithCompressMinBytes(4<<10))
}

// Register mounts the services with opts (the runtime's handler
// options for Policy()).
func (h Handlers) Register(r Registrar, opts ...connect.HandlerOption) {
	if d, ok := r.(interface{ Draining() <-chan struct{} }); ok {
		h.Table.draining = d.Draining()
	}
	p, hd := tablev1connect.NewTableServiceHandler(h.Table, opts...)
	r.Register(tablev1connect.TableServiceName, p, hd)
	p, hd = tablev1connect.NewSessionServiceHandler(h.Session, opts...)
	r.Register(tablev1connect.SessionServiceName, p, hd)
	p, hd = tablev1connect.NewTableAdminServiceHandler(h.Admin, opts...)
	r.Register(tablev1connect.TableAdminServiceName, p, hd)
	p, hd = tablev1connect.NewBankedTableServiceHandler(h.Banked, opts...)
	r.Register(tablev1connect.BankedTableServiceName, p, hd)
	p, hd = tablev1connect.NewBankedAdminServiceHandler(h.BAdmin, opts...)
	r.Register(tablev1connect.BankedAdminServiceName, p, hd)
	p, hd = tablev1connect.NewDealerConsoleServiceHandler(h.Dealer, opts...)
	r.Register(tablev1connect.DealerConsoleServiceName, p, hd)
	p, hd = tablev1connect.NewBlackjackServiceHandler(h.BJ, opts...)
	r.Register(tablev1connect.BlackjackServiceName, p, hd)
	p, hd = tablev1connect.NewCasinoPokerServiceHandler(h.Poker, opts...)
	r.Register(tablev1connect.CasinoPokerServiceName, p, hd)
}
