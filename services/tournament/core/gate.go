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
	n  int
	mu sync.Mutex
	// slots holds a tournament's tokens; users counts the callers holding
	// or waiting for one, so the entry goes with the last.
	slots map[string]chan struct{}
	users map[string]int
}

func newGate(n int) *gate {
	if n <= 0 {
		n = DefaultUpdatesInFlight
	}
	return &gate{n: n, slots: map[string]chan struct{}{}, users: map[string]int{}}
}

// enter waits for one of the tournament's slots, or for ctx. The func it
// returns gives the slot back.
func (g *gate) enter(ctx context.Context, id string) (func(), error) {
	g.mu.Lock()
	c := g.slots[id]
	if c == nil {
		c = make(chan struct{}, g.n)
		g.slots[id] = c
	}
	g.users[id]++
	g.mu.Unlock()
	select {
	case c <- struct{}{}:
		return func() { <-c; g.leave(id) }, nil
	case <-ctx.Done():
		g.leave(id)
		return nil, ctx.Err()
	}
}

func (g *gate) leave(id string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.users[id]--; g.users[id] == 0 {
		delete(g.users, id)
		delete(g.slots, id)
	}
}
