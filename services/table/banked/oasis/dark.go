package oasis

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// Dark boxes (Options.DarkBoxes; §2.7, N5, as Russian poker §3.9 plays
// them): a box played blind, its Bet placed with its Ante before the
// deal, "box:3/bet" at exactly 2 × Ante (each bettor's, on a shared box),
// and its cards seen by nobody, its players included, until the showdown. A dark box does not decide in
// its turn: it has bet. It stops or buys on the dealer's no game, which
// it sees as everyone does.

// checkDark checks a bet on a Bet's spot, which only a table with dark
// boxes takes while bets are open: a box of the table (BAD_SPOT), an
// amount twice an Ante the limits allow (BET_OUTSIDE_LIMITS); that it is
// twice the player's Ante on the box is checkDarkPairs'.
func (r *Rules) checkDark(b *round.Bet) (int, BetKind, bool, error) {
	n, k := spotBox(b.Spot)
	if k != BetBet || !r.Options.DarkBoxes {
		return 0, 0, false, nil
	}
	if n > r.Boxes {
		return 0, 0, true, apierr.Invalid(round.ReasonBadSpot, "spot %q: no box %d", b.Spot, n)
	}
	if lo, hi := r.limit(BetAnte); b.Amount < 2*lo || b.Amount > 2*hi || b.Amount%2 != 0 {
		return 0, 0, true, apierr.Invalid(round.ReasonBetOutsideLimits, "bet %s: a dark Bet of %d is not 2 × an Ante of %d..%d", b.ID, b.Amount, lo, hi)
	}
	return n, BetBet, true, nil
}

// checkDarkPairs checks the bets a placement p leaves on each box it
// touches (after): a dark Bet with its player's Ante (NO_ANTE), of
// exactly 2 × Ante (BAD_AMOUNT), so that a new Ante under a dark Bet
// comes with its new Bet; on a dark box, every bettor's Bet placed
// (BAD_AMOUNT): the box is played blind or not.
func checkDarkPairs(p boxes.Placement, after []round.Bet) error {
	for _, st := range p.Stakes {
		n, _ := spotBox(st.Spot)
		for _, bet := range after {
			if bet.Spot != Spot(n, BetBet) {
				continue
			}
			i := slices.IndexFunc(after, func(a round.Bet) bool { return a.Player == bet.Player && a.Spot == Spot(n, BetAnte) })
			switch {
			case i < 0:
				return apierr.Precondition(ReasonNoAnte, "the dark Bet on box %d goes with the player's Ante there (N5)", n)
			case bet.Amount != 2*after[i].Amount:
				return apierr.Invalid(ReasonBadAmount, "the dark Bet on box %d is 2 × Ante, %d", n, 2*after[i].Amount)
			}
		}
		if err := mixed(n, after); err != nil {
			return err
		}
	}
	return nil
}

// mixed refuses box n half dark among bets: some of its bettors' Bets
// placed, not all (BAD_AMOUNT): the box is played blind or not.
func mixed(n int, bets []round.Bet) error {
	var antes, darks int
	for _, b := range bets {
		switch b.Spot {
		case Spot(n, BetAnte):
			antes++
		case Spot(n, BetBet):
			darks++
		}
	}
	if darks > 0 && darks != antes {
		return apierr.Invalid(ReasonBadAmount, "box %d is dark: each of its bettors places his Bet with his Ante (N5)", n)
	}
	return nil
}

// checkDarkCancel refuses a cancel of player's ids that would leave a
// dark box half dark: on a shared dark box a Bet goes only with its Ante.
func (s *State) checkDarkCancel(player string, ids []string) error {
	gone := func(b round.Bet) bool { return b.Player == player && slices.Contains(ids, b.ID) }
	after := slices.DeleteFunc(slices.Clone(s.Bets), gone)
	for _, b := range s.Bets {
		if n, _ := spotBox(b.Spot); gone(b) {
			if err := mixed(n, after); err != nil {
				return err
			}
		}
	}
	return nil
}

// withDark adds to a cancel of player's ids the dark Bet on the box of
// each Ante among them: the Bet goes with its Ante.
func (s *State) withDark(player string, ids []string) []string {
	out := slices.Clone(ids)
	for _, b := range s.Bets {
		n, k := spotBox(b.Spot)
		if b.Player != player || k != BetAnte || !slices.Contains(ids, b.ID) {
			continue
		}
		for _, o := range s.Bets {
			if o.Player == player && o.Spot == Spot(n, BetBet) && !slices.Contains(out, o.ID) {
				out = append(out, o.ID)
			}
		}
	}
	return out
}
