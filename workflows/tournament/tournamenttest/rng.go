package tournamenttest

import (
	"context"
	"hash/fnv"
	"math/rand/v2"
	"sync"
)

// RNG draws k distinct values of [0, n), the same for the same key (as the
// RNG service answers a retried key with its first outcome).
type RNG struct {
	mu    sync.Mutex
	Seed  uint64
	Calls int
}

// Draw implements tournament.RNG.
func (g *RNG) Draw(_ context.Context, n, k int, key, _ string) ([]int32, error) {
	g.mu.Lock()
	g.Calls++
	g.mu.Unlock()
	h := fnv.New64a()
	h.Write([]byte(key))
	r := rand.New(rand.NewPCG(g.Seed, h.Sum64()))
	perm := r.Perm(n)
	out := make([]int32, k)
	for i := range out {
		out[i] = int32(perm[i])
	}
	return out, nil
}
