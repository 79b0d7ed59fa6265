//go:build integration

package tabletest

import (
	"fmt"
	"testing"
	"time"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/tools/platform"
)

// tableState is what a refused request must leave as it was: the table
// (version and snapshot as stored and as the serving replica holds it),
// the money (the escrow and every player's balance) and the lobby.
type tableState struct {
	stored   uint64
	snapshot string
	lobby    string
	lobbyLen int
	balances map[string]int64
}

func (e *env) state(id string) tableState {
	e.t.Helper()
	// Let the lobby's batched updates of earlier requests land.
	time.Sleep(450 * time.Millisecond)
	var st tableState
	st.stored = e.storedVersion(id)
	var escrow string
	if err := e.st.Core.Table(e.ctx, id, func(t *live.Table) {
		b, _ := t.MarshalSnapshot()
		st.snapshot, escrow = string(b), t.Config.Escrow
	}); err != nil {
		e.t.Fatal(err)
	}
	lobby, err := e.st.Store.Summaries(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	st.lobby, st.lobbyLen = lobby[id], len(lobby)
	st.balances = map[string]int64{}
	for who, acct := range e.accounts {
		st.balances[who] = e.balance(acct)
	}
	if escrow != "" {
		st.balances["escrow"] = e.balance(escrow)
	}
	return st
}

// unchanged fails the test if the table, the money or the lobby moved
// since before (issue 11: a refusal changes nothing).
func (e *env) unchanged(what string, id string, before tableState) {
	e.t.Helper()
	after := e.state(id)
	switch {
	case after.stored != before.stored:
		e.t.Fatalf("%s: stored version %d, was %d", what, after.stored, before.stored)
	case after.snapshot != before.snapshot:
		e.t.Fatalf("%s: the table changed:\n%s\nwas\n%s", what, after.snapshot, before.snapshot)
	case after.lobby != before.lobby || after.lobbyLen != before.lobbyLen:
		e.t.Fatalf("%s: the lobby changed (%d tables, was %d)", what, after.lobbyLen, before.lobbyLen)
	}
	for who, b := range before.balances {
		if after.balances[who] != b {
			e.t.Fatalf("%s: %s's balance %d, was %d", what, who, after.balances[who], b)
		}
	}
}

// replayedOf is a keyed response's replayed flag.
func replayedOf[T any, P interface {
	*T
	GetReplayed() bool
}](r *connect.Response[T], err error) (bool, error) {
	if err != nil {
		return false, err
	}
	return P(r.Msg).GetReplayed(), nil
}

func eur(n int64) *commonv1.Money { return &commonv1.Money{Amount: n, Currency: "EUR"} }

func reasonOf(err error) string {
	if err == nil {
		return "(accepted)"
	}
	return fmt.Sprintf("%s %s", connect.CodeOf(err), apierr.Reason(err))
}

// Issue 11 (medium): a table idempotency key is one request. The same key
// with the same body is an idempotent replay (answered replayed, nothing
// moves twice); with another body it is refused with ALREADY_EXISTS /
// IDEMPOTENCY_KEY_REUSED, as the wallet refuses it, and the refusal
// changes nothing. Every keyed request of the table service: TakeSeat,
// AddChips, StandUp, SeatPlayer, RemovePlayer, CreateTable.
func TestIdempotencyKeyIsOneRequest(t *testing.T) {
	e := newEnv(t)
	alice := e.player("alice", 100_000)
	id := e.createTable(60_000).GetTableId()
	if err := e.pause(id); err != nil {
		t.Fatal(err)
	}
	tour, err := e.op.Admin.CreateTable(e.ctx, connect.NewRequest(&tablev1.CreateTableRequest{
		Name: "T", Game: tablev1.Game_GAME_HOLDEM, Structure: tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT,
		Stakes: &tablev1.Stakes{SmallBlind: 50, BigBlind: 100}, MaxSeats: 6, TournamentId: "tour-1",
		Clock: &tablev1.Clock{ActionSeconds: 30, HandPauseMs: 60_000}}))
	if err != nil {
		t.Fatal(err)
	}
	tid := tour.Msg.GetTable().GetTableId()
	if _, err := e.op.Admin.SetDealHold(e.ctx, connect.NewRequest(&tablev1.SetDealHoldRequest{TableId: tid, Hold: true})); err != nil {
		t.Fatal(err)
	}
	tableSpec := func(maxBuyIn int64) *tablev1.CreateTableRequest {
		return &tablev1.CreateTableRequest{Name: "keyed", Game: tablev1.Game_GAME_HOLDEM, Structure: tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT,
			Stakes:   &tablev1.Stakes{Currency: "EUR", Exponent: 2, SmallBlind: 50, BigBlind: 100, MinBuyIn: 2000, MaxBuyIn: maxBuyIn},
			MaxSeats: 6, Profile: "gr", Clock: &tablev1.Clock{ActionSeconds: 30, HandPauseMs: 60_000}, IdempotencyKey: "create-1"}
	}
	type call func() (replayed bool, err error)
	created := ""
	for _, tc := range []struct {
		name  string
		table string
		// first is the accepted request; same its retry; other the key with
		// another body (nil: the request has no body beyond the key).
		first, same, other call
	}{
		{name: "TakeSeat", table: id,
			first: func() (bool, error) {
				r, err := alice.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: 0, BuyIn: eur(10_000), IdempotencyKey: "seat-1", DisplayName: "Alice"}))
				return replayedOf(r, err)
			}},
		{name: "AddChips", table: id,
			first: func() (bool, error) {
				r, err := alice.Table.AddChips(e.ctx, connect.NewRequest(&tablev1.AddChipsRequest{TableId: id, Amount: eur(1_000), IdempotencyKey: "chips-1"}))
				return replayedOf(r, err)
			},
			other: func() (bool, error) {
				r, err := alice.Table.AddChips(e.ctx, connect.NewRequest(&tablev1.AddChipsRequest{TableId: id, Amount: eur(5_000), IdempotencyKey: "chips-1"}))
				return replayedOf(r, err)
			}},
		{name: "SeatPlayer", table: tid,
			first: func() (bool, error) {
				r, err := e.op.Admin.SeatPlayer(e.ctx, connect.NewRequest(&tablev1.SeatPlayerRequest{TableId: tid, Seat: 2, PlayerId: "carol", PartnerId: e.st.Partner, DisplayName: "Carol", Chips: 5_000, IdempotencyKey: "seatp-1"}))
				return replayedOf(r, err)
			},
			other: func() (bool, error) {
				r, err := e.op.Admin.SeatPlayer(e.ctx, connect.NewRequest(&tablev1.SeatPlayerRequest{TableId: tid, Seat: 2, PlayerId: "carol", PartnerId: e.st.Partner, DisplayName: "Carol", Chips: 50_000, IdempotencyKey: "seatp-1"}))
				return replayedOf(r, err)
			}},
		{name: "RemovePlayer", table: tid,
			first: func() (bool, error) {
				r, err := e.op.Admin.RemovePlayer(e.ctx, connect.NewRequest(&tablev1.RemovePlayerRequest{TableId: tid, PlayerId: "carol", PartnerId: e.st.Partner, IdempotencyKey: "remove-1"}))
				return replayedOf(r, err)
			}},
		{name: "StandUp", table: id,
			first: func() (bool, error) {
				r, err := alice.Table.StandUp(e.ctx, connect.NewRequest(&tablev1.StandUpRequest{TableId: id, IdempotencyKey: "stand-1"}))
				return replayedOf(r, err)
			}},
		{name: "CreateTable", table: id,
			first: func() (bool, error) {
				r, err := e.op.Admin.CreateTable(e.ctx, connect.NewRequest(tableSpec(20_000)))
				if err != nil {
					return false, err
				}
				// A replay names the table the first call made.
				again := created == r.Msg.GetTable().GetTableId()
				created = r.Msg.GetTable().GetTableId()
				return again, nil
			},
			other: func() (bool, error) {
				_, err := e.op.Admin.CreateTable(e.ctx, connect.NewRequest(tableSpec(50_000)))
				return false, err
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tc.first(); err != nil {
				t.Fatal(err)
			}
			same := tc.same
			if same == nil {
				same = tc.first
			}
			before := e.state(tc.table)
			replayed, err := same()
			if err != nil || !replayed {
				t.Fatalf("the same request again: replayed=%v err=%v, want a replay", replayed, err)
			}
			e.unchanged("a replay", tc.table, before)
			if tc.other == nil && tc.name == "TakeSeat" {
				// Another buy-in, then another seat and name.
				for _, req := range []*tablev1.TakeSeatRequest{
					{TableId: id, Seat: 0, BuyIn: eur(15_000), IdempotencyKey: "seat-1", DisplayName: "Alice"},
					{TableId: id, Seat: 3, BuyIn: eur(10_000), IdempotencyKey: "seat-1", DisplayName: "Alice"},
					{TableId: id, Seat: 0, BuyIn: eur(10_000), IdempotencyKey: "seat-1", DisplayName: "Mallory"},
				} {
					_, err := alice.Table.TakeSeat(e.ctx, connect.NewRequest(req))
					if connect.CodeOf(err) != connect.CodeAlreadyExists || apierr.Reason(err) != "IDEMPOTENCY_KEY_REUSED" {
						t.Fatalf("key reused for %v: %s, want already_exists IDEMPOTENCY_KEY_REUSED", req, reasonOf(err))
					}
					e.unchanged("a reused key", tc.table, before)
				}
				return
			}
			if tc.other == nil {
				return // no body beyond the key (the caller is in the key's scope)
			}
			_, err = tc.other()
			if connect.CodeOf(err) != connect.CodeAlreadyExists || apierr.Reason(err) != "IDEMPOTENCY_KEY_REUSED" {
				t.Fatalf("key reused with another body: %s, want already_exists IDEMPOTENCY_KEY_REUSED", reasonOf(err))
			}
			e.unchanged("a reused key", tc.table, before)
		})
	}
}

