// Package seating is a poker table's flow between hands: who sits where,
// where the button and the blinds go, who is dealt in and what each player
// must post — the dead button (gr-regulation-2 G4.6) or a moving button
// (docs/rules/cz-cash-game-texas-holdem.md §5), the heads-up blind rule
// (gr-regulation-1 B.57), new players posting or waiting for the big blind
// (G4.7), missed blinds and their make-up (B.37, B.69; cz §5.6), the
// seat-change penalty (G4.5), sitting out, and the round out after a
// refusal to post (B.8(c)). A Table is plain data; Plan is pure, Finish
// applies a finished hand.
package seating

import (
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// MaxSeats is the largest table.
const MaxSeats = hand.MaxSeats

// Entry is how a player not yet in the blind rotation comes into the game.
type Entry uint8

// Entries.
const (
	// InPlay: the player is in the rotation.
	InPlay Entry = iota
	// WaitBB: dealt in when the big blind reaches him (G4.7, N14).
	WaitBB
	// PostNow: posts a big blind to be dealt in at once (G4.5, G4.7).
	PostNow
	// Exempt: moved by the casino or from a closed game: dealt in at once
	// without posting (G4.7).
	Exempt
)

// Seat is one seat at the table.
type Seat struct {
	Player string `json:"player,omitempty"`
	Name   string `json:"name,omitempty"`
	Stack  int64  `json:"stack,omitempty"`
	// SittingOut: the player is away or sits out; he is not dealt in and
	// the blinds passing him are missed (B.69).
	SittingOut bool  `json:"sitting_out,omitempty"`
	Entry      Entry `json:"entry,omitempty"`
	// MissedSmall and MissedBig are blinds he owes (B.70 markers).
	MissedSmall bool `json:"missed_small,omitempty"`
	MissedBig   bool `json:"missed_big,omitempty"`
	// OutHands counts hands he is dealt out after refusing to post
	// (B.8(c): "not dealt in for the whole round") or after a move that
	// makes him miss a hand (H.29(c)).
	OutHands int `json:"out_hands,omitempty"`
	// OutFor is why he is dealt out while OutHands lasts.
	OutFor OutReason `json:"out_for,omitempty"`
	// OwesDeadBig: a tournament player moved past his big blind posts one
	// dead in the first pot he plays (gr-regulation-2 H.35; tournaments.md
	// T21), unless that hand's big blind is his.
	OwesDeadBig bool `json:"owes_dead_big,omitempty"`
}

// Occupied reports whether a player sits in the seat.
func (s *Seat) Occupied() bool { return s.Player != "" }

// Table is the seats and the last hand's button and blinds.
type Table struct {
	Rules profile.Rules  `json:"rules"`
	Seats [MaxSeats]Seat `json:"seats"`
	// Button, SmallBlind and BigBlind are the last hand's positions; -1
	// before the first hand. SmallBlind may be a seat that posted nothing
	// (a dead small blind), Button an empty seat (a dead button).
	Button     int `json:"button"`
	SmallBlind int `json:"small_blind"`
	BigBlind   int `json:"big_blind"`
	// First is the button of the first hand.
	First int `json:"first"`
}

// New returns an empty table whose first button will be at first (by the
// casino's choice or a draw, B.20; see Draw).
func New(rules profile.Rules, first int) *Table {
	return &Table{Rules: rules, Button: -1, SmallBlind: -1, BigBlind: -1, First: first}
}

// Sit seats a player with a buy-in.
func (t *Table) Sit(seat int, player, name string, stack int64, entry Entry) error {
	if seat < 0 || seat >= t.Rules.MaxSeats {
		return apierr.Invalid("BAD_SEAT", "seat %d outside 0..%d", seat, t.Rules.MaxSeats-1)
	}
	if t.Seats[seat].Occupied() {
		return apierr.Precondition("SEAT_TAKEN", "seat %d is taken", seat)
	}
	if player == "" || stack <= 0 {
		return apierr.Invalid("BAD_PLAYER", "a player id and a positive stack are needed")
	}
	for i := range t.Seats {
		if t.Seats[i].Player == player {
			return apierr.Precondition("ALREADY_SEATED", "player already sits in seat %d (G7.4)", i)
		}
	}
	if t.BigBlind < 0 {
		entry = InPlay // everyone at the first hand is in the rotation
	}
	t.Seats[seat] = Seat{Player: player, Name: name, Stack: stack, Entry: entry}
	return nil
}

// Leave frees a seat between hands.
func (t *Table) Leave(seat int) { t.Seats[seat] = Seat{} }

// SitOut marks a player away.
func (t *Table) SitOut(seat int) { t.Seats[seat].SittingOut = true }

// SitIn brings a player back; one who owes blinds posts them at once
// (postNow) or waits for the big blind.
func (t *Table) SitIn(seat int, postNow bool) {
	s := &t.Seats[seat]
	s.SittingOut = false
	if s.MissedBig || s.MissedSmall {
		s.Entry = WaitBB
		if postNow {
			s.Entry = PostNow
		}
	}
}

// ChangeSeat moves a player to an empty seat between hands. Moving more
// than two active players clockwise means waiting for the big blind or
// posting one (gr-regulation-2 G4.5, N18: the active players strictly
// between the two seats, clockwise).
func (t *Table) ChangeSeat(from, to int, postNow bool) error {
	if from == to || to < 0 || to >= t.Rules.MaxSeats || !t.Seats[from].Occupied() {
		return apierr.Invalid("BAD_SEAT", "cannot move from seat %d to %d", from, to)
	}
	if t.Seats[to].Occupied() {
		return apierr.Precondition("SEAT_TAKEN", "seat %d is taken", to)
	}
	passed := 0
	for k := 1; k < MaxSeats; k++ {
		j := (from + k) % MaxSeats
		if j == to {
			break
		}
		if t.active(j) {
			passed++
		}
	}
	s := t.Seats[from]
	t.Seats[from] = Seat{}
	if t.Rules.Options.SeatChangePenalty && passed > 2 && t.BigBlind >= 0 && s.Entry == InPlay {
		s.Entry = WaitBB
		if postNow {
			s.Entry = PostNow
		}
	}
	t.Seats[to] = s
	return nil
}

// Draw picks the first button from one card dealt to each seat: the
// highest rank, then the highest suit (B.20(b); cz §5.1; docs/rules/ru-club-poker.md
// §3.32, T3: K♠ beats K♥).
func Draw(cards map[int]card.Card) int {
	at := -1
	for seat, c := range cards {
		if at < 0 || c > cards[at] {
			at = seat
		}
	}
	return at
}

// active reports whether seat plays hands (occupied, not sitting out, with
// chips, not dealt out).
func (t *Table) active(seat int) bool {
	s := &t.Seats[seat]
	return s.Occupied() && !s.SittingOut && s.Stack > 0 && s.OutHands == 0
}

// Plan is the next hand's dealing: the button and blinds, who is dealt in
// and who posts what.
type Plan struct {
	Button     int           `json:"button"`
	SmallBlind int           `json:"small_blind"`
	BigBlind   int           `json:"big_blind"`
	Players    []hand.Player `json:"players"`
	Posts      []hand.Post   `json:"posts"`
	// MissedSmall and MissedBig are away players the blinds pass this hand.
	MissedSmall []int `json:"missed_small,omitempty"`
	MissedBig   []int `json:"missed_big,omitempty"`
}

// Setup turns the plan into a hand setup.
func (p Plan) Setup(id string, shoe []card.Card) hand.Setup {
	return hand.Setup{ID: id, Button: p.Button, Players: p.Players, Posts: p.Posts, Shoe: shoe}
}

// Plan works out the next hand. straddlers are the players who want to
// straddle, in order (the seat after the big blind, then the seat after
// him, G4.4). It fails when fewer than two players can be dealt in (a
// broken game, B.17).
func (t *Table) Plan(straddlers ...int) (Plan, error) {
	p := Plan{SmallBlind: -1, BigBlind: -1}
	n := 0
	for i := range t.Seats {
		if t.active(i) {
			n++
		}
	}
	if n < 2 {
		return Plan{}, apierr.Precondition("NOT_ENOUGH_PLAYERS", "%d players can play; a hand needs two (gr-regulation-1 A.2)", n)
	}
	if !t.Rules.Blinds() {
		t.planAnte(&p)
	} else {
		t.planBlinds(&p)
	}
	if len(p.Players) < 2 {
		return Plan{}, apierr.Precondition("NOT_ENOUGH_PLAYERS", "only %d player(s) can be dealt in", len(p.Players))
	}
	if err := t.straddle(&p, straddlers); err != nil {
		return Plan{}, err
	}
	return p, nil
}

// planAnte: a stud ante game deals in every active player; the button
// only sets the deal order and moves one player on each hand.
func (t *Table) planAnte(p *Plan) {
	p.Button = t.First
	if t.Button >= 0 {
		p.Button = t.nextActive(t.Button)
	}
	for k := 1; k <= MaxSeats; k++ {
		seat := (p.Button + k) % MaxSeats
		if t.active(seat) {
			t.deal(p, seat)
		}
	}
}

func (t *Table) nextActive(from int) int {
	for k := 1; k <= MaxSeats; k++ {
		j := (from + k) % MaxSeats
		if t.active(j) {
			return j
		}
	}
	return -1
}

// inRotation: active and already playing (no entry pending).
func (t *Table) inRotation(seat int) bool { return t.active(seat) && t.Seats[seat].Entry != WaitBB }

func (t *Table) deal(p *Plan, seat int) {
	s := &t.Seats[seat]
	p.Players = append(p.Players, hand.Player{Seat: seat, Player: s.Player, Name: s.Name, Stack: s.Stack})
}

// planBlinds places the button and blinds and lists who is dealt in.
func (t *Table) planBlinds(p *Plan) {
	o := t.Rules.Options
	heads := 0
	for i := range t.Seats {
		if t.active(i) {
			heads++
		}
	}
	switch {
	case t.BigBlind < 0 && heads == 2:
		t.firstHeadsUp(p)
	case t.BigBlind < 0:
		// First hand: the blinds follow the button (B.20).
		p.Button = t.First
		p.SmallBlind = t.nextActive(p.Button)
		p.BigBlind = t.nextActive(p.SmallBlind)
	case heads == 2:
		t.headsUp(p, t.nextActive(t.BigBlind))
	case o.Button == profile.MovingButton:
		// The button moves to the next player and both blinds are posted
		// every hand (cz §5.3–5.5).
		p.Button = t.nextRotation(t.Button)
		if t.owes(p.Button) {
			// A player returning on the button: the button moves one on and he
			// posts the big blind, so nobody pays a blind twice (cz §5.6).
			p.Button = t.nextRotation(p.Button)
		}
		p.SmallBlind = t.nextRotation(p.Button)
		p.BigBlind = t.nextActive(p.SmallBlind)
		t.missed(p, p.Button, p.BigBlind, true)
	default:
		// Dead button (G4.6): the big blind moves one player on; the small
		// blind is the last big blind's seat if that player is still here
		// (otherwise no small blind); the button is the last small blind's
		// seat, even an empty one.
		p.BigBlind = t.nextActive(t.BigBlind)
		t.missed(p, t.BigBlind, p.BigBlind, true)
		p.SmallBlind = t.BigBlind
		if !t.inRotation(p.SmallBlind) {
			if s := &t.Seats[p.SmallBlind]; s.Occupied() && s.SittingOut {
				p.MissedSmall = append(p.MissedSmall, p.SmallBlind)
			}
			p.SmallBlind = -1
		}
		p.Button = t.SmallBlind
		if p.Button < 0 {
			p.Button = t.BigBlind
		}
	}
	// Deal order: the blinds, everyone in the rotation, and players who
	// post to come in, but no newcomer on the button (G4.7, N14).
	for k := 1; k <= MaxSeats; k++ {
		seat := (p.Button + k) % MaxSeats
		s := &t.Seats[seat]
		switch {
		case !t.active(seat):
		case seat == p.BigBlind || seat == p.SmallBlind || s.Entry == Exempt:
			t.deal(p, seat)
		case s.Entry == WaitBB:
		case !t.owes(seat):
			t.deal(p, seat)
		case !(o.NoEntryOnButton && seat == p.Button):
			t.deal(p, seat)
		}
	}
	// Posts in order: small blind, big blind, then make-ups and entries.
	// A player owing blinds in the small blind posts it dead with a live
	// big blind; in the big blind he posts just that (cz §5.6).
	if p.SmallBlind >= 0 {
		if t.owes(p.SmallBlind) {
			p.Posts = append(p.Posts, hand.Post{Seat: p.SmallBlind, Kind: hand.DeadSmall}, hand.Post{Seat: p.SmallBlind, Kind: hand.LiveBlind})
		} else {
			p.Posts = append(p.Posts, hand.Post{Seat: p.SmallBlind, Kind: hand.SmallBlind})
		}
	}
	p.Posts = append(p.Posts, hand.Post{Seat: p.BigBlind, Kind: hand.BigBlind})
	for _, pl := range p.Players {
		seat := pl.Seat
		s := &t.Seats[seat]
		if s.OwesDeadBig && seat != p.BigBlind {
			p.Posts = append(p.Posts, hand.Post{Seat: seat, Kind: hand.DeadBig})
		}
		if seat == p.BigBlind || seat == p.SmallBlind || s.Entry == Exempt || !t.owes(seat) {
			continue
		}
		if s.MissedSmall {
			// A missed small blind is made up dead (B.37; cz §5.6).
			p.Posts = append(p.Posts, hand.Post{Seat: seat, Kind: hand.DeadSmall})
		}
		if s.MissedBig || s.Entry == PostNow {
			// The big blind is live (cz §5.6), or dead when made up out of
			// position under the literal Greek rule (B.37).
			kind := hand.LiveBlind
			if o.MakeUp == profile.MakeUpAllDead && s.MissedBig {
				kind = hand.DeadBig
			}
			p.Posts = append(p.Posts, hand.Post{Seat: seat, Kind: kind})
		}
	}
}

// owes reports whether seat must post to be dealt in: missed blinds, or a
// newcomer posting at once.
func (t *Table) owes(seat int) bool {
	s := &t.Seats[seat]
	return s.MissedBig || s.MissedSmall || s.Entry == PostNow
}

// headsUp places the blinds with two players; bb is the next big blind
// (so nobody posts it twice running): the other player posts the small
// blind, and the button is the small blind (the standard rule) or the big
// blind (B.57 literal).
func (t *Table) headsUp(p *Plan, bb int) {
	p.BigBlind = bb
	p.SmallBlind = t.nextActive(bb)
	p.Button = p.SmallBlind
	if t.Rules.Options.HeadsUp == profile.HeadsUpButtonBigBlind {
		p.Button = p.BigBlind
	}
}

// firstHeadsUp places the first hand's blinds with two players: the button
// is the seat chosen for it (B.20), or the first player after it if the
// seat is empty. Under the literal rule he posts the big blind, blinds
// "exactly as with more than two players" (B.57, §9 item 1); under the
// standard rule the small blind.
func (t *Table) firstHeadsUp(p *Plan) {
	button := t.First
	if !t.active(button) {
		button = t.nextActive(button)
	}
	bb := button
	if t.Rules.Options.HeadsUp == profile.HeadsUpButtonSmallBlind {
		bb = t.nextActive(button)
	}
	t.headsUp(p, bb)
}

func (t *Table) nextRotation(from int) int {
	for k := 1; k <= MaxSeats; k++ {
		j := (from + k) % MaxSeats
		if t.inRotation(j) {
			return j
		}
	}
	return t.nextActive(from)
}

// missed marks the away players the big blind passed from (exclusive) to
// to (exclusive).
func (t *Table) missed(p *Plan, from, to int, big bool) {
	for k := 1; k < MaxSeats; k++ {
		j := (from + k) % MaxSeats
		if j == to {
			return
		}
		if s := &t.Seats[j]; s.Occupied() && s.SittingOut {
			if big {
				p.MissedBig = append(p.MissedBig, j)
			}
		}
	}
}

// straddle adds the voluntary straddles: the player after the big blind,
// then the player after him (G4.4), at most the table's number.
func (t *Table) straddle(p *Plan, seats []int) error {
	if len(seats) == 0 {
		return nil
	}
	if len(seats) > t.Rules.Options.Straddles {
		return apierr.Invalid("TOO_MANY_STRADDLES", "%d straddles, the table allows %d (G4.4)", len(seats), t.Rules.Options.Straddles)
	}
	in := map[int]bool{}
	for _, pl := range p.Players {
		in[pl.Seat] = true
	}
	last := p.BigBlind
	for _, s := range seats {
		next := -1
		for k := 1; k < MaxSeats; k++ {
			if j := (last + k) % MaxSeats; in[j] {
				next = j
				break
			}
		}
		if s != next {
			return apierr.Invalid("BAD_STRADDLE", "seat %d may not straddle; the next straddle is seat %d's", s, next)
		}
		p.Posts = append(p.Posts, hand.Post{Seat: s, Kind: hand.Straddle})
		last = s
	}
	return nil
}

// Finish applies a finished hand: the stacks, the new button and blind
// positions (not after a misdeal or a cancelled hand: the button stays,
// G2, B.8(c)), the blinds missed, entries settled, and a player who
// refused to post sits out a round.
func (t *Table) Finish(p Plan, s *hand.State) {
	for _, pl := range p.Players {
		t.Seats[pl.Seat].Stack = s.Stack(pl.Seat)
	}
	for i := range t.Seats {
		if st := &t.Seats[i]; st.OutHands > 0 && s.Phase != hand.Misdeal {
			if st.OutHands--; st.OutHands == 0 {
				st.OutFor = 0
			}
		}
	}
	switch s.Phase {
	case hand.Misdeal:
		return
	case hand.Cancelled:
		if s.Refused >= 0 {
			n := 0
			for i := range t.Seats {
				if t.Seats[i].Occupied() {
					n++
				}
			}
			t.Seats[s.Refused].OutHands, t.Seats[s.Refused].OutFor = n, OutRefused
		}
		return
	}
	t.Button, t.SmallBlind, t.BigBlind = p.Button, p.SmallBlind, p.BigBlind
	if t.SmallBlind < 0 {
		// A dead small blind still marks the position the button takes next
		// (G4.6: the button moves to the empty seat).
		t.SmallBlind = t.smallPosition(p)
	}
	for _, seat := range p.MissedBig {
		t.Seats[seat].MissedBig = true
	}
	for _, seat := range p.MissedSmall {
		t.Seats[seat].MissedSmall = true
	}
	for _, pl := range p.Players {
		st := &t.Seats[pl.Seat]
		st.Entry = InPlay
		st.MissedBig, st.MissedSmall, st.OwesDeadBig = false, false, false
	}
}

// smallPosition is the seat the small blind would have been in: the seat
// before the big blind that last posted it. It wraps at the table's own
// size: on a 9-seat table the seat after 8 is 0, not the tenth seat the
// array has room for (the next button would be a seat the table lacks).
func (t *Table) smallPosition(p Plan) int {
	n := t.Rules.MaxSeats
	if n <= 0 || n > MaxSeats {
		n = MaxSeats
	}
	if p.Button >= 0 && p.BigBlind >= 0 {
		for k := 1; k < n; k++ {
			j := (p.Button + k) % n
			if j == p.BigBlind {
				break
			}
			return j
		}
	}
	return p.Button
}

// TimeCharges is what each seated player pays for one period of a
// time-charge table, sitting-out players included (G6.1 mode 2); the
// stacks are debited.
func (t *Table) TimeCharges() map[int]int64 {
	out := map[int]int64{}
	for i := range t.Seats {
		s := &t.Seats[i]
		if !s.Occupied() {
			continue
		}
		if c := t.Rules.Rake.TimeChargeOf(s.Stack); c > 0 {
			s.Stack -= c
			out[i] = c
		}
	}
	return out
}
