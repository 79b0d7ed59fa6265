package tournament

import (
	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament/terms"
)

func (r *run) validateCancel(ctx workflow.Context, in ReasonIn) error {
	s := r.s
	if s.Cancelled || s.Phase == Cancelled || s.Phase == Completed || s.Phase == Paying {
		return refuse("CANNOT_CANCEL", "the tournament is %s", s.Phase)
	}
	return nil
}

// cancel marks the tournament cancelled; the main loop refunds.
func (r *run) cancel(in ReasonIn) error {
	if r.s.Cancelled {
		return nil
	}
	r.s.Cancelled, r.s.Reason = true, in.Reason
	r.notify()
	return nil
}

// cancelBeforeStart releases every hold: stake and fee go back (GR H.5,
// H.6; T10(a)).
func (r *run) cancelBeforeStart(ctx workflow.Context) error {
	s := r.s
	if err := workflow.Await(ctx, func() bool { return r.busy == 0 }); err != nil {
		return err
	}
	var holds []string
	for _, p := range s.Players {
		if p.Status == Registered {
			holds = appendHolds(holds, p)
			s.Refunded.Add(terms.EntryCharge{Stake: p.Paid.Pool, Fee: p.Paid.Commission})
			p.Status = Withdrawn
		}
	}
	if len(holds) > 0 {
		if err := workflow.ExecuteActivity(ctx, (*Activities).VoidHolds, HoldsIn{Holds: holds}).Get(ctx, nil); err != nil {
			return err
		}
	}
	s.Phase = Cancelled
	return nil
}

// cancelRunning stops the tables and gives every player back what he paid,
// stakes from the pool and fees from the house (GR H.5, H.6; T10(a)). A
// disqualified player's money stays where it is (T10(c)).
func (r *run) cancelRunning(ctx workflow.Context, poll workflow.Future) error {
	s := r.s
	if poll != nil {
		_ = poll.Get(ctx, nil)
	}
	if err := r.drainMoves(ctx); err != nil {
		return err
	}
	if err := workflow.Await(ctx, func() bool { return r.busy == 0 }); err != nil {
		return err
	}
	if live := r.liveIDs(); len(live) > 0 {
		if err := workflow.ExecuteActivity(ctx, (*Activities).CloseTables, TablesIn{Tables: live, Reason: "tournament cancelled"}).Get(ctx, nil); err != nil {
			return err
		}
		for _, ti := range s.LiveTables() {
			s.Tables[ti].Closed = true
		}
	}
	var items []MoneyItem
	for i, p := range s.Players {
		if p.Status == Disqualified || p.Status == Withdrawn || p.Status == Registered {
			continue
		}
		items = append(items,
			MoneyItem{Key: s.key("refund", i, "stake"), Transfer: Transfer{From: s.PoolAccount, To: p.Account, Amount: p.Paid.Pool, Currency: s.Terms.Currency, Kind: KindRefund, Tournament: s.ID, Note: "tournament cancelled"}},
			MoneyItem{Key: s.key("refund", i, "fee"), Transfer: Transfer{From: s.RevenueAccount, To: p.Account, Amount: p.Paid.Commission, Currency: s.Terms.Currency, Kind: KindRefund, Tournament: s.ID, Note: "tournament cancelled"}})
		s.Refunded.Add(terms.EntryCharge{Stake: p.Paid.Pool, Fee: p.Paid.Commission})
		p.Status = Withdrawn
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).Move, MoneyIn{Items: items}).Get(ctx, nil); err != nil {
		return err
	}
	s.Phase = Cancelled
	return nil
}
