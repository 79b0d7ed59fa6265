package api_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/wallet/api"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/services/wallet/store"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
)

const (
	keyA = "partner-a-api-key-0123456789"
	keyB = "partner-b-api-key-0123456789"
)

// server is the wallet behind the real auth interceptor and policy, on an
// httptest server, with one client per kind of caller.
type server struct {
	auth                        *auth.Authenticator
	partnerA, partnerB, service walletv1connect.WalletServiceClient
	anonymous                   walletv1connect.WalletServiceClient
	url                         string
}

func headerInterceptor(name, value string) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			req.Header().Set(name, value)
			return next(ctx, req)
		}
	}
}

func newLedger(t testing.TB) *ledger.Ledger {
	s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "w.db"), store.Options{SQLiteSync: "NORMAL"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return ledger.New(s, ledger.Options{})
}

func newServer(t *testing.T) *server { return newServerOn(t, newLedger(t)) }

// newServerOn serves l (a ledger over any store) the same way.
func newServerOn(t *testing.T, l *ledger.Ledger) *server {
	a, err := auth.NewAuthenticator(auth.Config{Keys: auth.DevKeyring("table"), APIKeys: map[string]string{keyA: "pa", keyB: "pb"}})
	if err != nil {
		t.Fatal(err)
	}
	path, h := walletv1connect.NewWalletServiceHandler(api.New(l), connect.WithInterceptors(auth.NewInterceptor(a, api.Policy())))
	mux := http.NewServeMux()
	mux.Handle(path, h)
	hs := httptest.NewServer(mux)
	t.Cleanup(hs.Close)
	svc, _ := a.Issue(auth.Principal{Role: auth.RoleService, Subject: "table"}, time.Hour)
	s := &server{auth: a, url: hs.URL}
	s.partnerA = s.client(auth.HeaderAPIKey, keyA)
	s.partnerB = s.client(auth.HeaderAPIKey, keyB)
	s.service = s.client(auth.HeaderAuthorization, "Bearer "+svc)
	s.anonymous = walletv1connect.NewWalletServiceClient(http.DefaultClient, hs.URL)
	return s
}

func (s *server) client(header, value string) walletv1connect.WalletServiceClient {
	return walletv1connect.NewWalletServiceClient(http.DefaultClient, s.url, connect.WithInterceptors(headerInterceptor(header, value)))
}

