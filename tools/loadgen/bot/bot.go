// Package bot plays poker through the table service's public API the way a
// partner front-end does: it subscribes to its table's event stream with
// its own session token, keeps what it may see (its hole cards, the board,
// the legal actions of its turn), and acts with the hand id and the action
// sequence number. It resumes a broken stream after the last event id and
// retries a failed Act on another replica, so it survives a table-service
// pod dying. tools/loadgen, the dev stack's demo mode and the table
// service's leak and pod-loss tests use it.
package bot

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
)

// Decision is an action to take.
type Decision struct {
	Kind   tablev1.ActionKind
	Amount int64
}

// Situation is what a bot knows on its turn.
type Situation struct {
	Hole  []string
	Board []string
	Legal []*tablev1.LegalAction
	// Street is the betting round's name.
	Street string
	// Stack is the bot's stack before acting; Pot the chips in the middle
	// as far as the bot counted them.
	Stack int64
}

// Strategy chooses actions.
type Strategy interface {
	Decide(s Situation, r *rand.Rand) Decision
}

// Config configures a bot.
type Config struct {
	Table string
	// Clients are the table service's replicas in failover order; the bot
	// moves to the next on a transport error.
	Clients  []tablev1connect.TableServiceClient
	Strategy Strategy
	Seed     uint64
	// OnEvent sees every event the bot receives (scanners, counters).
	OnEvent func(*tablev1.TableEvent)
	// OnAct sees every Act call: the request, its latency, and the
	// response or error.
	OnAct func(req *tablev1.ActRequest, latency time.Duration, res *tablev1.ActResponse, err error)
	// Broke is called when the bot sits out without chips; it may top up
	// (AddChips) and sit in. Nil: the bot stays out.
	Broke func(ctx context.Context) error
	// ThinkTime is how long the bot thinks before each action on average:
	// between half and one and a half times it (0: not at all).
	ThinkTime time.Duration
	// Play makes the bot play over one Play stream (events down, commands
	// up) instead of Subscribe and unary Act calls.
	Play bool
}

// Stats count what a bot did.
type Stats struct {
	Acts         atomic.Int64
	ActErrors    atomic.Int64
	StreamErrors atomic.Int64
	Replayed     atomic.Int64
	Failovers    atomic.Int64
}

// Bot is one player.
type Bot struct {
	cfg   Config
	rng   *rand.Rand
	Stats Stats

	mu      sync.Mutex
	client  int
	seat    int32
	hand    string
	street  string
	hole    []string
	board   []string
	stack   int64
	last    string
	lastSeq int64
	acted   string

	// The Play stream and the commands sent on it still without a result
	// (re-sent on the next stream if it breaks).
	play    *connect.BidiStreamForClient[tablev1.PlayRequest, tablev1.PlayResponse]
	sendMu  sync.Mutex
	nextCmd uint64
	pending map[uint64]*pendingAct
}

// pendingAct is an Act sent on a Play stream, waiting for its result.
type pendingAct struct {
	req      *tablev1.ActRequest
	start    time.Time
	attempts int
}

// New returns a bot.
func New(cfg Config) *Bot {
	return &Bot{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x5eed)), seat: -1, lastSeq: -1}
}

// Seat is the bot's seat as its stream last said, -1 if none.
func (b *Bot) Seat() int32 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.seat
}

func (b *Bot) current() tablev1connect.TableServiceClient {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.cfg.Clients[b.client%len(b.cfg.Clients)]
}

func (b *Bot) failover() {
	b.mu.Lock()
	b.client++
	b.mu.Unlock()
	b.Stats.Failovers.Add(1)
}

// transient reports errors worth retrying on another replica.
func transient(err error) bool {
	switch connect.CodeOf(err) {
	case connect.CodeUnavailable, connect.CodeUnknown, connect.CodeInternal, connect.CodeDeadlineExceeded, connect.CodeCanceled, connect.CodeAborted:
		return true
	}
	return false
}

// Run plays until ctx is done.
func (b *Bot) Run(ctx context.Context) {
	if b.cfg.Play {
		b.runPlay(ctx)
		return
	}
	for ctx.Err() == nil {
		b.mu.Lock()
		after := b.last
		b.mu.Unlock()
		stream, err := b.current().Subscribe(ctx, connect.NewRequest(&tablev1.SubscribeRequest{TableId: b.cfg.Table, AfterEventId: after}))
		if err == nil {
			for stream.Receive() {
				for _, ev := range stream.Msg().GetEvents() {
					b.handle(ctx, ev)
				}
			}
			err = stream.Err()
			stream.Close()
		}
		b.streamEnded(ctx, err)
	}
}

// streamEnded counts a stream that ended (unless ctx did), moves to the
// next replica if the error says this one is gone, and pauses briefly
// before the next stream.
func (b *Bot) streamEnded(ctx context.Context, err error) {
	if ctx.Err() != nil {
		return
	}
	b.Stats.StreamErrors.Add(1)
	if err == nil || transient(err) {
		b.failover()
	}
	select {
	case <-ctx.Done():
	case <-time.After(20 * time.Millisecond):
	}
}

