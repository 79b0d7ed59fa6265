package main

import (
	"context"
	"testing"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/gen/croupier/tournament/v1/tournamentv1connect"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/shared/apierr"
)

// authzWorld is what the object-level rules are about: partner p1's player
// alice with a funded wallet account, seated at a p1 table.
type authzWorld struct {
	s       *authzStack
	alice   string // alice@p1's wallet account id
	cage    string // p1's cage account id
	tableID string
}

func (s *authzStack) wallet(c credential) walletv1connect.WalletServiceClient {
	return walletv1connect.NewWalletServiceClient(s.hc, s.base, connect.WithGRPC(), c.option())
}

func (s *authzStack) table(c credential) tablev1connect.TableServiceClient {
	return tablev1connect.NewTableServiceClient(s.hc, s.base, connect.WithGRPC(), c.option())
}

func newAuthzWorld(t *testing.T, s *authzStack) *authzWorld {
	t.Helper()
	ctx := context.Background()
	p1 := s.wallet(s.credential(t, "partner p1"))
	open := func(kind walletv1.AccountKind, owner string) string {
		r, err := p1.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{Kind: kind, OwnerId: owner, Currency: "EUR"}))
		if err != nil {
			t.Fatalf("open %v %s: %v", kind, owner, err)
		}
		return r.Msg.GetAccount().GetId()
	}
	w := &authzWorld{s: s, cage: open(walletv1.AccountKind_ACCOUNT_KIND_EXTERNAL, ""), alice: open(walletv1.AccountKind_ACCOUNT_KIND_PLAYER, "alice")}
	if _, err := p1.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "fund-alice", Transfer: &walletv1.TransferSpec{
		DebitAccountId: w.cage, CreditAccountId: w.alice, Amount: &commonv1.Money{Amount: 100_000, Currency: "EUR"},
		Kind: walletv1.TransferKind_TRANSFER_KIND_DEPOSIT}})); err != nil {
		t.Fatalf("fund alice: %v", err)
	}
	admin := tablev1connect.NewTableAdminServiceClient(s.hc, s.base, connect.WithGRPC(), s.credential(t, "operator").option())
	tr, err := admin.CreateTable(ctx, connect.NewRequest(&tablev1.CreateTableRequest{
		Name: "authz", Game: tablev1.Game_GAME_HOLDEM, Structure: tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT,
		Stakes:   &tablev1.Stakes{Currency: "EUR", Exponent: 2, SmallBlind: 50, BigBlind: 100, MinBuyIn: 5_000, MaxBuyIn: 20_000},
		MaxSeats: 6, Profile: "gr", Clock: &tablev1.Clock{ActionSeconds: 30}}))
	if err != nil {
		t.Fatalf("create table: %v", err)
	}
	w.tableID = tr.Msg.GetTable().GetTableId()
	if _, err := s.table(s.credential(t, "player alice@p1")).TakeSeat(ctx, connect.NewRequest(&tablev1.TakeSeatRequest{
		TableId: w.tableID, Seat: 0, BuyIn: &commonv1.Money{Amount: 10_000, Currency: "EUR"}, IdempotencyKey: "seat", DisplayName: "Alice"})); err != nil {
		t.Fatalf("alice takes a seat: %v", err)
	}
	return w
}

// state is what a refused object-level call must leave as it was: alice's
// balance and the table's seats.
func (w *authzWorld) state(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	a, err := w.s.wallet(w.s.credential(t, "service")).GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: w.alice}))
	if err != nil {
		t.Fatalf("state: %v", err)
	}
	tb, err := w.s.table(w.s.credential(t, "operator")).GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: w.tableID}))
	if err != nil {
		t.Fatalf("state: %v", err)
	}
	out := a.Msg.GetAccount().String()
	for _, seat := range tb.Msg.GetTable().GetSeats() {
		out += "|" + seat.String()
	}
	return out
}

