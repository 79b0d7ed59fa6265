package blackjack

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// testChart is a small hand-made strategy, cheap enough for -race: split
// aces and eights, double 10 and 11 (and 14, to double into three sevens),
// surrender 15 and 16 against a ten or an ace, hit below 17 (soft below 18), stand
// otherwise.
func testChart() *Strategy {
	var s Strategy
	for up := 1; up <= values; up++ {
		for t := hardLow; t <= 21; t++ {
			p := s.total(up, t, false)
			switch {
			case t == 10 || t == 11:
				*p = PlayDouble | PlayHit
			case (t == 15 || t == 16) && (up == ten || up == ace):
				*p = PlaySurrender | PlayHit
			case t < 17:
				*p = PlayHit
			}
		}
		for t := softLow; t < 18; t++ {
			*s.total(up, t, true) = PlayHit
		}
		for v := 2; v <= ten; v++ {
			*s.pair(up, v) = *s.total(up, 2*v, false)
		}
		*s.pair(up, ace) = PlaySplit
		*s.pair(up, 8) = PlaySplit
	}
	return &s
}

// stackedRound plays one round off a shoe stacked in the order given: the
// box's first card, the dealer's up card, the box's second card, then the
// cards in the order play asks for them.
func stackedRound(t *testing.T, r Rules, st *Strategy, cards string) float64 {
	t.Helper()
	tab := newSimTable(&r, st)
	tab.shoe.stacked = true
	var list []card.Card // a shoe of several decks: cards repeat
	for _, f := range strings.Fields(cards) {
		c, err := card.Parse(f)
		if err != nil {
			t.Fatal(err)
		}
		list = append(list, c)
	}
	copy(tab.shoe.cards[:], list)
	net, _ := tab.round()
	if tab.shoe.next != len(list) {
		t.Errorf("%s: dealt %d cards, stacked %d", cards, tab.shoe.next, len(list))
	}
	return net
}