// Issue 11 (medium): a refused request changes nothing, for every mutating
// RPC of the table service (TableService and TableAdminService, and a
// command over Play): each refusal leaves the stored version and snapshot,
// the escrow and the players' balances, and the lobby as they were.
func TestRefusalChangesNothing(t *testing.T) {
	e := newEnv(t)
	alice := e.player("alice", 100_000)
	bob := e.player("bob", 100_000)
	id := e.createTable(60_000).GetTableId()
	if err := e.pause(id); err != nil {
		t.Fatal(err)
	}
	if _, err := alice.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: 0, BuyIn: eur(10_000), IdempotencyKey: "a", DisplayName: "Alice"})); err != nil {
		t.Fatal(err)
	}
	if _, err := alice.Table.JoinWaitingList(e.ctx, connect.NewRequest(&tablev1.JoinWaitingListRequest{TableId: id})); err == nil {
		t.Log("alice joined the waiting list while seated")
	}
	noHand := id + "-99"
	for _, tc := range []struct {
		name string
		call func() error
	}{
		{"TakeSeat: already seated", func() error {
			_, err := alice.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: 1, BuyIn: eur(10_000), IdempotencyKey: "a2", DisplayName: "Alice"}))
			return err
		}},
		{"TakeSeat: buy-in out of range", func() error {
			_, err := bob.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: 1, BuyIn: eur(900_000), IdempotencyKey: "b", DisplayName: "Bob"}))
			return err
		}},
		{"TakeSeat: seat taken", func() error {
			_, err := bob.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: 0, BuyIn: eur(10_000), IdempotencyKey: "b", DisplayName: "Bob"}))
			return err
		}},
		{"TakeSeat: bad display name", func() error {
			_, err := bob.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: 1, BuyIn: eur(10_000), IdempotencyKey: "b", DisplayName: "Bob\u202e"}))
			return err
		}},
		{"AddChips: not seated", func() error {
			_, err := bob.Table.AddChips(e.ctx, connect.NewRequest(&tablev1.AddChipsRequest{TableId: id, Amount: eur(1_000), IdempotencyKey: "c"}))
			return err
		}},
		{"AddChips: too much", func() error {
			_, err := alice.Table.AddChips(e.ctx, connect.NewRequest(&tablev1.AddChipsRequest{TableId: id, Amount: eur(900_000), IdempotencyKey: "c"}))
			return err
		}},
		{"SitOut: not seated", func() error {
			_, err := bob.Table.SitOut(e.ctx, connect.NewRequest(&tablev1.SitOutRequest{TableId: id}))
			return err
		}},
		{"SitIn: not seated", func() error {
			_, err := bob.Table.SitIn(e.ctx, connect.NewRequest(&tablev1.SitInRequest{TableId: id}))
			return err
		}},
		{"StandUp: not seated", func() error {
			_, err := bob.Table.StandUp(e.ctx, connect.NewRequest(&tablev1.StandUpRequest{TableId: id, IdempotencyKey: "s"}))
			return err
		}},
		{"LeaveWaitingList: not waiting", func() error {
			_, err := bob.Table.LeaveWaitingList(e.ctx, connect.NewRequest(&tablev1.LeaveWaitingListRequest{TableId: id}))
			return err
		}},
		{"JoinWaitingList: a partner key", func() error {
			_, err := e.partner.Table.JoinWaitingList(e.ctx, connect.NewRequest(&tablev1.JoinWaitingListRequest{TableId: id}))
			return err
		}},
		{"Act: no hand", func() error {
			_, err := alice.Table.Act(e.ctx, connect.NewRequest(&tablev1.ActRequest{TableId: id, HandId: noHand, ActionSeq: 0, Kind: tablev1.ActionKind_ACTION_KIND_CHECK}))
			return err
		}},
		{"UseTimeBank: no hand", func() error {
			_, err := alice.Table.UseTimeBank(e.ctx, connect.NewRequest(&tablev1.UseTimeBankRequest{TableId: id, HandId: noHand}))
			return err
		}},
		{"Play: act in no hand", func() error {
			s, _ := e.openPlay(alice, id)
			r, _ := e.command(s, 1, act(&tablev1.ActRequest{HandId: noHand, Kind: tablev1.ActionKind_ACTION_KIND_CHECK}))
			_ = s.CloseRequest()
			if pe := r.GetError(); pe != nil {
				return apierr.Precondition(pe.GetReason(), "%s", pe.GetMessage())
			}
			return nil
		}},
		{"CreateTable: bad stakes", func() error {
			_, err := e.op.Admin.CreateTable(e.ctx, connect.NewRequest(&tablev1.CreateTableRequest{Name: "x", Game: tablev1.Game_GAME_HOLDEM,
				Structure: tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT, Stakes: &tablev1.Stakes{Currency: "EUR", SmallBlind: 100, BigBlind: 50, MinBuyIn: 1, MaxBuyIn: 2}}))
			return err
		}},
		{"CloseTable: a player", func() error {
			_, err := alice.Admin.CloseTable(e.ctx, connect.NewRequest(&tablev1.CloseTableRequest{TableId: id, Reason: "x"}))
			return err
		}},
		{"PauseTable: a partner", func() error {
			_, err := e.partner.Admin.PauseTable(e.ctx, connect.NewRequest(&tablev1.PauseTableRequest{TableId: id, Reason: "x"}))
			return err
		}},
		{"ResumeTable: a player", func() error {
			_, err := alice.Admin.ResumeTable(e.ctx, connect.NewRequest(&tablev1.ResumeTableRequest{TableId: id}))
			return err
		}},
		{"Misdeal: no hand", func() error {
			_, err := e.op.Admin.Misdeal(e.ctx, connect.NewRequest(&tablev1.MisdealRequest{TableId: id, HandId: noHand, Reason: "x"}))
			return err
		}},
		{"VoidPlayerHand: no hand", func() error {
			_, err := e.op.Admin.VoidPlayerHand(e.ctx, connect.NewRequest(&tablev1.VoidPlayerHandRequest{TableId: id, HandId: noHand, Seat: 0, Reason: "x"}))
			return err
		}},
		{"AwardDisputedPot: no hand", func() error {
			_, err := e.op.Admin.AwardDisputedPot(e.ctx, connect.NewRequest(&tablev1.AwardDisputedPotRequest{TableId: id, HandId: noHand, Shares: []int64{1}, Reason: "x"}))
			return err
		}},
		{"SeatPlayer: a cash table", func() error {
			_, err := e.op.Admin.SeatPlayer(e.ctx, connect.NewRequest(&tablev1.SeatPlayerRequest{TableId: id, Seat: 1, PlayerId: "carol", PartnerId: e.st.Partner, DisplayName: "Carol", Chips: 100, IdempotencyKey: "k"}))
			return err
		}},
		{"RemovePlayer: a cash table", func() error {
			_, err := e.op.Admin.RemovePlayer(e.ctx, connect.NewRequest(&tablev1.RemovePlayerRequest{TableId: id, PlayerId: "alice", PartnerId: e.st.Partner, IdempotencyKey: "k"}))
			return err
		}},
		{"SetStakes: big blind below the small", func() error {
			_, err := e.op.Admin.SetStakes(e.ctx, connect.NewRequest(&tablev1.SetStakesRequest{TableId: id, Stakes: &tablev1.Stakes{Currency: "EUR", Exponent: 2, SmallBlind: 100, BigBlind: 50}}))
			return err
		}},
		{"SetDealHold: a player", func() error {
			_, err := alice.Admin.SetDealHold(e.ctx, connect.NewRequest(&tablev1.SetDealHoldRequest{TableId: id, Hold: true}))
			return err
		}},
		{"UpdateTableSettings: bad clock", func() error {
			_, err := e.op.Admin.UpdateTableSettings(e.ctx, connect.NewRequest(&tablev1.UpdateTableSettingsRequest{TableId: id, Clock: &tablev1.Clock{ActionSeconds: -5}}))
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := e.state(id)
			err := tc.call()
			if err == nil {
				t.Fatal("accepted, want a refusal")
			}
			t.Logf("refused: %s", reasonOf(err))
			e.unchanged(tc.name, id, before)
		})
	}
}