func (s *server) player(t *testing.T, partner, player string) walletv1connect.WalletServiceClient {
	tok, err := s.auth.Issue(auth.Principal{Role: auth.RolePlayer, PartnerID: partner, PlayerID: player}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return s.client(auth.HeaderAuthorization, "Bearer "+tok)
}

func wantCode(t *testing.T, what string, err error, code connect.Code, reason string) {
	t.Helper()
	if connect.CodeOf(err) != code || (reason != "" && apierr.Reason(err) != reason) {
		t.Errorf("%s: got %v (reason %q), want %v %s", what, err, apierr.Reason(err), code, reason)
	}
}

func open(t *testing.T, c walletv1connect.WalletServiceClient, kind walletv1.AccountKind, owner, partner string) *walletv1.Account {
	t.Helper()
	r, err := c.OpenAccount(context.Background(), connect.NewRequest(&walletv1.OpenAccountRequest{Kind: kind, OwnerId: owner, PartnerId: partner, Currency: "EUR"}))
	if err != nil {
		t.Fatalf("open %v %s: %v", kind, owner, err)
	}
	return r.Msg.Account
}

func spec(from, to *walletv1.Account, amount int64, kind walletv1.TransferKind) *walletv1.TransferSpec {
	return &walletv1.TransferSpec{DebitAccountId: from.Id, CreditAccountId: to.Id, Amount: &commonv1.Money{Amount: amount, Currency: "EUR"}, Kind: kind}
}

// TestAuthorizationThroughTheHandler: who may do what, checked over the
// wire with real credentials (README wallet section, "Who may do what").
func TestAuthorizationThroughTheHandler(t *testing.T) {
	s := newServer(t)
	ctx := context.Background()
	cageA := open(t, s.partnerA, walletv1.AccountKind_ACCOUNT_KIND_EXTERNAL, "", "")
	alice := open(t, s.partnerA, walletv1.AccountKind_ACCOUNT_KIND_PLAYER, "alice", "")
	bob := open(t, s.partnerB, walletv1.AccountKind_ACCOUNT_KIND_PLAYER, "bob", "")
	if cageA.PartnerId != "pa" || cageA.OwnerId != "pa" || alice.PartnerId != "pa" || bob.PartnerId != "pb" {
		t.Fatalf("partner scoping on open: %v %v %v", cageA, alice, bob)
	}
	esc := open(t, s.service, walletv1.AccountKind_ACCOUNT_KIND_TABLE_ESCROW, "t1", "")

	// Partner A deposits to its player, then retries: replayed, not doubled.
	req := &walletv1.TransferRequest{IdempotencyKey: "dep-1", Transfer: spec(cageA, alice, 10_000, walletv1.TransferKind_TRANSFER_KIND_DEPOSIT)}
	r1, err := s.partnerA.Transfer(ctx, connect.NewRequest(req))
	if err != nil || r1.Msg.Replayed {
		t.Fatalf("deposit: %v %v", r1, err)
	}
	r2, err := s.partnerA.Transfer(ctx, connect.NewRequest(req))
	if err != nil || !r2.Msg.Replayed || r2.Msg.Transfer.Id != r1.Msg.Transfer.Id {
		t.Fatalf("retried deposit: %v %v", r2, err)
	}
	req.Transfer.Amount.Amount = 9_999
	_, err = s.partnerA.Transfer(ctx, connect.NewRequest(req))
	wantCode(t, "key reused", err, connect.CodeAlreadyExists, ledger.ReasonKeyReused)

	// The service buys alice in; she cannot overdraw.
	_, err = s.service.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "bi", Transfer: spec(alice, esc, 10_001, walletv1.TransferKind_TRANSFER_KIND_BUY_IN)}))
	wantCode(t, "overdraft", err, connect.CodeFailedPrecondition, ledger.ReasonInsufficientFunds)

	cases := []struct {
		name   string
		call   func() error
		code   connect.Code
		reason string
	}{
		{"no credentials", func() error {
			_, err := s.anonymous.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: alice.Id}))
			return err
		}, connect.CodeUnauthenticated, ""},
		{"partner B reads partner A's player", func() error {
			_, err := s.partnerB.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: alice.Id}))
			return err
		}, connect.CodeNotFound, ledger.ReasonAccountNotFound},
		{"partner A withdraws partner B's player", func() error {
			_, err := s.partnerA.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "w", Transfer: spec(bob, cageA, 1, walletv1.TransferKind_TRANSFER_KIND_WITHDRAWAL)}))
			return err
		}, connect.CodeNotFound, ledger.ReasonAccountNotFound},
		{"partner moves money into escrow", func() error {
			_, err := s.partnerA.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "e", Transfer: spec(alice, esc, 1, walletv1.TransferKind_TRANSFER_KIND_BUY_IN)}))
			return err
		}, connect.CodeNotFound, ledger.ReasonAccountNotFound},
		{"partner opens an escrow", func() error {
			_, err := s.partnerA.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{Kind: walletv1.AccountKind_ACCOUNT_KIND_TABLE_ESCROW, OwnerId: "t9", Currency: "EUR"}))
			return err
		}, connect.CodePermissionDenied, ledger.ReasonOperationDenied},
		{"partner batch (policy)", func() error {
			_, err := s.partnerA.TransferBatch(ctx, connect.NewRequest(&walletv1.TransferBatchRequest{IdempotencyKey: "b", Transfers: []*walletv1.TransferSpec{spec(cageA, alice, 1, walletv1.TransferKind_TRANSFER_KIND_DEPOSIT)}}))
			return err
		}, connect.CodePermissionDenied, "ROLE_NOT_ALLOWED"},
		{"partner reconcile (policy)", func() error {
			_, err := s.partnerA.Reconcile(ctx, connect.NewRequest(&walletv1.ReconcileRequest{}))
			return err
		}, connect.CodePermissionDenied, ""},
		{"player transfers (policy)", func() error {
			_, err := s.player(t, "pa", "alice").Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "p", Transfer: spec(alice, cageA, 1, walletv1.TransferKind_TRANSFER_KIND_WITHDRAWAL)}))
			return err
		}, connect.CodePermissionDenied, ""},
		{"player reads another player", func() error {
			_, err := s.player(t, "pa", "carol").GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: alice.Id}))
			return err
		}, connect.CodeNotFound, ledger.ReasonAccountNotFound},
		{"player of another partner with the same player id", func() error {
			_, err := s.player(t, "pb", "alice").GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: alice.Id}))
			return err
		}, connect.CodeNotFound, ledger.ReasonAccountNotFound},
		{"player reads the escrow statement", func() error {
			_, err := s.player(t, "pa", "alice").ListEntries(ctx, connect.NewRequest(&walletv1.ListEntriesRequest{AccountId: esc.Id}))
			return err
		}, connect.CodeNotFound, ledger.ReasonAccountNotFound},
		{"player looks up partner A's deposit by id", func() error {
			_, err := s.player(t, "pa", "carol").GetTransfer(ctx, connect.NewRequest(&walletv1.GetTransferRequest{Lookup: &walletv1.GetTransferRequest_TransferId{TransferId: r1.Msg.Transfer.Id}}))
			return err
		}, connect.CodeNotFound, ledger.ReasonTransferNotFound},
	}
	for _, tc := range cases {
		wantCode(t, tc.name, tc.call(), tc.code, tc.reason)
	}

	// What each caller may see.
	me := s.player(t, "pa", "alice")
	got, err := me.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: alice.Id}))
	if err != nil || got.Msg.Account.Balance != 10_000 || got.Msg.Account.Available != 10_000 {
		t.Fatalf("alice reads her account: %v %v", got, err)
	}
	st, err := me.ListEntries(ctx, connect.NewRequest(&walletv1.ListEntriesRequest{AccountId: alice.Id}))
	if err != nil || len(st.Msg.Entries) != 1 || st.Msg.Entries[0].Amount != 10_000 || st.Msg.Entries[0].CounterpartyAccountId != cageA.Id {
		t.Fatalf("alice's statement: %v %v", st, err)
	}
	tr, err := me.GetTransfer(ctx, connect.NewRequest(&walletv1.GetTransferRequest{Lookup: &walletv1.GetTransferRequest_IdempotencyKey{IdempotencyKey: "dep-1"}}))
	if err != nil || tr.Msg.Transfer.Id != r1.Msg.Transfer.Id {
		t.Fatalf("alice looks up her deposit by key: %v %v", tr, err)
	}
	ls, err := s.partnerA.ListAccounts(ctx, connect.NewRequest(&walletv1.ListAccountsRequest{}))
	if err != nil || len(ls.Msg.Accounts) != 2 {
		t.Fatalf("partner A lists its accounts: %v %v", ls, err)
	}
	ls, err = s.partnerB.ListAccounts(ctx, connect.NewRequest(&walletv1.ListAccountsRequest{PartnerId: "pa"}))
	if err != nil || len(ls.Msg.Accounts) != 0 {
		t.Fatalf("partner B lists partner A's accounts: %v %v", ls, err)
	}
	byKey, err := s.service.GetTransfer(ctx, connect.NewRequest(&walletv1.GetTransferRequest{PartnerId: "pa", Lookup: &walletv1.GetTransferRequest_IdempotencyKey{IdempotencyKey: "dep-1"}}))
	if err != nil || byKey.Msg.Transfer.Id != r1.Msg.Transfer.Id {
		t.Fatalf("service looks up a partner's key: %v %v", byKey, err)
	}
}

