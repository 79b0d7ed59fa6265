package tournament

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/croupier/croupier/workflows/tournament/chiprace"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Wallet is what the activities need from the ledger (croupier.wallet.v1).
// Every call that moves money carries an idempotency key: a retry never
// moves money twice.
type Wallet interface {
	// PlayerAccount, PoolAccount and RevenueAccount open (once) and return
	// the account ids.
	PlayerAccount(ctx context.Context, partner, player, currency string) (string, error)
	// FindPlayerAccount returns the player's account in currency and its
	// available funds without opening one: "" when he has none.
	FindPlayerAccount(ctx context.Context, partner, player, currency string) (id string, available int64, err error)
	PoolAccount(ctx context.Context, tournament, currency string) (string, error)
	RevenueAccount(ctx context.Context, currency string) (string, error)
	// Hold reserves amount from→to; PostHold moves it; VoidHold releases it.
	Hold(ctx context.Context, key string, t Transfer, ttl time.Duration) (string, error)
	PostHold(ctx context.Context, holdID string) error
	VoidHold(ctx context.Context, holdID string) error
	Transfer(ctx context.Context, key string, t Transfer) error
}

// Transfer is one money movement.
type Transfer struct {
	From, To   string
	Amount     int64
	Currency   string
	Kind       TransferKind
	Tournament string
	Note       string
}

// TransferKind names a tournament money movement.
type TransferKind uint8

// Transfer kinds (the wallet's TOURNAMENT_ENTRY, TOURNAMENT_FEE, PRIZE,
// REFUND).
const (
	KindEntry TransferKind = iota + 1
	KindFee
	KindPrize
	KindRefund
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
}

// RNG draws random values (croupier.rng.v1.RngService/Draw).
type RNG interface {
	Draw(ctx context.Context, n, k int, key, tournament string) ([]int32, error)
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
}

// Removal is the outcome of taking a player off a table.
type Removal struct {
	Done   bool
	Gone   bool
	Chips  int64
	Seat   int
	Offset int
}

// Hand is one finished hand as the tournament reads it.
type Hand struct {
	Number     uint64       `json:"n"`
	EndedAt    time.Time    `json:"at"`
	Button     int          `json:"btn"`
	SmallBlind int          `json:"sb"`
	BigBlind   int          `json:"bb"`
	Players    []HandPlayer `json:"p"`
}

