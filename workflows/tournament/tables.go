package tournament

import (
	"context"
	"fmt"
	"sort"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/croupier/croupier/workflows/tournament/chiprace"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Tables is what the activities need from the table service
// (croupier.table.v1.TableAdminService).
type Tables interface {
	Create(ctx context.Context, spec TableSpec) (string, error)
	Seat(ctx context.Context, table string, s SeatSpec) (int, error)
	// Remove takes a player off between hands; Done is false while he is
	// still in a hand, Gone when he is no longer at the table (busted).
	Remove(ctx context.Context, table, partner, player, key string) (Removal, error)
	AddChips(ctx context.Context, table, partner, player string, chips int64, key string) error
	SetStakes(ctx context.Context, table string, l Stakes) error
	SetHold(ctx context.Context, table string, hold bool) error
	Pause(ctx context.Context, table, reason string) error
	Resume(ctx context.Context, table string) error
	Close(ctx context.Context, table, reason string) error
	// Results returns the hands finished after hand number `after`.
	Results(ctx context.Context, table string, after uint64) ([]Hand, error)
	// Snapshot returns the table between hands: Idle is true when no hand
	// is being played.
	Snapshot(ctx context.Context, table string) (Snapshot, error)
	// DealOne lets a held table deal exactly one hand (hand-for-hand) and
	// returns its number.
	DealOne(ctx context.Context, table string) (uint64, error)
	// SetStacks replaces stacks between hands (a chip race): each seat's
	// player gets the chips given. A retry with the same key finishes what
	// an earlier attempt started.
	SetStacks(ctx context.Context, table string, stacks []SnapSeat, key string) error
	// Penalize makes a player miss rounds and kills his hand in play, as
	// asked; a retry with the same key applies nothing twice.
	Penalize(ctx context.Context, in PenaltyTableIn) (PenaltyOut, error)
}

// Stakes are one level's forced bets.
type Stakes struct {
	SmallBlind, BigBlind, Ante, BringIn, Unit int64
}

// TableSpec creates one tournament table.
type TableSpec struct {
	Key        string
	Tournament string
	Name       string
	Game       string
	Betting    string
	Profile    string
	Seats      int
	Stakes     Stakes
	Clock      terms.Clock
	Button     int
}

// SeatSpec seats one player with tournament chips.
type SeatSpec struct {
	Key     string
	Seat    int
	Player  string
	Partner string
	Name    string
	Chips   int64
	// Moved: a balancing move (dealt in without posting, G4.7), with a
	// missed hand (H.29(c)) and dead money owed (H.35).
	Moved     bool
	MissHand  bool
	DeadMoney int64
	// Late: a late registration, who waits for the big blind.
	Late bool
	// Bank (ms) and Shot are the time bank and the shot clock he brings
	// from his last table (nil Bank: the table's; T25, T26).
	Bank *int64
	Shot bool
	// Ext is the extension periods he has left (nil: the table's).
	Ext *int
}

// Removal is the outcome of taking a player off a table.
type Removal struct {
	Done   bool
	Gone   bool
	Chips  int64
	Seat   int
	Offset int
	// Bank (ms), Shot and Ext go with him to his next seat (T25, T26).
	Bank int64
	Shot bool
	Ext  int
}

// Snapshot is a table between hands.
type Snapshot struct {
	Idle     bool
	Held     bool
	LastHand uint64
	Button   int
	Seats    []SnapSeat
}

// SnapSeat is one occupied seat.
type SnapSeat struct {
	Seat    int
	Partner string
	Player  string
	Chips   int64
}

// CreateTables creates the tables (idempotent by key) and returns their ids.
func (a *Activities) CreateTables(ctx context.Context, specs []TableSpec) ([]string, error) {
	out := make([]string, len(specs))
	for i, s := range specs {
		id, err := a.Tables.Create(ctx, s)
		if err != nil {
			return nil, fmt.Errorf("create table %s: %w", s.Name, err)
		}
		out[i] = id
		if i%50 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return out, nil
}

// SeatIn seats players at one table each.
type SeatIn struct {
	Table string
	Spec  SeatSpec
}

// SeatPlayers seats players with their chips (idempotent by key).
func (a *Activities) SeatPlayers(ctx context.Context, in []SeatIn) error {
	for i, s := range in {
		if _, err := a.Tables.Seat(ctx, s.Table, s.Spec); err != nil {
			return fmt.Errorf("seat %s at %s: %w", s.Spec.Player, s.Table, err)
		}
		if i%100 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return nil
}

// TablesIn names tables and what to do with them.
type TablesIn struct {
	Tables []string
	Stakes Stakes
	Hold   bool
	Reason string
}

// SetStakes sets the next level at every table, from its next hand (H.23).
func (a *Activities) SetStakes(ctx context.Context, in TablesIn) error {
	return each(ctx, in.Tables, func(t string) error { return a.Tables.SetStakes(ctx, t, in.Stakes) })
}

// PauseTables stops dealing (a break, a pause, a cancellation).
func (a *Activities) PauseTables(ctx context.Context, in TablesIn) error {
	return each(ctx, in.Tables, func(t string) error { return a.Tables.Pause(ctx, t, in.Reason) })
}

// ResumeTables deals again.
func (a *Activities) ResumeTables(ctx context.Context, in TablesIn) error {
	return each(ctx, in.Tables, func(t string) error { return a.Tables.Resume(ctx, t) })
}

// CloseTables closes tables that broke or finished.
func (a *Activities) CloseTables(ctx context.Context, in TablesIn) error {
	return each(ctx, in.Tables, func(t string) error { return a.Tables.Close(ctx, t, in.Reason) })
}

// HoldTables holds or releases the next deal (hand-for-hand, H.12).
func (a *Activities) HoldTables(ctx context.Context, in TablesIn) error {
	return each(ctx, in.Tables, func(t string) error { return a.Tables.SetHold(ctx, t, in.Hold) })
}

func each(ctx context.Context, tables []string, f func(string) error) error {
	for i, t := range tables {
		if err := f(t); err != nil {
			return fmt.Errorf("table %s: %w", t, err)
		}
		if i%50 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return nil
}

// IdleOut is each table's last finished hand once it is held and idle.
type IdleOut struct {
	LastHand []uint64
}

// WaitIdle holds every table and waits until none is playing a hand
// (hand-for-hand's barrier, H.12; a chip race between hands, H.18).
func (a *Activities) WaitIdle(ctx context.Context, in TablesIn) (IdleOut, error) {
	for _, t := range in.Tables {
		if err := a.Tables.SetHold(ctx, t, true); err != nil {
			return IdleOut{}, err
		}
	}
	out := IdleOut{LastHand: make([]uint64, len(in.Tables))}
	for i, t := range in.Tables {
		for {
			s, err := a.Tables.Snapshot(ctx, t)
			if err != nil {
				return IdleOut{}, err
			}
			if s.Idle {
				out.LastHand[i] = s.LastHand
				break
			}
			activity.RecordHeartbeat(ctx, i)
			select {
			case <-ctx.Done():
				return IdleOut{}, ctx.Err()
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	return out, nil
}

// DealRound lets every held table deal exactly one hand (one synchronised
// hand-for-hand round) and returns the hand numbers dealt.
func (a *Activities) DealRound(ctx context.Context, in TablesIn) ([]uint64, error) {
	out := make([]uint64, len(in.Tables))
	for i, t := range in.Tables {
		n, err := a.Tables.DealOne(ctx, t)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// MoveIn is one balancing move.
type MoveIn struct {
	Key       string
	From, To  string
	Partner   string
	Player    string
	Name      string
	Seat      int
	MissHand  bool
	DeadMoney int64
}

// MoveOut is its outcome.
type MoveOut struct {
	// Busted: he lost his chips in the hand he was playing before he could
	// be taken off; nothing moved.
	Busted bool
	Chips  int64
	Offset int
}

// MovePlayer takes a player off one table between hands and seats him at
// another with his chips (GR H.29). A removal deferred by a hand in
// progress is waited for; both calls are keyed, so a retried activity
// finishes the same move.
func (a *Activities) MovePlayer(ctx context.Context, in MoveIn) (MoveOut, error) {
	var r Removal
	for {
		var err error
		r, err = a.Tables.Remove(ctx, in.From, in.Partner, in.Player, in.Key+":out")
		if err != nil {
			return MoveOut{}, err
		}
		if r.Gone {
			return MoveOut{Busted: true}, nil
		}
		if r.Done {
			break
		}
		activity.RecordHeartbeat(ctx)
		select {
		case <-ctx.Done():
			return MoveOut{}, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
	if r.Chips == 0 {
		return MoveOut{Busted: true}, nil
	}
	_, err := a.Tables.Seat(ctx, in.To, SeatSpec{Key: in.Key + ":in", Seat: in.Seat, Player: in.Player, Partner: in.Partner,
		Name: in.Name, Chips: r.Chips, Moved: true, MissHand: in.MissHand, DeadMoney: in.DeadMoney, Bank: &r.Bank, Shot: r.Shot, Ext: &r.Ext})
	if err != nil {
		return MoveOut{}, err
	}
	return MoveOut{Chips: r.Chips, Offset: r.Offset}, nil
}

// AddChipsIn adds a rebuy's or an add-on's chips to a seated player.
type AddChipsIn struct {
	Key, Table, Partner, Player string
	Chips                       int64
}

// AddChips adds chips to a seated player from his next hand (H.16(b)).
func (a *Activities) AddChips(ctx context.Context, in AddChipsIn) error {
	return a.Tables.AddChips(ctx, in.Table, in.Partner, in.Player, in.Chips, in.Key)
}

// RaceIn races one chip value off the given tables.
type RaceIn struct {
	Key        string
	Tournament string
	Tables     []string
	Low, High  int64
	// Partners maps player ids to partners, for tables whose view does not
	// name them.
	Partners map[string]string
}

// RaceOut is every player's stack after the race, by table.
type RaceOut struct {
	Stacks []map[string]int64
}

// ChipRace races the low chips off every (held, idle) table (GR H.18):
// stacks read between hands, one card per player with leftovers from the
// RNG dealt from the left of the button, new stacks written back.
func (a *Activities) ChipRace(ctx context.Context, in RaceIn) (RaceOut, error) {
	out := RaceOut{Stacks: make([]map[string]int64, len(in.Tables))}
	for i, t := range in.Tables {
		snap, err := a.Tables.Snapshot(ctx, t)
		if err != nil {
			return RaceOut{}, err
		}
		seats := append([]SnapSeat(nil), snap.Seats...)
		for k := range seats {
			if seats[k].Partner == "" {
				seats[k].Partner = in.Partners[seats[k].Player]
			}
		}
		sort.Slice(seats, func(x, y int) bool { return seats[x].Seat < seats[y].Seat })
		// Seat order starting with the first player left of the button.
		start := 0
		for k, s := range seats {
			if s.Seat > snap.Button {
				start = k
				break
			}
		}
		seats = append(seats[start:], seats[:start]...)
		stacks := make([]int64, len(seats))
		racers := 0
		for k, s := range seats {
			stacks[k] = s.Chips
			if s.Chips%in.High != 0 {
				racers++
			}
		}
		var cards []int32
		if racers > 0 {
			cards, err = a.RNG.Draw(ctx, 52, racers, fmt.Sprintf("%s:%d", in.Key, i), in.Tournament)
			if err != nil {
				return RaceOut{}, err
			}
		}
		res, err := chiprace.Race(stacks, in.Low, in.High, cards)
		if err != nil {
			return RaceOut{}, temporal.NewNonRetryableApplicationError(err.Error(), "CHIP_RACE", err)
		}
		set := make([]SnapSeat, len(seats))
		out.Stacks[i] = map[string]int64{}
		for k, s := range seats {
			set[k] = SnapSeat{Seat: s.Seat, Partner: s.Partner, Player: s.Player, Chips: res.Stacks[k]}
			out.Stacks[i][s.Partner+":"+s.Player] = res.Stacks[k]
		}
		if err := a.Tables.SetStacks(ctx, t, set, fmt.Sprintf("%s:%d", in.Key, i)); err != nil {
			return RaceOut{}, err
		}
		activity.RecordHeartbeat(ctx, i)
	}
	return out, nil
}

// StacksOut is the stacks at the given tables, by player key.
type StacksOut struct {
	Chips map[string]int64
}

// ReadStacks reads the stacks at tables between hands (the end of a shared
// payout: the winners' chips, H.33). Keys are partner:player, or :player
// when the table's view does not name the partner.
func (a *Activities) ReadStacks(ctx context.Context, in TablesIn) (StacksOut, error) {
	out := StacksOut{Chips: map[string]int64{}}
	for _, t := range in.Tables {
		s, err := a.Tables.Snapshot(ctx, t)
		if err != nil {
			return StacksOut{}, err
		}
		for _, seat := range s.Seats {
			out.Chips[seat.Partner+":"+seat.Player] = seat.Chips
		}
	}
	return out, nil
}

// ChipsOf finds a player's entry in a map keyed partner:player or :player.
func ChipsOf(m map[string]int64, partner, player string) (int64, bool) {
	if c, ok := m[partner+":"+player]; ok {
		return c, true
	}
	c, ok := m[":"+player]
	return c, ok
}

// RemoveIn takes one player off a table for good (a disqualification).
type RemoveIn struct {
	Key, Table, Partner, Player string
}

// RemovePlayer takes a player and his chips off a table, waiting for the
// hand he is in to end.
func (a *Activities) RemovePlayer(ctx context.Context, in RemoveIn) error {
	for {
		r, err := a.Tables.Remove(ctx, in.Table, in.Partner, in.Player, in.Key)
		if err != nil {
			return err
		}
		if r.Done || r.Gone {
			return nil
		}
		activity.RecordHeartbeat(ctx)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}
