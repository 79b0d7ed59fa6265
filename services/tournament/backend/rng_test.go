package backend

import (
	"context"
	"errors"
	"slices"
	"testing"

	"connectrpc.com/connect"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
)

// recordingRNG answers Draw and Close and records what was asked.
type recordingRNG struct {
	rngv1connect.RngServiceClient
	calls    []string
	closeErr error
}

func (f *recordingRNG) Draw(_ context.Context, req *connect.Request[rngv1.DrawRequest]) (*connect.Response[rngv1.DrawResponse], error) {
	f.calls = append(f.calls, "draw "+req.Msg.GetIdempotencyKey())
	return connect.NewResponse(&rngv1.DrawResponse{Outcome: &rngv1.Outcome{Id: "o-" + req.Msg.GetIdempotencyKey(), Values: []int32{3, 1, 4}}}), nil
}

func (f *recordingRNG) Close(_ context.Context, req *connect.Request[rngv1.CloseRequest]) (*connect.Response[rngv1.CloseResponse], error) {
	f.calls = append(f.calls, "close "+req.Msg.GetOutcomeId())
	if f.closeErr != nil {
		return nil, f.closeErr
	}
	return connect.NewResponse(&rngv1.CloseResponse{}), nil
}

// Issue 11: the RNG reveals an outcome only once its owner has closed it; a
// tournament's draws are public when made, so each is closed at once and an
// auditor can check it.
func TestDrawClosesItsOutcome(t *testing.T) {
	f := &recordingRNG{}
	got, err := NewRNG(f).Draw(context.Background(), 9, 3, "seats:1", "t1")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []int32{3, 1, 4}) {
		t.Errorf("values %v", got)
	}
	if want := []string{"draw seats:1", "close o-seats:1"}; !slices.Equal(f.calls, want) {
		t.Errorf("calls %v, want %v", f.calls, want)
	}
}

// A draw whose outcome could not be closed is not used: the activity fails
// (and is retried with the same key, drawing nothing new).
func TestDrawFailsWhenTheCloseFails(t *testing.T) {
	f := &recordingRNG{closeErr: connect.NewError(connect.CodeUnavailable, errors.New("rng down"))}
	if _, err := NewRNG(f).Draw(context.Background(), 9, 3, "seats:1", "t1"); connect.CodeOf(err) != connect.CodeUnavailable {
		t.Fatalf("err = %v, want unavailable", err)
	}
}
