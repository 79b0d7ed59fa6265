package live

import (
	"fmt"
	"slices"
	"time"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/seating"
	"github.com/croupier/croupier/shared/apierr"
)

// Apply applies c to the table and returns the events it caused. A command
// the rules refuse returns an *apierr.Error and leaves the table exactly as
// it was; an error with code Internal means the table may be half changed
// and must be reloaded. On success Version goes up by one.
//
// The first time a command reaches a showdown, c.Ranks is nil and Apply
// fills it with the in-process ranks it used: the caller has the evaluator
// service rank the same hands and refuses to commit if they differ. When a
// command is replayed from the log, c.Ranks are the service's and the
// in-process ranks are checked against them.
func (t *Table) Apply(c *Command) ([]Event, error) {
	// Most commands are actions: the action and the next turn.
	a := applier{t: t, c: c, events: make([]Event, 0, 2)}
	if err := a.apply(); err != nil {
		return nil, err
	}
	if t.Status == Closing && !t.InHand() && t.Seated() == 0 && len(t.Intents) == 0 {
		t.Status = Closed
		a.emitTable("")
	}
	t.Version++
	return a.events, nil
}

type applier struct {
	t      *Table
	c      *Command
	events []Event
}

func (a *applier) apply() error {
	t, c := a.t, a.c
	if t.Status == Closed {
		return apierr.Precondition("TABLE_CLOSED", "table %s is closed", t.Config.ID)
	}
	if t.Frozen != "" && !allowedFrozen(c.Kind) {
		// Issue 11: a table whose state or escrow cannot be trusted moves
		// no chips and no money until an operator has looked at it.
		return apierr.Precondition("TABLE_UNDER_REVIEW", "the table is held for review (%s); an operator resumes it", t.Frozen)
	}
	switch c.Kind {
	case CmdReserve:
		return a.reserve()
	case CmdIntentDone:
		return a.intentDone()
	case CmdTopUp:
		return a.topUp()
	case CmdSitOut:
		return a.sitOut()
	case CmdSitIn:
		return a.sitIn()
	case CmdStandUp:
		return a.standUp()
	case CmdAct:
		return a.act()
	case CmdTimeout:
		return a.timeout()
	case CmdUseBank:
		return a.useBank()
	case CmdDeal:
		return a.deal()
	case CmdJoinWait:
		return a.joinWait()
	case CmdLeaveWait:
		return a.leaveWait()
	case CmdPickUp:
		return a.pickUp()
	case CmdExpireOffer:
		return a.expireOffer()
	case CmdPause:
		if t.Status != Open {
			return apierr.Precondition("NOT_OPEN", "the table is %s", t.Status)
		}
		t.Status, t.Reason = Paused, c.Reason
		a.emitTable(c.Reason)
		return nil
	case CmdResume:
		if t.Frozen != "" && t.Status != Paused {
			// Frozen while closing: resuming lifts the hold only.
			t.Frozen = ""
			a.emitTable("")
			return nil
		}
		if t.Status != Paused {
			return apierr.Precondition("NOT_PAUSED", "the table is %s", t.Status)
		}
		t.Status, t.Reason, t.Frozen = Open, "", ""
		a.emitTable("")
		return nil
	case CmdFreeze:
		if c.Reason == "" {
			return apierr.Invalid("NO_REASON", "a freeze needs a reason")
		}
		if t.Frozen != "" {
			return apierr.Precondition("ALREADY_FROZEN", "the table is held for review (%s)", t.Frozen)
		}
		t.Frozen = c.Reason
		if t.Status == Open {
			t.Status = Paused
		}
		if t.Status == Paused {
			t.Reason = c.Reason
		}
		a.emitTable(c.Reason)
		return nil
	case CmdClose:
		return a.close()
	case CmdMisdeal:
		if err := a.checkHand(); err != nil {
			return err
		}
		return a.handInput(hand.Action{Seat: -1, Command: hand.CmdMisdeal, Reason: c.Reason}, false)
	case CmdVoidSeat:
		if err := a.checkHand(); err != nil {
			return err
		}
		if t.Hand.state.Phase != hand.Betting {
			return apierr.Precondition("HAND_OVER", "the hand is %s", t.Hand.state.Phase)
		}
		return a.handInput(hand.Action{Seat: c.Seat, Command: hand.CmdVoidSeat, Return: c.Return, Reason: c.Reason}, false)
	case CmdAward:
		if err := a.checkHand(); err != nil {
			return err
		}
		return a.handInput(hand.Action{Seat: -1, Command: hand.CmdAward, Awards: c.Awards, Reason: c.Reason}, false)
	case CmdSeatPlayer:
		return a.seatPlayer()
	case CmdRemovePlayer:
		return a.removePlayer()
	case CmdSetStakes:
		return a.setStakes()
	case CmdSetHold:
		t.Held = c.Flag
		a.emitTable("")
		return nil
	case CmdSettings:
		if c.Clock == nil {
			return apierr.Invalid("NO_CLOCK", "settings need a clock")
		}
		if err := c.Clock.Validate(); err != nil {
			return apierr.Invalid("BAD_CLOCK", "%v", err)
		}
		t.Config.Clock = *c.Clock
		a.emitTable("")
		return nil
	}
	return apierr.Invalid("UNKNOWN_COMMAND", "command %d", c.Kind)
}

