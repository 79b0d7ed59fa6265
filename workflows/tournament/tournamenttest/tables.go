package tournamenttest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"sync"
	"time"

	"go.temporal.io/sdk/temporal"

	"github.com/croupier/croupier/workflows/tournament"
)

// Tables is a table service in memory whose hands are played by bots: each
// hand posts the antes and blinds, some players put chips in (some all in),
// the pots are built by contribution level and won at random, and a player
// left without chips is eliminated and taken off, as a tournament table
// does. Hands are played when the tournament polls for results (one per
// open table per poll) or, when held, one at a time through DealOne.
type Tables struct {
	mu         sync.Mutex
	r          *rand.Rand
	tables     map[string]*table
	byKey      map[string]string
	order      []string
	seq        int
	clock      time.Time
	forced     map[string][]string
	heldForced map[string][]string

	// AllIn is the chance a player who enters a pot goes all in.
	AllIn float64
	// Defer keeps every removal pending until the table's next hand ends,
	// as a player taken off during a hand would be.
	Defer bool
	// BustLeaving makes a player whose removal waits for his hand lose
	// all his chips in it (a player moved off a breaking table who goes
	// out in the hand he was leaving); BustedLeaving counts them.
	BustLeaving   bool
	BustedLeaving int
	// NoPartners leaves the partner out of snapshots, as the table
	// service's view does: callers must bring it themselves.
	NoPartners bool
	// HandsPerPoll is how many hands each open table plays per poll.
	HandsPerPoll int
	// Keep is how many results a table keeps (as the table service keeps
	// only its last ones); default 64.
	Keep int

	// Counters for tests.
	Hands, Seats, Removals, Deals, Races int
	Log                                  []string
}

type table struct {
	spec       tournament.TableSpec
	id         string
	seats      []*seat
	stakes     tournament.Stakes
	next       *tournament.Stakes
	button     int
	sb, bb     int
	hand       uint64
	results    []tournament.Hand
	paused     bool
	held       bool
	closed     bool
	seatKeys   map[string]int
	removed    map[string]tournament.Removal
	pending    map[string]string // player key -> removal key
	chipKeys   map[string]bool
	deadPosted map[string]bool
}

type seat struct {
	partner, player string
	chips           int64
	miss            int
	dead            int64
}

func (s *seat) key() string { return s.partner + ":" + s.player }

// NewTables returns a bot table service seeded for repeatability.
func NewTables(seed uint64) *Tables {
	return &Tables{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), tables: map[string]*table{}, byKey: map[string]string{},
		clock: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), forced: map[string][]string{}, AllIn: 0.25, HandsPerPoll: 1}
}

// Force makes the players named bust in the next hand at their table.
func (f *Tables) Force(tableID string, players ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.forced[tableID] = append(f.forced[tableID], players...)
}

// IDs lists the tables in creation order.
func (f *Tables) IDs() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.order...)
}

// Chips returns every seated player's chips.
func (f *Tables) Chips() map[string]int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]int64{}
	for _, t := range f.tables {
		for _, s := range t.seats {
			if s != nil {
				out[s.key()] = s.chips
			}
		}
	}
	return out
}

// Seated returns the players at a table by seat ("" empty).
func (f *Tables) Seated(id string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := f.tables[id]
	out := make([]string, len(t.seats))
	for i, s := range t.seats {
		if s != nil {
			out[i] = s.key()
		}
	}
	return out
}

// Open reports whether a table is open (not closed).
func (f *Tables) Open(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return !f.tables[id].closed
}

// Stakes returns the stakes a table's next hand is dealt at.
func (f *Tables) Stakes(id string) tournament.Stakes {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := f.tables[id]
	if t.next != nil {
		return *t.next
	}
	return t.stakes
}

func (f *Tables) get(id string) (*table, error) {
	t, ok := f.tables[id]
	if !ok {
		return nil, fmt.Errorf("table %s not found", id)
	}
	return t, nil
}

// live is get for a command a closed table refuses, as the table service
// does (TABLE_CLOSED); the refusal is final, so a workflow sending one
// fails at once instead of retrying.
func (f *Tables) live(id string) (*table, error) {
	t, err := f.get(id)
	if err != nil {
		return nil, err
	}
	if t.closed {
		return nil, temporal.NewNonRetryableApplicationError(fmt.Sprintf("table %s is closed", id), "TABLE_CLOSED", nil)
	}
	return t, nil
}

