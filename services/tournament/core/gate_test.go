package core

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/croupier/croupier/services/tournament/core/coretest"
	"github.com/croupier/croupier/workflows/tournament"
)

// heldUpdates is the fake Temporal with UpdateWorkflow held open until
// release is closed, counting the calls in flight per tournament.
type heldUpdates struct {
	*coretest.Temporal
	release chan struct{}
	mu      sync.Mutex
	now     map[string]int
	peak    map[string]int
}

func (h *heldUpdates) UpdateWorkflow(ctx context.Context, opts client.UpdateWorkflowOptions) (client.WorkflowUpdateHandle, error) {
	h.mu.Lock()
	h.now[opts.WorkflowID]++
	h.peak[opts.WorkflowID] = max(h.peak[opts.WorkflowID], h.now[opts.WorkflowID])
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		h.now[opts.WorkflowID]--
		h.mu.Unlock()
	}()
	select {
	case <-h.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return h.Temporal.UpdateWorkflow(ctx, opts)
}

func (h *heldUpdates) inFlight(id string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.now[id]
}

// A burst of registrations to one tournament keeps at most UpdatesInFlight
// of its updates at Temporal at a time (Temporal refuses more than 10 a
// workflow); every one of them is still carried out, another tournament's
// updates do not wait behind the burst, and a caller who leaves while
// waiting gets his context's error and takes no slot.
func TestUpdatesInFlightPerTournamentAreBounded(t *testing.T) {
	h := &heldUpdates{Temporal: coretest.NewTemporal(), release: make(chan struct{}), now: map[string]int{}, peak: map[string]int{}}
	s := New(h, Config{UpdatesInFlight: 4})
	var wg sync.WaitGroup
	var failed atomic.Int64
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := tournament.PlayerIn{Partner: "p1", Player: fmt.Sprintf("u%02d", i)}
			if _, err := s.Register(context.Background(), "tour-a", p, "k"); err != nil {
				failed.Add(1)
				t.Errorf("register %s: %v", p.Player, err)
			}
		}()
	}
	waitFor(t, "four of tour-a's updates at Temporal", func() bool { return h.inFlight("tour-a") == 4 })

	// Another tournament is not behind tour-a's queue.
	other := make(chan error, 1)
	go func() { other <- s.Pause(context.Background(), "tour-b", "break") }()
	waitFor(t, "tour-b's update at Temporal", func() bool { return h.inFlight("tour-b") == 1 })

	// A caller who gives up while waiting for a slot.
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error, 1)
	go func() {
		_, err := s.Register(ctx, "tour-a", tournament.PlayerIn{Partner: "p1", Player: "leaver"}, "k")
		gaveUp <- err
	}()
	time.Sleep(20 * time.Millisecond)
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Errorf("a caller who left while waiting: %v, want context.Canceled", err)
	}

	close(h.release)
	wg.Wait()
	if err := <-other; err != nil {
		t.Errorf("tour-b: %v", err)
	}
	if got := h.peak["tour-a"]; got != 4 {
		t.Errorf("tour-a had %d updates at Temporal at once, want 4", got)
	}
	var registered int
	for _, u := range h.Updates {
		if u.WorkflowID == "tour-a" && u.UpdateName == tournament.UpdateRegister {
			registered++
		}
	}
	if registered != 30 || failed.Load() != 0 {
		t.Errorf("%d registrations reached Temporal, %d failed; want 30 and 0", registered, failed.Load())
	}
	s.gates.mu.Lock()
	defer s.gates.mu.Unlock()
	if len(s.gates.slots) != 0 {
		t.Errorf("the gate kept %d tournaments' slots after the last caller left", len(s.gates.slots))
	}
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}
