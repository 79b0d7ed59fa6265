// Package store keeps live tables in Redis. Each table is a snapshot and a
// log of commands, under keys hash-tagged by the table id so that a table
// lives in one Redis Cluster slot and one Lua script can commit to it
// atomically:
//
//	<prefix>table:{id}:ver    the version (number of commands applied)
//	<prefix>table:{id}:snap   hash: v (version), id (log entry id), s (sealed snapshot)
//	<prefix>table:{id}:log    stream of sealed commands, field v = version
//	<prefix>table:{id}:hand:<hand id>  sealed hand record, with a TTL
//	<prefix>table:{id}:hands  list of recent hand ids, newest first
//	<prefix>table:{id}:audit  the escrow audit's claim for its period
//
// A commit appends one command if the version is still the one the caller
// applied it to (compare-and-set), so any number of replicas may serve a
// table and a command is never applied twice. Two keys are shared by all
// tables: the deadline index (a sorted set any replica claims due work
// from) and the lobby (a hash of table summaries).
package store

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/croupier/croupier/services/table/seal"
)

// Config configures a Store.
type Config struct {
	// Prefix starts every key ("croupier:"); tests use one per test.
	Prefix string
	// LogLength is the approximate number of commands a table's log keeps
	// (default 2000). It must exceed SnapshotEvery by a wide margin.
	LogLength int64
	// HandTTL is how long a hand record is kept (default 7 days).
	HandTTL time.Duration
	// RecentHands is how many hand ids the recent list keeps (default 1000).
	RecentHands int64
	// SerialBlock is how many hand serials a Store takes from Redis at a
	// time (default 32; 1 takes each alone): one round trip for that many
	// deals instead of one for each. Serials stay unique across the
	// deployment and increasing at each replica; a replica that stops
	// leaves the rest of its block unused (trackers need the numbers
	// unique, not without gaps).
	SerialBlock int64
}

// Store is the tables' Redis store.
type Store struct {
	// cluster: not one Redis server (Redis Cluster, a ring), so the
	// deadline index may live elsewhere than a table's keys and a script
	// cannot write both.
	cluster bool
	rdb     redis.UniversalClient
	tail    redis.UniversalClient
	seal    *seal.Sealer
	cfg     Config
	commit  *redis.Script
	// batch groups the commits of one Redis server's tables (batch.go);
	// nil on a cluster, where each commit goes alone.
	batch  *committer
	create *redis.Script
	claim  *redis.Script
	// deadlineKeys and lobbyKeys are the shards of the two indexes all
	// tables share (shard.go).
	deadlineKeys, lobbyKeys [Shards]string

	// serials is the block of hand serials in hand: next up to end
	// (NextHandSerial).
	serials struct {
		sync.Mutex
		next, end uint64
	}
}

//go:embed commit.lua
var commitLua string

//go:embed create.lua
var createLua string

//go:embed claim.lua
var claimLua string

// New returns a Store.
func New(rdb redis.UniversalClient, s *seal.Sealer, cfg Config) *Store {
	if cfg.LogLength == 0 {
		cfg.LogLength = 2000
	}
	if cfg.HandTTL == 0 {
		cfg.HandTTL = 7 * 24 * time.Hour
	}
	if cfg.RecentHands == 0 {
		cfg.RecentHands = 1000
	}
	if cfg.SerialBlock <= 0 {
		cfg.SerialBlock = 32
	}
	_, single := rdb.(*redis.Client)
	st := &Store{rdb: rdb, tail: rdb, seal: s, cfg: cfg, cluster: !single,
		commit: redis.NewScript(commitLua), create: redis.NewScript(createLua), claim: redis.NewScript(claimLua),
		deadlineKeys: shardKeys(cfg.Prefix, "deadlines"), lobbyKeys: shardKeys(cfg.Prefix, "lobby")}
	if single {
		st.batch = newCommitter(rdb, st.commit)
	}
	return st
}

// WithTailClient makes Tail use a client of its own (a pool big enough for
// one blocked connection per followed table).
func (s *Store) WithTailClient(rdb redis.UniversalClient) *Store {
	s.tail = rdb
	return s
}

// LogLength is how many commands a table's log keeps by default.
func (s *Store) LogLength() int64 { return s.cfg.LogLength }

// Client is the Redis client.
func (s *Store) Client() redis.UniversalClient { return s.rdb }

