package live

import (
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
)

// Dead hands at tournament tables. A player away from the table under a
// profile whose absent players' hands are dead (docs/rules/tournaments.md
// §12; RU §6.4.3, §6.4.4) and a player serving a "miss N rounds" penalty
// (§19.3: treated as absent, his hands dead) are dealt in and post their
// forced bets, which stay in the pot; their cards are mucked, even after
// a bet, unless they are all in. Under the Greek reading (H.11) an away
// player's hand is live and his turn runs the clock.

// MaxPenaltyRounds bounds one "miss N rounds" penalty (RU §7.1.3, §7.1.12
// impose one or two).
const MaxPenaltyRounds = 10

// deadHand reports whether seat's hand in the betting now must be mucked.
func (t *Table) deadHand(seat int) bool {
	if t.Config.Cash() || !t.InHand() || t.Hand.state.Phase != hand.Betting {
		return false
	}
	x := &t.Seats[seat]
	away := x.AwaySince > 0 && t.Hand.Rules.Options.AbsentHand == profile.AbsentDead
	return (away || x.Penalty > 0) && t.Hand.state.Round.Seats[seat].Status == betting.StatusLive
}

// muckDead kills the current hand's dead hands, their bets kept.
func (a *applier) muckDead() error {
	t := a.t
	for i := range t.Seats {
		if !t.deadHand(i) {
			continue
		}
		why := "absent"
		if t.Seats[i].Penalty > 0 {
			why = "penalty"
		}
		if err := a.handInput(hand.Action{Seat: i, Command: hand.CmdVoidSeat, Return: hand.VoidKeepBets, Reason: why}, false); err != nil {
			return err
		}
	}
	return nil
}

// penalize makes a tournament player miss Amount rounds from the next
// hand: a round is as many hands as players at the table when it is
// imposed (RU §7.1.2 note; tournaments.md T27).
func (a *applier) penalize() error {
	t, c := a.t, a.c
	if t.Config.Cash() {
		return apierr.Precondition("NOT_A_TOURNAMENT_TABLE", "penalties are imposed at tournament tables")
	}
	if c.Amount < 1 || c.Amount > MaxPenaltyRounds {
		return apierr.Invalid("BAD_ROUNDS", "rounds %d outside 1..%d", c.Amount, MaxPenaltyRounds)
	}
	seat, err := a.seatOf()
	if err != nil {
		return err
	}
	players := 0
	for i := range t.Seating.Seats {
		if t.Seating.Seats[i].Occupied() {
			players++
		}
	}
	hands := int(c.Amount) * players
	t.Seats[seat].Penalty += hands
	if c.Key != "" {
		t.rememberKey(KeyRecord{Key: c.Key, Seat: seat, Amount: int64(hands), Fingerprint: c.Fingerprint})
	}
	a.emit(Event{Kind: EvSeat, Seat: seat, Change: "penalized", Reason: c.Reason, Seats: []SeatView{t.seatView(seat)}})
	return nil
}
