// Package live is a poker table as a deterministic state machine: seats and
// buy-ins, the waiting list, the hand in progress (run by the poker
// engines), the action clock and time bank, absence rules, money intents
// that the wallet must carry out, and the tournament controls. It does no
// I/O and reads no clock: every change is a Command carrying its time and
// every outside result it depends on (the RNG's shoe, the evaluator's
// ranks, the wallet's outcome), so any replica that applies the same
// commands to the same snapshot reaches the same state and emits the same
// events. That is what lets the table service keep a table in Redis as a
// snapshot plus a log of commands, and resume it on any pod.
package live

import (
	"fmt"
	"time"

	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/seating"
)

// MaxSeats is the largest table.
const MaxSeats = hand.MaxSeats

// Absence and rejoin rules (gr-regulation-2 G4.8, INV-22).
const (
	// AbsencePickup: chips of a player away for more than this are picked
	// up (cashed out) and the seat is freed.
	AbsencePickup = 10 * time.Minute
	// RejoinWindow: a picked-up player back within this goes first on the
	// waiting list; later, last.
	RejoinWindow = 20 * time.Minute
	// OfferTime is how long a freed seat is held for the first player on the
	// waiting list.
	OfferTime = 60 * time.Second
	// IntentGrace is how long the replica that recorded a money intent has
	// to carry it out before any replica's recovery loop does.
	IntentGrace = 3 * time.Second
	// MaxKeys is how many idempotency keys a table remembers.
	MaxKeys = 64
)

// Clock limits (gr-regulation-2 H.27; docs/rules/tournaments.md §13).
const (
	MinActionTime = 5 * time.Second
	MaxActionTime = 60 * time.Second
	MaxTimeBank   = 5 * time.Minute
	// MaxExtension is one extension period's most (H.27(b)); the text
	// sets no number of periods, MaxExtensions bounds it here.
	MaxExtension  = 2 * time.Minute
	MaxExtensions = 20
)

// Clock is the table's action clock.
type Clock struct {
	// Action is the time per decision, 5–60 s.
	Action time.Duration `json:"action"`
	// Bank is each player's time bank, at most 5 minutes.
	Bank time.Duration `json:"bank,omitempty"`
	// Pause is the time between the end of a hand and the next deal.
	Pause time.Duration `json:"pause,omitempty"`
	// TimeoutsToSitOut sits a cash-game player out after this many
	// consecutive timeouts (0: 2).
	TimeoutsToSitOut int `json:"timeouts_to_sit_out,omitempty"`
	// Called and Countdown are a called clock's time and its final count
	// (0: 60 s and 10 s, gr-regulation-2 H.28(b); tournaments.md T24).
	Called    time.Duration `json:"called,omitempty"`
	Countdown time.Duration `json:"countdown,omitempty"`
	// Shot is a shot-clock player's time per decision (0: 10 s, H.28(a);
	// T25).
	Shot time.Duration `json:"shot,omitempty"`
	// Extensions is how many extra periods of Extension (at most 2
	// minutes) each player has; he may use one per decision, claimed
	// before his base time runs out (H.27(b)).
	Extensions int           `json:"extensions,omitempty"`
	Extension  time.Duration `json:"extension,omitempty"`
}

// CalledTimes are the called clock's time and countdown, defaults filled.
func (c Clock) CalledTimes() (called, countdown time.Duration) {
	called, countdown = c.Called, c.Countdown
	if called == 0 {
		called = time.Minute
	}
	if countdown == 0 {
		countdown = 10 * time.Second
	}
	return called, countdown
}

// shot is a shot-clock player's time per decision, default filled.
func (c Clock) shot() time.Duration {
	if c.Shot == 0 {
		return 10 * time.Second
	}
	return c.Shot
}

