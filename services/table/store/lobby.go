package store

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// The lobby is a hash of table summaries (id -> summary), one per shard.

// PutSummary writes a table's lobby entry.
func (s *Store) PutSummary(ctx context.Context, id string, summary []byte) error {
	return s.rdb.HSet(ctx, s.lobbyKeys[shardOf(id)], id, summary).Err()
}

// PutSummaries writes several tables' lobby entries (id -> summary) in
// one round trip (one HSET per shard they fall in).
func (s *Store) PutSummaries(ctx context.Context, summaries map[string][]byte) error {
	if len(summaries) == 0 {
		return nil
	}
	var args [Shards][]any
	for id, b := range summaries {
		i := shardOf(id)
		args[i] = append(args[i], id, b)
	}
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, a := range args {
			if len(a) > 0 {
				p.HSet(ctx, s.lobbyKeys[i], a...)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: lobby entries: %w", err)
	}
	return nil
}

// DeleteSummary removes a table from the lobby.
func (s *Store) DeleteSummary(ctx context.Context, id string) error {
	return s.rdb.HDel(ctx, s.lobbyKeys[shardOf(id)], id).Err()
}

// Summaries reads the lobby: every shard, in one round trip.
func (s *Store) Summaries(ctx context.Context) (map[string]string, error) {
	var cmds [Shards]*redis.MapStringStringCmd
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, k := range s.lobbyKeys {
			cmds[i] = p.HGetAll(ctx, k)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: read the lobby: %w", err)
	}
	out := map[string]string{}
	for _, c := range cmds {
		for id, sum := range c.Val() {
			out[id] = sum
		}
	}
	return out, nil
}
