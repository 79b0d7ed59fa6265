package splitpoker

import (
	"errors"
	"slices"

	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// Line is a paytable line, as package banked names the hands.
type Line = banked.Line

// Paytable is one bet's paytable, by the line the player's hand hits.
type Paytable = round.Paytable[Line]

// Paytables are a table's two paytables, part of its public description
// and of each round's record. The source lost both (§7): they are the
// operator's data, shipped with placeholders labelled as not from it.
type Paytables struct {
	// Pays: the §8.1 "Bet or Ante" multiples by the player's big hand
	// (N3), a pair of twos ("minimum game", §5.12) and better: the Bet's
	// when his small hand is at least the dealer's, the Ante's when it is
	// lower (§4 step 7).
	Pays Paytable `json:"pays"`
	// RoyalBonus: what the Royal Bonus pays by the first five cards dealt
	// (§6, §8.2), a pair (of kings) and better.
	RoyalBonus Paytable `json:"royal_bonus"`
}

// PayLines lists the §8.1 paytable's lines, lowest first: a pair (of
// twos or better, the minimum game) and better, the sister games' Bet
// lines (fivecard.BetLines) without their Ace-King.
func PayLines() []Line {
	return slices.DeleteFunc(fivecard.BetLines(), func(l Line) bool { return l == banked.AceKing })
}

// RoyalBonusLines lists the Royal Bonus paytable's lines, lowest first:
// the pair is the pair of kings (or, under PairOfKingsOrBetter, of kings
// or aces) that wins (§6); the sister games' (fivecard.RoyalBonusLines).
func RoyalBonusLines() []Line { return fivecard.RoyalBonusLines() }

// Sources of the placeholders.
const (
	// PaysPlaceholder labels the §8.1 default.
	PaysPlaceholder = "placeholder, not from ru-split-poker.md (§8.1 missing; the commonly published Russian poker Bet table)"
	// RoyalBonusPlaceholder labels the §8.2 default.
	RoyalBonusPlaceholder = "placeholder, not from ru-split-poker.md (§8.2 missing)"
)

// RUPaytables are the defaults, neither from the source (§7): for §8.1
// the table the sister games' specs print as their placeholder (pair
// 1:1, two pair 2:1, trips 3:1, straight 4:1, flush 5:1, full house
// 7:1, four of a kind 20:1, straight flush 50:1, royal flush 100:1); for
// §8.2 a Royal Bonus table (pair of kings 1:1, two pair 2:1, trips 5:1,
// straight 10:1, flush 15:1, full house 25:1, four of a kind 50:1,
// straight flush 100:1, royal flush 1000:1). Both labelled so.
func RUPaytables() Paytables {
	pays := fivecard.PlaceholderBet() // the sister games' Bet table, its Ace-King dropped
	delete(pays.Pays, banked.AceKing)
	pays.Source = PaysPlaceholder
	bonus := map[Line]round.Ratio{}
	for i, l := range RoyalBonusLines() {
		bonus[l] = round.Ratio{Num: []int64{1, 2, 5, 10, 15, 25, 50, 100, 1000}[i], Den: 1}
	}
	return Paytables{Pays: pays, RoyalBonus: Paytable{Pays: bonus, Source: RoyalBonusPlaceholder}}
}

// Validate reports every line missing, out of bounds (at most MaxPays to
// one, never negative) or not the bet's, and a table without a source.
func (p Paytables) Validate() error {
	return errors.Join(p.Pays.Validate("pays", PayLines(), MaxPays), p.RoyalBonus.Validate("royal_bonus", RoyalBonusLines(), MaxPays))
}

// RoyalBonusReading is how the Royal Bonus qualifies on the first five
// cards: the clause is garbled and the table lost (§6, N4), so both
// readings are an option; the sister stud games share them
// (fivecard.RoyalBonusReading).
type RoyalBonusReading = fivecard.RoyalBonusReading

// Readings.
const (
	// Literal: a pair of kings, two pair topped by kings or aces, three
	// of a kind or better; a pair of aces loses (§6).
	Literal = fivecard.Literal
	// PairOfKingsOrBetter: any hand at or above a pair of kings (N4's
	// alternative).
	PairOfKingsOrBetter = fivecard.PairOfKingsOrBetter
)
