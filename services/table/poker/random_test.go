package poker

import (
	"math/rand/v2"
	"slices"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/rake"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/split"
)

// A random-hand generator shared by the property test, the fuzz test and
// the benchmark. Everything derives from the *rand.Rand it is given, so a
// failing hand is reproduced from its seed.

var (
	games      = []profile.Game{profile.Holdem, profile.Omaha, profile.FiveCardStud, profile.SevenCardStud}
	structures = []betting.Structure{betting.FixedLimit, betting.SpreadLimit, betting.PotLimit, betting.NoLimit}
)

// profilesOf lists the profiles that can play game under structure.
func profilesOf(g profile.Game, st betting.Structure) []string {
	out := []string{profile.GR, profile.RUSport}
	if g == profile.Holdem && (st == betting.NoLimit || st == betting.PotLimit) {
		out = append(out, profile.RUClub)
	}
	if g == profile.Holdem && st == betting.NoLimit {
		out = append(out, profile.CZ)
	}
	return out
}

func pick[T any](rng *rand.Rand, xs ...T) T { return xs[rng.IntN(len(xs))] }

// randomRules returns valid rules for game and structure with random
// stakes and options.
func randomRules(rng *rand.Rand, g profile.Game, st betting.Structure) profile.Rules {
	names := profilesOf(g, st)
	name := names[rng.IntN(len(names))]
	r, err := profile.Named(name, g, st)
	if err != nil {
		panic(err)
	}
	unit := pick(rng, int64(1), 5, 25)
	bb := unit * 2 * pick(rng, int64(1), 2, 5)
	s := profile.Stakes{Unit: unit}
	blinds := !g.Stud() || rng.IntN(5) == 0
	if blinds {
		s.BigBlind, s.SmallBlind = bb, bb/2
		if rng.IntN(4) == 0 && name != profile.CZ {
			s.Ante = unit
		}
	} else {
		s.Ante = unit
		s.MinBet = bb
		if st == betting.FixedLimit {
			s.SmallBet = bb
		}
		if r.Options.StudOpening == profile.StudBringIn {
			s.BringIn = bb / 2
		}
	}
	if st == betting.FixedLimit {
		s.SmallBet, s.BigBet = bb, 2*bb
	}
	if st == betting.SpreadLimit {
		s.SpreadMin, s.SpreadMax, s.MinBet = bb, 5*bb, bb
	}
	r = r.WithStakes(s)
	o := &r.Options
	if rng.IntN(3) == 0 {
		o.OddChip = pick(rng, split.FirstAfterButton, split.OneAtATime)
		o.Muck = pick(rng, profile.MuckLosers, profile.ShowAll)
		o.ShowOrder = pick(rng, profile.ShowLastAggressor, profile.ShowLastAggressorFinal, profile.ShowCaller)
		o.LimitReopen = pick(rng, betting.ReopenFull, betting.ReopenHalf)
		o.RaiseBase = pick(rng, betting.FromHighest, betting.FromFullBet)
		o.HeadsUp = pick(rng, profile.HeadsUpButtonBigBlind, profile.HeadsUpButtonSmallBlind)
		o.Chips = pick(rng, betting.ChipsRU, betting.ChipsGR, betting.ChipsCZ)
		o.HeadsUpUncapped = rng.IntN(2) == 0
		o.VoidBets = pick(rng, profile.VoidReturnIfNotActed, profile.VoidKeep)
		o.LastVoid = pick(rng, profile.LastVoidDispute, profile.LastVoidSplit)
		if st == betting.PotLimit {
			o.HalfPot = rng.IntN(3) == 0
		}
		if g.Stud() {
			o.DealFoldedUntilBet = rng.IntN(2) == 0
		}
	}
	if blinds && !g.Stud() {
		o.Straddles = rng.IntN(3)
	}
	if blinds && name == profile.GR && rng.IntN(4) == 0 {
		// Any small blind from one chip up to the big blind
		// (gr-regulation-1 B.63, §9 item 4).
		o.AnySmallBlind = true
		r.Stakes.SmallBlind = unit * (1 + rng.Int64N(bb/unit))
	}
	switch {
	case rng.IntN(2) == 0 || o.RakeRequired:
		r.Rake = rake.Config{Mode: rake.PotPercent, BasisPoints: 100 + 100*rng.Int64N(5), Unit: unit * pick(rng, int64(1), 2),
			NoFlopNoDrop: rng.IntN(2) == 0}
		cap := 10 * max(s.BigBlind, r.Stakes.SmallBet, r.Stakes.MinBet)
		r.Rake.Cap = pick(rng, cap, cap/2/unit*unit)
	default:
		r.Rake = rake.Config{}
	}
	r.MaxSeats = g.MaxPlayers()
	if o.MaxPlayers > 0 {
		r.MaxSeats = o.MaxPlayers
	}
	if err := r.Validate(); err != nil {
		panic(err)
	}
	return r
}

