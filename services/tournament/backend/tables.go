package backend

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/workflows/tournament"
)

// Tables is tournament.Tables over the table service's admin API. Where the
// API has no call for what a tournament needs (adding a rebuy's chips to a
// seated player, a chip race's new stacks, dealing exactly one held hand),
// the adapter composes it from the calls there are and says so.
type Tables struct {
	admin tablev1connect.TableAdminServiceClient
	view  tablev1connect.TableServiceClient
	// Poll is the interval of the adapter's waits.
	Poll time.Duration
}

// NewTables returns the adapter.
func NewTables(admin tablev1connect.TableAdminServiceClient, view tablev1connect.TableServiceClient) *Tables {
	return &Tables{admin: admin, view: view, Poll: 10 * time.Millisecond}
}

var games = map[string]tablev1.Game{"holdem": tablev1.Game_GAME_HOLDEM, "omaha": tablev1.Game_GAME_OMAHA,
	"five_card_stud": tablev1.Game_GAME_FIVE_CARD_STUD, "seven_card_stud": tablev1.Game_GAME_SEVEN_CARD_STUD}

var structures = map[string]tablev1.BettingStructure{"no_limit": tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT,
	"pot_limit": tablev1.BettingStructure_BETTING_STRUCTURE_POT_LIMIT, "fixed_limit": tablev1.BettingStructure_BETTING_STRUCTURE_FIXED_LIMIT}

func stakes(s tournament.Stakes) *tablev1.Stakes {
	return &tablev1.Stakes{Currency: "CHP", SmallBlind: s.SmallBlind, BigBlind: s.BigBlind, Ante: s.Ante, BringIn: s.BringIn, Unit: s.Unit}
}

// Create implements tournament.Tables.
func (t *Tables) Create(ctx context.Context, s tournament.TableSpec) (string, error) {
	res, err := t.admin.CreateTable(ctx, connect.NewRequest(&tablev1.CreateTableRequest{
		Name: s.Name, Game: games[s.Game], Structure: structures[s.Betting], Stakes: stakes(s.Stakes), MaxSeats: int32(s.Seats),
		Profile: s.Profile, IdempotencyKey: s.Key, TournamentId: s.Tournament, FirstButton: int32(s.Button),
		// The tournament's clock: base time, bank, pause, the called clock
		// (H.28(b)) and the shot clock (H.28(a)).
		Clock: &tablev1.Clock{ActionSeconds: int32(s.Clock.Action / time.Second), TimeBankSeconds: int32(s.Clock.TimeBank / time.Second),
			HandPauseMs: int32(s.Clock.HandPause / time.Millisecond), CalledClockSeconds: int32(s.Clock.Called / time.Second),
			CountdownSeconds: int32(s.Clock.Countdown / time.Second), ShotClockSeconds: int32(s.Clock.Shot / time.Second),
			TimeExtensions: int32(s.Clock.Extensions), TimeExtensionSeconds: int32(s.Clock.Extension / time.Second)},
	}))
	if err != nil {
		return "", classify(err)
	}
	return res.Msg.GetTable().GetTableId(), nil
}

// Seat implements tournament.Tables. A moved player is dealt in at once
// (ENTRY_EXEMPT, G4.7), after the hand his new seat misses (H.29(c)) and
// posting the big blind he skipped dead (H.35) where the workflow's plan
// says so; a late registrant waits for the big blind.
func (t *Tables) Seat(ctx context.Context, table string, s tournament.SeatSpec) (int, error) {
	entry := tablev1.Entry_ENTRY_UNSPECIFIED
	switch {
	case s.Moved:
		entry = tablev1.Entry_ENTRY_EXEMPT
	case s.Late:
		entry = tablev1.Entry_ENTRY_WAIT_BIG_BLIND
	}
	res, err := t.admin.SeatPlayer(ctx, connect.NewRequest(&tablev1.SeatPlayerRequest{TableId: table, Seat: int32(s.Seat), PlayerId: s.Player,
		PartnerId: s.Partner, DisplayName: s.Name, Chips: s.Chips, Entry: entry, IdempotencyKey: s.Key,
		MissNextHand: s.Moved && s.MissHand, PostDeadBigBlind: s.Moved && s.DeadMoney > 0, TimeBankMs: s.Bank, ShotClock: s.Shot, TimeExtensions: ext32(s.Ext)}))
	if err != nil {
		// The table remembers a bounded number of keys: a retry whose key
		// it forgot finds the player already in his seat.
		if reasonOf(classify(err)) == "ALREADY_SEATED" {
			if seat, ok := t.seatOf(ctx, table, s.Partner, s.Player); ok {
				return seat, nil
			}
		}
		return 0, classify(err)
	}
	return int(res.Msg.GetSeat()), nil
}

