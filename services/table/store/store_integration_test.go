//go:build integration

package store

import (
	"testing"

	"github.com/croupier/croupier/shared/redisconn/redistest"
)

func TestStoreOnRedis(t *testing.T) {
	exerciseStore(t, func(t *testing.T) *Store {
		rdb, prefix := redistest.Open(t)
		return New(rdb, testSealer(t), Config{Prefix: prefix, LogLength: 50})
	})
}