// TestServiceFlowThroughTheHandler: a hand at a table over the API — hold
// for the buy-in, post it, rake and cash out in one batch, then the escrow
// check, the rake report and reconciliation.
func TestServiceFlowThroughTheHandler(t *testing.T) {
	s := newServer(t)
	ctx := context.Background()
	cage := open(t, s.partnerA, walletv1.AccountKind_ACCOUNT_KIND_EXTERNAL, "", "")
	p := open(t, s.partnerA, walletv1.AccountKind_ACCOUNT_KIND_PLAYER, "p1", "")
	esc := open(t, s.service, walletv1.AccountKind_ACCOUNT_KIND_TABLE_ESCROW, "t1", "")
	rev := open(t, s.service, walletv1.AccountKind_ACCOUNT_KIND_HOUSE_REVENUE, "", "")
	if _, err := s.partnerA.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "d", Transfer: spec(cage, p, 5_000, walletv1.TransferKind_TRANSFER_KIND_DEPOSIT)})); err != nil {
		t.Fatal(err)
	}
	h, err := s.service.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: "seat-1", TtlSeconds: 60, Transfer: spec(p, esc, 2_000, walletv1.TransferKind_TRANSFER_KIND_BUY_IN)}))
	if err != nil || h.Msg.Hold.State != walletv1.HoldState_HOLD_STATE_PENDING {
		t.Fatalf("hold: %v %v", h, err)
	}
	a, _ := s.service.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: p.Id}))
	if a.Msg.Account.Held != 2_000 || a.Msg.Account.Available != 3_000 {
		t.Fatalf("held: %v", a.Msg.Account)
	}
	ph, err := s.service.PostHold(ctx, connect.NewRequest(&walletv1.PostHoldRequest{HoldId: h.Msg.Hold.Id}))
	if err != nil || ph.Msg.Transfer.Amount.Amount != 2_000 || ph.Msg.Hold.State != walletv1.HoldState_HOLD_STATE_POSTED {
		t.Fatalf("post: %v %v", ph, err)
	}
	rake := spec(esc, rev, 100, walletv1.TransferKind_TRANSFER_KIND_RAKE)
	rake.Metadata = &walletv1.Metadata{TableId: "t1", HandId: "h1"}
	b, err := s.service.TransferBatch(ctx, connect.NewRequest(&walletv1.TransferBatchRequest{IdempotencyKey: "hand-h1", Transfers: []*walletv1.TransferSpec{rake, spec(esc, p, 500, walletv1.TransferKind_TRANSFER_KIND_CASH_OUT)}}))
	if err != nil || len(b.Msg.Transfers) != 2 || b.Msg.Transfers[0].BatchId != b.Msg.BatchId {
		t.Fatalf("batch: %v %v", b, err)
	}
	ce, err := s.service.CheckEscrow(ctx, connect.NewRequest(&walletv1.CheckEscrowRequest{TableId: "t1", Currency: "EUR", ExpectedAmount: 1_400}))
	if err != nil || !ce.Msg.Matches || ce.Msg.Balance != 1_400 {
		t.Fatalf("escrow: %v %v", ce, err)
	}
	ce, _ = s.service.CheckEscrow(ctx, connect.NewRequest(&walletv1.CheckEscrowRequest{TableId: "t1", Currency: "EUR", ExpectedAmount: 1_500}))
	if ce.Msg.Matches || ce.Msg.Difference != -100 {
		t.Fatalf("escrow mismatch: %v", ce.Msg)
	}
	rr, err := s.service.RakeReport(ctx, connect.NewRequest(&walletv1.RakeReportRequest{Currency: "EUR"}))
	if err != nil || rr.Msg.Total != 100 || len(rr.Msg.Rows) != 1 || rr.Msg.Rows[0].Hands != 1 || rr.Msg.Rows[0].TableId != "t1" {
		t.Fatalf("rake report: %v %v", rr, err)
	}
	rc, err := s.service.Reconcile(ctx, connect.NewRequest(&walletv1.ReconcileRequest{}))
	if err != nil || !rc.Msg.Ok || rc.Msg.AccountsChecked != 4 {
		t.Fatalf("reconcile: %v %v", rc, err)
	}
	_, err = s.service.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: "abc"}))
	wantCode(t, "bad id", err, connect.CodeInvalidArgument, "INVALID_ACCOUNT_ID")
}

