package table

import (
	"context"
	"errors"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/services/table/view"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/proof"
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

// Proof is a hand's fairness proof as one caller may see it.
type Proof struct {
	HandID     string
	Commitment []byte
	// Outcome is the RNG outcome of the shoe, given once the hand is over.
	Outcome  string
	Revealed bool
	// Shoe holds the openings of the positions the caller saw (every
	// position for a full proof) and the hashes that recompute Commitment.
	Shoe *rngv1.ShoeProof
	// Full proofs only (operators, auditors): the whole shoe and its secret.
	Cards  []string
	Secret []byte
}

// FairnessProof returns the commitment of a hand's shoe, published when the
// hand started, and, once the hand is over, the openings of exactly the
// cards v was entitled to see (view.SeenPositions) with the hashes that tie
// them to the commitment: one Open call at the RNG. full (operators and
// auditors) reveals the whole shoe and its secret instead. Folded and
// mucked cards, burns and the stub are in no viewer's proof (issue 11).
func (s *Service) FairnessProof(ctx context.Context, id, handID string, v live.Viewer, full bool) (Proof, error) {
	var p Proof
	var h *live.Hand
	inProgress := false
	err := s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		if cur := t.Hand; cur != nil && cur.ID == handID {
			p = Proof{HandID: cur.ID, Commitment: cur.Setup.Commitment}
			inProgress = !cur.Finished
			h = cur
		}
		return nil
	})
	if err != nil {
		return Proof{}, err
	}
	if inProgress {
		// The shoe stays secret, its outcome id too, until the hand is over.
		return p, nil
	}
	if h == nil {
		if h, err = s.FinishedHand(ctx, id, handID); err != nil {
			return Proof{}, err
		}
		p = Proof{HandID: h.ID, Commitment: h.Setup.Commitment}
	}
	if h.Outcome == "" {
		return p, nil
	}
	p.Outcome = h.Outcome
	if full {
		res, err := s.reveal(ctx, h.Outcome)
		if err != nil {
			return Proof{}, err
		}
		o := res.GetOutcome()
		shoe, err := proof.NewShoe(o.GetId(), o.GetCards(), int(o.GetCutCardPosition()), res.GetSalt())
		if err != nil {
			return Proof{}, apierr.New(connect.CodeInternal, "BAD_REVEAL", "reveal of %s: %v", h.Outcome, err)
		}
		all := make([]int32, len(o.GetCards()))
		for i := range all {
			all[i] = int32(i)
		}
		if p.Shoe, err = shoe.Open(all); err != nil {
			return Proof{}, apierr.New(connect.CodeInternal, "BAD_REVEAL", "reveal of %s: %v", h.Outcome, err)
		}
		p.Revealed, p.Cards, p.Secret = true, o.GetCards(), res.GetSalt()
		return p, nil
	}
	positions := view.SeenPositions(h, v)
	res, err := rngRead(s, ctx, h.Outcome, func() (*rngv1.OpenResponse, error) {
		r, err := s.deps.RNG.Open(ctx, connect.NewRequest(&rngv1.OpenRequest{OutcomeId: h.Outcome, Positions: positions}))
		if err != nil {
			return nil, err
		}
		return r.Msg, nil
	})
	if err != nil {
		return Proof{}, err
	}
	p.Revealed, p.Shoe = true, res.GetProof()
	return p, nil
}

// rngRead runs a read of a finished hand's outcome at the RNG. The table
// closes every hand's outcome when the hand ends (closeOutcome); if that
// close was lost (the replica died right after the commit), the RNG answers
// OUTCOME_OPEN, and the table, its owner, closes it now and reads again.
func rngRead[T any](s *Service, ctx context.Context, outcome string, read func() (T, error)) (T, error) {
	res, err := read()
	if err != nil && apierr.Reason(err) == "OUTCOME_OPEN" {
		if _, cerr := s.deps.RNG.Close(ctx, connect.NewRequest(&rngv1.CloseRequest{OutcomeId: outcome})); cerr == nil {
			res, err = read()
		}
	}
	if err != nil {
		var zero T
		s.log.Warn("fairness proof", "outcome", outcome, "err", err)
		return zero, apierr.Unavailable("RNG_UNAVAILABLE", "the RNG did not answer for the proof of %s; try again", outcome)
	}
	return res, nil
}

// reveal is the RNG's reveal of a finished outcome (rngRead: closed
// first if its close was lost).
func (s *Service) reveal(ctx context.Context, outcome string) (*rngv1.RevealResponse, error) {
	return rngRead(s, ctx, outcome, func() (*rngv1.RevealResponse, error) {
		r, err := s.deps.RNG.Reveal(ctx, connect.NewRequest(&rngv1.RevealRequest{OutcomeId: outcome}))
		if err != nil {
			return nil, err
		}
		return r.Msg, nil
	})
}