// The simulator settles rounds by the specs, independently of Compute: it
// is the check on Compute, so each rule it plays is pinned here.
func TestSimRoundSettlesBySpec(t *testing.T) {
	obo := with(CZ(), func(r *Rules) { r.LoseAllToBlackjack = false })
	no777 := with(CZ(), func(r *Rules) { r.Bonus777 = false })
	noResplit := with(CZ(), func(r *Rules) { r.ResplitAces = false })
	h17 := with(CZ(), func(r *Rules) { r.DealerHitsSoft17 = true })
	for _, c := range []struct {
		name  string
		r     Rules
		chart func(*Strategy) // changes testChart
		cards string
		want  float64
	}{
		// cz §6.5, ru §3.40: paid 3:2 at once against 2..9, no dealer card
		{"blackjack vs 6", CZ(), nil, "As 6d Kh", 1.5},
		// cz §7: against a ten it waits; a dealer blackjack pushes it
		{"blackjack vs T, dealer blackjack", CZ(), nil, "As Td Kh Ac", 0},
		{"blackjack vs A, no dealer blackjack", CZ(), nil, "As Ad Kh 9c", 1.5},
		// cz §5, §7: 20 against the dealer's 6 T 3 = 19
		{"stand 20 wins", CZ(), nil, "Ks 6d Qh Tc 3c", 1},
		{"stand 19 pushes 19", CZ(), nil, "Ks 6d 9h Tc 3c", 0},
		// cz §6.6: double 11, one card; the dealer busts
		{"double 11", CZ(), nil, "5s 6d 6h Tc Tc 9d", 2},
		// cz §10.1 default (ru §4.8): a dealer blackjack takes the double
		{"double vs T, dealer blackjack, lose all", CZ(), nil, "5s Td 6h 2c As", -2},
		// cz §10.1 OBO: only the original stake
		{"double vs T, dealer blackjack, original bet only", obo, nil, "5s Td 6h 2c As", -1},
		// cz §6.6: surrender, half the stake, against a ten (early: no
		// dealer card drawn); not against an ace, where 16 hits
		{"surrender 16 vs T", CZ(), nil, "Ts Td 6h", -0.5},
		{"no surrender vs A", CZ(), nil, "Ts Ad 6h 5c 7d", 1},
		{"no surrender table", with(CZ(), func(r *Rules) { r.Surrender = NoSurrender }), nil, "Ts Td 6h 5c 6d 5h", 0},
		{"surrender any vs A", with(RU(), func(r *Rules) { r.Surrender = SurrenderAny }), nil, "Ts Ad 6h", -0.5},
		// cz §6.6: split eights, played left to right: 18, and 8 3 doubled
		// after the split to 21, against 20
		{"split eights", CZ(), nil, "8s Td 8h Tc 3d Tc Qd", 1},
		// a split and a dealer blackjack: all stakes lost, busted ones
		// included; original bet only: one unit (cz §10.1)
		{"split, one busts, dealer blackjack", CZ(), nil, "8s Td 8h 5c Kd Tc As", -2},
		{"split, one busts, dealer blackjack, obo", obo, nil, "8s Td 8h 5c Kd Tc As", -1},
		{"split, one busts, dealer 20", CZ(), nil, "8s Td 8h 5c Kd Tc Qs", -2},
		// cz §6.6, ru §3.35: split aces take one card each; 21 after a split
		// is not a blackjack (cz §10.5, ru §3.36)
		{"split aces one card each", CZ(), nil, "As 6d Ah 5c Kd Tc 9s", 2},
		{"split aces, 21 against 21", CZ(), nil, "As 6d Ah Kc 5d 5c Ts", -1},
		// cz §10.4: an ace to a split ace splits again (4 hands at most);
		// ru §3.35: it stands as soft 12
		{"resplit aces", CZ(), nil, "As 6d Ah Ac 9d 8c 7h Tc 9s", 3},
		{"no resplit aces", noResplit, nil, "As 6d Ah Ac 9d Tc 9s", 2},
		// cz §6.6, §7, §10.7: three sevens paid at once on the hand's stake,
		// kept, the hand then settled: 21 pushes the dealer's 21
		{"7-7-7 then push", CZ(), nil, "7s 6d 7h 7c Tc 5d", 1},
		{"7-7-7 off", no777, nil, "7s 6d 7h 7c Tc 5d", 0},
		{"7-7-7 then dealer blackjack", CZ(), nil, "7s Ad 7h 7c Tc", 0},
		// a doubled 7 7 that draws a seven: two units' bonus, two won
		{"7-7-7 doubled", CZ(), doubleSevens, "7s 6d 7h 7c Tc 6h", 4},
		// cz §5: the dealer stands on soft 17; H17 draws to it
		{"dealer stands soft 17", CZ(), nil, "Ts 6d 8h As", 1},
		{"dealer hits soft 17", h17, nil, "Ts 6d 8h As 4c", -1},
	} {
		st := testChart()
		if c.chart != nil {
			c.chart(st)
		}
		if got := stackedRound(t, c.r, st, c.cards); got != c.want {
			t.Errorf("%s (%s): net %v, want %v", c.name, c.cards, got, c.want)
		}
	}
}

func doubleSevens(s *Strategy) {
	for up := 1; up <= values; up++ {
		*s.pair(up, 7) = PlayDouble | PlayHit
	}
}

// Even money is taken where the strategy takes it and the rules offer it:
// against an ace in both profiles (cz §6.4, ru §4.1), against a ten only
// with Rules.EvenMoneyVsTen (ru §3.41).
func TestSimRoundEvenMoney(t *testing.T) {
	both, aceOnly := testChart(), testChart()
	both.EvenMoney, both.EvenMoneyVsTen = true, true
	aceOnly.EvenMoney = true
	for _, c := range []struct {
		name  string
		r     Rules
		st    *Strategy
		cards string
		want  float64
	}{
		{"vs A", CZ(), aceOnly, "As Ad Kh", 1},
		{"vs T, ru", RU(), both, "As Td Kh", 1},
		{"vs T, ru, not taken: no dealer blackjack", RU(), aceOnly, "As Td Kh 9c", 1.5},
		{"vs T, cz, not offered: dealer blackjack pushes", CZ(), both, "As Td Kh Ac", 0},
		{"vs 9: paid 3:2", RU(), both, "As 9d Kh", 1.5},
	} {
		if got := stackedRound(t, c.r, c.st, c.cards); got != c.want {
			t.Errorf("%s: net %v, want %v", c.name, got, c.want)
		}
	}
}

