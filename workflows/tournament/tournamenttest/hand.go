package tournamenttest

import (
	"sort"
	"time"

	"github.com/croupier/croupier/workflows/tournament"
)

// play deals one hand with bots.
func (f *Tables) play(t *table) {
	in, count := t.dealIn()
	if count < 2 {
		return
	}
	if t.next != nil {
		t.stakes, t.next = *t.next, nil
	}
	st := t.stakes
	t.moveButton(in, count)
	t.hand++
	f.Hands++
	h := tournament.Hand{Number: t.hand, Button: t.button, SmallBlind: t.sb, BigBlind: t.bb}
	d := newDeal(t, in)
	d.postForced(st)
	d.forced = f.forcedOut(t, in)
	f.enter(d)
	f.bet(d, st)
	f.showdown(d)
	d.splitPots()
	d.forcedLose()
	f.clock = f.clock.Add(time.Second)
	h.EndedAt = f.clock
	h.Players = f.endHand(d)
	f.record(t, h)
}

// deal is one bot hand under way at a table.
type deal struct {
	t *table
	// in marks the seats dealt in; start is their stacks when dealt.
	in    []bool
	start []int64
	// put is what each seat has put in the pots.
	put []int64
	// forced names the players (by seat key) who must bust in this hand.
	forced map[string]bool
	// active marks the seats playing for the pot; actives lists them.
	active  []bool
	actives []int
	// strength is each active seat's showdown strength (forced ones 0).
	strength []int
	// won is what each seat takes from the pots.
	won []int64
}

func newDeal(t *table, in []bool) *deal {
	n := len(t.seats)
	d := &deal{t: t, in: in, start: make([]int64, n), put: make([]int64, n)}
	for i := range t.seats {
		if in[i] {
			d.start[i] = t.seats[i].chips
		}
	}
	return d
}

// pay puts up to amt more of seat i's chips in, as far as his stack goes.
func (d *deal) pay(i int, amt int64) {
	s := d.t.seats[i]
	amt = min(amt, s.chips-d.put[i])
	d.put[i] += amt
}

// dealIn marks the seated players with chips dealt in and counts them.
func (t *table) dealIn() ([]bool, int) {
	in := make([]bool, len(t.seats))
	count := 0
	for i, s := range t.seats {
		if s == nil {
			continue
		}
		if s.miss > 0 {
			s.miss-- // a seat between the button and the small blind sits out a hand (H.29(c))
			continue
		}
		if s.chips > 0 {
			in[i] = true
			count++
		}
	}
	return in, count
}

// moveButton moves the button to the next player dealt in (the spec's
// seat for the first hand) and the blinds after it; heads-up, the button
// posts the small blind.
func (t *table) moveButton(in []bool, count int) {
	start := t.spec.Button
	if t.button >= 0 {
		start = t.button
		t.button = t.nextIn(start, in)
	} else {
		t.button = start
		if !in[start] {
			t.button = t.nextIn(start, in)
		}
	}
	if count == 2 {
		t.sb = t.button
	} else {
		t.sb = t.nextIn(t.button, in)
	}
	t.bb = t.nextIn(t.sb, in)
}

// nextIn is the next seat after from with a player dealt in.
func (t *table) nextIn(from int, in []bool) int {
	n := len(t.seats)
	for k := 1; k <= n; k++ {
		j := ((from+k)%n + n) % n
		if in[j] {
			return j
		}
	}
	return -1
}

// seatsInOrder lists the occupied seats.
func (t *table) seatsInOrder() []int {
	var out []int
	for i, s := range t.seats {
		if s != nil {
			out = append(out, i)
		}
	}
	return out
}

// postForced posts the antes, the dead money a move left owing and the
// blinds.
func (d *deal) postForced(st tournament.Stakes) {
	t := d.t
	for i, s := range t.seats {
		if d.in[i] && st.Ante > 0 {
			d.pay(i, st.Ante)
		}
		if d.in[i] && s.dead > 0 {
			// H.35: a blind skipped by a move is posted dead.
			d.pay(i, s.dead)
			s.dead = 0
		}
	}
	d.pay(t.sb, st.SmallBlind)
	d.pay(t.bb, st.BigBlind)
}

// forcedOut is who must bust in this hand: the players Force named for
// the table and, with BustLeaving, those whose removal waits for it.
func (f *Tables) forcedOut(t *table, in []bool) map[string]bool {
	forced := map[string]bool{}
	for _, p := range f.forced[t.id] {
		forced[p] = true
	}
	delete(f.forced, t.id)
	if f.BustLeaving {
		for _, i := range t.seatsInOrder() {
			if _, leaving := t.pending[t.seats[i].key()]; leaving && in[i] {
				forced[t.seats[i].key()] = true
			}
		}
	}
	return forced
}