// Create implements tournament.Tables.
func (f *Tables) Create(_ context.Context, spec tournament.TableSpec) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if id, ok := f.byKey[spec.Key]; ok {
		return id, nil
	}
	f.seq++
	id := fmt.Sprintf("tbl-%d", f.seq)
	f.tables[id] = &table{spec: spec, id: id, seats: make([]*seat, spec.Seats), stakes: spec.Stakes, button: -1, sb: -1, bb: -1,
		seatKeys: map[string]int{}, removed: map[string]tournament.Removal{}, pending: map[string]string{}, chipKeys: map[string]bool{}}
	f.byKey[spec.Key] = id
	f.order = append(f.order, id)
	return id, nil
}

// Seat implements tournament.Tables.
func (f *Tables) Seat(_ context.Context, id string, s tournament.SeatSpec) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.live(id)
	if err != nil {
		return 0, err
	}
	if seat, ok := t.seatKeys[s.Key]; ok {
		return seat, nil
	}
	if s.Seat < 0 || s.Seat >= len(t.seats) || t.seats[s.Seat] != nil {
		return 0, fmt.Errorf("table %s: seat %d is not free", id, s.Seat)
	}
	for _, x := range t.seats {
		if x != nil && x.partner == s.Partner && x.player == s.Player {
			return 0, fmt.Errorf("table %s: %s already seated", id, s.Player)
		}
	}
	if s.Chips <= 0 {
		return 0, fmt.Errorf("seat %s with %d chips", s.Player, s.Chips)
	}
	st := &seat{partner: s.Partner, player: s.Player, chips: s.Chips, dead: s.DeadMoney}
	if s.MissHand {
		st.miss = 1
	}
	t.seats[s.Seat] = st
	t.seatKeys[s.Key] = s.Seat
	f.Seats++
	return s.Seat, nil
}

// offset counts occupied seats clockwise from the big blind to seat.
func (t *table) offset(seat int) int {
	if t.bb < 0 {
		return -1
	}
	d := 0
	for k := 0; k < len(t.seats); k++ {
		j := (t.bb + k) % len(t.seats)
		if j == seat {
			return d
		}
		if t.seats[j] != nil {
			d++
		}
	}
	return -1
}

// Remove implements tournament.Tables.
func (f *Tables) Remove(_ context.Context, id, partner, player, key string) (tournament.Removal, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.get(id)
	if err != nil {
		return tournament.Removal{}, err
	}
	if r, ok := t.removed[key]; ok {
		return r, nil
	}
	who := partner + ":" + player
	seat := -1
	for i, s := range t.seats {
		if s != nil && s.key() == who {
			seat = i
		}
	}
	if seat < 0 {
		delete(t.pending, who)
		r := tournament.Removal{Done: true, Gone: true}
		t.removed[key] = r
		return r, nil
	}
	if f.Defer && !t.paused && !t.held && !t.closed {
		if _, asked := t.pending[who]; !asked {
			// He is in a hand: he leaves when it ends.
			t.pending[who] = key
			return tournament.Removal{Seat: seat}, nil
		}
		// Asked again: the hand he was in has ended since.
		f.play(t)
		if r, ok := t.removed[key]; ok {
			return r, nil
		}
		if t.seats[seat] == nil {
			return tournament.Removal{Done: true, Gone: true}, nil
		}
	}
	return f.removeNow(t, seat, key), nil
}

func (f *Tables) removeNow(t *table, seat int, key string) tournament.Removal {
	s := t.seats[seat]
	r := tournament.Removal{Done: true, Chips: s.chips, Seat: seat, Offset: t.offset(seat)}
	t.seats[seat] = nil
	t.removed[key] = r
	delete(t.pending, s.key())
	f.Removals++
	return r
}

// AddChips implements tournament.Tables.
func (f *Tables) AddChips(_ context.Context, id, partner, player string, chips int64, key string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.live(id)
	if err != nil {
		return err
	}
	if t.chipKeys[key] {
		return nil
	}
	for _, s := range t.seats {
		if s != nil && s.partner == partner && s.player == player {
			s.chips += chips
			t.chipKeys[key] = true
			return nil
		}
	}
	return fmt.Errorf("table %s: %s not seated", id, player)
}

// SetStakes implements tournament.Tables: from the next hand.
func (f *Tables) SetStakes(_ context.Context, id string, st tournament.Stakes) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.live(id)
	if err != nil {
		return err
	}
	t.next = &st
	return nil
}

