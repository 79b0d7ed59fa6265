//go:build integration

package redisstore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng"
	"github.com/croupier/croupier/services/rng/audit"
	"github.com/croupier/croupier/services/rng/store"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/proof"
	"github.com/croupier/croupier/shared/redisconn"
	"github.com/croupier/croupier/shared/redisconn/rediscluster"
)

// TestMain puts the suite on a Redis Cluster of its own when
// CROUPIER_TEST_REDIS_CLUSTER=1 (make integration runs it so too).
func TestMain(m *testing.M) { os.Exit(rediscluster.Main(m)) }

// redisClient connects to the real Redis (CROUPIER_TEST_REDIS_ADDR,
// 127.0.0.1:6379 by default), or to the Redis Cluster of
// CROUPIER_TEST_REDIS_CLUSTER, and fails, never skips, when it is not
// there. Each test gets its own key prefix, deleted afterwards.
func redisClient(t *testing.T) (redis.UniversalClient, string) {
	t.Helper()
	conn := redisconn.Config{Addr: os.Getenv("CROUPIER_TEST_REDIS_ADDR")}
	if conn.Addr == "" {
		conn.Addr = "127.0.0.1:6379"
	}
	seeds, err := rediscluster.TestSeeds()
	if err != nil {
		t.Fatal(err)
	}
	if seeds != "" {
		conn = redisconn.Config{Addr: seeds, Cluster: true}
	}
	rdb, err := conn.Open(context.Background(), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "croupier-test:" + t.Name() + ":" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() {
		ctx := context.Background()
		// Every key of a store is in the {rng} slot: list them on its master.
		defer rdb.Close()
		var node redis.UniversalClient = rdb
		if cc, ok := rdb.(*redis.ClusterClient); ok {
			master, err := cc.MasterForKey(ctx, prefix+"{rng}:head")
			if err != nil {
				t.Errorf("cleanup: %v", err)
				return
			}
			node = master
		}
		keys, _ := node.Keys(ctx, prefix+"*").Result()
		if len(keys) > 0 {
			rdb.Del(ctx, keys...)
		}
	})
	return rdb, prefix
}

