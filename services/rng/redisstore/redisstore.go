// Package redisstore is the production store of the RNG: the audit log is a
// Redis stream, each outcome's reveal data a hash, each idempotency key a
// string with a TTL. Every key shares one hash tag, so the whole log lives
// in one Redis Cluster slot and one Lua script can append atomically.
//
// Several RNG replicas append to the same chain. An append reads the head
// (last seq and hash), seals the record on top of it, and runs a script
// that writes only if the head is still the one it read (compare-and-set);
// a replica that lost the race reads the new head and tries again.
package redisstore

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"google.golang.org/protobuf/proto"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng/audit"
	"github.com/croupier/croupier/services/rng/store"
)

// Config configures a Store.
type Config struct {
	// Prefix starts every key ("croupier:rng:"); tests use one per test.
	Prefix string
	// IdempotencyTTL is how long an idempotency key is remembered
	// (24h if zero). The outcomes themselves are kept for good.
	IdempotencyTTL time.Duration
	// MaxAttempts bounds compare-and-set retries under contention (100 if 0).
	MaxAttempts int
	// SealKey, when set (32 bytes), seals every stored reveal (the outcome,
	// its salt and encoding) with AES-256-GCM before it reaches Redis, so
	// read access to Redis does not show a shoe before its hand is played.
	// The audit stream holds only commitments and needs no sealing.
	SealKey []byte
}

// Store is a store.Store on Redis.
type Store struct {
	rdb         redis.UniversalClient
	head        string
	stream      string
	outcomePfx  string
	idemPfx     string
	ttl         time.Duration
	maxAttempts int
	aead        cipher.AEAD
}

var _ store.Store = (*Store)(nil)

// New returns a Store using rdb.
func New(rdb redis.UniversalClient, cfg Config) (*Store, error) {
	if cfg.IdempotencyTTL == 0 {
		cfg.IdempotencyTTL = 24 * time.Hour
	}
	if cfg.MaxAttempts == 0 {
		cfg.MaxAttempts = 100
	}
	base := cfg.Prefix + "{rng}:"
	s := &Store{
		rdb: rdb, head: base + "head", stream: base + "audit",
		outcomePfx: base + "outcome:", idemPfx: base + "idem:",
		ttl: cfg.IdempotencyTTL, maxAttempts: cfg.MaxAttempts,
	}
	if cfg.SealKey != nil {
		if len(cfg.SealKey) != 32 {
			return nil, fmt.Errorf("redisstore: seal key is %d bytes, want 32", len(cfg.SealKey))
		}
		block, err := aes.NewCipher(cfg.SealKey)
		if err != nil {
			return nil, fmt.Errorf("redisstore: seal key: %w", err)
		}
		if s.aead, err = cipher.NewGCM(block); err != nil {
			return nil, fmt.Errorf("redisstore: seal key: %w", err)
		}
	}
	return s, nil
}

// seal encrypts a reveal for outcome id (the id is the associated data, so
// a sealed reveal cannot be moved to another outcome's key).
func (s *Store) seal(id string, plain []byte) ([]byte, error) {
	if s.aead == nil {
		return plain, nil
	}
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(plain)+s.aead.Overhead())
	if _, err := crand.Read(nonce); err != nil {
		return nil, err
	}
	return s.aead.Seal(nonce, nonce, plain, []byte(id)), nil
}

func (s *Store) open(id string, sealed []byte) ([]byte, error) {
	if s.aead == nil {
		return sealed, nil
	}
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return nil, errors.New("sealed reveal too short")
	}
	return s.aead.Open(nil, sealed[:n], sealed[n:], []byte(id))
}

