package backend

import (
	"context"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
)

// RNG is tournament.RNG over the RNG service: every draw is committed and
// audited there, and a retried key returns the first outcome.
type RNG struct {
	c rngv1connect.RngServiceClient
}

// NewRNG returns the adapter.
func NewRNG(c rngv1connect.RngServiceClient) *RNG { return &RNG{c: c} }

// Draw implements tournament.RNG. A tournament's draws (seats, buttons,
// chip-race cards) are announced the moment they are made, so the outcome
// is closed at once: nothing of it is private, and an auditor may then
// reveal it and check it against its commitment (the RNG refuses to reveal
// an outcome its owner has not closed). A retry draws nothing new (same
// key) and closing twice is a no-op, so the activity may repeat both.
func (r *RNG) Draw(ctx context.Context, n, k int, key, tour string) ([]int32, error) {
	res, err := r.c.Draw(ctx, connect.NewRequest(&rngv1.DrawRequest{N: int32(n), K: int32(k), IdempotencyKey: key,
		Context: &commonv1.Context{TournamentId: tour}}))
	if err != nil {
		return nil, classify(err)
	}
	o := res.Msg.GetOutcome()
	if _, err := r.c.Close(ctx, connect.NewRequest(&rngv1.CloseRequest{OutcomeId: o.GetId()})); err != nil {
		return nil, classify(err)
	}
	return o.GetValues(), nil
}