func (t *Tables) seatOf(ctx context.Context, table, partner, player string) (int, bool) {
	v, err := t.view.GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: table}))
	if err != nil {
		return 0, false
	}
	for _, s := range v.Msg.GetTable().GetSeats() {
		if s.GetPlayerId() == player && s.GetStatus() != tablev1.SeatStatus_SEAT_STATUS_EMPTY {
			return int(s.GetSeat()), true
		}
	}
	return 0, false
}

// Remove implements tournament.Tables.
func (t *Tables) Remove(ctx context.Context, table, partner, player, key string) (tournament.Removal, error) {
	res, err := t.admin.RemovePlayer(ctx, connect.NewRequest(&tablev1.RemovePlayerRequest{TableId: table, PlayerId: player, PartnerId: partner, IdempotencyKey: key}))
	if err != nil {
		if reasonOf(classify(err)) == "NOT_SEATED" {
			return tournament.Removal{Done: true, Gone: true}, nil
		}
		return tournament.Removal{}, classify(err)
	}
	m := res.Msg
	if m.GetDeferred() {
		if _, seated := t.seatOf(ctx, table, partner, player); !seated {
			// Out of chips in the hand he was leaving: gone.
			return tournament.Removal{Done: true, Gone: true}, nil
		}
		return tournament.Removal{Seat: int(m.GetSeat())}, nil
	}
	return tournament.Removal{Done: true, Chips: m.GetChips(), Seat: int(m.GetSeat()), Offset: int(m.GetOffsetFromBigBlind()), Gone: m.GetChips() == 0,
		Bank: m.GetTimeBankMs(), Shot: m.GetShotClock(), Ext: int(m.GetTimeExtensions())}, nil
}

// AddChips implements tournament.Tables. The admin API has no call that adds
// chips to a seated tournament player, so the player is taken off between
// hands and seated again in the same seat with the chips added.
func (t *Tables) AddChips(ctx context.Context, table, partner, player string, chips int64, key string) error {
	r, err := t.waitRemove(ctx, table, partner, player, key+":off")
	if err != nil || r.Gone {
		return err
	}
	_, err = t.Seat(ctx, table, tournament.SeatSpec{Key: key + ":on", Seat: r.Seat, Player: player, Partner: partner, Chips: r.Chips + chips, Moved: true,
		Bank: &r.Bank, Shot: r.Shot, Ext: &r.Ext})
	return err
}

func (t *Tables) waitRemove(ctx context.Context, table, partner, player, key string) (tournament.Removal, error) {
	for {
		r, err := t.Remove(ctx, table, partner, player, key)
		if err != nil || r.Done {
			return r, err
		}
		select {
		case <-ctx.Done():
			return r, ctx.Err()
		case <-time.After(t.Poll):
		}
	}
}

// SetStakes implements tournament.Tables.
func (t *Tables) SetStakes(ctx context.Context, table string, s tournament.Stakes) error {
	_, err := t.admin.SetStakes(ctx, connect.NewRequest(&tablev1.SetStakesRequest{TableId: table, Stakes: stakes(s)}))
	return classify(err)
}

