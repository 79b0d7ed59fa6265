package rng

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/proof"
)

func as(p auth.Principal) context.Context { return auth.WithPrincipal(context.Background(), p) }

var (
	tableCtx    = as(auth.Principal{Role: auth.RoleService, Subject: "table"})
	otherSvc    = as(auth.Principal{Role: auth.RoleService, Subject: "evaluator"})
	operatorCtx = as(auth.Principal{Role: auth.RoleOperator, Subject: "ops:alice"})
	auditorCtx  = as(auth.Principal{Role: auth.RoleAuditor, Subject: "regulator"})
)

// Issue 11 ("the live deck can be read mid-hand"): a live outcome is
// neither revealed nor opened, to anyone, its owner included, and the
// refusal changes nothing; only the owner closes it; after the close the
// readers (operators, auditors, the owner) may, and no other service.
func TestLiveOutcomeIsNotReadUntilItsOwnerClosesIt(t *testing.T) {
	s := newService(t, Config{})
	o, err := s.Shuffle(tableCtx, &rngv1.ShuffleRequest{Decks: 1, IdempotencyKey: "t-1-1"})
	if err != nil {
		t.Fatal(err)
	}
	id := o.GetId()
	_, lastBefore, _ := s.store.Read(context.Background(), 1, 1)
	for _, ctx := range []context.Context{tableCtx, operatorCtx, auditorCtx, context.Background()} {
		_, err := s.Reveal(ctx, &rngv1.RevealRequest{OutcomeId: id})
		wantReason(t, err, connect.CodeFailedPrecondition, "OUTCOME_OPEN")
		_, err = s.Open(ctx, &rngv1.OpenRequest{OutcomeId: id, Positions: []int32{0}})
		wantReason(t, err, connect.CodeFailedPrecondition, "OUTCOME_OPEN")
	}
	// Nobody but the owner closes it, an operator included.
	for _, ctx := range []context.Context{otherSvc, operatorCtx, auditorCtx} {
		_, err := s.Close(ctx, &rngv1.CloseRequest{OutcomeId: id})
		wantReason(t, err, connect.CodePermissionDenied, "NOT_OUTCOME_OWNER")
	}
	if e, _ := s.store.Get(context.Background(), id); e.Closed != nil {
		t.Fatal("a refused close closed the outcome")
	}
	if _, lastAfter, _ := s.store.Read(context.Background(), 1, 1); lastAfter != lastBefore {
		t.Fatalf("refusals changed the audit log: %d -> %d", lastBefore, lastAfter)
	}
	first, err := s.Close(tableCtx, &rngv1.CloseRequest{OutcomeId: id})
	if err != nil || first.GetAlreadyClosed() {
		t.Fatalf("owner's close: %v %v", first, err)
	}
	again, err := s.Close(tableCtx, &rngv1.CloseRequest{OutcomeId: id})
	if err != nil || !again.GetAlreadyClosed() || !proto.Equal(again.GetClosedAt(), first.GetClosedAt()) {
		t.Fatalf("second close is not a no-op: %v %v", again, err)
	}
	for _, ctx := range []context.Context{tableCtx, operatorCtx, auditorCtx} {
		r, err := s.Reveal(ctx, &rngv1.RevealRequest{OutcomeId: id})
		if err != nil {
			t.Fatal(err)
		}
		if err := proof.Verify(r); err != nil {
			t.Fatalf("closed shoe does not verify: %v", err)
		}
		if _, err := s.Open(ctx, &rngv1.OpenRequest{OutcomeId: id, Positions: []int32{3}}); err != nil {
			t.Fatal(err)
		}
	}
	_, err = s.Reveal(otherSvc, &rngv1.RevealRequest{OutcomeId: id})
	wantReason(t, err, connect.CodePermissionDenied, "NOT_OUTCOME_READER")
	_, err = s.Open(otherSvc, &rngv1.OpenRequest{OutcomeId: id})
	wantReason(t, err, connect.CodePermissionDenied, "NOT_OUTCOME_READER")
	_, err = s.Close(tableCtx, &rngv1.CloseRequest{OutcomeId: "o-nope"})
	wantReason(t, err, connect.CodeNotFound, "OUTCOME_NOT_FOUND")
}

// Issue 11: Open gives the asked positions of a closed shoe and nothing
// else, and the proof verifies against the commitment Shuffle returned.
func TestOpenGivesOnlyTheAskedPositions(t *testing.T) {
	s := newService(t, Config{})
	o, _ := s.Shuffle(tableCtx, &rngv1.ShuffleRequest{Decks: 1})
	if _, err := s.Close(tableCtx, &rngv1.CloseRequest{OutcomeId: o.GetId()}); err != nil {
		t.Fatal(err)
	}
	asked := []int32{51, 0, 7}
	r, err := s.Open(tableCtx, &rngv1.OpenRequest{OutcomeId: o.GetId(), Positions: asked})
	if err != nil {
		t.Fatal(err)
	}
	p := r.GetProof()
	if err := proof.VerifyShoe(p, o.GetCommitment(), 1); err != nil {
		t.Fatal(err)
	}
	var got []int32
	for _, op := range p.GetOpenings() {
		got = append(got, op.GetPosition())
		if op.GetCard() != o.GetCards()[op.GetPosition()] {
			t.Fatalf("position %d opened as %s, is %s", op.GetPosition(), op.GetCard(), o.GetCards()[op.GetPosition()])
		}
	}
	if !slices.Equal(got, []int32{0, 7, 51}) {
		t.Fatalf("opened %v", got)
	}
	for _, bad := range []struct {
		pos    []int32
		reason string
	}{{[]int32{52}, "POSITION_OUT_OF_RANGE"}, {[]int32{-1}, "POSITION_OUT_OF_RANGE"}, {[]int32{4, 4}, "POSITION_REPEATED"}} {
		_, err := s.Open(tableCtx, &rngv1.OpenRequest{OutcomeId: o.GetId(), Positions: bad.pos})
		wantReason(t, err, connect.CodeInvalidArgument, bad.reason)
	}
	spin, _ := s.Spin(tableCtx, &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN})
	_, _ = s.Close(tableCtx, &rngv1.CloseRequest{OutcomeId: spin.GetId()})
	_, err = s.Open(tableCtx, &rngv1.OpenRequest{OutcomeId: spin.GetId()})
	wantReason(t, err, connect.CodeInvalidArgument, "NOT_A_SHOE")
}