// Validate checks the clock against the regulation's bounds.
func (c Clock) Validate() error {
	if c.Action < MinActionTime || c.Action > MaxActionTime {
		return fmt.Errorf("action time %s outside 5s..60s (gr-regulation-2 H.27)", c.Action)
	}
	if c.Bank < 0 || c.Bank > MaxTimeBank {
		return fmt.Errorf("time bank %s outside 0..5m (H.27(a))", c.Bank)
	}
	if c.Pause < 0 || c.Pause > time.Minute {
		return fmt.Errorf("hand pause %s outside 0..1m", c.Pause)
	}
	if c.TimeoutsToSitOut < 0 || c.TimeoutsToSitOut > 100 {
		return fmt.Errorf("timeouts to sit out %d outside 0..100", c.TimeoutsToSitOut)
	}
	if c.Called < 0 || c.Called > 5*time.Minute || c.Countdown < 0 || c.Countdown > time.Minute {
		return fmt.Errorf("called clock %s + %s outside 0..5m + 0..1m (H.28(b))", c.Called, c.Countdown)
	}
	if c.Extensions < 0 || c.Extensions > MaxExtensions || c.Extension < 0 || c.Extension > MaxExtension || (c.Extensions > 0) != (c.Extension > 0) {
		return fmt.Errorf("extension periods %d of %s: want 0..%d of up to %s, both set or neither (H.27(b))", c.Extensions, c.Extension, MaxExtensions, MaxExtension)
	}
	if c.Shot != 0 && (c.Shot < MinActionTime || c.Shot > MaxActionTime) {
		return fmt.Errorf("shot clock %s outside 5s..60s (H.28(a))", c.Shot)
	}
	return nil
}

func (c Clock) timeoutsToSitOut() int {
	if c.TimeoutsToSitOut == 0 {
		return 2
	}
	return c.TimeoutsToSitOut
}

// Config is what a table is created with.
type Config struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Rules are the validated rules of the first hand.
	Rules profile.Rules `json:"rules"`
	// MinBuyIn and MaxBuyIn bound a buy-in and the stack after a top-up.
	MinBuyIn int64 `json:"min_buy_in"`
	MaxBuyIn int64 `json:"max_buy_in"`
	Clock    Clock `json:"clock"`
	// Tournament is set for tournament tables: chips without money, no
	// wallet, players seated and removed by the tournament service.
	Tournament string `json:"tournament,omitempty"`
	// FirstButton is the first hand's button.
	FirstButton int `json:"first_button,omitempty"`
	// Escrow and Revenue are the wallet accounts of a cash table: the
	// table's escrow and the house revenue account rake goes to.
	Escrow  string `json:"escrow,omitempty"`
	Revenue string `json:"revenue,omitempty"`
	// Fingerprint is the hash of the CreateTable request of a table made
	// with an idempotency key: the key again with another request is
	// refused.
	Fingerprint string `json:"fp,omitempty"`
	// Currency of the stakes ("CHP" at tournament tables).
	Currency string `json:"currency"`
}

// Cash reports whether the table plays money from the wallet.
func (c *Config) Cash() bool { return c.Tournament == "" }

// Validate checks a configuration.
func (c *Config) Validate() error {
	if c.ID == "" {
		return fmt.Errorf("table id is empty")
	}
	if err := c.Rules.Validate(); err != nil {
		return err
	}
	if err := c.Clock.Validate(); err != nil {
		return err
	}
	if c.FirstButton < 0 || c.FirstButton >= c.Rules.MaxSeats {
		return fmt.Errorf("first button %d outside 0..%d", c.FirstButton, c.Rules.MaxSeats-1)
	}
	if c.Cash() {
		if c.MinBuyIn <= 0 || c.MaxBuyIn < c.MinBuyIn {
			return fmt.Errorf("buy-in bounds %d..%d: want 0 < min <= max (gr-regulation-2 G3.1)", c.MinBuyIn, c.MaxBuyIn)
		}
		if c.MinBuyIn%c.Rules.Stakes.Unit != 0 || c.MaxBuyIn%c.Rules.Stakes.Unit != 0 {
			return fmt.Errorf("buy-in bounds must be multiples of the smallest chip %d", c.Rules.Stakes.Unit)
		}
		if c.Escrow == "" || c.Revenue == "" {
			return fmt.Errorf("a cash table needs its escrow and revenue accounts")
		}
	}
	return nil
}

// Status is the table's lifecycle.
type Status uint8

// Statuses.
const (
	Open Status = iota + 1
	// Paused: no new hand is dealt.
	Paused
	// Closing: the hand in progress is played out, then everyone is cashed
	// out.
	Closing
	Closed
)

