package balance

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// table builds a table of `seats` seats with players in the given seats
// and the last hand's positions.
func table(no, seats int, occupied []int, btn, sb, bb int) *Table {
	t := &Table{No: no, Seats: seats, Occupied: make([]string, seats), Button: btn, SmallBlind: sb, BigBlind: bb}
	for _, s := range occupied {
		t.Occupied[s] = fmt.Sprintf("t%d-s%d", no, s)
	}
	return t
}

func seatsUpTo(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// docs/rules/tournaments.md T16 (GR H.29(a)): before the 100-point race-off, tables of
// 9 and 7 need no move (a difference of two is allowed).
func TestT16NoMoveWithinTwo(t *testing.T) {
	a, b := table(1, 10, seatsUpTo(9), 0, 1, 2), table(2, 10, seatsUpTo(7), 0, 1, 2)
	if m := Plan([]*Table{a, b}, false, nil); len(m) != 0 {
		t.Fatalf("moves %+v, want none", m)
	}
}

// docs/rules/tournaments.md T17: before the race-off, 9 and 6 → one move → 8 / 7.
func TestT17MoveOneBeforeRaceOff(t *testing.T) {
	a, b := table(1, 10, seatsUpTo(9), 0, 1, 2), table(2, 10, seatsUpTo(6), 0, 1, 2)
	m := Plan([]*Table{a, b}, false, nil)
	if len(m) != 1 || a.Count() != 8 || b.Count() != 7 || m[0].From != 1 || m[0].To != 2 {
		t.Fatalf("moves %+v, tables %d/%d, want one move to 8/7", m, a.Count(), b.Count())
	}
}

// docs/rules/tournaments.md T18: after the 100-point race-off, 9 and 7 → 8 / 8.
func TestT18EvenAfterRaceOff(t *testing.T) {
	a, b := table(1, 10, seatsUpTo(9), 0, 1, 2), table(2, 10, seatsUpTo(7), 0, 1, 2)
	m := Plan([]*Table{a, b}, true, nil)
	if len(m) != 1 || a.Count() != 8 || b.Count() != 8 {
		t.Fatalf("moves %+v, tables %d/%d, want 8/8", m, a.Count(), b.Count())
	}
	if Tolerance(false) != 2 || Tolerance(true) != 1 {
		t.Fatal("tolerance 2 before, 1 after")
	}
}

// docs/rules/tournaments.md T19 (GR H.29(b)): a player 3 seats clockwise after the big
// blind at his old table gets the empty seat 3 seats after the big blind at
// the new one.
func TestT19MovedPlayerKeepsHisPositionFromTheBigBlind(t *testing.T) {
	a := table(1, 10, seatsUpTo(9), 0, 1, 2)            // BB seat 2: seat 5 is offset 3
	b := table(2, 10, []int{0, 1, 2, 5, 6, 7}, 8, 9, 0) // BB seat 0: empty seat 3 is offset 3
	b.Occupied[8], b.Occupied[9] = "", ""
	b.Button, b.SmallBlind = 7, 7 // positions from the last hand; seats 8, 9 since emptied
	m := Plan([]*Table{a, b}, false, nil)
	if len(m) != 1 {
		t.Fatalf("moves %+v", m)
	}
	if m[0].FromSeat != 5 || m[0].Offset != 3 || m[0].Seat != 3 || m[0].NewOffset != 3 {
		t.Fatalf("move %+v, want seat 5 (offset 3) to seat 3 (offset 3)", m[0])
	}
	if m[0].OwesBigBlind {
		t.Fatal("same position: no blind skipped")
	}
}

// docs/rules/tournaments.md T20 (GR H.29(c)): a new seat between the button and the
// small blind is not dealt the next hand.
func TestT20DeadHandSeat(t *testing.T) {
	a := table(1, 10, seatsUpTo(7), 6, 0, 1)      // BB seat 1: seat 4 is offset 3
	b := table(2, 10, []int{1, 2, 3, 5}, 3, 5, 1) // button 3, SB 5: seat 4 lies between
	if !b.DeadHandSeat(4) || b.DeadHandSeat(6) || b.DeadHandSeat(2) {
		t.Fatal("only seat 4 lies between the button (3) and the small blind (5)")
	}
	m := moveOne(a, b, 4)
	if m.Seat != 4 || !m.MissHand {
		t.Fatalf("move %+v, want seat 4 with a missed hand", m)
	}
}

// docs/rules/tournaments.md T21 (GR H.35): a player due the big blind (400) moved to a
// seat three hands from it owes 400 dead in the next pot he plays.
func TestT21SkippedBigBlindIsOwedDead(t *testing.T) {
	a := table(1, 10, seatsUpTo(9), 0, 1, 2)         // seat 3 is offset 1: BB next hand
	b := table(2, 10, []int{0, 1, 2, 4, 5}, 5, 0, 1) // BB 1: empty seats 3 (offset 2), 6.. (offset 4)
	b.Occupied[3] = ""
	b.Occupied[2] = "x" // seat 2 offset 1 taken: no empty seat is offset 1
	m := moveOne(a, b, 3)
	if m.Offset != 1 || m.NewOffset <= 1 || !m.OwesBigBlind {
		t.Fatalf("move %+v, want offset 1 to a later one, owing the big blind", m)
	}
	if DeadMoney(m, 400) != 400 {
		t.Fatal("T21: 400 posted dead")
	}
	// A move that brings the big blind sooner owes nothing.
	c := table(3, 10, seatsUpTo(9), 0, 1, 2)
	d := table(4, 10, []int{0, 1, 2, 4}, 0, 1, 2)
	if m := moveOne(c, d, 8); m.OwesBigBlind {
		t.Fatalf("move %+v from offset 6 to an earlier seat owes nothing", m)
	}
}

// docs/rules/tournaments.md §15.3 DEFAULT: the highest-numbered table breaks as soon as
// the players fit on one fewer; its players fill the others evenly.
func TestBreakHighestTableWhenPlayersFit(t *testing.T) {
	a, b, c := table(1, 9, seatsUpTo(6), 0, 1, 2), table(2, 9, seatsUpTo(6), 0, 1, 2), table(3, 9, seatsUpTo(5), 0, 1, 2)
	m := Plan([]*Table{a, b, c}, false, nil)
	if c.Count() != 0 || a.Count()+b.Count() != 17 || a.Count()-b.Count() > 1 || b.Count()-a.Count() > 1 {
		t.Fatalf("after %d moves: %d/%d/%d", len(m), a.Count(), b.Count(), c.Count())
	}
	for _, mv := range m {
		if !mv.Break || mv.From != 3 {
			t.Fatalf("move %+v is not from the broken table", mv)
		}
	}
	// Final table: 5 + 4 on nine-seat tables consolidate.
	x, y := table(1, 9, seatsUpTo(5), 0, 1, 2), table(2, 9, seatsUpTo(4), 0, 1, 2)
	Plan([]*Table{x, y}, true, nil)
	if x.Count() != 9 || y.Count() != 0 {
		t.Fatalf("final table %d/%d", x.Count(), y.Count())
	}
}

// Two tables breaking at once (players fit on two of four): each of their
// players goes straight to a table that stays, reseated in the drawn
// order; nobody is moved twice (a second move would race the first at the
// tables: the e2e found a player sent on from a table he had not reached,
// and that table closed under his first move).
func TestTwoTablesBreakAtOnceMovesEachPlayerOnce(t *testing.T) {
	ts := []*Table{table(1, 9, seatsUpTo(3), 0, 1, 2), table(2, 9, seatsUpTo(3), 0, 1, 2), table(3, 9, seatsUpTo(3), 0, 1, 2), table(4, 9, seatsUpTo(3), 0, 1, 2)}
	if n := Breaking(ts); n != 6 {
		t.Fatalf("Breaking = %d, want the 6 players of tables 3 and 4", n)
	}
	order := []int{5, 0, 4, 1, 3, 2}
	m := Plan(ts, false, order)
	if len(m) != 6 {
		t.Fatalf("%d moves, want 6: %+v", len(m), m)
	}
	// Breaking lists table 4 first, then 3, each by seat.
	want := []string{"t3-s2", "t4-s0", "t3-s1", "t4-s1", "t3-s0", "t4-s2"}
	for k, mv := range m {
		if mv.Player != want[k] || !mv.Break || mv.To > 2 || mv.From < 3 {
			t.Fatalf("move %d %+v, want %s from table 3 or 4 to 1 or 2", k, mv, want[k])
		}
	}
	if ts[0].Count() != 6 || ts[1].Count() != 6 || ts[2].Count() != 0 || ts[3].Count() != 0 {
		t.Fatalf("after: %d/%d/%d/%d", ts[0].Count(), ts[1].Count(), ts[2].Count(), ts[3].Count())
	}
	// A player still on his way to a breaking table stays there until he
	// has arrived: the table is not emptied under him.
	busy := map[string]bool{"t4-s1": true}
	ts = []*Table{table(1, 9, seatsUpTo(3), 0, 1, 2), table(2, 9, seatsUpTo(3), 0, 1, 2), table(3, 9, seatsUpTo(3), 0, 1, 2), table(4, 9, seatsUpTo(3), 0, 1, 2)}
	for _, tb := range ts {
		tb.Busy = busy
	}
	for _, mv := range Plan(ts, false, nil) {
		if mv.Player == "t4-s1" {
			t.Fatalf("busy player moved: %+v", mv)
		}
	}
	if ts[3].Count() != 1 || ts[3].Occupied[1] != "t4-s1" {
		t.Fatalf("table 4 after: %v", ts[3].Occupied)
	}
}

// docs/rules/tournaments.md T11–T13 (GR H.12): paid 9; 10 left on 2 tables → on; 11
// left → off; 10 on one table → not required. It stops at 9 left.
func TestT11T12T13HandForHand(t *testing.T) {
	if !HandForHand(10, 9, 2) {
		t.Error("T11: 10 left, 9 paid, 2 tables: hand-for-hand")
	}
	if HandForHand(11, 9, 2) {
		t.Error("T12: 11 left: not yet")
	}
	if HandForHand(10, 9, 1) {
		t.Error("T13: one table: not required")
	}
	if !HandForHandOver(9, 9, 2) || HandForHandOver(10, 9, 2) || !HandForHandOver(10, 9, 1) {
		t.Error("hand-for-hand ends at the paid places or one table")
	}
}

// Property: after Plan, every table is within the tolerance, no player is
// lost or duplicated or moved twice, no seat is outside the table, and a
// broken table is empty.
func TestPropertyPlanBalances(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for iter := 0; iter < 3000; iter++ {
		seats := 6 + r.IntN(5)
		n := 2 + r.IntN(8)
		var ts []*Table
		before := map[string]bool{}
		for i := 0; i < n; i++ {
			var occ []int
			for s := 0; s < seats; s++ {
				if r.IntN(3) > 0 {
					occ = append(occ, s)
				}
			}
			bb := -1
			if len(occ) > 0 && r.IntN(4) > 0 {
				bb = occ[r.IntN(len(occ))]
			}
			tb := table(i+1, seats, occ, bb, bb, bb)
			ts = append(ts, tb)
			for _, p := range tb.Occupied {
				if p != "" {
					before[p] = true
				}
			}
		}
		raced := r.IntN(2) == 0
		where := map[string]int{}
		for _, tb := range ts {
			for _, p := range tb.Occupied {
				if p != "" {
					where[p] = tb.No
				}
			}
		}
		var order []int
		if k := Breaking(ts); k > 0 {
			order = r.Perm(k)
		}
		for _, mv := range Plan(ts, raced, order) {
			if where[mv.Player] != mv.From {
				t.Fatalf("iter %d: %s moved twice (or from the wrong table): %+v", iter, mv.Player, mv)
			}
			where[mv.Player] = -1
		}
		after := map[string]bool{}
		minC, maxC, live := 1<<30, -1, 0
		for _, tb := range ts {
			c := tb.Count()
			if c > tb.Seats {
				t.Fatalf("table over capacity")
			}
			for _, p := range tb.Occupied {
				if p != "" {
					if after[p] {
						t.Fatalf("player %s twice", p)
					}
					after[p] = true
				}
			}
			if c > 0 {
				live++
				minC, maxC = min(minC, c), max(maxC, c)
			}
		}
		if len(after) != len(before) {
			t.Fatalf("players %d -> %d", len(before), len(after))
		}
		if live > 1 && maxC-minC > Tolerance(raced) {
			t.Fatalf("iter %d: %d..%d beyond tolerance %d", iter, minC, maxC, Tolerance(raced))
		}
		if live > 1 && len(after) <= (live-1)*seats {
			t.Fatalf("iter %d: %d players on %d tables of %d: one should have broken", iter, len(after), live, seats)
		}
	}
}
