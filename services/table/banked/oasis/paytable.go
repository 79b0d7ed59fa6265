package oasis

import (
	"errors"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// Line is a paytable line, as package banked names the hands.
type Line = banked.Line

// Paytable is one bet's paytable, by the line the player's hand hits.
type Paytable = round.Paytable[Line]

// Paytables are a table's two paytables, part of its public description
// and of each round's record. The source lost both (§7, N1): they are
// the operator's data.
type Paytables struct {
	// Bet: what a winning Bet pays by the player's final hand (§4.14),
	// Ace-King and better: a hand that beats a dealer who has a game has
	// at least his Ace-King.
	Bet Paytable `json:"bet"`
	// RoyalBonus: what the Royal Bonus pays by the first five cards dealt
	// (§4.15), a pair (of kings, §6) and better. A table without it (no
	// lines, no source) offers no Royal Bonus: the source prints no
	// placeholder for it.
	RoyalBonus Paytable `json:"royal_bonus"`
}

// BetLines lists the Bet paytable's lines, lowest first.
func BetLines() []Line {
	return []Line{banked.AceKing, banked.Pair, banked.TwoPair, banked.Trips, banked.Straight,
		banked.Flush, banked.FullHouse, banked.Quads, banked.StraightFlush, banked.RoyalFlush}
}

// RoyalBonusLines lists the Royal Bonus paytable's lines, lowest first:
// the pair is the pair of kings (or, under PairOfKingsOrBetter, of kings
// or aces) that wins (§6).
func RoyalBonusLines() []Line { return BetLines()[1:] }

// RUPaytables are the defaults: the Bet table the spec prints as a
// placeholder (§7: A-K 1:1, pair 1:1, two pair 2:1, trips 3:1, straight
// 4:1, flush 5:1, full house 7:1, four of a kind 20:1, straight flush
// 50:1, royal flush 100:1), labelled as not from the source, and no
// Royal Bonus table.
func RUPaytables() Paytables {
	pays := map[Line]round.Ratio{}
	for l, n := range map[Line]int64{
		banked.AceKing: 1, banked.Pair: 1, banked.TwoPair: 2, banked.Trips: 3, banked.Straight: 4,
		banked.Flush: 5, banked.FullHouse: 7, banked.Quads: 20, banked.StraightFlush: 50, banked.RoyalFlush: 100,
	} {
		pays[l] = round.Ratio{Num: n, Den: 1}
	}
	return Paytables{Bet: Paytable{Pays: pays, Source: round.SourcePlaceholder}}
}

// offersRoyalBonus reports a Royal Bonus paytable: the table offers the
// bet.
func (p *Paytables) offersRoyalBonus() bool {
	return len(p.RoyalBonus.Pays) > 0 || p.RoyalBonus.Source != ""
}

// Validate reports every line missing, out of bounds (at most MaxPays to
// one, never negative) or not the bet's, and a table without a source;
// the Royal Bonus's only when the table offers it.
func (p Paytables) Validate() error {
	errs := []error{p.Bet.Validate("bet", BetLines(), MaxPays)}
	if p.offersRoyalBonus() {
		errs = append(errs, p.RoyalBonus.Validate("royal_bonus", RoyalBonusLines(), MaxPays))
	}
	return errors.Join(errs...)
}

// RoyalBonusReading is how the Royal Bonus qualifies (§6, N4).
type RoyalBonusReading uint8

// Readings.
const (
	// Literal: a pair of kings, two pair topped by kings or aces, three
	// of a kind or better; a pair of aces loses (§6, T13).
	Literal RoyalBonusReading = iota + 1
	// PairOfKingsOrBetter: any hand at or above a pair of kings (N4's
	// alternative).
	PairOfKingsOrBetter
)

var readingNames = round.Enum[RoyalBonusReading]{Type: "royal bonus reading", Names: []string{"", "literal", "pair_of_kings_or_better"}}

func (v RoyalBonusReading) String() string { return readingNames.String(v) }

// MarshalText writes the name.
func (v RoyalBonusReading) MarshalText() ([]byte, error) { return readingNames.Text(v) }

// UnmarshalText reads a name.
func (v *RoyalBonusReading) UnmarshalText(b []byte) error { return readingNames.Parse(b, v) }

// rule is package banked's rule of the reading.
func (v RoyalBonusReading) rule() banked.RoyalBonusRule {
	if v == PairOfKingsOrBetter {
		return banked.RoyalBonusPairOfKingsOrBetter
	}
	return banked.RoyalBonusLiteral
}