// commitScript appends one record if the head is unchanged, and claims the
// idempotency key if it is still free.
//
//	KEYS: head, stream, outcome, idem
//	ARGV: expected seq, expected hash, new seq, new hash, record, reveal,
//	      fingerprint, scope, use idem (1/0), idem ttl ms, outcome id
var commitScript = redis.NewScript(`
if ARGV[9] == '1' then
  local id = redis.call('GET', KEYS[4])
  if id then return {'EXISTS', id} end
end
local seq = redis.call('HGET', KEYS[1], 'seq') or '0'
local hash = redis.call('HGET', KEYS[1], 'hash') or ''
if seq ~= ARGV[1] or hash ~= ARGV[2] then return {'CONFLICT', seq} end
redis.call('XADD', KEYS[2], ARGV[3] .. '-0', 'record', ARGV[5])
redis.call('HSET', KEYS[1], 'seq', ARGV[3], 'hash', ARGV[4])
redis.call('HSET', KEYS[3], 'reveal', ARGV[6], 'record', ARGV[5], 'fp', ARGV[7], 'scope', ARGV[8])
if ARGV[9] == '1' then
  redis.call('SET', KEYS[4], ARGV[11], 'PX', ARGV[10])
end
return {'OK', ARGV[3]}
`)

func (s *Store) idemKey(scope string) string {
	sum := sha256.Sum256([]byte(scope))
	return s.idemPfx + hex.EncodeToString(sum[:])
}

func (s *Store) readHead(ctx context.Context) (audit.Head, error) {
	vals, err := s.rdb.HMGet(ctx, s.head, "seq", "hash").Result()
	if err != nil {
		return audit.Head{}, fmt.Errorf("redisstore: read head: %w", err)
	}
	var h audit.Head
	if v, ok := vals[0].(string); ok {
		if h.Seq, err = strconv.ParseUint(v, 10, 64); err != nil {
			return audit.Head{}, fmt.Errorf("redisstore: head seq %q: %w", v, err)
		}
	}
	if v, ok := vals[1].(string); ok {
		h.Hash = []byte(v)
	}
	return h, nil
}

// Lookup implements store.Store.
func (s *Store) Lookup(ctx context.Context, scope string) (*store.Entry, error) {
	if scope == "" {
		return nil, store.ErrNotFound
	}
	id, err := s.rdb.Get(ctx, s.idemKey(scope)).Result()
	if errors.Is(err, redis.Nil) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("redisstore: lookup: %w", err)
	}
	return s.Get(ctx, id)
}

// Commit implements store.Store.
func (s *Store) Commit(ctx context.Context, e *store.Entry) (bool, *store.Entry, error) {
	id := e.Record.GetOutcomeId()
	plain, err := proto.Marshal(e.Reveal)
	if err != nil {
		return false, nil, fmt.Errorf("redisstore: encode reveal: %w", err)
	}
	reveal, err := s.seal(id, plain)
	if err != nil {
		return false, nil, fmt.Errorf("redisstore: seal reveal: %w", err)
	}
	useIdem := "0"
	if e.IdempotencyScope != "" {
		useIdem = "1"
	}
	keys := []string{s.head, s.stream, s.outcomePfx + id, s.idemKey(e.IdempotencyScope)}
	for attempt := 0; attempt < s.maxAttempts; attempt++ {
		head, err := s.readHead(ctx)
		if err != nil {
			return false, nil, err
		}
		rec := proto.Clone(e.Record).(*rngv1.AuditRecord)
		next := audit.Seal(head, rec)
		recBytes, err := proto.Marshal(rec)
		if err != nil {
			return false, nil, fmt.Errorf("redisstore: encode record: %w", err)
		}
		expHash := ""
		if head.Seq > 0 {
			expHash = string(head.Hash)
		}
		res, err := commitScript.Run(ctx, s.rdb, keys,
			strconv.FormatUint(head.Seq, 10), expHash, strconv.FormatUint(next.Seq, 10), string(next.Hash),
			recBytes, reveal, e.Fingerprint, e.IdempotencyScope, useIdem, s.ttl.Milliseconds(), id,
		).StringSlice()
		if err != nil {
			return false, nil, fmt.Errorf("redisstore: commit: %w", err)
		}
		switch res[0] {
		case "OK":
			out := *e
			out.Record = rec
			return false, &out, nil
		case "EXISTS":
			old, err := s.Get(ctx, res[1])
			if err != nil {
				return false, nil, fmt.Errorf("redisstore: idempotent entry %s: %w", res[1], err)
			}
			return true, old, nil
		}
		// Another replica appended first: back off a little and retry on
		// the new head.
		select {
		case <-ctx.Done():
			return false, nil, ctx.Err()
		case <-time.After(time.Duration(rand.IntN(500)) * time.Microsecond):
		}
	}
	return false, nil, fmt.Errorf("redisstore: commit: head kept moving after %d attempts", s.maxAttempts)
}

