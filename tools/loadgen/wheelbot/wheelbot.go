// Package wheelbot plays the wheel games (roulette, the money wheel)
// through the table service's public BankedTableService the way a partner
// front-end does: it follows its table's round stream with its own session
// token, places random legal bets in each round's betting window (one
// PlaceBets call per batch, with an idempotency key per batch, retried on
// another replica after a transport error), and keeps what it is told of
// its bets' settlement. tools/loadgen and the banked integration tests
// (pod loss, rounds through the API) use it.
package wheelbot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
)

// Config configures a bot.
type Config struct {
	Table string
	// Clients are the table service's replicas in failover order.
	Clients []tablev1connect.BankedTableServiceClient
	// Roulette or the money wheel; DoubleZero: the 0/00 wheel (no
	// announced bets).
	Game       tablev1.BankedGame
	DoubleZero bool
	// Min and Max bound one stake (the table's sign); Bets is how many
	// bets the bot places a round, in Batches PlaceBets calls.
	Min, Max int64
	Bets     int
	Batches  int
	// Spread is the share of the betting window the bot's placements are
	// spread over (0: all at once when the round opens).
	Spread float64
	Seed   uint64
	// OnEvent sees every event the bot receives, with when it came.
	OnEvent func(e *tablev1.RoundEvent, at time.Time)
	// OnPlace sees every PlaceBets call: the request, its latency, and the
	// response or error.
	OnPlace func(req *tablev1.PlaceBetsRequest, latency time.Duration, res *tablev1.PlaceBetsResponse, err error)
}

// Stats count what a bot did.
type Stats struct {
	Placements   atomic.Int64
	PlaceErrors  atomic.Int64
	Replayed     atomic.Int64
	StreamErrors atomic.Int64
	Failovers    atomic.Int64
	Settled      atomic.Int64
	Staked       atomic.Int64
	Paid         atomic.Int64
}

// Bot is one player.
type Bot struct {
	cfg   Config
	Stats Stats
	mu    sync.Mutex
	cur   int
	rng   *rand.Rand
	// placed: the rounds the bot has placed its bets in (or is placing).
	placed map[int64]bool
	last   string
	wg     sync.WaitGroup
}

// New returns a bot.
func New(cfg Config) *Bot {
	if cfg.Batches < 1 {
		cfg.Batches = 1
	}
	return &Bot{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)), placed: map[int64]bool{}}
}

func (b *Bot) client() tablev1connect.BankedTableServiceClient {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.cfg.Clients[b.cur%len(b.cfg.Clients)]
}

// failover moves to the next replica after a transport error.
func (b *Bot) failover(err error) {
	switch connect.CodeOf(err) {
	case connect.CodeUnavailable, connect.CodeUnknown, connect.CodeDeadlineExceeded, connect.CodeInternal:
		b.mu.Lock()
		b.cur++
		b.mu.Unlock()
		b.Stats.Failovers.Add(1)
	}
}

// Run follows the table until ctx ends, placing bets in every round.
func (b *Bot) Run(ctx context.Context) {
	defer b.wg.Wait()
	for ctx.Err() == nil {
		err := b.follow(ctx)
		if ctx.Err() != nil {
			return
		}
		b.Stats.StreamErrors.Add(1)
		b.failover(err)
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// follow reads one stream until it breaks.
func (b *Bot) follow(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	st, err := b.client().SubscribeRounds(ctx, connect.NewRequest(&tablev1.SubscribeRoundsRequest{TableId: b.cfg.Table, AfterEventId: b.last}))
	if err != nil {
		return err
	}
	defer st.Close()
	for st.Receive() {
		now := time.Now()
		for _, e := range st.Msg().GetEvents() {
			b.last = e.GetEventId()
			if b.cfg.OnEvent != nil {
				b.cfg.OnEvent(e, now)
			}
			b.handle(ctx, e)
		}
	}
	if err := st.Err(); err != nil {
		return err
	}
	return errors.New("stream ended")
}

func (b *Bot) handle(ctx context.Context, e *tablev1.RoundEvent) {
	switch {
	case e.GetSnapshot() != nil:
		s := e.GetSnapshot()
		if s.GetPhase() == tablev1.RoundPhase_ROUND_PHASE_BETTING {
			b.bet(ctx, s.GetRound(), s.GetClosesAt().AsTime(), len(s.GetYourBets()) > 0)
		}
	case e.GetRoundOpened() != nil:
		b.bet(ctx, e.GetRound(), e.GetRoundOpened().GetClosesAt().AsTime(), false)
	case e.GetRoundSettled() != nil:
		t := e.GetRoundSettled().GetTotals()
		b.Stats.Settled.Add(1)
		b.Stats.Staked.Add(t.GetStaked())
		b.Stats.Paid.Add(t.GetPaid())
	}
}

// bet places the bot's bets of round n, spread over the window, in the
// background (the stream goes on meanwhile).
func (b *Bot) bet(ctx context.Context, n int64, closes time.Time, has bool) {
	b.mu.Lock()
	if b.placed[n] || has {
		b.placed[n] = true
		b.mu.Unlock()
		return
	}
	b.placed[n] = true
	batches := b.batches(n)
	window := time.Until(closes)
	delays := make([]time.Duration, len(batches))
	for i := range delays {
		if b.cfg.Spread > 0 && window > 0 {
			delays[i] = time.Duration(b.rng.Float64() * b.cfg.Spread * float64(window))
		}
	}
	b.mu.Unlock()
	// Each batch goes at its own moment of the window, in order.
	slices.Sort(delays)
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		start := time.Now()
		for i, batch := range batches {
			if d := delays[i] - time.Since(start); d > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(d):
				}
			}
			b.place(ctx, n, i, batch)
		}
	}()
}