// allowedFrozen says which commands a frozen table takes: the operators'
// (they decide what happens to the hand and the table) and the record of
// a money movement the wallet has already made.
func allowedFrozen(k CommandKind) bool {
	switch k {
	case CmdIntentDone, CmdPause, CmdResume, CmdClose, CmdMisdeal, CmdVoidSeat, CmdAward,
		CmdSetStakes, CmdSetHold, CmdSettings, CmdFreeze:
		return true
	}
	return false
}

func (a *applier) emit(e Event) {
	e.At = a.c.At
	a.events = append(a.events, e)
}

func (a *applier) emitSeat(seat int, change string) {
	a.emit(Event{Kind: EvSeat, Seat: seat, Change: change, Seats: []SeatView{a.t.seatView(seat)}})
}

func (a *applier) emitTable(reason string) {
	t := a.t
	clock := t.Config.Clock
	a.emit(Event{Kind: EvTable, Status: t.Status, Reason: reason, Stakes: t.Next, Clock: &clock, Held: t.Held})
}

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

func (a *applier) checkHand() error {
	t, c := a.t, a.c
	if !t.InHand() {
		return apierr.Precondition("NO_HAND", "no hand is in progress")
	}
	if c.Hand != t.Hand.ID {
		return apierr.Precondition("WRONG_HAND", "hand %q is not in progress (hand %s is)", c.Hand, t.Hand.ID)
	}
	return nil
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
	return nil
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
		t.rememberKey(KeyRecord{Key: key, Seat: seat, Amount: amount, Offset: offset})
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

func (a *applier) joinWait() error {
	t, c := a.t, a.c
	if !t.Config.Cash() {
		return apierr.Precondition("TOURNAMENT_TABLE", "a tournament table has no waiting list")
	}
	if c.Who == "" {
		return apierr.Invalid("NO_PLAYER", "only a player may wait for a seat")
	}
	if t.SeatOf(c.Who) >= 0 {
		return apierr.Precondition("ALREADY_SEATED", "the player sits at this table")
	}
	if slices.ContainsFunc(t.Waiting, func(w Waiter) bool { return w.Who == c.Who }) {
		return apierr.Precondition("ALREADY_WAITING", "the player is on the waiting list")
	}
	for i := 0; i < t.Config.Rules.MaxSeats; i++ {
		if t.free(i, c.Who) {
			return apierr.Precondition("SEAT_AVAILABLE", "seat %d is free: take it", i)
		}
	}
	w := Waiter{Who: c.Who, At: c.At}
	// Back within 20 minutes of a pick-up: first on the list; later: last
	// (gr-regulation-2 G4.8, INV-22; "Absence timing" vectors).
	first := false
	for _, p := range t.Pickups {
		if p.Who == c.Who && c.At-p.At <= RejoinWindow.Milliseconds() {
			first = true
		}
	}
	if first {
		t.Waiting = slices.Insert(t.Waiting, 0, w)
	} else {
		t.Waiting = append(t.Waiting, w)
	}
	a.prunePickups()
	return nil
}

func (a *applier) leaveWait() error {
	if !a.dropWaiter(a.c.Who) {
		return apierr.Precondition("NOT_WAITING", "the player is not on the waiting list")
	}
	return nil
}

func (a *applier) dropWaiter(who string) bool {
	n := len(a.t.Waiting)
	a.t.Waiting = slices.DeleteFunc(a.t.Waiting, func(w Waiter) bool { return w.Who == who })
	return len(a.t.Waiting) < n
}

// WaitingPosition is who's place on the waiting list (1-based), 0 if none.
func (t *Table) WaitingPosition(who string) int {
	for i, w := range t.Waiting {
		if w.Who == who {
			return i + 1
		}
	}
	return 0
}

func (a *applier) prunePickups() {
	at := a.c.At
	a.t.Pickups = slices.DeleteFunc(a.t.Pickups, func(p Pickup) bool { return at-p.At > RejoinWindow.Milliseconds() })
}

// offerFreeSeats offers each free seat to the first player waiting
// (seated players' own seat changes are not offered here: G7.2 is left to
// the front-end's ChangeSeat, which this service does not offer yet).
func (a *applier) offerFreeSeats() {
	t := a.t
	if t.Status != Open && t.Status != Paused {
		return
	}
	for i := 0; i < t.Config.Rules.MaxSeats && len(t.Waiting) > 0; i++ {
		x := &t.Seats[i]
		if t.Seating.Seats[i].Occupied() || x.Reserved != "" || x.Offer != "" {
			continue
		}
		w := t.Waiting[0]
		t.Waiting = t.Waiting[1:]
		x.Offer, x.OfferUntil = w.Who, a.c.At+OfferTime.Milliseconds()
		a.emit(Event{Kind: EvSeat, Seat: i, Change: "seat_offered", Player: w.Who, Seats: []SeatView{t.seatView(i)}})
	}
}

func (a *applier) expireOffer() error {
	t, c := a.t, a.c
	if c.Seat < 0 || c.Seat >= MaxSeats {
		return apierr.Invalid("BAD_SEAT", "seat %d", c.Seat)
	}
	x := &t.Seats[c.Seat]
	if x.Offer == "" || c.At < x.OfferUntil {
		return apierr.Precondition("NO_OFFER_DUE", "no seat offer expires at seat %d", c.Seat)
	}
	x.Offer, x.OfferUntil = "", 0
	a.emitSeat(c.Seat, "offer_expired")
	a.offerFreeSeats()
	return nil
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

func (a *applier) close() error {
	t, c := a.t, a.c
	if t.Status == Closing {
		return apierr.Precondition("ALREADY_CLOSING", "the table is closing")
	}
	t.Status, t.Reason = Closing, c.Reason
	t.Waiting = nil
	for i := range t.Seats {
		t.Seats[i].Offer, t.Seats[i].OfferUntil = "", 0
	}
	a.emitTable(c.Reason)
	if !t.InHand() {
		a.closeSeats()
	}
	return nil
}

func (a *applier) closeSeats() {
	t := a.t
	for i := range t.Seats {
		if t.Seating.Seats[i].Occupied() {
			a.leave(i, "", "left")
		}
	}
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
	if err := a.checkMultiple(c.Amount); err != nil {
		return err
	}
	seat, err := a.pickSeat()
	if err != nil {
		return err
	}
	if err := t.Seating.Sit(seat, c.Who, c.Name, c.Amount, c.Entry); err != nil {
		return err
	}
	t.Seats[seat] = Seat{Bank: t.Config.Clock.Bank.Milliseconds()}
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

func (a *applier) setStakes() error {
	t, c := a.t, a.c
	if c.Stakes == nil {
		return apierr.Invalid("NO_STAKES", "set stakes needs stakes")
	}
	st := *c.Stakes
	st.Currency, st.Exponent = t.Rules().Stakes.Currency, t.Rules().Stakes.Exponent
	if err := t.Rules().WithStakes(st).Validate(); err != nil {
		return apierr.Invalid("BAD_STAKES", "%v", err)
	}
	t.Next = &st
	// A tournament level applies from the next hand (GR H.23); a cash
	// game's parameters change only with three hands' notice
	// (gr-regulation-2 G3.10, "Parameter change" vector).
	t.NextFrom = t.HandNo + 1
	if t.Config.Cash() {
		t.NextFrom = t.HandNo + 4
	}
	a.emitTable("")
	return nil
}

// handInput applies one engine input to the hand in progress.
func (a *applier) handInput(in hand.Action, timedOut bool) error {
	t, c := a.t, a.c
	h := t.Hand
	in.At = time.UnixMilli(c.At).UTC()
	ev, used, err := h.apply(in, c.Ranks)
	if err != nil {
		return err
	}
	if len(used) > 0 {
		c.Ranks = used
	}
	rec := Input{Action: in, TimedOut: timedOut}
	if len(used) > 0 {
		rec.Ranks = slices.Clone(used)
	}
	h.Inputs = append(h.Inputs, rec)
	a.engineEvents(ev, timedOut)
	a.afterHand()
	return nil
}

// engineEvents converts the engine's events.
func (a *applier) engineEvents(ev []hand.Event, timedOut bool) {
	h := a.t.Hand
	v, _ := poker.VariantOf(h.Rules.Game)
	for _, e := range ev {
		le := Event{Kind: EvHand, Hand: h.ID, Engine: e, Seat: e.Seat}
		if v != nil {
			le.Street = hand.StreetName(v, e.Street)
		}
		if e.Seat >= 0 && e.Seat < MaxSeats {
			le.Player = h.state.Seats[e.Seat].Player
		}
		if e.Kind == hand.EvActed {
			le.TimedOut = timedOut
		}
		a.emit(le)
	}
}

// afterHand starts the next turn, or ends the hand.
func (a *applier) afterHand() {
	t, c := a.t, a.c
	h := t.Hand
	s := h.state
	switch {
	case s.Phase == hand.Dispute:
		h.Deadline, h.BankFrom = 0, 0
	case s.Phase.Over():
		a.finish()
	case s.ToAct() >= 0:
		seat := s.ToAct()
		h.TurnAt, h.BankFrom = c.At, 0
		action := t.Config.Clock.Action.Milliseconds()
		h.Deadline = c.At + action
		a.emit(Event{Kind: EvTurn, Hand: h.ID, Seat: seat, Seq: s.Seq, Deadline: h.Deadline,
			Legal: s.Legal(seat, nil), Bank: t.Seats[seat].Bank})
	}
}

func (a *applier) act() error {
	t, c := a.t, a.c
	if err := a.checkHand(); err != nil {
		return err
	}
	h := t.Hand
	s := h.state
	seat := viewerSeat(h, Viewer{Player: c.Who})
	if seat < 0 {
		return apierr.Precondition("NOT_IN_HAND", "the player is not dealt into hand %s", h.ID)
	}
	if c.Seq != s.Seq {
		return apierr.Precondition("STALE_SEQ", "action sequence %d, the hand is at %d", c.Seq, s.Seq)
	}
	if s.ToAct() != seat {
		return apierr.Precondition("NOT_YOUR_TURN", "seat %d is to act, not seat %d", s.ToAct(), seat)
	}
	if c.Action == betting.NoKind {
		return apierr.Invalid("UNKNOWN_ACTION", "no action kind")
	}
	used := a.bankUsed(seat, c.At)
	if err := a.handInput(hand.Action{Seat: seat, Kind: c.Action, Amount: c.Amount}, false); err != nil {
		return err
	}
	x := &t.Seats[seat]
	x.Bank -= used
	x.Timeouts = 0
	return nil
}

// bankUsed is the time bank seat used by acting at at.
func (a *applier) bankUsed(seat int, at int64) int64 {
	h := a.t.Hand
	if h.BankFrom == 0 || at <= h.BankFrom {
		return 0
	}
	return min(at-h.BankFrom, a.t.Seats[seat].Bank)
}

func (a *applier) timeout() error {
	t, c := a.t, a.c
	if err := a.checkHand(); err != nil {
		return err
	}
	h := t.Hand
	s := h.state
	if c.Seq != s.Seq || s.ToAct() < 0 {
		return apierr.Precondition("STALE_SEQ", "the hand moved on")
	}
	if c.At < h.Deadline {
		return apierr.Precondition("NOT_DUE", "the clock runs until %d", h.Deadline)
	}
	seat := s.ToAct()
	used := a.bankUsed(seat, c.At)
	// Auto-check if a check is legal, otherwise fold (docs/rules/tournaments.md §12
	// "Disconnect" DEFAULT; gr-regulation-1 §6.4 assumption).
	if err := a.handInput(s.TimeoutAction(), true); err != nil {
		return err
	}
	x := &t.Seats[seat]
	x.Bank -= used
	x.Timeouts++
	return nil
}

func (a *applier) useBank() error {
	t, c := a.t, a.c
	if err := a.checkHand(); err != nil {
		return err
	}
	h := t.Hand
	s := h.state
	seat := viewerSeat(h, Viewer{Player: c.Who})
	if seat < 0 || s.ToAct() != seat || c.Seq != s.Seq {
		return apierr.Precondition("NOT_YOUR_TURN", "the time bank is used on one's own turn")
	}
	if h.BankFrom != 0 {
		return apierr.Precondition("BANK_IN_USE", "the time bank is already running")
	}
	bank := t.Seats[seat].Bank
	if bank <= 0 {
		return apierr.Precondition("NO_TIME_BANK", "the time bank is used up (GR H.27(a))")
	}
	// Claimed before the base time runs out, the bank runs after it
	// (docs/rules/tournaments.md §13).
	if c.At >= h.Deadline {
		return apierr.Precondition("TOO_LATE", "the base time has run out")
	}
	h.BankFrom = h.Deadline
	h.Deadline += bank
	a.emit(Event{Kind: EvTurn, Hand: h.ID, Seat: seat, Seq: s.Seq, Deadline: h.Deadline,
		Legal: s.Legal(seat, nil), Bank: bank})
	return nil
}

// planNext is the next hand's plan under the rules it will be dealt with.
func (t *Table) planNext() (seating.Plan, seating.Table, error) {
	tmp := t.Seating
	if t.Next != nil && t.HandNo+1 >= t.NextFrom {
		tmp.Rules = tmp.Rules.WithStakes(*t.Next)
	}
	p, err := tmp.Plan()
	return p, tmp, err
}

// CanDeal reports whether the next hand may be dealt now.
func (t *Table) CanDeal() bool {
	if t.InHand() || t.Status != Open || t.Held || len(t.Intents) > 0 {
		return false
	}
	_, _, err := t.planNext()
	return err == nil
}

func (a *applier) deal() error {
	t, c := a.t, a.c
	if t.InHand() {
		return apierr.Precondition("HAND_IN_PROGRESS", "hand %s is in progress", t.Hand.ID)
	}
	switch {
	case t.Status != Open:
		return apierr.Precondition("NOT_OPEN", "the table is %s", t.Status)
	case t.Held:
		return apierr.Precondition("DEAL_HELD", "the deal is held (hand-for-hand)")
	case len(t.Intents) > 0:
		return apierr.Precondition("INTENTS_PENDING", "%d money movements are pending", len(t.Intents))
	}
	plan, tmp, err := t.planNext()
	if err != nil {
		return err
	}
	n := t.HandNo + 1
	id := HandID(t.Config.ID, n)
	setup := plan.Setup(id, c.Shoe)
	setup.Number, setup.Table, setup.At, setup.Commitment = n, t.Config.ID, time.UnixMilli(c.At).UTC(), c.Commitment
	h := &Hand{ID: id, Number: n, Rules: tmp.Rules, Plan: plan, Setup: setup, Outcome: c.Outcome}
	ev, used, err := h.start(c.Ranks)
	if err != nil {
		return err
	}
	if len(used) > 0 {
		c.Ranks, h.StartRanks = used, slices.Clone(used)
	}
	if t.Seating.Rules.Stakes != tmp.Rules.Stakes {
		t.Seating.Rules = tmp.Rules
		t.Next, t.NextFrom = nil, 0
	}
	t.HandNo, t.Hand = n, h
	seats := make([]SeatView, 0, len(plan.Players))
	for _, p := range plan.Players {
		seats = append(seats, SeatView{Seat: p.Seat, Status: SeatPlaying, Player: p.Player, Name: p.Name, Stack: p.Stack, InHand: true})
	}
	stakes := h.Rules.Stakes
	a.emit(Event{Kind: EvHandStarted, Hand: id, Number: n, Button: plan.Button, Commitment: c.Commitment,
		Outcome: c.Outcome, Seats: seats, Stakes: &stakes})
	a.engineEvents(ev, false)
	a.afterHand()
	return nil
}

// finish applies the end of the hand to the table: stacks, blinds and
// button (seating), chips added during the hand, the rake intent, players
// leaving, busted and timed-out players, and the hand's result.
func (a *applier) finish() {
	t, c := a.t, a.c
	h := t.Hand
	s := h.state
	h.Finished, h.EndedAt, h.Deadline, h.BankFrom = true, c.At, 0, 0
	res := HandResult{Hand: h.ID, Number: h.Number, EndedAt: c.At, Result: s.Phase.String(), Rake: s.Rake}
	for _, p := range h.Setup.Players {
		res.Players = append(res.Players, PlayerResult{Seat: p.Seat, Who: p.Player, Start: p.Stack, End: s.Stack(p.Seat)})
	}
	t.Seating.Finish(h.Plan, s)
	for i := range t.Seats {
		if x := &t.Seats[i]; x.TopUp > 0 {
			t.Seating.Seats[i].Stack += x.TopUp
			x.TopUp = 0
		}
	}
	if t.Config.Cash() && s.Rake > 0 {
		// The rake leaves the escrow under the hand id as idempotency key.
		t.Intents = append(t.Intents, Intent{ID: h.ID, Kind: IntentRake, Seat: -1, Amount: s.Rake, Hand: h.ID, Due: c.At})
	}
	t.LastEnd = c.At
	var ended []SeatView
	for i := range t.Seats {
		ss := &t.Seating.Seats[i]
		x := &t.Seats[i]
		if !ss.Occupied() {
			continue
		}
		switch {
		case x.Leave:
			change := "left"
			if !t.Config.Cash() {
				change = "moved"
			}
			a.leave(i, x.LeaveKey, change)
		case !t.Config.Cash() && ss.Stack == 0:
			// Out of chips at a tournament table: eliminated (GR H.29).
			for k := range res.Players {
				if res.Players[k].Seat == i {
					res.Players[k].Eliminated = true
				}
			}
			a.leave(i, "", "eliminated")
		case t.Config.Cash() && ss.Stack == 0 && !ss.SittingOut:
			t.Seating.SitOut(i)
			x.AwaySince = c.At
			a.emitSeat(i, "sat_out")
		case t.Config.Cash() && x.Timeouts >= t.Config.Clock.timeoutsToSitOut() && !ss.SittingOut:
			t.Seating.SitOut(i)
			x.AwaySince = c.At
			a.emitSeat(i, "sat_out")
		}
	}
	for i := 0; i < t.Config.Rules.MaxSeats; i++ {
		ended = append(ended, t.seatView(i))
		res.Stacks += t.Seating.Seats[i].Stack
	}
	for _, in := range t.Intents {
		if in.Kind == IntentCashOut {
			// Players who left with this hand: their chips are still in the
			// escrow until the cash-out moves them.
			res.Stacks += in.Amount
		}
	}
	a.emit(Event{Kind: EvHandEnded, Hand: h.ID, Number: h.Number, Result: res.Result, Rake: s.Rake, Reason: s.Reason, Seats: ended})
	t.Results = append(t.Results, res)
	if len(t.Results) > MaxResults {
		t.Results = append(t.Results[:0], t.Results[len(t.Results)-MaxResults:]...)
	}
	if t.Status == Closing {
		a.closeSeats()
	}
	a.offerFreeSeats()
}

// HandResult is a finished hand's outcome for the tournament service.
type HandResult struct {
	Hand    string         `json:"hand"`
	Number  uint64         `json:"number"`
	EndedAt int64          `json:"ended_at"`
	Result  string         `json:"result"`
	Rake    int64          `json:"rake,omitempty"`
	Players []PlayerResult `json:"players"`
	// Stacks is every chip at the table after the hand (cash-outs of
	// players who left with it included), the rake excluded.
	Stacks int64 `json:"stacks"`
}

// PlayerResult is one player's part of a hand result.
type PlayerResult struct {
	Seat       int    `json:"seat"`
	Who        string `json:"who"`
	Start      int64  `json:"start"`
	End        int64  `json:"end"`
	Eliminated bool   `json:"eliminated,omitempty"`
}