// Load loads the scripts into Redis (a start-up check; commits reload them
// after a Redis restart).
func (s *Store) Load(ctx context.Context) error {
	scripts := []*redis.Script{s.commit, s.create, s.claim}
	if s.batch != nil {
		scripts = append(scripts, s.batch.batchScript)
	}
	for _, sc := range scripts {
		if err := sc.Load(ctx, s.rdb).Err(); err != nil {
			return fmt.Errorf("store: load script: %w", err)
		}
	}
	return nil
}

// NextHandSerial returns a number no other hand of the deployment has
// (every table, every replica: one Redis counter, from which each Store
// takes Config.SerialBlock numbers at a time), increasing at each replica.
// Tracking tools de-duplicate hands on the number in a PokerStars export
// (issue 21), so a table's own hand count, which starts at 1 at every
// table, cannot be it. A deal that fails after taking a number leaves a
// gap, which is harmless.
func (s *Store) NextHandSerial(ctx context.Context) (uint64, error) {
	b := &s.serials
	b.Lock()
	defer b.Unlock()
	if b.next == b.end {
		// INCRBY reserves the block at once, whatever other replicas
		// (or older ones taking one serial a call) do meanwhile.
		end, err := s.rdb.IncrBy(ctx, s.cfg.Prefix+"hand-serial", s.cfg.SerialBlock).Uint64()
		if err != nil {
			return 0, fmt.Errorf("store: hand serial: %w", err)
		}
		b.next, b.end = end-uint64(s.cfg.SerialBlock)+1, end+1
	}
	n := b.next
	b.next++
	return n, nil
}

func (s *Store) key(id, part string) string { return s.cfg.Prefix + "table:{" + id + "}:" + part }

func ad(id, kind string, v uint64) []byte {
	return []byte(id + "/" + kind + "/" + strconv.FormatUint(v, 10))
}

// Errors.
var (
	// ErrConflict: the table moved past the version the command was
	// applied to.
	ErrConflict = errors.New("store: version conflict")
	// ErrNotFound: no such table.
	ErrNotFound = errors.New("store: no such table")
	// ErrExists: the table exists already.
	ErrExists = errors.New("store: table exists")
	// ErrRewound: the table in Redis is older than the caller's copy, or
	// has another history (a failover to a stale copy); errors.As gives the
	// *RewindError.
	ErrRewound = errors.New("store: the stored table went back")
)

// RewindError says how the stored table differs from the caller's.
type RewindError struct {
	Table string
	// Have is the caller's version, Stored the one in Redis.
	Have, Stored uint64
	// Diverged: Redis is not behind but holds another history (restored
	// from an older copy and written on since).
	Diverged bool
}

func (e *RewindError) Error() string {
	if e.Diverged {
		return fmt.Sprintf("store: table %s has another history at version %d than this replica's (at %d)", e.Table, e.Stored, e.Have)
	}
	return fmt.Sprintf("store: table %s went back from version %d to %d", e.Table, e.Have, e.Stored)
}

// Is makes errors.Is(err, ErrRewound) hold.
func (e *RewindError) Is(target error) bool { return target == ErrRewound }

// Create stores a new table's snapshot at version v, failing with
// ErrExists if the table is there.
func (s *Store) Create(ctx context.Context, id string, v uint64, snapshot []byte) error {
	sealed := s.seal.Seal(nil, snapshot, ad(id, "snap", v))
	ok, err := s.create.Run(ctx, s.rdb, []string{s.key(id, "ver"), s.key(id, "snap"), s.key(id, "head")}, v, sealed).Int()
	if err != nil {
		return fmt.Errorf("store: create %s: %w", id, err)
	}
	if ok == 0 {
		return ErrExists
	}
	return nil
}

// Entry is one logged command.
type Entry struct {
	// ID is the stream entry id.
	ID      string
	Version uint64
	// Command is the encoded command (opened).
	Command []byte
}

// Snapshot is a stored snapshot with the log after it.
type Snapshot struct {
	Version uint64
	// LogID is the id of the log entry of Version ("" for a table's first
	// snapshot).
	LogID string
	Data  []byte
	// Entries are the commands after the snapshot, in order.
	Entries []Entry
}

