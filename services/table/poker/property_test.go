package poker

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// TestPropertyRandomHands plays propertyHands random hands (1,000,000
// without the race detector, fewer under it; see property_size_*.go)
// across every game, structure and profile, 2 to the game's maximum seats,
// random stacks, random legal actions, chips read by the table's rules and
// now and then an operator command. For every hand:
//
//   - chips are conserved to the unit after every input: stacks + pot +
//     rake (+ a held pot) equal the starting total;
//   - no card is dealt twice;
//   - the hand ends;
//   - every action the engine lists as legal is accepted, and every other
//     (sampled: all kinds with amounts around the limits, every seat) is
//     rejected with an apierr reason and no change to the state;
//   - the state survives a JSON round trip mid-hand and play resumes from
//     the copy;
//   - replaying the hand's record reproduces the final state.
var handsFlag = flag.Int("hands", 0, "random hands for TestPropertyRandomHands (0: the default size)")

func TestPropertyRandomHands(t *testing.T) {
	hands := propertyHands
	if testing.Short() {
		hands = propertyHands / 20
	}
	if *handsFlag > 0 {
		hands = *handsFlag
	}
	const shards = 8
	var played atomic.Int64
	start := time.Now()
	for shard := range shards {
		t.Run(fmt.Sprintf("shard%d", shard), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(shard), 0x5eed))
			var shoe []card.Card
			var legal []betting.Legal
			for i := 0; i < hands/shards; i++ {
				seed := rng.Uint64()
				hr := rand.New(rand.NewPCG(seed, uint64(i)))
				g := games[hr.IntN(len(games))]
				st := structures[hr.IntN(len(structures))]
				shoe = shuffle(hr, shoe)
				if err := playChecked(hr, g.String()+"/"+st.String(), g, st, append([]card.Card(nil), shoe...), &legal); err != nil {
					t.Fatalf("hand seed %#x (shard %d, #%d): %v", seed, shard, i, err)
				}
				played.Add(1)
			}
		})
	}
	t.Cleanup(func() {
		t.Logf("%d random hands in %v", played.Load(), time.Since(start).Round(time.Millisecond))
	})
}

// playChecked plays one random hand and checks every property.
func playChecked(rng *rand.Rand, name string, g profile.Game, st betting.Structure, shoe []card.Card, legal *[]betting.Legal) error {
	rules := randomRules(rng, g, st)
	setup := randomSetup(rng, rules, shoe)
	s := new(hand.State)
	if _, err := Start(rules, setup, s); err != nil {
		return fmt.Errorf("%s: start: %v", name, err)
	}
	var total int64
	for _, p := range setup.Players {
		total += p.Stack
	}
	if got := chips(s); got != total {
		return fmt.Errorf("%s: after the forced bets %d chips, want %d", name, got, total)
	}
	// One hand in eight goes through a JSON snapshot mid-hand.
	snapshotAt := -1
	if rng.IntN(8) == 0 {
		snapshotAt = rng.IntN(12)
	}
	for step := 0; s.Phase == hand.Betting; step++ {
		if step > 600 {
			return fmt.Errorf("%s: the hand did not end", name)
		}
		seat := s.ToAct()
		if seat < 0 {
			return fmt.Errorf("%s: betting with nobody to act", name)
		}
		*legal = s.Legal(seat, (*legal)[:0])
		if len(*legal) == 0 {
			return fmt.Errorf("%s: seat %d to act has no legal action", name, seat)
		}
		if err := checkRaiseAnswerable(s, seat, *legal); err != nil {
			return fmt.Errorf("%s step %d: %v", name, step, err)
		}
		if rng.IntN(40) == 0 {
			if err := checkMenu(rng, s, *legal); err != nil {
				return fmt.Errorf("%s step %d: %v", name, step, err)
			}
		}
		if step == snapshotAt {
			b, err := json.Marshal(s)
			if err != nil {
				return fmt.Errorf("%s: snapshot: %v", name, err)
			}
			restored := new(hand.State)
			if err := json.Unmarshal(b, restored); err != nil {
				return fmt.Errorf("%s: restore: %v", name, err)
			}
			if !reflect.DeepEqual(restored.Clone(), s.Clone()) {
				return fmt.Errorf("%s: the snapshot does not restore the state", name)
			}
			s = restored
		}
		a := randomAction(rng, s, *legal, true)
		var before fingerprint
		if a.Chips != nil {
			before = fingerprintOf(s)
		}
		if _, err := Apply(s, a); err != nil {
			if a.Chips == nil {
				return fmt.Errorf("%s: listed action %+v rejected: %v", name, a, err)
			}
			if apierr.Reason(err) == "" || fingerprintOf(s) != before {
				return fmt.Errorf("%s: rejected chips %+v changed the state or gave no reason: %v", name, a.Chips, err)
			}
		}
		if got := chips(s); got != total {
			return fmt.Errorf("%s: after %+v %d chips, want %d", name, a, got, total)
		}
	}
	return checkEnd(s, name, total)
}

