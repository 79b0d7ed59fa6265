// Package load opens tables on a table service, seats bots at them and
// plays for a while, measuring what the bots see: actions per second, the
// latency of Act, hands played and errors. cmd loadgen prints it; the dev
// stack's demo mode and tests reuse the setup.
package load

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"connectrpc.com/connect"
	"github.com/redis/go-redis/v9"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/tools/loadgen/bot"
	"github.com/croupier/croupier/tools/platform"
)

// Target is the stack the bots play on.
type Target struct {
	URL string
	// Replicas, if set, are the table service's replicas the bots fail
	// over between (URL is used for setup).
	Replicas      []string
	OperatorToken string
	APIKey        string
	Partner       string
	// WalletURL is where the wallet is served (default URL).
	WalletURL string
}

// Options shape a run.
type Options struct {
	Duration time.Duration
	Tables   int
	Players  int
	// Seats is each table's size (default Players): more leaves seats free.
	Seats int
	// Tight is the share of bots playing Tight (the rest play Random).
	Tight float64
	// Conns is how many HTTP/2 connections the bots share.
	Conns int
	Game  string
	// Pause is the pause between hands (0: none).
	Pause time.Duration
	// ActionTime is the tables' action clock (default 30s).
	ActionTime time.Duration
	// NoRebuy: a bot out of chips stays out (no AddChips).
	NoRebuy bool
	// HTTP1 makes the bots use the Connect protocol over HTTP/1.1 (a
	// connection per stream) instead of HTTP/2.
	HTTP1 bool
	// Connect makes the bots use the Connect protocol over HTTP/2 instead
	// of gRPC (no trailers after each response).
	Connect bool
	// API is how the bots play: "play" (one Play stream per bot: events
	// down, commands up), "unary" (Subscribe plus an Act call per action)
	// or "mixed" (odd tables unary, even tables play). HTTP1 forces unary
	// (Play needs HTTP/2). Default "play".
	API string
	// ThinkTime delays each bot action.
	ThinkTime time.Duration
	Log       io.Writer
	// Name prefixes the players and tables (default "lg").
	Name string
	// CPUProfile, if set, receives a CPU profile of the measured part of
	// the run (after the tables are set up).
	CPUProfile io.Writer
}

// Result is what a run measured.
type Result struct {
	Tables, Bots              int
	Acts, Replayed, Failovers int64
	StreamErrors, ActErrors   int64
	Hands                     int64
	Errors                    int64
	ActionsPerSecond          float64
	P50, P90, P99, P999, Max  float64
	Elapsed                   time.Duration
	// CPU is this process's CPU time while measuring.
	CPU time.Duration
	// Counts is what this process did while measuring: allocations and
	// read and write system calls, which unlike CPU time do not depend on
	// what else runs on the machine.
	Counts Counts
}

// Counts are a process's allocations and system calls.
type Counts struct {
	Mallocs, AllocBytes uint64
	// Reads and Writes are read and write system calls (Linux; 0 elsewhere).
	Reads, Writes uint64
}

// ProcessCounts reads this process's counts so far.
func ProcessCounts() Counts {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	c := Counts{Mallocs: ms.Mallocs, AllocBytes: ms.TotalAlloc}
	if b, err := os.ReadFile("/proc/self/io"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			k, v, _ := strings.Cut(line, ": ")
			switch k {
			case "syscr":
				c.Reads, _ = strconv.ParseUint(v, 10, 64)
			case "syscw":
				c.Writes, _ = strconv.ParseUint(v, 10, 64)
			}
		}
	}
	return c
}

// Sub is c minus d.
func (c Counts) Sub(d Counts) Counts {
	return Counts{Mallocs: c.Mallocs - d.Mallocs, AllocBytes: c.AllocBytes - d.AllocBytes, Reads: c.Reads - d.Reads, Writes: c.Writes - d.Writes}
}

// Table is one opened table with its bots.
type Table struct {
	ID      string
	Bots    []*bot.Bot
	Players []Player
}

// Player is a bot's player: his id and his API clients (first replica).
type Player struct {
	ID      string
	Token   string
	Clients platform.Clients
}

