// Package api is the TournamentService Connect handler: it authenticates
// the caller, validates the request, calls the core and maps its errors.
package api

import (
	"context"
	"encoding/base64"

	"connectrpc.com/connect"

	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/gen/croupier/tournament/v1/tournamentv1connect"
	"github.com/croupier/croupier/services/tournament/core"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/ident"
	"github.com/croupier/croupier/workflows/tournament"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Policy: anyone authenticated reads the lobby and standings (who each
// entrant is only where seesIdentity allows); players (for
// themselves), partners (for their players) and internal callers register,
// withdraw, rebuy and add on; operators and services run tournaments.
func Policy() auth.Policy {
	p := auth.Policy{}
	p.Allow(auth.Anyone,
		tournamentv1connect.TournamentServiceListTournamentsProcedure,
		tournamentv1connect.TournamentServiceGetTournamentProcedure,
		tournamentv1connect.TournamentServiceGetStandingsProcedure,
	)
	p.Allow([]auth.Role{auth.RolePlayer, auth.RolePartner, auth.RoleOperator, auth.RoleService},
		tournamentv1connect.TournamentServiceRegisterProcedure,
		tournamentv1connect.TournamentServiceUnregisterProcedure,
		tournamentv1connect.TournamentServiceRebuyProcedure,
		tournamentv1connect.TournamentServiceAddOnProcedure,
	)
	p.Allow(auth.Internal,
		tournamentv1connect.TournamentServiceCreateTournamentProcedure,
		tournamentv1connect.TournamentServicePauseTournamentProcedure,
		tournamentv1connect.TournamentServiceResumeTournamentProcedure,
		tournamentv1connect.TournamentServiceCancelTournamentProcedure,
		tournamentv1connect.TournamentServiceDisqualifyPlayerProcedure,
		tournamentv1connect.TournamentServicePenalizePlayerProcedure,
	)
	return p
}

// Handler implements TournamentService.
type Handler struct {
	core *core.Service
}

var _ tournamentv1connect.TournamentServiceHandler = (*Handler)(nil)

// New returns the handler.
func New(c *core.Service) *Handler { return &Handler{core: c} }

// player resolves whom a request is for: a player is always himself; a
// partner names one of its own players; an internal caller names both.
func player(ctx context.Context, playerID, partnerID, name string) (tournament.PlayerIn, error) {
	p, ok := auth.FromContext(ctx)
	if !ok {
		return tournament.PlayerIn{}, apierr.Unauthenticated("NO_CREDENTIALS", "no authenticated caller")
	}
	switch p.Role {
	case auth.RolePlayer:
		if (playerID != "" && playerID != p.PlayerID) || (partnerID != "" && partnerID != p.PartnerID) {
			return tournament.PlayerIn{}, apierr.Denied("NOT_YOUR_PLAYER", "a player acts only for himself")
		}
		return tournament.PlayerIn{Partner: p.PartnerID, Player: p.PlayerID, Name: name}, nil
	case auth.RolePartner:
		if partnerID != "" && partnerID != p.PartnerID {
			return tournament.PlayerIn{}, apierr.Denied("NOT_YOUR_PLAYER", "a partner acts only for its own players")
		}
		partnerID = p.PartnerID
	}
	if playerID == "" || partnerID == "" || len(playerID) > ident.MaxID || len(partnerID) > ident.MaxID {
		return tournament.PlayerIn{}, apierr.Invalid("NO_PLAYER", "name the player (and, for operators, his partner)")
	}
	return tournament.PlayerIn{Partner: partnerID, Player: playerID, Name: name}, nil
}

func checkID(id string) error {
	if id == "" || len(id) > ident.MaxID {
		return apierr.Invalid("BAD_TOURNAMENT_ID", "tournament id is required (at most %d bytes)", ident.MaxID)
	}
	return nil
}

// checkKey: the core only hashes a key into a workflow or update id, so any
// bytes will do (package ident's opaque rule), bounded as the terms bound
// their text; a request without a key is not deduplicated.
func checkKey(key string) error {
	if !(ident.KeyRule{Max: terms.MaxText, Optional: true, Opaque: true}).Allows(key) {
		return apierr.Invalid("BAD_IDEMPOTENCY_KEY", "idempotency key longer than %d bytes", terms.MaxText)
	}
	return nil
}

// checkText bounds an optional free-text field (an idempotency key, a
// display name, a reason) as the terms bound theirs.
func checkText(reason, what, s string) error {
	if (ident.TextRule{MaxBytes: terms.MaxText}).Check(s) != ident.OK {
		return apierr.Invalid(reason, "%s longer than %d bytes", what, terms.MaxText)
	}
	return nil
}

// CreateTournament implements TournamentServiceHandler.
func (h *Handler) CreateTournament(ctx context.Context, req *connect.Request[tournamentv1.CreateTournamentRequest]) (*connect.Response[tournamentv1.CreateTournamentResponse], error) {
	m := req.Msg
	if m.GetStartsAt() == nil {
		return nil, apierr.Connect(apierr.Invalid("NO_START", "starts_at is required (GR H.1)"))
	}
	if err := firstErr(checkTime("starts_at", m.GetStartsAt()), checkKey(m.GetIdempotencyKey())); err != nil {
		return nil, apierr.Connect(err)
	}
	t, err := termsOf(m.GetName(), m.GetStructure(), m.GetStartsAt().AsTime())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	st, err := h.core.Create(ctx, t, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.CreateTournamentResponse{Tournament: tournamentOf(st)}), nil
}

// ListTournaments implements TournamentServiceHandler.
func (h *Handler) ListTournaments(ctx context.Context, req *connect.Request[tournamentv1.ListTournamentsRequest]) (*connect.Response[tournamentv1.ListTournamentsResponse], error) {
	m := req.Msg
	if _, ok := tournamentv1.TournamentState_name[int32(m.GetState())]; !ok {
		return nil, apierr.Connect(apierr.Invalid("BAD_STATE", "state %d is no tournament state", int32(m.GetState())))
	}
	if m.GetPageSize() < 0 || m.GetPageSize() > 500 {
		return nil, apierr.Connect(apierr.Invalid("BAD_PAGE_SIZE", "page size 0..500"))
	}
	token, err := base64.RawURLEncoding.DecodeString(m.GetPageToken())
	if err != nil {
		return nil, apierr.Connect(apierr.Invalid("BAD_PAGE_TOKEN", "page token is not from a previous response"))
	}
	var keep func(tournament.Standings) bool
	if m.GetState() != tournamentv1.TournamentState_TOURNAMENT_STATE_UNSPECIFIED {
		keep = func(st tournament.Standings) bool { return stateOf(st) == m.GetState() }
	}
	// The state filter runs before the page is cut (core.List): a page is
	// short only at the end of the list, or after a long run of
	// tournaments in other states; a client pages on while
	// next_page_token is set.
	list, next, err := h.core.List(ctx, int(m.GetPageSize()), token, keep)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out := &tournamentv1.ListTournamentsResponse{NextPageToken: base64.RawURLEncoding.EncodeToString(next)}
	for _, st := range list {
		out.Tournaments = append(out.Tournaments, tournamentOf(st))
	}
	return connect.NewResponse(out), nil
}

// GetTournament implements TournamentServiceHandler.
func (h *Handler) GetTournament(ctx context.Context, req *connect.Request[tournamentv1.GetTournamentRequest]) (*connect.Response[tournamentv1.GetTournamentResponse], error) {
	if err := checkID(req.Msg.GetTournamentId()); err != nil {
		return nil, apierr.Connect(err)
	}
	st, err := h.core.Standings(ctx, req.Msg.GetTournamentId())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.GetTournamentResponse{Tournament: tournamentOf(st)}), nil
}

// GetStandings implements TournamentServiceHandler.
func (h *Handler) GetStandings(ctx context.Context, req *connect.Request[tournamentv1.GetStandingsRequest]) (*connect.Response[tournamentv1.GetStandingsResponse], error) {
	if err := checkID(req.Msg.GetTournamentId()); err != nil {
		return nil, apierr.Connect(err)
	}
	st, err := h.core.Standings(ctx, req.Msg.GetTournamentId())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(standingsOf(st, viewerOf(ctx))), nil
}

// Register implements TournamentServiceHandler.
func (h *Handler) Register(ctx context.Context, req *connect.Request[tournamentv1.RegisterRequest]) (*connect.Response[tournamentv1.RegisterResponse], error) {
	m := req.Msg
	p, err := player(ctx, m.GetPlayerId(), m.GetPartnerId(), m.GetDisplayName())
	if err == nil {
		err = firstErr(checkID(m.GetTournamentId()), checkKey(m.GetIdempotencyKey()), checkText("BAD_DISPLAY_NAME", "display name", m.GetDisplayName()))
	}
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out, err := h.core.Register(ctx, m.GetTournamentId(), p, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.RegisterResponse{Registered: true, Entrants: int32(out.Entrants), Late: out.Late}), nil
}

// Unregister implements TournamentServiceHandler.
func (h *Handler) Unregister(ctx context.Context, req *connect.Request[tournamentv1.UnregisterRequest]) (*connect.Response[tournamentv1.UnregisterResponse], error) {
	m := req.Msg
	p, err := player(ctx, m.GetPlayerId(), m.GetPartnerId(), "")
	if err == nil {
		err = firstErr(checkID(m.GetTournamentId()), checkKey(m.GetIdempotencyKey()))
	}
	if err != nil {
		return nil, apierr.Connect(err)
	}
	// The refund is in the tournament's currency (fixed with its terms).
	// Read it first: a tournament that cannot say it is refused before
	// anything changes, and no refund goes out without a currency.
	st, err := h.core.Standings(ctx, m.GetTournamentId())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out, err := h.core.Unregister(ctx, m.GetTournamentId(), p, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.UnregisterResponse{Refunded: money(out.Refunded, st.Terms.Currency)}), nil
}

// Rebuy implements TournamentServiceHandler.
func (h *Handler) Rebuy(ctx context.Context, req *connect.Request[tournamentv1.RebuyRequest]) (*connect.Response[tournamentv1.RebuyResponse], error) {
	m := req.Msg
	p, err := player(ctx, m.GetPlayerId(), m.GetPartnerId(), "")
	if err == nil {
		err = firstErr(checkID(m.GetTournamentId()), checkKey(m.GetIdempotencyKey()))
	}
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out, err := h.core.Rebuy(ctx, m.GetTournamentId(), p, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.RebuyResponse{Chips: out.Chips}), nil
}

// AddOn implements TournamentServiceHandler.
func (h *Handler) AddOn(ctx context.Context, req *connect.Request[tournamentv1.AddOnRequest]) (*connect.Response[tournamentv1.AddOnResponse], error) {
	m := req.Msg
	p, err := player(ctx, m.GetPlayerId(), m.GetPartnerId(), "")
	if err == nil {
		err = firstErr(checkID(m.GetTournamentId()), checkKey(m.GetIdempotencyKey()))
	}
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out, err := h.core.AddOn(ctx, m.GetTournamentId(), p, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.AddOnResponse{Chips: out.Chips}), nil
}

// PauseTournament implements TournamentServiceHandler.
func (h *Handler) PauseTournament(ctx context.Context, req *connect.Request[tournamentv1.PauseTournamentRequest]) (*connect.Response[tournamentv1.PauseTournamentResponse], error) {
	if err := firstErr(checkID(req.Msg.GetTournamentId()), checkText("BAD_REASON", "reason", req.Msg.GetReason())); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.Pause(ctx, req.Msg.GetTournamentId(), req.Msg.GetReason()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.PauseTournamentResponse{}), nil
}

// ResumeTournament implements TournamentServiceHandler.
func (h *Handler) ResumeTournament(ctx context.Context, req *connect.Request[tournamentv1.ResumeTournamentRequest]) (*connect.Response[tournamentv1.ResumeTournamentResponse], error) {
	if err := checkID(req.Msg.GetTournamentId()); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.Resume(ctx, req.Msg.GetTournamentId()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.ResumeTournamentResponse{}), nil
}

// CancelTournament implements TournamentServiceHandler.
func (h *Handler) CancelTournament(ctx context.Context, req *connect.Request[tournamentv1.CancelTournamentRequest]) (*connect.Response[tournamentv1.CancelTournamentResponse], error) {
	if err := firstErr(checkID(req.Msg.GetTournamentId()), checkText("BAD_REASON", "reason", req.Msg.GetReason())); err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.Cancel(ctx, req.Msg.GetTournamentId(), req.Msg.GetReason()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.CancelTournamentResponse{}), nil
}

// DisqualifyPlayer implements TournamentServiceHandler.
func (h *Handler) DisqualifyPlayer(ctx context.Context, req *connect.Request[tournamentv1.DisqualifyPlayerRequest]) (*connect.Response[tournamentv1.DisqualifyPlayerResponse], error) {
	m := req.Msg
	p, err := player(ctx, m.GetPlayerId(), m.GetPartnerId(), "")
	if err == nil {
		err = firstErr(checkID(m.GetTournamentId()), checkText("BAD_REASON", "reason", m.GetReason()))
	}
	if err != nil {
		return nil, apierr.Connect(err)
	}
	// The reason is recorded with the disqualification and shown in the
	// standings (docs/rules/tournaments.md §21).
	p.Reason = m.GetReason()
	if err := h.core.Disqualify(ctx, m.GetTournamentId(), p); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.DisqualifyPlayerResponse{}), nil
}

