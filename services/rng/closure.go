package rng

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"google.golang.org/protobuf/types/known/timestamppb"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng/store"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/proof"
)

// An outcome is live from its creation until its owner (the caller that
// created it: the table, by its service subject) closes it. A live shoe is
// the deck of a hand in play, so nothing of it leaves the RNG except to the
// owner in the Shuffle answer: Reveal and Open refuse it, whoever asks
// (issue 11, "the live deck can be read mid-hand").

// Close closes an outcome for good. Only its owner may; a second Close is
// a no-op that reports the first.
func (s *Service) Close(ctx context.Context, req *rngv1.CloseRequest) (*rngv1.CloseResponse, error) {
	e, err := s.entry(ctx, req.GetOutcomeId())
	if err != nil {
		return nil, err
	}
	caller := callerOf(ctx)
	if owner := e.Record.GetRequestedBy(); caller != owner {
		return nil, apierr.Denied("NOT_OUTCOME_OWNER", "outcome %s belongs to %s: only its owner closes it", e.Record.GetOutcomeId(), owner)
	}
	c, existing, err := s.store.Close(ctx, e.Record.GetOutcomeId(), store.Closure{At: s.now().UTC(), By: caller})
	if err != nil {
		return nil, fmt.Errorf("rng: close: %w", err)
	}
	return &rngv1.CloseResponse{ClosedAt: timestamppb.New(c.At), AlreadyClosed: existing}, nil
}

// MaxCloseMany bounds the outcomes of one CloseMany.
const MaxCloseMany = 256

// CloseMany closes several outcomes, each as Close does. A refusal of one
// (not found, not the caller's) is that outcome's result; a fault of the
// store fails the call, as it would fail a Close.
func (s *Service) CloseMany(ctx context.Context, req *rngv1.CloseManyRequest) (*rngv1.CloseManyResponse, error) {
	ids := req.GetOutcomeIds()
	if len(ids) == 0 || len(ids) > MaxCloseMany {
		return nil, apierr.Invalid("OUTCOME_IDS_INVALID", "outcome_ids: 1..%d outcomes, got %d", MaxCloseMany, len(ids))
	}
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if seen[id] {
			return nil, apierr.Invalid("OUTCOME_IDS_INVALID", "outcome %q is named twice", id)
		}
		seen[id] = true
	}
	out := &rngv1.CloseManyResponse{Results: make([]*rngv1.CloseResult, len(ids))}
	for i, id := range ids {
		r, err := s.Close(ctx, &rngv1.CloseRequest{OutcomeId: id})
		switch {
		case err == nil:
			out.Results[i] = &rngv1.CloseResult{OutcomeId: id, ClosedAt: r.GetClosedAt(), AlreadyClosed: r.GetAlreadyClosed()}
		case apierr.Reason(err) == "" || apierr.Fault(apierr.Code(err)):
			return nil, err
		default:
			out.Results[i] = &rngv1.CloseResult{OutcomeId: id, ErrorReason: apierr.Reason(err)}
		}
	}
	return out, nil
}

// Reveal returns a closed outcome whole, with its salt (a shoe: its secret)
// and canonical encoding.
func (s *Service) Reveal(ctx context.Context, req *rngv1.RevealRequest) (*rngv1.RevealResponse, error) {
	e, err := s.readable(ctx, req.GetOutcomeId())
	if err != nil {
		return nil, err
	}
	r := &rngv1.RevealResponse{Outcome: e.Reveal.GetOutcome(), Salt: e.Reveal.GetSalt(),
		CanonicalEncoding: e.Reveal.GetCanonicalEncoding(), ClosedAt: timestamppb.New(e.Closed.At)}
	return r, nil
}

// Open returns the openings of some positions of a closed shoe and the
// hashes that recompute its root.
func (s *Service) Open(ctx context.Context, req *rngv1.OpenRequest) (*rngv1.OpenResponse, error) {
	if len(req.GetPositions()) > proof.MaxLeaves {
		return nil, apierr.Invalid("TOO_MANY_POSITIONS", "%d positions, at most %d", len(req.GetPositions()), proof.MaxLeaves)
	}
	e, err := s.readable(ctx, req.GetOutcomeId())
	if err != nil {
		return nil, err
	}
	o := e.Reveal.GetOutcome()
	if o.GetKind() != rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE {
		return nil, apierr.Invalid("NOT_A_SHOE", "outcome %s is a %v: only a shoe opens by position; reveal it whole", o.GetId(), o.GetKind())
	}
	positions := slices.Clone(req.GetPositions())
	slices.Sort(positions)
	for i, p := range positions {
		if p < 0 || int(p) >= len(o.GetCards()) {
			return nil, apierr.Invalid("POSITION_OUT_OF_RANGE", "position %d: the shoe has positions 0..%d", p, len(o.GetCards())-1)
		}
		if i > 0 && positions[i-1] == p {
			return nil, apierr.Invalid("POSITION_REPEATED", "position %d asked twice", p)
		}
	}
	shoe, err := proof.NewShoe(o.GetId(), o.GetCards(), int(o.GetCutCardPosition()), e.Reveal.GetSalt())
	if err != nil {
		return nil, fmt.Errorf("rng: open %s: %w", o.GetId(), err)
	}
	p, err := shoe.Open(positions)
	if err != nil {
		return nil, fmt.Errorf("rng: open %s: %w", o.GetId(), err)
	}
	return &rngv1.OpenResponse{Proof: p}, nil
}

func (s *Service) entry(ctx context.Context, id string) (*store.Entry, error) {
	if id == "" || len(id) > maxFieldLen {
		return nil, apierr.Invalid("OUTCOME_ID_INVALID", "outcome_id must be 1..%d bytes", maxFieldLen)
	}
	e, err := s.store.Get(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apierr.NotFound("OUTCOME_NOT_FOUND", "no outcome %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("rng: get %s: %w", id, err)
	}
	return e, nil
}

// readable is the entry of an outcome the caller may read: it is closed,
// and the caller is an operator, an auditor or the outcome's owner (a
// service reads only what it created: one compromised service cannot read
// another's outcomes).
func (s *Service) readable(ctx context.Context, id string) (*store.Entry, error) {
	e, err := s.entry(ctx, id)
	if err != nil {
		return nil, err
	}
	if p, ok := auth.FromContext(ctx); ok {
		switch {
		case p.Role == auth.RoleOperator, p.Role == auth.RoleAuditor:
		case p.String() == e.Record.GetRequestedBy():
		default:
			return nil, apierr.Denied("NOT_OUTCOME_READER", "outcome %s is read by operators, auditors and its owner", id)
		}
	}
	if e.Closed == nil {
		return nil, apierr.Precondition("OUTCOME_OPEN", "outcome %s is live until its owner closes it", id)
	}
	return e, nil
}
