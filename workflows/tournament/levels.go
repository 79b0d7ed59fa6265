package tournament

import (
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament/chiprace"
	"github.com/croupier/croupier/workflows/tournament/schedule"
)

// stakes are level's forced bets with the smallest chip in play.
func (r *run) stakes(level int) Stakes {
	l := r.s.Terms.Levels[level]
	unit := r.s.Terms.Chips[0]
	if len(r.s.InPlay) > 0 {
		unit = r.s.InPlay[0]
	}
	return Stakes{SmallBlind: l.SmallBlind, BigBlind: l.BigBlind, Ante: l.Ante, BringIn: l.BringIn, Unit: unit}
}

// changeLevel moves the clock to p: a break starts or ends, or a new level
// begins (its stakes apply from each table's next hand, H.23), with a chip
// race when the new level no longer needs the smallest chip (H.18).
//
// The live tables are read afresh before each step: a race first waits for
// the moves in flight, and one of them may break a table.
func (r *run) changeLevel(ctx workflow.Context, p schedule.Point) error {
	s := r.s
	if p.Break && !s.Break {
		s.Break, s.Phase = true, OnBreak
		return workflow.ExecuteActivity(ctx, (*Activities).PauseTables, TablesIn{Tables: r.liveIDs(), Reason: "break"}).Get(ctx, nil)
	}
	if p.Level != s.Level {
		s.Level = p.Level
		var amounts []int64
		for _, l := range s.Terms.Levels[s.Level:] {
			amounts = append(amounts, l.SmallBlind, l.BigBlind, l.Ante, l.BringIn)
		}
		for {
			low, high, ok := chiprace.Needed(s.InPlay, amounts...)
			if !ok {
				break
			}
			if err := r.race(ctx, low, high); err != nil {
				return err
			}
		}
		if err := workflow.ExecuteActivity(ctx, (*Activities).SetStakes, TablesIn{Tables: r.liveIDs(), Stakes: r.stakes(s.Level)}).Get(ctx, nil); err != nil {
			return err
		}
	}
	if !p.Break && s.Break {
		s.Break = false
		s.Phase = Running
		if len(s.LiveTables()) == 1 {
			s.Phase = FinalTable
		}
		if !s.Paused {
			return workflow.ExecuteActivity(ctx, (*Activities).ResumeTables, TablesIn{Tables: r.liveIDs()}).Get(ctx, nil)
		}
	}
	return nil
}

// race colours up one chip value at every table between hands (H.18),
// once the moves in flight have landed (they may close tables).
func (r *run) race(ctx workflow.Context, low, high int64) error {
	s := r.s
	if err := r.drainMoves(ctx); err != nil {
		return err
	}
	live := r.liveIDs()
	var idle IdleOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).WaitIdle, TablesIn{Tables: live}).Get(ctx, &idle); err != nil {
		return err
	}
	// Take in the hands finished before the hold, so the race sees the
	// players really seated.
	if err := r.catchUp(ctx, idle.LastHand); err != nil {
		return err
	}
	partners := map[string]string{}
	for _, p := range s.Players {
		if p.In() {
			partners[p.ID] = p.Partner
		}
	}
	var out RaceOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).ChipRace, RaceIn{Key: s.key("race", low), Tournament: s.ID, Tables: live, Low: low, High: high, Partners: partners}).Get(ctx, &out); err != nil {
		return err
	}
	for _, p := range s.Players {
		for _, m := range out.Stacks {
			if chips, ok := m[p.Key()]; ok && p.In() {
				p.Chips = chips
			}
		}
	}
	s.InPlay = s.InPlay[1:]
	hasHundred := false
	for _, c := range s.Terms.Chips {
		hasHundred = hasHundred || c == 100
	}
	if low == 100 || !hasHundred {
		// H.29(a): the 100-point race-off switches the tolerance to one;
		// without 100-point chips, the first race does (§24 note 4).
		s.Raced100 = true
	}
	if s.H4H {
		return nil
	}
	return workflow.ExecuteActivity(ctx, (*Activities).HoldTables, TablesIn{Tables: live, Hold: false}).Get(ctx, nil)
}

// catchUp reads every live table's hands up to the given numbers.
func (r *run) catchUp(ctx workflow.Context, until []uint64) error {
	s := r.s
	tables := s.LiveTables()
	in := PollIn{Wait: time.Minute, Until: until}
	for _, i := range tables {
		in.Tables = append(in.Tables, s.Tables[i].ID)
		in.After = append(in.After, s.Tables[i].LastHand)
	}
	var out PollOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).Poll, in).Get(ctx, &out); err != nil {
		return err
	}
	r.apply(ctx, tables, out)
	return nil
}