// Load reads a table's snapshot and the commands logged after it.
func (s *Store) LoadTable(ctx context.Context, id string) (*Snapshot, error) {
	vals, err := s.rdb.HMGet(ctx, s.key(id, "snap"), "v", "id", "s").Result()
	if err != nil {
		return nil, fmt.Errorf("store: load %s: %w", id, err)
	}
	if vals[0] == nil || vals[2] == nil {
		return nil, ErrNotFound
	}
	v, err := strconv.ParseUint(vals[0].(string), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("store: snapshot version of %s: %w", id, err)
	}
	snap := &Snapshot{Version: v}
	if vals[1] != nil {
		snap.LogID = vals[1].(string)
	}
	snap.Data, err = s.seal.Open(nil, []byte(vals[2].(string)), ad(id, "snap", v))
	if err != nil {
		return nil, fmt.Errorf("store: snapshot of %s: %w", id, err)
	}
	start := "-"
	if snap.LogID != "" {
		start = "(" + snap.LogID
	}
	snap.Entries, err = s.ReadLog(ctx, id, start, "+", 0)
	if err != nil {
		return nil, err
	}
	return snap, nil
}

// ReadLog reads log entries from start to end (XRANGE bounds; "(" marks an
// exclusive start), at most count (0: all).
func (s *Store) ReadLog(ctx context.Context, id, start, end string, count int64) ([]Entry, error) {
	var msgs []redis.XMessage
	var err error
	if count > 0 {
		msgs, err = s.rdb.XRangeN(ctx, s.key(id, "log"), start, end, count).Result()
	} else {
		msgs, err = s.rdb.XRange(ctx, s.key(id, "log"), start, end).Result()
	}
	if err != nil {
		return nil, fmt.Errorf("store: read log of %s: %w", id, err)
	}
	return s.entries(id, msgs, 0)
}

// entries opens log entries; those at or below have are returned without
// their command (the caller has applied them).
func (s *Store) entries(id string, msgs []redis.XMessage, have uint64) ([]Entry, error) {
	out := make([]Entry, 0, len(msgs))
	for _, m := range msgs {
		vs, _ := m.Values["v"].(string)
		cs, _ := m.Values["c"].(string)
		v, err := strconv.ParseUint(vs, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("store: log entry %s of %s: bad version %q", m.ID, id, vs)
		}
		if v <= have {
			out = append(out, Entry{ID: m.ID, Version: v})
			continue
		}
		cmd, err := s.seal.Open(nil, []byte(cs), ad(id, "log", v))
		if err != nil {
			return nil, fmt.Errorf("store: log entry %s of %s: %w", m.ID, id, err)
		}
		out = append(out, Entry{ID: m.ID, Version: v, Command: cmd})
	}
	return out, nil
}

// Tail blocks up to block for log entries after afterID and returns them
// (none on timeout); entries at or below version have come without their
// command. It holds a connection of its own while it blocks.
func (s *Store) Tail(ctx context.Context, id, afterID string, have uint64, block time.Duration, count int64) ([]Entry, error) {
	if afterID == "" {
		afterID = "0-0"
	}
	res, err := s.tail.XRead(ctx, &redis.XReadArgs{Streams: []string{s.key(id, "log"), afterID}, Count: count, Block: block}).Result()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: tail %s: %w", id, err)
	}
	if len(res) == 0 {
		return nil, nil
	}
	return s.entries(id, res[0].Messages, have)
}

// HasEntry reports whether the table's log still holds entry logID at
// version v, that is whether the history the caller saw up to v is the
// stored one. An entry trimmed off the log's old end cannot be checked and
// counts as held.
func (s *Store) HasEntry(ctx context.Context, id, logID string, v uint64) (bool, error) {
	if logID == "" {
		return true, nil
	}
	msgs, err := s.rdb.XRange(ctx, s.key(id, "log"), logID, logID).Result()
	if err != nil {
		return false, fmt.Errorf("store: read log of %s: %w", id, err)
	}
	if len(msgs) == 1 {
		vs, _ := msgs[0].Values["v"].(string)
		return vs == strconv.FormatUint(v, 10), nil
	}
	first, err := s.rdb.XRangeN(ctx, s.key(id, "log"), "-", "+", 1).Result()
	if err != nil {
		return false, fmt.Errorf("store: read log of %s: %w", id, err)
	}
	return len(first) == 1 && streamIDLess(logID, first[0].ID), nil
}