// Issue 11 (display names): a player who gives a blank name shows as his
// seat to every observer, never as his player id; a name is shown
// normalised; one with a bidi override, a zero-width character or mixed
// look-alike scripts is refused with INVALID_ARGUMENT / BAD_DISPLAY_NAME.
func TestDisplayNames(t *testing.T) {
	e := newEnv(t)
	alice := e.player("alice", 100_000)
	bob := e.player("bob", 100_000)
	id := e.createTable(60_000).GetTableId()
	if err := e.pause(id); err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"Bob\u202egnp", "Bo\u200bb", "P\u0430ypal", "Bob\u2066"} {
		_, err := bob.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: 1, BuyIn: eur(10_000), IdempotencyKey: fmt.Sprint("b-", i), DisplayName: name}))
		if connect.CodeOf(err) != connect.CodeInvalidArgument || apierr.Reason(err) != "BAD_DISPLAY_NAME" {
			t.Fatalf("name %+q: %s, want invalid_argument BAD_DISPLAY_NAME", name, reasonOf(err))
		}
	}
	if _, err := alice.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: 0, BuyIn: eur(10_000), IdempotencyKey: "a", DisplayName: " \u3000 "})); err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: 1, BuyIn: eur(10_000), IdempotencyKey: "b", DisplayName: "  Ｂｏｂ   the  Builder "})); err != nil {
		t.Fatal(err)
	}
	for who, c := range map[string]platform.Clients{"alice": alice, "bob": bob, "the partner": e.partner, "the operator": e.op} {
		names := map[int32]string{}
		for _, s := range e.get(c, id).GetSeats() {
			names[s.GetSeat()] = s.GetDisplayName()
		}
		if names[0] != "Seat 1" || names[1] != "Bob the Builder" {
			t.Fatalf("%s sees the names %q, want Seat 1 and Bob the Builder", who, names)
		}
	}
}