// closeOutcome tells the RNG that a hand is over, so its shoe may be
// opened for the fairness proofs (the RNG refuses to open a live one).
// It runs after the hand's end is committed; Close is idempotent, and a
// close that fails here is made up by the first proof asked for the hand.
// While Run's loops run, the outcome joins the next batch (closeLoop);
// otherwise, or when the queue is full, it is closed on its own.
func (s *Service) closeOutcome(ctx context.Context, outcome string) {
	if outcome == "" {
		return
	}
	if s.batching.Load() {
		select {
		case s.closes <- pendingClose{outcome: outcome, span: trace.SpanContextFromContext(ctx)}:
			return
		default:
		}
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		s.closeOne(ctx, outcome)
	}()
}

// closeOne closes one outcome with Close; a failure is logged (the first
// proof asked for its hand makes it up).
func (s *Service) closeOne(ctx context.Context, outcome string) {
	if _, err := s.deps.RNG.Close(ctx, connect.NewRequest(&rngv1.CloseRequest{OutcomeId: outcome})); err != nil {
		s.log.Warn("close rng outcome", "outcome", outcome, "err", err)
	}
}

// pendingClose is an outcome waiting for closeLoop, with the span of the
// commit that finished its hand.
type pendingClose struct {
	outcome string
	span    trace.SpanContext
}

// closeLoop closes finished hands' outcomes in batches: the first outcome
// queued waits CloseDelay for others, and they go in one CloseMany (issue
// 19: a Close call per hand cost about 70 µs of CPU beyond the RNG's own
// work, 3 % of a load run). A proof asked for meanwhile closes its hand's
// outcome itself (rngRead). At ctx's end what is queued is closed at once.
func (s *Service) closeLoop(ctx context.Context) {
	s.batching.Store(true)
	var batch []pendingClose
	for {
		select {
		case p := <-s.closes:
			batch = append(batch[:0], p)
		case <-ctx.Done():
			// Later outcomes are closed on their own (closeOutcome); one
			// queued in the instant between is made up by its first proof.
			s.batching.Store(false)
			s.drainCloses(batch[:0])
			return
		}
		wait := time.NewTimer(s.opts.CloseDelay)
	collect:
		for len(batch) < rngMaxCloseMany {
			select {
			case p := <-s.closes:
				batch = append(batch, p)
			case <-wait.C:
				break collect
			case <-ctx.Done():
				break collect
			}
		}
		wait.Stop()
		s.closeMany(batch)
	}
}

// drainCloses closes what is queued when the loops stop.
func (s *Service) drainCloses(batch []pendingClose) {
	for {
		select {
		case p := <-s.closes:
			batch = append(batch, p)
			if len(batch) == rngMaxCloseMany {
				s.closeMany(batch)
				batch = batch[:0]
			}
		default:
			if len(batch) > 0 {
				s.closeMany(batch)
			}
			return
		}
	}
}

// rngMaxCloseMany is the RNG's bound on one CloseMany.
const rngMaxCloseMany = 256

// closeMany closes batch's outcomes in one call, traced in the first
// hand's trace with links to the others'.
func (s *Service) closeMany(batch []pendingClose) {
	if len(batch) == 0 {
		return
	}
	ids := make([]string, len(batch))
	links := make([]trace.Link, 0, len(batch))
	for i, p := range batch {
		ids[i] = p.outcome
		if p.span.IsValid() {
			links = append(links, trace.Link{SpanContext: p.span})
		}
	}
	ctx, cancel := context.WithTimeout(trace.ContextWithSpanContext(context.Background(), batch[0].span), 10*time.Second)
	defer cancel()
	if s.deps.Tracer != nil {
		var span trace.Span
		ctx, span = s.deps.Tracer.Start(ctx, "table.close_outcomes", trace.WithLinks(links...),
			trace.WithAttributes(attribute.Int("croupier.rng.outcomes", len(ids))))
		defer span.End()
	}
	res, err := s.deps.RNG.CloseMany(ctx, connect.NewRequest(&rngv1.CloseManyRequest{OutcomeIds: ids}))
	if connect.CodeOf(err) == connect.CodeUnimplemented {
		// An RNG from before CloseMany (a rolling upgrade): one at a time.
		for _, id := range ids {
			s.closeOne(ctx, id)
		}
		return
	}
	if err != nil {
		s.log.Warn("close rng outcomes", "outcomes", len(ids), "first", ids[0], "err", err)
		return
	}
	for _, r := range res.Msg.GetResults() {
		if r.GetErrorReason() != "" {
			s.log.Warn("close rng outcome", "outcome", r.GetOutcomeId(), "reason", r.GetErrorReason())
		}
	}
}
