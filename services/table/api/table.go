package api

import (
	"context"
	"encoding/json"
	"strconv"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/view"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
)

// TableHandler implements tablev1connect.TableServiceHandler.
type TableHandler struct {
	core *table.Service
	// draining, if set, is closed when the server starts shutting down.
	draining <-chan struct{}
	// streams caps each caller's open event streams.
	streams *streams
}

var _ tablev1connect.TableServiceHandler = (*TableHandler)(nil)

// ListTables pages through the lobby.
func (h *TableHandler) ListTables(ctx context.Context, req *connect.Request[tablev1.ListTablesRequest]) (*connect.Response[tablev1.ListTablesResponse], error) {
	m := req.Msg
	if err := validateList(m); err != nil {
		return nil, apierr.Connect(err)
	}
	all, err := h.core.Lobby(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	size := int(m.GetPageSize())
	if size == 0 {
		size = 100
	}
	out := &tablev1.ListTablesResponse{}
	for _, s := range all {
		if m.GetPageToken() != "" && s.ID <= m.GetPageToken() {
			continue
		}
		if g, ok := view.GameOf(m.GetGame()); ok && g != s.Game {
			continue
		}
		if st, ok := view.StructureOf(m.GetStructure()); ok && st != s.Structure {
			continue
		}
		if c := m.GetCurrency(); c != "" && c != s.Stakes.Currency {
			continue
		}
		if t := m.GetTournamentId(); t != s.Tournament {
			continue
		}
		if m.GetOnlyFreeSeats() && s.Seated >= s.MaxSeats {
			continue
		}
		if len(out.Tables) == size {
			out.NextPageToken = out.Tables[size-1].GetTableId()
			break
		}
		out.Tables = append(out.Tables, view.Summary(s))
	}
	return connect.NewResponse(out), nil
}

// GetTable returns the table as the caller may see it.
func (h *TableHandler) GetTable(ctx context.Context, req *connect.Request[tablev1.GetTableRequest]) (*connect.Response[tablev1.GetTableResponse], error) {
	if err := checkTable(req.Msg.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	var tv *tablev1.TableView
	err = h.core.Table(ctx, req.Msg.GetTableId(), func(t *live.Table) { tv = view.Table(t, who.Viewer()) })
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.GetTableResponse{Table: tv}), nil
}

// JoinWaitingList puts the caller on the waiting list.
func (h *TableHandler) JoinWaitingList(ctx context.Context, req *connect.Request[tablev1.JoinWaitingListRequest]) (*connect.Response[tablev1.JoinWaitingListResponse], error) {
	if err := checkTable(req.Msg.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	pos, err := h.core.JoinWaitingList(ctx, req.Msg.GetTableId(), who)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.JoinWaitingListResponse{Position: int32(pos)}), nil
}

// LeaveWaitingList takes the caller off the waiting list.
func (h *TableHandler) LeaveWaitingList(ctx context.Context, req *connect.Request[tablev1.LeaveWaitingListRequest]) (*connect.Response[tablev1.LeaveWaitingListResponse], error) {
	if err := checkTable(req.Msg.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.LeaveWaitingList(ctx, req.Msg.GetTableId(), who); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.LeaveWaitingListResponse{}), nil
}

// TakeSeat seats the caller with a buy-in from his wallet.
func (h *TableHandler) TakeSeat(ctx context.Context, req *connect.Request[tablev1.TakeSeatRequest]) (*connect.Response[tablev1.TakeSeatResponse], error) {
	m := req.Msg
	if err := validateTakeSeat(m); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	r, err := h.core.TakeSeat(ctx, m.GetTableId(), who, int(m.GetSeat()), m.GetBuyIn().GetAmount(), m.GetBuyIn().GetCurrency(),
		m.GetIdempotencyKey(), m.GetDisplayName(), m.GetPostNow())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.TakeSeatResponse{Seat: int32(r.Seat), Stack: r.Stack, Replayed: r.Replayed}), nil
}

