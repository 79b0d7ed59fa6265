package rng

import (
	"context"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/proof"
)

// FuzzRequests decodes arbitrary bytes as each request type and sends it to
// the core. A request is either refused with INVALID_ARGUMENT (or
// ALREADY_EXISTS for a reused key) and leaves the log as it was, or it
// yields an outcome that verifies against its own reveal.
func FuzzRequests(f *testing.F) {
	seeds := []proto.Message{
		&rngv1.ShuffleRequest{Decks: 8, CutCard: &rngv1.CutCard{MinFromFront: 1, MinFromEnd: 52}},
		&rngv1.ShuffleRequest{Decks: 9},
		&rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_MONEY, IdempotencyKey: "k"},
		&rngv1.DrawRequest{N: 1_000_000, K: 3, Context: &commonv1.Context{TableId: "t"}},
		&rngv1.DrawRequest{N: 5, K: 6},
	}
	for i, m := range seeds {
		b, _ := proto.Marshal(m)
		f.Add(uint8(i%3), b)
	}
	s := newService(f, Config{})
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		ctx := context.Background()
		_, before, _ := s.store.Read(ctx, 1, 1)
		var o *rngv1.Outcome
		var err error
		switch kind % 3 {
		case 0:
			var r rngv1.ShuffleRequest
			if proto.Unmarshal(data, &r) != nil {
				return
			}
			o, err = s.Shuffle(ctx, &r)
		case 1:
			var r rngv1.SpinRequest
			if proto.Unmarshal(data, &r) != nil {
				return
			}
			o, err = s.Spin(ctx, &r)
		default:
			var r rngv1.DrawRequest
			if proto.Unmarshal(data, &r) != nil {
				return
			}
			if r.K > 1000 {
				return // large draws are valid but slow; TestDraw covers them
			}
			o, err = s.Draw(ctx, &r)
		}
		if err != nil {
			if c := apierr.Code(err); c != connect.CodeInvalidArgument && c != connect.CodeAlreadyExists {
				t.Fatalf("unexpected error %v", err)
			}
			if _, after, _ := s.store.Read(ctx, 1, 1); after != before {
				t.Fatalf("rejected request changed the log (%d -> %d)", before, after)
			}
			return
		}
		if _, err := s.Close(ctx, &rngv1.CloseRequest{OutcomeId: o.GetId()}); err != nil {
			t.Fatal(err)
		}
		r, err := s.Reveal(ctx, &rngv1.RevealRequest{OutcomeId: o.GetId()})
		if err != nil {
			t.Fatal(err)
		}
		if err := proof.Verify(r); err != nil {
			t.Fatalf("outcome does not verify: %v", err)
		}
	})
}

// FuzzCloseMany decodes arbitrary bytes as a CloseManyRequest. It is
// either refused with INVALID_ARGUMENT and leaves the log as it was, or
// answered with one result per outcome, in order, each closed or refused
// with a reason; no outcome another service owns is ever closed.
func FuzzCloseMany(f *testing.F) {
	s := newService(f, Config{})
	mine, err := s.Shuffle(tableCtx, &rngv1.ShuffleRequest{Decks: 1, IdempotencyKey: "fuzz-mine"})
	if err != nil {
		f.Fatal(err)
	}
	theirs, err := s.Shuffle(otherSvc, &rngv1.ShuffleRequest{Decks: 1, IdempotencyKey: "fuzz-theirs"})
	if err != nil {
		f.Fatal(err)
	}
	for _, m := range []*rngv1.CloseManyRequest{
		{OutcomeIds: []string{mine.GetId(), theirs.GetId(), "o-nope"}},
		{OutcomeIds: []string{mine.GetId(), mine.GetId()}},
		{},
	} {
		b, _ := proto.Marshal(m)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var r rngv1.CloseManyRequest
		if proto.Unmarshal(data, &r) != nil {
			return
		}
		ctx := context.Background()
		_, before, _ := s.store.Read(ctx, 1, 1)
		res, err := s.CloseMany(tableCtx, &r)
		if err != nil {
			if apierr.Code(err) != connect.CodeInvalidArgument {
				t.Fatalf("unexpected error %v", err)
			}
			if _, after, _ := s.store.Read(ctx, 1, 1); after != before {
				t.Fatalf("rejected request changed the log (%d -> %d)", before, after)
			}
			return
		}
		if len(res.GetResults()) != len(r.GetOutcomeIds()) {
			t.Fatalf("%d results for %d outcomes", len(res.GetResults()), len(r.GetOutcomeIds()))
		}
		for i, x := range res.GetResults() {
			if x.GetOutcomeId() != r.GetOutcomeIds()[i] || (x.GetErrorReason() == "") == (x.GetClosedAt() == nil) {
				t.Fatalf("result %d: %v", i, x)
			}
		}
		if e, _ := s.store.Get(ctx, theirs.GetId()); e.Closed != nil {
			t.Fatal("another service's outcome was closed")
		}
	})
}