// Setup opens tables and seats bots; it returns the tables (bots not yet
// running) and a function that runs them until ctx ends.
func Setup(ctx context.Context, tg Target, o Options, onEvent func(table string, player int, ev *tablev1.TableEvent),
	onAct func(*tablev1.ActRequest, time.Duration, *tablev1.ActResponse, error)) ([]*Table, error) {
	if o.Name == "" {
		o.Name = "lg"
	}
	if o.Conns <= 0 {
		o.Conns = 1
	}
	if o.ActionTime == 0 {
		o.ActionTime = 30 * time.Second
	}
	hcs := make([]*http.Client, 0, o.Conns)
	for range o.Conns {
		if o.HTTP1 {
			hcs = append(hcs, &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1024, IdleConnTimeout: time.Minute}})
		} else {
			hcs = append(hcs, client.NewHTTPClient())
		}
	}
	admin := platform.NewClients(tg.URL, platform.Bearer(tg.OperatorToken))
	partner := platform.NewClients(tg.URL, platform.APIKey(tg.APIKey))
	if tg.WalletURL != "" {
		partner.Wallet = platform.NewClients(tg.WalletURL, platform.APIKey(tg.APIKey)).Wallet
	}
	game, structure := gameOf(o.Game)
	stakes := &tablev1.Stakes{Currency: "EUR", Exponent: 2, SmallBlind: 50, BigBlind: 100, MinBuyIn: 5_000, MaxBuyIn: 20_000}
	if structure == tablev1.BettingStructure_BETTING_STRUCTURE_FIXED_LIMIT {
		stakes = &tablev1.Stakes{Currency: "EUR", Exponent: 2, Ante: 10, SmallBet: 100, BringIn: 25, MinBuyIn: 5_000, MaxBuyIn: 20_000}
	}
	tables := make([]*Table, o.Tables)
	errs := make(chan error, o.Tables)
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for ti := range o.Tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			t, err := setupTable(ctx, tg, o, ti, admin, partner, hcs, game, structure, stakes, onEvent, onAct)
			if err != nil {
				errs <- err
				return
			}
			tables[ti] = t
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return tables, nil
}

func gameOf(name string) (tablev1.Game, tablev1.BettingStructure) {
	switch name {
	case "omaha":
		return tablev1.Game_GAME_OMAHA, tablev1.BettingStructure_BETTING_STRUCTURE_POT_LIMIT
	case "seven-card-stud":
		return tablev1.Game_GAME_SEVEN_CARD_STUD, tablev1.BettingStructure_BETTING_STRUCTURE_FIXED_LIMIT
	case "five-card-stud":
		return tablev1.Game_GAME_FIVE_CARD_STUD, tablev1.BettingStructure_BETTING_STRUCTURE_FIXED_LIMIT
	}
	return tablev1.Game_GAME_HOLDEM, tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT
}

