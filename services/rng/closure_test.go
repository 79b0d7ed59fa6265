package rng

import (
	"context"
	"fmt"
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

// CloseMany closes each outcome as Close would, in the order asked: the
// caller's own are closed (a closed one reports its first close), one it
// may not close or that does not exist fails alone with Close's reason,
// and a request naming none, too many or one twice closes nothing.
func TestCloseManyClosesEachAsCloseWould(t *testing.T) {
	s := newService(t, Config{})
	var ids []string
	for i := range 3 {
		o, err := s.Shuffle(tableCtx, &rngv1.ShuffleRequest{Decks: 1, IdempotencyKey: fmt.Sprintf("t-many-%d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, o.GetId())
	}
	theirs, err := s.Shuffle(otherSvc, &rngv1.ShuffleRequest{Decks: 1, IdempotencyKey: "e-1"})
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.Close(tableCtx, &rngv1.CloseRequest{OutcomeId: ids[2]})
	if err != nil {
		t.Fatal(err)
	}

	_, lastBefore, _ := s.store.Read(context.Background(), 1, 1)
	for _, bad := range [][]string{nil, {ids[0], ids[1], ids[0]}, slices.Repeat([]string{"x"}, MaxCloseMany+1)} {
		_, err := s.CloseMany(tableCtx, &rngv1.CloseManyRequest{OutcomeIds: bad})
		wantReason(t, err, connect.CodeInvalidArgument, "OUTCOME_IDS_INVALID")
	}
	if e, _ := s.store.Get(context.Background(), ids[0]); e.Closed != nil {
		t.Fatal("a refused CloseMany closed an outcome")
	}
	if _, lastAfter, _ := s.store.Read(context.Background(), 1, 1); lastAfter != lastBefore {
		t.Fatalf("refused CloseMany calls changed the audit log: %d -> %d", lastBefore, lastAfter)
	}

	asked := []string{ids[0], theirs.GetId(), "o-nope", ids[1], ids[2], ""}
	res, err := s.CloseMany(tableCtx, &rngv1.CloseManyRequest{OutcomeIds: asked})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		reason        string
		alreadyClosed bool
	}{{"", false}, {"NOT_OUTCOME_OWNER", false}, {"OUTCOME_NOT_FOUND", false}, {"", false}, {"", true}, {"OUTCOME_ID_INVALID", false}}
	if len(res.GetResults()) != len(asked) {
		t.Fatalf("%d results for %d outcomes", len(res.GetResults()), len(asked))
	}
	for i, r := range res.GetResults() {
		w := want[i]
		if r.GetOutcomeId() != asked[i] || r.GetErrorReason() != w.reason || r.GetAlreadyClosed() != w.alreadyClosed ||
			(w.reason == "") != (r.GetClosedAt() != nil) {
			t.Errorf("result %d: %v, want reason %q, already closed %v", i, r, w.reason, w.alreadyClosed)
		}
	}
	if !proto.Equal(res.GetResults()[4].GetClosedAt(), first.GetClosedAt()) {
		t.Errorf("the closed outcome reports %v, want its first close %v", res.GetResults()[4].GetClosedAt(), first.GetClosedAt())
	}
	for _, id := range ids {
		if _, err := s.Reveal(tableCtx, &rngv1.RevealRequest{OutcomeId: id}); err != nil {
			t.Errorf("%s after CloseMany: %v", id, err)
		}
	}
	if e, _ := s.store.Get(context.Background(), theirs.GetId()); e.Closed != nil {
		t.Fatal("CloseMany closed another service's outcome")
	}
}