// PenalizePlayer implements TournamentServiceHandler.
func (h *Handler) PenalizePlayer(ctx context.Context, req *connect.Request[tournamentv1.PenalizePlayerRequest]) (*connect.Response[tournamentv1.PenalizePlayerResponse], error) {
	m := req.Msg
	p, err := player(ctx, m.GetPlayerId(), m.GetPartnerId(), "")
	if err == nil {
		err = firstErr(checkID(m.GetTournamentId()), checkKey(m.GetIdempotencyKey()), checkText("BAD_REASON", "reason", m.GetReason()))
	}
	if err == nil && (m.GetRounds() < 0 || m.GetRounds() > tournament.MaxPenaltyRounds || m.GetRounds() == 0 && !m.GetKillHand() && !m.GetShotClock() ||
		m.GetReason() == "") {
		err = apierr.Invalid("BAD_PENALTY", "a penalty with its reason is 1..%d rounds to miss, a killed hand, the shot clock, or some of them",
			tournament.MaxPenaltyRounds)
	}
	if err != nil {
		return nil, apierr.Connect(err)
	}
	p.Reason = m.GetReason()
	out, err := h.core.Penalize(ctx, m.GetTournamentId(), tournament.PenaltyIn{PlayerIn: p, Rounds: int(m.GetRounds()), KillHand: m.GetKillHand(),
		ShotClock: m.GetShotClock()}, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tournamentv1.PenalizePlayerResponse{Hands: int32(out.Hands), HandKilled: out.Killed}), nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
