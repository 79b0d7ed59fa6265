package rng

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng/drbg"
	"github.com/croupier/croupier/services/rng/drbg/drbgtest"
	"github.com/croupier/croupier/services/rng/store"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/proof"
	"github.com/croupier/croupier/shared/wheel"
)

func newService(t testing.TB, cfg Config) *Service {
	t.Helper()
	if cfg.SelfTestShuffles == 0 {
		cfg.SelfTestShuffles = 2000
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func wantReason(t *testing.T, err error, code connect.Code, reason string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want %v %s", code, reason)
	}
	if apierr.Code(err) != code || apierr.Reason(err) != reason {
		t.Fatalf("err = %v (code %v, reason %q), want %v %s", err, apierr.Code(err), apierr.Reason(err), code, reason)
	}
}

func TestShuffleReturnsFullShoe(t *testing.T) {
	s := newService(t, Config{})
	for decks := 1; decks <= MaxDecks; decks++ {
		o, err := s.Shuffle(context.Background(), &rngv1.ShuffleRequest{Decks: int32(decks)})
		if err != nil {
			t.Fatal(err)
		}
		if len(o.GetCards()) != decks*card.NumCards || o.GetDecks() != int32(decks) {
			t.Fatalf("%d decks: %d cards", decks, len(o.GetCards()))
		}
		counts := map[string]int{}
		for _, c := range o.GetCards() {
			counts[c]++
		}
		for _, c := range card.Deck(1) {
			if counts[c.String()] != decks {
				t.Fatalf("%d decks: %s appears %d times", decks, c, counts[c.String()])
			}
		}
		if len(o.GetCommitment()) != 32 || o.GetId() == "" || o.GetCreatedAt() == nil {
			t.Fatalf("outcome lacks id, commitment or time: %v", o)
		}
	}
}

func TestShuffleRejectsBadRequests(t *testing.T) {
	s := newService(t, Config{})
	long := string(make([]byte, 129))
	cases := []struct {
		name   string
		req    *rngv1.ShuffleRequest
		reason string
	}{
		{"zero decks", &rngv1.ShuffleRequest{}, "DECKS_OUT_OF_RANGE"},
		{"nine decks", &rngv1.ShuffleRequest{Decks: 9}, "DECKS_OUT_OF_RANGE"},
		{"cut card at the front", &rngv1.ShuffleRequest{Decks: 1, CutCard: &rngv1.CutCard{MinFromFront: 0, MinFromEnd: 10}}, "CUT_CARD_OUT_OF_RANGE"},
		{"cut card leaves nothing", &rngv1.ShuffleRequest{Decks: 1, CutCard: &rngv1.CutCard{MinFromFront: 10, MinFromEnd: 0}}, "CUT_CARD_OUT_OF_RANGE"},
		{"cut card past the shoe", &rngv1.ShuffleRequest{Decks: 1, CutCard: &rngv1.CutCard{MinFromFront: 30, MinFromEnd: 23}}, "CUT_CARD_OUT_OF_RANGE"},
		{"long key", &rngv1.ShuffleRequest{Decks: 1, IdempotencyKey: long}, "FIELD_TOO_LONG"},
		{"long table id", &rngv1.ShuffleRequest{Decks: 1, Context: &commonv1.Context{TableId: long}}, "FIELD_TOO_LONG"},
		{"bad utf-8", &rngv1.ShuffleRequest{Decks: 1, Context: &commonv1.Context{HandId: "\xff"}}, "FIELD_NOT_UTF8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := s.Shuffle(context.Background(), c.req)
			wantReason(t, err, connect.CodeInvalidArgument, c.reason)
		})
	}
	// A rejected request leaves the log untouched.
	if recs, last, _ := s.store.Read(context.Background(), 1, 10); len(recs) != 0 || last != 0 {
		t.Fatalf("rejected requests wrote %d records", len(recs))
	}
}

