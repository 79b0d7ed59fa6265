// Package bjbot plays blackjack through the table service's public API
// the way a partner front-end does: it follows its table's round stream
// with its own session token, bets on its box in each round's betting
// window (the first bot on a box owns it, the others bet behind), and
// whenever the stream shows the round moved on it reads the table's view
// for its legal moves and plays the profile's basic strategy (package
// shared/rtp/blackjack): the owner hits, stands, doubles, splits or
// surrenders as the chart says; insurance and even money are declined,
// as the basic player does, and so is following the owner's double or
// split. tools/loadgen -game blackjack and the integration tests use it.
//
// At a casino poker table (Config.Game) the same bot antes on its box and
// plays the simple strategy of poker.go: it calls or plays with a pair or
// better (or an ace in the hole where it still may improve), checks
// where it may, and folds or passes otherwise.
package bjbot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/shared/card"
	rtp "github.com/croupier/croupier/shared/rtp/blackjack"
	"github.com/croupier/croupier/tools/loadgen/wheelbot"
)

// Replica is one table-service replica's clients, with the bot's token.
type Replica struct {
	Banked    tablev1connect.BankedTableServiceClient
	Blackjack tablev1connect.BlackjackServiceClient
	Poker     tablev1connect.CasinoPokerServiceClient
}

// Config configures a bot.
type Config struct {
	Table string
	// Game is the table's game: blackjack (the zero value too) or a
	// casino poker game.
	Game tablev1.BankedGame
	// Replicas in failover order.
	Replicas []Replica
	// Box is the box the bot bets on; Min and Max bound its stake.
	Box      int32
	Min, Max int64
	// Strategy is the basic strategy it plays (rtp.Cached(rules).Strategy).
	Strategy *rtp.Strategy
	Seed     uint64
	// OnEvent sees every event the bot receives, with when it came;
	// OnView every view of the table it reads; OnPlace every PlaceBets
	// call.
	OnEvent func(e *tablev1.RoundEvent, at time.Time)
	OnView  func(v *tablev1.BankedTableView)
	OnPlace func(req *tablev1.PlaceBetsRequest, latency time.Duration, res *tablev1.PlaceBetsResponse, err error)
}

// Bot is one player.
type Bot struct {
	cfg   Config
	Stats wheelbot.Stats
	mu    sync.Mutex
	cur   int
	rng   *rand.Rand
	bet   map[int64]bool
	last  string
	// Moves counts the moves the bot made, Refused those the table refused
	// (the round moved on first: the clock, another player).
	Moves, Refused int64
}

// New returns a bot.
func New(cfg Config) *Bot {
	return &Bot{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x2545f4914f6cdd1d)), bet: map[int64]bool{}}
}

// Counters are the bot's stats (rounds.Bot).
func (b *Bot) Counters() *wheelbot.Stats { return &b.Stats }

func (b *Bot) replica() Replica {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.cfg.Replicas[b.cur%len(b.cfg.Replicas)]
}

func (b *Bot) failover(err error) {
	switch connect.CodeOf(err) {
	case connect.CodeUnavailable, connect.CodeUnknown, connect.CodeDeadlineExceeded, connect.CodeInternal:
		b.mu.Lock()
		b.cur++
		b.mu.Unlock()
		b.Stats.Failovers.Add(1)
	}
}