// SetHold implements tournament.Tables.
func (f *Tables) SetHold(_ context.Context, id string, hold bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.live(id)
	if err != nil {
		return err
	}
	t.held = hold
	return nil
}

// Pause implements tournament.Tables.
func (f *Tables) Pause(_ context.Context, id, _ string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.get(id)
	if err != nil {
		return err
	}
	t.paused = true
	return nil
}

// Resume implements tournament.Tables.
func (f *Tables) Resume(_ context.Context, id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.get(id)
	if err != nil {
		return err
	}
	t.paused = false
	return nil
}

// Close implements tournament.Tables.
func (f *Tables) Close(_ context.Context, id, _ string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.get(id)
	if err != nil {
		return err
	}
	t.closed = true
	return nil
}

// Results implements tournament.Tables: an open table plays its hands,
// then the hands after `after` are returned.
func (f *Tables) Results(_ context.Context, id string, after uint64) ([]tournament.Hand, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.get(id)
	if err != nil {
		return nil, err
	}
	if !t.closed && !t.paused && !t.held {
		for k := 0; k < f.HandsPerPoll; k++ {
			f.play(t)
		}
	}
	var out []tournament.Hand
	for _, h := range t.results {
		if h.Number > after {
			out = append(out, h)
		}
	}
	return out, nil
}

// Snapshot implements tournament.Tables.
func (f *Tables) Snapshot(_ context.Context, id string) (tournament.Snapshot, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.get(id)
	if err != nil {
		return tournament.Snapshot{}, err
	}
	s := tournament.Snapshot{Idle: true, Held: t.held, LastHand: t.hand, Button: t.button}
	for i, x := range t.seats {
		if x != nil {
			partner := x.partner
			if f.NoPartners {
				partner = ""
			}
			s.Seats = append(s.Seats, tournament.SnapSeat{Seat: i, Partner: partner, Player: x.player, Chips: x.chips})
		}
	}
	return s, nil
}

// DealOne implements tournament.Tables.
func (f *Tables) DealOne(_ context.Context, id string) (uint64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.live(id)
	if err != nil {
		return 0, err
	}
	if !t.held {
		return 0, fmt.Errorf("table %s is not held", id)
	}
	f.Deals++
	if ps := f.heldForced[id]; len(ps) > 0 {
		f.forced[id] = append(f.forced[id], ps...)
		delete(f.heldForced, id)
	}
	if !t.paused && !t.closed {
		f.play(t)
	}
	return t.hand, nil
}

// SetStacks implements tournament.Tables.
func (f *Tables) SetStacks(_ context.Context, id string, stacks []tournament.SnapSeat, key string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.live(id)
	if err != nil {
		return err
	}
	if t.chipKeys[key] {
		return nil
	}
	for _, x := range stacks {
		// The table service refuses a player named without his partner.
		if x.Partner == "" || x.Player == "" {
			return fmt.Errorf("set stacks at %s: seat %d names no player and partner", id, x.Seat)
		}
	}
	for _, x := range stacks {
		if st := t.seats[x.Seat]; st != nil && st.key() == x.Partner+":"+x.Player {
			st.chips = x.Chips
		}
	}
	t.chipKeys[key] = true
	f.Races++
	return nil
}

// nextOccupied is the next seat after from with a player dealt in.
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