// enter picks who plays for the pot: the big blind, some others, everyone
// forced to bust and someone to bust them.
func (f *Tables) enter(d *deal) {
	t := d.t
	d.active = make([]bool, len(t.seats))
	for i := range t.seats {
		if !d.in[i] {
			continue
		}
		if i == t.bb || d.forced[t.seats[i].key()] || f.r.Float64() < 0.3 {
			d.active[i] = true
			d.actives = append(d.actives, i)
		}
	}
	if len(d.forced) > 0 {
		// The biggest stack not forced out covers them.
		big := -1
		for i := range t.seats {
			if d.in[i] && !d.forced[t.seats[i].key()] && (big < 0 || t.seats[i].chips > t.seats[big].chips) {
				big = i
			}
		}
		if big >= 0 && !d.active[big] {
			d.active[big] = true
			d.actives = append(d.actives, big)
		}
	}
}

// bet has each player in the pot bet three big blinds or go all in (a
// forced player always does), and the biggest other stack call the forced
// all-ins.
func (f *Tables) bet(d *deal, st tournament.Stakes) {
	t := d.t
	bet := 3 * st.BigBlind
	var cover int64
	for _, i := range d.actives {
		if d.forced[t.seats[i].key()] || f.r.Float64() < f.AllIn {
			d.pay(i, t.seats[i].chips)
			if d.forced[t.seats[i].key()] {
				cover = max(cover, t.seats[i].chips)
			}
		} else {
			d.pay(i, bet)
		}
	}
	if cover > 0 {
		// The player covering the forced all-ins calls them.
		big := -1
		for _, i := range d.actives {
			if !d.forced[t.seats[i].key()] && (big < 0 || t.seats[i].chips > t.seats[big].chips) {
				big = i
			}
		}
		if big >= 0 && d.put[big] < cover {
			d.pay(big, cover-d.put[big])
		}
	}
}

// showdown gives each player in the pot his strength: forced players
// lose; others at random.
func (f *Tables) showdown(d *deal) {
	d.strength = make([]int, len(d.t.seats))
	for _, i := range d.actives {
		d.strength[i] = 1 + f.r.IntN(1000)
		if d.forced[d.t.seats[i].key()] {
			d.strength[i] = 0
		}
	}
}

// splitPots builds the pots by contribution level (gr-regulation-1 §6.5)
// and gives each to the strongest player in the pot who reached it.
func (d *deal) splitPots() {
	put := d.put
	levels := []int64{}
	for i := range put {
		if put[i] > 0 {
			levels = append(levels, put[i])
		}
	}
	sort.Slice(levels, func(a, b int) bool { return levels[a] < levels[b] })
	var prev int64
	d.won = make([]int64, len(put))
	for _, lv := range levels {
		if lv == prev {
			continue
		}
		var pot int64
		for i := range put {
			pot += min(put[i], lv) - min(put[i], prev)
		}
		best := -1
		for _, i := range d.actives {
			if put[i] >= lv && (best < 0 || d.strength[i] > d.strength[best]) {
				best = i
			}
		}
		if best < 0 {
			// Nobody active reached this level: it goes back to those who
			// put it in (an uncalled bet).
			for i := range put {
				d.won[i] += min(put[i], lv) - min(put[i], prev)
			}
		} else {
			d.won[best] += pot
		}
		prev = lv
	}
}

// forcedLose makes a forced player lose everything: what the pots gave
// back to him goes to the player who covered him.
func (d *deal) forcedLose() {
	t := d.t
	for _, i := range d.actives {
		if d.forced[t.seats[i].key()] && d.won[i] > 0 {
			to := -1
			for _, j := range d.actives {
				if !d.forced[t.seats[j].key()] && (to < 0 || d.strength[j] > d.strength[to]) {
					to = j
				}
			}
			if to >= 0 {
				back := t.seats[i].chips - d.put[i] + d.won[i]
				d.won[to] += back
				d.won[i] -= back
			}
		}
	}
}

// endHand settles the stacks and takes off the players left without chips
// (a removal waiting for the hand finds him gone), then the removals the
// hand deferred; it returns the players' part of the hand.
func (f *Tables) endHand(d *deal) []tournament.HandPlayer {
	t := d.t
	var players []tournament.HandPlayer
	for i, s := range t.seats {
		if !d.in[i] {
			continue
		}
		s.chips += d.won[i] - d.put[i]
		hp := tournament.HandPlayer{Partner: s.partner, Player: s.player, Seat: i, Start: d.start[i], End: s.chips}
		if s.chips == 0 {
			hp.Eliminated = true
			t.seats[i] = nil
			if key, ok := t.pending[s.key()]; ok {
				t.removed[key] = tournament.Removal{Done: true, Gone: true}
				delete(t.pending, s.key())
				f.BustedLeaving++
			}
		}
		players = append(players, hp)
	}
	// Removals deferred by the hand happen now.
	for i, s := range t.seats {
		if s == nil {
			continue
		}
		if key, ok := t.pending[s.key()]; ok {
			f.removeNow(t, i, key)
		}
	}
	return players
}

// record keeps the hand's result, and only the last Keep of them (64 by
// default), as the table service does.
func (f *Tables) record(t *table, h tournament.Hand) {
	t.results = append(t.results, h)
	keep := f.Keep
	if keep == 0 {
		keep = 64
	}
	if len(t.results) > keep {
		t.results = t.results[len(t.results)-keep:]
	}
}
