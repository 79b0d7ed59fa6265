package casinopoker

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
)

// ErrInvalidPaytable is wrapped by every error of ParsePaytable and of a
// function refusing a paytable (one missing a line of its bet, holding a
// line of another, or paying outside 0..MaxPays or other than eighths).
var ErrInvalidPaytable = errors.New("casino poker rtp: invalid paytable")

// Paytable is how a bet pays on the line of the hand it is settled on:
// Pays[line] to one, the stake returned on top ("N:1 includes return of
// the stake", cz-casino-texas-holdem.md §6). What a line missing from the
// table means is the bet's rule: a side bet loses (Trips, AA Bonus), the
// Blind pushes on a win below a straight.
type Paytable map[banked.Line]float64

// MaxPays bounds a line's multiple.
const MaxPays = 10_000

// paysUnit: every multiple is a whole number of eighths (3:2 is 12/8), so
// the enumerations' sums of payouts are exact in float64 and do not
// depend on the order the workers add them in.
const paysUnit = 8

// lineOrder lists every line a paytable may hold, strongest first: the
// order String writes them in.
var lineOrder = []banked.Line{
	banked.RoyalFlush, banked.StraightFlush, banked.Quads, banked.FullHouse,
	banked.Flush, banked.Straight, banked.Trips, banked.TwoPair, banked.Pair,
	banked.AceKing, banked.HighCard,
	banked.AABonusFlushOrBetter, banked.AABonusPairOfAcesToStraight, banked.BonusPairOfAcesOrBetter,
}

// handLines are the lines of a five-card hand, strongest first.
var handLines = lineOrder[:11]

// The paytables of the specs. Each returns a fresh map.

// GreekAnte is the Ante paytable of gr-casino-holdem.md §6.2: royal flush
// 100:1, straight flush 20:1 (§9.2: "Φλος" is the straight flush), four
// of a kind 10:1, full house 3:1, flush 2:1, straight or lower 1:1. It is
// also the placeholder of ru-texas-holdem-casino.md §7 (not from that
// source: its §4.15 table is missing).
func GreekAnte() Paytable {
	return Paytable{
		banked.RoyalFlush: 100, banked.StraightFlush: 20, banked.Quads: 10, banked.FullHouse: 3,
		banked.Flush: 2, banked.Straight: 1, banked.Trips: 1, banked.TwoPair: 1, banked.Pair: 1,
		banked.AceKing: 1, banked.HighCard: 1,
	}
}

// GreekAABonus is the AA Bonus paytable of gr-casino-holdem.md §6.3 (read
// as §9.1 says): flush or better 25:1, a pair of aces up to a straight 7:1.
func GreekAABonus() Paytable {
	return Paytable{banked.AABonusFlushOrBetter: 25, banked.AABonusPairOfAcesToStraight: 7}
}

// RussianBonus is the Bonus of ru-texas-holdem-casino.md §6: a pair of
// aces or better on the first five cards, 7:1 flat.
func RussianBonus() Paytable { return Paytable{banked.BonusPairOfAcesOrBetter: 7} }

// CzechBlind is the Blind paytable of cz-casino-texas-holdem.md §6: royal
// flush 500:1, straight flush 50:1, four of a kind 10:1, full house 3:1,
// flush 3:2, straight 1:1; a win below a straight pushes (the lines below
// are 0).
func CzechBlind() Paytable {
	return Paytable{
		banked.RoyalFlush: 500, banked.StraightFlush: 50, banked.Quads: 10, banked.FullHouse: 3,
		banked.Flush: 1.5, banked.Straight: 1, banked.Trips: 0, banked.TwoPair: 0, banked.Pair: 0,
		banked.AceKing: 0, banked.HighCard: 0,
	}
}

