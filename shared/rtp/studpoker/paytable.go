package studpoker

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/croupier/croupier/shared/rank/banked"
)

// Paytable is what a bet pays to one, by the line the hand hits (banked's
// lines); a line not in it pays nothing.
type Paytable map[banked.Line]int64

// BetLines are the Oasis and Russian Bet table's lines, lowest first
// (ru-oasis-poker.md §7, ru-russian-poker.md §8: "minimum game –
// Ace-King").
func BetLines() []banked.Line {
	return []banked.Line{banked.AceKing, banked.Pair, banked.TwoPair, banked.Trips, banked.Straight,
		banked.Flush, banked.FullHouse, banked.Quads, banked.StraightFlush, banked.RoyalFlush}
}

// SplitLines are Split poker's "Bet or Ante" and Royal Bonus tables'
// lines, lowest first (ru-split-poker.md §7: minimum game a pair of
// twos), and the Royal Bonus lines of all three games.
func SplitLines() []banked.Line { return BetLines()[1:] }

// PlaceholderBet is the Bet table both ru-oasis-poker.md §7 and
// ru-russian-poker.md §8 print as a placeholder, not from the source,
// which both engines ship: A-K 1, pair 1, two pair 2, trips 3, straight
// 4, flush 5, full house 7, quads 20, straight flush 50, royal flush 100.
func PlaceholderBet() Paytable {
	return of(BetLines(), 1, 1, 2, 3, 4, 5, 7, 20, 50, 100)
}

// SplitPays is the Split poker engine's placeholder for the lost §8.1
// "Bet or Ante" table: the Bet placeholder without its Ace-King.
func SplitPays() Paytable { return of(SplitLines(), 1, 2, 3, 4, 5, 7, 20, 50, 100) }

// SplitRoyalBonus is the Split poker engine's placeholder for the lost
// §8.2 Royal Bonus table: pair (of kings) 1, two pair 2, trips 5,
// straight 10, flush 15, full house 25, quads 50, straight flush 100,
// royal flush 1000. Oasis and Russian poker ship no Royal Bonus table.
func SplitRoyalBonus() Paytable {
	return of(SplitLines(), 1, 2, 5, 10, 15, 25, 50, 100, 1000)
}

func of(lines []banked.Line, pays ...int64) Paytable {
	p := Paytable{}
	for i, l := range lines {
		p[l] = pays[i]
	}
	return p
}

// check reports a line missing from lines, one not in them, and a
// negative multiple.
func (p Paytable) check(what string, lines []banked.Line) error {
	for _, l := range lines {
		if _, ok := p[l]; !ok {
			return fmt.Errorf("studpoker: %s paytable: no %s line", what, l)
		}
	}
	for l, n := range p {
		if !slices.Contains(lines, l) {
			return fmt.Errorf("studpoker: %s paytable: %s is not one of its lines", what, l)
		}
		if n < 0 {
			return fmt.Errorf("studpoker: %s paytable: %s pays %d", what, l, n)
		}
	}
	return nil
}

// String lists the lines, highest first: "royal_flush=100,...".
func (p Paytable) String() string {
	ls := slices.Sorted(maps.Keys(p))
	slices.SortFunc(ls, func(a, b banked.Line) int { return slices.Index(BetLines(), b) - slices.Index(BetLines(), a) })
	var b strings.Builder
	for i, l := range ls {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s=%d", l, p[l])
	}
	return b.String()
}