// checkEnd checks a finished hand: chips, cards, pots and the replay.
func checkEnd(s *hand.State, name string, total int64) error {
	if got := chips(s); got != total {
		return fmt.Errorf("%s: at the end %d chips, want %d", name, got, total)
	}
	seen, burnt := card.Set(0), card.Set(0)
	for _, d := range s.Deals {
		switch d.Seat {
		case hand.Recycled:
			seen &^= burnt
			burnt = 0
			continue
		case hand.ToBurn:
			burnt = burnt.Add(d.Card)
		}
		if seen.Has(d.Card) {
			return fmt.Errorf("%s: %s dealt twice", name, d.Card)
		}
		seen = seen.Add(d.Card)
	}
	for k, p := range s.Pots {
		var sum int64
		for _, sh := range p.Shares {
			sum += sh
		}
		if sum != p.Amount-p.Rake {
			return fmt.Errorf("%s: pot %d shares %d of %d - rake %d", name, k, sum, p.Amount, p.Rake)
		}
	}
	rec := Record(s)
	again, err := Replay(rec)
	if err != nil {
		return fmt.Errorf("%s: replay: %v", name, err)
	}
	if !reflect.DeepEqual(again.Round, s.Round) || !reflect.DeepEqual(again.Seats, s.Seats) ||
		again.Rake != s.Rake || again.Phase != s.Phase || again.Held != s.Held {
		return fmt.Errorf("%s: the replay ends in another state", name)
	}
	return nil
}

// checkRaiseAnswerable: more than a call is offered only when another
// player could answer it, one still in the hand with chips behind beyond
// what he has already put in against the current bet. When every other
// player is all in, or has no chips behind, betting is closed for the seat
// to act: call (or check) or fold (docs/rules/betting-rules-ru-sports.md
// §4.9.8; gr-regulation-2 A1–A2).
func checkRaiseAnswerable(s *hand.State, seat int, legal []betting.Legal) error {
	r := &s.Round
	answerable := false
	for j := range r.Seats {
		if j != seat && r.Seats[j].Status == betting.StatusLive && r.Seats[j].Stack > 0 {
			answerable = true
		}
	}
	if answerable {
		return nil
	}
	for _, l := range legal {
		if l.Kind.Aggressive() || (l.Kind == betting.AllIn && l.Min > r.High) {
			return fmt.Errorf("seat %d offered %s %d–%d though nobody can answer it (high %d, seats %+v)", seat, l.Kind, l.Min, l.Max, r.High, r.Seats)
		}
	}
	return nil
}

// checkMenu tries every kind of action with amounts around the listed
// limits, from the seat to act and from another seat: each listed one must
// be accepted (on a copy), each other rejected with a reason and no change
// to the state (compared field by field, and in full for a sample).
func checkMenu(rng *rand.Rand, s *hand.State, legal []betting.Legal) error {
	seat := s.ToAct()
	stack := s.Stack(seat) + s.Round.Seats[seat].Bet
	seen := map[int64]bool{}
	var amounts []int64
	add := func(xs ...int64) {
		for _, x := range xs {
			if !seen[x] {
				seen[x] = true
				amounts = append(amounts, x)
			}
		}
	}
	add(0, -1, 1, stack, stack+1, stack-1)
	for _, l := range legal {
		add(l.Min, l.Min-1, l.Min+1, l.Max, l.Max+1, l.Max-1)
		if l.Step > 1 {
			add(l.Min + l.Step/2)
		}
	}
	snap := fingerprintOf(s)
	full := s.Clone()
	other := (seat + 1 + rng.IntN(hand.MaxSeats-1)) % hand.MaxSeats
	for _, who := range []int{seat, other} {
		for k := betting.Fold; k <= betting.Complete+1; k++ {
			for _, amt := range amounts {
				a := hand.Action{Seat: who, Kind: k, Amount: amt}
				if who == seat && isListed(legal, k, amt) {
					if _, err := Apply(s.Clone(), a); err != nil {
						return fmt.Errorf("listed %s %d rejected: %v (legal %+v)", k, amt, err, legal)
					}
					continue
				}
				_, err := Apply(s, a)
				switch {
				case err == nil:
					return fmt.Errorf("unlisted %s %d by seat %d accepted (legal %+v)", k, amt, who, legal)
				case apierr.Reason(err) == "":
					return fmt.Errorf("%s %d rejected without a reason: %v", k, amt, err)
				case fingerprintOf(s) != snap:
					return fmt.Errorf("rejected %s %d changed the state", k, amt)
				}
			}
		}
	}
	if !reflect.DeepEqual(full, s.Clone()) {
		return fmt.Errorf("rejected actions changed the state")
	}
	return nil
}

// fingerprint is the comparable part of a hand state, enough to see any
// change an action could make.
type fingerprint struct {
	round                                  betting.Round
	seats                                  [hand.MaxSeats]hand.Seat
	board                                  hand.Cards
	phase                                  hand.Phase
	street, seq, next, log, deals, returns int
	rake, held                             int64
	aggressor, leader, voluntary, shown    int
}

func fingerprintOf(s *hand.State) fingerprint {
	return fingerprint{s.Round, s.Seats, s.Board, s.Phase, s.Street, s.Seq, s.Next, len(s.Log), len(s.Deals),
		len(s.Returns), s.Rake, s.Held, s.Aggressor, s.Leader, s.Voluntary, len(s.ShowOrder)}
}

func isListed(legal []betting.Legal, k betting.Kind, amt int64) bool {
	for _, l := range legal {
		if l.Kind != k {
			continue
		}
		switch k {
		case betting.Fold, betting.Check:
			return amt == 0
		case betting.Call, betting.AllIn, betting.BringIn:
			return amt == 0 || amt == l.Min
		}
		return l.Allows(amt)
	}
	return false
}