// docs/rules/ru-blackjack.md §4.1 step 6: the reshuffle marker goes at least 52 cards
// from the end of the 416-card shoe, so cut_card_position <= 364; the
// position is uniform over the allowed range, so both ends occur.
func TestCutCardLeavesAtLeast52CardsUndealtRU(t *testing.T) {
	s := newService(t, Config{})
	seen := map[int32]bool{}
	req := &rngv1.ShuffleRequest{Decks: 8, CutCard: &rngv1.CutCard{MinFromFront: 1, MinFromEnd: 52}}
	for range 3000 {
		o, err := s.Shuffle(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		p := o.GetCutCardPosition()
		if p < 1 || p > 416-52 {
			t.Fatalf("cut card at %d: want 1..364", p)
		}
		seen[p] = true
	}
	// 364 positions, 3000 draws: each is missed with probability ~2.6e-4,
	// so nearly all must appear; a marker pinned to one spot fails.
	if len(seen) < 340 {
		t.Fatalf("only %d distinct cut positions in 3000 shoes", len(seen))
	}
}

// docs/rules/cz-blackjack.md §3.5 leaves the penetration to the operator: a 6-deck
// shoe with a marker at least 78 cards from the end and 100 from the front.
func TestCutCardHonoursOperatorDepthCZ(t *testing.T) {
	s := newService(t, Config{})
	req := &rngv1.ShuffleRequest{Decks: 6, CutCard: &rngv1.CutCard{MinFromFront: 100, MinFromEnd: 78}}
	lo, hi := int32(1000), int32(0)
	for range 1000 {
		o, err := s.Shuffle(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi = min(lo, o.GetCutCardPosition()), max(hi, o.GetCutCardPosition())
	}
	if lo < 100 || hi > 312-78 {
		t.Fatalf("cut positions %d..%d: want within 100..234", lo, hi)
	}
	if lo > 105 || hi < 229 {
		t.Fatalf("cut positions %d..%d do not cover the range 100..234", lo, hi)
	}
}

func TestSpinLabelsFollowWheelLayout(t *testing.T) {
	s := newService(t, Config{})
	for _, w := range []wheel.Wheel{wheel.European(), wheel.American(), wheel.MoneyPlaceholder()} {
		o, err := s.Spin(context.Background(), &rngv1.SpinRequest{Wheel: w.Kind})
		if err != nil {
			t.Fatal(err)
		}
		if o.GetWheelLayout() != w.Name || w.Labels[o.GetPocketIndex()] != o.GetPocketLabel() {
			t.Fatalf("%s: pocket %d labelled %q (layout %q)", w.Name, o.GetPocketIndex(), o.GetPocketLabel(), o.GetWheelLayout())
		}
	}
	_, err := s.Spin(context.Background(), &rngv1.SpinRequest{})
	wantReason(t, err, connect.CodeInvalidArgument, "WHEEL_UNKNOWN")
}

func TestSpinUsesOperatorMoneyWheel(t *testing.T) {
	order := "x,x,x,x,seven,star,star,melon,melon,melon,grapes,grapes,grapes,grapes,grapes," +
		"bell,bell,bell,bell,bell,bell,cherries,cherries,cherries,cherries,cherries,cherries,cherries,cherries,cherries"
	w, err := wheel.ParseMoney("casino-a-2026", order)
	if err != nil {
		t.Fatal(err)
	}
	s := newService(t, Config{MoneyWheel: w})
	o, err := s.Spin(context.Background(), &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_MONEY})
	if err != nil {
		t.Fatal(err)
	}
	if o.GetWheelLayout() != "casino-a-2026" || o.GetPocketLabel() != w.Labels[o.GetPocketIndex()] {
		t.Fatalf("spin %v did not use the operator's layout", o)
	}
}

func TestDrawReturnsDistinctValuesInRange(t *testing.T) {
	s := newService(t, Config{})
	for _, c := range []struct{ n, k int32 }{{1, 1}, {10, 10}, {10, 3}, {9, 9}, {1_000_000, 5}, {100_000, 100_000}, {50_000, 1000}} {
		o, err := s.Draw(context.Background(), &rngv1.DrawRequest{N: c.n, K: c.k})
		if err != nil {
			t.Fatal(err)
		}
		if len(o.GetValues()) != int(c.k) || o.GetN() != c.n {
			t.Fatalf("draw %d of %d: %d values", c.k, c.n, len(o.GetValues()))
		}
		seen := map[int32]bool{}
		for _, v := range o.GetValues() {
			if v < 0 || v >= c.n || seen[v] {
				t.Fatalf("draw %d of %d: value %d out of range or repeated", c.k, c.n, v)
			}
			seen[v] = true
		}
	}
	for _, c := range []struct {
		n, k   int32
		reason string
	}{{0, 1, "DRAW_N_OUT_OF_RANGE"}, {1_000_001, 1, "DRAW_N_OUT_OF_RANGE"}, {5, 0, "DRAW_K_OUT_OF_RANGE"}, {5, 6, "DRAW_K_OUT_OF_RANGE"}, {200_000, 100_001, "DRAW_K_OUT_OF_RANGE"}} {
		_, err := s.Draw(context.Background(), &rngv1.DrawRequest{N: c.n, K: c.k})
		wantReason(t, err, connect.CodeInvalidArgument, c.reason)
	}
}

// A retry with the same idempotency key gets the same outcome back, not a
// new one: no shoe shopping. The log holds one record for it.
func TestIdempotentRetryReturnsSameOutcome(t *testing.T) {
	s := newService(t, Config{})
	ctx := context.Background()
	req := &rngv1.ShuffleRequest{Decks: 6, IdempotencyKey: "hand-42-shoe", Context: &commonv1.Context{TableId: "t1", HandId: "42"}}
	first, err := s.Shuffle(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		again, err := s.Shuffle(ctx, proto.Clone(req).(*rngv1.ShuffleRequest))
		if err != nil {
			t.Fatal(err)
		}
		if !proto.Equal(first, again) {
			t.Fatalf("retry returned a different outcome: %s vs %s", first.GetId(), again.GetId())
		}
	}
	if _, last, _ := s.store.Read(ctx, 1, 10); last != 1 {
		t.Fatalf("log has %d records after one shuffle and three retries", last)
	}
	// The same key with a different request is a conflict, not a replay.
	other := proto.Clone(req).(*rngv1.ShuffleRequest)
	other.Decks = 8
	_, err = s.Shuffle(ctx, other)
	wantReason(t, err, connect.CodeAlreadyExists, "IDEMPOTENCY_KEY_REUSED")
	// Without a key every call is a new outcome.
	a, _ := s.Spin(ctx, &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN})
	b, _ := s.Spin(ctx, &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN})
	if a.GetId() == b.GetId() {
		t.Fatal("two spins without a key share an id")
	}
}

