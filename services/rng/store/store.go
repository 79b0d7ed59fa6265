// Package store is where the RNG keeps what it must remember: the audit log
// and, for every outcome, what Reveal returns (the outcome, its salt and its
// canonical encoding) and whether its owner closed it, plus the idempotency
// keys that let a retry get the
// same outcome back. Memory is the dev-stack store; package redisstore is
// the production one. Both append under a compare-and-set on the chain's
// head, so any number of RNG replicas can share one log.
package store

import (
	"context"
	"errors"
	"sync"
	"time"

	"google.golang.org/protobuf/proto"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng/audit"
)

// ErrNotFound is returned for an unknown outcome id.
var ErrNotFound = errors.New("outcome not found")

// Entry is one committed outcome. Entries are immutable once committed:
// stores may hand the same Entry to several callers, so nobody modifies one.
type Entry struct {
	// Reveal is what Reveal returns: outcome (with commitment), salt and
	// canonical encoding.
	Reveal *rngv1.RevealResponse
	// Record is the outcome's audit record (seq, hashes set by Commit).
	Record *rngv1.AuditRecord
	// IdempotencyScope is the caller-scoped idempotency key ("" = none).
	IdempotencyScope string
	// Fingerprint identifies the request, so that an idempotency key reused
	// for a different request is told apart from a retry.
	Fingerprint []byte
	// Closed is set once the outcome's owner closed it (Get fills it in; the
	// rest of the entry never changes).
	Closed *Closure
}

// Closure is when and by whom an outcome was closed.
type Closure struct {
	At time.Time
	By string
}

// Store keeps the log and the outcomes.
type Store interface {
	// Lookup returns the entry committed under an idempotency scope, or
	// ErrNotFound.
	Lookup(ctx context.Context, scope string) (*Entry, error)
	// Commit seals e.Record onto the end of the chain, stores the entry and
	// claims its idempotency scope, atomically. If the scope was already
	// claimed, nothing is written and the earlier entry is returned with
	// existing = true.
	Commit(ctx context.Context, e *Entry) (existing bool, committed *Entry, err error)
	// Get returns the entry of an outcome id, or ErrNotFound.
	Get(ctx context.Context, outcomeID string) (*Entry, error)
	// Read returns up to limit records from seq from on, and the last seq.
	Read(ctx context.Context, from uint64, limit int) ([]*rngv1.AuditRecord, uint64, error)
	// Close records that outcome id is closed, unless it already is, and
	// returns the closure in force (existing = true if it was closed
	// before), or ErrNotFound.
	Close(ctx context.Context, id string, c Closure) (got Closure, existing bool, err error)
}

// Memory is an in-process Store for the dev stack and tests. Its data goes
// when the process does.
type Memory struct {
	mu      sync.Mutex
	head    audit.Head
	records []*rngv1.AuditRecord // records[i].Seq == i+1
	byID    map[string]*Entry
	byScope map[string]*Entry
	closed  map[string]Closure
}

// NewMemory returns an empty in-memory store.
func NewMemory() *Memory {
	return &Memory{byID: map[string]*Entry{}, byScope: map[string]*Entry{}, closed: map[string]Closure{}}
}

// Lookup implements Store.
func (m *Memory) Lookup(_ context.Context, scope string) (*Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e, ok := m.byScope[scope]; ok && scope != "" {
		return e, nil
	}
	return nil, ErrNotFound
}

// Commit implements Store. It keeps e itself (sealing e.Record), which the
// caller hands over and must not modify afterwards.
func (m *Memory) Commit(_ context.Context, e *Entry) (bool, *Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e.IdempotencyScope != "" {
		if old, ok := m.byScope[e.IdempotencyScope]; ok {
			return true, old, nil
		}
	}
	m.head = audit.Seal(m.head, e.Record)
	m.records = append(m.records, e.Record)
	m.byID[e.Record.GetOutcomeId()] = e
	if e.IdempotencyScope != "" {
		m.byScope[e.IdempotencyScope] = e
	}
	return false, e, nil
}

// Get implements Store.
func (m *Memory) Get(_ context.Context, id string) (*Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e, ok := m.byID[id]; ok {
		if c, ok := m.closed[id]; ok {
			cp := *e
			cp.Closed = &c
			return &cp, nil
		}
		return e, nil
	}
	return nil, ErrNotFound
}

// Close implements Store.
func (m *Memory) Close(_ context.Context, id string, c Closure) (Closure, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.byID[id]; !ok {
		return Closure{}, false, ErrNotFound
	}
	if old, ok := m.closed[id]; ok {
		return old, true, nil
	}
	m.closed[id] = c
	return c, false, nil
}

// Read implements Store.
func (m *Memory) Read(_ context.Context, from uint64, limit int) ([]*rngv1.AuditRecord, uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if from == 0 {
		from = 1
	}
	var out []*rngv1.AuditRecord
	for i := from - 1; i < uint64(len(m.records)) && len(out) < limit; i++ {
		out = append(out, proto.Clone(m.records[i]).(*rngv1.AuditRecord))
	}
	return out, m.head.Seq, nil
}

// Tamper gives tests direct access to the stored records, to show that
// verification catches changes made behind the store's back.
func (m *Memory) Tamper(f func(records []*rngv1.AuditRecord) []*rngv1.AuditRecord) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.records = f(m.records)
}