// AddChips tops the caller's stack up.
func (h *TableHandler) AddChips(ctx context.Context, req *connect.Request[tablev1.AddChipsRequest]) (*connect.Response[tablev1.AddChipsResponse], error) {
	m := req.Msg
	if err := validateAddChips(m); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	r, err := h.core.AddChips(ctx, m.GetTableId(), who, m.GetAmount().GetAmount(), m.GetAmount().GetCurrency(), m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.AddChipsResponse{Stack: r.Stack, Pending: r.Pending, Replayed: r.Replayed}), nil
}

// SitOut stops dealing the caller in.
func (h *TableHandler) SitOut(ctx context.Context, req *connect.Request[tablev1.SitOutRequest]) (*connect.Response[tablev1.SitOutResponse], error) {
	if err := checkTable(req.Msg.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.SitOut(ctx, req.Msg.GetTableId(), who); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.SitOutResponse{}), nil
}

// SitIn deals the caller in again.
func (h *TableHandler) SitIn(ctx context.Context, req *connect.Request[tablev1.SitInRequest]) (*connect.Response[tablev1.SitInResponse], error) {
	if err := checkTable(req.Msg.GetTableId()); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	if err := h.core.SitIn(ctx, req.Msg.GetTableId(), who, req.Msg.GetPostNow()); err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.SitInResponse{}), nil
}

// StandUp leaves the caller's seat and cashes out.
func (h *TableHandler) StandUp(ctx context.Context, req *connect.Request[tablev1.StandUpRequest]) (*connect.Response[tablev1.StandUpResponse], error) {
	m := req.Msg
	if err := validateStandUp(m); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	var currency string
	_ = h.core.Table(ctx, m.GetTableId(), func(t *live.Table) { currency = t.Config.Currency })
	r, err := h.core.StandUp(ctx, m.GetTableId(), who, m.GetIdempotencyKey())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.StandUpResponse{CashedOut: money(r.CashedOut, currency), Deferred: r.Deferred, Replayed: r.Replayed}), nil
}

// Act applies the caller's action.
func (h *TableHandler) Act(ctx context.Context, req *connect.Request[tablev1.ActRequest]) (*connect.Response[tablev1.ActResponse], error) {
	m := req.Msg
	if err := validateAct(m); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	r, err := h.act(ctx, who, m)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(r), nil
}

// act applies a validated ActRequest for who (Act and Play).
func (h *TableHandler) act(ctx context.Context, who table.Caller, m *tablev1.ActRequest) (*tablev1.ActResponse, error) {
	kind, _ := view.ActionOf(m.GetKind())
	r, err := h.core.Act(ctx, m.GetTableId(), who, m.GetHandId(), int(m.GetActionSeq()), kind, m.GetAmount())
	if err != nil {
		return nil, err
	}
	return &tablev1.ActResponse{Kind: view.Action(r.Kind), Amount: r.To, AllIn: r.AllIn,
		NextActionSeq: int64(r.NextSeq), Replayed: r.Replayed, Stack: r.Stack}, nil
}

// UseTimeBank starts the caller's time bank.
func (h *TableHandler) UseTimeBank(ctx context.Context, req *connect.Request[tablev1.UseTimeBankRequest]) (*connect.Response[tablev1.UseTimeBankResponse], error) {
	m := req.Msg
	if err := validateUseTimeBank(m); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	r, err := h.useTimeBank(ctx, who, m)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(r), nil
}

// useTimeBank applies a validated UseTimeBankRequest for who (UseTimeBank
// and Play).
func (h *TableHandler) useTimeBank(ctx context.Context, who table.Caller, m *tablev1.UseTimeBankRequest) (*tablev1.UseTimeBankResponse, error) {
	d, bank, ext, err := h.core.UseTimeBank(ctx, m.GetTableId(), who, m.GetHandId(), int(m.GetActionSeq()), m.GetExtension())
	if err != nil {
		return nil, err
	}
	return &tablev1.UseTimeBankResponse{Deadline: timestamppb.New(d), TimeBankSeconds: int32(bank / 1000), TimeExtensions: int32(ext)}, nil
}

