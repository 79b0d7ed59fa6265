package tournamenttest

import (
	"context"
	"fmt"

	"github.com/croupier/croupier/workflows/tournament"
)

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

// Penalize implements tournament.Tables: the rounds become rounds × the
// players at his table; the bots' hands are played whole between polls,
// so there is never a hand in play to kill.
func (f *Tables) Penalize(_ context.Context, in tournament.PenaltyTableIn) (tournament.PenaltyOut, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.live(in.Table)
	if err != nil {
		return tournament.PenaltyOut{}, err
	}
	n, seated := 0, false
	for _, s := range t.seats {
		if s != nil {
			n++
			seated = seated || s.partner == in.Partner && s.player == in.Player
		}
	}
	if !seated {
		return tournament.PenaltyOut{}, fmt.Errorf("table %s: %s is not seated", in.Table, in.Player)
	}
	f.Penalties[in.Key] = in
	return tournament.PenaltyOut{Hands: in.Rounds * n}, nil
}
