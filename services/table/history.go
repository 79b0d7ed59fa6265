package table

import (
	"context"
	"errors"

	"connectrpc.com/connect"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/apierr"
)

// FinishedHand returns a finished hand of table id: the hand handID, or the
// last finished hand when handID is empty. The hand is rebuilt from its
// setup and inputs, so its record is complete (the caller filters it for
// the viewer).
func (s *Service) FinishedHand(ctx context.Context, id, handID string) (*live.Hand, error) {
	var cur *live.Hand
	var recent string
	err := s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		if h := t.Hand; h != nil && h.Finished && (handID == "" || handID == h.ID) {
			cur = h
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if cur != nil {
		return cur, nil
	}
	if handID == "" {
		ids, err := s.deps.Store.RecentHands(ctx, id, 1)
		if err != nil {
			return nil, unavailable(err)
		}
		if len(ids) == 0 {
			return nil, apierr.NotFound("NO_HAND", "table %s has no finished hand", id)
		}
		recent = ids[0]
		handID = recent
	}
	h, err := s.loadHand(ctx, id, handID)
	if errors.Is(err, store.ErrNotFound) {
		// Still in progress, or never played here, or expired.
		return nil, apierr.NotFound("HAND_NOT_FOUND", "hand %q of table %s is not finished or not kept", handID, id)
	}
	if err != nil {
		return nil, apierr.New(connect.CodeInternal, "BAD_HAND", "%v", err)
	}
	return h, nil
}

// Proof is a hand's fairness proof.
type Proof struct {
	HandID     string
	Commitment []byte
	Outcome    string
	Revealed   bool
	Shoe       []string
	Salt       []byte
	Encoding   []byte
}

// FairnessProof returns the commitment of a hand's shoe, published when the
// hand started, and, once the hand is over, the RNG's reveal of the shoe
// and salt.
func (s *Service) FairnessProof(ctx context.Context, id, handID string) (Proof, error) {
	var p Proof
	inProgress := false
	err := s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		if h := t.Hand; h != nil && h.ID == handID {
			p = Proof{HandID: h.ID, Commitment: h.Setup.Commitment, Outcome: h.Outcome}
			inProgress = !h.Finished
		}
		return nil
	})
	if err != nil {
		return Proof{}, err
	}
	if p.HandID == "" {
		h, err := s.FinishedHand(ctx, id, handID)
		if err != nil {
			return Proof{}, err
		}
		p = Proof{HandID: h.ID, Commitment: h.Setup.Commitment, Outcome: h.Outcome}
	}
	if inProgress || p.Outcome == "" {
		// The shoe stays secret until the hand is over.
		return p, nil
	}
	res, err := s.deps.RNG.Reveal(ctx, connect.NewRequest(&rngv1.RevealRequest{OutcomeId: p.Outcome}))
	if err != nil {
		return Proof{}, apierr.Unavailable("RNG_UNAVAILABLE", "reveal of %s: %v", p.Outcome, err)
	}
	p.Revealed = true
	p.Shoe = res.Msg.GetOutcome().GetCards()
	p.Salt = res.Msg.GetSalt()
	p.Encoding = res.Msg.GetCanonicalEncoding()
	return p, nil
}