func setupTable(ctx context.Context, tg Target, o Options, ti int, admin, partner platform.Clients, hcs []*http.Client,
	game tablev1.Game, structure tablev1.BettingStructure, stakes *tablev1.Stakes,
	onEvent func(string, int, *tablev1.TableEvent), onAct func(*tablev1.ActRequest, time.Duration, *tablev1.ActResponse, error)) (*Table, error) {
	res, err := admin.Admin.CreateTable(ctx, connect.NewRequest(&tablev1.CreateTableRequest{
		Name: fmt.Sprintf("%s table %d", o.Name, ti), Game: game, Structure: structure, Stakes: stakes,
		MaxSeats: int32(max(o.Seats, o.Players, 2)), Profile: "gr",
		Clock: &tablev1.Clock{ActionSeconds: int32(max(o.ActionTime, 5*time.Second) / time.Second), HandPauseMs: int32(o.Pause / time.Millisecond)}}))
	if err != nil {
		return nil, fmt.Errorf("create table: %w", err)
	}
	id := res.Msg.GetTable().GetTableId()
	t := &Table{ID: id}
	for pi := range o.Players {
		player := fmt.Sprintf("%s-%s-%d", o.Name, id, pi)
		if _, err := platform.Fund(ctx, partner.Wallet, tg.Partner, player, "EUR", 1_000_000_000); err != nil {
			return nil, fmt.Errorf("fund %s: %w", player, err)
		}
		sess, err := partner.Session.CreatePlayerSession(ctx, connect.NewRequest(&tablev1.CreatePlayerSessionRequest{PlayerId: player, TtlSeconds: 86400}))
		if err != nil {
			return nil, fmt.Errorf("session %s: %w", player, err)
		}
		tok := sess.Msg.GetToken()
		opt := platform.Bearer(tok)
		pc := platform.NewClients(tg.URL, opt)
		if _, err := pc.Table.TakeSeat(ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: int32(pi),
			BuyIn: &commonv1.Money{Amount: stakes.GetMaxBuyIn(), Currency: "EUR"}, IdempotencyKey: "seat", DisplayName: fmt.Sprintf("bot%d", pi)})); err != nil {
			return nil, fmt.Errorf("take seat: %w", err)
		}
		urls := tg.Replicas
		if len(urls) == 0 {
			urls = []string{tg.URL}
		}
		var clients []tablev1connect.TableServiceClient
		for r := range urls {
			// Bots spread over the replicas; a table's bots share a
			// connection, as the players of one partner front-end would.
			u := urls[(ti+pi+r)%len(urls)]
			hc := hcs[(ti+r)%len(hcs)]
			copts := []connect.ClientOption{client.NoGzip(), client.Codec(), opt}
			if !o.HTTP1 && !o.Connect {
				copts = append(copts, connect.WithGRPC())
			}
			clients = append(clients, tablev1connect.NewTableServiceClient(hc, u, copts...))
		}
		var strat bot.Strategy = bot.Random{}
		if float64(pi)/float64(o.Players) < o.Tight {
			strat = bot.Tight{}
		}
		rebuys := atomic.Int64{}
		var rebuy func(context.Context) error
		if !o.NoRebuy {
			rebuy = func(ctx context.Context) error {
				n := rebuys.Add(1)
				if _, err := pc.Table.AddChips(ctx, connect.NewRequest(&tablev1.AddChipsRequest{TableId: id,
					Amount: &commonv1.Money{Amount: stakes.GetMaxBuyIn(), Currency: "EUR"}, IdempotencyKey: fmt.Sprint("rebuy-", n)})); err != nil {
					return err
				}
				_, err := pc.Table.SitIn(ctx, connect.NewRequest(&tablev1.SitInRequest{TableId: id}))
				return err
			}
		}
		b := bot.New(bot.Config{Table: id, Clients: clients, Strategy: strat, Seed: uint64(ti*100 + pi), ThinkTime: o.ThinkTime,
			Play: o.usesPlay(ti),
			OnEvent: func(ev *tablev1.TableEvent) {
				if onEvent != nil {
					onEvent(id, pi, ev)
				}
			},
			OnAct: onAct,
			Broke: rebuy})
		t.Bots = append(t.Bots, b)
		t.Players = append(t.Players, Player{ID: player, Token: tok, Clients: pc})
	}
	return t, nil
}

// usesPlay reports whether table ti's bots play over Play streams.
func (o Options) usesPlay(ti int) bool {
	switch {
	case o.HTTP1 || o.API == "unary":
		return false
	case o.API == "mixed":
		return ti%2 == 0
	}
	return true
}