// TestRefusalsNameNoInternalIDs is issue 11 ("errors shown to players and
// partners carry internal account ids"): the wallet's refusals say what is
// wrong without the id of an account or a hold. A table passes them on to
// its player word for word, and an escrow's id is no partner's business.
func TestRefusalsNameNoInternalIDs(t *testing.T) {
	s := newServer(t)
	ctx := context.Background()
	cage := open(t, s.partnerA, walletv1.AccountKind_ACCOUNT_KIND_EXTERNAL, "", "")
	alice := open(t, s.partnerA, walletv1.AccountKind_ACCOUNT_KIND_PLAYER, "alice", "")
	esc := open(t, s.service, walletv1.AccountKind_ACCOUNT_KIND_TABLE_ESCROW, "t1", "")
	usd, err := s.service.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{Kind: walletv1.AccountKind_ACCOUNT_KIND_TABLE_ESCROW, OwnerId: "t2", Currency: "USD"}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.partnerA.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "d", Transfer: spec(cage, alice, 100, walletv1.TransferKind_TRANSFER_KIND_DEPOSIT)})); err != nil {
		t.Fatal(err)
	}
	h, err := s.service.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: "h", Transfer: spec(alice, esc, 10, walletv1.TransferKind_TRANSFER_KIND_BUY_IN), TtlSeconds: 60}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.service.VoidHold(ctx, connect.NewRequest(&walletv1.VoidHoldRequest{HoldId: h.Msg.Hold.Id})); err != nil {
		t.Fatal(err)
	}
	ids := []string{cage.Id, alice.Id, esc.Id, usd.Msg.Account.Id, h.Msg.Hold.Id}
	cases := []struct {
		name   string
		call   func() error
		reason string
	}{
		{"partner withdraws more than the player has", func() error {
			_, err := s.partnerA.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "w", Transfer: spec(alice, cage, 1_000, walletv1.TransferKind_TRANSFER_KIND_WITHDRAWAL)}))
			return err
		}, ledger.ReasonInsufficientFunds},
		{"partner pays into the escrow", func() error {
			_, err := s.partnerA.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "e", Transfer: spec(alice, esc, 1, walletv1.TransferKind_TRANSFER_KIND_DEPOSIT)}))
			return err
		}, ledger.ReasonAccountNotFound},
		{"the table buys the player in beyond his funds (passed on to him)", func() error {
			_, err := s.service.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "b", Transfer: spec(alice, esc, 1_000, walletv1.TransferKind_TRANSFER_KIND_BUY_IN)}))
			return err
		}, ledger.ReasonInsufficientFunds},
		{"the table buys in at an escrow of another currency", func() error {
			_, err := s.service.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "c", Transfer: spec(alice, usd.Msg.Account, 1, walletv1.TransferKind_TRANSFER_KIND_BUY_IN)}))
			return err
		}, ledger.ReasonCurrencyMismatch},
		{"the table posts a voided hold", func() error {
			_, err := s.service.PostHold(ctx, connect.NewRequest(&walletv1.PostHoldRequest{HoldId: h.Msg.Hold.Id}))
			return err
		}, ledger.ReasonHoldNotPending},
		{"the table posts an unknown hold", func() error {
			_, err := s.service.PostHold(ctx, connect.NewRequest(&walletv1.PostHoldRequest{HoldId: "999"}))
			return err
		}, ledger.ReasonHoldNotFound},
	}
	for _, tc := range cases {
		err := tc.call()
		wantCode(t, tc.name, err, connect.CodeOf(err), tc.reason)
		var ce *connect.Error
		if !errors.As(err, &ce) {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, id := range append(ids, "999") {
			if regexp.MustCompile(`\b` + id + `\b`).MatchString(ce.Message()) {
				t.Errorf("%s: the message names id %s: %q", tc.name, id, ce.Message())
			}
		}
	}
}
