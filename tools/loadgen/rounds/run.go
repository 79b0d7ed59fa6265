package rounds

import (
	"context"
	"fmt"
	"sync"
	"time"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
)

// Run sets up the tables, plays until the duration or the rounds are over,
// and returns the measurements.
func Run(ctx context.Context, tg Target, o Options) (Result, error) {
	o.defaults()
	obs := NewObserver()
	obs.Warm(int64(o.Warm))
	start := time.Now()
	tables, err := Setup(ctx, tg, o, obs)
	if err != nil {
		return Result{}, err
	}
	fmt.Fprintf(o.Log, "%d %s tables with %d players each set up in %s\n", len(tables), o.Game, o.Players, time.Since(start).Round(time.Millisecond))
	res := Play(ctx, tg, o, tables, obs)
	return res, nil
}

// Play runs the bots (and the dealers of dealer tables) of tables set up
// by Setup until the duration or the rounds are over.
func Play(ctx context.Context, tg Target, o Options, tables []*Table, obs *Observer) Result {
	o.defaults()
	game := o.game()
	playCtx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	start := time.Now()
	for ti, t := range tables {
		if o.Dealer && o.CardGame() {
			decks := 0 // a deck a round, no marker: the casino poker games
			if game == tablev1.BankedGame_BANKED_GAME_BLACKJACK {
				decks = 6
				if o.Profile == "ru" {
					decks = 8
				}
			}
			wg.Add(1)
			go func() { defer wg.Done(); CardDealer(playCtx, tg, t.ID, decks, uint64(ti)) }()
		} else if o.Dealer {
			wg.Add(1)
			go func() { defer wg.Done(); Dealer(playCtx, tg, t.ID, game, o.DoubleZero, o.InvalidSpins, uint64(ti)) }()
		}
		for _, b := range t.Bots {
			wg.Add(1)
			go func() { defer wg.Done(); b.Run(playCtx) }()
		}
	}
	deadline := time.NewTimer(o.Duration)
	if o.Duration <= 0 {
		deadline.Stop()
	}
	tick := time.NewTicker(250 * time.Millisecond)
wait:
	for {
		select {
		case <-ctx.Done():
			break wait
		case <-deadline.C:
			break wait
		case <-tick.C:
			if o.Rounds > 0 && obs.Ended() >= int64(o.Rounds*len(tables)) {
				break wait
			}
		}
	}
	tick.Stop()
	elapsed := time.Since(start)
	stop()
	wg.Wait()
	res := Result{Tables: len(tables), Elapsed: elapsed}
	for _, t := range tables {
		for _, b := range t.Bots {
			st := b.Counters()
			res.Bots++
			res.Placements += st.Placements.Load()
			res.PlaceErrors += st.PlaceErrors.Load()
			res.Replayed += st.Replayed.Load()
			res.StreamErrors += st.StreamErrors.Load()
			res.Failovers += st.Failovers.Load()
		}
	}
	obs.fill(&res)
	return res
}
