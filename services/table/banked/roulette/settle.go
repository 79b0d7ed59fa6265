package roulette

import "github.com/croupier/croupier/services/table/banked/round"

// Settle settles bets on the winning number: one line per bet, one per
// piece of an announced bet. A winning line wins its stake times the
// kind's ratio and keeps its stake (cz §3, ru §5.3–5.4); a losing line
// loses it; 0 and 00 are in no dozen, column or even chance, so they take
// those in full (cz §7, ru §4.5: no la partage, no en prison). With the
// track cap a spot's winning stake over the spot maximum is returned, not
// paid (ru §4.4, T17). A bet that does not parse under the rules (which
// Apply never lets in) is refunded.
func Settle(r Rules, bets []round.Bet, won Number) round.Settlement {
	lines := make([]round.Line, 0, len(bets))
	var meta []lineMeta
	for _, b := range bets {
		sp, err := ParseSpot(r, b.Spot)
		units := int64(1)
		if err == nil {
			units = sp.Units(r)
		}
		if err != nil || b.Amount <= 0 || b.Amount%units != 0 {
			lines = append(lines, round.Refund(b))
			meta = append(meta, lineMeta{})
			continue
		}
		for _, p := range sp.Pieces(r) {
			stake := b.Amount / units * p.Chips
			l := round.Line{BetID: b.ID, Player: b.Player, Spot: p.Name, Stake: stake}
			win := p.Covers(won)
			if win {
				l.Won, l.Returned = stake*p.Kind.Ratio(), stake
			} else {
				l.Lost = stake
			}
			lines = append(lines, l)
			meta = append(meta, lineMeta{kind: p.Kind, track: sp.Kind.Announced(), won: win})
		}
	}
	if r.Options.TrackCap {
		capTrack(r, lines, meta)
	}
	return round.Settlement{Lines: lines}
}

// lineMeta is what capTrack needs to know of a line.
type lineMeta struct {
	kind  Kind
	track bool
	won   bool
}

// capTrack applies ru §4.4: when a player's winning stakes on one spot,
// track pieces among them, exceed the spot maximum, the maximum plays and
// the excess is returned, taken from the track pieces, the latest first
// (the layout bet was placed within the maximum). T17: layout straight 26
// of 80 and a zero-spiel piece of 40 with a maximum of 100: 100 plays
// (3 500 won) and 20 goes back.
func capTrack(r Rules, lines []round.Line, meta []lineMeta) {
	type key struct{ player, spot string }
	groups := map[key][]int{}
	var order []key
	for i, m := range meta {
		if !m.won {
			continue
		}
		k := key{lines[i].Player, lines[i].Spot}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range order {
		idx := groups[k]
		var total int64
		track := false
		for _, i := range idx {
			total += lines[i].Stake
			track = track || meta[i].track
		}
		limit := r.Limits.SpotMax(meta[idx[0]].kind)
		if !track || limit == 0 || total <= limit {
			continue
		}
		excess := total - limit
		for j := len(idx) - 1; j >= 0 && excess > 0; j-- {
			i := idx[j]
			if !meta[i].track {
				continue
			}
			cut := min(excess, lines[i].Stake)
			// The whole stake still goes back: what plays as a winning
			// stake and the excess; only what plays wins.
			lines[i].Won = (lines[i].Stake - cut) * meta[i].kind.Ratio()
			excess -= cut
		}
	}
}
