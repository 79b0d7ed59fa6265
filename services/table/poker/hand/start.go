package hand

import (
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// Start begins a hand in dst (reusing its memory) under rules, which the
// caller has validated once (profile.Rules.Validate): forced bets, the
// first deal, and the first player to act. It returns the events, or an
// *apierr.Error for a setup the rules do not allow. poker.Start calls it
// with the variant of the rules' game.
func Start(v Variant, rules profile.Rules, setup Setup, dst *State) ([]Event, error) {
	if err := checkSetup(v, &rules, &setup); err != nil {
		return nil, err
	}
	s := dst
	s.reset(rules, setup)
	s.emit(Event{Kind: EvHandStarted, Seat: setup.Button})
	r := &s.Round
	r.StartStreet(0, rules.StreetBet(0), false)
	for _, p := range setup.Players {
		r.Sit(p.Seat, p.Stack)
		st := &s.Seats[p.Seat]
		st.In, st.Player, st.Name, st.Start = true, p.Player, p.Name, p.Stack
	}
	s.forcedBets()
	s.deal(v, 0)
	s.open0(v)
	s.progress(v)
	return s.events, nil
}

// reset clears s for a new hand, keeping its slices' memory.
func (s *State) reset(rules profile.Rules, setup Setup) {
	keep := struct {
		deals  []Dealt
		rets   []Return
		posted []Posted
		log    []Entry
		pots   []PotResult
		burns  []card.Card
		order  []int
		events []Event
		sc     scratch
	}{s.Deals[:0], s.Returns[:0], s.Posted[:0], s.Log[:0], s.Pots[:0], s.Burns[:0], s.ShowOrder[:0], s.events[:0], s.scratch}
	*s = State{}
	s.Rules, s.Setup = rules, setup
	s.Deals, s.Returns, s.Posted, s.Log, s.Pots, s.Burns, s.ShowOrder, s.events, s.scratch =
		keep.deals, keep.rets, keep.posted, keep.log, keep.pots, keep.burns, keep.order, keep.events, keep.sc
	s.scratch.menuOK = false
	s.Phase = Betting
	s.Round = betting.New(rules.Betting())
	s.Level, s.Leader, s.Aggressor, s.AggressorStreet, s.Refused = -1, -1, -1, -1, -1
	for i := range s.Seats {
		s.Seats[i].FoldedOn = -1
	}
}

// forcedBets posts the antes (dead, gr-regulation-1 B.4), then the blinds,
// straddles and make-ups in order, and opens preflop at the last live
// blind or straddle, counted in full even when posted short (B.23; §4.9.8).
func (s *State) forcedBets() {
	r := &s.Round
	st := s.Rules.Stakes
	if st.Ante > 0 {
		for i := 0; i < MaxSeats; i++ {
			seat := (s.Setup.Button + 1 + i) % MaxSeats
			if s.Seats[seat].In {
				s.post(seat, Ante, st.Ante)
			}
		}
	}
	straddle := st.BigBlind
	var level int64
	for _, p := range s.Setup.Posts {
		var amount int64
		switch p.Kind {
		case SmallBlind, DeadSmall:
			amount = st.SmallBlind
		case BigBlind, LiveBlind, DeadBig:
			amount = st.BigBlind
		case Straddle:
			straddle *= 2
			amount = straddle
		}
		s.post(p.Seat, p.Kind, amount)
		if p.Kind == BigBlind || p.Kind == Straddle {
			s.Level, level = p.Seat, amount
		}
	}
	if s.Level >= 0 {
		r.OpenWithBlind(level, r.Seats[s.Level].Bet)
	}
}

func (s *State) post(seat int, kind PostKind, amount int64) {
	got := s.Round.Post(seat, amount, kind.Live())
	s.Posted = append(s.Posted, Posted{Post: Post{Seat: seat, Kind: kind}, Amount: got})
	s.emit(Event{Kind: EvPosted, Seat: seat, Post: kind, Amount: got, Stack: s.Round.Seats[seat].Stack,
		AllIn: s.Round.Seats[seat].Stack == 0})
}

// open0 picks the first player of the first betting round: after the last
// live blind or straddle (docs/rules/gr-variant-texas-holdem.md R1; B.107), or in a
// stud ante game the low card's forced opening (bring-in or bet).
func (s *State) open0(v Variant) {
	r := &s.Round
	switch {
	case s.Level >= 0:
		r.Advance(s.Level)
	default:
		low := v.Opener(s)
		if low < 0 {
			r.Advance(s.Setup.Button)
			break
		}
		opener, replaced := low, false
		if r.Seats[low].Status != betting.StatusLive {
			// An all-in player does not open; the next player does
			// (docs/rules/gr-variant-5-card-stud.md item 6, N9; §6.5.4).
			opener, replaced = s.nextLive(low), true
		}
		if opener >= 0 {
			var amount int64
			if s.Rules.Options.StudOpening == profile.StudBringIn {
				amount = s.Rules.Stakes.BringIn
			}
			// The Russian rules let the replacement fold (§5 stud all-in);
			// the forced bet of the Greek rules stays forced.
			r.SetOpener(opener, amount, replaced && amount > 0)
			r.Advance(opener - 1)
		}
	}
	s.Leader = r.ToAct
	s.emit(Event{Kind: EvStreetStarted, Seat: r.ToAct})
}

// nextLive is the first seat after seat, clockwise, that can still bet.
func (s *State) nextLive(seat int) int {
	for k := 1; k < MaxSeats; k++ {
		j := (seat + k) % MaxSeats
		if s.Round.Seats[j].Status == betting.StatusLive {
			return j
		}
	}
	return -1
}

// checkSetup rejects a setup the rules cannot play, before anything changes.
func checkSetup(v Variant, rules *profile.Rules, setup *Setup) error {
	n := len(setup.Players)
	if n < 2 {
		return apierr.Precondition("NOT_ENOUGH_PLAYERS", "a hand needs at least two players (gr-regulation-1 A.2), got %d", n)
	}
	if setup.Button < 0 || setup.Button >= rules.MaxSeats {
		return apierr.Invalid("BAD_BUTTON", "button seat %d outside 0..%d", setup.Button, rules.MaxSeats-1)
	}
	var in [MaxSeats]bool
	for _, p := range setup.Players {
		if p.Seat < 0 || p.Seat >= rules.MaxSeats {
			return apierr.Invalid("BAD_SEAT", "seat %d outside 0..%d", p.Seat, rules.MaxSeats-1)
		}
		if in[p.Seat] {
			return apierr.Invalid("DUPLICATE_SEAT", "seat %d dealt in twice", p.Seat)
		}
		if p.Stack <= 0 {
			return apierr.Invalid("NO_CHIPS", "seat %d has no chips", p.Seat)
		}
		in[p.Seat] = true
	}
	blinds := rules.Blinds()
	var bb, straddles, sb int
	last := -1 // seat of the big blind, then of each straddle
	var live [MaxSeats]bool
	for _, p := range setup.Posts {
		if p.Seat < 0 || p.Seat >= MaxSeats || !in[p.Seat] {
			return apierr.Invalid("BAD_POST", "a %s from seat %d, which is not dealt in", p.Kind, p.Seat)
		}
		if !blinds {
			return apierr.Invalid("BAD_POST", "the table has no blinds")
		}
		switch p.Kind {
		case SmallBlind:
			sb++
		case BigBlind:
			bb++
			last = p.Seat
		case Straddle:
			// A straddle comes from the seat after the big blind, a
			// re-straddle from the seat after the straddler (G4.4, B.78).
			if last < 0 || p.Seat != nextIn(&in, last) {
				return apierr.Invalid("BAD_STRADDLE", "a straddle comes from the seat after the last blind")
			}
			straddles++
			last = p.Seat
		case LiveBlind, DeadSmall, DeadBig:
		default:
			return apierr.Invalid("BAD_POST", "unknown post %d", p.Kind)
		}
		if p.Kind.Live() {
			if live[p.Seat] {
				return apierr.Invalid("BAD_POST", "seat %d posts two live blinds", p.Seat)
			}
			live[p.Seat] = true
		}
	}
	switch {
	case blinds && bb != 1:
		return apierr.Invalid("BAD_POST", "a blind game needs one big blind, got %d", bb)
	case sb > 1:
		return apierr.Invalid("BAD_POST", "%d small blinds", sb)
	case straddles > rules.Options.Straddles:
		return apierr.Invalid("TOO_MANY_STRADDLES", "%d straddles, the table allows %d (gr-regulation-2 G4.4)", straddles, rules.Options.Straddles)
	}
	var seen card.Set
	for _, c := range setup.Shoe {
		if !c.Valid() {
			return apierr.Invalid("BAD_SHOE", "invalid card %d in the shoe", c)
		}
		if seen.Has(c) {
			return apierr.Invalid("BAD_SHOE", "card %s twice in the shoe (gr-regulation-1 B.45)", c)
		}
		seen = seen.Add(c)
	}
	need := 0
	sch := v.Schedule()
	for i, st := range sch {
		if rules.Game.Stud() && i > 0 {
			break // a stud deck shortage has its own procedure (B.33)
		}
		if st.Burn {
			need++
		}
		need += n*(st.Down+st.Up) + st.Board
	}
	if len(setup.Shoe) < need {
		return apierr.Invalid("SHORT_SHOE", "the shoe has %d cards, the deal needs %d", len(setup.Shoe), need)
	}
	return nil
}

func nextIn(in *[MaxSeats]bool, seat int) int {
	for k := 1; k < MaxSeats; k++ {
		j := (seat + k) % MaxSeats
		if in[j] {
			return j
		}
	}
	return -1
}
