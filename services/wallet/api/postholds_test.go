package api_test

import (
	"context"
	"regexp"
	"testing"

	"connectrpc.com/connect"

	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/wallet/ledger"
)

// TestPostHoldsThroughTheHandler: a round's stakes posted over the wire in
// one call, a result per hold in request order (a refusal as PostHold
// sends it, naming no id); only services and operators may call it.
func TestPostHoldsThroughTheHandler(t *testing.T) {
	s := newServer(t)
	ctx := context.Background()
	cage := open(t, s.partnerA, walletv1.AccountKind_ACCOUNT_KIND_EXTERNAL, "", "")
	p := open(t, s.partnerA, walletv1.AccountKind_ACCOUNT_KIND_PLAYER, "p1", "")
	esc := open(t, s.service, walletv1.AccountKind_ACCOUNT_KIND_ROUND_ESCROW, "wheel1", "")
	if _, err := s.partnerA.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "d", Transfer: spec(cage, p, 5_000, walletv1.TransferKind_TRANSFER_KIND_DEPOSIT)})); err != nil {
		t.Fatal(err)
	}
	hold := func(key string, amount int64) *walletv1.Hold {
		r, err := s.service.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: key, TtlSeconds: 60, Transfer: spec(p, esc, amount, walletv1.TransferKind_TRANSFER_KIND_STAKE)}))
		if err != nil {
			t.Fatal(err)
		}
		return r.Msg.Hold
	}
	a, b, v := hold("a", 100), hold("b", 200), hold("v", 300)
	if _, err := s.service.VoidHold(ctx, connect.NewRequest(&walletv1.VoidHoldRequest{HoldId: v.Id})); err != nil {
		t.Fatal(err)
	}
	req := &walletv1.PostHoldsRequest{Holds: []*walletv1.HoldPost{{HoldId: b.Id, Amount: 150}, {HoldId: v.Id}, {HoldId: "999999"}, {HoldId: a.Id}}}
	r, err := s.service.PostHolds(ctx, connect.NewRequest(req))
	if err != nil || len(r.Msg.Results) != 4 {
		t.Fatalf("PostHolds: %v %v", r, err)
	}
	res := r.Msg.Results
	if res[0].HoldId != b.Id || res[0].Error != nil || res[0].Hold.PostedAmount != 150 || res[0].Transfer.Amount.Amount != 150 || res[0].Replayed ||
		res[3].HoldId != a.Id || res[3].Hold.State != walletv1.HoldState_HOLD_STATE_POSTED || res[3].Transfer.HoldId != a.Id {
		t.Fatalf("posted results: %v / %v", res[0], res[3])
	}
	for i, want := range map[int]*walletv1.PostHoldError{
		1: {Code: "failed_precondition", Reason: ledger.ReasonHoldNotPending},
		2: {Code: "not_found", Reason: ledger.ReasonHoldNotFound},
	} {
		e := res[i].Error
		if e == nil || e.Code != want.Code || e.Reason != want.Reason || e.Message == "" || res[i].Hold != nil || res[i].Transfer != nil {
			t.Fatalf("result %d: %v, want %v", i, res[i], want)
		}
		for _, id := range []string{p.Id, esc.Id, v.Id, "999999"} {
			if regexp.MustCompile(`\b` + id + `\b`).MatchString(e.Message) {
				t.Errorf("result %d: the message names id %s: %q", i, id, e.Message)
			}
		}
		// The answer PostHold gives the same hold alone.
		_, err := s.service.PostHold(ctx, connect.NewRequest(&walletv1.PostHoldRequest{HoldId: req.Holds[i].HoldId}))
		wantCode(t, "PostHold alone", err, connect.CodeOf(err), e.Reason)
		if connect.CodeOf(err).String() != e.Code {
			t.Errorf("result %d: code %s, PostHold alone %v", i, e.Code, connect.CodeOf(err))
		}
	}
	again, err := s.service.PostHolds(ctx, connect.NewRequest(&walletv1.PostHoldsRequest{Holds: []*walletv1.HoldPost{{HoldId: a.Id}}}))
	if err != nil || !again.Msg.Results[0].Replayed || again.Msg.Results[0].Transfer.Id != res[3].Transfer.Id {
		t.Fatalf("replay: %v %v", again, err)
	}
	got, _ := s.service.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: p.Id}))
	if got.Msg.Account.Balance != 4_750 || got.Msg.Account.Held != 0 {
		t.Fatalf("player after the posts: %v", got.Msg.Account)
	}

	cases := []struct {
		name   string
		c      func() error
		code   connect.Code
		reason string
	}{
		{"a partner (policy)", func() error {
			_, err := s.partnerA.PostHolds(ctx, connect.NewRequest(&walletv1.PostHoldsRequest{Holds: []*walletv1.HoldPost{{HoldId: a.Id}}}))
			return err
		}, connect.CodePermissionDenied, "ROLE_NOT_ALLOWED"},
		{"a player (policy)", func() error {
			_, err := s.player(t, "pa", "p1").PostHolds(ctx, connect.NewRequest(&walletv1.PostHoldsRequest{Holds: []*walletv1.HoldPost{{HoldId: a.Id}}}))
			return err
		}, connect.CodePermissionDenied, "ROLE_NOT_ALLOWED"},
		{"a malformed id", func() error {
			_, err := s.service.PostHolds(ctx, connect.NewRequest(&walletv1.PostHoldsRequest{Holds: []*walletv1.HoldPost{{HoldId: a.Id}, {HoldId: "x"}}}))
			return err
		}, connect.CodeInvalidArgument, "INVALID_HOLD_ID"},
		{"a hold twice", func() error {
			_, err := s.service.PostHolds(ctx, connect.NewRequest(&walletv1.PostHoldsRequest{Holds: []*walletv1.HoldPost{{HoldId: a.Id}, {HoldId: a.Id}}}))
			return err
		}, connect.CodeInvalidArgument, "DUPLICATE_HOLD"},
		{"no hold", func() error {
			_, err := s.service.PostHolds(ctx, connect.NewRequest(&walletv1.PostHoldsRequest{}))
			return err
		}, connect.CodeInvalidArgument, "INVALID_BATCH"},
	}
	for _, tc := range cases {
		wantCode(t, tc.name, tc.c(), tc.code, tc.reason)
	}
}
