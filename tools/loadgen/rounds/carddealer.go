package rounds

import (
	"context"
	"math/rand/v2"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/tools/platform"
)

// CardDealer is a live studio's shoe reader at a dealer card table: it
// shuffles a physical shoe of its own (a blackjack table's decks, the
// reshuffle marker in the shoe's last quarter before the 52 cards that
// stay behind it; decks 0 is a casino poker table's one deck a round,
// without a marker), and whenever the round stream moves it reads the next
// card into the table until the table has none due. The table checks
// every card against the shoe it has counted; a card's place in the shoe
// makes a retry after a failover a replay.
//
// A table waiting for a card sends nothing until it gets one, so the
// reader never gives a card up on a lost replica: it tries the call again
// on the replicas in turn (as a studio's console would), and it reads
// again whenever it subscribes, in case the call that was lost was the
// last thing the table heard.
func CardDealer(ctx context.Context, tg Target, table string, decks int, seed uint64) {
	urls := tg.Replicas
	if len(urls) == 0 {
		urls = []string{tg.URL}
	}
	ops := make([]platform.Clients, len(urls))
	for i, u := range urls {
		ops[i] = platform.NewClients(u, platform.Bearer(tg.OperatorToken))
	}
	d := &cardDealer{table: table, rng: rand.New(rand.NewPCG(seed, 11)), decks: decks, ops: ops}
	last := ""
	for i := 0; ctx.Err() == nil; i++ {
		op := ops[i%len(ops)]
		st, err := op.Banked.SubscribeRounds(ctx, connect.NewRequest(&tablev1.SubscribeRoundsRequest{TableId: table, AfterEventId: last}))
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		d.deal(ctx)
		for st.Receive() {
			for _, e := range st.Msg().GetEvents() {
				last = e.GetEventId()
			}
			d.deal(ctx)
		}
		st.Close()
	}
}

type cardDealer struct {
	table string
	rng   *rand.Rand
	decks int
	shoe  []card.Card
	next  int
	ops   []platform.Clients // every replica, tried in turn
	turn  int
}

// call makes one dealer call, again on the next replica while it gets no
// answer from the table (a transport error has no reason), for up to two
// seconds: a replica killed and restarted is back well within that.
func (d *cardDealer) call(ctx context.Context, f func(platform.Clients) error) error {
	var err error
	for range 20 {
		if err = f(d.ops[d.turn%len(d.ops)]); err == nil || apierr.Reason(err) != "" || ctx.Err() != nil {
			return err
		}
		d.turn++
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// shuffle shuffles a new physical shoe and reports it.
func (d *cardDealer) shuffle(ctx context.Context) error {
	d.shoe = card.Deck(max(d.decks, 1))
	d.rng.Shuffle(len(d.shoe), func(i, j int) { d.shoe[i], d.shoe[j] = d.shoe[j], d.shoe[i] })
	d.next = 0
	marker := 0
	if d.decks > 0 {
		lo, hi := house.MarkerRange(d.decks, 52)
		marker = lo + d.rng.IntN(hi-lo+1)
	}
	return d.call(ctx, func(op platform.Clients) error {
		_, err := op.Dealer.ShuffleShoe(ctx, connect.NewRequest(&tablev1.ShuffleShoeRequest{TableId: d.table, Marker: int32(marker)}))
		return err
	})
}

// deal reads cards into the table while it takes them.
func (d *cardDealer) deal(ctx context.Context) {
	for range 64 {
		if d.shoe == nil || d.next >= len(d.shoe) {
			if err := d.shuffle(ctx); err != nil {
				return
			}
		}
		err := d.call(ctx, func(op platform.Clients) error {
			_, err := op.Dealer.DealCard(ctx, connect.NewRequest(&tablev1.DealCardRequest{TableId: d.table, Card: d.shoe[d.next].String(),
				ShoePosition: int32(d.next + 1)}))
			return err
		})
		switch reason := apierr.Reason(err); {
		case err == nil:
			d.next++
		case reason == "SHUFFLE_DUE":
			if d.shuffle(ctx) != nil {
				return
			}
		default:
			return // no card due (a decision is awaited), or the table moved on
		}
	}
}
