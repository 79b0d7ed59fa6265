// Package balance keeps a multi-table tournament's tables even (GR H.29,
// H.35; docs/rules/tournaments.md §15): it breaks a table as soon as the players fit
// on one fewer, and otherwise moves players from the longest table to the
// shortest until the difference is within the tolerance — two players until
// the 100-point chips are raced off, one after (H.29(a)). A moved player
// takes the seat with his position relative to the big blind (H.29(b)); a
// seat between the button and the small blind sits out one hand (H.29(c));
// a blind he would skip is owed as dead money (H.35). It also decides when
// hand-for-hand starts and stops (H.12). Everything is pure: the workflow
// feeds it its model of the tables and carries out the moves.
package balance

import "sort"

// Table is one table as balancing sees it.
type Table struct {
	// No is the table number; tables break highest number first
	// (docs/rules/tournaments.md §15.3 DEFAULT).
	No    int `json:"no"`
	Seats int `json:"seats"`
	// Occupied lists the players by seat ("" = empty). A player on his
	// way in holds his seat; one on his way out is already gone.
	Occupied []string `json:"occ"`
	// Button, SmallBlind and BigBlind are the last hand's positions, -1
	// before the first hand.
	Button     int `json:"btn"`
	SmallBlind int `json:"sb"`
	BigBlind   int `json:"bb"`
	// Busy lists players who may not be moved now (already moving).
	Busy map[string]bool `json:"-"`
}

// Count is the number of players at the table.
func (t *Table) Count() int {
	n := 0
	for _, p := range t.Occupied {
		if p != "" {
			n++
		}
	}
	return n
}

// Move is one player sent from one table to another.
type Move struct {
	Player string `json:"p"`
	From   int    `json:"from"`
	To     int    `json:"to"`
	// FromSeat and Seat are his old and new seats.
	FromSeat int `json:"fs"`
	Seat     int `json:"seat"`
	// Offset is his position relative to the big blind at the old table
	// and NewOffset at the new one, in occupied seats clockwise.
	Offset    int `json:"off"`
	NewOffset int `json:"noff"`
	// MissHand: the new seat lies between the button and the small blind,
	// so he is not dealt the next hand (H.29(c); T20).
	MissHand bool `json:"miss,omitempty"`
	// OwesBigBlind: the move lets him skip a big blind; he posts it dead
	// in the first pot he plays at the new table (H.35; T21).
	OwesBigBlind bool `json:"owes,omitempty"`
	// Break: the move empties a table being broken.
	Break bool `json:"break,omitempty"`
}

// Tolerance is the largest difference in players allowed between tables:
// 2 until the 100-point chips are raced off, then 1 (H.29(a); T16–T18).
func Tolerance(raced100 bool) int {
	if raced100 {
		return 1
	}
	return 2
}

// HandForHand reports whether the tables must deal hand for hand: the
// players left on two or more tables are exactly one more than the paid
// places (H.12; T11–T13).
func HandForHand(left, paid, tables int) bool { return tables >= 2 && left == paid+1 }

// HandForHandOver reports when hand-for-hand stops: the players left no
// more than the paid places, or one table (docs/rules/tournaments.md §16 DEFAULT).
func HandForHandOver(left, paid, tables int) bool { return left <= paid || tables <= 1 }

// bigBlind is the seat positions are counted from: the last hand's big
// blind or, before the first hand, the one the button implies.
func (t *Table) bigBlind() int {
	if t.BigBlind >= 0 {
		return t.BigBlind
	}
	start := t.Button
	if start < 0 {
		start = len(t.Occupied) - 1
	}
	seat, k := start, 0
	for k < 2 {
		seat = (seat + 1) % len(t.Occupied)
		if t.Occupied[seat] != "" {
			k++
		}
		if seat == start && k == 0 {
			return -1
		}
	}
	return seat
}