// CzechTrips is the Trips paytable of cz-casino-texas-holdem.md §6:
// royal flush 50:1, straight flush 40:1, four of a kind 30:1, full house
// 8:1, flush 7:1, straight 4:1, three of a kind 3:1; lower loses.
func CzechTrips() Paytable {
	return Paytable{
		banked.RoyalFlush: 50, banked.StraightFlush: 40, banked.Quads: 30, banked.FullHouse: 8,
		banked.Flush: 7, banked.Straight: 4, banked.Trips: 3,
	}
}

// Lines a bet's paytable must hold, and no others.
var (
	anteLines    = handLines
	tripsLines   = handLines[:7]
	aaBonusLines = []banked.Line{banked.AABonusFlushOrBetter, banked.AABonusPairOfAcesToStraight}
	bonusLines   = []banked.Line{banked.BonusPairOfAcesOrBetter}
)

// validate reports whether p holds exactly the lines want, each paying a
// whole number of eighths from 0 to MaxPays.
func (p Paytable) validate(want []banked.Line) error {
	for _, l := range want {
		if _, ok := p[l]; !ok {
			return fmt.Errorf("%w: line %s missing", ErrInvalidPaytable, l)
		}
	}
	for _, l := range lineOrder {
		x, ok := p[l]
		if !ok {
			continue
		}
		if !slices.Contains(want, l) {
			return fmt.Errorf("%w: line %s does not belong to this bet", ErrInvalidPaytable, l)
		}
		if !(x >= 0 && x <= MaxPays) || x*paysUnit != math.Trunc(x*paysUnit) {
			return fmt.Errorf("%w: %s pays %v: want a multiple of 1/%d in 0..%d", ErrInvalidPaytable, l, x, paysUnit, MaxPays)
		}
	}
	if len(p) > len(want) {
		return fmt.Errorf("%w: unknown lines", ErrInvalidPaytable)
	}
	return nil
}

// String writes p as ParsePaytable reads it: "royal_flush=100,flush=2",
// strongest line first.
func (p Paytable) String() string {
	var parts []string
	for _, l := range lineOrder {
		if x, ok := p[l]; ok {
			parts = append(parts, string(l)+"="+strconv.FormatFloat(x, 'g', -1, 64))
		}
	}
	return strings.Join(parts, ",")
}

// ParsePaytable reads "line=multiple,..." (the lines as banked names
// them, the multiple to one, e.g. "flush=1.5"). It checks the syntax, that
// each line is known and given once, and each multiple's range; which
// lines a bet needs is checked by the functions that take the table.
func ParsePaytable(s string) (Paytable, error) {
	p := Paytable{}
	if strings.TrimSpace(s) == "" {
		return p, nil
	}
	for part := range strings.SplitSeq(s, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return nil, fmt.Errorf("%w: %q: want line=multiple", ErrInvalidPaytable, part)
		}
		l := banked.Line(strings.TrimSpace(name))
		if !slices.Contains(lineOrder, l) {
			return nil, fmt.Errorf("%w: unknown line %q", ErrInvalidPaytable, name)
		}
		if _, dup := p[l]; dup {
			return nil, fmt.Errorf("%w: line %s given twice", ErrInvalidPaytable, l)
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || !(x >= 0 && x <= MaxPays) || x*paysUnit != math.Trunc(x*paysUnit) {
			return nil, fmt.Errorf("%w: %s=%q: want a multiple of 1/%d in 0..%d", ErrInvalidPaytable, l, val, paysUnit, MaxPays)
		}
		p[l] = x
	}
	return p, nil
}

// byValue spreads a hand paytable over the 7,462 Values: t[v] is what a
// hand of Value v pays, 0 where p has no line for it.
func (p Paytable) byValue() *[rank.MaxValue + 1]float64 {
	var t [rank.MaxValue + 1]float64
	for v := rank.Value(1); v <= rank.MaxValue; v++ {
		t[v] = p[banked.LineOf(v)]
	}
	return &t
}

func (p Paytable) clone() Paytable {
	q := make(Paytable, len(p))
	for l, x := range p {
		q[l] = x
	}
	return q
}