// streamIDLess compares two stream entry ids ("ms-seq").
func streamIDLess(a, b string) bool {
	am, as, _ := strings.Cut(a, "-")
	bm, bs, _ := strings.Cut(b, "-")
	an, _ := strconv.ParseUint(am, 10, 64)
	bn, _ := strconv.ParseUint(bm, 10, 64)
	if an != bn {
		return an < bn
	}
	ap, _ := strconv.ParseUint(as, 10, 64)
	bp, _ := strconv.ParseUint(bs, 10, 64)
	return ap < bp
}

// ClaimAudit takes table id's escrow audit for the period every (one
// replica audits a table per period): true if this caller got it.
func (s *Store) ClaimAudit(ctx context.Context, id string, every time.Duration) (bool, error) {
	ok, err := s.rdb.SetNX(ctx, s.key(id, "audit"), "1", every).Result()
	if err != nil {
		return false, fmt.Errorf("store: claim audit of %s: %w", id, err)
	}
	return ok, nil
}

// Version reads a table's version.
func (s *Store) Version(ctx context.Context, id string) (uint64, error) {
	v, err := s.rdb.Get(ctx, s.key(id, "ver")).Uint64()
	if errors.Is(err, redis.Nil) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("store: version of %s: %w", id, err)
	}
	return v, nil
}

// Versions reads the versions of several tables in one round trip (0 for
// a missing table): one MGET on one Redis server, a pipeline of GETs on a
// cluster (the keys live in different slots).
func (s *Store) Versions(ctx context.Context, ids []string) ([]uint64, error) {
	out := make([]uint64, len(ids))
	if !s.cluster {
		keys := make([]string, len(ids))
		for i, id := range ids {
			keys[i] = s.key(id, "ver")
		}
		vals, err := s.rdb.MGet(ctx, keys...).Result()
		if err != nil {
			return nil, fmt.Errorf("store: versions: %w", err)
		}
		for i, v := range vals {
			if str, ok := v.(string); ok {
				out[i], _ = strconv.ParseUint(str, 10, 64)
			}
		}
		return out, nil
	}
	pipe := s.rdb.Pipeline()
	cmds := make([]*redis.StringCmd, len(ids))
	for i, id := range ids {
		cmds[i] = pipe.Get(ctx, s.key(id, "ver"))
	}
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("store: versions: %w", err)
	}
	for i, c := range cmds {
		v, err := c.Uint64()
		if err == nil {
			out[i] = v
		}
	}
	return out, nil
}

// Commit is one command to commit.
type Commit struct {
	Table string
	// Version is the version the command was applied to; the command
	// becomes Version+1.
	Version uint64
	// Head is the log entry id of Version ("" for a table with an empty
	// log): the commit goes ahead only if it is still the log's newest, so
	// a command is never applied on another history than the one it was
	// built on.
	Head    string
	Command []byte
	// LogLength, if set, is how many commands the table's log keeps
	// (approximately; Config.LogLength when 0): a table with many
	// commands since its last snapshot keeps them all.
	LogLength int64
	// Snapshot, if set, is the table after the command.
	Snapshot []byte
	// Hand, if set, is a finished hand's record to keep under HandID.
	Hand   []byte
	HandID string
	// Deadline, if set, is the table's next due time after the command.
	// On one Redis server the commit script writes its index entry, only
	// if the commit wins; on a cluster it is written just before the
	// commit, in the same round trip (an entry for a commit that loses is
	// harmless: the claimer finds it stale).
	Deadline *Deadline
	// Supersedes, if set, is the index entry of the table's due time
	// before the command, stale once it commits. On one Redis server the
	// commit script removes it (Result.Superseded); on a cluster it is the
	// caller's to remove.
	Supersedes *Deadline
}

// Result is a successful commit.
type Result struct {
	// LogID is the log entry id of the command.
	LogID string
	// Superseded: Commit.Supersedes was removed with the commit.
	Superseded bool
}