// SetHold implements tournament.Tables.
func (t *Tables) SetHold(ctx context.Context, table string, hold bool) error {
	_, err := t.admin.SetDealHold(ctx, connect.NewRequest(&tablev1.SetDealHoldRequest{TableId: table, Hold: hold}))
	return classify(err)
}

// Pause implements tournament.Tables (a table already paused is fine).
func (t *Tables) Pause(ctx context.Context, table, reason string) error {
	_, err := t.admin.PauseTable(ctx, connect.NewRequest(&tablev1.PauseTableRequest{TableId: table, Reason: reason}))
	if reasonOf(classify(err)) == "NOT_OPEN" {
		return nil
	}
	return classify(err)
}

// Resume implements tournament.Tables (a table already open is fine).
func (t *Tables) Resume(ctx context.Context, table string) error {
	_, err := t.admin.ResumeTable(ctx, connect.NewRequest(&tablev1.ResumeTableRequest{TableId: table}))
	if reasonOf(classify(err)) == "NOT_PAUSED" {
		return nil
	}
	return classify(err)
}

// Close implements tournament.Tables (a closed table is fine).
func (t *Tables) Close(ctx context.Context, table, reason string) error {
	_, err := t.admin.CloseTable(ctx, connect.NewRequest(&tablev1.CloseTableRequest{TableId: table, Reason: reason}))
	switch reasonOf(classify(err)) {
	case "TABLE_CLOSED", "TABLE_CLOSING", "NOT_OPEN":
		return nil
	}
	return classify(err)
}

// Results implements tournament.Tables. The hand results carry no button
// or blind seats; they are taken from the table's view of its last hand.
func (t *Tables) Results(ctx context.Context, table string, after uint64) ([]tournament.Hand, error) {
	res, err := t.admin.ListHandResults(ctx, connect.NewRequest(&tablev1.ListHandResultsRequest{TableId: table, AfterHandNumber: after, Limit: 1000}))
	if err != nil {
		return nil, classify(err)
	}
	rs := res.Msg.GetResults()
	if len(rs) == 0 {
		return nil, nil
	}
	btn, sb, bb := -1, -1, -1
	if v, err := t.view.GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: table})); err == nil {
		btn, sb, bb = positions(v.Msg.GetTable())
	}
	out := make([]tournament.Hand, 0, len(rs))
	for _, r := range rs {
		h := tournament.Hand{Number: r.GetHandNumber(), EndedAt: r.GetEndedAt().AsTime(), Button: btn, SmallBlind: sb, BigBlind: bb}
		for _, p := range r.GetPlayers() {
			h.Players = append(h.Players, tournament.HandPlayer{Partner: p.GetPartnerId(), Player: p.GetPlayerId(), Seat: int(p.GetSeat()),
				Start: p.GetStartStack(), End: p.GetEndStack(), Eliminated: p.GetEliminated() || p.GetEndStack() == 0, Dead: p.GetDeadPosted(),
				Clock: p.GetClockCalled(), Bank: p.GetTimeBankMs(), Shot: p.GetShotClock(), Ext: int(p.GetTimeExtensions())})
		}
		for _, o := range r.GetDealtOut() {
			if o.GetReason() == tablev1.DealtOutReason_DEALT_OUT_REASON_MOVED_MISSES_HAND {
				h.Missed = append(h.Missed, o.GetPartnerId()+":"+o.GetPlayerId())
			}
		}
		out = append(out, h)
	}
	return out, nil
}

// positions derives the button and blinds of the table's last hand: the
// button from the hand, the blinds as the next occupied seats.
func positions(v *tablev1.TableView) (btn, sb, bb int) {
	btn, sb, bb = -1, -1, -1
	if v.GetHand() == nil {
		return
	}
	btn = int(v.GetHand().GetButtonSeat())
	seats := v.GetSeats()
	n := len(seats)
	next := func(from int) int {
		for k := 1; k <= n; k++ {
			j := (from + k) % n
			if seats[j].GetStatus() != tablev1.SeatStatus_SEAT_STATUS_EMPTY {
				return j
			}
		}
		return -1
	}
	if n == 0 || btn < 0 || btn >= n {
		return -1, -1, -1
	}
	sb = next(btn)
	if sb >= 0 {
		bb = next(sb)
	}
	return
}