// Run follows the table until ctx ends.
func (b *Bot) Run(ctx context.Context) {
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

func (b *Bot) follow(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	st, err := b.replica().Banked.SubscribeRounds(ctx, connect.NewRequest(&tablev1.SubscribeRoundsRequest{TableId: b.cfg.Table, AfterEventId: b.last}))
	if err != nil {
		return err
	}
	defer st.Close()
	for st.Receive() {
		now := time.Now()
		moved := false
		for _, e := range st.Msg().GetEvents() {
			b.last = e.GetEventId()
			if b.cfg.OnEvent != nil {
				b.cfg.OnEvent(e, now)
			}
			switch {
			case e.GetSnapshot() != nil && e.GetSnapshot().GetPhase() == tablev1.RoundPhase_ROUND_PHASE_BETTING:
				b.place(ctx, e.GetSnapshot().GetRound(), len(e.GetSnapshot().GetYourBets()) > 0)
			case e.GetRoundOpened() != nil:
				b.place(ctx, e.GetRound(), false)
			case e.GetRoundSettled() != nil:
				t := e.GetRoundSettled().GetTotals()
				b.Stats.Settled.Add(1)
				b.Stats.Staked.Add(t.GetStaked())
				b.Stats.Paid.Add(t.GetPaid())
			case e.GetSnapshot() != nil, b.mayAsk(e.GetBlackjack()), b.mayDecide(e.GetCasinoPoker()):
				moved = true
			}
		}
		if moved {
			b.play(ctx)
		}
	}
	if err := st.Err(); err != nil {
		return err
	}
	return errors.New("stream ended")
}

// mayAsk reports an event after which the bot may have a move: the
// pre-play window opening (insurance, even money, surrender), the turn
// coming to its box (its own decision, or its answer to the owner's
// double or split), or a card to its box (after a hit the turn stays
// with the hand and no new turn is announced). It reads the table's view
// only then, as a front-end would redraw its controls, not on every card
// dealt to somebody else.
func (b *Bot) mayAsk(e *tablev1.BlackjackEvent) bool {
	switch e.GetKind() {
	case "window_opened":
		return true
	case "turn", "dealt":
		return e.GetBox() == b.cfg.Box
	}
	return false
}

// place bets on the bot's box in round n, once.
func (b *Bot) place(ctx context.Context, n int64, has bool) {
	if b.bet[n] || has {
		b.bet[n] = true
		return
	}
	b.bet[n] = true
	amount := b.cfg.Min * (1 + b.rng.Int64N(3))
	if b.cfg.Max > 0 && amount > b.cfg.Max {
		amount = b.cfg.Min
	}
	req := &tablev1.PlaceBetsRequest{TableId: b.cfg.Table, Round: n, IdempotencyKey: fmt.Sprintf("r%d", n),
		Bets: []*tablev1.Bet{{BetId: fmt.Sprintf("r%d", n), Spot: b.spot(), Amount: amount}}}
	for attempt := 0; attempt < 10 && ctx.Err() == nil; attempt++ {
		start := time.Now()
		res, err := b.replica().Banked.PlaceBets(ctx, connect.NewRequest(req))
		var msg *tablev1.PlaceBetsResponse
		if err == nil {
			msg = res.Msg
		}
		if b.cfg.OnPlace != nil && ctx.Err() == nil {
			b.cfg.OnPlace(req, time.Since(start), msg, err)
		}
		if err == nil {
			b.Stats.Placements.Add(1)
			return
		}
		b.Stats.PlaceErrors.Add(1)
		switch connect.CodeOf(err) {
		case connect.CodeUnavailable, connect.CodeUnknown, connect.CodeDeadlineExceeded, connect.CodeAborted, connect.CodeInternal:
			b.failover(err)
			time.Sleep(50 * time.Millisecond)
			continue
		}
		return // refused (the box full, the window closed): nothing moved
	}
}

// play makes the bot's moves while its view lists any.
func (b *Bot) play(ctx context.Context) {
	for range 8 {
		res, err := b.replica().Banked.GetBankedTable(ctx, connect.NewRequest(&tablev1.GetBankedTableRequest{TableId: b.cfg.Table}))
		if err != nil {
			b.failover(err)
			return
		}
		v := res.Msg.GetTable()
		if b.cfg.OnView != nil {
			b.cfg.OnView(v)
		}
		if v.GetPhase() != tablev1.RoundPhase_ROUND_PHASE_CLOSED {
			return
		}
		if b.poker() {
			if !b.decide(ctx, v) {
				return
			}
			continue
		}
		m := b.choose(v.GetBlackjack())
		if m == nil {
			return
		}
		b.Moves++
		req := &tablev1.PlayBlackjackRequest{TableId: b.cfg.Table, Round: v.GetRound(), Kind: m.GetKind(), Box: m.GetBox(), Hand: m.GetHand(),
			Action: m.GetAction(), Decline: m.GetDecline(), Seq: m.GetSeq(), IdempotencyKey: fmt.Sprintf("r%d-m%d", v.GetRound(), b.Moves)}
		if m.GetAction() == tablev1.BlackjackAction_BLACKJACK_ACTION_DOUBLE {
			req.Amount = m.GetMax()
		}
		if _, err := b.replica().Blackjack.PlayBlackjack(ctx, connect.NewRequest(req)); err != nil {
			b.Refused++
			b.failover(err)
			return
		}
	}
}

// choose is the basic player's move among the legal ones: decline an
// insurance, even money or a follow; surrender or decide as the chart
// says.
func (b *Bot) choose(r *tablev1.BlackjackRound) *tablev1.BlackjackMove {
	var decide []*tablev1.BlackjackMove
	var surrender *tablev1.BlackjackMove
	for _, m := range r.GetLegal() {
		switch m.GetKind() {
		case tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_INSURE, tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_EVEN_MONEY,
			tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_FOLLOW:
			if m.GetDecline() {
				return m
			}
		case tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_SURRENDER:
			surrender = m
		case tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_DECIDE:
			decide = append(decide, m)
		}
	}
	if len(r.GetDealer()) == 0 || (surrender == nil && len(decide) == 0) {
		return nil
	}
	up, err := card.Parse(r.GetDealer()[0])
	if err != nil {
		return nil
	}
	box, hand := surrender.GetBox(), surrender.GetHand()
	if len(decide) > 0 {
		box, hand = decide[0].GetBox(), decide[0].GetHand()
	}
	cards := handCards(r, box, hand)
	allowed := func(a tablev1.BlackjackAction) *tablev1.BlackjackMove {
		for _, m := range decide {
			if m.GetAction() == a {
				return m
			}
		}
		return nil
	}
	d := allowed(tablev1.BlackjackAction_BLACKJACK_ACTION_DOUBLE)
	sp := allowed(tablev1.BlackjackAction_BLACKJACK_ACTION_SPLIT)
	switch b.cfg.Strategy.Decide(cards, up, d != nil, sp != nil, surrender != nil) {
	case rtp.Surrender:
		return surrender
	case rtp.Split:
		return sp
	case rtp.Double:
		return d
	case rtp.Hit:
		return allowed(tablev1.BlackjackAction_BLACKJACK_ACTION_HIT)
	}
	return allowed(tablev1.BlackjackAction_BLACKJACK_ACTION_STAND)
}

// handCards are the cards of box's hand on the felt.
func handCards(r *tablev1.BlackjackRound, box, hand int32) []card.Card {
	if hand == 0 {
		hand = 1
	}
	for _, bx := range r.GetBoxes() {
		if bx.GetBox() != box {
			continue
		}
		for _, h := range bx.GetHands() {
			if h.GetId() == hand {
				var out []card.Card
				for _, s := range h.GetCards() {
					if c, err := card.Parse(s); err == nil {
						out = append(out, c)
					}
				}
				return out
			}
		}
	}
	return nil
}
