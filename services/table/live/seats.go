package live

import (
	"fmt"
	"slices"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/seating"
	"github.com/croupier/croupier/shared/apierr"
)

// seatView is a seat without cards.
func (t *Table) seatView(i int) SeatView {
	ss := &t.Seating.Seats[i]
	x := &t.Seats[i]
	v := SeatView{Seat: i, Status: SeatEmpty, Player: ss.Player, Name: ss.Name, Stack: ss.Stack,
		Bank: x.Bank, TopUp: x.TopUp, Leaving: x.Leave}
	switch {
	case x.Reserved != "":
		v.Status, v.Player = SeatReserved, x.Reserved
	case !ss.Occupied():
	case ss.SittingOut || x.AwaySince > 0:
		v.Status = SeatSittingOut
	case ss.Entry == seating.WaitBB && !t.dealtIn(i):
		// A newcomer dealt in (heads-up, or at a fresh table) plays this
		// hand: his entry state is settled when it ends.
		v.Status = SeatWaiting
	default:
		v.Status = SeatPlaying
	}
	if h := t.Hand; h != nil && h.state != nil && !h.Finished && h.state.Seats[i].In && h.state.Seats[i].Player == ss.Player {
		rs := &h.state.Round.Seats[i]
		v.Stack, v.Bet, v.InHand = rs.Stack, rs.Bet, true
		v.Folded = !rs.Status.InHand()
		v.AllIn = rs.Status == betting.StatusAllIn
	}
	return v
}

// dealtIn reports whether seat plays the hand in progress.
func (t *Table) dealtIn(seat int) bool {
	if !t.InHand() {
		return false
	}
	st := &t.Hand.state.Seats[seat]
	return st.In && st.Player == t.Seating.Seats[seat].Player
}

// stillIn reports whether seat can still win a pot of the hand in progress.
func (t *Table) stillIn(seat int) bool {
	return t.dealtIn(seat) && t.Hand.state.Round.Seats[seat].Status.InHand()
}

// seatOf returns the occupied (not reserved) seat of c.Who.
func (a *applier) seatOf() (int, error) {
	for i := range a.t.Seating.Seats {
		if a.c.Who != "" && a.t.Seating.Seats[i].Player == a.c.Who {
			return i, nil
		}
	}
	if s := a.t.SeatOf(a.c.Who); s >= 0 {
		return -1, apierr.Precondition("BUY_IN_PENDING", "the buy-in for seat %d is still moving", s)
	}
	return -1, apierr.Precondition("NOT_SEATED", "the player is not seated at this table")
}

func (a *applier) checkMultiple(amount int64) error {
	unit := a.t.Rules().Stakes.Unit
	if amount <= 0 || (unit > 0 && amount%unit != 0) {
		return apierr.Invalid("BAD_AMOUNT", "amount %d is not a positive multiple of the smallest chip %d", amount, unit)
	}
	return nil
}

func (a *applier) intentPending(seat int) bool {
	for _, in := range a.t.Intents {
		if in.Seat == seat && (in.Kind == IntentBuyIn || in.Kind == IntentTopUp) {
			return true
		}
	}
	return false
}

// pickSeat returns c.Seat if who may take it, or the first seat he may
// take (a seat offered to him first) when c.Seat is -1.
func (a *applier) pickSeat() (int, error) {
	t, c := a.t, a.c
	if c.Seat >= 0 {
		if c.Seat >= t.Config.Rules.MaxSeats {
			return -1, apierr.Invalid("BAD_SEAT", "seat %d outside 0..%d", c.Seat, t.Config.Rules.MaxSeats-1)
		}
		if !t.free(c.Seat, c.Who) {
			return -1, apierr.Precondition("SEAT_TAKEN", "seat %d is taken or offered to the waiting list", c.Seat)
		}
		return c.Seat, nil
	}
	if c.Seat != -1 {
		return -1, apierr.Invalid("BAD_SEAT", "seat %d: give a seat or -1 for any", c.Seat)
	}
	for i := 0; i < t.Config.Rules.MaxSeats; i++ {
		if t.Seats[i].Offer == c.Who && t.free(i, c.Who) {
			return i, nil
		}
	}
	for i := 0; i < t.Config.Rules.MaxSeats; i++ {
		if t.free(i, c.Who) {
			return i, nil
		}
	}
	return -1, apierr.Precondition("TABLE_FULL", "no free seat")
}

