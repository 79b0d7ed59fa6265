package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/croupier/croupier/services/table/seal"
)

func testSealer(t testing.TB) *seal.Sealer {
	s, err := seal.New(bytes.Repeat([]byte{7}, seal.KeySize))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func miniStore(t testing.TB) (*Store, *miniredis.Miniredis) {
	t.Helper()
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { rdb.Close() })
	return New(rdb, testSealer(t), Config{Prefix: "test:", LogLength: 50}), mr
}

// newest is the id of a table's newest log entry ("" for none).
func newest(ctx context.Context, s *Store, id string) string {
	m, _ := s.rdb.XRevRangeN(ctx, s.key(id, "log"), "+", "-", 1).Result()
	if len(m) == 0 {
		return ""
	}
	return m[0].ID
}

func TestStoreOnMiniredis(t *testing.T) {
	exerciseStore(t, func(t *testing.T) *Store { s, _ := miniStore(t); return s })
}

// exerciseStore runs the store's contract against a Redis (miniredis here,
// the real server in the integration suite).
func exerciseStore(t *testing.T, open func(t *testing.T) *Store) {
	ctx := context.Background()
	t.Run("create, commit, load", func(t *testing.T) {
		s := open(t)
		if err := s.Load(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.Create(ctx, "t1", 0, []byte("snap0")); err != nil {
			t.Fatal(err)
		}
		if err := s.Create(ctx, "t1", 0, []byte("again")); !errors.Is(err, ErrExists) {
			t.Fatalf("second create: %v", err)
		}
		head, late := "", ""
		for v := uint64(0); v < 5; v++ {
			c := Commit{Table: "t1", Version: v, Head: head, Command: []byte(fmt.Sprint("cmd", v+1))}
			if v == 2 {
				c.Snapshot = []byte("snap3")
				c.Hand, c.HandID = []byte("hand record"), "t1-1"
			}
			res, err := s.Commit(ctx, c)
			if err != nil {
				t.Fatal(err)
			}
			if v == 3 {
				late = head
			}
			head = res.LogID
		}
		if _, err := s.Commit(ctx, Commit{Table: "t1", Version: 3, Head: late, Command: []byte("late")}); !errors.Is(err, ErrConflict) {
			t.Fatalf("stale commit: %v", err)
		}
		if _, err := s.Commit(ctx, Commit{Table: "nope", Version: 0, Command: []byte("x")}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("commit to a missing table: %v", err)
		}
		snap, err := s.LoadTable(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		if snap.Version != 3 || string(snap.Data) != "snap3" || len(snap.Entries) != 2 ||
			snap.Entries[0].Version != 4 || string(snap.Entries[1].Command) != "cmd5" {
			t.Fatalf("loaded %+v", snap)
		}
		if v, err := s.Version(ctx, "t1"); err != nil || v != 5 {
			t.Fatalf("version %d %v", v, err)
		}
		if vs, err := s.Versions(ctx, []string{"nope", "t1"}); err != nil || len(vs) != 2 || vs[0] != 0 || vs[1] != 5 {
			t.Fatalf("versions %v %v", vs, err)
		}
		h, err := s.Hand(ctx, "t1", "t1-1")
		if err != nil || string(h) != "hand record" {
			t.Fatalf("hand %q %v", h, err)
		}
		ids, _ := s.RecentHands(ctx, "t1", 10)
		if len(ids) != 1 || ids[0] != "t1-1" {
			t.Fatalf("recent %v", ids)
		}
		if _, err := s.LoadTable(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("load missing: %v", err)
		}
	})
	t.Run("hand serials are unique across stores and goroutines", func(t *testing.T) {
		// Two replicas' stores on one Redis: every number once, and each
		// replica's own numbers increasing (issue 21: tracking tools
		// de-duplicate hands on the number).
		a := open(t)
		b := New(a.Client(), a.seal, a.cfg)
		const each = 200
		seen := make(chan uint64, 4*each)
		var wg sync.WaitGroup
		for _, s := range []*Store{a, a, b, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var last uint64
				for range each {
					n, err := s.NextHandSerial(ctx)
					if err != nil || n <= last {
						t.Errorf("serial %d after %d: %v", n, last, err)
						return
					}
					last = n
					seen <- n
				}
			}()
		}
		wg.Wait()
		close(seen)
		got := map[uint64]bool{}
		for n := range seen {
			if got[n] {
				t.Fatalf("serial %d given twice", n)
			}
			got[n] = true
		}
		if len(got) != 4*each {
			t.Fatalf("%d serials, want %d", len(got), 4*each)
		}
	})
	t.Run("hand serials come in blocks", func(t *testing.T) {
		// Each store takes SerialBlock numbers with one INCRBY: a's first
		// three, then b's, then a's next block once a's is used up.
		a0 := open(t)
		cfg := a0.cfg
		cfg.SerialBlock = 3
		a, b := New(a0.Client(), a0.seal, cfg), New(a0.Client(), a0.seal, cfg)
		var got []uint64
		for _, s := range []*Store{a, b, a, a, b, a} {
			n, err := s.NextHandSerial(ctx)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, n)
		}
		if want := []uint64{1, 4, 2, 3, 5, 7}; !slices.Equal(got, want) {
			t.Fatalf("serials %v, want %v", got, want)
		}
		// A replica of before (one INCR a hand) shares the counter.
		n, err := a.Client().Incr(ctx, cfg.Prefix+"hand-serial").Uint64()
		if err != nil || n != 10 {
			t.Fatalf("an INCR after the blocks gave %d (%v), want 10", n, err)
		}
		if n, err := b.NextHandSerial(ctx); err != nil || n != 6 {
			t.Fatalf("b's last of its block: %d %v, want 6", n, err)
		}
		if n, err := b.NextHandSerial(ctx); err != nil || n != 11 {
			t.Fatalf("b's next block starts at %d %v, want 11", n, err)
		}
	})
	t.Run("nothing readable in the clear", func(t *testing.T) {
		s := open(t)
		secret := []byte(`{"shoe":["As","Kd"]}`)
		_ = s.Create(ctx, "t2", 0, secret)
		_, _ = s.Commit(ctx, Commit{Table: "t2", Version: 0, Command: secret, Snapshot: secret, Hand: secret, HandID: "h"})
		keys, _ := s.rdb.Keys(ctx, s.cfg.Prefix+"*").Result()
		for _, k := range keys {
			var raw []byte
			switch s.rdb.Type(ctx, k).Val() {
			case "string":
				raw, _ = s.rdb.Get(ctx, k).Bytes()
			case "hash":
				m, _ := s.rdb.HGetAll(ctx, k).Result()
				raw = []byte(fmt.Sprint(m))
			case "stream":
				m, _ := s.rdb.XRange(ctx, k, "-", "+").Result()
				raw = []byte(fmt.Sprint(m))
			}
			if bytes.Contains(raw, []byte("As")) || bytes.Contains(raw, []byte("shoe")) {
				t.Fatalf("key %s holds the secret in the clear", k)
			}
		}
	})
	t.Run("one of concurrent commits wins each version", func(t *testing.T) {
		s := open(t)
		_ = s.Create(ctx, "t3", 0, []byte("s"))
		var wg sync.WaitGroup
		wins := make([]int, 8)
		for w := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					v, err := s.Version(ctx, "t3")
					if err != nil || v >= 40 {
						return
					}
					if _, err := s.Commit(ctx, Commit{Table: "t3", Version: v, Head: newest(ctx, s, "t3"), Command: []byte(fmt.Sprint(w))}); err == nil {
						wins[w]++
					} else if !errors.Is(err, ErrConflict) {
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Wait()
		total := 0
		for _, n := range wins {
			total += n
		}
		entries, _ := s.ReadLog(ctx, "t3", "-", "+", 0)
		if total != 40 || len(entries) != 40 {
			t.Fatalf("%d wins, %d entries", total, len(entries))
		}
		for i, e := range entries {
			if e.Version != uint64(i+1) {
				t.Fatalf("entry %d has version %d", i, e.Version)
			}
		}
	})
	t.Run("deadlines are claimed once", func(t *testing.T) {
		s := open(t)
		_ = s.Create(ctx, "t4", 0, []byte("s"))
		now := time.UnixMilli(1_800_000_000_000)
		d := Deadline{Table: "t4", Version: 1, Due: now.UnixMilli() - 10, Score: now.UnixMilli() - 10}
		if _, err := s.Commit(ctx, Commit{Table: "t4", Version: 0, Command: []byte("c"), Deadline: &d}); err != nil {
			t.Fatal(err)
		}
		later := Deadline{Table: "t4", Version: 2, Due: now.UnixMilli() + 1000, Score: now.UnixMilli() + 1000}
		_ = s.Reschedule(ctx, later)
		got, err := s.Claim(ctx, now, 5*time.Second, 10)
		if err != nil || len(got) != 1 || got[0] != (Deadline{Table: "t4", Version: 1, Due: d.Due}) {
			t.Fatalf("claim %+v %v", got, err)
		}
		if again, _ := s.Claim(ctx, now, 5*time.Second, 10); len(again) != 0 {
			t.Fatalf("claimed twice: %+v", again)
		}
		// After the lease it comes back.
		if back, _ := s.Claim(ctx, now.Add(6*time.Second), 5*time.Second, 10); len(back) != 2 {
			t.Fatalf("after the lease: %+v", back)
		}
		_ = s.Done(ctx, got[0], later)
		if n, _ := s.PendingDeadlines(ctx); n != 0 {
			t.Fatalf("%d entries left", n)
		}
	})
	t.Run("a losing commit adds no deadline", func(t *testing.T) {
		s := open(t)
		_ = s.Create(ctx, "t6", 0, []byte("s"))
		win := Deadline{Table: "t6", Version: 1, Due: 1000, Score: 1000}
		if _, err := s.Commit(ctx, Commit{Table: "t6", Version: 0, Command: []byte("a"), Deadline: &win}); err != nil {
			t.Fatal(err)
		}
		lose := Deadline{Table: "t6", Version: 1, Due: 2000, Score: 2000}
		if _, err := s.Commit(ctx, Commit{Table: "t6", Version: 0, Command: []byte("b"), Deadline: &lose}); !errors.Is(err, ErrConflict) {
			t.Fatalf("stale commit: %v", err)
		}
		index := s.deadlineKeys[shardOf("t6")]
		members, err := s.rdb.ZRange(ctx, index, 0, -1).Result()
		if s.cluster {
			// On a cluster the entry is written before the commit, in
			// another slot: the loser's stays, stale, for the claimer to drop.
			if err != nil || len(members) != 2 {
				t.Fatalf("index %v %v, want %s and %s", members, err, win.Member(), lose.Member())
			}
			_ = s.Done(ctx, lose)
		} else if err != nil || len(members) != 1 || members[0] != win.Member() {
			t.Fatalf("index %v %v, want only %s", members, err, win.Member())
		}
		// The next command supersedes the entry; a losing one leaves it.
		next := Deadline{Table: "t6", Version: 2, Due: 3000, Score: 3000}
		if _, err := s.Commit(ctx, Commit{Table: "t6", Version: 0, Command: []byte("c"), Deadline: &next, Supersedes: &win}); !errors.Is(err, ErrConflict) {
			t.Fatalf("stale commit: %v", err)
		}
		if s.cluster {
			_ = s.Done(ctx, next) // the loser's again
		}
		res, err := s.Commit(ctx, Commit{Table: "t6", Version: 1, Head: newest(ctx, s, "t6"), Command: []byte("d"), Deadline: &next, Supersedes: &win})
		if err != nil || res.Superseded == s.cluster {
			t.Fatalf("commit %+v %v", res, err)
		}
		if s.cluster {
			_ = s.Done(ctx, win) // the caller's part on a cluster
		}
		members, _ = s.rdb.ZRange(ctx, index, 0, -1).Result()
		if len(members) != 1 || members[0] != next.Member() {
			t.Fatalf("index %v, want only %s", members, next.Member())
		}
		// A command after which nothing is due only removes.
		res, err = s.Commit(ctx, Commit{Table: "t6", Version: 2, Head: newest(ctx, s, "t6"), Command: []byte("e"), Supersedes: &next})
		if err != nil || res.Superseded == s.cluster {
			t.Fatalf("commit %+v %v", res, err)
		}
		if s.cluster {
			_ = s.Done(ctx, next)
		}
		if n, _ := s.PendingDeadlines(ctx); n != 0 {
			t.Fatalf("%d entries left", n)
		}
	})
	// Issue 11: a Redis restored from an older copy is behind the caller
	// (RewindError), or, written on since, at the caller's version with
	// another history (Diverged); neither takes the caller's command.
	t.Run("a commit on a rewound table is refused", func(t *testing.T) {
		s := open(t)
		_ = s.Create(ctx, "t7", 0, []byte("s"))
		head, at2 := "", ""
		var lost []string
		for v := uint64(0); v < 4; v++ {
			res, err := s.Commit(ctx, Commit{Table: "t7", Version: v, Head: head, Command: []byte(fmt.Sprint(v))})
			if err != nil {
				t.Fatal(err)
			}
			head = res.LogID
			if v == 1 {
				at2 = res.LogID
			}
			if v >= 2 {
				lost = append(lost, res.LogID)
			}
		}
		// The older copy: version 2, its log and its head key (miniredis
		// cannot RESTORE a stream; the table core's integration test
		// restores a DUMP).
		s.rdb.Set(ctx, s.key("t7", "ver"), 2, 0)
		s.rdb.Set(ctx, s.key("t7", "head"), "2 "+at2, 0)
		s.rdb.XDel(ctx, s.key("t7", "log"), lost...)
		var re *RewindError
		_, err := s.Commit(ctx, Commit{Table: "t7", Version: 4, Head: head, Command: []byte("x")})
		if !errors.Is(err, ErrRewound) || !errors.As(err, &re) || re.Have != 4 || re.Stored != 2 || re.Diverged {
			t.Fatalf("commit on an older copy: %v", err)
		}
		// Written on since: version 4 again, another history.
		other := newest(ctx, s, "t7")
		for v := uint64(2); v < 4; v++ {
			res, err := s.Commit(ctx, Commit{Table: "t7", Version: v, Head: other, Command: []byte("other")})
			if err != nil {
				t.Fatal(err)
			}
			other = res.LogID
		}
		_, err = s.Commit(ctx, Commit{Table: "t7", Version: 4, Head: head, Command: []byte("x")})
		if !errors.As(err, &re) || re.Stored != 4 || !re.Diverged {
			t.Fatalf("commit on another history: %v", err)
		}
		if ok, err := s.HasEntry(ctx, "t7", head, 4); err != nil || ok {
			t.Fatalf("HasEntry of the lost entry: %v %v", ok, err)
		}
		if ok, err := s.HasEntry(ctx, "t7", other, 4); err != nil || !ok {
			t.Fatalf("HasEntry of the stored entry: %v %v", ok, err)
		}
		if v, _ := s.Version(ctx, "t7"); v != 4 {
			t.Fatalf("version %d after refused commits", v)
		}
	})
	// The head key (commit.lua) spares the commit reading the log's newest
	// entry; a table whose head key is missing (last written by an older
	// replica, or a copy from before it) or names another version has its
	// head read from the log, and is compared and set the same.
	t.Run("a commit without a current head key reads the log's head", func(t *testing.T) {
		s := open(t)
		_ = s.Create(ctx, "t8", 0, []byte("s"))
		if got, _ := s.rdb.Get(ctx, s.key("t8", "head")).Result(); got != "0 " {
			t.Fatalf("head key of a new table %q, want %q", got, "0 ")
		}
		head := ""
		for v := uint64(0); v < 6; v++ {
			switch v {
			case 2: // as an older replica leaves it
				s.rdb.Del(ctx, s.key("t8", "head"))
			case 4: // left at an older version by an older replica's commits
				s.rdb.Set(ctx, s.key("t8", "head"), "3 1-1", 0)
			}
			if v >= 2 {
				// Another history at the same version is still refused.
				_, err := s.Commit(ctx, Commit{Table: "t8", Version: v, Head: "1-1", Command: []byte("x")})
				var re *RewindError
				if !errors.As(err, &re) || !re.Diverged || re.Stored != v {
					t.Fatalf("v%d with another head: %v", v, err)
				}
			}
			res, err := s.Commit(ctx, Commit{Table: "t8", Version: v, Head: head, Command: []byte(fmt.Sprint(v))})
			if err != nil {
				t.Fatalf("v%d: %v", v, err)
			}
			head = res.LogID
			if got, _ := s.rdb.Get(ctx, s.key("t8", "head")).Result(); got != fmt.Sprintf("%d %s", v+1, head) {
				t.Fatalf("head key after v%d: %q", v+1, got)
			}
		}
		if got := newest(ctx, s, "t8"); got != head {
			t.Fatalf("log head %s, last commit %s", got, head)
		}
	})
	t.Run("tail", func(t *testing.T) {
		s := open(t)
		_ = s.Create(ctx, "t5", 0, []byte("s"))
		r, _ := s.Commit(ctx, Commit{Table: "t5", Version: 0, Command: []byte("one")})
		done := make(chan []Entry)
		go func() {
			es, err := s.Tail(ctx, "t5", r.LogID, 0, 2*time.Second, 10)
			if err != nil {
				t.Error(err)
			}
			done <- es
		}()
		time.Sleep(50 * time.Millisecond)
		_, _ = s.Commit(ctx, Commit{Table: "t5", Version: 1, Head: r.LogID, Command: []byte("two")})
		es := <-done
		if len(es) != 1 || string(es[0].Command) != "two" {
			t.Fatalf("tail %+v", es)
		}
	})
	t.Run("lobby", func(t *testing.T) {
		s := open(t)
		_ = s.PutSummary(ctx, "a", []byte("A"))
		_ = s.PutSummary(ctx, "b", []byte("B"))
		_ = s.DeleteSummary(ctx, "a")
		m, err := s.Summaries(ctx)
		if err != nil || len(m) != 1 || m["b"] != "B" {
			t.Fatalf("lobby %v %v", m, err)
		}
		_ = s.PutSummaries(ctx, map[string][]byte{"b": []byte("B2"), "c": []byte("C")})
		m, err = s.Summaries(ctx)
		if err != nil || len(m) != 2 || m["b"] != "B2" || m["c"] != "C" {
			t.Fatalf("lobby %v %v", m, err)
		}
	})
	t.Run("batched commits", func(t *testing.T) { exerciseBatches(t, open) })
}