func newStore(t *testing.T, rdb redis.UniversalClient, cfg Config) *Store {
	t.Helper()
	s, err := New(rdb, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func entry(id, scope string) *store.Entry {
	o := &rngv1.Outcome{Id: id, Kind: rngv1.OutcomeKind_OUTCOME_KIND_DRAW, CreatedAt: timestamppb.Now(), N: 10, Values: []int32{3}}
	return &store.Entry{
		Reveal:           &rngv1.RevealResponse{Outcome: o, Salt: make([]byte, 32)},
		Record:           &rngv1.AuditRecord{OutcomeId: id, Kind: o.Kind, CreatedAt: o.CreatedAt, Context: &commonv1.Context{TableId: "t"}, Commitment: make([]byte, 32)},
		IdempotencyScope: scope,
		Fingerprint:      []byte("fp-" + scope),
	}
}

func readAll(t *testing.T, s *Store) []*rngv1.AuditRecord {
	t.Helper()
	var all []*rngv1.AuditRecord
	for from := uint64(1); ; {
		recs, _, err := s.Read(context.Background(), from, 7)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) == 0 {
			return all
		}
		all = append(all, recs...)
		from = recs[len(recs)-1].GetSeq() + 1
	}
}

// Several replicas (separate Store values and connections) append to one
// chain at the same time: every append lands exactly once, sequence numbers
// are contiguous and the hash chain verifies.
func TestConcurrentReplicasKeepOneChain(t *testing.T) {
	_, prefix := redisClient(t)
	const replicas, each = 4, 40
	var wg sync.WaitGroup
	for r := range replicas {
		rdb, _ := redisClient(t)
		s := newStore(t, rdb, Config{Prefix: prefix})
		wg.Go(func() {
			for i := range each {
				if _, _, err := s.Commit(context.Background(), entry(fmt.Sprintf("o-%d-%d", r, i), "")); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	rdb, _ := redisClient(t)
	s := newStore(t, rdb, Config{Prefix: prefix})
	all := readAll(t, s)
	if len(all) != replicas*each {
		t.Fatalf("%d records, want %d", len(all), replicas*each)
	}
	v := audit.NewVerifier(audit.Head{})
	ids := map[string]bool{}
	for _, rec := range all {
		if !v.Add(rec) {
			_, _, bad, reason, _ := v.Result()
			t.Fatalf("chain broken at %d: %s", bad, reason)
		}
		ids[rec.GetOutcomeId()] = true
	}
	if len(ids) != replicas*each {
		t.Fatalf("%d distinct outcomes, want %d", len(ids), replicas*each)
	}
}

// Concurrent retries with one idempotency key, on different replicas:
// one outcome is committed, every caller gets it back.
func TestIdempotencyAcrossReplicas(t *testing.T) {
	_, prefix := redisClient(t)
	var wg sync.WaitGroup
	got := make([]string, 8)
	fresh := make([]bool, 8)
	for i := range got {
		rdb, _ := redisClient(t)
		s := newStore(t, rdb, Config{Prefix: prefix})
		wg.Go(func() {
			existing, e, err := s.Commit(context.Background(), entry(fmt.Sprintf("o-%d", i), "service table\x00hand-9"))
			if err != nil {
				t.Error(err)
				return
			}
			got[i], fresh[i] = e.Record.GetOutcomeId(), !existing
		})
	}
	wg.Wait()
	committed := 0
	for i := range got {
		if got[i] != got[0] {
			t.Fatalf("callers got different outcomes: %v", got)
		}
		if fresh[i] {
			committed++
		}
	}
	if committed != 1 {
		t.Fatalf("%d commits for one key, want 1", committed)
	}
	rdb, _ := redisClient(t)
	s := newStore(t, rdb, Config{Prefix: prefix})
	if n := len(readAll(t, s)); n != 1 {
		t.Fatalf("%d records for one key", n)
	}
	e, err := s.Lookup(context.Background(), "service table\x00hand-9")
	if err != nil || e.Record.GetOutcomeId() != got[0] || string(e.Fingerprint) != "fp-service table\x00hand-9" {
		t.Fatalf("Lookup: %v %v", e, err)
	}
	if _, err := s.Lookup(context.Background(), "other"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown key: %v", err)
	}
	if _, err := s.Get(context.Background(), "o-none"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown id: %v", err)
	}
}

// The service on the Redis store end to end: outcomes reveal and verify,
// the log verifies, and deleting a stream entry behind the service's back
// is caught.
func TestServiceOnRedisDetectsDeletedRecord(t *testing.T) {
	rdb, prefix := redisClient(t)
	st := newStore(t, rdb, Config{Prefix: prefix, SealKey: make([]byte, 32)})
	svc, err := rng.New(rng.Config{Store: st, SelfTestShuffles: 2000})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var ids []string
	for i := range 5 {
		o, err := svc.Shuffle(ctx, &rngv1.ShuffleRequest{Decks: 8, IdempotencyKey: fmt.Sprintf("k%d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, o.GetId())
	}
	again, err := svc.Shuffle(ctx, &rngv1.ShuffleRequest{Decks: 8, IdempotencyKey: "k2"})
	if err != nil || again.GetId() != ids[2] {
		t.Fatalf("retry on Redis: %v %v", again.GetId(), err)
	}
	if _, err := svc.Close(ctx, &rngv1.CloseRequest{OutcomeId: ids[3]}); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Reveal(ctx, &rngv1.RevealRequest{OutcomeId: ids[3]})
	if err != nil {
		t.Fatal(err)
	}
	if err := proof.Verify(r); err != nil {
		t.Fatalf("reveal from Redis: %v", err)
	}
	res, err := svc.VerifyAudit(ctx, &rngv1.VerifyAuditRequest{})
	if err != nil || !res.GetOk() || res.GetRecordsChecked() != 5 {
		t.Fatalf("intact log: %v %v", res, err)
	}
	if err := rdb.XDel(ctx, prefix+"{rng}:audit", "3-0").Err(); err != nil {
		t.Fatal(err)
	}
	res, err = svc.VerifyAudit(ctx, &rngv1.VerifyAuditRequest{})
	if err != nil || res.GetOk() || res.GetFirstBadSeq() != 4 {
		t.Fatalf("deleted record 3: %v %v", res, err)
	}
}

// With a seal key, Redis holds no readable shoe: the stored reveal is
// AES-GCM ciphertext bound to its outcome id, and the service still
// reveals and verifies it.
func TestSealedRevealsHideTheShoe(t *testing.T) {
	rdb, prefix := redisClient(t)
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	st := newStore(t, rdb, Config{Prefix: prefix, SealKey: key})
	svc, err := rng.New(rng.Config{Store: st, SelfTestShuffles: 2000})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	o, err := svc.Shuffle(ctx, &rngv1.ShuffleRequest{Decks: 1})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := rdb.HGet(ctx, prefix+"{rng}:outcome:"+o.GetId(), "reveal").Bytes()
	if err != nil {
		t.Fatal(err)
	}
	var probe rngv1.RevealResponse
	if proto.Unmarshal(raw, &probe) == nil && len(probe.GetOutcome().GetCards()) == 52 {
		t.Fatal("the stored reveal decodes without the key")
	}
	if _, err := svc.Close(ctx, &rngv1.CloseRequest{OutcomeId: o.GetId()}); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Reveal(ctx, &rngv1.RevealRequest{OutcomeId: o.GetId()})
	if err != nil {
		t.Fatal(err)
	}
	if err := proof.Verify(r); err != nil {
		t.Fatal(err)
	}
	// A sealed reveal copied under another outcome's key does not open.
	if err := rdb.HSet(ctx, prefix+"{rng}:outcome:o-other", "reveal", raw, "record", "").Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Get(ctx, "o-other"); err == nil {
		t.Fatal("a sealed reveal opened under another id")
	}
	other := newStore(t, rdb, Config{Prefix: prefix, SealKey: make([]byte, 32)})
	if _, err := other.Get(ctx, o.GetId()); err == nil {
		t.Fatal("a sealed reveal opened with another key")
	}
}

// Issue 11: on Redis, a live outcome is not revealed; Close is the
// owner's, once (a second close keeps the first closure), and survives in
// the store for every replica.
func TestCloseOnRedisOnceAndForAll(t *testing.T) {
	rdb, prefix := redisClient(t)
	st := newStore(t, rdb, Config{Prefix: prefix})
	svc, err := rng.New(rng.Config{Store: st, SelfTestShuffles: 2000})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	o, err := svc.Shuffle(ctx, &rngv1.ShuffleRequest{Decks: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reveal(ctx, &rngv1.RevealRequest{OutcomeId: o.GetId()}); apierr.Reason(err) != "OUTCOME_OPEN" {
		t.Fatalf("reveal of a live shoe: %v", err)
	}
	first, err := svc.Close(ctx, &rngv1.CloseRequest{OutcomeId: o.GetId()})
	if err != nil || first.GetAlreadyClosed() {
		t.Fatalf("close: %v %v", first, err)
	}
	again, err := svc.Close(ctx, &rngv1.CloseRequest{OutcomeId: o.GetId()})
	if err != nil || !again.GetAlreadyClosed() || !again.GetClosedAt().AsTime().Equal(first.GetClosedAt().AsTime()) {
		t.Fatalf("second close: %v %v", again, err)
	}
	other, err := rng.New(rng.Config{Store: newStore(t, rdb, Config{Prefix: prefix}), SelfTestShuffles: -1})
	if err != nil {
		t.Fatal(err)
	}
	r, err := other.Reveal(ctx, &rngv1.RevealRequest{OutcomeId: o.GetId()})
	if err != nil {
		t.Fatalf("another replica's reveal of the closed shoe: %v", err)
	}
	if err := proof.Verify(r); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Close(ctx, "o-nope", store.Closure{At: time.Now(), By: "x"}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("close of an unknown outcome: %v", err)
	}
}
