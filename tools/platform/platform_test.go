package platform

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
)

func TestParseSet(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Set
		ok   bool
	}{
		{"all", All, true},
		{"rng", RNG, true},
		{"rng, evaluator,wallet,table", Core, true},
		{"table,tournament,all", All, true},
		{"", 0, false},
		{" , ", 0, false},
		{"rng,dealer", 0, false},
		{"RNG", 0, false},
	} {
		got, err := ParseSet(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseSet(%q) = %v, %v; want %v (ok %v)", tc.in, got, err, tc.want, tc.ok)
		}
	}
	if !All.Has(Core) || Core.Has(Tournament) || !Core.Has(Table|Wallet) {
		t.Error("Has disagrees with the sets")
	}
}

// A service without the ones it calls is refused before anything starts.
func TestMountRefusesAServiceWithoutItsDependencies(t *testing.T) {
	for _, s := range []Set{Table, Table | RNG | Wallet, Tournament | Table | RNG | Evaluator, Tournament} {
		if _, err := Start(context.Background(), Config{Services: s}); err == nil {
			t.Errorf("Start(%b) mounted a service without what it calls", s)
		}
	}
}

// A subset mounts only what it names: the RNG and evaluator alone register
// their two services and nothing of the table or wallet.
func TestStartMountsOnlyTheSubset(t *testing.T) {
	st, err := Start(context.Background(), Config{Services: RNG | Evaluator})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	got := st.Runtime.Server.Services()
	slices.Sort(got)
	want := []string{"croupier.evaluator.v1.EvaluatorService", "croupier.rng.v1.RngService"}
	if !slices.Equal(got, want) {
		t.Errorf("services = %v, want %v", got, want)
	}
	if st.Core != nil || st.Wallet != nil || st.RNG == nil || st.Evaluator == nil {
		t.Errorf("mounted: core %v wallet %v rng %v evaluator %v", st.Core != nil, st.Wallet != nil, st.RNG != nil, st.Evaluator != nil)
	}
}

// The core set on an in-process Redis: the table service reaches the
// wallet through the in-process transport (a player's buy-in moves money
// in the ledger) and the public API answers over the socket.
func TestCoreInProcess(t *testing.T) {
	ctx := context.Background()
	st, err := Start(ctx, Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	op := NewClients(st.URL, Bearer(st.OperatorToken()))
	acct, err := Fund(ctx, op.Wallet, st.Partner, "ann", "EUR", 50_000)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := op.Admin.CreateTable(ctx, connect.NewRequest(&tablev1.CreateTableRequest{
		Name: "platform", Game: tablev1.Game_GAME_HOLDEM, Structure: tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT,
		Stakes:   &tablev1.Stakes{Currency: "EUR", Exponent: 2, SmallBlind: 50, BigBlind: 100, MinBuyIn: 5_000, MaxBuyIn: 20_000},
		MaxSeats: 6, Profile: "gr"}))
	if err != nil {
		t.Fatalf("create table: %v", err)
	}
	ann := NewClients(st.URL, Bearer(st.PlayerToken("ann")))
	if _, err := ann.Table.TakeSeat(ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: tr.Msg.GetTable().GetTableId(), Seat: 0,
		BuyIn: &commonv1.Money{Amount: 10_000, Currency: "EUR"}, IdempotencyKey: "seat", DisplayName: "Ann"})); err != nil {
		t.Fatalf("take seat: %v", err)
	}
	bal, err := Balance(ctx, op.Wallet, acct)
	if err != nil {
		t.Fatal(err)
	}
	if bal != 40_000 {
		t.Errorf("balance after a 100.00 buy-in = %d, want 40000", bal)
	}
}