// Subscribe streams the table's events for the caller.
func (h *TableHandler) Subscribe(ctx context.Context, req *connect.Request[tablev1.SubscribeRequest], stream *connect.ServerStream[tablev1.SubscribeResponse]) error {
	release, err := h.streams.acquire(ctx)
	if err != nil {
		return apierr.Connect(err)
	}
	defer release()
	sub, v, first, err := h.subscribe(ctx, req.Msg)
	if err != nil {
		return err
	}
	defer sub.Close()
	if first != nil {
		if err := stream.Send(&tablev1.SubscribeResponse{Events: first}); err != nil {
			return err
		}
	}
	id := req.Msg.GetTableId()
	return h.stream(ctx, sub, id, v, nil, nil, func(evs []*tablev1.TableEvent, _ *tablev1.PlayResult) error {
		return stream.Send(&tablev1.SubscribeResponse{Events: evs})
	})
}

// subscribe validates m and subscribes the caller (Subscribe and Play). It
// returns the subscription, the caller's viewer and, when the stream
// starts from a view of the table, the first event (the snapshot). Errors
// are ready to return from a handler.
func (h *TableHandler) subscribe(ctx context.Context, m *tablev1.SubscribeRequest) (*table.Subscription, live.Viewer, []*tablev1.TableEvent, error) {
	if err := validateSubscribe(m); err != nil {
		return nil, live.Viewer{}, nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, live.Viewer{}, nil, apierr.Connect(err)
	}
	v := who.Viewer()
	id := m.GetTableId()
	var snap *tablev1.TableView
	sub, err := h.core.Subscribe(ctx, id, m.GetAfterEventId(), v, func(gt game.Table) error {
		t, ok := gt.(*live.Table)
		if !ok {
			return apierr.Precondition("WRONG_GAME", "table %s is not a poker table: follow it with BankedTableService", id)
		}
		snap = view.Table(t, v)
		return nil
	})
	if err != nil {
		return nil, live.Viewer{}, nil, apierr.Connect(err)
	}
	if !sub.Snapshot {
		return sub, v, nil, nil
	}
	return sub, v, []*tablev1.TableEvent{{EventId: table.SnapshotID(sub.Version), TableId: id,
		Event: &tablev1.TableEvent_Snapshot{Snapshot: snap}}}, nil
}

// stream sends sub's poker batches as v may see them, and the results
// that come on results (pumpEvents).
func (h *TableHandler) stream(ctx context.Context, sub *table.Subscription, id string, v live.Viewer,
	results <-chan *tablev1.PlayResult, done <-chan error, send func([]*tablev1.TableEvent, *tablev1.PlayResult) error) error {
	convert := func(out []*tablev1.TableEvent, b table.Batch) []*tablev1.TableEvent {
		return batchEvents(out, id, b, v)
	}
	return pumpEvents(ctx, h, sub, convert, results, done, send)
}

// pumpEvents sends sub's batches, converted for the stream's viewer, and
// the results that come on results (a Play stream's; nil for the others),
// until ctx ends, the subscriber falls behind, the server drains, the
// session token expires, or done delivers (its value is returned once the
// results sent before it are out). A result goes out with the events that
// are ready with it, in one message. Every game's event stream is sent
// this way; convert is the game's.
func pumpEvents[E any](ctx context.Context, h *TableHandler, sub *table.Subscription, convert func([]E, table.Batch) []E,
	results <-chan *tablev1.PlayResult, done <-chan error, send func([]E, *tablev1.PlayResult) error) error {
	// gather appends the batches queued now: a subscriber that fell behind
	// catches up in fewer sends, and a result takes its events along.
	gather := func(evs []E) []E {
		for len(evs) < maxCoalesced {
			select {
			case b := <-sub.C():
				evs = convert(evs, b)
			default:
				return evs
			}
		}
		return evs
	}
	out := func(evs []E, r *tablev1.PlayResult) error {
		if len(evs) == 0 && r == nil {
			return nil
		}
		if err := send(evs, r); err != nil {
			return err
		}
		if len(evs) > 0 {
			h.core.StreamSent(ctx, len(evs))
		}
		return nil
	}
	// The stream ends when the session token expires (issue 11), not only
	// at the next command or event; the rare ends are one context's causes
	// (ends).
	ended, stop := ends(ctx, h.draining, sub.Lost())
	defer stop()
	for {
		select {
		case <-ended.Done():
			return endOf(ended)
		case err := <-done:
			for {
				select {
				case r := <-results:
					if serr := out(gather(nil), r); serr != nil {
						return serr
					}
					continue
				default:
				}
				return err
			}
		case r := <-results:
			if err := out(gather(nil), r); err != nil {
				return err
			}
		case b := <-sub.C():
			evs := gather(convert(nil, b))
			var r *tablev1.PlayResult
			select {
			case r = <-results:
				// Its events may have come in meanwhile.
				evs = gather(evs)
			default:
			}
			if err := out(evs, r); err != nil {
				return err
			}
		}
	}
}