func (b *Bot) handle(ctx context.Context, ev *tablev1.TableEvent) {
	if b.cfg.OnEvent != nil {
		b.cfg.OnEvent(ev)
	}
	b.mu.Lock()
	b.last = ev.GetEventId()
	b.mu.Unlock()
	switch x := ev.GetEvent().(type) {
	case *tablev1.TableEvent_Snapshot:
		v := x.Snapshot
		b.mu.Lock()
		b.seat = v.GetYourSeat()
		b.hole, b.board = nil, nil
		if h := v.GetHand(); h != nil {
			b.hand, b.street = h.GetHandId(), h.GetStreet()
			b.board = append([]string(nil), h.GetBoard()...)
			for _, s := range v.GetSeats() {
				if s.GetSeat() == b.seat {
					b.hole = append([]string(nil), s.GetCards()...)
					b.stack = s.GetStack()
				}
			}
		}
		seat := b.seat
		b.mu.Unlock()
		if h := v.GetHand(); h != nil && h.GetPhase() == "betting" && h.GetToActSeat() == seat && seat >= 0 {
			b.act(ctx, h.GetHandId(), h.GetActionSeq(), h.GetLegalActions())
		}
		if seat >= 0 && b.broke(v) {
			b.rebuy(ctx)
		}
	case *tablev1.TableEvent_HandStarted:
		b.mu.Lock()
		b.hand, b.hole, b.board = ev.GetHandId(), nil, nil
		for _, s := range x.HandStarted.GetSeats() {
			if s.GetSeat() == b.seat {
				b.stack = s.GetStack()
			}
		}
		b.mu.Unlock()
	case *tablev1.TableEvent_CardsDealt:
		cd := x.CardsDealt
		b.mu.Lock()
		b.street = cd.GetStreet()
		switch cd.GetSeat() {
		case b.seat:
			b.hole = append(b.hole, cd.GetCards()...)
		case -1:
			b.board = append(b.board, cd.GetCards()...)
		}
		b.mu.Unlock()
	case *tablev1.TableEvent_StreetStarted:
		b.mu.Lock()
		b.street = x.StreetStarted.GetStreet()
		b.mu.Unlock()
	case *tablev1.TableEvent_ActionTaken:
		if x.ActionTaken.GetSeat() == b.Seat() {
			b.mu.Lock()
			b.stack = x.ActionTaken.GetStack()
			b.mu.Unlock()
		}
	case *tablev1.TableEvent_TurnStarted:
		ts := x.TurnStarted
		if ts.GetSeat() == b.Seat() {
			b.act(ctx, ev.GetHandId(), ts.GetActionSeq(), ts.GetLegalActions())
		}
	case *tablev1.TableEvent_SeatChanged:
		s := x.SeatChanged.GetSeat()
		if s.GetSeat() == b.Seat() && x.SeatChanged.GetChange() == "sat_out" && s.GetStack() == 0 {
			b.rebuy(ctx)
		}
		if x.SeatChanged.GetChange() == "seated" && s.GetSeat() >= 0 && b.Seat() < 0 && s.GetPlayerId() != "" {
			// Our own seat shows our player id (nobody else's does).
			b.mu.Lock()
			b.seat = s.GetSeat()
			b.mu.Unlock()
		}
	}
}

func (b *Bot) broke(v *tablev1.TableView) bool {
	for _, s := range v.GetSeats() {
		if s.GetSeat() == v.GetYourSeat() {
			return s.GetStatus() == tablev1.SeatStatus_SEAT_STATUS_SITTING_OUT && s.GetStack() == 0 && !s.GetInHand()
		}
	}
	return false
}

func (b *Bot) rebuy(ctx context.Context) {
	if b.cfg.Broke == nil {
		return
	}
	if err := b.cfg.Broke(ctx); err != nil && ctx.Err() == nil {
		b.Stats.ActErrors.Add(1)
	}
}

// act decides and sends one action, retrying on other replicas after a
// transport error: a retry carries the same hand, sequence and body, so
// it is applied once (replayed if the first got through).
func (b *Bot) act(ctx context.Context, handID string, seq int64, legal []*tablev1.LegalAction) {
	b.mu.Lock()
	key := handID + "/" + itoa(seq)
	if b.acted == key || len(legal) == 0 {
		b.mu.Unlock()
		return
	}
	b.acted = key
	s := Situation{Hole: append([]string(nil), b.hole...), Board: append([]string(nil), b.board...), Legal: legal, Street: b.street, Stack: b.stack}
	b.mu.Unlock()
	if b.cfg.ThinkTime > 0 {
		// Spread out, so that tables dealt together drift apart.
		think := b.cfg.ThinkTime/2 + time.Duration(b.rng.Int64N(int64(b.cfg.ThinkTime)+1))
		select {
		case <-ctx.Done():
			return
		case <-time.After(think):
		}
	}
	d := b.cfg.Strategy.Decide(s, b.rng)
	req := &tablev1.ActRequest{TableId: b.cfg.Table, HandId: handID, ActionSeq: seq, Kind: d.Kind, Amount: d.Amount}
	if b.cfg.Play {
		b.sendAct(&pendingAct{req: req, start: time.Now()})
		return
	}
	for attempt := 0; attempt < 8 && ctx.Err() == nil; attempt++ {
		start := time.Now()
		res, err := b.current().Act(ctx, connect.NewRequest(req))
		lat := time.Since(start)
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			b.Stats.Acts.Add(1)
			if res.Msg.GetReplayed() {
				b.Stats.Replayed.Add(1)
			}
			if b.cfg.OnAct != nil {
				b.cfg.OnAct(req, lat, res.Msg, nil)
			}
			return
		}
		if b.cfg.OnAct != nil {
			b.cfg.OnAct(req, lat, nil, err)
		}
		if !transient(err) {
			b.Stats.ActErrors.Add(1)
			return
		}
		b.failover()
		time.Sleep(time.Duration(attempt+1) * 10 * time.Millisecond)
	}
	b.Stats.ActErrors.Add(1)
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	neg := v < 0
	if neg {
		v = -v
	}
	for v > 0 {
		i--
		buf[i] = byte('0' + v%10)
		v /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

// ErrStopped is returned by helpers once the bot's context ends.
var ErrStopped = errors.New("bot: stopped")