// randomSetup seats 2..MaxSeats players with random stacks, a random
// button (possibly dead), the blinds, straddles and make-ups, and a
// shuffled shoe.
func randomSetup(rng *rand.Rand, r profile.Rules, shoe []card.Card) hand.Setup {
	n := 2 + rng.IntN(r.MaxSeats-1)
	seats := rng.Perm(r.MaxSeats)[:n]
	slices.Sort(seats)
	su := hand.Setup{ID: "prop", Button: rng.IntN(r.MaxSeats), Shoe: shoe}
	bb := max(r.Stakes.BigBlind, r.Stakes.MinBet, r.Stakes.SmallBet)
	in := map[int]bool{}
	for _, seat := range seats {
		var stack int64
		switch rng.IntN(4) {
		case 0:
			stack = r.Stakes.Unit * (1 + rng.Int64N(4*bb/r.Stakes.Unit))
		default:
			stack = bb * (10 + rng.Int64N(190))
		}
		su.Players = append(su.Players, hand.Player{Seat: seat, Stack: stack})
		in[seat] = true
	}
	if !r.Blinds() {
		return su
	}
	next := func(from int) int {
		for k := 1; k <= hand.MaxSeats; k++ {
			if j := (from + k) % hand.MaxSeats; in[j] {
				return j
			}
		}
		return -1
	}
	sb := next(su.Button)
	bbSeat := next(sb)
	if n == 2 && r.Options.HeadsUp == profile.HeadsUpButtonSmallBlind && in[su.Button] {
		sb, bbSeat = su.Button, next(su.Button)
	}
	if rng.IntN(10) > 0 || n == 2 {
		su.Posts = append(su.Posts, hand.Post{Seat: sb, Kind: hand.SmallBlind})
	}
	su.Posts = append(su.Posts, hand.Post{Seat: bbSeat, Kind: hand.BigBlind})
	last := bbSeat
	for k := 0; k < r.Options.Straddles && n >= 4+k && rng.IntN(2) == 0; k++ {
		last = next(last)
		su.Posts = append(su.Posts, hand.Post{Seat: last, Kind: hand.Straddle})
	}
	if n >= 5 && rng.IntN(6) == 0 {
		// A returning player making up blinds out of position.
		x := next(next(last))
		if x != sb && x != bbSeat && x != last {
			su.Posts = append(su.Posts, hand.Post{Seat: x, Kind: hand.DeadSmall})
			su.Posts = append(su.Posts, hand.Post{Seat: x, Kind: pick(rng, hand.LiveBlind, hand.DeadBig)})
		}
	}
	return su
}

// shuffle deals a fresh shoe into buf.
func shuffle(rng *rand.Rand, buf []card.Card) []card.Card {
	buf = buf[:0]
	for c := card.Card(0); c < card.NumCards; c++ {
		buf = append(buf, c)
	}
	for i := len(buf) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		buf[i], buf[j] = buf[j], buf[i]
	}
	return buf
}

// randomAction picks one of the legal actions at random, with a random
// amount on its grid; sometimes it reads chips instead, sometimes it is an
// operator command.
func randomAction(rng *rand.Rand, s *hand.State, legal []betting.Legal, commands bool) hand.Action {
	seat := s.ToAct()
	if commands && rng.IntN(200) == 0 {
		switch rng.IntN(4) {
		case 0:
			return hand.Action{Command: hand.CmdMisdeal}
		case 1:
			return hand.Action{Command: hand.CmdRefusePost, Seat: seat}
		default:
			return hand.Action{Command: hand.CmdVoidSeat, Seat: seat, Return: hand.VoidReturn(rng.IntN(4))}
		}
	}
	if rng.IntN(10) == 0 {
		return hand.Action{Seat: seat, Chips: randomChips(rng, s, seat)}
	}
	l := legal[rng.IntN(len(legal))]
	a := hand.Action{Seat: seat, Kind: l.Kind}
	switch l.Kind {
	case betting.Fold, betting.Check:
	case betting.Call, betting.AllIn, betting.BringIn:
		if rng.IntN(2) == 0 {
			a.Amount = l.Min
		}
	default:
		a.Amount = l.Min
		if l.Step > 0 && l.Max > l.Min {
			steps := (l.Max - l.Min) / l.Step
			a.Amount = l.Min + l.Step*rng.Int64N(steps+1)
		}
	}
	return a
}

func randomChips(rng *rand.Rand, s *hand.State, seat int) *betting.Chips {
	unit := s.Rules.Stakes.Unit
	stack := s.Stack(seat)
	c := &betting.Chips{Declared: pick(rng, betting.NoKind, betting.NoKind, betting.Call, betting.Raise, betting.Bet, betting.AllIn, betting.Check)}
	n := 1 + rng.IntN(4)
	for range n {
		units := stack / unit
		if units <= 0 {
			break
		}
		x := unit * (1 + rng.Int64N(max(units/int64(n), 1)))
		c.Chips = append(c.Chips, x)
	}
	if len(c.Chips) == 0 {
		c.Chips = []int64{unit}
	}
	return c
}

// chips is every chip the hand accounts for: stacks, what is in the pot
// while the hand is on, the rake and a held pot.
func chips(s *hand.State) int64 {
	var sum int64
	for i := range s.Seats {
		sum += s.Round.Seats[i].Stack
		if s.Phase == hand.Betting {
			sum += s.Round.Seats[i].Total
		}
	}
	return sum + s.Rake + s.Held
}