var statusNames = [...]string{"", "open", "paused", "closing", "closed"}

func (s Status) String() string {
	if int(s) < len(statusNames) && s > 0 {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Seat is the table's part of a seat beyond the seating flow's.
type Seat struct {
	// Account is the player's wallet account (cash tables).
	Account string `json:"account,omitempty"`
	// Bank is the time bank left, in milliseconds.
	Bank int64 `json:"bank,omitempty"`
	// Timeouts counts consecutive timeouts.
	Timeouts int `json:"timeouts,omitempty"`
	// AwaySince is when the player sat out (ms), 0 if he is not away.
	AwaySince int64 `json:"away_since,omitempty"`
	// Ext is the extension periods he has left (H.27(b)).
	Ext int `json:"ext,omitempty"`
	// Shot: every decision of his has the shot clock's time and no time
	// bank (a sanction, gr-regulation-2 H.28(a); tournaments.md T25).
	Shot bool `json:"shot,omitempty"`
	// Penalty counts the hands a tournament player still serves of a
	// "miss N rounds" penalty: dealt in, forced bets posted, hand dead.
	Penalty int `json:"penalty,omitempty"`
	// Leave: he stands up (or is removed) when the hand ends.
	Leave bool `json:"leave,omitempty"`
	// LeaveKey is the idempotency key of a deferred stand-up or removal.
	LeaveKey string `json:"leave_key,omitempty"`
	// TopUp is chips added while in the hand, played from the next one
	// (gr-regulation-2 G3.11).
	TopUp int64 `json:"top_up,omitempty"`
	// Reserved: the seat is held for Who while his buy-in moves.
	Reserved string `json:"reserved,omitempty"`
	// Offer: the seat is offered to Offer (waiting list) until OfferUntil.
	Offer      string `json:"offer,omitempty"`
	OfferUntil int64  `json:"offer_until,omitempty"`
}

// Waiter is one player on the waiting list.
type Waiter struct {
	Who string `json:"who"`
	At  int64  `json:"at"`
}

// Pickup records chips picked up from an absent player (G4.8).
type Pickup struct {
	Who string `json:"who"`
	At  int64  `json:"at"`
}

// KeyRecord remembers the outcome of an idempotent command.
type KeyRecord struct {
	Key    string `json:"key"`
	Seat   int    `json:"seat"`
	Amount int64  `json:"amount,omitempty"`
	// Deferred: the stand-up or removal waits for the hand's end.
	Deferred bool `json:"deferred,omitempty"`
	// Offset is a removed player's distance from the big blind.
	Offset int `json:"offset,omitempty"`
	// Bank and Shot are a removed tournament player's time bank left (ms)
	// and shot clock, which go with him (tournaments.md T25, T26).
	Bank int64 `json:"bank,omitempty"`
	Shot bool  `json:"shot,omitempty"`
	Ext  int   `json:"ext,omitempty"`
	// Version is the version the command was applied at.
	Version uint64 `json:"version"`
	// Fingerprint is the hash of the request's body ("" in records kept
	// before fingerprints were: those replay whatever the body).
	Fingerprint string `json:"fp,omitempty"`
}

// Table is a live poker table.
type Table struct {
	Config Config `json:"config"`
	// Version counts the commands applied since creation.
	Version uint64 `json:"version"`
	Status  Status `json:"status"`
	// Seating is the seats and the blind rotation.
	Seating seating.Table   `json:"seating"`
	Seats   [MaxSeats]Seat  `json:"seats"`
	Hand    *Hand           `json:"hand,omitempty"`
	HandNo  uint64          `json:"hand_no,omitempty"`
	LastEnd int64           `json:"last_end,omitempty"`
	Held    bool            `json:"held,omitempty"`
	Next    *profile.Stakes `json:"next_stakes,omitempty"`
	// NextFrom is the hand number the next stakes apply from.
	NextFrom uint64      `json:"next_from,omitempty"`
	Intents  []Intent    `json:"intents,omitempty"`
	Waiting  []Waiter    `json:"waiting,omitempty"`
	Pickups  []Pickup    `json:"pickups,omitempty"`
	Keys     []KeyRecord `json:"keys,omitempty"`
	Reason   string      `json:"reason,omitempty"`
	// FrozenFor, if set, is why the table is held for review (ReasonRewound,
	// ReasonEscrowMismatch): no deal, no due work, and only operators'
	// commands until an operator resumes it.
	FrozenFor string `json:"frozen,omitempty"`
	// Results are the last hands' results, newest last (tournaments read
	// them through ListHandResults).
	Results []HandResult `json:"results,omitempty"`
}

// Reasons a table freezes itself for review (Table.FrozenFor).
const (
	// ReasonRewound: the table's state in Redis went back to an earlier
	// version than a replica had seen (a failover to a stale copy).
	ReasonRewound = game.ReasonRewound
	// ReasonEscrowMismatch: the escrow balance differs from the chips at
	// the table.
	ReasonEscrowMismatch = game.ReasonEscrowMismatch
)

// MaxResults is how many hand results the table keeps in its state.
const MaxResults = 16

// New returns a table at version 0 for a validated configuration.
func New(cfg Config) *Table {
	t := &Table{Config: cfg, Status: Open}
	t.Seating = *seating.New(cfg.Rules, cfg.FirstButton)
	return t
}

// InHand reports whether a hand is being played.
func (t *Table) InHand() bool { return t.Hand != nil && !t.Hand.Over() }

// Rules are the rules the next hand is dealt under.
func (t *Table) Rules() profile.Rules { return t.Seating.Rules }

// SeatOf returns the seat of player who (partner:player), or -1. A seat
// reserved for him counts.
func (t *Table) SeatOf(who string) int {
	if who == "" {
		return -1
	}
	for i := range t.Seats {
		if t.Seating.Seats[i].Player == who || t.Seats[i].Reserved == who {
			return i
		}
	}
	return -1
}

// Seated counts occupied and reserved seats.
func (t *Table) Seated() int {
	n := 0
	for i := range t.Seats {
		if t.Seating.Seats[i].Occupied() || t.Seats[i].Reserved != "" {
			n++
		}
	}
	return n
}

// free reports whether a seat may be taken by who.
func (t *Table) free(seat int, who string) bool {
	if seat < 0 || seat >= t.Config.Rules.MaxSeats {
		return false
	}
	s := &t.Seats[seat]
	return !t.Seating.Seats[seat].Occupied() && s.Reserved == "" && (s.Offer == "" || s.Offer == who)
}

// Chips is every chip the table holds: stacks, the chips in the hand in
// progress (stacks behind and bets), chips added while in the hand, a pot
// held in a dispute, and chips whose cash-out or rake is still pending.
// At a cash table it equals the escrow balance whenever no money intent is
// half done (architecture principle 3).
func (t *Table) Chips() int64 {
	var sum int64
	dealt := [MaxSeats]bool{}
	if t.InHand() {
		s := t.Hand.state
		for _, p := range s.Setup.Players {
			dealt[p.Seat] = true
			rs := &s.Round.Seats[p.Seat]
			sum += rs.Stack + rs.Total
		}
		sum += s.Held
	} else if t.Hand != nil && t.Hand.state != nil && t.Hand.state.Phase == hand.Dispute {
		sum += t.Hand.state.Held
	}
	for i := range t.Seats {
		if !dealt[i] {
			sum += t.Seating.Seats[i].Stack
		}
		sum += t.Seats[i].TopUp
	}
	for _, in := range t.Intents {
		switch in.Kind {
		case IntentCashOut, IntentRake:
			sum += in.Amount
		}
	}
	return sum
}

// rememberKey keeps the outcome of an idempotent command.
func (t *Table) rememberKey(r KeyRecord) {
	if r.Key == "" {
		return
	}
	r.Version = t.Version + 1
	t.Keys = append(t.Keys, r)
	if len(t.Keys) > MaxKeys {
		t.Keys = append(t.Keys[:0], t.Keys[len(t.Keys)-MaxKeys:]...)
	}
}

// Key returns the record of an idempotency key, if the table remembers it.
func (t *Table) Key(key string) (KeyRecord, bool) {
	for i := len(t.Keys) - 1; i >= 0; i-- {
		if t.Keys[i].Key == key {
			return t.Keys[i], true
		}
	}
	return KeyRecord{}, false
}
