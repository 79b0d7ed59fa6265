// Package api is the wallet's Connect/gRPC handler: it authenticates the
// caller (the shared auth interceptor has already checked the role), reads
// the request, calls the ledger and maps the answer. No ledger logic lives
// here; who may touch which account is decided by the ledger itself.
package api

import (
	"context"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"

	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
)

// Handler serves walletv1connect.WalletServiceHandler over a Ledger.
type Handler struct {
	l *ledger.Ledger
}

var _ walletv1connect.WalletServiceHandler = (*Handler)(nil)

// New returns the handler.
func New(l *ledger.Ledger) *Handler { return &Handler{l: l} }

// Policy says which roles may call which procedure. Players and partners
// reach the read calls and (partners) OpenAccount and Transfer; the ledger
// then limits them to their own accounts. Everything else is internal.
func Policy() auth.Policy {
	p := auth.Policy{}
	p.Allow(auth.Anyone,
		walletv1connect.WalletServiceGetAccountProcedure,
		walletv1connect.WalletServiceListAccountsProcedure,
		walletv1connect.WalletServiceListEntriesProcedure,
		walletv1connect.WalletServiceGetTransferProcedure,
		walletv1connect.WalletServiceGetHoldProcedure,
	)
	p.Allow([]auth.Role{auth.RolePartner, auth.RoleService, auth.RoleOperator},
		walletv1connect.WalletServiceOpenAccountProcedure,
		walletv1connect.WalletServiceTransferProcedure,
	)
	p.Allow(auth.Internal,
		walletv1connect.WalletServiceTransferBatchProcedure,
		walletv1connect.WalletServiceCreateHoldProcedure,
		walletv1connect.WalletServicePostHoldProcedure,
		walletv1connect.WalletServicePostHoldsProcedure,
		walletv1connect.WalletServiceVoidHoldProcedure,
		walletv1connect.WalletServiceExpireHoldsProcedure,
		walletv1connect.WalletServiceReconcileProcedure,
		walletv1connect.WalletServiceCheckEscrowProcedure,
		walletv1connect.WalletServiceRakeReportProcedure,
	)
	return p
}

// caller maps the authenticated principal to a ledger caller.
func caller(ctx context.Context) (ledger.Caller, error) {
	p, ok := auth.FromContext(ctx)
	if !ok {
		return ledger.Caller{}, apierr.Unauthenticated("NO_CREDENTIALS", "no authenticated caller")
	}
	switch p.Role {
	case auth.RolePlayer:
		return ledger.Player(p.PartnerID, p.PlayerID), nil
	case auth.RolePartner:
		return ledger.Partner(p.PartnerID), nil
	case auth.RoleService, auth.RoleOperator:
		return ledger.Internal(), nil
	}
	return ledger.Caller{}, apierr.Denied("UNKNOWN_ROLE", "role %q cannot use the wallet", p.Role)
}

// ParseID reads an id the API writes as a decimal string; what names it
// ("account", "hold", "transfer") in the reason INVALID_<WHAT>_ID.
func ParseID(s, what string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, apierr.Invalid("INVALID_"+strings.ToUpper(what)+"_ID", "%s id %q is not a positive decimal number", what, s)
	}
	return id, nil
}

// IDString writes an id as the API does; 0 (none) is "".
func IDString(id int64) string { return idString(id) }