// Commit appends c if the table is still at c.Version. It returns
// ErrConflict if another command got there first.
func (s *Store) Commit(ctx context.Context, c Commit) (Result, error) {
	v := c.Version + 1
	cmd := s.seal.Seal(nil, c.Command, ad(c.Table, "log", v))
	var snap, hnd []byte
	if c.Snapshot != nil {
		snap = s.seal.Seal(nil, c.Snapshot, ad(c.Table, "snap", v))
	}
	// Keys the script does not write are given as ver, a key that exists:
	// while a Redis Cluster moves the table's slot, a script naming a key
	// missing on the source is refused (TRYAGAIN) until the move ends.
	handKey, handsKey := s.key(c.Table, "ver"), s.key(c.Table, "ver")
	if c.Hand != nil {
		hnd = s.seal.Seal(nil, c.Hand, ad(c.Table, "hand:"+c.HandID, 0))
		handKey, handsKey = s.key(c.Table, "hand:"+c.HandID), s.key(c.Table, "hands")
	}
	keys := []string{s.key(c.Table, "ver"), s.key(c.Table, "log"), s.key(c.Table, "snap"), handKey, handsKey, s.key(c.Table, "head")}
	logLen := s.cfg.LogLength
	if c.LogLength > 0 {
		logLen = c.LogLength
	}
	args := []any{c.Version, v, cmd, logLen, snap, hnd, c.HandID, int64(s.cfg.HandTTL / time.Second), s.cfg.RecentHands - 1, c.Head}
	var res []any
	var err error
	inScript := !s.cluster && (c.Deadline != nil || c.Supersedes != nil)
	if inScript {
		score, member, old := any(""), "", ""
		if c.Deadline != nil {
			score, member = c.Deadline.Score, c.Deadline.Member()
		}
		if c.Supersedes != nil {
			old = c.Supersedes.Member()
		}
		keys = append(keys, s.deadlineKeys[shardOf(c.Table)])
		args = append(args, score, member, old)
	}
	switch {
	case s.batch != nil: // one Redis server (inScript or not)
		res, err = s.batch.run(ctx, keys, args)
	case c.Deadline != nil:
		// One round trip: the index entry, then the commit.
		pipe := s.rdb.Pipeline()
		pipe.ZAdd(ctx, s.deadlineKeys[shardOf(c.Table)], redis.Z{Score: float64(c.Deadline.Score), Member: c.Deadline.Member()})
		ev := s.commit.EvalSha(ctx, pipe, keys, args...)
		_, _ = pipe.Exec(ctx)
		res, err = ev.Slice()
		if err != nil && isNoScript(err) {
			res, err = s.commit.Run(ctx, s.rdb, keys, args...).Slice()
		}
	default:
		res, err = s.commit.Run(ctx, s.rdb, keys, args...).Slice()
	}
	if err != nil {
		return Result{}, fmt.Errorf("store: commit %s v%d: %w", c.Table, v, err)
	}
	if len(res) < 2 {
		return Result{}, fmt.Errorf("store: commit %s: unexpected reply %v", c.Table, res)
	}
	if ok, _ := res[0].(int64); ok == 0 {
		cur, _ := res[1].(string)
		if cur == "" {
			return Result{}, ErrNotFound
		}
		stored, err := strconv.ParseUint(cur, 10, 64)
		if err != nil {
			return Result{}, fmt.Errorf("store: commit %s: bad stored version %q", c.Table, cur)
		}
		head := ""
		if len(res) > 2 {
			head, _ = res[2].(string)
		}
		switch {
		case stored < c.Version:
			return Result{}, &RewindError{Table: c.Table, Have: c.Version, Stored: stored}
		case stored == c.Version && head != c.Head:
			return Result{}, &RewindError{Table: c.Table, Have: c.Version, Stored: stored, Diverged: true}
		}
		return Result{}, ErrConflict
	}
	id, _ := res[1].(string)
	return Result{LogID: id, Superseded: inScript && c.Supersedes != nil}, nil
}

func isNoScript(err error) bool { return err != nil && strings.HasPrefix(err.Error(), "NOSCRIPT") }

// Hand reads a kept hand record.
func (s *Store) Hand(ctx context.Context, table, handID string) ([]byte, error) {
	b, err := s.rdb.Get(ctx, s.key(table, "hand:"+handID)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: hand %s: %w", handID, err)
	}
	return s.seal.Open(nil, b, ad(table, "hand:"+handID, 0))
}

// RecentHands lists the ids of a table's recent hands, newest first.
func (s *Store) RecentHands(ctx context.Context, table string, n int64) ([]string, error) {
	ids, err := s.rdb.LRange(ctx, s.key(table, "hands"), 0, n-1).Result()
	if err != nil {
		return nil, fmt.Errorf("store: recent hands of %s: %w", table, err)
	}
	return ids, nil
}
