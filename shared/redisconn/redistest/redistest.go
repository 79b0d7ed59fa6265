// Package redistest connects integration tests to the real Redis
// (CROUPIER_TEST_REDIS_ADDR, default 127.0.0.1:6379), or to a Redis
// Cluster (CROUPIER_TEST_REDIS_CLUSTER, see rediscluster.Env), under a key
// prefix of their own, removed when the test ends. A missing server fails
// the test: it is never skipped.
package redistest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/croupier/croupier/shared/redisconn/rediscluster"
)

// Open returns a client of the real Redis and a fresh key prefix.
func Open(t testing.TB) (redis.UniversalClient, string) {
	t.Helper()
	conn := rediscluster.TestConfig(t)
	conn.PoolSize = 256
	rdb, err := conn.Open(context.Background(), 5*time.Second)
	if err != nil {
		t.Fatalf("the integration suite needs Redis: %v", err)
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

// Clean deletes every key under prefix (on every master of a cluster, one
// key a command: a cluster refuses a DEL of keys in several slots).
func Clean(rdb redis.UniversalClient, prefix string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if cc, ok := rdb.(*redis.ClusterClient); ok {
		_ = cc.ForEachMaster(ctx, func(ctx context.Context, node *redis.Client) error {
			clean(ctx, node, prefix)
			return nil
		})
		return
	}
	clean(ctx, rdb, prefix)
}

func clean(ctx context.Context, rdb redis.UniversalClient, prefix string) {
	iter := rdb.Scan(ctx, 0, prefix+"*", 1000).Iterator()
	pipe := rdb.Pipeline()
	for iter.Next(ctx) {
		pipe.Unlink(ctx, iter.Val())
		if pipe.Len() == 500 {
			_, _ = pipe.Exec(ctx)
		}
	}
	_, _ = pipe.Exec(ctx)
}
