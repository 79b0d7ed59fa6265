package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// The deadline index is a sorted set per shard: member a Deadline's
// Member(), score the time (Unix ms) a replica may claim it. A table's
// entries all go to its shard, so on one Redis server the commit script
// writes them with the commit.

// Deadline is a table's next due time as the deadline index holds it. The
// member names the version and due time it was computed from, so entries
// are never updated in place: a stale entry is recognised and dropped.
type Deadline struct {
	Table   string
	Version uint64
	Due     int64
	// Score is when a replica may claim it (Due, or later when the
	// committing replica runs the work itself and holds it as a lease).
	Score int64
}

// Member is the index member.
func (d Deadline) Member() string {
	return d.Table + "|" + strconv.FormatUint(d.Version, 10) + "|" + strconv.FormatInt(d.Due, 10)
}

// ParseDeadline reads an index member.
func ParseDeadline(m string) (Deadline, error) {
	parts := strings.Split(m, "|")
	if len(parts) != 3 {
		return Deadline{}, fmt.Errorf("store: bad deadline member %q", m)
	}
	v, err1 := strconv.ParseUint(parts[1], 10, 64)
	due, err2 := strconv.ParseInt(parts[2], 10, 64)
	if err1 != nil || err2 != nil {
		return Deadline{}, fmt.Errorf("store: bad deadline member %q", m)
	}
	return Deadline{Table: parts[0], Version: v, Due: due}, nil
}

// Claim takes up to n index entries due at now from each shard and pushes
// them to now+lease so that no other replica takes them meanwhile; the
// claimer removes each when done (or it comes back after the lease). Fewer
// than n entries in all means no shard had more due.
func (s *Store) Claim(ctx context.Context, now time.Time, lease time.Duration, n int) ([]Deadline, error) {
	ms := now.UnixMilli()
	args := []any{ms, ms + lease.Milliseconds(), n}
	// Every shard in one round trip (one per master on a cluster).
	var cmds [Shards]*redis.Cmd
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, k := range s.deadlineKeys {
			cmds[i] = s.claim.EvalSha(ctx, p, []string{k}, args...)
		}
		return nil
	})
	if isNoScript(err) {
		// Redis restarted since Load: Run loads the script again.
		for i, k := range s.deadlineKeys {
			cmds[i] = s.claim.Run(ctx, s.rdb, []string{k}, args...)
		}
		err = nil
		for _, c := range cmds {
			if err == nil {
				err = c.Err()
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: claim deadlines: %w", err)
	}
	var out []Deadline
	for i, c := range cmds {
		members, err := c.StringSlice()
		if err != nil {
			return nil, fmt.Errorf("store: claim deadlines: %w", err)
		}
		for _, m := range members {
			d, err := ParseDeadline(m)
			if err != nil {
				// Not ours to understand: drop it so it does not come back.
				s.rdb.ZRem(ctx, s.deadlineKeys[i], m)
				continue
			}
			out = append(out, d)
		}
	}
	return out, nil
}

// Done removes index entries.
func (s *Store) Done(ctx context.Context, ds ...Deadline) error {
	if len(ds) == 0 {
		return nil
	}
	var ms [Shards][]any
	for _, d := range ds {
		i := shardOf(d.Table)
		ms[i] = append(ms[i], d.Member())
	}
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, m := range ms {
			if len(m) > 0 {
				p.ZRem(ctx, s.deadlineKeys[i], m...)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: remove deadlines: %w", err)
	}
	return nil
}

// Reschedule puts an entry back at its due time (claimed too early).
func (s *Store) Reschedule(ctx context.Context, d Deadline) error {
	return s.rdb.ZAdd(ctx, s.deadlineKeys[shardOf(d.Table)], redis.Z{Score: float64(d.Due), Member: d.Member()}).Err()
}

// PendingDeadlines counts index entries (a metric).
func (s *Store) PendingDeadlines(ctx context.Context) (int64, error) {
	var cmds [Shards]*redis.IntCmd
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, k := range s.deadlineKeys {
			cmds[i] = p.ZCard(ctx, k)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: count deadlines: %w", err)
	}
	var n int64
	for _, c := range cmds {
		n += c.Val()
	}
	return n, nil
}
