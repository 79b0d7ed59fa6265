// Package rounds opens banked tables (roulette, the money wheel) on a
// table service, joins wheel bots (package wheelbot) to them and plays
// rounds for a while, measuring what the bots see: the latency of
// PlaceBets (the bet acknowledgement), the time from each round's result
// to the last player's settlement event and to the last settlement paid
// into a wallet, rounds played and errors. In dealer mode a dealer console
// per table reports the physical spins. cmd loadgen prints it
// (-game roulette|wheel); the banked integration tests reuse the set-up.
package rounds

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/shared/client"
	rtp "github.com/croupier/croupier/shared/rtp/blackjack"
	"github.com/croupier/croupier/tools/loadgen/bjbot"
	"github.com/croupier/croupier/tools/loadgen/wheelbot"
	"github.com/croupier/croupier/tools/platform"
)

// Target is the stack the bots play on.
type Target struct {
	URL string
	// Replicas, if set, are the table service's replicas the bots fail
	// over between (URL is used for set-up).
	Replicas      []string
	OperatorToken string
	APIKey        string
	Partner       string
	// WalletURL is where the wallet is served (default URL).
	WalletURL string
}

// Options shape a run.
type Options struct {
	// Game is "roulette", "wheel" or "blackjack"; DoubleZero plays the
	// 0/00 wheel.
	Game       string
	DoubleZero bool
	// Profile is the rule profile ("cz" default, "ru" for roulette).
	Profile string
	// Dealer: results from a dealer console (this package's) instead of
	// the RNG. InvalidSpins is the share of dealer spins reported invalid
	// (too few revolutions: void at cz, no spin at ru).
	Dealer       bool
	InvalidSpins float64
	Tables       int
	Players      int
	// Bets a player places a round, in Batches calls, spread over Spread
	// of the window.
	Bets    int
	Batches int
	Spread  float64
	Window  time.Duration
	Pause   time.Duration
	// Duration is how long the bots play (after set-up); Rounds, if set,
	// stops once every table has ended that many rounds.
	Duration time.Duration
	Rounds   int
	// Warm leaves each table's first rounds out of the latencies (the
	// first round has every player's stream connect at once).
	Warm  int
	Conns int
	// PerBox is how many blackjack players bet on one box (the first owns
	// it); Clock the decision clock (0: the table's default).
	PerBox int
	Clock  time.Duration
	// CloseWhenAllBet: rng tables close their betting once every bot has
	// bet (CreateBankedTableRequest.close_when_all_bet).
	CloseWhenAllBet bool
	Name            string
	Log             io.Writer
}

// Result is what a run measured.
type Result struct {
	Tables, Bots int
	// Placements acknowledged, refused or failed, replayed.
	Placements, PlaceErrors, Replayed int64
	StreamErrors, Failovers           int64
	// Rounds ended (settled or voided), over every table.
	Rounds int64
	// AckP50, AckP99, AckMax: PlaceBets latency in ms.
	AckP50, AckP99, AckMax float64
	// SettleP50 and SettleMax: per round, the time from the result's
	// commit to the last player's settlement event (ms), median and worst
	// round; PaidMax: to the last settlement paid into a wallet.
	SettleP50, SettleMax, PaidP50, PaidMax float64
	// Errors are placements that failed for another reason than a closed
	// window and streams that broke.
	Errors  int64
	Elapsed time.Duration
}

// Table is one opened table with its bots.
type Table struct {
	ID      string
	Bots    []Bot
	Players []Player
}

// Bot is one bot player: a wheel bot (package wheelbot) or a blackjack
// bot (package bjbot).
type Bot interface {
	Run(ctx context.Context)
	Counters() *wheelbot.Stats
}

// Player is a bot's player.
type Player struct {
	ID      string
	Account string
	Clients platform.Clients
}