func (a *applier) reserve() error {
	t, c := a.t, a.c
	if !t.Config.Cash() {
		return apierr.Precondition("TOURNAMENT_TABLE", "players are seated at a tournament table by the tournament")
	}
	if t.Status != Open && t.Status != Paused {
		return apierr.Precondition("TABLE_CLOSING", "the table is %s", t.Status)
	}
	if c.Who == "" || c.Hold == "" || c.Key == "" || c.Account == "" {
		return apierr.Invalid("BAD_RESERVE", "a reservation needs a player, a hold, a key and an account")
	}
	if t.SeatOf(c.Who) >= 0 {
		return apierr.Precondition("ALREADY_SEATED", "the player already sits at this table (gr-regulation-2 G7.4)")
	}
	if _, ok := t.Key(c.Key); ok {
		return apierr.Precondition("DUPLICATE_KEY", "key %q was used", c.Key)
	}
	if err := a.checkMultiple(c.Amount); err != nil {
		return err
	}
	if c.Amount < t.Config.MinBuyIn || c.Amount > t.Config.MaxBuyIn {
		return apierr.Invalid("BUY_IN_OUT_OF_RANGE", "buy-in %d outside %d..%d (gr-regulation-2 G3.1)", c.Amount, t.Config.MinBuyIn, t.Config.MaxBuyIn)
	}
	seat, err := a.pickSeat()
	if err != nil {
		return err
	}
	t.Seats[seat] = Seat{Reserved: c.Who, Account: c.Account, Bank: t.Config.Clock.Bank.Milliseconds()}
	a.dropWaiter(c.Who)
	t.Intents = append(t.Intents, Intent{ID: c.Key, Kind: IntentBuyIn, Seat: seat, Who: c.Who, Account: c.Account,
		Amount: c.Amount, Hold: c.Hold, Due: c.At + IntentGrace.Milliseconds(), Name: c.Name, PostNow: c.Flag})
	t.rememberKey(KeyRecord{Key: c.Key, Seat: seat, Amount: c.Amount, Fingerprint: c.Fingerprint})
	a.emitSeat(seat, "reserved")
	return nil
}

func (a *applier) intentDone() error {
	t, c := a.t, a.c
	i := slices.IndexFunc(t.Intents, func(in Intent) bool { return in.ID == c.Intent })
	if i < 0 {
		return apierr.Precondition("NO_INTENT", "intent %q is not pending", c.Intent)
	}
	in := t.Intents[i]
	t.Intents = slices.Delete(t.Intents, i, i+1)
	switch in.Kind {
	case IntentBuyIn:
		if c.Reason != "" {
			t.Seats[in.Seat] = Seat{}
			a.emitSeat(in.Seat, "buy_in_failed")
			a.offerFreeSeats()
			return nil
		}
		entry := seating.WaitBB
		if in.PostNow {
			entry = seating.PostNow
		}
		if err := t.Seating.Sit(in.Seat, in.Who, in.Name, in.Amount, entry); err != nil {
			return internal("SEAT_LOST", "buy-in for seat %d: %v", in.Seat, err)
		}
		t.Seats[in.Seat].Reserved = ""
		a.emitSeat(in.Seat, "seated")
		if t.Status == Closing {
			a.leave(in.Seat, "", "left")
		}
	case IntentTopUp:
		if c.Reason != "" {
			a.emitSeat(in.Seat, "top_up_failed")
			return nil
		}
		if t.Seating.Seats[in.Seat].Player != in.Who {
			return internal("SEAT_LOST", "top-up for seat %d: the player left", in.Seat)
		}
		if t.dealtIn(in.Seat) {
			t.Seats[in.Seat].TopUp += in.Amount
		} else {
			t.Seating.Seats[in.Seat].Stack += in.Amount
		}
		a.emitSeat(in.Seat, "chips_added")
	}
	return nil
}

