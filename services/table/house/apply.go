package house

import (
	"fmt"
	"slices"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/shared/apierr"
)

// applier applies one command: what it emits and reports beyond the
// change to the table, and the bookkeeping of its money.
type applier struct {
	t      *Table
	c      *Command
	events []Event
	step   game.Step
	// sums indexes t.Sums once a line is booked; late are the totals of
	// lines booked after their round ended, settled when the command is
	// done (settleLate), in lateOrder.
	sums      map[sumKey]int
	late      map[sumKey]*Part
	lateOrder []sumKey
	// replay: the command took effect before and changes nothing (Same).
	replay bool
}

// apply checks and applies the command. Every refusal is made before the
// table changes, so a refused command leaves it exactly as it was; an
// internal error (the table's book does not add up) may leave it half
// changed, and the core reloads it.
func (a *applier) apply() error {
	t, c := a.t, a.c
	if t.Status == Closed {
		return apierr.Precondition(ReasonTableClosed, "table %s is closed", t.Config.ID)
	}
	if t.Review != "" && !allowedFrozen(c.Kind) {
		return apierr.Precondition(ReasonUnderReview, "the table is held for review (%s); an operator resumes it", t.Review)
	}
	switch c.Kind {
	case CmdOpen:
		return a.open()
	case CmdJoin:
		return a.join()
	case CmdLeave:
		return a.leave()
	case CmdPlace:
		return a.place()
	case CmdCancel:
		return a.cancel()
	case CmdChoose:
		return a.choose()
	case CmdClose:
		return a.close()
	case CmdResult:
		return a.result()
	case CmdVoid:
		return a.void()
	case CmdIntentsDone:
		return a.intentsDone()
	case CmdPause:
		return a.pause()
	case CmdResume:
		return a.resume()
	case CmdCloseTable:
		return a.closeTable()
	case CmdFinishClose:
		return a.finishClose()
	case CmdFreeze:
		return a.freeze()
	case CmdSettings:
		return a.settings()
	case CmdPlay:
		return a.play()
	}
	return apierr.Invalid(ReasonUnknownCommand, "command %v", c.Kind)
}

// allowedFrozen says which commands a frozen table takes: the operators'
// (they decide what happens to the round and the table) and the record
// of money the wallet has already moved.
func allowedFrozen(k CommandKind) bool {
	switch k {
	case CmdVoid, CmdPause, CmdResume, CmdCloseTable, CmdSettings, CmdFreeze, CmdIntentsDone:
		return true
	}
	return false
}

func (a *applier) emit(e Event) {
	e.At = a.c.At
	if e.Round == 0 {
		e.Round = a.t.Round()
	}
	a.events = append(a.events, e)
}

// internal is an inconsistency of the table's own book: no caller's fault.
func internal(format string, args ...any) *apierr.Error {
	return apierr.New(connect.CodeInternal, ReasonInconsistent, format, args...)
}

// open opens the next round: the table is open, the round before has
// ended (its settle intents are recorded as it ends), and at an rng table
// the RNG has drawn its result, which stays secret until "no more bets".
// The money wheel's bets carried from a void round come in with their
// placements.
func (a *applier) open() error {
	t, c := a.t, a.c
	e := t.engine()
	n := e.round() + 1
	if _, err := round.CheckRound(CmdOpen, true, c.Round, e.round()); err != nil {
		return err
	}
	if t.Status != Open {
		return apierr.Precondition(ReasonNotOpen, "the table is %s", t.Status)
	}
	if t.running() {
		return apierr.Precondition(round.ReasonRoundRunning, "round %d is %v", e.round(), e.phase())
	}
	d, err := a.draw(e)
	if err != nil {
		return err
	}
	idx := t.stakeIndex(e.round())
	carried := map[int][]string{}
	for _, b := range e.carried() {
		is, ok := idx[betKey{b.Player, b.ID}]
		if !ok {
			return internal("round %d carries %s's bet %s, which no placement holds", e.round(), b.Player, b.ID)
		}
		carried[is[0]] = append(carried[is[0]], b.ID)
	}
	hs, err := e.open(n)
	if err != nil {
		return err
	}
	t.Draw, t.Opened, t.ClosesAt, t.ClosedAt = d, c.At, c.At+t.window(), 0
	t.Sums = slices.DeleteFunc(t.Sums, func(s Sum) bool { return s.Round < n })
	t.Failed = slices.DeleteFunc(t.Failed, func(f Failed) bool { return f.Round < n })
	for i, ids := range carried {
		t.Stakes[i].Round, t.Stakes[i].BetIDs = n, ids
	}
	ev := Event{Kind: EvOpened, Round: n, ClosesAt: t.ClosesAt}
	if d != nil {
		ev.Commitment, ev.Outcome = slices.Clone(d.Commitment), d.Outcome
	}
	if len(hs) == 1 {
		ev.Players, ev.BetCount, ev.Stake = aggregate(hs[0].bets)
		for _, b := range hs[0].bets {
			t.played(b.Player, n)
		}
	}
	a.emit(ev)
	a.step.Snapshot, a.step.Lobby = true, true
	return a.cancelFailed()
}

