package round

import (
	"slices"

	"github.com/croupier/croupier/shared/apierr"
)

// Book is one player's bets in a round as placing and cancelling see
// them. A bet is known by its player and id: two players may use the same
// id, and lines are told apart by Player and BetID.
type Book struct {
	Player string
	// Live are the player's bets in play; Cancelled, those he took back
	// in this round.
	Live, Cancelled []Bet
}

// BookOf picks player's bets out of a round's bets in play and its
// cancelled ones.
func BookOf(player string, live, cancelled []Bet) Book {
	mine := func(bets []Bet) []Bet {
		var out []Bet
		for _, b := range bets {
			if b.Player == player {
				out = append(out, b)
			}
		}
		return out
	}
	return Book{Player: player, Live: mine(live), Cancelled: mine(cancelled)}
}

// find is the player's bet id, in play or cancelled.
func (k Book) find(id string) (Bet, bool) {
	for _, set := range [][]Bet{k.Live, k.Cancelled} {
		if i := slices.IndexFunc(set, func(b Bet) bool { return b.ID == id }); i >= 0 {
			return set[i], true
		}
	}
	return Bet{}, false
}

// Fresh sorts a placement of the player's batch against the round and
// returns its new bets, in batch order, each with its Player. The batch
// must name its player and hold bets, each with an id, none another
// player's (BAD_BET). A bet the player already has with the same content
// (spot, amount) is a replay and is dropped; with other content it is
// refused (BET_ID_CONFLICT). That holds of a cancelled bet too: a retried
// placement that arrives after its cancel does not bring the bet back,
// and the id is not reused. Among the new bets, an id twice with the same
// content is a malformed batch (BAD_BET), with other content a conflict.
// The caller passes the bets with their spots canonical, so that a replay
// spelt differently is recognised.
func (k Book) Fresh(batch []Bet) ([]Bet, error) {
	if k.Player == "" {
		return nil, apierr.Invalid(ReasonBadBet, "a placement names its player")
	}
	if len(batch) == 0 {
		return nil, apierr.Invalid(ReasonBadBet, "an empty placement")
	}
	var fresh []Bet
	for _, b := range batch {
		if b.Player == "" {
			b.Player = k.Player
		}
		switch {
		case b.Player != k.Player:
			return nil, apierr.Invalid(ReasonBadBet, "bet %s is %s's, not %s's", b.ID, b.Player, k.Player)
		case b.ID == "":
			return nil, apierr.Invalid(ReasonBadBet, "a bet without an id")
		}
		if old, ok := k.find(b.ID); ok {
			if old != b {
				return nil, apierr.Conflict(ReasonBetIDConflict, "bet %s was placed as %d on %s", b.ID, old.Amount, old.Spot)
			}
			continue
		}
		if i := slices.IndexFunc(fresh, func(f Bet) bool { return f.ID == b.ID }); i >= 0 {
			if fresh[i] != b {
				return nil, apierr.Conflict(ReasonBetIDConflict, "bet id %s twice in the placement, for two bets", b.ID)
			}
			return nil, apierr.Invalid(ReasonBadBet, "bet %s twice in one placement", b.ID)
		}
		fresh = append(fresh, b)
	}
	return fresh, nil
}

// Cancels sorts a cancel of the player's bets ids and returns those to
// take back, in play. An id already cancelled is a replay and is dropped;
// an id of no bet of the player's is UNKNOWN_BET; a cancel without a
// player or ids, or with an id twice, is BAD_BET.
func (k Book) Cancels(ids []string) ([]string, error) {
	if k.Player == "" || len(ids) == 0 {
		return nil, apierr.Invalid(ReasonBadBet, "a cancel names its player and bets")
	}
	var drop []string
	for i, id := range ids {
		has := func(set []Bet) bool { return slices.ContainsFunc(set, func(b Bet) bool { return b.ID == id }) }
		switch {
		case slices.Contains(ids[:i], id):
			return nil, apierr.Invalid(ReasonBadBet, "bet %s twice in one cancel", id)
		case has(k.Live):
			drop = append(drop, id)
		case has(k.Cancelled):
			// cancelled before: a replay
		default:
			return nil, apierr.NotFound(ReasonUnknownBet, "%s has no bet %s in the round", k.Player, id)
		}
	}
	return drop, nil
}
