package tournament

import (
	"fmt"
	"sort"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament/finish"
)

// handResult is one finished hand at one table.
type handResult struct {
	table int
	hand  Hand
}

// apply takes a poll's hands into the state, in the order they ended, and
// reports whether there were any.
func (r *run) apply(ctx workflow.Context, tables []int, out PollOut) bool {
	var all []handResult
	for k, hs := range out.Hands {
		for _, h := range hs {
			all = append(all, handResult{table: tables[k], hand: h})
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if !a.hand.EndedAt.Equal(b.hand.EndedAt) {
			return a.hand.EndedAt.Before(b.hand.EndedAt)
		}
		if a.table != b.table {
			return a.table < b.table
		}
		return a.hand.Number < b.hand.Number
	})
	for _, hr := range all {
		busts := r.takeHand(ctx, hr.table, hr.hand)
		r.eliminate(ctx, busts, 0)
	}
	for k, seated := range out.Seated {
		if seated != nil {
			r.reconcile(ctx, tables[k], seated)
		}
	}
	return len(all) > 0
}

// reconcile eliminates the players the model still seats at a table whose
// missed hands took them out: they are no longer seated there. Their
// starting stacks for the hand are unknown; their last known stacks stand in
// (docs/rules/tournaments.md §17 ranks by them).
func (r *run) reconcile(ctx workflow.Context, ti int, seated []string) {
	s := r.s
	here := map[string]bool{}
	for _, k := range seated {
		here[k] = true
	}
	var busts []bust
	for _, pi := range s.Tables[ti].Seats {
		if pi < 0 {
			continue
		}
		p := s.Players[pi]
		if p.Status != Playing || p.Moving || here[p.Key()] || here[":"+p.ID] {
			continue
		}
		busts = append(busts, bust{player: pi, table: ti, start: p.Chips})
	}
	r.eliminate(ctx, busts, 0)
}

// bust is a player out of chips in a hand.
type bust struct {
	player int
	table  int
	start  int64
}

// takeHand updates the table and its players from one hand and returns the
// players who are out (not those who may still rebuy).
func (r *run) takeHand(ctx workflow.Context, ti int, h Hand) []bust {
	s := r.s
	t := s.Tables[ti]
	if h.Number <= t.LastHand {
		return nil // seen before (a retried poll)
	}
	t.LastHand = h.Number
	t.Button, t.SmallBlind, t.BigBlind = h.Button, h.SmallBlind, h.BigBlind
	s.MoveTerms.MissedHands += len(h.Missed)
	for _, hp := range h.Players {
		if hp.Dead > 0 {
			s.MoveTerms.DeadBigBlinds++
		}
		if hp.Clock {
			s.CalledClocks++
		}
	}
	var out []bust
	for _, hp := range h.Players {
		i, p := s.player(hp.Partner, hp.Player)
		if p == nil || !p.In() {
			continue
		}
		p.Chips = hp.End
		if !hp.Eliminated && hp.End > 0 {
			continue
		}
		p.Chips = 0
		p.BustTable, p.BustStart = ti, hp.Start
		p.Bank, p.BankKept, p.Shot, p.Ext = hp.Bank, true, hp.Shot, hp.Ext
		if s.Terms.RebuyEligible(s.Level, 0, p.Rebuys) && !p.Moving {
			// Inside the period he may still announce a rebuy, but may
			// not sit out hands deciding (H.16(b)); his seat is kept for
			// him meanwhile.
			p.Status = Busted
			p.RebuyBy = workflow.Now(ctx).Add(s.Terms.RebuyDecision)
			continue
		}
		r.unseat(i)
		out = append(out, bust{player: i, table: ti, start: hp.Start})
	}
	return out
}

// unseat frees a player's seat in the model.
func (r *run) unseat(i int) {
	p := r.s.Players[i]
	if p.Table >= 0 && p.Table < len(r.s.Tables) {
		t := r.s.Tables[p.Table]
		if p.Seat >= 0 && p.Seat < len(t.Seats) && t.Seats[p.Seat] == i {
			t.Seats[p.Seat] = -1
		}
	}
	p.Table, p.Seat = -1, -1
}

// eliminate gives places to players out in one event: one hand at one
// table, or one hand-for-hand round across tables (GR H.30, H.31).
func (r *run) eliminate(ctx workflow.Context, busts []bust, round int) {
	if len(busts) == 0 {
		return
	}
	s := r.s
	fb := make([]finish.Bust, len(busts))
	for k, b := range busts {
		fb[k] = finish.Bust{Player: fmt.Sprint(b.player), Table: fmt.Sprint(b.table), Start: b.start}
	}
	places := finish.Places(s.Left(), fb)
	e := Elimination{At: workflow.Now(ctx), Round: round}
	for k, b := range busts {
		p := s.Players[b.player]
		p.Status, p.Place, p.Chips = Out, places[k], 0
		r.unseat(b.player)
		e.Players = append(e.Players, b.player)
		e.Places = append(e.Places, places[k])
		e.Starts = append(e.Starts, b.start)
		e.Tables = append(e.Tables, b.table)
	}
	s.Eliminations = append(s.Eliminations, e)
}
