package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/gen/croupier/tournament/v1/tournamentv1connect"
)

// The leak test of the standings (issue 11), on the whole stack through the
// public API: alice@p1 registers for a tournament; every credential that may
// read the standings reads them, and only the operator, a service, her own
// partner's key and alice herself see who she is (her player and partner
// ids). Everyone else — another player of her partner, a player and the key
// of another partner — sees her display name only. The answer is scanned as
// sent (every JSON string), so an id in a field nobody expected is found too.
func TestStandingsShowIdentityOnlyToItsOwnersOnTheStack(t *testing.T) {
	s := startAuthzStack(t)
	newAuthzWorld(t, s) // alice@p1 with a funded account
	ctx := context.Background()
	client := func(name string) tournamentv1connect.TournamentServiceClient {
		return tournamentv1connect.NewTournamentServiceClient(s.hc, s.base, connect.WithGRPC(), s.credential(t, name).option())
	}
	eur := func(v int64) *commonv1.Money { return &commonv1.Money{Amount: v, Currency: "EUR"} }
	created, err := client("operator").CreateTournament(ctx, connect.NewRequest(&tournamentv1.CreateTournamentRequest{
		Name: "standings leak", IdempotencyKey: "leak", StartsAt: timestamppb.New(time.Now().Add(time.Hour)),
		Structure: &tournamentv1.Structure{
			Game: "holdem", BuyIn: eur(1000), Fee: eur(100), FeeRule: tournamentv1.FeeRule_FEE_RULE_GREEK, StartingStack: 10000,
			Levels:        []*tournamentv1.Level{{SmallBlind: 25, BigBlind: 50, DurationSeconds: 600}},
			SeatsPerTable: 9, PayoutMode: tournamentv1.PayoutMode_PAYOUT_MODE_BY_PLACE, PayoutBps: []int32{10000},
			MinEntrants: 2, MaxEntrants: 10,
		}}))
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	id := created.Msg.GetTournament().GetTournamentId()
	if _, err := client("player alice@p1").Register(ctx, connect.NewRequest(&tournamentv1.RegisterRequest{
		TournamentId: id, IdempotencyKey: "alice", DisplayName: "Alice"})); err != nil {
		t.Fatalf("alice registers: %v", err)
	}
	for _, tt := range []struct {
		viewer   string
		identity bool // sees alice's player and partner ids
	}{
		{"operator", true},
		{"service", true},
		{"partner p1", true},
		{"player alice@p1", true},
		{"player bob@p1", false},
		{"player carol@p2", false},
		{"partner p2", false},
	} {
		t.Run(tt.viewer, func(t *testing.T) {
			res, err := client(tt.viewer).GetStandings(ctx, connect.NewRequest(&tournamentv1.GetStandingsRequest{TournamentId: id}))
			if err != nil {
				t.Fatalf("standings: %v", err)
			}
			if n := len(res.Msg.GetStandings()); n != 1 {
				t.Fatalf("%d standings rows, want alice's", n)
			}
			if got := res.Msg.GetStandings()[0].GetDisplayName(); got != "Alice" {
				t.Errorf("display name %q, want Alice", got)
			}
			js, err := protojson.Marshal(res.Msg)
			if err != nil {
				t.Fatal(err)
			}
			for _, secret := range []string{`"alice"`, `"p1"`} {
				if got := strings.Contains(string(js), secret); got != tt.identity {
					t.Errorf("answer holds %s: %v, want %v\n%s", secret, got, tt.identity, js)
				}
			}
		})
	}
}
