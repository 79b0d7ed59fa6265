package tournament

import (
	"fmt"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament/draw"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// start posts the holds, draws seats and buttons, creates the tables and
// seats everyone (GR H.9, H.10, H.14; Γ.6).
func (r *run) start(ctx workflow.Context) error {
	s := r.s
	var entrants []int
	for i, p := range s.Players {
		if p.Status == Registered {
			entrants = append(entrants, i)
		}
	}
	if len(entrants) < s.Terms.MinEntrants {
		s.Reason = fmt.Sprintf("%d entrants, fewer than the %d the terms require", len(entrants), s.Terms.MinEntrants)
		s.Cancelled = true
		return r.cancelBeforeStart(ctx)
	}
	var holds []string
	for _, i := range entrants {
		holds = appendHolds(holds, s.Players[i])
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).PostHolds, HoldsIn{Holds: holds}).Get(ctx, nil); err != nil {
		return err
	}
	for _, i := range entrants {
		p := s.Players[i]
		p.Status, p.Chips = Playing, s.Terms.Stack
		s.Money.Add(terms.EntryCharge{Stake: p.Paid.Pool, Fee: p.Paid.Commission})
	}
	n := len(entrants)
	var perm []int32
	if err := workflow.ExecuteActivity(ctx, (*Activities).Draw, DrawIn{Key: s.key("seat-draw"), Tournament: s.ID, N: n, K: n}).Get(ctx, &perm); err != nil {
		return err
	}
	places, err := draw.Assign(n, s.Terms.Seats, perm)
	if err != nil {
		return err
	}
	sizes := draw.Sizes(n, s.Terms.Seats)
	buttonSizes := sizes
	if s.Terms.Profile == "cz" {
		// docs/rules/cz-tournaments.md §6.3: one draw at one table applies to all.
		buttonSizes = sizes[:1]
	}
	var cards [][]int32
	if err := workflow.ExecuteActivity(ctx, (*Activities).DrawButtons, ButtonsIn{Key: s.key("button-draw"), Tournament: s.ID, Sizes: buttonSizes}).Get(ctx, &cards); err != nil {
		return err
	}
	common := -1
	if len(buttonSizes) == 1 && len(sizes) > 1 {
		seat, err := draw.HighCard(draw.Spread(sizes[0], s.Terms.Seats), cards[0])
		if err != nil {
			return err
		}
		common = seat
	}
	s.InPlay = append([]int64(nil), s.Terms.Chips...)
	specs := make([]TableSpec, len(sizes))
	for t, k := range sizes {
		tb := &Table{No: t + 1, Seats: make([]int, s.Terms.Seats), Button: -1, SmallBlind: -1, BigBlind: -1}
		for i := range tb.Seats {
			tb.Seats[i] = -1
		}
		s.Tables = append(s.Tables, tb)
		seats := draw.Spread(k, s.Terms.Seats)
		btn := common
		if common < 0 {
			var err error
			if btn, err = draw.HighCard(seats, cards[t]); err != nil {
				return err
			}
		} else {
			btn = nearestSeat(seats, common)
		}
		specs[t] = TableSpec{Key: s.key("table", t+1), Tournament: s.ID, Name: fmt.Sprintf("%s #%d", s.Terms.Name, t+1),
			Game: s.Terms.Game, Betting: s.Terms.Betting, Profile: s.Terms.Profile, Seats: s.Terms.Seats,
			Stakes: r.stakes(0), Clock: s.Terms.Clock, Button: btn}
	}
	var ids []string
	if err := workflow.ExecuteActivity(ctx, (*Activities).CreateTables, specs).Get(ctx, &ids); err != nil {
		return err
	}
	seatIns := make([]SeatIn, 0, n)
	for k, i := range entrants {
		p, pl := s.Players[i], places[k]
		tb := s.Tables[pl.Table]
		tb.ID = ids[pl.Table]
		tb.Seats[pl.Seat] = i
		p.Table, p.Seat = pl.Table, pl.Seat
		seatIns = append(seatIns, SeatIn{Table: tb.ID, Spec: SeatSpec{Key: s.key("seat", i, p.Reg), Seat: pl.Seat,
			Player: p.ID, Partner: p.Partner, Name: p.Name, Chips: p.Chips}})
	}
	for t := range s.Tables {
		s.Tables[t].ID = ids[t]
		// Γ.6 mode 3: each table's dealer drops players × fee.
		s.DropBoxes = append(s.DropBoxes, terms.DropBox(s.Tables[t].Count(), s.Terms.FeeAmt))
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).SeatPlayers, seatIns).Get(ctx, nil); err != nil {
		return err
	}
	s.StartedAt = workflow.Now(ctx)
	s.Phase = Running
	if len(s.Tables) == 1 {
		s.Phase = FinalTable
	}
	return nil
}

// nearestSeat is seat if occupied, else the nearest occupied seat before it.
func nearestSeat(seats []int, seat int) int {
	best := seats[0]
	for _, x := range seats {
		if x <= seat {
			best = x
		}
	}
	return best
}