// Run sets up and plays, and returns the measurements.
func Run(ctx context.Context, tg Target, o Options) (Result, error) {
	log := o.Log
	if log == nil {
		log = io.Discard
	}
	var mu sync.Mutex
	lat := make([]float64, 0, 1<<18)
	var measuring atomic.Bool
	hands := sync.Map{}
	var handCount atomic.Int64
	onEvent := func(table string, player int, ev *tablev1.TableEvent) {
		if player != 0 || !measuring.Load() {
			return
		}
		if ev.GetHandEnded() != nil {
			if _, dup := hands.LoadOrStore(ev.GetHandId(), true); !dup {
				handCount.Add(1)
			}
		}
	}
	onAct := func(_ *tablev1.ActRequest, d time.Duration, _ *tablev1.ActResponse, err error) {
		if err != nil || !measuring.Load() {
			return
		}
		mu.Lock()
		lat = append(lat, float64(d.Microseconds())/1000)
		mu.Unlock()
	}
	start := time.Now()
	tables, err := Setup(ctx, tg, o, onEvent, onAct)
	if err != nil {
		return Result{}, err
	}
	fmt.Fprintf(log, "opened %d tables with %d bots in %s\n", len(tables), len(tables)*o.Players, time.Since(start).Round(time.Millisecond))
	runCtx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var bots []*bot.Bot
	for _, t := range tables {
		for _, b := range t.Bots {
			bots = append(bots, b)
			wg.Add(1)
			go func() { defer wg.Done(); b.Run(runCtx) }()
		}
	}
	if o.CPUProfile != nil {
		if err := pprof.StartCPUProfile(o.CPUProfile); err != nil {
			cancel()
			wg.Wait()
			return Result{}, fmt.Errorf("cpu profile: %w", err)
		}
	}
	measuring.Store(true)
	before := sum(bots)
	counts0 := ProcessCounts()
	cpu0 := ProcessCPU()
	t0 := time.Now()
	tick := time.NewTicker(5 * time.Second)
	deadline := time.After(o.Duration)
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case <-deadline:
			break loop
		case <-tick.C:
			s := sum(bots)
			fmt.Fprintf(log, "  %5.1fs acts=%d hands=%d errors=%d\n", time.Since(t0).Seconds(), s.acts-before.acts, handCount.Load(), s.errs-before.errs)
		}
	}
	tick.Stop()
	measuring.Store(false)
	if o.CPUProfile != nil {
		pprof.StopCPUProfile()
	}
	elapsed := time.Since(t0)
	res0 := ProcessCPU() - cpu0
	counts := ProcessCounts().Sub(counts0)
	after := sum(bots)
	cancel()
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	slices.Sort(lat)
	res := Result{Tables: len(tables), Bots: len(bots), Acts: after.acts - before.acts, Replayed: after.replayed - before.replayed,
		Failovers: after.failovers - before.failovers, StreamErrors: after.streamErrs - before.streamErrs,
		ActErrors: after.actErrs - before.actErrs, Hands: handCount.Load(), Elapsed: elapsed}
	res.Errors = res.StreamErrors + res.ActErrors
	res.CPU, res.Counts = res0, counts
	res.ActionsPerSecond = float64(res.Acts) / elapsed.Seconds()
	res.P50, res.P90, res.P99, res.P999 = quantile(lat, 0.5), quantile(lat, 0.9), quantile(lat, 0.99), quantile(lat, 0.999)
	if len(lat) > 0 {
		res.Max = lat[len(lat)-1]
	}
	return res, nil
}

type totals struct{ acts, replayed, failovers, streamErrs, actErrs, errs int64 }

func sum(bots []*bot.Bot) totals {
	var t totals
	for _, b := range bots {
		t.acts += b.Stats.Acts.Load()
		t.replayed += b.Stats.Replayed.Load()
		t.failovers += b.Stats.Failovers.Load()
		t.streamErrs += b.Stats.StreamErrors.Load()
		t.actErrs += b.Stats.ActErrors.Load()
	}
	t.errs = t.streamErrs + t.actErrs
	return t
}

func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q * float64(len(sorted)-1))
	return sorted[i]
}

// CleanRedis deletes the keys under prefix.
func CleanRedis(addr, prefix string) {
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	defer rdb.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
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

// ProcessCPU is the CPU time this process used so far.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// RedisCommands is how many commands the Redis server at addr processed
// so far.
func RedisCommands(addr string) int64 {
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	defer rdb.Close()
	info, err := rdb.Info(context.Background(), "stats").Result()
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "total_commands_processed:"); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	return 0
}

// RedisCPU is the CPU time the Redis server at addr used so far.
func RedisCPU(addr string) time.Duration {
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	defer rdb.Close()
	info, err := rdb.Info(context.Background(), "cpu").Result()
	if err != nil {
		return 0
	}
	var total float64
	for _, line := range strings.Split(info, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ":")
		if ok && (k == "used_cpu_sys" || k == "used_cpu_user") {
			var f float64
			fmt.Sscan(v, &f)
			total += f
		}
	}
	return time.Duration(total * float64(time.Second))
}

// Average is the machine's load average, for the record.
func Average() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], "/")
}
