package hand

import (
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/pot"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/split"
)

// settle ends the hand: the pots by contribution level, the showdown (if
// more than one player is left), the rake of each pot, and the split of
// each pot between its best hands in the smallest chip, odd chips by the
// table's rule from the button (gr-regulation-2 H6–H8, G7.8).
func (s *State) settle(v Variant, showdown bool) {
	r := &s.Round
	var contrib [MaxSeats]int64
	var in pot.Seats
	for i := range r.Seats {
		contrib[i] = r.Seats[i].Total
		if r.Seats[i].Status.InHand() {
			in = in.Add(i)
		}
	}
	if in == 0 {
		// Nobody left to take the pot: it is held for a decision.
		s.lastVoided()
		return
	}
	s.scratch.pots = pot.Build(contrib[:], in, s.scratch.pots)
	pots := s.scratch.pots
	if showdown {
		s.Showdown = true
		s.show(v, pots, in)
	}
	s.scratch.amounts = s.scratch.amounts[:0]
	for _, p := range pots {
		s.scratch.amounts = append(s.scratch.amounts, p.Amount)
	}
	// No flop, no drop: a hand that ended in the first betting round.
	s.scratch.rakes = s.Rules.Rake.Take(s.scratch.amounts, s.Street >= 1, s.scratch.rakes)
	o := s.Rules.Options
	for k, p := range pots {
		res := PotResult{Pot: p, Rake: s.scratch.rakes[k]}
		s.Rake += res.Rake
		res.Winners = s.winners(p)
		n := res.Winners.Len()
		net := p.Amount - res.Rake
		j := 0
		for off := 1; off <= MaxSeats; off++ {
			seat := (s.Setup.Button + off) % MaxSeats
			if !res.Winners.Has(seat) {
				continue
			}
			share := split.Share(net, s.Rules.Stakes.Unit, n, j, o.OddChip, 0)
			res.Shares[seat] = share
			r.Seats[seat].Stack += share
			s.Seats[seat].Won += share
			e := Event{Kind: EvWon, Seat: seat, Pot: k, Amount: share, Stack: r.Seats[seat].Stack, Seats: res.Winners}
			if j == 0 {
				e.Rake = res.Rake
			}
			s.emit(e)
			j++
		}
		s.Pots = append(s.Pots, res)
	}
	s.end(Complete)
	s.emit(Event{Kind: EvHandEnded, Amount: s.Rake})
}

// end closes the hand in phase p.
func (s *State) end(p Phase) {
	s.Phase = p
	s.Round.ToAct = -1
}

// winners are the seats eligible for p with its best hand; with one player
// left, that player.
func (s *State) winners(p pot.Pot) pot.Seats {
	if !s.Showdown {
		return p.Eligible
	}
	var best rank.Value
	var w pot.Seats
	for i := 0; i < MaxSeats; i++ {
		if !p.Eligible.Has(i) {
			continue
		}
		switch v := s.Seats[i].Value; {
		case v > best:
			best, w = v, pot.Seats(0).Add(i)
		case v == best:
			w = w.Add(i)
		}
	}
	return w
}

// show runs the showdown: everyone in the hand is ranked; the first to show
// (profile.ShowOrder) shows, then the others clockwise. A player who can
// neither tie nor beat the best hand shown in any pot he contests may muck
// unshown, and his cards are never exposed (docs/rules/betting-rules-ru-sports.md
// §5.9.2; docs/rules/gr-variant-texas-holdem.md SD 4, N10). With an all-in player every
// hand is shown, as with profile.ShowAll; a shown hand playing the board
// makes everyone show under BoardShowAll (cz §6.8).
func (s *State) show(v Variant, pots []pot.Pot, in pot.Seats) {
	r := &s.Round
	allIn := s.Rules.Options.Muck == profile.ShowAll
	for i := 0; i < MaxSeats; i++ {
		if in.Has(i) {
			s.Seats[i].Value = v.Rank(s, i)
			if r.Seats[i].Status == betting.StatusAllIn {
				allIn = true
			}
		}
	}
	if s.Rules.Options.BoardShowAll && !allIn {
		if b := v.BoardRank(s); b > 0 {
			for i := 0; i < MaxSeats; i++ {
				if in.Has(i) && s.Seats[i].Value == b {
					allIn = true
				}
			}
		}
	}
	var best [2 * MaxSeats]rank.Value
	first := s.firstToShow()
	for k := 0; k < MaxSeats; k++ {
		seat := (first + k) % MaxSeats
		if !in.Has(seat) {
			continue
		}
		sc := &s.Seats[seat]
		show := allIn
		for j, p := range pots {
			if j < len(best) && p.Eligible.Has(seat) && sc.Value >= best[j] {
				show = true
			}
		}
		s.ShowOrder = append(s.ShowOrder, seat)
		if !show {
			sc.Mucked = true
			s.emit(Event{Kind: EvMucked, Seat: seat})
			continue
		}
		sc.Shown = true
		for j, p := range pots {
			if j < len(best) && p.Eligible.Has(seat) && sc.Value > best[j] {
				best[j] = sc.Value
			}
		}
		s.emit(Event{Kind: EvShown, Seat: seat, Cards: sc.Cards, Up: 1<<sc.Cards.N - 1, Value: sc.Value})
	}
}