// maxCoalesced bounds the events of one stream message built from queued
// batches.
const maxCoalesced = 256

// batchEvents appends b's events as v may see them. The events every
// viewer sees alike are converted once per batch for all subscribers.
func batchEvents(out []*tablev1.TableEvent, id string, b table.Batch, v live.Viewer) []*tablev1.TableEvent {
	events, _ := b.Events.([]live.Event)
	var public []*tablev1.TableEvent
	if b.Shared != nil {
		public = b.Shared.Get(func() any { return view.Public(id, b.Version, events, table.EventID) }).([]*tablev1.TableEvent)
	}
	return view.AppendEvents(out, id, b.Version, events, b.From, v, table.EventID, public)
}

// GetHandHistory returns a finished hand as the caller may see it.
func (h *TableHandler) GetHandHistory(ctx context.Context, req *connect.Request[tablev1.GetHandHistoryRequest]) (*connect.Response[tablev1.GetHandHistoryResponse], error) {
	m := req.Msg
	if err := validateHistory(m); err != nil {
		return nil, apierr.Connect(err)
	}
	who, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	hd, err := h.core.FinishedHand(ctx, m.GetTableId(), m.GetHandId())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	rec, hero := RecordFor(hd, who.Viewer())
	format := m.GetFormat()
	if format == "" {
		format = "json"
	}
	var text string
	if format == "pokerstars" {
		text = rec.PokerStars(history.PokerStarsOptions{Hero: hero})
	} else {
		b, err := json.Marshal(rec)
		if err != nil {
			return nil, apierr.Connect(err)
		}
		text = string(b)
	}
	return connect.NewResponse(&tablev1.GetHandHistoryResponse{HandId: hd.ID, Format: format, Text: text}), nil
}

// RecordFor is a finished hand's record as v may see it, and v's seat in it
// (-1 if none): internal callers get the complete record; a player who
// played the hand sees his own cards; everyone sees what was shown. Player
// ids show only to those who may see them.
func RecordFor(h *live.Hand, v live.Viewer) (*history.Record, int) {
	full := h.Record()
	hero := -1
	for _, p := range h.Setup.Players {
		if v.Player != "" && p.Player == v.Player {
			hero = p.Seat
		}
	}
	rec := full
	if !v.Internal {
		rec = full.For(hero)
	}
	for i := range rec.Seats {
		s := &rec.Seats[i]
		if v.SeesPlayerID(s.Player) {
			_, s.Player = live.SplitKey(s.Player)
		} else {
			s.Player = ""
		}
	}
	return rec, hero
}

// GetFairnessProof returns a hand's commitment and, once it is over, the
// openings of the cards the caller was entitled to see; operators and
// auditors get the whole shoe.
func (h *TableHandler) GetFairnessProof(ctx context.Context, req *connect.Request[tablev1.GetFairnessProofRequest]) (*connect.Response[tablev1.GetFairnessProofResponse], error) {
	m := req.Msg
	if err := validateProof(m); err != nil {
		return nil, apierr.Connect(err)
	}
	var v live.Viewer
	full := false
	if p, ok := auth.FromContext(ctx); ok && p.Role == auth.RoleAuditor {
		full = true
	} else {
		who, err := caller(ctx)
		if err != nil {
			return nil, apierr.Connect(err)
		}
		// Operators and services: the whole shoe (the hand is over).
		v, full = who.Viewer(), who.Internal
	}
	p, err := h.core.FairnessProof(ctx, m.GetTableId(), m.GetHandId(), v, full)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&tablev1.GetFairnessProofResponse{HandId: p.HandID, Commitment: p.Commitment,
		RngOutcomeId: p.Outcome, Revealed: p.Revealed, Shoe: p.Cards, Salt: p.Secret, Proof: p.Shoe}), nil
}

var _ = strconv.Itoa