// Offset counts the occupied seats clockwise from the big blind up to seat
// (the big blind is 0, the next player 1); for an empty seat it is the
// position a player sitting there would have (docs/rules/tournaments.md §15.2 step 3).
func (t *Table) Offset(seat int) int {
	bb := t.bigBlind()
	if bb < 0 {
		return 0
	}
	d := 0
	for k := 0; k < len(t.Occupied); k++ {
		j := (bb + k) % len(t.Occupied)
		if j == seat {
			return d
		}
		if t.Occupied[j] != "" {
			d++
		}
	}
	return 0
}

// DeadHandSeat reports whether seat lies strictly between the button and
// the small blind, clockwise (H.29(c)).
func (t *Table) DeadHandSeat(seat int) bool {
	if t.Button < 0 || t.SmallBlind < 0 || t.Button == t.SmallBlind {
		return false
	}
	n := len(t.Occupied)
	for j := (t.Button + 1) % n; j != t.SmallBlind; j = (j + 1) % n {
		if j == seat {
			return true
		}
	}
	return false
}

// handsToBigBlind is how many hands a player at offset d plays before his
// next big blind at a table of n players.
func handsToBigBlind(d, n int) int {
	if d <= 0 {
		return n
	}
	return d
}

// Plan returns the moves needed now, applied one after the other to the
// tables given (which it updates in place), so the caller's model matches
// what it asked for. No player is moved twice in one plan: a player on his
// way in may not be sent on before he has arrived (his move and the next
// would race at the tables). order, if not nil, is a random order (from the
// RNG) over the players of the tables that break (Breaking: highest table
// first, each by seat), in which they are reseated (docs/rules/tournaments.md §15.3:
// "by random draw").
func Plan(tables []*Table, raced100 bool, order []int) []Move {
	var moves []Move
	moved := map[string]bool{}
	live, broken := split(tables)
	// Every broken table's players go straight to a table that stays.
	type from struct {
		t    *Table
		seat int
	}
	var out []from
	for _, b := range broken {
		for _, seat := range b.seated() {
			out = append(out, from{b, seat})
		}
	}
	for _, k := range permute(len(out), order) {
		b, seat := out[k].t, out[k].seat
		if b.Busy[b.Occupied[seat]] {
			continue
		}
		to := shortest(live, nil)
		if to == nil {
			break
		}
		m := moveOne(b, to, seat)
		m.Break = true
		moved[m.Player] = true
		moves = append(moves, m)
	}
	tol := Tolerance(raced100)
	for guard := 0; guard < 1000 && len(live) > 1; guard++ {
		long := longest(live)
		short := shortest(live, long)
		// A table needs two players to deal (gr-regulation-1 A.2): one left
		// alone is filled even within the tolerance.
		if short == nil || long.Count()-short.Count() <= tol && short.Count() >= 2 || long.Count() <= 2 {
			break
		}
		seat := long.choosePlayer(short, moved)
		if seat < 0 {
			break
		}
		m := moveOne(long, short, seat)
		moved[m.Player] = true
		moves = append(moves, m)
	}
	return moves
}

// Breaking is the number of players seated at the tables that break now
// (the highest-numbered while the players fit on one fewer, §15.3
// DEFAULT): the size of the random order Plan reseats them in.
func Breaking(tables []*Table) int {
	_, broken := split(tables)
	n := 0
	for _, b := range broken {
		n += b.Count()
	}
	return n
}

// split returns the tables with players that stay and those that break,
// highest number first.
func split(tables []*Table) (live, broken []*Table) {
	live = liveTables(tables)
	total := 0
	for _, t := range live {
		total += t.Count()
	}
	for len(live) > 1 && total <= capacity(live[:len(live)-1]) {
		broken = append(broken, live[len(live)-1])
		live = live[:len(live)-1]
	}
	return live, broken
}

// permute returns 0..n-1 in the given order: the entries of order in
// range, once each, then whatever order left out, ascending.
func permute(n int, order []int) []int {
	out := make([]int, 0, n)
	used := make([]bool, n)
	for _, o := range order {
		if o >= 0 && o < n && !used[o] {
			used[o] = true
			out = append(out, o)
		}
	}
	for i := range used {
		if !used[i] {
			out = append(out, i)
		}
	}
	return out
}

