package tournament

import (
	"fmt"
	"time"

	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Phase is where a tournament is in its lifecycle (docs/rules/tournaments.md §3).
type Phase string

// Phases.
const (
	Registering Phase = "registering"
	Seating     Phase = "seating"
	Running     Phase = "running"
	OnBreak     Phase = "break"
	FinalTable  Phase = "final_table"
	Paying      Phase = "paying"
	Completed   Phase = "completed"
	Cancelled   Phase = "cancelled"
)

// Status is a player's standing in the tournament.
type Status string

// Player statuses.
const (
	// Registered: on the entrants' list, stake and fee held in the wallet.
	Registered Status = "registered"
	// Playing: seated with chips.
	Playing Status = "playing"
	// Busted: out of chips inside the rebuy period, with until RebuyBy to
	// announce a rebuy (GR H.16(b)).
	Busted Status = "busted"
	// Out: eliminated, with a place.
	Out Status = "out"
	// Withdrawn: left before the start, refunded per the terms (H.6).
	Withdrawn Status = "withdrawn"
	// Disqualified: removed, nothing refunded (H.5, H.6).
	Disqualified Status = "disqualified"
)

// Player is one entrant.
type Player struct {
	ID      string `json:"id"`
	Partner string `json:"partner"`
	Name    string `json:"name,omitempty"`
	Account string `json:"acct,omitempty"`
	Status  Status `json:"st"`
	// Reg numbers his registrations, so a player who withdraws and
	// registers again gets fresh table keys.
	Reg       int    `json:"reg"`
	StakeHold string `json:"sh,omitempty"`
	FeeHold   string `json:"fh,omitempty"`
	// Paid is what he has paid in: stakes to the pool, fees to the house.
	Paid terms.Money `json:"paid"`
	// Table is the index of his table in State.Tables, -1 if none; Seat
	// his seat there.
	Table int   `json:"t"`
	Seat  int   `json:"s"`
	Chips int64 `json:"c"`
	// Moving: a balancing move is under way.
	Moving  bool      `json:"mv,omitempty"`
	Rebuys  int       `json:"rb,omitempty"`
	AddOn   bool      `json:"ao,omitempty"`
	RebuyBy time.Time `json:"rby,omitempty"`
	// Bust records the hand he lost his last chip in (H.30, H.31).
	BustTable int   `json:"bt,omitempty"`
	BustStart int64 `json:"bs,omitempty"`
	Place     int   `json:"pl,omitempty"`
	Prize     int64 `json:"pz,omitempty"`
	// Order is his registration order, the last tie-break.
	Order int `json:"o"`
	// Why is the reason on record for a disqualification.
	Why string `json:"why,omitempty"`
	// Bank (ms, when BankKept) and Shot are what he had when he busted:
	// a rebuy does not refill his time bank or lift his shot clock (T25,
	// T26).
	Bank     int64 `json:"bk,omitempty"`
	BankKept bool  `json:"bkk,omitempty"`
	Shot     bool  `json:"shot,omitempty"`
	Ext      int   `json:"ext,omitempty"`
}

// bank is the time bank he keeps (ms), nil when the table's applies.
func (p *Player) bank() *int64 {
	if !p.BankKept {
		return nil
	}
	b := p.Bank
	return &b
}

// ext is the extension periods he keeps, nil when the table's apply.
func (p *Player) ext() *int {
	if !p.BankKept {
		return nil
	}
	e := p.Ext
	return &e
}

// In reports whether he is still in the tournament.
func (p *Player) In() bool { return p.Status == Playing || p.Status == Busted }

// Key is the table service's name for him.
func (p *Player) Key() string { return p.Partner + ":" + p.ID }

// Table is one table of the tournament.
type Table struct {
	No int    `json:"no"`
	ID string `json:"id"`
	// Seats holds player indexes by seat, -1 for an empty seat.
	Seats []int `json:"seats"`
	// Button, SmallBlind and BigBlind of the last hand, -1 before the first.
	Button     int    `json:"btn"`
	SmallBlind int    `json:"sb"`
	BigBlind   int    `json:"bb"`
	LastHand   uint64 `json:"last"`
	Closed     bool   `json:"closed,omitempty"`
}

// Count is the number of seated players.
func (t *Table) Count() int {
	n := 0
	for _, p := range t.Seats {
		if p >= 0 {
			n++
		}
	}
	return n
}

// Elimination is one elimination event on record (docs/rules/tournaments.md §21).
type Elimination struct {
	At      time.Time `json:"at"`
	Round   int       `json:"round,omitempty"`
	Players []int     `json:"players"`
	Places  []int     `json:"places"`
	Starts  []int64   `json:"starts"`
	Tables  []int     `json:"tables"`
}

// State is the whole tournament. It is the workflow's input and is carried
// whole across continue-as-new.
type State struct {
	ID    string      `json:"id"`
	Terms terms.Terms `json:"terms"`
	Phase Phase       `json:"phase"`

	PoolAccount    string `json:"pool_acct,omitempty"`
	RevenueAccount string `json:"rev_acct,omitempty"`

	Players []*Player `json:"players"`
	// Charges numbers every attempt to charge a player (registration,
	// rebuy, add-on), refused or not, so each attempt's holds have wallet
	// keys no other attempt used: a refused attempt's key, whose stake may
	// have been held and voided, is never replayed for a later one.
	Charges int      `json:"charges,omitempty"`
	Tables  []*Table `json:"tables,omitempty"`
	// Money is what has been posted: the pool and the commission.
	Money terms.Money `json:"money"`
	// Refunded is what went back to players on a cancellation.
	Refunded terms.Money `json:"refunded"`

	StartedAt time.Time `json:"started,omitempty"`
	// Paused: stopped by the operator at PausedAt; PausedFor is the total
	// time spent paused, off the level clock.
	Paused    bool          `json:"paused,omitempty"`
	PausedAt  time.Time     `json:"paused_at,omitempty"`
	PausedFor time.Duration `json:"paused_for,omitempty"`
	Level     int           `json:"level"`
	Break     bool          `json:"break,omitempty"`
	// InPlay are the chip values still in play, lowest first.
	InPlay   []int64 `json:"in_play,omitempty"`
	Raced100 bool    `json:"raced100,omitempty"`

	H4H      bool `json:"h4h,omitempty"`
	H4HRound int  `json:"h4h_round,omitempty"`

	Eliminations []Elimination `json:"elims,omitempty"`
	// DropBoxes is each table's share of the fees at the start (Γ.6).
	DropBoxes []int64 `json:"drop_boxes,omitempty"`
	// Moves counts balancing moves and Breaks broken tables.
	Moves  int `json:"moves"`
	Breaks int `json:"breaks"`
	// MoveTerms counts the moved players' missed hands and dead big blinds.
	MoveTerms MoveTerms `json:"move_terms,omitzero"`
	// CalledClocks counts the clocks called on players at the tables
	// (H.28(b)), as the hands show them.
	CalledClocks int `json:"called_clocks,omitempty"`
	// Penalties are the penalties imposed, in order (tournaments.md §19).
	Penalties []Penalty `json:"penalties,omitempty"`
	// Runs counts continue-as-new generations.
	Runs int `json:"runs"`
	// MaxHistory is the largest history length seen at a continue-as-new.
	MaxHistory      int    `json:"max_history,omitempty"`
	MaxHistoryBytes int    `json:"max_history_bytes,omitempty"`
	Reason          string `json:"reason,omitempty"`
	Cancelled       bool   `json:"cancelled,omitempty"`

	// Options tune the workflow itself (not the rules).
	Options Options `json:"options"`

	byID map[string]int
}

// Options are the workflow's own settings.
type Options struct {
	// HistoryLimit: continue as new past this many events (or when the
	// server suggests it).
	HistoryLimit int `json:"history_limit,omitempty"`
	// HistoryBytes: continue as new past this many bytes of history.
	HistoryBytes int `json:"history_bytes,omitempty"`
	// PollIdle is the pause after a poll that found nothing new.
	PollIdle time.Duration `json:"poll_idle,omitempty"`
	// PollWait is how long the poll activity waits for results.
	PollWait time.Duration `json:"poll_wait,omitempty"`
	// PollEvery paces the polls (simulations: each poll stands for that much
	// play); 0 polls again at once.
	PollEvery time.Duration `json:"poll_every,omitempty"`
}

func (o *Options) defaults() {
	if o.HistoryLimit == 0 {
		o.HistoryLimit = 10000
	}
	if o.HistoryBytes == 0 {
		o.HistoryBytes = 8 << 20
	}
	if o.PollIdle == 0 {
		o.PollIdle = time.Second
	}
	if o.PollWait == 0 {
		o.PollWait = 2 * time.Second
	}
}

// index rebuilds the player lookup (after continue-as-new).
func (s *State) index() {
	s.byID = make(map[string]int, len(s.Players))
	for i, p := range s.Players {
		s.byID[p.Partner+":"+p.ID] = i
	}
}

// player finds a player by partner and id.
func (s *State) player(partner, id string) (int, *Player) {
	i, ok := s.byID[partner+":"+id]
	if !ok {
		return -1, nil
	}
	return i, s.Players[i]
}

// Left counts the players still in.
func (s *State) Left() int {
	n := 0
	for _, p := range s.Players {
		if p.In() {
			n++
		}
	}
	return n
}

// Entrants counts registered players (before the start) or players who
// took part (after).
func (s *State) Entrants() int {
	n := 0
	for _, p := range s.Players {
		switch p.Status {
		case Registered, Playing, Busted, Out, Disqualified:
			n++
		}
	}
	return n
}

// LiveTables lists the tables still in play.
func (s *State) LiveTables() []int {
	var out []int
	for i, t := range s.Tables {
		if !t.Closed {
			out = append(out, i)
		}
	}
	return out
}

// key builds an idempotency key scoped to the tournament.
func (s *State) key(parts ...any) string {
	k := "tour:" + s.ID
	for _, p := range parts {
		k += ":" + fmt.Sprint(p)
	}
	return k
}

// played is the tournament time elapsed at now: pauses excluded.
func (s *State) played(now time.Time) time.Duration {
	if s.StartedAt.IsZero() {
		return 0
	}
	d := now.Sub(s.StartedAt) - s.PausedFor
	if s.Paused {
		d -= now.Sub(s.PausedAt)
	}
	return d
}

// MoveTerms counts what balancing moves cost the players moved: the hands
// they miss (gr-regulation-2 H.29(c); docs/rules/tournaments.md T20) and
// the big blinds they post dead (H.35; T21), as the plan asked for them
// and as the tables' hands show them applied.
type MoveTerms struct {
	PlannedMisses int `json:"planned_misses,omitempty"`
	PlannedDead   int `json:"planned_dead,omitempty"`
	// MissedHands counts players a table's hand left out for a move;
	// DeadBigBlinds the dead blinds moved players posted.
	MissedHands   int `json:"missed_hands,omitempty"`
	DeadBigBlinds int `json:"dead_big_blinds,omitempty"`
}
