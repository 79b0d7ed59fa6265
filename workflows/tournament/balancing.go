package tournament

import (
	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament/balance"
)

type pendingMove struct {
	player int
	from   int
	fut    workflow.Future
}

// drainMoves waits for every balancing move in flight.
func (r *run) drainMoves(ctx workflow.Context) error {
	for len(r.moves) > 0 {
		m := r.moves[0]
		_ = m.fut.Get(ctx, nil)
		if err := r.moveDone(ctx, m); err != nil {
			return err
		}
	}
	return workflow.Await(ctx, func() bool { return r.inflight == 0 })
}

// rebalance plans moves over the model and starts them (GR H.29).
func (r *run) rebalance(ctx workflow.Context) error {
	s := r.s
	var bts []*balance.Table
	var idx []int
	busy := map[string]bool{}
	for _, p := range s.Players {
		if p.Moving || p.Status == Busted {
			busy[p.Key()] = true
		}
	}
	for _, ti := range s.LiveTables() {
		t := s.Tables[ti]
		bt := &balance.Table{No: t.No, Seats: len(t.Seats), Occupied: make([]string, len(t.Seats)),
			Button: t.Button, SmallBlind: t.SmallBlind, BigBlind: t.BigBlind, Busy: busy}
		for seat, pi := range t.Seats {
			if pi >= 0 {
				bt.Occupied[seat] = s.Players[pi].Key()
			}
		}
		bts = append(bts, bt)
		idx = append(idx, ti)
	}
	if len(bts) < 2 {
		return nil
	}
	var order []int
	if k := balance.Breaking(bts); k > 1 {
		// Tables break: their players are reseated by random draw (§15.3).
		var perm []int32
		if err := workflow.ExecuteActivity(ctx, (*Activities).Draw, DrawIn{Key: s.key("break-draw", bts[len(bts)-1].No, s.Breaks, s.Moves, k), Tournament: s.ID, N: k, K: k}).Get(ctx, &perm); err != nil {
			return err
		}
		for _, v := range perm {
			order = append(order, int(v))
		}
	}
	moves := balance.Plan(bts, s.Raced100, order)
	byNo := map[int]int{}
	for k, bt := range bts {
		byNo[bt.No] = idx[k]
	}
	bb := s.Terms.Levels[s.Level].BigBlind
	for _, m := range moves {
		from, to := byNo[m.From], byNo[m.To]
		i := s.byID[m.Player]
		p := s.Players[i]
		s.Tables[from].Seats[m.FromSeat] = -1
		s.Tables[to].Seats[m.Seat] = i
		p.Table, p.Seat, p.Moving = to, m.Seat, true
		s.Moves++
		dead := balance.DeadMoney(m, bb)
		if m.MissHand {
			s.MoveTerms.PlannedMisses++
		}
		if dead > 0 {
			s.MoveTerms.PlannedDead++
		}
		in := MoveIn{Key: s.key("move", s.Moves), From: s.Tables[from].ID, To: s.Tables[to].ID, Partner: p.Partner,
			Player: p.ID, Name: p.Name, Seat: m.Seat, MissHand: m.MissHand, DeadMoney: dead}
		fut := workflow.ExecuteActivity(ctx, (*Activities).MovePlayer, in)
		r.moves = append(r.moves, &pendingMove{player: i, from: from, fut: fut})
	}
	return nil
}

// moveDone takes a finished move into the state and closes a table left
// empty.
func (r *run) moveDone(ctx workflow.Context, m *pendingMove) error {
	for k, x := range r.moves {
		if x == m {
			r.moves = append(r.moves[:k], r.moves[k+1:]...)
			break
		}
	}
	var out MoveOut
	if err := m.fut.Get(ctx, &out); err != nil {
		return err
	}
	s := r.s
	p := s.Players[m.player]
	p.Moving = false
	if !out.Busted && p.In() {
		p.Chips = out.Chips
	}
	if out.Busted && p.In() {
		// He was gone from his old table when the move took him off: out
		// in the hand he was leaving. That hand's result places him with
		// whoever else went out in it (H.30); read it now, before his old
		// table may close. If the table no longer keeps it, he is out on
		// his last known stack (as reconcile does).
		if err := r.readTables(ctx, []int{m.from}); err != nil {
			return err
		}
		if p.In() {
			r.unseat(m.player)
			r.eliminate(ctx, []bust{{player: m.player, table: m.from, start: p.Chips}}, 0)
		}
	}
	return r.closeEmpty(ctx)
}

// readTables takes in the hands the given tables have finished since the
// model last read them, without waiting for more.
func (r *run) readTables(ctx workflow.Context, tables []int) error {
	s := r.s
	in := PollIn{}
	for _, ti := range tables {
		in.Tables = append(in.Tables, s.Tables[ti].ID)
		in.After = append(in.After, s.Tables[ti].LastHand)
	}
	var out PollOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).Poll, in).Get(ctx, &out); err != nil {
		return err
	}
	r.apply(ctx, tables, out)
	return nil
}

// closeEmpty closes tables nobody sits at and nobody is leaving.
func (r *run) closeEmpty(ctx workflow.Context) error {
	s := r.s
	leaving := map[int]bool{}
	for _, m := range r.moves {
		leaving[m.from] = true
	}
	var empty []int
	live := s.LiveTables()
	for _, ti := range live {
		if s.Tables[ti].Count() == 0 && !leaving[ti] && len(live)-len(empty) > 1 {
			empty = append(empty, ti)
		}
	}
	if len(empty) == 0 {
		return nil
	}
	// The last hands there are read first: a player who left in the hand
	// he went out in is placed by it, not left standing at the table he
	// was on his way to.
	if err := r.readTables(ctx, empty); err != nil {
		return err
	}
	var ids []string
	for _, ti := range empty {
		t := s.Tables[ti]
		t.Closed = true
		s.Breaks++
		ids = append(ids, t.ID)
	}
	return workflow.ExecuteActivity(ctx, (*Activities).CloseTables, TablesIn{Tables: ids, Reason: "table broken"}).Get(ctx, nil)
}