// liveTables returns the tables with players, by number.
func liveTables(tables []*Table) []*Table {
	var out []*Table
	for _, t := range tables {
		if t.Count() > 0 {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].No < out[j].No })
	return out
}

func capacity(ts []*Table) int {
	c := 0
	for _, t := range ts {
		c += t.Seats
	}
	return c
}

// longest is the table with the most players (the highest number on a tie,
// the one that breaks first).
func longest(ts []*Table) *Table {
	var best *Table
	for _, t := range ts {
		if best == nil || t.Count() >= best.Count() {
			best = t
		}
	}
	return best
}

// shortest is the table with the fewest players and a free seat (the lowest
// number on a tie), other than not.
func shortest(ts []*Table, not *Table) *Table {
	var best *Table
	for _, t := range ts {
		if t == not || t.Count() >= t.Seats {
			continue
		}
		if best == nil || t.Count() < best.Count() {
			best = t
		}
	}
	return best
}

// seated lists the occupied seats in order.
func (t *Table) seated() []int {
	var seats []int
	for s, p := range t.Occupied {
		if p != "" {
			seats = append(seats, s)
		}
	}
	return seats
}

// choosePlayer picks who leaves the long table for the short one
// (docs/rules/tournaments.md §15.2 step 3 DEFAULT): the player whose offset from his
// big blind equals an empty seat's offset at the short table; failing that,
// the player due the big blind next. Busy players and those moved already
// in this plan stay.
func (t *Table) choosePlayer(short *Table, moved map[string]bool) int {
	offsets := map[int]int{} // offset -> seat at t
	for s, p := range t.Occupied {
		if p != "" && !t.Busy[p] && !moved[p] {
			if _, dup := offsets[t.Offset(s)]; !dup {
				offsets[t.Offset(s)] = s
			}
		}
	}
	for e, p := range short.Occupied {
		if p != "" {
			continue
		}
		if s, ok := offsets[short.Offset(e)]; ok {
			return s
		}
	}
	if s, ok := offsets[1]; ok {
		return s
	}
	for s, p := range t.Occupied {
		if p != "" && !t.Busy[p] && !moved[p] {
			return s
		}
	}
	return -1
}

// seatFor picks the empty seat at to for a player at offset d: the seat
// with the same offset (H.29(b)), else the nearest offset at or after 1 (the
// next big blind), else the lowest.
func (to *Table) seatFor(d int) int {
	best, bestKey := -1, 1<<30
	for e, p := range to.Occupied {
		if p != "" {
			continue
		}
		o := to.Offset(e)
		key := 1000 + e
		switch {
		case o == d:
			key = 0
		case o >= 1:
			key = 1 + abs(o-d)
		}
		if key < bestKey {
			best, bestKey = e, key
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// moveOne moves the player in seat of from to the best seat of to and
// updates both tables.
func moveOne(from, to *Table, seat int) Move {
	player := from.Occupied[seat]
	d := from.Offset(seat)
	nOld := from.Count()
	e := to.seatFor(d)
	m := Move{Player: player, From: from.No, To: to.No, FromSeat: seat, Seat: e, Offset: d}
	m.MissHand = to.DeadHandSeat(e)
	from.Occupied[seat] = ""
	to.Occupied[e] = player
	m.NewOffset = to.Offset(e)
	// H.35: he must not avoid a blind by moving. Before any hand has been
	// dealt at either table there is no blind to skip.
	if from.BigBlind >= 0 && to.BigBlind >= 0 && handsToBigBlind(m.NewOffset, to.Count()) > handsToBigBlind(d, nOld) {
		m.OwesBigBlind = true
	}
	return m
}

// DeadMoney is what a move costs the player in dead blinds: the big blind
// of the level in force when he skipped it (H.35; T21).
func DeadMoney(m Move, bigBlind int64) int64 {
	if m.OwesBigBlind {
		return bigBlind
	}
	return 0
}
