package core

import (
	"context"
	"sync"
)

// DefaultUpdatesInFlight is how many updates a replica sends one
// tournament at a time when Config.UpdatesInFlight is zero: the chart's
// two replicas then stay within the 10 that Temporal admits a workflow by
// default (history.maxInFlightUpdates). An update takes a wallet call or
// two, so five still carry a burst of registrations at tens a second.
const DefaultUpdatesInFlight = 5

// gate bounds the updates in flight per tournament. Past Temporal's limit
// an update is refused with RESOURCE_EXHAUSTED, which the SDK retries
// with a growing backoff for up to a minute: in a burst of registrations
// the update that backs off keeps losing its place to newer ones and can
// fail (an end-to-end run under -race did). Waiting here serves them in
// turn instead.
type gate struct {
	n     int
	mu    sync.Mutex
	slots map[string]*slots
}

// slots are one tournament's tokens and the callers holding or waiting for
// one: the entry goes with the last of them.
type slots struct {
	tokens chan struct{}
	users  int
}

func newGate(n int) *gate {
	if n <= 0 {
		n = DefaultUpdatesInFlight
	}
	return &gate{n: n, slots: map[string]*slots{}}
}

// enter waits for one of the tournament's slots, or for ctx. The func it
// returns gives the slot back.
func (g *gate) enter(ctx context.Context, id string) (func(), error) {
	g.mu.Lock()
	s := g.slots[id]
	if s == nil {
		s = &slots{tokens: make(chan struct{}, g.n)}
		g.slots[id] = s
	}
	s.users++
	g.mu.Unlock()
	select {
	case s.tokens <- struct{}{}:
		return func() { <-s.tokens; g.leave(id, s) }, nil
	case <-ctx.Done():
		g.leave(id, s)
		return nil, ctx.Err()
	}
}

func (g *gate) leave(id string, s *slots) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if s.users--; s.users == 0 {
		delete(g.slots, id)
	}
}
