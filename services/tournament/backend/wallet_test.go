package backend

import (
	"context"
	"errors"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament"
)

// fakeWallet is the wallet's Connect client: it records each request and
// answers from memory (err fails every call, as the wallet would).
type fakeWallet struct {
	walletv1connect.WalletServiceClient

	reqs     []proto.Message
	accounts []*walletv1.Account
	err      error
}

func (f *fakeWallet) OpenAccount(_ context.Context, req *connect.Request[walletv1.OpenAccountRequest]) (*connect.Response[walletv1.OpenAccountResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	if f.err != nil {
		return nil, f.err
	}
	m := req.Msg
	return connect.NewResponse(&walletv1.OpenAccountResponse{Account: &walletv1.Account{Id: "acct-" + m.GetKind().String() + "-" + m.GetOwnerId(),
		Kind: m.GetKind(), OwnerId: m.GetOwnerId(), PartnerId: m.GetPartnerId(), Currency: m.GetCurrency()}}), nil
}

func (f *fakeWallet) ListAccounts(_ context.Context, req *connect.Request[walletv1.ListAccountsRequest]) (*connect.Response[walletv1.ListAccountsResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	if f.err != nil {
		return nil, f.err
	}
	return connect.NewResponse(&walletv1.ListAccountsResponse{Accounts: f.accounts}), nil
}

func (f *fakeWallet) CreateHold(_ context.Context, req *connect.Request[walletv1.CreateHoldRequest]) (*connect.Response[walletv1.CreateHoldResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	if f.err != nil {
		return nil, f.err
	}
	return connect.NewResponse(&walletv1.CreateHoldResponse{Hold: &walletv1.Hold{Id: "hold-" + req.Msg.GetIdempotencyKey()}}), nil
}

func (f *fakeWallet) PostHold(_ context.Context, req *connect.Request[walletv1.PostHoldRequest]) (*connect.Response[walletv1.PostHoldResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	return connect.NewResponse(&walletv1.PostHoldResponse{}), f.err
}

func (f *fakeWallet) VoidHold(_ context.Context, req *connect.Request[walletv1.VoidHoldRequest]) (*connect.Response[walletv1.VoidHoldResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	return connect.NewResponse(&walletv1.VoidHoldResponse{}), f.err
}

func (f *fakeWallet) Transfer(_ context.Context, req *connect.Request[walletv1.TransferRequest]) (*connect.Response[walletv1.TransferResponse], error) {
	f.reqs = append(f.reqs, req.Msg)
	return connect.NewResponse(&walletv1.TransferResponse{}), f.err
}

// wantRequests compares the requests sent with want, in order.
func wantRequests(t *testing.T, got, want []proto.Message) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d requests %v, want %d %v", len(got), got, len(want), want)
	}
	for i := range want {
		if !proto.Equal(got[i], want[i]) {
			t.Errorf("request %d:\n got %v\nwant %v", i, got[i], want[i])
		}
	}
}

// Each account the tournament uses is opened with its kind and owner: the
// player's under his partner, the prize pool owned by the tournament, the
// house revenue by no one.
func TestAccountsAreOpenedByKind(t *testing.T) {
	f := &fakeWallet{}
	w := NewWallet(f)
	ctx := context.Background()
	player, err := w.PlayerAccount(ctx, "pa", "p1", "EUR")
	if err != nil || player != "acct-ACCOUNT_KIND_PLAYER-p1" {
		t.Errorf("player account %q, %v", player, err)
	}
	pool, err := w.PoolAccount(ctx, "tour-1", "EUR")
	if err != nil || pool != "acct-ACCOUNT_KIND_PRIZE_POOL-tour-1" {
		t.Errorf("pool account %q, %v", pool, err)
	}
	if _, err := w.RevenueAccount(ctx, "EUR"); err != nil {
		t.Fatal(err)
	}
	wantRequests(t, f.reqs, []proto.Message{
		&walletv1.OpenAccountRequest{Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, OwnerId: "p1", PartnerId: "pa", Currency: "EUR"},
		&walletv1.OpenAccountRequest{Kind: walletv1.AccountKind_ACCOUNT_KIND_PRIZE_POOL, OwnerId: "tour-1", Currency: "EUR"},
		&walletv1.OpenAccountRequest{Kind: walletv1.AccountKind_ACCOUNT_KIND_HOUSE_REVENUE, Currency: "EUR"},
	})
}

// Looking for a player's account only reads, and takes only the account
// that matches in every attribute (a wrong one would be charged), whatever
// else the wallet's filter lets through.
func TestFindPlayerAccount(t *testing.T) {
	match := &walletv1.Account{Id: "a-ok", Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, OwnerId: "p1", PartnerId: "pa", Currency: "EUR", Available: 4200}
	others := []*walletv1.Account{
		{Id: "a-owner", Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, OwnerId: "p2", PartnerId: "pa", Currency: "EUR", Available: 1},
		{Id: "a-partner", Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, OwnerId: "p1", PartnerId: "pb", Currency: "EUR", Available: 2},
		{Id: "a-currency", Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, OwnerId: "p1", PartnerId: "pa", Currency: "USD", Available: 3},
		{Id: "a-kind", Kind: walletv1.AccountKind_ACCOUNT_KIND_PRIZE_POOL, OwnerId: "p1", PartnerId: "pa", Currency: "EUR", Available: 4},
	}
	cases := []struct {
		name      string
		accounts  []*walletv1.Account
		id        string
		available int64
	}{
		{"the match after the others", append(append([]*walletv1.Account{}, others...), match), "a-ok", 4200},
		{"none matches", others, "", 0},
		{"no account", nil, "", 0},
	}
	for _, c := range cases {
		f := &fakeWallet{accounts: c.accounts}
		id, available, err := NewWallet(f).FindPlayerAccount(context.Background(), "pa", "p1", "EUR")
		if err != nil || id != c.id || available != c.available {
			t.Errorf("%s: %q %d %v, want %q %d", c.name, id, available, err, c.id, c.available)
		}
		wantRequests(t, f.reqs, []proto.Message{&walletv1.ListAccountsRequest{OwnerId: "p1", PartnerId: "pa",
			Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, Currency: "EUR"}})
	}
}

// Transfers and holds carry the workflow's idempotency key, the wallet's
// transfer kind for the tournament's, and the tournament id in the
// metadata (the wallet refuses a fee without it, ledger.ValidateLeg).
func TestMoneyMovementsCarryKeyKindAndTournament(t *testing.T) {
	kinds := []struct {
		kind tournament.TransferKind
		want walletv1.TransferKind
	}{
		{tournament.KindEntry, walletv1.TransferKind_TRANSFER_KIND_TOURNAMENT_ENTRY},
		{tournament.KindFee, walletv1.TransferKind_TRANSFER_KIND_TOURNAMENT_FEE},
		{tournament.KindPrize, walletv1.TransferKind_TRANSFER_KIND_PRIZE},
		{tournament.KindRefund, walletv1.TransferKind_TRANSFER_KIND_REFUND},
		{0, walletv1.TransferKind_TRANSFER_KIND_UNSPECIFIED},
	}
	for _, k := range kinds {
		f := &fakeWallet{}
		w := NewWallet(f)
		tr := tournament.Transfer{From: "a-1", To: "a-2", Amount: 1100, Currency: "EUR", Kind: k.kind, Tournament: "tour-1", Note: "entry"}
		spec := &walletv1.TransferSpec{DebitAccountId: "a-1", CreditAccountId: "a-2", Amount: &commonv1.Money{Amount: 1100, Currency: "EUR"},
			Kind: k.want, Metadata: &walletv1.Metadata{TournamentId: "tour-1", Note: "entry"}}
		if err := w.Transfer(context.Background(), "tour-1:entry:p1", tr); err != nil {
			t.Fatal(err)
		}
		hold, err := w.Hold(context.Background(), "tour-1:hold:p1", tr, 90*time.Second+500*time.Millisecond)
		if err != nil || hold != "hold-tour-1:hold:p1" {
			t.Fatalf("hold %q, %v", hold, err)
		}
		wantRequests(t, f.reqs, []proto.Message{
			&walletv1.TransferRequest{IdempotencyKey: "tour-1:entry:p1", Transfer: spec},
			// The TTL in whole seconds, rounded down.
			&walletv1.CreateHoldRequest{IdempotencyKey: "tour-1:hold:p1", Transfer: spec, TtlSeconds: 90},
		})
	}

	f := &fakeWallet{}
	w := NewWallet(f)
	if err := w.PostHold(context.Background(), "h-1"); err != nil {
		t.Fatal(err)
	}
	if err := w.VoidHold(context.Background(), "h-2"); err != nil {
		t.Fatal(err)
	}
	wantRequests(t, f.reqs, []proto.Message{&walletv1.PostHoldRequest{HoldId: "h-1"}, &walletv1.VoidHoldRequest{HoldId: "h-2"}})
}

// A refusal (the request is wrong and a retry would be refused again)
// reaches the workflow with its reason, so the activity does not retry
// it; a transient failure is returned as it is, and retried.
func TestClassify(t *testing.T) {
	refused := func(code connect.Code, reason string) error {
		return apierr.Connect(apierr.New(code, reason, "refused"))
	}
	cases := []struct {
		name   string
		err    error
		reason string // "": not a refusal
	}{
		{"insufficient funds", refused(connect.CodeFailedPrecondition, "INSUFFICIENT_FUNDS"), "INSUFFICIENT_FUNDS"},
		{"invalid", refused(connect.CodeInvalidArgument, "INVALID_AMOUNT"), "INVALID_AMOUNT"},
		{"not found", refused(connect.CodeNotFound, "ACCOUNT_NOT_FOUND"), "ACCOUNT_NOT_FOUND"},
		{"denied", refused(connect.CodePermissionDenied, "OPERATION_DENIED"), "OPERATION_DENIED"},
		{"key reused", refused(connect.CodeAlreadyExists, "IDEMPOTENCY_KEY_REUSED"), "IDEMPOTENCY_KEY_REUSED"},
		// A refusal without ErrorInfo is named by its code.
		{"refusal without a reason", connect.NewError(connect.CodeFailedPrecondition, errors.New("no")), "failed_precondition"},
		{"unavailable", refused(connect.CodeUnavailable, "DATABASE_UNAVAILABLE"), ""},
		{"internal", connect.NewError(connect.CodeInternal, errors.New("boom")), ""},
		{"deadline", connect.NewError(connect.CodeDeadlineExceeded, errors.New("slow")), ""},
		{"aborted", refused(connect.CodeAborted, "CONFLICT"), ""},
		{"a context error", context.Canceled, ""},
	}
	for _, c := range cases {
		got := classify(c.err)
		var r tournament.Rejected
		isRefusal := errors.As(got, &r)
		switch {
		case c.reason == "" && (isRefusal || got != c.err):
			t.Errorf("%s: classified as %v (refusal %v), want the error as it was", c.name, got, isRefusal)
		case c.reason != "" && (!isRefusal || r.Reason() != c.reason):
			t.Errorf("%s: classified as %v (refusal %v), want refusal %s", c.name, got, isRefusal, c.reason)
		case c.reason != "" && (!errors.Is(got, c.err) || connect.CodeOf(got) != connect.CodeOf(c.err) || reasonOf(got) != c.reason):
			t.Errorf("%s: the refusal %v lost its error, code or reason", c.name, got)
		}
	}
	if classify(nil) != nil {
		t.Error("classify(nil) is not nil")
	}
}

// The wallet's answers go through classify on every call.
func TestWalletErrorsAreClassified(t *testing.T) {
	f := &fakeWallet{err: apierr.Connect(apierr.Precondition("INSUFFICIENT_FUNDS", "short"))}
	w := NewWallet(f)
	ctx := context.Background()
	tr := tournament.Transfer{From: "a", To: "b", Amount: 1, Currency: "EUR", Kind: tournament.KindEntry}
	calls := map[string]error{}
	_, calls["PlayerAccount"] = w.PlayerAccount(ctx, "pa", "p1", "EUR")
	_, _, calls["FindPlayerAccount"] = w.FindPlayerAccount(ctx, "pa", "p1", "EUR")
	_, calls["Hold"] = w.Hold(ctx, "k", tr, time.Minute)
	calls["PostHold"] = w.PostHold(ctx, "h")
	calls["VoidHold"] = w.VoidHold(ctx, "h")
	calls["Transfer"] = w.Transfer(ctx, "k", tr)
	for name, err := range calls {
		var r tournament.Rejected
		if !errors.As(err, &r) || r.Reason() != "INSUFFICIENT_FUNDS" {
			t.Errorf("%s: %v is not the refusal INSUFFICIENT_FUNDS", name, err)
		}
	}
}