// closeScript marks an outcome closed once.
//
//	KEYS: outcome
//	ARGV: closed_at (Unix ns), closed_by
var closeScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOT_FOUND'} end
local at = redis.call('HGET', KEYS[1], 'closed_at')
if at then return {'EXISTS', at, redis.call('HGET', KEYS[1], 'closed_by') or ''} end
redis.call('HSET', KEYS[1], 'closed_at', ARGV[1], 'closed_by', ARGV[2])
return {'OK', ARGV[1], ARGV[2]}
`)

// Close implements store.Store.
func (s *Store) Close(ctx context.Context, id string, c store.Closure) (store.Closure, bool, error) {
	res, err := closeScript.Run(ctx, s.rdb, []string{s.outcomePfx + id}, strconv.FormatInt(c.At.UnixNano(), 10), c.By).StringSlice()
	if err != nil {
		return store.Closure{}, false, fmt.Errorf("redisstore: close %s: %w", id, err)
	}
	if res[0] == "NOT_FOUND" {
		return store.Closure{}, false, store.ErrNotFound
	}
	got, err := closure(res[1], res[2])
	if err != nil {
		return store.Closure{}, false, fmt.Errorf("redisstore: close %s: %w", id, err)
	}
	return got, res[0] == "EXISTS", nil
}

func closure(at, by string) (store.Closure, error) {
	ns, err := strconv.ParseInt(at, 10, 64)
	if err != nil {
		return store.Closure{}, fmt.Errorf("closed_at %q: %w", at, err)
	}
	return store.Closure{At: time.Unix(0, ns).UTC(), By: by}, nil
}

// Get implements store.Store.
func (s *Store) Get(ctx context.Context, id string) (*store.Entry, error) {
	vals, err := s.rdb.HGetAll(ctx, s.outcomePfx+id).Result()
	if err != nil {
		return nil, fmt.Errorf("redisstore: get %s: %w", id, err)
	}
	if len(vals) == 0 {
		return nil, store.ErrNotFound
	}
	e := &store.Entry{Reveal: &rngv1.RevealResponse{}, Record: &rngv1.AuditRecord{}, IdempotencyScope: vals["scope"], Fingerprint: []byte(vals["fp"])}
	plain, err := s.open(id, []byte(vals["reveal"]))
	if err != nil {
		return nil, fmt.Errorf("redisstore: open reveal %s: %w", id, err)
	}
	if err := proto.Unmarshal(plain, e.Reveal); err != nil {
		return nil, fmt.Errorf("redisstore: decode reveal %s: %w", id, err)
	}
	if err := proto.Unmarshal([]byte(vals["record"]), e.Record); err != nil {
		return nil, fmt.Errorf("redisstore: decode record %s: %w", id, err)
	}
	if at, ok := vals["closed_at"]; ok {
		c, err := closure(at, vals["closed_by"])
		if err != nil {
			return nil, fmt.Errorf("redisstore: %s: %w", id, err)
		}
		e.Closed = &c
	}
	return e, nil
}

// Read implements store.Store.
func (s *Store) Read(ctx context.Context, from uint64, limit int) ([]*rngv1.AuditRecord, uint64, error) {
	if from == 0 {
		from = 1
	}
	msgs, err := s.rdb.XRangeN(ctx, s.stream, strconv.FormatUint(from, 10)+"-0", "+", int64(limit)).Result()
	if err != nil {
		return nil, 0, fmt.Errorf("redisstore: read: %w", err)
	}
	out := make([]*rngv1.AuditRecord, 0, len(msgs))
	for _, m := range msgs {
		raw, _ := m.Values["record"].(string)
		r := &rngv1.AuditRecord{}
		if err := proto.Unmarshal([]byte(raw), r); err != nil {
			return nil, 0, fmt.Errorf("redisstore: decode record %s: %w", m.ID, err)
		}
		out = append(out, r)
	}
	head, err := s.readHead(ctx)
	if err != nil {
		return nil, 0, err
	}
	return out, head.Seq, nil
}

// Keys returns the keys the store uses under its prefix, for operators
// and tests ("SCAN MATCH").
func (s *Store) Keys() string { return strings.TrimSuffix(s.head, "head") + "*" }