func (a *applier) topUp() error {
	t, c := a.t, a.c
	if !t.Config.Cash() {
		return apierr.Precondition("TOURNAMENT_TABLE", "chips at a tournament table come from rebuys and add-ons")
	}
	seat, err := a.seatOf()
	if err != nil {
		return err
	}
	if c.Hold == "" || c.Key == "" {
		return apierr.Invalid("BAD_TOP_UP", "a top-up needs a hold and a key")
	}
	if _, ok := t.Key(c.Key); ok {
		return apierr.Precondition("DUPLICATE_KEY", "key %q was used", c.Key)
	}
	if err := a.checkMultiple(c.Amount); err != nil {
		return err
	}
	if t.stillIn(seat) {
		return apierr.Precondition("IN_HAND", "chips may not be added during a hand the player takes part in (gr-regulation-2 G3.11)")
	}
	if a.intentPending(seat) {
		return apierr.Precondition("INTENT_PENDING", "a buy-in or top-up for this seat is still moving")
	}
	stack := t.Seating.Seats[seat].Stack
	if t.dealtIn(seat) {
		stack = t.Hand.state.Stack(seat)
	}
	if after := stack + t.Seats[seat].TopUp + c.Amount; after > t.Config.MaxBuyIn {
		return apierr.Invalid("ABOVE_MAX_BUY_IN", "the stack would be %d, the table maximum is %d", after, t.Config.MaxBuyIn)
	}
	t.Intents = append(t.Intents, Intent{ID: c.Key, Kind: IntentTopUp, Seat: seat, Who: c.Who,
		Account: t.Seats[seat].Account, Amount: c.Amount, Hold: c.Hold, Due: c.At + IntentGrace.Milliseconds()})
	t.rememberKey(KeyRecord{Key: c.Key, Seat: seat, Amount: c.Amount, Fingerprint: c.Fingerprint})
	return nil
}

func (a *applier) sitOut() error {
	t, c := a.t, a.c
	seat, err := a.seatOf()
	if err != nil {
		return err
	}
	if t.Seats[seat].AwaySince > 0 {
		return apierr.Precondition("ALREADY_SITTING_OUT", "the player already sits out")
	}
	if t.Config.Cash() {
		// A tournament player who is away is still dealt in and his blinds
		// are posted (docs/rules/tournaments.md §12, GR H.11); at a cash table he is not
		// dealt in and the blinds passing him are missed (B.69).
		t.Seating.SitOut(seat)
	}
	t.Seats[seat].AwaySince = c.At
	a.emitSeat(seat, "sat_out")
	// Under the Russian rules his cards are mucked now, unless he is all
	// in (RU §6.4.3; tournaments.md T32).
	return a.muckDead()
}

func (a *applier) sitIn() error {
	t, c := a.t, a.c
	seat, err := a.seatOf()
	if err != nil {
		return err
	}
	ss := &t.Seating.Seats[seat]
	if !ss.SittingOut && t.Seats[seat].AwaySince == 0 {
		return apierr.Precondition("NOT_SITTING_OUT", "the player is not sitting out")
	}
	if ss.Stack == 0 && !t.dealtIn(seat) {
		return apierr.Precondition("NO_CHIPS", "add chips before sitting in")
	}
	if ss.SittingOut {
		t.Seating.SitIn(seat, c.Flag)
	}
	t.Seats[seat].AwaySince, t.Seats[seat].Timeouts = 0, 0
	a.emitSeat(seat, "sat_in")
	return nil
}

