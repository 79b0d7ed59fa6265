package studpoker

import (
	"context"
	"errors"
	"time"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// Exact is a main game's exact return under the strategy that never buys
// the dealer's game.
type Exact struct {
	// Num / Den is the mean net per round in Antes, exactly: Den is every
	// (player five, dealer five) deal, C(52,5)·C(47,5).
	Num, Den int64
	// Plays is the share of first fives the player bets.
	Plays   float64
	Elapsed time.Duration
}

// Net is the mean net per round in Antes.
func (e Exact) Net() float64 { return float64(e.Num) / float64(e.Den) }

// Stake is the mean staked per round in Antes: the Ante and, when the
// player bets, 2 Antes.
func (e Exact) Stake() float64 { return 1 + 2*e.Plays }

// PerAnte is the return per Ante: 1 + the mean net.
func (e Exact) PerAnte() float64 { return 1 + e.Net() }

// PerStake is the return per everything staked.
func (e Exact) PerStake() float64 { return (e.Stake() + e.Net()) / e.Stake() }

// ErrNotExact: the game's round depends on more than the two fives (Split
// poker's small hands, a bought game), which ComputeExact does not count.
var ErrNotExact = errors.New("studpoker: exact only for Oasis and Russian poker, never buying")

// ComputeExact is the exact return of Oasis or Russian poker under the
// package's strategy, never buying (r.Buy NeverBuy): a round depends
// only on the two fives dealt. The 2,598,960 fives are sorted by rank;
// a sweep in that order keeps, for every set of one to four cards, how
// many fives passed hold it, so that for each player five the dealer
// fives of the 47 other cards below it, level with it and below the
// dealer's qualification follow by inclusion–exclusion over its cards'
// subsets. The sums are whole numbers: exact.
func ComputeExact(ctx context.Context, r Rules) (Exact, error) {
	if err := r.Validate(); err != nil {
		return Exact{}, err
	}
	if r.Game == Split || r.Buy != NeverBuy {
		return Exact{}, ErrNotExact
	}
	start := time.Now()
	hands, values := allFives()
	order := byValue(values)
	c := newSubsetCounts()
	var atQual *subsetCounts    // the counts of the fives below the qualification
	const dealerHands = 1533939 // C(47,5)
	var num, played int64
	for i := 0; i < len(order); {
		if i%(1<<18) == 0 && ctx.Err() != nil {
			return Exact{}, ctx.Err()
		}
		v := values[order[i]]
		j := i
		for j < len(order) && values[order[j]] == v {
			j++
		}
		group := order[i:j]
		if atQual == nil && r.qualifies(v) {
			atQual = c.clone()
		}
		below := make([]int64, len(group))
		for k, h := range group {
			below[k] = c.disjoint(&hands[h])
		}
		for _, h := range group {
			c.add(&hands[h])
		}
		for k, h := range group {
			if !r.plays(v) {
				num -= dealerHands
				continue
			}
			played++
			// The counts hold the five itself now, the one five its
			// subsets' sum counts but which shares its cards.
			hi := dealerHands - (c.disjoint(&hands[h]) - 1)
			noGame := atQual.disjoint(&hands[h])
			lo := below[k] - noGame // the rest, level with it, push
			num += noGame - 3*hi + lo*r.win(hands[h][:], v)
		}
		i = j
	}
	return Exact{Num: num, Den: int64(len(hands)) * dealerHands, Plays: float64(played) / float64(len(hands)),
		Elapsed: time.Since(start)}, nil
}

// allFives is every five-card hand, its cards in increasing order, and
// its value.
func allFives() ([][5]card.Card, []rank.Value) {
	hands := make([][5]card.Card, 0, 2598960)
	values := make([]rank.Value, 0, 2598960)
	for a := card.Card(0); a < card.NumCards; a++ {
		for b := a + 1; b < card.NumCards; b++ {
			for c := b + 1; c < card.NumCards; c++ {
				for d := c + 1; d < card.NumCards; d++ {
					for e := d + 1; e < card.NumCards; e++ {
						h := [5]card.Card{a, b, c, d, e}
						hands = append(hands, h)
						values = append(values, rank.Best(h[:]...))
					}
				}
			}
		}
	}
	return hands, values
}

// byValue is the indexes of values in increasing value, by a counting
// sort.
func byValue(values []rank.Value) []int32 {
	var top rank.Value
	for _, v := range values {
		top = max(top, v)
	}
	at := make([]int32, top+2)
	for _, v := range values {
		at[v+1]++
	}
	for v := 1; v < len(at); v++ {
		at[v] += at[v-1]
	}
	order := make([]int32, len(values))
	for i, v := range values {
		order[at[v]] = int32(i)
		at[v]++
	}
	return order
}

// subsetCounts are, for every set of one to four cards, how many of the
// fives added hold it, and how many were added.
type subsetCounts struct {
	all                   int64
	one, two, three, four []int32
}

func newSubsetCounts() *subsetCounts {
	return &subsetCounts{one: make([]int32, 52), two: make([]int32, 52*52),
		three: make([]int32, 52*52*52), four: make([]int32, 52*52*52*52)}
}

func (s *subsetCounts) clone() *subsetCounts {
	return &subsetCounts{all: s.all, one: append([]int32(nil), s.one...), two: append([]int32(nil), s.two...),
		three: append([]int32(nil), s.three...), four: append([]int32(nil), s.four...)}
}

// each calls f with the index of each of h's subsets of one to four cards
// in its size's table.
func each(h *[5]card.Card, f func(size int, at int)) {
	for a := 0; a < 5; a++ {
		ka := int(h[a])
		f(1, ka)
		for b := a + 1; b < 5; b++ {
			kb := ka*52 + int(h[b])
			f(2, kb)
			for c := b + 1; c < 5; c++ {
				kc := kb*52 + int(h[c])
				f(3, kc)
				for d := c + 1; d < 5; d++ {
					f(4, kc*52+int(h[d]))
				}
			}
		}
	}
}

func (s *subsetCounts) add(h *[5]card.Card) {
	s.all++
	each(h, func(size, at int) {
		switch size {
		case 1:
			s.one[at]++
		case 2:
			s.two[at]++
		case 3:
			s.three[at]++
		default:
			s.four[at]++
		}
	})
}

// disjoint is how many fives added share no card with h, by inclusion–
// exclusion over h's subsets of one to four cards; h itself, the one
// five holding all five, is counted once too when it has been added.
func (s *subsetCounts) disjoint(h *[5]card.Card) int64 {
	n := s.all
	each(h, func(size, at int) {
		switch size {
		case 1:
			n -= int64(s.one[at])
		case 2:
			n += int64(s.two[at])
		case 3:
			n -= int64(s.three[at])
		default:
			n += int64(s.four[at])
		}
	})
	return n
}