// play deals one hand with bots.
func (f *Tables) play(t *table) {
	n := len(t.seats)
	in := make([]bool, n)
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
	if count < 2 {
		return
	}
	if t.next != nil {
		t.stakes, t.next = *t.next, nil
	}
	st := t.stakes
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
	t.hand++
	f.Hands++
	h := tournament.Hand{Number: t.hand, Button: t.button, SmallBlind: t.sb, BigBlind: t.bb}
	startStack := make([]int64, n)
	put := make([]int64, n)
	dead := int64(0)
	pay := func(i int, amt int64) int64 {
		s := t.seats[i]
		amt = min(amt, s.chips-put[i])
		put[i] += amt
		return amt
	}
	for i := range t.seats {
		if in[i] {
			startStack[i] = t.seats[i].chips
		}
	}
	for i, s := range t.seats {
		if in[i] && st.Ante > 0 {
			pay(i, st.Ante)
		}
		if in[i] && s.dead > 0 {
			// H.35: a blind skipped by a move is posted dead.
			dead += pay(i, s.dead)
			s.dead = 0
		}
	}
	pay(t.sb, st.SmallBlind)
	pay(t.bb, st.BigBlind)
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
	// Who plays for the pot: the big blind, some others, everyone forced
	// to bust and someone to bust them.
	active := make([]bool, n)
	var actives []int
	bet := 3 * st.BigBlind
	for i := range t.seats {
		if !in[i] {
			continue
		}
		if i == t.bb || forced[t.seats[i].key()] || f.r.Float64() < 0.3 {
			active[i] = true
			actives = append(actives, i)
		}
	}
	if len(forced) > 0 {
		// The biggest stack not forced out covers them.
		big := -1
		for i := range t.seats {
			if in[i] && !forced[t.seats[i].key()] && (big < 0 || t.seats[i].chips > t.seats[big].chips) {
				big = i
			}
		}
		if big >= 0 && !active[big] {
			active[big] = true
			actives = append(actives, big)
		}
	}
	var cover int64
	for _, i := range actives {
		if forced[t.seats[i].key()] || f.r.Float64() < f.AllIn {
			pay(i, t.seats[i].chips)
			if forced[t.seats[i].key()] {
				cover = max(cover, t.seats[i].chips)
			}
		} else {
			pay(i, bet)
		}
	}
	if cover > 0 {
		// The player covering the forced all-ins calls them.
		big := -1
		for _, i := range actives {
			if !forced[t.seats[i].key()] && (big < 0 || t.seats[i].chips > t.seats[big].chips) {
				big = i
			}
		}
		if big >= 0 && put[big] < cover {
			pay(big, cover-put[big])
		}
	}
	// Showdown strength: forced players lose; others at random.
	strength := make([]int, n)
	for _, i := range actives {
		strength[i] = 1 + f.r.IntN(1000)
		if forced[t.seats[i].key()] {
			strength[i] = 0
		}
	}
	// Pots by contribution level (gr-regulation-1 §6.5).
	levels := []int64{}
	for i := range put {
		if put[i] > 0 {
			levels = append(levels, put[i])
		}
	}
	sort.Slice(levels, func(a, b int) bool { return levels[a] < levels[b] })
	var prev int64
	won := make([]int64, n)
	for _, lv := range levels {
		if lv == prev {
			continue
		}
		var pot int64
		for i := range put {
			pot += min(put[i], lv) - min(put[i], prev)
		}
		best := -1
		for _, i := range actives {
			if put[i] >= lv && (best < 0 || strength[i] > strength[best]) {
				best = i
			}
		}
		if best < 0 {
			// Nobody active reached this level: it goes back to those who
			// put it in (an uncalled bet).
			for i := range put {
				won[i] += min(put[i], lv) - min(put[i], prev)
			}
		} else {
			won[best] += pot
		}
		prev = lv
	}
	_ = dead
	// A forced player loses everything: what the pots gave back to him
	// goes to the player who covered him.
	for _, i := range actives {
		if forced[t.seats[i].key()] && won[i] > 0 {
			to := -1
			for _, j := range actives {
				if !forced[t.seats[j].key()] && (to < 0 || strength[j] > strength[to]) {
					to = j
				}
			}
			if to >= 0 {
				back := t.seats[i].chips - put[i] + won[i]
				won[to] += back
				won[i] -= back
			}
		}
	}
	f.clock = f.clock.Add(time.Second)
	h.EndedAt = f.clock
	for i, s := range t.seats {
		if !in[i] {
			continue
		}
		s.chips += won[i] - put[i]
		hp := tournament.HandPlayer{Partner: s.partner, Player: s.player, Seat: i, Start: startStack[i], End: s.chips}
		if s.chips == 0 {
			hp.Eliminated = true
			t.seats[i] = nil
			if key, ok := t.pending[s.key()]; ok {
				t.removed[key] = tournament.Removal{Done: true, Gone: true}
				delete(t.pending, s.key())
				f.BustedLeaving++
			}
		}
		h.Players = append(h.Players, hp)
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
	t.results = append(t.results, h)
	keep := f.Keep
	if keep == 0 {
		keep = 64
	}
	if len(t.results) > keep {
		t.results = t.results[len(t.results)-keep:]
	}
}

// ForceHeld makes the players named bust in the next hand their held table
// deals through DealOne (hand-for-hand).
func (f *Tables) ForceHeld(tableID string, players ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.heldForced == nil {
		f.heldForced = map[string][]string{}
	}
	f.heldForced[tableID] = append(f.heldForced[tableID], players...)
}
