package casinoholdem

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// The boxes one player plays, light and dark (ru §2.4–2.6, §3.10): a
// light box is an Ante whose player sees his cards and decides; a dark
// box has its Call (ru's Bet, 2 × Ante) placed with its Ante before the
// deal and plays to the showdown unseen. How many of each a player may
// have, and whether his light boxes carry equal Antes, are the rules'
// (Options.LightBoxes, EqualAntes, MaxDarkBoxes); gr has no such limits.

// limitsBoxes reports rules that limit a player's boxes or allow dark
// play: only then are his bets counted box by box.
func (r *Rules) limitsBoxes() bool {
	o := &r.Options
	return o.LightBoxes > 0 || o.EqualAntes || o.MaxDarkBoxes > 0
}

// checkBoxes checks player's bets in play as a placement or a cancel
// would leave them: a dark Call with his Ante on the box (NO_ANTE), of
// exactly 2 × Ante (BAD_AMOUNT, ru §3.18); at most LightBoxes light
// boxes (ru §2.4) and MaxDarkBoxes dark ones (§2.6); his light boxes'
// Antes equal where the rules want it (§2.5).
func (r *Rules) checkBoxes(player string, bets []round.Bet) error {
	var ante, call [MaxBoxes + 1]int64
	for _, b := range bets {
		if b.Player != player {
			continue
		}
		switch n, k := spotBox(b.Spot); k {
		case BetAnte:
			ante[n] = b.Amount
		case BetCall:
			call[n] = b.Amount
		}
	}
	light, dark := 0, 0
	var first int64
	o := &r.Options
	for n := 1; n <= MaxBoxes; n++ {
		switch {
		case call[n] > 0 && ante[n] == 0:
			return apierr.Precondition(ReasonNoAnte, "the dark Bet on box %d goes with the player's Ante there (ru §3.10)", n)
		case call[n] > 0 && call[n] != 2*ante[n]:
			return apierr.Invalid(ReasonBadAmount, "the dark Bet on box %d is exactly 2 × Ante, %d (ru §3.18)", n, 2*ante[n])
		case call[n] > 0:
			dark++
		case ante[n] > 0:
			light++
			if first == 0 {
				first = ante[n]
			} else if o.EqualAntes && ante[n] != first {
				return apierr.Precondition(ReasonUnequalAntes, "%s's light boxes carry equal Antes, %d (ru §2.5)", player, first)
			}
		}
	}
	if o.LightBoxes > 0 && light > o.LightBoxes {
		return apierr.Precondition(ReasonLightBoxes, "%s plays at most %d boxes in the light (ru §2.4)", player, o.LightBoxes)
	}
	if dark > o.MaxDarkBoxes {
		return apierr.Precondition(ReasonDarkBoxes, "%s plays at most %d boxes dark (ru §2.6)", player, o.MaxDarkBoxes)
	}
	return nil
}

// placed is player's bets in play once placement p is put (boxes'
// Placement.Put, without changing the round's bets).
func placed(live []round.Bet, player string, p boxes.Placement) []round.Bet {
	var out []round.Bet
	for i, b := range live {
		if b.Player != player {
			continue
		}
		if j := slices.Index(p.Replaces, i); j >= 0 {
			b = p.Stakes[j]
		}
		out = append(out, b)
	}
	for j, b := range p.Stakes {
		if p.Replaces[j] < 0 {
			out = append(out, b)
		}
	}
	return out
}

// cancelling is player's cancel of ids, open bets, where the rules count
// his boxes: the bets to take back (none for a replay, as round.Book
// sorts them: BAD_BET, UNKNOWN_BET), an Ante taking its dark Call along
// as it takes its AA Bonus; what is left must keep the rules' counts
// (checkBoxes: a dark Call taken back alone makes its box light).
func (s *State) cancelling(r *Rules, player string, ids []string) ([]string, error) {
	drop, err := round.BookOf(player, s.Bets, s.Cancelled).Cancels(ids)
	if err != nil || len(drop) == 0 {
		return nil, err
	}
	for _, b := range s.Bets {
		if n, k := spotBox(b.Spot); b.Player == player && k == BetAnte && slices.Contains(drop, b.ID) {
			spot := Spot(n, BetCall)
			if i := slices.IndexFunc(s.Bets, func(o round.Bet) bool { return o.Player == player && o.Spot == spot }); i >= 0 && !slices.Contains(drop, s.Bets[i].ID) {
				drop = append(drop, s.Bets[i].ID)
			}
		}
	}
	left := slices.DeleteFunc(slices.Clone(s.Bets), func(b round.Bet) bool { return b.Player == player && slices.Contains(drop, b.ID) })
	if err := r.checkBoxes(player, left); err != nil {
		return nil, err
	}
	return drop, nil
}