// ru N2: split by rank splits K-K but plays K-Q as 20.
func TestSimRoundSplitByRank(t *testing.T) {
	st := testChart()
	for up := 1; up <= values; up++ {
		*st.pair(up, ten) = PlaySplit
	}
	rank := with(RU(), func(r *Rules) { r.SplitByRank = true })
	if got := stackedRound(t, rank, st, "Ks 6d Qh Tc 3c"); got != 1 {
		t.Errorf("K-Q by rank: net %v, want 1 (20 stands)", got)
	}
	// K-K splits: K 9 = 19 and K 8 = 18 against 6 T 3 = 19
	if got := stackedRound(t, rank, st, "Ks 6d Kh 9c 8d Tc 3c"); got != -1 {
		t.Errorf("K-K by rank: net %v, want -1", got)
	}
}

// No more than MaxHands hands: the fourth eight is played as 16.
func TestSimRoundSplitsToMaxHands(t *testing.T) {
	r := with(CZ(), func(r *Rules) { r.MaxHands = 2 })
	// hands 8 8 (16: hits, 2 → 18) and 8 T (18) against 6 T 3 = 19
	if got := stackedRound(t, r, testChart(), "8s 6d 8h 8c 2d Tc Tc 3c"); got != -2 {
		t.Errorf("net %v, want -2", got)
	}
}

func TestSimRoundDoesNotAllocate(t *testing.T) {
	r := CZ()
	tab := newSimTable(&r, testChart())
	tab.shoe.start(1, 2)
	if n := testing.AllocsPerRun(1000, func() { tab.round() }); n != 0 {
		t.Errorf("%v allocations per round", n)
	}
}

// The simulator's decide reads the chart as Strategy.Decide does, for every
// hand composition, up card and set of allowed actions, on random charts.
func TestSimDecideIsDecide(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 4 {
		var st Strategy
		for c := range upCards {
			for i := range st.Hard[c] {
				st.Hard[c][i] = Play(rng.IntN(16))
			}
			for i := range st.Soft[c] {
				st.Soft[c][i] = Play(rng.IntN(16))
			}
			for i := range st.Pairs[c] {
				st.Pairs[c][i] = Play(rng.IntN(16))
			}
		}
		r := CZ()
		tab := newSimTable(&r, &st)
		for _, hc := range allHands().hands {
			if hc.cards < 2 || hc.total() >= 21 {
				continue
			}
			var h simHand
			h.reset(false)
			for v := 1; v <= values; v++ {
				for range hc.count[v-1] {
					h.add(valueCard(v))
				}
			}
			for up := 1; up <= values; up++ {
				for flags := range 8 {
					canDouble, canSplit, canSurrender := flags&1 != 0, flags&2 != 0, flags&4 != 0
					if canSplit && hc.pairValue() == 0 {
						continue
					}
					got := tab.decide(&h, up, h.total(), canDouble, canSplit, canSurrender)
					want := st.Decide(h.cards[:h.n], valueCard(up), canDouble, canSplit, canSurrender)
					if got != want {
						t.Fatalf("hand %v up %d flags %03b: decide %v, Decide %v", hc.count, up, flags, got, want)
					}
				}
			}
		}
	}
}

// valueCard is a card of the value v (1 = ace .. 10).
func valueCard(v int) card.Card {
	switch v {
	case ace:
		return card.New(card.Ace, card.Spades)
	case ten:
		return card.New(card.King, card.Hearts)
	}
	return card.New(card.Rank(v-2), card.Clubs)
}