func idString(id int64) string {
	if id == 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

func (h *Handler) OpenAccount(ctx context.Context, req *connect.Request[walletv1.OpenAccountRequest]) (*connect.Response[walletv1.OpenAccountResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	m := req.Msg
	a, err := h.l.OpenAccount(ctx, c, ledger.Account{Kind: ledger.Kind(m.GetKind()), OwnerID: m.GetOwnerId(), PartnerID: m.GetPartnerId(), Currency: m.GetCurrency()})
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&walletv1.OpenAccountResponse{Account: accountPB(a)}), nil
}

func (h *Handler) GetAccount(ctx context.Context, req *connect.Request[walletv1.GetAccountRequest]) (*connect.Response[walletv1.GetAccountResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	id, err := ParseID(req.Msg.GetAccountId(), "account")
	if err != nil {
		return nil, apierr.Connect(err)
	}
	a, err := h.l.Account(ctx, c, id)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&walletv1.GetAccountResponse{Account: accountPB(a)}), nil
}

func (h *Handler) ListAccounts(ctx context.Context, req *connect.Request[walletv1.ListAccountsRequest]) (*connect.Response[walletv1.ListAccountsResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	m := req.Msg
	if err := ValidateListAccounts(m); err != nil {
		return nil, apierr.Connect(err)
	}
	as, err := h.l.Accounts(ctx, c, ledger.AccountFilter{OwnerID: m.GetOwnerId(), PartnerID: m.GetPartnerId(), Kind: ledger.Kind(m.GetKind()), Currency: m.GetCurrency()})
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out := &walletv1.ListAccountsResponse{}
	for _, a := range as {
		out.Accounts = append(out.Accounts, accountPB(a))
	}
	return connect.NewResponse(out), nil
}

func (h *Handler) Transfer(ctx context.Context, req *connect.Request[walletv1.TransferRequest]) (*connect.Response[walletv1.TransferResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	leg, err := LegFromPB(req.Msg.GetTransfer())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	r, err := h.l.Transfer(ctx, c, req.Msg.GetIdempotencyKey(), leg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&walletv1.TransferResponse{Transfer: transferPB(r.Transfers[0]), Replayed: r.Replayed}), nil
}

func (h *Handler) TransferBatch(ctx context.Context, req *connect.Request[walletv1.TransferBatchRequest]) (*connect.Response[walletv1.TransferBatchResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	if n := len(req.Msg.GetTransfers()); n == 0 || n > ledger.MaxBatch {
		return nil, apierr.Connect(apierr.Invalid("INVALID_BATCH", "a batch has 1..%d transfers", ledger.MaxBatch))
	}
	var legs []ledger.Leg
	for _, spec := range req.Msg.GetTransfers() {
		leg, err := LegFromPB(spec)
		if err != nil {
			return nil, apierr.Connect(err)
		}
		legs = append(legs, leg)
	}
	r, err := h.l.Batch(ctx, c, req.Msg.GetIdempotencyKey(), legs)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out := &walletv1.TransferBatchResponse{BatchId: idString(r.OperationID), Replayed: r.Replayed}
	for _, t := range r.Transfers {
		out.Transfers = append(out.Transfers, transferPB(t))
	}
	return connect.NewResponse(out), nil
}

func (h *Handler) GetTransfer(ctx context.Context, req *connect.Request[walletv1.GetTransferRequest]) (*connect.Response[walletv1.GetTransferResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	switch l := req.Msg.GetLookup().(type) {
	case *walletv1.GetTransferRequest_TransferId:
		id, err := ParseID(l.TransferId, "transfer")
		if err != nil {
			return nil, apierr.Connect(err)
		}
		t, err := h.l.TransferByID(ctx, c, id)
		if err != nil {
			return nil, apierr.Connect(err)
		}
		return connect.NewResponse(&walletv1.GetTransferResponse{Transfer: transferPB(t)}), nil
	case *walletv1.GetTransferRequest_IdempotencyKey:
		r, err := h.l.OperationByKey(ctx, c, req.Msg.GetPartnerId(), l.IdempotencyKey)
		if err != nil {
			return nil, apierr.Connect(err)
		}
		if len(r.Transfers) == 0 {
			// A batch has several transfers and a hold none (until posted):
			// this call answers only for single transfers.
			return nil, apierr.Connect(apierr.NotFound(ledger.ReasonTransferNotFound, "key %q names a hold without a posting", l.IdempotencyKey))
		}
		return connect.NewResponse(&walletv1.GetTransferResponse{Transfer: transferPB(r.Transfers[0])}), nil
	}
	return nil, apierr.Connect(apierr.Invalid("INVALID_LOOKUP", "give a transfer id or an idempotency key"))
}

func (h *Handler) CreateHold(ctx context.Context, req *connect.Request[walletv1.CreateHoldRequest]) (*connect.Response[walletv1.CreateHoldResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	leg, err := LegFromPB(req.Msg.GetTransfer())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	r, err := h.l.CreateHold(ctx, c, req.Msg.GetIdempotencyKey(), leg, time.Duration(req.Msg.GetTtlSeconds())*time.Second)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&walletv1.CreateHoldResponse{Hold: holdPB(*r.Hold), Replayed: r.Replayed}), nil
}

func (h *Handler) PostHold(ctx context.Context, req *connect.Request[walletv1.PostHoldRequest]) (*connect.Response[walletv1.PostHoldResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	id, err := ParseID(req.Msg.GetHoldId(), "hold")
	if err != nil {
		return nil, apierr.Connect(err)
	}
	hd, t, replayed, err := h.l.PostHold(ctx, c, id, req.Msg.GetAmount())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&walletv1.PostHoldResponse{Hold: holdPB(hd), Transfer: transferPB(t), Replayed: replayed}), nil
}

func (h *Handler) PostHolds(ctx context.Context, req *connect.Request[walletv1.PostHoldsRequest]) (*connect.Response[walletv1.PostHoldsResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	posts, err := HoldPostsFromPB(req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out, err := h.l.PostHolds(ctx, c, posts)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	resp := &walletv1.PostHoldsResponse{Results: make([]*walletv1.PostHoldResult, len(out))}
	for i, o := range out {
		resp.Results[i] = postResultPB(posts[i].HoldID, o)
	}
	return connect.NewResponse(resp), nil
}

func (h *Handler) VoidHold(ctx context.Context, req *connect.Request[walletv1.VoidHoldRequest]) (*connect.Response[walletv1.VoidHoldResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	id, err := ParseID(req.Msg.GetHoldId(), "hold")
	if err != nil {
		return nil, apierr.Connect(err)
	}
	hd, replayed, err := h.l.VoidHold(ctx, c, id)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&walletv1.VoidHoldResponse{Hold: holdPB(hd), Replayed: replayed}), nil
}

func (h *Handler) GetHold(ctx context.Context, req *connect.Request[walletv1.GetHoldRequest]) (*connect.Response[walletv1.GetHoldResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	id, err := ParseID(req.Msg.GetHoldId(), "hold")
	if err != nil {
		return nil, apierr.Connect(err)
	}
	hd, err := h.l.Hold(ctx, c, id)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&walletv1.GetHoldResponse{Hold: holdPB(hd)}), nil
}

func (h *Handler) ExpireHolds(ctx context.Context, req *connect.Request[walletv1.ExpireHoldsRequest]) (*connect.Response[walletv1.ExpireHoldsResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	if l := req.Msg.GetLimit(); l < 0 || l > 10_000 {
		return nil, apierr.Connect(apierr.Invalid("INVALID_LIMIT", "limit must be 0..10000"))
	}
	n, err := h.l.ExpireHolds(ctx, c, int(req.Msg.GetLimit()))
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&walletv1.ExpireHoldsResponse{Expired: uint32(n)}), nil
}

func (h *Handler) ListEntries(ctx context.Context, req *connect.Request[walletv1.ListEntriesRequest]) (*connect.Response[walletv1.ListEntriesResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	q, err := StatementFromPB(req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	es, next, err := h.l.Entries(ctx, c, q)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out := &walletv1.ListEntriesResponse{NextPageToken: next}
	for _, e := range es {
		out.Entries = append(out.Entries, entryPB(e))
	}
	return connect.NewResponse(out), nil
}

func (h *Handler) Reconcile(ctx context.Context, req *connect.Request[walletv1.ReconcileRequest]) (*connect.Response[walletv1.ReconcileResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	r, err := h.l.Reconcile(ctx, c, req.Msg.GetCurrency())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out := &walletv1.ReconcileResponse{Ok: r.OK(), AccountsChecked: uint64(r.Checked)}
	for _, t := range r.Totals {
		out.Totals = append(out.Totals, &walletv1.CurrencyTotal{Currency: t.Currency, Sum: t.Sum})
	}
	for _, id := range r.Mismatched {
		out.MismatchedAccountIds = append(out.MismatchedAccountIds, idString(id))
	}
	for _, id := range r.HeldMismatched {
		out.HeldMismatchedAccountIds = append(out.HeldMismatchedAccountIds, idString(id))
	}
	for _, id := range r.Negative {
		out.NegativeAccountIds = append(out.NegativeAccountIds, idString(id))
	}
	return connect.NewResponse(out), nil
}

func (h *Handler) CheckEscrow(ctx context.Context, req *connect.Request[walletv1.CheckEscrowRequest]) (*connect.Response[walletv1.CheckEscrowResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	m := req.Msg
	r, err := h.l.CheckEscrow(ctx, c, ledger.Kind(m.GetKind()), m.GetTableId(), m.GetCurrency(), m.GetExpectedAmount())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&walletv1.CheckEscrowResponse{
		Matches: r.Matches(), AccountId: idString(r.Account.ID), Balance: r.Account.Balance,
		ExpectedAmount: r.Expected, Difference: r.Account.Balance - r.Expected,
	}), nil
}

func (h *Handler) RakeReport(ctx context.Context, req *connect.Request[walletv1.RakeReportRequest]) (*connect.Response[walletv1.RakeReportResponse], error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	q, err := RevenueFromPB(req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	rows, err := h.l.RakeReport(ctx, c, q)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out := &walletv1.RakeReportResponse{}
	for _, r := range rows {
		out.Rows = append(out.Rows, &walletv1.RakeRow{
			TableId: r.TableID, TournamentId: r.TournamentID, Day: r.Day.Format(time.DateOnly),
			Amount: r.Amount, Hands: uint64(r.Hands), Transfers: uint64(r.Transfers), Kind: walletv1.TransferKind(r.Kind),
		})
		out.Total += r.Amount
	}
	return connect.NewResponse(out), nil
}