// objectRules is the explicit table of object-level rules, one row per
// rule and caller: what the role check lets through, the service itself
// must still limit to the caller's own objects.
func objectRules() []objectRule {
	const (
		walletRead  = "services/wallet/ledger/caller.go Caller.canRead/mustRead"
		walletMove  = "services/wallet/ledger/caller.go Caller.mayMove"
		walletList  = "services/wallet/ledger/ledger.go Ledger.Accounts (filter forced to the caller's partner/player)"
		sessionRule = "services/table/api/session.go SessionHandler.CreatePlayerSession"
		tourneyRule = "services/tournament/api/api.go player()"
		seatRule    = "services/table/players.go (a player acts on the seat of table.Caller.Key(), partner+player, only)"
	)
	getAlice := func(ctx context.Context, w *authzWorld, c connect.ClientOption) error {
		_, err := walletv1connect.NewWalletServiceClient(w.s.hc, w.s.base, connect.WithGRPC(), c).GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: w.alice}))
		return err
	}
	aliceEntries := func(ctx context.Context, w *authzWorld, c connect.ClientOption) error {
		_, err := walletv1connect.NewWalletServiceClient(w.s.hc, w.s.base, connect.WithGRPC(), c).ListEntries(ctx, connect.NewRequest(&walletv1.ListEntriesRequest{AccountId: w.alice}))
		return err
	}
	withdrawAlice := func(ctx context.Context, w *authzWorld, c connect.ClientOption) error {
		_, err := walletv1connect.NewWalletServiceClient(w.s.hc, w.s.base, connect.WithGRPC(), c).Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{
			IdempotencyKey: "steal", Transfer: &walletv1.TransferSpec{DebitAccountId: w.alice, CreditAccountId: w.cage,
				Amount: &commonv1.Money{Amount: 1, Currency: "EUR"}, Kind: walletv1.TransferKind_TRANSFER_KIND_WITHDRAWAL}}))
		return err
	}
	listP1 := func(ctx context.Context, w *authzWorld, c connect.ClientOption) error {
		r, err := walletv1connect.NewWalletServiceClient(w.s.hc, w.s.base, connect.WithGRPC(), c).ListAccounts(ctx, connect.NewRequest(&walletv1.ListAccountsRequest{PartnerId: "p1"}))
		if err == nil && len(r.Msg.GetAccounts()) > 0 {
			return apierr.Connect(apierr.New(connect.CodeDataLoss, "LEAKED", "listed %d of p1's accounts", len(r.Msg.GetAccounts())))
		}
		return err
	}
	sessionForAlice := func(ctx context.Context, w *authzWorld, c connect.ClientOption) error {
		_, err := tablev1connect.NewSessionServiceClient(w.s.hc, w.s.base, connect.WithGRPC(), c).CreatePlayerSession(ctx, connect.NewRequest(&tablev1.CreatePlayerSessionRequest{PlayerId: "alice", PartnerId: "p1", TtlSeconds: 60}))
		return err
	}
	registerAlice := func(ctx context.Context, w *authzWorld, c connect.ClientOption) error {
		_, err := tournamentv1connect.NewTournamentServiceClient(w.s.hc, w.s.base, connect.WithGRPC(), c).Register(ctx, connect.NewRequest(&tournamentv1.RegisterRequest{TournamentId: "any", PlayerId: "alice", PartnerId: "p1", IdempotencyKey: "r"}))
		return err
	}
	unregisterAlice := func(ctx context.Context, w *authzWorld, c connect.ClientOption) error {
		_, err := tournamentv1connect.NewTournamentServiceClient(w.s.hc, w.s.base, connect.WithGRPC(), c).Unregister(ctx, connect.NewRequest(&tournamentv1.UnregisterRequest{TournamentId: "any", PlayerId: "alice", PartnerId: "p1", IdempotencyKey: "u"}))
		return err
	}
	standUp := func(ctx context.Context, w *authzWorld, c connect.ClientOption) error {
		_, err := tablev1connect.NewTableServiceClient(w.s.hc, w.s.base, connect.WithGRPC(), c).StandUp(ctx, connect.NewRequest(&tablev1.StandUpRequest{TableId: w.tableID, IdempotencyKey: "s"}))
		return err
	}
	addChips := func(ctx context.Context, w *authzWorld, c connect.ClientOption) error {
		_, err := tablev1connect.NewTableServiceClient(w.s.hc, w.s.base, connect.WithGRPC(), c).AddChips(ctx, connect.NewRequest(&tablev1.AddChipsRequest{TableId: w.tableID, Amount: &commonv1.Money{Amount: 100, Currency: "EUR"}, IdempotencyKey: "a"}))
		return err
	}
	sitOut := func(ctx context.Context, w *authzWorld, c connect.ClientOption) error {
		_, err := tablev1connect.NewTableServiceClient(w.s.hc, w.s.base, connect.WithGRPC(), c).SitOut(ctx, connect.NewRequest(&tablev1.SitOutRequest{TableId: w.tableID}))
		return err
	}
	nf, fp, pd := connect.CodeNotFound, connect.CodeFailedPrecondition, connect.CodePermissionDenied
	return []objectRule{
		{"a player reads his own account", walletRead, "player alice@p1", getAlice, 0, ""},
		{"another player of the same partner cannot read it", walletRead, "player bob@p1", getAlice, nf, "ACCOUNT_NOT_FOUND"},
		{"a player of another partner cannot read it", walletRead, "player carol@p2", getAlice, nf, "ACCOUNT_NOT_FOUND"},
		{"the player's partner reads it", walletRead, "partner p1", getAlice, 0, ""},
		{"another partner cannot read it", walletRead, "partner p2", getAlice, nf, "ACCOUNT_NOT_FOUND"},
		{"another player of the same partner cannot read the statement", walletRead, "player bob@p1", aliceEntries, nf, "ACCOUNT_NOT_FOUND"},
		{"a player of another partner cannot read the statement", walletRead, "player carol@p2", aliceEntries, nf, "ACCOUNT_NOT_FOUND"},
		{"another partner cannot read the statement", walletRead, "partner p2", aliceEntries, nf, "ACCOUNT_NOT_FOUND"},
		{"another partner cannot withdraw the player's money", walletMove, "partner p2", withdrawAlice, nf, "ACCOUNT_NOT_FOUND"},
		{"another partner lists none of p1's accounts", walletList, "partner p2", listP1, 0, ""},
		{"a player lists none of his partner's other accounts", walletList, "player carol@p2", listP1, 0, ""},
		{"another partner cannot open a session as p1's player", sessionRule, "partner p2", sessionForAlice, pd, "OTHER_PARTNER"},
		{"another partner cannot register p1's player", tourneyRule, "partner p2", registerAlice, pd, "NOT_YOUR_PLAYER"},
		{"another player cannot register p1's player", tourneyRule, "player bob@p1", registerAlice, pd, "NOT_YOUR_PLAYER"},
		{"a player of another partner cannot register p1's player", tourneyRule, "player carol@p2", registerAlice, pd, "NOT_YOUR_PLAYER"},
		{"another partner cannot withdraw p1's player's registration", tourneyRule, "partner p2", unregisterAlice, pd, "NOT_YOUR_PLAYER"},
		{"a player of another partner cannot withdraw it", tourneyRule, "player carol@p2", unregisterAlice, pd, "NOT_YOUR_PLAYER"},
		{"a player of another partner cannot stand p1's player up", seatRule, "player carol@p2", standUp, fp, "NOT_SEATED"},
		{"another player of p1 cannot stand alice up", seatRule, "player bob@p1", standUp, fp, "NOT_SEATED"},
		{"a player of another partner cannot add chips to p1's seat", seatRule, "player carol@p2", addChips, fp, "NOT_SEATED"},
		{"a player of another partner cannot sit p1's player out", seatRule, "player carol@p2", sitOut, fp, "NOT_SEATED"},
	}
}

// TestObjectLevelAuthorization runs objectRules on the whole stack: each
// allowed row succeeds, each refused row is refused with its reason and
// changes neither alice's account nor the table.
func TestObjectLevelAuthorization(t *testing.T) {
	if testing.Short() {
		t.Skip("starts every service and a Temporal server")
	}
	s := startAuthzStack(t)
	w := newAuthzWorld(t, s)
	ctx := context.Background()
	for _, r := range objectRules() {
		before := w.state(t)
		err := r.call(ctx, w, s.credential(t, r.as).option())
		switch {
		case r.code == 0 && err != nil:
			t.Errorf("%s (%s; %s): got %v, want allowed", r.rule, r.as, r.where, err)
		case r.code != 0 && (connect.CodeOf(err) != r.code || apierr.Reason(err) != r.reason):
			t.Errorf("%s (%s; %s): got %v (reason %q), want %s %s", r.rule, r.as, r.where, err, apierr.Reason(err), fmtCode(r.code), r.reason)
		}
		if after := w.state(t); r.code != 0 && after != before {
			t.Errorf("%s (%s): the refusal changed state:\n%s\n%s", r.rule, r.as, before, after)
		}
	}
}