// Observer collects what the bots see, for the measurements.
type Observer struct {
	mu     sync.Mutex
	acks   []float64
	rounds map[string]*roundSeen
	// warm is how many rounds of each table the measurements leave out:
	// the first, while every player's stream connects at once.
	warm int64
	// errors counts failures that are not refusals of a closed window.
	errors atomic.Int64
	// acked are the bets the bots were told were placed:
	// "table/round/player/bet id".
	acked map[string]bool
	// watch, if set, sees every event and every view each bot receives,
	// with the bot's player id (the leak tests).
	watch Watcher
}

// Watcher sees what a player's bot received: an event of his stream, or
// (e nil) a view of the table he read.
type Watcher func(table, player string, e *tablev1.RoundEvent, v *tablev1.BankedTableView)

// Watch has w see everything the bots receive from now on; set it before
// Setup.
func (o *Observer) Watch(w Watcher) { o.watch = w }

// roundSeen is one round as the bots saw it.
type roundSeen struct {
	result        time.Time
	settled, paid time.Time
	done          bool
}

// NewObserver returns an empty observer that measures every round.
func NewObserver() *Observer {
	return &Observer{rounds: map[string]*roundSeen{}, acked: map[string]bool{}}
}

// Warm leaves the first n rounds of each table out of the latencies.
func (o *Observer) Warm(n int64) { o.warm = n }

// Acked returns the bets the bots were told were placed, as
// "table/round/player/bet id".
func (o *Observer) Acked() map[string]bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make(map[string]bool, len(o.acked))
	for k := range o.acked {
		out[k] = true
	}
	return out
}

func (o *Observer) round(table string, n int64) *roundSeen {
	k := fmt.Sprintf("%s/%d", table, n)
	r := o.rounds[k]
	if r == nil {
		r = &roundSeen{}
		o.rounds[k] = r
	}
	return r
}

// event records an event a bot received at at.
func (o *Observer) event(table string, e *tablev1.RoundEvent, at time.Time) {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case e.GetRoundResult() != nil:
		r := o.round(table, e.GetRound())
		r.result, r.done = e.GetAt().AsTime(), true
	case e.GetRoundVoided() != nil:
		r := o.round(table, e.GetRound())
		if r.result.IsZero() {
			r.result = e.GetAt().AsTime()
		}
		r.done = true
	case e.GetRoundSettled() != nil, e.GetBetsRefunded() != nil:
		r := o.round(table, e.GetRound())
		r.settled = later(r.settled, at)
	case e.GetSettlementPaid() != nil:
		r := o.round(table, e.GetRound())
		r.paid = later(r.paid, at)
	}
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// place records a placement's outcome.
func (o *Observer) place(table, player string, res *tablev1.PlaceBetsResponse, lat time.Duration, err error) {
	if err != nil {
		if connect.CodeOf(err) != connect.CodeFailedPrecondition {
			o.errors.Add(1)
		}
		return
	}
	o.mu.Lock()
	if res.GetRound() > o.warm {
		o.acks = append(o.acks, float64(lat.Microseconds())/1000)
	}
	for _, b := range res.GetBets() {
		o.acked[fmt.Sprintf("%s/%d/%s/%s", table, res.GetRound(), player, b.GetBetId())] = true
	}
	o.mu.Unlock()
}

// Ended counts the rounds ended.
func (o *Observer) Ended() int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	var n int64
	for _, r := range o.rounds {
		if r.done {
			n++
		}
	}
	return n
}

// EndedOn counts the rounds of table ended.
func (o *Observer) EndedOn(table string) int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	var n int64
	for k, r := range o.rounds {
		if r.done && strings.HasPrefix(k, table+"/") {
			n++
		}
	}
	return n
}

// fill puts the observer's measurements into res.
func (o *Observer) fill(res *Result) {
	o.mu.Lock()
	defer o.mu.Unlock()
	res.AckP50, res.AckP99, res.AckMax = quantiles(o.acks)
	var settle, paid []float64
	for k, r := range o.rounds {
		if !r.done || r.result.IsZero() {
			continue
		}
		res.Rounds++
		var n int64
		_, _ = fmt.Sscanf(k[strings.LastIndexByte(k, '/')+1:], "%d", &n)
		if n <= o.warm {
			continue
		}
		if !r.settled.IsZero() {
			settle = append(settle, float64(r.settled.Sub(r.result).Microseconds())/1000)
		}
		if !r.paid.IsZero() {
			paid = append(paid, float64(r.paid.Sub(r.result).Microseconds())/1000)
		}
	}
	res.SettleP50, _, res.SettleMax = quantiles(settle)
	res.PaidP50, _, res.PaidMax = quantiles(paid)
	res.Errors += o.errors.Load()
}

