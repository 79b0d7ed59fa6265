package table

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
)

// closeRecorder is an RNG that records the closes it is asked for.
type closeRecorder struct {
	rngv1connect.RngServiceClient
	old     bool // an RNG from before CloseMany
	mu      sync.Mutex
	batches [][]string // CloseMany calls
	singles []string   // Close calls
}

func (r *closeRecorder) CloseMany(_ context.Context, req *connect.Request[rngv1.CloseManyRequest]) (*connect.Response[rngv1.CloseManyResponse], error) {
	if r.old {
		return nil, connect.NewError(connect.CodeUnimplemented, errors.New("rng.v1.RngService.CloseMany is not implemented"))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.batches = append(r.batches, slices.Clone(req.Msg.GetOutcomeIds()))
	res := &rngv1.CloseManyResponse{}
	for _, id := range req.Msg.GetOutcomeIds() {
		res.Results = append(res.Results, &rngv1.CloseResult{OutcomeId: id})
	}
	return connect.NewResponse(res), nil
}

func (r *closeRecorder) Close(_ context.Context, req *connect.Request[rngv1.CloseRequest]) (*connect.Response[rngv1.CloseResponse], error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.singles = append(r.singles, req.Msg.GetOutcomeId())
	return connect.NewResponse(&rngv1.CloseResponse{}), nil
}

func (r *closeRecorder) seen() (batches [][]string, singles []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.batches), slices.Clone(r.singles)
}

func closerService(rng *closeRecorder, delay time.Duration) *Service {
	return &Service{deps: Deps{RNG: rng}, opts: Options{CloseDelay: delay}, log: slog.New(slog.DiscardHandler),
		closes: make(chan pendingClose, 4096)}
}

func outcomes(prefix string, n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("%s-%d", prefix, i)
	}
	return ids
}

// Finished hands' outcomes queued together go to the RNG in one CloseMany,
// in order, at most 256 a call; what is queued when the loops stop is
// closed before closeLoop returns; and with no loop running an outcome is
// closed on its own, as before batching.
func TestOutcomesCloseInBatches(t *testing.T) {
	rng := &closeRecorder{}
	s := closerService(rng, time.Hour) // only a full batch or the stop sends
	ctx, cancel := context.WithCancel(context.Background())
	// Queued before the loop takes the first: the loop finds them all.
	s.batching.Store(true)
	first := outcomes("a", 300)
	for _, id := range first {
		s.closeOutcome(ctx, id)
	}
	done := make(chan struct{})
	go func() { s.closeLoop(ctx); close(done) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if b, _ := rng.seen(); len(b) == 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	// The remaining 44 wait for more, up to the delay: the stop sends them.
	cancel()
	<-done
	batches, singles := rng.seen()
	if len(singles) != 0 {
		t.Fatalf("closed on their own while batching: %v", singles)
	}
	if len(batches) != 2 || len(batches[0]) != rngMaxCloseMany || !slices.Equal(slices.Concat(batches...), first) {
		t.Fatalf("batches of %d outcomes: %d calls (%v...), want 256 then 44, in order", len(first), len(batches), lens(batches))
	}

	// No loop: each on its own.
	s.closeOutcome(context.Background(), "b-0")
	s.wg.Wait()
	if _, singles := rng.seen(); !slices.Equal(singles, []string{"b-0"}) {
		t.Fatalf("with no loop running: %v", singles)
	}
}

// An outcome waits at most the delay for company.
func TestOutcomeCloseWaitsOnlyTheDelay(t *testing.T) {
	rng := &closeRecorder{}
	s := closerService(rng, 20*time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.closeLoop(ctx)
	for !s.batching.Load() {
		time.Sleep(time.Millisecond)
	}
	s.closeOutcome(ctx, "c-0")
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, _ := rng.seen()
		if len(b) == 1 {
			if !slices.Equal(b[0], []string{"c-0"}) {
				t.Fatalf("batch %v", b[0])
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("a lone outcome was never closed")
		}
		time.Sleep(time.Millisecond)
	}
}

func lens(b [][]string) []int {
	n := make([]int, len(b))
	for i := range b {
		n[i] = len(b[i])
	}
	return n
}

// An RNG that predates CloseMany (a rolling upgrade) gets the batch's
// outcomes closed one at a time.
func TestOutcomesCloseOneByOneOnAnOlderRNG(t *testing.T) {
	rng := &closeRecorder{old: true}
	s := closerService(rng, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	s.batching.Store(true)
	ids := outcomes("d", 5)
	for _, id := range ids {
		s.closeOutcome(ctx, id)
	}
	cancel()
	s.closeLoop(ctx)
	if batches, singles := rng.seen(); len(batches) != 0 || !slices.Equal(singles, ids) {
		t.Fatalf("older RNG: batches %v, closes %v; want each of %v closed alone", batches, singles, ids)
	}
}