func (a *applier) standUp() error {
	t, c := a.t, a.c
	if !t.Config.Cash() {
		return apierr.Precondition("TOURNAMENT_TABLE", "a tournament player leaves through the tournament")
	}
	seat, err := a.seatOf()
	if err != nil {
		return err
	}
	if c.Key != "" {
		if _, ok := t.Key(c.Key); ok {
			return apierr.Precondition("DUPLICATE_KEY", "key %q was used", c.Key)
		}
	}
	if a.intentPending(seat) {
		return apierr.Precondition("INTENT_PENDING", "a buy-in or top-up for this seat is still moving")
	}
	if t.dealtIn(seat) {
		// Chips may not leave the table during a hand the player is dealt
		// into, folded or not: a misdeal would still return his bets
		// (gr-regulation-2 G3.11).
		if t.Seats[seat].Leave {
			return apierr.Precondition("ALREADY_LEAVING", "the player leaves when the hand ends")
		}
		t.Seats[seat].Leave, t.Seats[seat].LeaveKey = true, c.Key
		t.rememberKey(KeyRecord{Key: c.Key, Seat: seat, Deferred: true})
		a.emitSeat(seat, "leaving")
		return nil
	}
	a.leave(seat, c.Key, "left")
	a.offerFreeSeats()
	return nil
}

// leave frees seat between hands: a cash player's chips go back to his
// account (a cash-out intent), a tournament player's go with him.
func (a *applier) leave(seat int, key, change string) {
	t, c := a.t, a.c
	ss := t.Seating.Seats[seat]
	x := t.Seats[seat]
	amount := ss.Stack + x.TopUp
	offset := t.offsetFromBigBlind(seat)
	if t.Config.Cash() && amount > 0 {
		t.Intents = append(t.Intents, Intent{ID: fmt.Sprintf("cashout:%s:%d:%d", t.Config.ID, t.Version+1, seat),
			Kind: IntentCashOut, Seat: seat, Who: ss.Player, Account: x.Account, Amount: amount, Due: c.At})
	}
	t.Seating.Leave(seat)
	t.Seats[seat] = Seat{}
	if key != "" {
		t.rememberKey(KeyRecord{Key: key, Seat: seat, Amount: amount, Offset: offset, Bank: x.Bank, Shot: x.Shot, Ext: x.Ext})
	}
	a.emit(Event{Kind: EvSeat, Seat: seat, Change: change, Amount: amount, Player: ss.Player,
		Seats: []SeatView{t.seatView(seat)}})
}

// offsetFromBigBlind counts the occupied seats clockwise from the last big
// blind to seat (docs/rules/tournaments.md §15.2 step 3), or -1 before the first hand.
func (t *Table) offsetFromBigBlind(seat int) int {
	bb := t.Seating.BigBlind
	if bb < 0 {
		return -1
	}
	d := 0
	for k := 0; k < MaxSeats; k++ {
		j := (bb + k) % MaxSeats
		if j == seat {
			return d
		}
		if t.Seating.Seats[j].Occupied() {
			d++
		}
	}
	return -1
}

func (a *applier) pickUp() error {
	t, c := a.t, a.c
	if c.Seat < 0 || c.Seat >= MaxSeats {
		return apierr.Invalid("BAD_SEAT", "seat %d", c.Seat)
	}
	x := &t.Seats[c.Seat]
	// Away for more than 10 minutes (strictly): the chips are picked up
	// (gr-regulation-2 G4.8; "Absence timing": nothing happens at 10:00).
	if !t.Config.Cash() || x.AwaySince == 0 || c.At-x.AwaySince <= AbsencePickup.Milliseconds() || t.dealtIn(c.Seat) {
		return apierr.Precondition("NO_PICKUP_DUE", "no pick-up is due at seat %d", c.Seat)
	}
	who := t.Seating.Seats[c.Seat].Player
	a.leave(c.Seat, "", "picked_up")
	t.Pickups = append(t.Pickups, Pickup{Who: who, At: c.At})
	a.prunePickups()
	a.offerFreeSeats()
	return nil
}

