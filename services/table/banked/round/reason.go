package round

import (
	"fmt"

	"github.com/croupier/croupier/shared/apierr"
)

// Reasons of the refusals every engine's Apply may return (apierr reasons
// a partner can switch on). An engine adds its own for what only its game
// has (the money wheel's BAD_CHOICE).
const (
	// ReasonUnknownCommand: a command kind the engine does not know.
	ReasonUnknownCommand = "UNKNOWN_COMMAND"
	// ReasonNoRound: a command before the table's first round opened.
	ReasonNoRound = "NO_ROUND"
	// ReasonWrongRound: a command for a round other than the table's.
	ReasonWrongRound = "WRONG_ROUND"
	// ReasonRoundRunning: an open while the round has not ended.
	ReasonRoundRunning = "ROUND_RUNNING"
	// ReasonBettingClosed: a bet or a cancel after "no more bets".
	ReasonBettingClosed = "BETTING_CLOSED"
	// ReasonBettingOpen: a result while bets are still open.
	ReasonBettingOpen = "BETTING_OPEN"
	// ReasonRoundOver: a command for a round already settled or voided.
	ReasonRoundOver = "ROUND_OVER"
	// ReasonBadBet: a placement without a player or bets, a bet without an
	// id or of another player, an id twice in one placement or cancel.
	ReasonBadBet = "BAD_BET"
	// ReasonBadSpot: the spot names no bet the table offers.
	ReasonBadSpot = "BAD_SPOT"
	// ReasonBetOutsideLimits: a stake, or a player's sum on a spot or the
	// table, outside the table sign's limits.
	ReasonBetOutsideLimits = "BET_OUTSIDE_LIMITS"
	// ReasonBetIDConflict: a bet id the player already used in the round
	// for another bet.
	ReasonBetIDConflict = "BET_ID_CONFLICT"
	// ReasonUnknownBet: a cancel names no bet of the player in the round.
	ReasonUnknownBet = "UNKNOWN_BET"
	// ReasonBadSpin: a result report the engine cannot judge (Malformed).
	ReasonBadSpin = "BAD_SPIN"
	// ReasonNoReason: an operator's void that does not say why.
	ReasonNoReason = "NO_REASON"
)

// CheckVoidReason refuses an operator's void without a reason
// (NO_REASON): the round's record, and the audit that reads it, must say
// why a round did not take place. It is checked before the phase, as the
// form of every command is.
func CheckVoidReason(reason string) error {
	if reason == "" {
		return apierr.Invalid(ReasonNoReason, "a void needs a reason")
	}
	return nil
}

// Refusal is the reason for refusing a command the phase does not allow:
// NO_ROUND before the first round opens, BETTING_OPEN while bets are open
// (a result before "no more bets"), BETTING_CLOSED after (a bet, a
// cancel), ROUND_OVER once the round has ended.
func (p Phase) Refusal() string {
	switch p {
	case 0:
		return ReasonNoRound
	case Betting:
		return ReasonBettingOpen
	case Closed:
		return ReasonBettingClosed
	}
	return ReasonRoundOver
}

// CheckRound is the round-number guard every engine's Apply makes first,
// so that a command retried after its round ended cannot land in the next
// one. A command that names its round (n != 0) must be for the table's
// round at; an open (open true) for the next one, and an open naming the
// round already opened is a replay (replay true: no events, no error).
func CheckRound(what fmt.Stringer, open bool, n, at int64) (replay bool, err error) {
	if n == 0 {
		return false, nil
	}
	want := at
	if open {
		if n == at {
			return true, nil
		}
		want++
	}
	if n != want {
		return false, apierr.Precondition(ReasonWrongRound, "%s for round %d: the table is at round %d", what, n, at)
	}
	return false, nil
}

// Refuse refuses a command (what: "bet", "card") that phase p of round n
// does not allow, with the reason the phase gives (Refusal) and a message
// saying where the round is.
func (p Phase) Refuse(what string, n int64) error {
	reason := p.Refusal()
	switch p {
	case 0:
		return apierr.Precondition(reason, "%s: no round has opened", what)
	case Betting:
		return apierr.Precondition(reason, "%s: bets are open in round %d", what, n)
	case Closed:
		return apierr.Precondition(reason, "%s: round %d has no more bets", what, n)
	}
	return apierr.Precondition(reason, "%s: round %d is %s", what, n, p)
}