// place sends one batch, retried with the same key after a transport
// error (on the next replica) until the round's window is surely over.
func (b *Bot) place(ctx context.Context, n int64, i int, bets []*tablev1.Bet) {
	req := &tablev1.PlaceBetsRequest{TableId: b.cfg.Table, Round: n, Bets: bets, IdempotencyKey: fmt.Sprintf("r%d-b%d", n, i)}
	for attempt := 0; attempt < 20 && ctx.Err() == nil; attempt++ {
		start := time.Now()
		res, err := b.client().PlaceBets(ctx, connect.NewRequest(req))
		lat := time.Since(start)
		var msg *tablev1.PlaceBetsResponse
		if err == nil {
			msg = res.Msg
		}
		if b.cfg.OnPlace != nil && ctx.Err() == nil {
			b.cfg.OnPlace(req, lat, msg, err)
		}
		if err == nil {
			b.Stats.Placements.Add(1)
			if msg.GetReplayed() {
				b.Stats.Replayed.Add(1)
			}
			return
		}
		b.Stats.PlaceErrors.Add(1)
		switch connect.CodeOf(err) {
		case connect.CodeUnavailable, connect.CodeUnknown, connect.CodeDeadlineExceeded, connect.CodeAborted, connect.CodeInternal:
			b.failover(err)
			time.Sleep(50 * time.Millisecond)
			continue
		}
		return // refused (the window closed, a limit): nothing moved
	}
}

// batches draws the round's bets and splits them into batches.
func (b *Bot) batches(n int64) [][]*tablev1.Bet {
	out := make([][]*tablev1.Bet, b.cfg.Batches)
	for i := range b.cfg.Bets {
		bet := b.randomBet()
		bet.BetId = fmt.Sprintf("r%d-%d", n, i)
		out[i%len(out)] = append(out[i%len(out)], bet)
	}
	var nonEmpty [][]*tablev1.Bet
	for _, o := range out {
		if len(o) > 0 {
			nonEmpty = append(nonEmpty, o)
		}
	}
	return nonEmpty
}

// amount is a random stake: the minimum times 1..3 (times a bundle's
// chips for an announced bet), within the maximum.
func (b *Bot) amount(chips int64) int64 {
	a := b.cfg.Min * chips * (1 + b.rng.Int64N(3))
	if b.cfg.Max > 0 && a > b.cfg.Max*chips {
		a = b.cfg.Min * chips
	}
	return a
}

var boxes = []string{"cherries", "bell", "grapes", "melon", "star", "seven"}

// randomBet is a random legal bet of the bot's game.
func (b *Bot) randomBet() *tablev1.Bet {
	r := b.rng
	if b.cfg.Game == tablev1.BankedGame_BANKED_GAME_MONEY_WHEEL {
		return &tablev1.Bet{Spot: boxes[r.IntN(len(boxes))], Amount: b.amount(1)}
	}
	kinds := 11
	if b.cfg.DoubleZero {
		kinds = 7 // no announced bets on the 0/00 wheel (ru-american-roulette.md N1)
	}
	spot, chips := rouletteSpot(r, r.IntN(kinds))
	return &tablev1.Bet{Spot: spot, Amount: b.amount(chips)}
}

// rouletteSpot is a random spot of kind k (0..6 layout bets, 7..10
// announced bets) and its chip count.
func rouletteSpot(r *rand.Rand, k int) (string, int64) {
	switch k {
	case 0:
		return fmt.Sprintf("straight:%d", r.IntN(37)), 1
	case 1:
		if a := 1 + r.IntN(33); r.IntN(2) == 0 {
			return fmt.Sprintf("split:%d-%d", a, a+3), 1
		}
		a := 1 + 3*r.IntN(12) + r.IntN(2)
		return fmt.Sprintf("split:%d-%d", a, a+1), 1
	case 2:
		a := 1 + 3*r.IntN(12)
		return fmt.Sprintf("street:%d-%d-%d", a, a+1, a+2), 1
	case 3:
		a := 1 + 3*r.IntN(11) + r.IntN(2)
		return fmt.Sprintf("corner:%d-%d-%d-%d", a, a+1, a+3, a+4), 1
	case 4:
		a := 1 + 3*r.IntN(11)
		return fmt.Sprintf("sixline:%d-%d", a, a+5), 1
	case 5:
		return fmt.Sprintf("%s:%d", []string{"dozen", "column"}[r.IntN(2)], 1+r.IntN(3)), 1
	case 6:
		return []string{"red", "black", "odd", "even", "low", "high"}[r.IntN(6)], 1
	case 7:
		return fmt.Sprintf("neighbours:%d", r.IntN(37)), 5
	case 8:
		return "voisins", 9
	case 9:
		return "tiers", 6
	}
	if r.IntN(2) == 0 {
		return "zero_game", 4
	}
	return "orphelins", 5
}

// Counters are the bot's stats (rounds.Bot).
func (b *Bot) Counters() *Stats { return &b.Stats }
