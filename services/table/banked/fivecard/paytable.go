package fivecard

import (
	"errors"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// The paytables' shape, which both games' specs give alike and both
// lost (docs/rules/ru-oasis-poker.md §7, docs/rules/ru-russian-poker.md
// §8): the numbers are each table's operator's.

// Paytables are a stud table's two paytables, part of its public
// description and of each round's record; both specs lost both (Oasis
// §4.14–4.15, Russian §4.18–4.19): they are the operator's data.
type Paytables struct {
	// Bet: what a winning Bet pays by the player's hand (by each of its
	// combinations, in Russian poker), Ace-King and better (BetLines).
	Bet round.Paytable[banked.Line] `json:"bet"`
	// RoyalBonus: what the Royal Bonus pays by the first five cards dealt,
	// a pair (of kings) and better (RoyalBonusLines). A table without it
	// (no lines, no source) offers no Royal Bonus: neither spec prints a
	// placeholder for it.
	RoyalBonus round.Paytable[banked.Line] `json:"royal_bonus"`
}

// OffersRoyalBonus reports a Royal Bonus paytable: the table offers the
// bet.
func (p *Paytables) OffersRoyalBonus() bool {
	return len(p.RoyalBonus.Pays) > 0 || p.RoyalBonus.Source != ""
}

// Validate reports every line missing, out of bounds (at most
// round.MaxRatio to one, never negative) or not the bet's, and a table
// without a source; the Royal Bonus's only when the table offers it.
func (p Paytables) Validate() error {
	errs := []error{p.Bet.Validate("bet", BetLines(), round.MaxRatio)}
	if p.OffersRoyalBonus() {
		errs = append(errs, p.RoyalBonus.Validate("royal_bonus", RoyalBonusLines(), round.MaxRatio))
	}
	return errors.Join(errs...)
}

// BetLines lists the Bet paytable's lines, lowest first: Ace-King, the
// "minimum game", and better: a hand that beats a dealer who has a game
// has at least his Ace-King.
func BetLines() []banked.Line {
	return []banked.Line{banked.AceKing, banked.Pair, banked.TwoPair, banked.Trips, banked.Straight,
		banked.Flush, banked.FullHouse, banked.Quads, banked.StraightFlush, banked.RoyalFlush}
}

// RoyalBonusLines lists the Royal Bonus paytable's lines, lowest first:
// the pair is the pair of kings (or, under PairOfKingsOrBetter, of kings
// or aces) that wins.
func RoyalBonusLines() []banked.Line { return BetLines()[1:] }

// PlaceholderBet is the Bet table both specs print as a placeholder, "the
// commonly published Oasis/Russian Bet table, to be replaced by the
// operator's sign": A-K 1:1, pair 1:1, two pair 2:1, trips 3:1, straight
// 4:1, flush 5:1, full house 7:1, four of a kind 20:1, straight flush
// 50:1, royal flush 100:1; labelled as not from the source.
func PlaceholderBet() round.Paytable[banked.Line] {
	pays := map[banked.Line]round.Ratio{}
	for l, n := range map[banked.Line]int64{
		banked.AceKing: 1, banked.Pair: 1, banked.TwoPair: 2, banked.Trips: 3, banked.Straight: 4,
		banked.Flush: 5, banked.FullHouse: 7, banked.Quads: 20, banked.StraightFlush: 50, banked.RoyalFlush: 100,
	} {
		pays[l] = round.Ratio{Num: n, Den: 1}
	}
	return round.Paytable[banked.Line]{Pays: pays, Source: round.SourcePlaceholder}
}

// RoyalBonusReading is how the Royal Bonus qualifies on the first five
// cards: both specs' clause is garbled and their tables lost
// (docs/rules/ru-oasis-poker.md §6 and N4, docs/rules/ru-russian-poker.md
// §6 and N6), so both readings are an option of each game.
type RoyalBonusReading uint8

// Readings.
const (
	// Literal: a pair of kings, two pair topped by kings or aces, three
	// of a kind or better; a pair of aces loses.
	Literal RoyalBonusReading = iota + 1
	// PairOfKingsOrBetter: any hand at or above a pair of kings.
	PairOfKingsOrBetter
)

var readingNames = round.Enum[RoyalBonusReading]{Type: "royal bonus reading", Names: []string{"", "literal", "pair_of_kings_or_better"}}

func (v RoyalBonusReading) String() string { return readingNames.String(v) }

// MarshalText writes the name.
func (v RoyalBonusReading) MarshalText() ([]byte, error) { return readingNames.Text(v) }

// UnmarshalText reads a name.
func (v *RoyalBonusReading) UnmarshalText(b []byte) error { return readingNames.Parse(b, v) }

// Valid reports a reading of the two.
func (v RoyalBonusReading) Valid() bool { return v == Literal || v == PairOfKingsOrBetter }

// Rule is package banked's rule of the reading.
func (v RoyalBonusReading) Rule() banked.RoyalBonusRule {
	if v == PairOfKingsOrBetter {
		return banked.RoyalBonusPairOfKingsOrBetter
	}
	return banked.RoyalBonusLiteral
}