// draw is the RNG's draw a round opens with: required at an rng table,
// refused at a dealer table. It returns the table's own copy.
func (a *applier) draw(e engine) (*Draw, error) {
	c := a.c
	if a.t.Config.Source != ResultRNG || a.t.cards() != nil {
		// A card table's rounds deal from a shoe (Shoe), not a draw.
		if c.Draw != nil {
			return nil, apierr.Invalid(ReasonDealerTable, "a dealer table's results come from its dealer: an open takes no draw")
		}
		return nil, nil
	}
	if c.Draw == nil {
		return nil, apierr.Invalid(ReasonNoDraw, "an rng table's round opens with the RNG's draw")
	}
	d := *c.Draw
	d.Commitment = slices.Clone(d.Commitment)
	if err := checkDraw(e, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// played notes that the player has bets in round n (recall).
func (t *Table) played(who string, n int64) {
	p := t.Players[who]
	if p == nil || p.betIn(n) {
		return
	}
	p.Rounds = append(p.Rounds, n)
	if len(p.Rounds) > MaxRecent {
		p.Rounds = slices.Delete(p.Rounds, 0, len(p.Rounds)-MaxRecent)
	}
}

// CheckPlace says what a CmdPlace of who's bets in round n would put in
// play, changing nothing: the new bets (canonical, each with its player),
// nil with a nil error for a replay, or the refusal. The service calls it
// before it creates the wallet hold of the new bets' sum. It does not know
// the command's time: a placement that reaches the table after the
// betting window is still refused (BETTING_CLOSED).
func (t *Table) CheckPlace(who string, n int64, bets []round.Bet) ([]round.Bet, error) {
	switch {
	case t.Status == Closed:
		return nil, apierr.Precondition(ReasonTableClosed, "table %s is closed", t.Config.ID)
	case t.Review != "":
		return nil, apierr.Precondition(ReasonUnderReview, "the table is held for review")
	case t.Players[who] == nil:
		return nil, apierr.Precondition(ReasonNotJoined, "%s has not joined the table", who)
	case len(bets) > t.Config.MaxBets:
		return nil, apierr.Invalid(ReasonTooManyBets, "%d bets in one placement, the table takes %d a round", len(bets), t.Config.MaxBets)
	}
	e := t.engine()
	fresh, err := e.checkPlace(who, n, bets)
	if err != nil || len(fresh) == 0 {
		return nil, err
	}
	// Cancelled bets count: they stay in the round, ids and all.
	if held := e.held(who); held+len(fresh) > t.Config.MaxBets {
		return nil, apierr.Invalid(ReasonTooManyBets, "%s has %d bets in round %d, the table takes %d", who, held, e.round(), t.Config.MaxBets)
	}
	return fresh, nil
}

// place puts a player's bets in play: their stakes are held in the
// wallet (Hold, for exactly their sum), and the table records the
// intent to post the hold into the round escrow.
func (a *applier) place() error {
	t, c := a.t, a.c
	fresh, err := t.CheckPlace(c.Who, c.Round, c.Bets)
	if err != nil {
		return err
	}
	if len(fresh) == 0 {
		a.replay = true // every bet placed already: the same as Same says
		return nil
	}
	if c.Hold == "" {
		return apierr.Invalid(ReasonNoHold, "a placement comes with the wallet hold of its stakes")
	}
	var amount int64
	for _, b := range fresh {
		amount += b.Amount
	}
	switch {
	case t.HasHold(c.Hold):
		return apierr.Conflict(ReasonHoldReused, "hold %s holds another placement", c.Hold)
	case c.Amount != amount:
		return apierr.Invalid(ReasonBadAmount, "hold of %d for new bets of %d", c.Amount, amount)
	case c.At >= t.ClosesAt:
		// The betting window is over even if "no more bets" has not been
		// committed yet (cz §5.4, ru §3.25: a late bet does not play).
		return apierr.Precondition(round.ReasonBettingClosed, "the betting window closed at %d", t.ClosesAt)
	}
	e := t.engine()
	n := e.round()
	hs, err := e.place(c.Who, n, fresh)
	if err != nil {
		return err
	}
	p := t.Players[c.Who]
	ids := make([]string, len(fresh))
	for i, b := range fresh {
		ids[i] = b.ID
	}
	t.Stakes = append(t.Stakes, Stake{Hold: c.Hold, Player: c.Who, Account: p.Account, Round: n, BetIDs: ids, Amount: amount, Left: amount})
	// The id is unique by construction, not by the hold's: a hold used
	// again long after (the table remembers the last MaxHolds) is then
	// posted under a new key, which the wallet refuses, rather than
	// taken for the old post.
	t.Seq++
	// The stake stays held on the player's account while betting is open
	// and goes into the escrow at "no more bets" (close), with the round's
	// other stakes, in a few wallet calls: a round of thousands of bets
	// writes nothing to the escrow while players are placing.
	t.Intents = append(t.Intents, Intent{ID: fmt.Sprintf("post:%s:%d", c.Hold, t.Seq), Kind: IntentPost, Player: c.Who, Account: p.Account, Round: n,
		Hold: c.Hold, Amount: amount, Due: max(c.At+IntentGrace.Milliseconds(), t.ClosesAt)})
	t.played(c.Who, n)
	for _, h := range hs {
		if h.kind == EvCancelled {
			// A bet the new one replaced, or another player's pushed off
			// the box by its owner (blackjack, cz §4): refunded.
			if err := a.cancelled(n, h); err != nil {
				return err
			}
			continue
		}
		a.emit(Event{Kind: EvPlaced, Who: c.Who, Name: p.Name, Bets: h.bets, BetCount: len(h.bets), Stake: amount, Hold: c.Hold})
	}
	a.step.Money = true
	if t.Config.CloseWhenAllBet && t.allBet(n) {
		return a.closeRound(n)
	}
	return nil
}

// allBet reports that every joined player has bets in round n.
func (t *Table) allBet(n int64) bool {
	for _, p := range t.Players {
		if !p.betIn(n) {
			return false
		}
	}
	return true
}

// betIn reports that the player has bets in round n: his newest round
// of bets (played keeps them newest last).
func (p *Player) betIn(n int64) bool { return len(p.Rounds) > 0 && p.Rounds[len(p.Rounds)-1] == n }

// cancelled books and reports bets the engine took back while placing:
// their refund lines, and the cancel as its player's event.
func (a *applier) cancelled(n int64, h happening) error {
	paid, err := a.book(n, h.lines, false)
	if err != nil {
		return err
	}
	_, count, stake := aggregate(h.bets)
	a.emit(Event{Kind: EvCancelled, Who: h.player, Name: a.t.nameOf(h.player), Bets: h.bets, Lines: paid, BetCount: count, Stake: stake, Reason: h.reason})
	return nil
}

// cancel takes a player's bets back while betting is open; their refunds
// move when the round ends, with the rest of his settlement.
func (a *applier) cancel() error {
	t, c := a.t, a.c
	p := t.Players[c.Who]
	if p == nil {
		return apierr.Precondition(ReasonNotJoined, "%s has not joined the table", c.Who)
	}
	e := t.engine()
	if e.phase() == round.Betting && c.At >= t.ClosesAt {
		return apierr.Precondition(round.ReasonBettingClosed, "the betting window closed at %d", t.ClosesAt)
	}
	hs, err := e.cancel(c.Who, c.Round, c.BetIDs)
	if err != nil {
		return err
	}
	for _, h := range hs {
		paid, err := a.book(e.round(), h.lines, false)
		if err != nil {
			return err
		}
		_, count, stake := aggregate(h.bets)
		a.emit(Event{Kind: EvCancelled, Who: c.Who, Name: p.Name, Bets: h.bets, Lines: paid, BetCount: count, Stake: stake})
	}
	return nil
}

// cancelFailed takes back, while betting is open, the bets of stakes that
// never reached the escrow. The engine may refuse (a cancel that would
// leave the player's other bets under a minimum): the bets then play and
// their lines move no money.
func (a *applier) cancelFailed() error {
	t := a.t
	e := t.engine()
	if e.phase() != round.Betting {
		return nil
	}
	n := e.round()
	for i := 0; i < len(t.Stakes); i++ {
		s := t.Stakes[i]
		if !s.Failed || s.Round != n {
			continue
		}
		var live []string
		for _, b := range e.bets() {
			if b.Player == s.Player && slices.Contains(s.BetIDs, b.ID) {
				live = append(live, b.ID)
			}
		}
		if len(live) == 0 {
			continue
		}
		hs, err := e.cancel(s.Player, n, live)
		if err != nil {
			continue
		}
		for _, h := range hs {
			if _, err := a.book(n, h.lines, false); err != nil {
				return err
			}
			_, count, stake := aggregate(h.bets)
			a.emit(Event{Kind: EvCancelled, Who: s.Player, Name: t.nameOf(s.Player), Bets: h.bets, BetCount: count, Stake: stake, Reason: CancelStakeFailed})
		}
	}
	return nil
}

// choose records a money wheel player's choice for a void spin
// (cz-money-wheel.md §4.4 (a) carry, (b) refund); after a void spin a
// refund gives back the bets he carried, settled at once.
func (a *applier) choose() error {
	t, c := a.t, a.c
	if t.Players[c.Who] == nil {
		return apierr.Precondition(ReasonNotJoined, "%s has not joined the table", c.Who)
	}
	e := t.engine()
	hs, err := e.choose(c.Who, c.Round, c.Choice)
	if err != nil {
		return err
	}
	for _, h := range hs {
		switch h.kind {
		case EvChosen:
			a.emit(Event{Kind: EvChosen, Player: c.Who, Choice: h.choice.String()})
		case EvRefunded:
			paid, err := a.book(e.round(), h.lines, e.phase().Over())
			if err != nil {
				return err
			}
			a.emit(Event{Kind: EvRefunded, Player: c.Who, Bets: h.bets, Lines: paid, Choice: h.choice.String(), Stake: stakeOf(paid), Paid: paidOf(paid)})
		}
	}
	return nil
}

// close is "no more bets" (cz §5.4, ru §3.23, cz-money-wheel.md §4.2):
// the clock at the end of the window, or the dealer.
func (a *applier) close() error { return a.closeRound(a.c.Round) }

// closeRound closes round n at the command's time: the clock's, the
// dealer's, or a placement's that left nobody to wait for
// (CloseWhenAllBet).
func (a *applier) closeRound(n int64) error {
	t, c := a.t, a.c
	e := t.engine()
	hs, err := e.close(n)
	if err != nil {
		return err
	}
	t.ClosedAt = c.At
	// The round's stakes are due into the escrow now (place).
	for i := range t.Intents {
		if in := &t.Intents[i]; in.Kind == IntentPost && in.Due > c.At {
			in.Due = c.At
			a.step.Money = true
		}
	}
	players, count, stake := aggregate(e.bets())
	a.emit(Event{Kind: EvClosed, Players: players, BetCount: count, Stake: stake})
	if t.cards() != nil {
		// The deal begins, or a round nobody bet in ends at once.
		return a.moves(e.round(), hs)
	}
	return nil
}

// nameOf is a joined player's name ("" once he left).
func (t *Table) nameOf(who string) string {
	if p := t.Players[who]; p != nil {
		return p.Name
	}
	return ""
}

// aggregate counts the players with bets, the bets and their stakes.
func aggregate(bets []round.Bet) (players, count int, stake int64) {
	seen := map[string]bool{}
	for _, b := range bets {
		if !seen[b.Player] {
			seen[b.Player] = true
			players++
		}
		stake += b.Amount
	}
	return players, len(bets), stake
}

func stakeOf(lines []round.Line) int64 {
	var n int64
	for _, l := range lines {
		n += l.Stake
	}
	return n
}

func paidOf(lines []round.Line) int64 {
	var n int64
	for _, l := range lines {
		n += l.Paid()
	}
	return n
}

func wonOf(lines []round.Line) int64 {
	var n int64
	for _, l := range lines {
		n += l.Won
	}
	return n
}