func TestConcurrentRetriesShareOneOutcome(t *testing.T) {
	s := newService(t, Config{})
	var wg sync.WaitGroup
	ids := make([]string, 16)
	for i := range ids {
		wg.Go(func() {
			o, err := s.Draw(context.Background(), &rngv1.DrawRequest{N: 10, K: 10, IdempotencyKey: "seat-draw-7"})
			if err != nil {
				t.Error(err)
				return
			}
			ids[i] = o.GetId()
		})
	}
	wg.Wait()
	if len(slices.Compact(slices.Sorted(slices.Values(ids)))) != 1 {
		t.Fatalf("concurrent retries got different outcomes: %v", ids)
	}
}

func TestRevealVerifiesAndTamperingIsRejected(t *testing.T) {
	s := newService(t, Config{})
	ctx := context.Background()
	shoe, _ := s.Shuffle(ctx, &rngv1.ShuffleRequest{Decks: 1, CutCard: &rngv1.CutCard{MinFromFront: 5, MinFromEnd: 10}, Context: &commonv1.Context{TableId: "bj-1"}})
	spin, _ := s.Spin(ctx, &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_AMERICAN})
	draw, _ := s.Draw(ctx, &rngv1.DrawRequest{N: 9, K: 9})
	for _, o := range []*rngv1.Outcome{shoe, spin, draw} {
		if _, err := s.Close(ctx, &rngv1.CloseRequest{OutcomeId: o.GetId()}); err != nil {
			t.Fatal(err)
		}
		r, err := s.Reveal(ctx, &rngv1.RevealRequest{OutcomeId: o.GetId()})
		if err != nil {
			t.Fatal(err)
		}
		if err := proof.Verify(r); err != nil {
			t.Fatalf("%v: genuine reveal does not verify: %v", o.GetKind(), err)
		}
		if !proto.Equal(r.GetOutcome(), o) {
			t.Fatalf("revealed outcome differs from the one returned")
		}
	}
	_, err := s.Reveal(ctx, &rngv1.RevealRequest{OutcomeId: "o-nope"})
	wantReason(t, err, connect.CodeNotFound, "OUTCOME_NOT_FOUND")
}

// An injected stuck source: the start-up tests fail, the service reports
// NOT_SERVING with the reason, and every outcome is refused.
func TestStuckSourceAtStartRefusesOutcomes(t *testing.T) {
	s := newService(t, Config{DRBG: drbg.Config{Entropy: &drbgtest.StuckAfter{N: 0}}})
	serving, reason := s.Health()
	if serving || reason == "" {
		t.Fatalf("serving=%v reason=%q, want not serving with a reason", serving, reason)
	}
	_, err := s.Shuffle(context.Background(), &rngv1.ShuffleRequest{Decks: 1})
	wantReason(t, err, connect.CodeUnavailable, "RNG_UNHEALTHY")
	_, err = s.Spin(context.Background(), &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN})
	wantReason(t, err, connect.CodeUnavailable, "RNG_UNHEALTHY")
}

// A source that gets stuck later is caught by the next periodic check.
func TestSourceStuckLaterFailsPeriodicCheck(t *testing.T) {
	src := &drbgtest.StuckAfter{N: drbg.StartupSampleBytes + drbg.SeedBytes}
	s := newService(t, Config{DRBG: drbg.Config{Entropy: src}})
	if ok, reason := s.Health(); !ok {
		t.Fatalf("not serving before the source failed: %s", reason)
	}
	if _, err := s.Spin(context.Background(), &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN}); err != nil {
		t.Fatal(err)
	}
	err := s.Generator().Check()
	if !errors.Is(err, drbg.ErrUnhealthy) {
		t.Fatalf("Check = %v, want a health failure", err)
	}
	if ok, _ := s.Health(); ok {
		t.Fatal("still serving after the periodic check failed")
	}
	_, err = s.Draw(context.Background(), &rngv1.DrawRequest{N: 5, K: 1})
	wantReason(t, err, connect.CodeUnavailable, "RNG_UNHEALTHY")
}

func TestStoreErrorIsNotMistakenForNotFound(t *testing.T) {
	s := newService(t, Config{Store: failingStore{store.NewMemory()}})
	_, err := s.Shuffle(context.Background(), &rngv1.ShuffleRequest{Decks: 1, IdempotencyKey: "k"})
	if err == nil || apierr.Code(err) == connect.CodeNotFound {
		t.Fatalf("err = %v, want an internal error", err)
	}
}

type failingStore struct{ *store.Memory }

func (failingStore) Lookup(context.Context, string) (*store.Entry, error) {
	return nil, errors.New("connection refused")
}