// HandPlayer is one player's part of a hand.
type HandPlayer struct {
	Partner    string `json:"pa"`
	Player     string `json:"id"`
	Seat       int    `json:"s"`
	Start      int64  `json:"st"`
	End        int64  `json:"e"`
	Eliminated bool   `json:"x,omitempty"`
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

// Activities are the tournament's side effects: thin, idempotent calls to
// the wallet, the table service and the RNG.
type Activities struct {
	Wallet Wallet
	Tables Tables
	RNG    RNG
}

// Accounts opens the tournament's pool and the house revenue account.
type AccountsIn struct {
	Tournament, Currency string
}

// AccountsOut are their ids.
type AccountsOut struct {
	Pool, Revenue string
}

// OpenAccounts opens the prize pool and house revenue accounts.
func (a *Activities) OpenAccounts(ctx context.Context, in AccountsIn) (AccountsOut, error) {
	pool, err := a.Wallet.PoolAccount(ctx, in.Tournament, in.Currency)
	if err != nil {
		return AccountsOut{}, err
	}
	rev, err := a.Wallet.RevenueAccount(ctx, in.Currency)
	if err != nil {
		return AccountsOut{}, err
	}
	return AccountsOut{Pool: pool, Revenue: rev}, nil
}

// HoldIn holds one registration's stake and fee.
type HoldIn struct {
	Key        string
	Tournament string
	Partner    string
	Player     string
	Currency   string
	Pool       string
	Revenue    string
	Charge     terms.EntryCharge
	TTL        time.Duration
	// Note is the ledger note ("rebuy", "add-on"; none for an entry).
	Note string
}

// HoldOut are the holds.
type HoldOut struct {
	Account   string
	StakeHold string
	FeeHold   string
}

// HoldEntry holds the stake (to the pool) and the fee (to the house) from
// the player's account: a registration's until the start, a rebuy's or an
// add-on's until the workflow posts them straight after. Either both holds
// are made or neither: a fee refused voids the stake's hold. The account
// is looked up, not opened: a player without one has no money, and a
// refused entry must not leave an empty account behind (issue 11); it is
// opened only for a free entry, which funds cannot refuse.
func (a *Activities) HoldEntry(ctx context.Context, in HoldIn) (HoldOut, error) {
	acct, available, err := a.Wallet.FindPlayerAccount(ctx, in.Partner, in.Player, in.Currency)
	if err != nil {
		return HoldOut{}, nonRetryable(err)
	}
	total := in.Charge.Stake + in.Charge.Fee
	if acct != "" && available < total {
		// Refused before any hold: a stake held and voided for want of the
		// fee would stay on his statement. (The holds still decide: the
		// funds may go between this read and them.)
		return HoldOut{}, refusal(ReasonInsufficientFunds, "%d available, %d needed", available, total)
	}
	if acct == "" {
		if total > 0 {
			return HoldOut{}, refusal(ReasonInsufficientFunds, "the player has no %s account", in.Currency)
		}
		if acct, err = a.Wallet.PlayerAccount(ctx, in.Partner, in.Player, in.Currency); err != nil {
			return HoldOut{}, nonRetryable(err)
		}
	}
	out := HoldOut{Account: acct}
	if in.Charge.Stake > 0 {
		out.StakeHold, err = a.Wallet.Hold(ctx, in.Key+":stake", Transfer{From: acct, To: in.Pool, Amount: in.Charge.Stake, Currency: in.Currency,
			Kind: KindEntry, Tournament: in.Tournament, Note: in.Note}, in.TTL)
		if err != nil {
			return HoldOut{}, nonRetryable(err)
		}
	}
	if in.Charge.Fee > 0 {
		out.FeeHold, err = a.Wallet.Hold(ctx, in.Key+":fee", Transfer{From: acct, To: in.Revenue, Amount: in.Charge.Fee, Currency: in.Currency,
			Kind: KindFee, Tournament: in.Tournament, Note: in.Note}, in.TTL)
		if err != nil {
			if out.StakeHold != "" {
				if verr := a.Wallet.VoidHold(ctx, out.StakeHold); verr != nil {
					// Retried: the same keys find the stake's hold again
					// and the next attempt voids it.
					return HoldOut{}, fmt.Errorf("void the stake's hold after the fee's failed (%v): %w", err, verr)
				}
			}
			return HoldOut{}, nonRetryable(err)
		}
	}
	return out, nil
}

// ReasonInsufficientFunds is the wallet's reason for a movement the
// player's available funds do not cover.
const ReasonInsufficientFunds = "INSUFFICIENT_FUNDS"

// Rejected is how a wallet refusal (insufficient funds) reaches the
// workflow: not retried, its reason kept.
type Rejected interface{ Reason() string }

// nonRetryable marks business refusals so Temporal does not retry them.
// They are expected (a player short of funds), so they are marked benign
// and the worker does not log them as activity errors. Their message may
// name internal accounts: it goes no further than the workflow, which
// answers the caller in its own words.
func nonRetryable(err error) error {
	var r Rejected
	if errors.As(err, &r) {
		return temporal.NewApplicationErrorWithOptions(err.Error(), r.Reason(), temporal.ApplicationErrorOptions{
			NonRetryable: true, Cause: err, Category: temporal.ApplicationErrorCategoryBenign})
	}
	return err
}

// refusal is an activity's own business refusal, marked as nonRetryable
// marks the wallet's.
func refusal(reason, format string, args ...any) error {
	return temporal.NewApplicationErrorWithOptions(fmt.Sprintf(format, args...), reason, temporal.ApplicationErrorOptions{
		NonRetryable: true, Category: temporal.ApplicationErrorCategoryBenign})
}

// HoldsIn lists holds to post or void.
type HoldsIn struct {
	Holds []string
}

// PostHolds posts registration holds at the start (idempotent: a posted
// hold posts again as a no-op).
func (a *Activities) PostHolds(ctx context.Context, in HoldsIn) error {
	for i, h := range in.Holds {
		if err := a.Wallet.PostHold(ctx, h); err != nil {
			return fmt.Errorf("post hold %s: %w", h, err)
		}
		if i%100 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return nil
}

// VoidHolds releases holds (a withdrawal or a cancellation before the
// start).
func (a *Activities) VoidHolds(ctx context.Context, in HoldsIn) error {
	for i, h := range in.Holds {
		if err := a.Wallet.VoidHold(ctx, h); err != nil {
			return fmt.Errorf("void hold %s: %w", h, err)
		}
		if i%100 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return nil
}

// MoneyIn is a list of transfers, each with its key.
type MoneyIn struct {
	Items []MoneyItem
}

// MoneyItem is one keyed transfer.
type MoneyItem struct {
	Key      string
	Transfer Transfer
}

// Move carries out transfers (refunds, prizes; rebuys of workflows started
// before rebuys were held), each once.
func (a *Activities) Move(ctx context.Context, in MoneyIn) error {
	for i, it := range in.Items {
		if it.Transfer.Amount == 0 {
			continue
		}
		if err := a.Wallet.Transfer(ctx, it.Key, it.Transfer); err != nil {
			// Not retried, but not benign either: the workflow's own
			// payments (prizes, refunds) are not refused in a sound
			// ledger, so this one is logged as the error it is.
			err = fmt.Errorf("transfer %s: %w", it.Key, err)
			var r Rejected
			if errors.As(err, &r) {
				return temporal.NewNonRetryableApplicationError(err.Error(), r.Reason(), err)
			}
			return err
		}
		if i%100 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return nil
}

// DrawIn asks the RNG for k distinct values in [0, n).
type DrawIn struct {
	Key        string
	Tournament string
	N, K       int
}

// Draw draws from the RNG (seat draws, button draws, chip-race cards).
func (a *Activities) Draw(ctx context.Context, in DrawIn) ([]int32, error) {
	return a.RNG.Draw(ctx, in.N, in.K, in.Key, in.Tournament)
}

// ButtonsIn draws the button at each table: one high-card draw per table.
type ButtonsIn struct {
	Key        string
	Tournament string
	Sizes      []int
}

// DrawButtons deals each table's players one card each (RU §5.3) and
// returns the cards, table by table.
func (a *Activities) DrawButtons(ctx context.Context, in ButtonsIn) ([][]int32, error) {
	out := make([][]int32, len(in.Sizes))
	for i, n := range in.Sizes {
		v, err := a.RNG.Draw(ctx, 52, n, fmt.Sprintf("%s:%d", in.Key, i), in.Tournament)
		if err != nil {
			return nil, err
		}
		out[i] = v
		if i%50 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return out, nil
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

// PollIn asks for the hands finished at tables after their cursors.
type PollIn struct {
	Tables []string
	After  []uint64
	// Wait: how long to wait for at least one new hand.
	Wait time.Duration
	// Until: return once every table has finished hand Until[i] (0 = any).
	Until []uint64
}

// PollOut is the hands found, table by table (aligned with the input).
type PollOut struct {
	Hands [][]Hand
	// Seated lists, for a table whose kept results no longer reach back to
	// the cursor (hands were missed), the players seated now
	// (partner:player, or :player when the table does not name partners).
	Seated [][]string `json:",omitempty"`
}

// Poll reads the hands finished since the cursors, waiting up to in.Wait
// for one.
func (a *Activities) Poll(ctx context.Context, in PollIn) (PollOut, error) {
	deadline := time.Now().Add(in.Wait)
	out := PollOut{Hands: make([][]Hand, len(in.Tables))}
	after := append([]uint64(nil), in.After...)
	for {
		found, done := false, true
		for i, t := range in.Tables {
			hs, err := a.Tables.Results(ctx, t, after[i])
			if err != nil {
				return PollOut{}, fmt.Errorf("results of %s: %w", t, err)
			}
			if len(hs) > 0 {
				found = true
				if hs[0].Number > after[i]+1 {
					// The table keeps only its last results: some hands
					// were missed. Who is still seated tells who is out.
					snap, err := a.Tables.Snapshot(ctx, t)
					if err != nil {
						return PollOut{}, err
					}
					if out.Seated == nil {
						out.Seated = make([][]string, len(in.Tables))
					}
					out.Seated[i] = []string{}
					for _, x := range snap.Seats {
						out.Seated[i] = append(out.Seated[i], x.Partner+":"+x.Player)
					}
				}
				out.Hands[i] = append(out.Hands[i], hs...)
				after[i] = hs[len(hs)-1].Number
			}
			if len(in.Until) > 0 && after[i] < in.Until[i] {
				done = false
			}
		}
		if len(in.Until) > 0 && done || len(in.Until) == 0 && found || time.Now().After(deadline) {
			return out, nil
		}
		activity.RecordHeartbeat(ctx)
		select {
		case <-ctx.Done():
			return out, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
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
		Name: in.Name, Chips: r.Chips, Moved: true, MissHand: in.MissHand, DeadMoney: in.DeadMoney})
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