func (a *applier) seatPlayer() error {
	t, c := a.t, a.c
	if t.Config.Cash() {
		return apierr.Precondition("CASH_TABLE", "players sit at a cash table with a buy-in")
	}
	if t.Status == Closing {
		return apierr.Precondition("TABLE_CLOSING", "the table is closing")
	}
	if c.Who == "" || c.Key == "" {
		return apierr.Invalid("BAD_SEAT_PLAYER", "seating a player needs his key and an idempotency key")
	}
	if t.SeatOf(c.Who) >= 0 {
		return apierr.Precondition("ALREADY_SEATED", "the player sits at this table")
	}
	// His stack, not a buy-in: it may hold chips smaller than the level's
	// smallest until the chip race colours them up (gr-regulation-2 H.18),
	// as the stacks already at this table do; a move or a rebuy in between
	// seats him with them.
	if c.Amount <= 0 {
		return apierr.Invalid("BAD_AMOUNT", "a seated player needs chips, not %d", c.Amount)
	}
	seat, err := a.pickSeat()
	if err != nil {
		return err
	}
	if (c.MissHand || c.DeadBig) && c.Entry != seating.Exempt {
		return apierr.Invalid("BAD_ENTRY", "a missed hand or a dead big blind is a moved player's (entry exempt)")
	}
	if c.Ext != nil && (*c.Ext < 0 || *c.Ext > MaxExtensions) {
		return apierr.Invalid("BAD_TIME_EXTENSIONS", "time extensions %d outside 0..%d", *c.Ext, MaxExtensions)
	}
	if c.Bank != nil && (*c.Bank < 0 || *c.Bank > MaxTimeBank.Milliseconds()) {
		return apierr.Invalid("BAD_TIME_BANK", "time bank %d ms outside 0..%d", *c.Bank, MaxTimeBank.Milliseconds())
	}
	if err := t.Seating.Sit(seat, c.Who, c.Name, c.Amount, c.Entry); err != nil {
		return err
	}
	t.Seating.Moved(seat, c.MissHand, c.DeadBig)
	// A tournament player brings the time bank he has left and his shot
	// clock from his last table (T25, T26); a new one gets the table's.
	bank := t.Config.Clock.Bank.Milliseconds()
	if c.Bank != nil {
		bank = *c.Bank
	}
	ext := t.Config.Clock.Extensions
	if c.Ext != nil {
		ext = *c.Ext
	}
	t.Seats[seat] = Seat{Bank: bank, Shot: c.Shot, Ext: ext}
	t.rememberKey(KeyRecord{Key: c.Key, Seat: seat, Amount: c.Amount, Fingerprint: c.Fingerprint})
	a.emitSeat(seat, "seated")
	return nil
}

func (a *applier) removePlayer() error {
	t, c := a.t, a.c
	if t.Config.Cash() {
		return apierr.Precondition("CASH_TABLE", "a cash player stands up himself")
	}
	seat, err := a.seatOf()
	if err != nil {
		return err
	}
	if c.Key == "" {
		return apierr.Invalid("NO_KEY", "a removal needs an idempotency key")
	}
	if t.dealtIn(seat) {
		if t.Seats[seat].Leave {
			return apierr.Precondition("ALREADY_LEAVING", "the player is removed when the hand ends")
		}
		t.Seats[seat].Leave, t.Seats[seat].LeaveKey = true, c.Key
		t.rememberKey(KeyRecord{Key: c.Key, Seat: seat, Deferred: true})
		a.emitSeat(seat, "leaving")
		return nil
	}
	a.leave(seat, c.Key, "moved")
	return nil
}
