//go:build integration

package store

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/croupier/croupier/shared/redisconn/redistest"
)

// BenchmarkCommitOnRedis commits b.N commands to 12 tables at once, as a
// replica under load does (each with the next due time and the one it
// supersedes; a hand record every 15 commands and a snapshot every 40), and
// reports the Redis server's CPU a commit (its EVALSHA time in INFO
// commandstats: the commit script's cost, which the machine's load moves
// far less than wall time):
//
//	go test -tags integration -run XXX -bench CommitOnRedis ./services/table/store
func BenchmarkCommitOnRedis(b *testing.B) {
	ctx := context.Background()
	rdb, prefix := redistest.Open(b)
	if _, ok := rdb.(*redis.ClusterClient); ok {
		b.Skip("commits are batched on one Redis server only")
	}
	s := New(rdb, testSealer(b), Config{Prefix: prefix, LogLength: 200})
	const tables = 12
	for i := range tables {
		if err := s.Create(ctx, fmt.Sprint("bench", i), 0, bytes.Repeat([]byte{'s'}, 2000)); err != nil {
			b.Fatal(err)
		}
	}
	command := bytes.Repeat([]byte{'c'}, 120)
	before := evalshaMicros(b, rdb)
	b.ResetTimer()
	var wg sync.WaitGroup
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, head := fmt.Sprint("bench", i), ""
			for v := uint64(0); v < uint64(b.N/tables); v++ {
				c := Commit{Table: id, Version: v, Head: head, Command: command,
					Deadline: &Deadline{Table: id, Version: v + 1, Due: int64(v + 1), Score: int64(v + 1)}}
				if v > 0 {
					c.Supersedes = &Deadline{Table: id, Version: v, Due: int64(v)}
				}
				if v%15 == 14 {
					c.Hand, c.HandID = bytes.Repeat([]byte{'h'}, 1500), fmt.Sprint(id, "-", v)
				}
				if v%40 == 39 {
					c.Snapshot = bytes.Repeat([]byte{'s'}, 15000)
				}
				res, err := s.Commit(ctx, c)
				if err != nil {
					b.Error(err)
					return
				}
				head = res.LogID
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	commits := tables * (b.N / tables)
	if commits > 0 {
		b.ReportMetric((evalshaMicros(b, rdb)-before)/float64(commits), "redis-µs/commit")
	}
	n, trips := s.CommitTrips()
	if trips > 0 {
		b.ReportMetric(float64(n)/float64(trips), "commits/trip")
	}
}

// evalshaMicros is the Redis server's EVALSHA time so far (µs).
func evalshaMicros(b *testing.B, rdb redis.UniversalClient) float64 {
	info, err := rdb.Info(context.Background(), "commandstats").Result()
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(info, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "cmdstat_evalsha:"); ok {
			for _, f := range strings.Split(rest, ",") {
				if v, ok := strings.CutPrefix(f, "usec="); ok {
					us, _ := strconv.ParseFloat(v, 64)
					return us
				}
			}
		}
	}
	return 0
}