// Snapshot implements tournament.Tables.
func (t *Tables) Snapshot(ctx context.Context, table string) (tournament.Snapshot, error) {
	res, err := t.view.GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: table}))
	if err != nil {
		return tournament.Snapshot{}, classify(err)
	}
	v := res.Msg.GetTable()
	h := v.GetHand()
	s := tournament.Snapshot{Idle: h == nil || h.GetPhase() != "betting", Held: v.GetDealHeld(), Button: -1}
	if h != nil {
		s.Button = int(h.GetButtonSeat())
		s.LastHand = h.GetHandNumber()
		if !s.Idle && s.LastHand > 0 {
			s.LastHand--
		}
	}
	for _, x := range v.GetSeats() {
		if x.GetStatus() == tablev1.SeatStatus_SEAT_STATUS_EMPTY || x.GetPlayerId() == "" {
			continue
		}
		partner := ""
		s.Seats = append(s.Seats, tournament.SnapSeat{Seat: int(x.GetSeat()), Partner: partner, Player: x.GetPlayerId(), Chips: x.GetStack()})
	}
	return s, nil
}

// DealOne implements tournament.Tables: release the hold, wait for the next
// hand to start, hold again. The admin API has no "deal exactly one hand";
// the hand pause between hands gives the re-hold its time.
func (t *Tables) DealOne(ctx context.Context, table string) (uint64, error) {
	before, err := t.Snapshot(ctx, table)
	if err != nil {
		return 0, err
	}
	if err := t.SetHold(ctx, table, false); err != nil {
		return 0, err
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		s, err := t.Snapshot(ctx, table)
		if err != nil {
			return 0, err
		}
		if s.LastHand > before.LastHand || !s.Idle || len(s.Seats) < 2 || time.Now().After(deadline) {
			if err := t.SetHold(ctx, table, true); err != nil {
				return 0, err
			}
			if len(s.Seats) < 2 {
				return before.LastHand, nil
			}
			return before.LastHand + 1, nil
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(t.Poll / 2):
		}
	}
}

// SetStacks implements tournament.Tables between hands (a chip race): each
// changed player is taken off and seated again in his seat with his new
// stack, the table held and idle meanwhile. The table's view does not name
// partners, so they come with the stacks. A retry goes through every
// player again: one an earlier attempt took off but did not seat again is
// found by his removal key (the table replays it with his chips).
func (t *Tables) SetStacks(ctx context.Context, table string, stacks []tournament.SnapSeat, key string) error {
	snap, err := t.Snapshot(ctx, table)
	if err != nil {
		return err
	}
	now := map[int]tournament.SnapSeat{}
	for _, s := range snap.Seats {
		now[s.Seat] = s
	}
	for _, want := range stacks {
		if cur, ok := now[want.Seat]; ok && cur.Player == want.Player && cur.Chips == want.Chips {
			continue
		}
		k := fmt.Sprintf("%s:%d", key, want.Seat)
		r, err := t.waitRemove(ctx, table, want.Partner, want.Player, k+":off")
		if err != nil {
			return err
		}
		if r.Gone {
			continue
		}
		if _, err := t.Seat(ctx, table, tournament.SeatSpec{Key: k + ":on", Seat: want.Seat, Player: want.Player, Partner: want.Partner, Chips: want.Chips, Moved: true,
			Bank: &r.Bank, Shot: r.Shot, Ext: &r.Ext}); err != nil {
			return err
		}
	}
	return nil
}

// ext32 is an optional count of extension periods on the wire.
func ext32(n *int) *int32 {
	if n == nil {
		return nil
	}
	v := int32(*n)
	return &v
}
