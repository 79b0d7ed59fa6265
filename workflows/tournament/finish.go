package tournament

import (
	"fmt"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament/finish"
	"github.com/croupier/croupier/workflows/tournament/payout"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// stop ends play: tables stop dealing, the winners are ranked by chips
// (H.32), and the prizes are computed.
func (r *run) stop(ctx workflow.Context) error {
	s := r.s
	live := r.liveIDs()
	if err := workflow.ExecuteActivity(ctx, (*Activities).PauseTables, TablesIn{Tables: live, Reason: "play over"}).Get(ctx, nil); err != nil {
		return err
	}
	var idle IdleOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).WaitIdle, TablesIn{Tables: live}).Get(ctx, &idle); err != nil {
		return err
	}
	if err := r.catchUp(ctx, idle.LastHand); err != nil {
		return err
	}
	var st StacksOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).ReadStacks, TablesIn{Tables: live}).Get(ctx, &st); err != nil {
		return err
	}
	var stacks []finish.Stack
	var in []*Player
	for _, p := range s.Players {
		if p.In() {
			p.Chips, _ = ChipsOf(st.Chips, p.Partner, p.ID)
			stacks = append(stacks, finish.Stack{Player: p.Key(), Chips: p.Chips})
			in = append(in, p)
		}
	}
	for k, place := range finish.Winners(stacks) {
		in[k].Place = place
	}
	var fs []payout.Finisher
	for i, p := range s.Players {
		if p.Place > 0 && (p.In() || p.Status == Out) {
			fs = append(fs, payout.Finisher{ID: fmt.Sprint(i), Place: p.Place, Chips: p.Chips, Order: p.Order})
		}
	}
	var prizes []payout.Prize
	switch s.Terms.Payout {
	case terms.ByPlace:
		var err error
		if prizes, err = payout.ByPlace(s.Money.Pool, s.Terms.PayoutBps, fs); err != nil {
			return err
		}
	case terms.Equal, terms.ByChips:
		var ws []payout.Finisher
		for _, f := range fs {
			if f.Place <= s.Terms.Winners {
				ws = append(ws, f)
			}
		}
		if s.Terms.Payout == terms.Equal {
			prizes = payout.Equal(s.Money.Pool, ws)
		} else {
			prizes = payout.ByChips(s.Money.Pool, ws)
		}
	}
	for _, pz := range prizes {
		var i int
		fmt.Sscan(pz.ID, &i)
		s.Players[i].Prize = pz.Amount
	}
	for _, p := range s.Players {
		if p.In() {
			p.Status = Out
		}
	}
	s.Phase = Paying
	return nil
}

// pay pays every prize through the wallet, each under its own key, and
// closes the tables.
func (r *run) pay(ctx workflow.Context) error {
	s := r.s
	var items []MoneyItem
	for i, p := range s.Players {
		if p.Prize > 0 {
			items = append(items, MoneyItem{Key: s.key("prize", i), Transfer: Transfer{From: s.PoolAccount, To: p.Account,
				Amount: p.Prize, Currency: s.Terms.Currency, Kind: KindPrize, Tournament: s.ID, Note: fmt.Sprintf("place %d", p.Place)}})
		}
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).Move, MoneyIn{Items: items}).Get(ctx, nil); err != nil {
		return err
	}
	if live := r.liveIDs(); len(live) > 0 {
		if err := workflow.ExecuteActivity(ctx, (*Activities).CloseTables, TablesIn{Tables: live, Reason: "tournament over"}).Get(ctx, nil); err != nil {
			return err
		}
		for _, ti := range s.LiveTables() {
			s.Tables[ti].Closed = true
		}
	}
	s.Phase = Completed
	return nil
}