// quantiles returns the median, the 99th percentile and the maximum.
func quantiles(xs []float64) (p50, p99, mx float64) {
	if len(xs) == 0 {
		return 0, 0, 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	at := func(q float64) float64 { return s[min(len(s)-1, int(q*float64(len(s))))] }
	return at(0.5), at(0.99), s[len(s)-1]
}

// Setup opens the tables and joins the bots (not yet running).
func Setup(ctx context.Context, tg Target, o Options, obs *Observer) ([]*Table, error) {
	o.defaults()
	admin := platform.NewClients(tg.URL, platform.Bearer(tg.OperatorToken))
	partner := platform.NewClients(tg.URL, platform.APIKey(tg.APIKey))
	if tg.WalletURL != "" {
		partner.Wallet = platform.NewClients(tg.WalletURL, platform.APIKey(tg.APIKey)).Wallet
	}
	hcs := make([]*http.Client, o.Conns)
	for i := range hcs {
		hcs[i] = client.NewHTTPClient()
	}
	tables := make([]*Table, o.Tables)
	for ti := range o.Tables {
		t, err := setupTable(ctx, tg, o, ti, admin, partner, hcs, obs)
		if err != nil {
			return nil, err
		}
		tables[ti] = t
	}
	return tables, nil
}

func (o *Options) defaults() {
	if o.Name == "" {
		o.Name = "rl"
	}
	if o.Conns <= 0 {
		o.Conns = 4
	}
	if o.Profile == "" {
		o.Profile = "cz"
	}
	if o.Bets <= 0 {
		o.Bets = 5
	}
	if o.Window == 0 {
		o.Window = 5 * time.Second
	}
	if o.PerBox <= 0 {
		o.PerBox = 1
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
}

// Limits of the load's tables: €1 to €1,000 a stake.
const (
	minStake = 100
	maxStake = 100_000
)

// game is the API's game of o.Game: "wheel" the money wheel, any other
// the game of that name ("roulette", "blackjack", "casino_holdem", ...).
func (o *Options) game() tablev1.BankedGame {
	if o.Game == "wheel" {
		return tablev1.BankedGame_BANKED_GAME_MONEY_WHEEL
	}
	if g, ok := tablev1.BankedGame_value["BANKED_GAME_"+strings.ToUpper(o.Game)]; ok {
		return tablev1.BankedGame(g)
	}
	return tablev1.BankedGame_BANKED_GAME_ROULETTE
}

// Games are the banked games the load plays.
func Games() []string {
	out := []string{"wheel"}
	for g := range tablev1.BankedGame_value {
		if n := strings.ToLower(strings.TrimPrefix(g, "BANKED_GAME_")); n != "unspecified" && n != "money_wheel" {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// CardGame reports a card game: its bots are card players (package
// bjbot), not wheel bettors.
func (o *Options) CardGame() bool {
	g := o.game()
	return g != tablev1.BankedGame_BANKED_GAME_ROULETTE && g != tablev1.BankedGame_BANKED_GAME_MONEY_WHEEL
}

// strategy is the basic strategy of a blackjack table's profile (nil for
// the wheels): derived for the profile's default rules.
func (o *Options) strategy() (*rtp.Strategy, error) {
	if o.Game != "blackjack" {
		return nil, nil
	}
	r := rtp.CZ()
	if o.Profile == "ru" {
		r = rtp.RU()
	}
	res, err := rtp.Cached(r)
	if err != nil {
		return nil, fmt.Errorf("basic strategy: %w", err)
	}
	return &res.Strategy, nil
}

func setupTable(ctx context.Context, tg Target, o Options, ti int, admin, partner platform.Clients, hcs []*http.Client, obs *Observer) (*Table, error) {
	game := o.game()
	strategy, err := o.strategy()
	if err != nil {
		return nil, err
	}
	src := tablev1.ResultSource_RESULT_SOURCE_RNG
	if o.Dealer {
		src = tablev1.ResultSource_RESULT_SOURCE_DEALER
	}
	opts := map[string]string{}
	if o.DoubleZero {
		opts["wheel"] = "double_zero"
	}
	pause := int32(o.Pause.Milliseconds())
	if pause == 0 {
		pause = -1
	}
	res, err := admin.BankedAdmin.CreateBankedTable(ctx, connect.NewRequest(&tablev1.CreateBankedTableRequest{
		Name: fmt.Sprintf("%s %s %d", o.Name, o.Game, ti), Game: game, Profile: o.Profile, Options: opts, Source: src, Currency: "EUR",
		Limits:          &tablev1.BetLimits{Table: &tablev1.BetLimit{Min: minStake, Max: maxStake}},
		BettingWindowMs: int32(o.Window.Milliseconds()), PauseMs: pause, MaxBets: int32(max(200, 2*o.Bets)),
		DecisionClockMs: int32(o.Clock.Milliseconds()), CloseWhenAllBet: o.CloseWhenAllBet && !o.Dealer}))
	if err != nil {
		return nil, fmt.Errorf("create table: %w", err)
	}
	id := res.Msg.GetTable().GetTableId()
	t := &Table{ID: id}
	urls := tg.Replicas
	if len(urls) == 0 {
		urls = []string{tg.URL}
	}
	// Players join in parallel: a table of thousands is set up in seconds.
	t.Bots, t.Players = make([]Bot, o.Players), make([]Player, o.Players)
	errs := make(chan error, o.Players)
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	for pi := range o.Players {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			p, err := joinPlayer(ctx, tg, partner, fmt.Sprintf("%s-%s-%d", o.Name, id, pi), id)
			if err != nil {
				errs <- err
				return
			}
			var clients []tablev1connect.BankedTableServiceClient
			var replicas []bjbot.Replica
			for r := range urls {
				u, hc := urls[(ti+pi+r)%len(urls)], hcs[(ti+pi+r)%len(hcs)]
				clients = append(clients, tablev1connect.NewBankedTableServiceClient(hc, u, client.NoGzip(), platform.Bearer(p.token)))
				replicas = append(replicas, bjbot.Replica{Banked: clients[len(clients)-1],
					Blackjack: tablev1connect.NewBlackjackServiceClient(hc, u, client.NoGzip(), platform.Bearer(p.token)),
					Poker:     tablev1connect.NewCasinoPokerServiceClient(hc, u, client.NoGzip(), platform.Bearer(p.token))})
			}
			t.Players[pi] = p.Player
			onEvent := func(e *tablev1.RoundEvent, at time.Time) {
				obs.event(id, e, at)
				if obs.watch != nil {
					obs.watch(id, p.ID, e, nil)
				}
			}
			var onView func(v *tablev1.BankedTableView)
			if obs.watch != nil {
				onView = func(v *tablev1.BankedTableView) { obs.watch(id, p.ID, nil, v) }
			}
			onPlace := func(_ *tablev1.PlaceBetsRequest, lat time.Duration, res *tablev1.PlaceBetsResponse, err error) {
				obs.place(id, p.ID, res, lat, err)
			}
			if o.CardGame() {
				// o.PerBox players a box (blackjack), boxes from 1, the
				// dealer's left.
				t.Bots[pi] = bjbot.New(bjbot.Config{Table: id, Game: game, Replicas: replicas, Box: int32(1 + (pi/o.PerBox)%7), Min: minStake, Max: maxStake,
					Strategy: strategy, Seed: uint64(ti)<<32 | uint64(pi), OnEvent: onEvent, OnView: onView, OnPlace: onPlace})
				return
			}
			t.Bots[pi] = wheelbot.New(wheelbot.Config{Table: id, Clients: clients, Game: game, DoubleZero: o.DoubleZero, Min: minStake, Max: maxStake,
				Bets: o.Bets, Batches: o.Batches, Spread: o.Spread, Seed: uint64(ti)<<32 | uint64(pi),
				OnEvent: onEvent, OnPlace: onPlace})
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return t, nil
}

type joined struct {
	Player
	token string
}

// joinPlayer funds a player, opens his session and joins him to table.
func joinPlayer(ctx context.Context, tg Target, partner platform.Clients, player, table string) (joined, error) {
	acct, err := platform.Fund(ctx, partner.Wallet, tg.Partner, player, "EUR", 1_000_000_000)
	if err != nil {
		return joined{}, fmt.Errorf("fund %s: %w", player, err)
	}
	sess, err := partner.Session.CreatePlayerSession(ctx, connect.NewRequest(&tablev1.CreatePlayerSessionRequest{PlayerId: player, TtlSeconds: 86400}))
	if err != nil {
		return joined{}, fmt.Errorf("session %s: %w", player, err)
	}
	tok := sess.Msg.GetToken()
	pc := platform.NewClients(tg.URL, platform.Bearer(tok))
	if _, err := pc.Banked.JoinBankedTable(ctx, connect.NewRequest(&tablev1.JoinBankedTableRequest{TableId: table, DisplayName: "bot", Currency: "EUR"})); err != nil {
		return joined{}, fmt.Errorf("join %s: %w", player, err)
	}
	return joined{Player: Player{ID: player, Account: acct, Clients: pc}, token: tok}, nil
}

// Dealer reports the spins of a dealer table's rounds: when a round closes
// it reports a random pocket with the wheel turning the other way from
// its last spin, the ball against it and enough revolutions, or, with
// probability invalid, a spin with too few revolutions.
// The console fails over between the replicas.
func Dealer(ctx context.Context, tg Target, table string, game tablev1.BankedGame, double bool, invalid float64, seed uint64) {
	urls := tg.Replicas
	if len(urls) == 0 {
		urls = []string{tg.URL}
	}
	ops := make([]platform.Clients, len(urls))
	for i, u := range urls {
		ops[i] = platform.NewClients(u, platform.Bearer(tg.OperatorToken))
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	wheel := tablev1.SpinDirection_SPIN_DIRECTION_CLOCKWISE
	last := ""
	for i := 0; ctx.Err() == nil; i++ {
		op := ops[i%len(ops)]
		st, err := op.Banked.SubscribeRounds(ctx, connect.NewRequest(&tablev1.SubscribeRoundsRequest{TableId: table, AfterEventId: last}))
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		for st.Receive() {
			for _, e := range st.Msg().GetEvents() {
				last = e.GetEventId()
				closed := e.GetBettingClosed() != nil || e.GetSnapshot().GetPhase() == tablev1.RoundPhase_ROUND_PHASE_CLOSED
				if !closed {
					continue
				}
				wheel = 3 - wheel // alternate (cz-european-roulette.md §5.2)
				report(ctx, ops, table, e.GetRound(), game, double, wheel, rng.Float64() < invalid, rng)
			}
		}
		st.Close()
	}
}

func report(ctx context.Context, ops []platform.Clients, table string, n int64, game tablev1.BankedGame, double bool,
	wheel tablev1.SpinDirection, invalid bool, rng *rand.Rand) {
	pockets, revs := 37, int32(12+rng.IntN(8))
	if double {
		pockets = 38
	}
	if game == tablev1.BankedGame_BANKED_GAME_MONEY_WHEEL {
		pockets, revs = 30, int32(6+rng.IntN(4))
	}
	if invalid {
		revs = 1
	}
	sp := &tablev1.Spin{Pocket: int32(rng.IntN(pockets)), WheelDirection: wheel, BallDirection: 3 - wheel, Revolutions: revs}
	for i := range 20 {
		_, err := ops[i%len(ops)].Dealer.ReportSpin(ctx, connect.NewRequest(&tablev1.ReportSpinRequest{TableId: table, Round: n, Spin: sp}))
		if err == nil || connect.CodeOf(err) == connect.CodeFailedPrecondition || ctx.Err() != nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}
