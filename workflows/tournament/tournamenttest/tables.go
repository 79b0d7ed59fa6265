package tournamenttest

import (
	"fmt"
	"math/rand/v2"
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
	// Penalties are the penalties applied, one per key.
	Penalties map[string]tournament.PenaltyTableIn
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
		clock: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), forced: map[string][]string{}, AllIn: 0.25, HandsPerPoll: 1,
		Penalties: map[string]tournament.PenaltyTableIn{}}
}

// Force makes the players named bust in the next hand at their table.
func (f *Tables) Force(tableID string, players ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.forced[tableID] = append(f.forced[tableID], players...)
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
