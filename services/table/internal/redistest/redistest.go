// Package redistest connects integration tests to the real Redis
// (CROUPIER_TEST_REDIS_ADDR, default 127.0.0.1:6379) under a key prefix of
// their own, removed when the test ends. A missing server fails the test:
// it is never skipped.
package redistest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Addr is the test Redis address.
func Addr() string {
	if a := os.Getenv("CROUPIER_TEST_REDIS_ADDR"); a != "" {
		return a
	}
	return "127.0.0.1:6379"
}

// Open returns a client of the real Redis and a fresh key prefix.
func Open(t testing.TB) (redis.UniversalClient, string) {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: Addr(), PoolSize: 256})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		t.Fatalf("the integration suite needs Redis at %s: %v", Addr(), err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	prefix := "test:" + hex.EncodeToString(b) + ":"
	t.Cleanup(func() {
		Clean(rdb, prefix)
		rdb.Close()
	})
	return rdb, prefix
}

// Clean deletes every key under prefix.
func Clean(rdb redis.UniversalClient, prefix string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	iter := rdb.Scan(ctx, 0, prefix+"*", 1000).Iterator()
	var batch []string
	for iter.Next(ctx) {
		batch = append(batch, iter.Val())
		if len(batch) == 500 {
			rdb.Del(ctx, batch...)
			batch = batch[:0]
		}
	}
	if len(batch) > 0 {
		rdb.Del(ctx, batch...)
	}
}
