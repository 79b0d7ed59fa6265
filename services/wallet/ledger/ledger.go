package ledger

import (
	"context"
	"sync"
	"time"

	"go.opentelemetry.io/otel/metric"
)

// Limits on requests.
const (
	// MaxAmount bounds one movement so no balance can overflow int64.
	MaxAmount = 1_000_000_000_000_000
	// MaxBatch is the most legs in one batch.
	MaxBatch = 100
	// MaxHoldPosts is the most holds one PostHolds call posts.
	MaxHoldPosts = 1000
	// MaxHoldTTL is the longest a hold may stay pending.
	MaxHoldTTL = 24 * time.Hour
	// MaxPage is the largest statement page.
	MaxPage = 1000
	// DefaultPage is the statement page size when none is asked for.
	DefaultPage = 100
	maxNote     = 512
)

// Options configures a Ledger.
type Options struct {
	// Now is the clock (time.Now when nil). Tests inject one to make hold
	// expiry deterministic.
	Now func() time.Time
	// Meter creates the ledger's instruments (metrics.go); none when nil.
	Meter metric.Meter
}

// Ledger is the wallet core.
type Ledger struct {
	store Store
	now   func() time.Time
	info  *accountCache
	m     *metrics
}

// New returns a Ledger over store.
func New(store Store, opts Options) *Ledger {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	// The names are constants (covered by the tests); for a bad one the SDK
	// reports through otel's error handler and still returns a working
	// instrument, so the error adds nothing here.
	m, _ := newMetrics(opts.Meter)
	return &Ledger{store: store, now: now, info: newAccountCache(100_000), m: m}
}

// Now returns the ledger's clock reading, truncated to the microseconds the
// store keeps.
func (l *Ledger) Now() time.Time { return l.now().UTC().Truncate(time.Microsecond) }

// account returns the immutable part of an account (kind, owner, partner,
// currency) from the cache, loading it once. Balances read from it are stale
// and never used for decisions; the store checks balances under its lock.
func (l *Ledger) account(ctx context.Context, id int64) (Account, error) {
	if a, ok := l.info.get(id); ok {
		return a, nil
	}
	a, err := l.store.Account(ctx, id)
	if err != nil {
		return Account{}, err
	}
	l.info.put(a)
	return a, nil
}

// accountCache keeps the immutable attributes of accounts so the checks of a
// transfer cost no database round trip.
type accountCache struct {
	mu  sync.RWMutex
	max int
	m   map[int64]Account
}

func newAccountCache(max int) *accountCache {
	return &accountCache{max: max, m: map[int64]Account{}}
}

func (c *accountCache) get(id int64) (Account, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	a, ok := c.m[id]
	return a, ok
}

func (c *accountCache) put(a Account) {
	a.Balance, a.Held = 0, 0
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[a.ID] = a
}
