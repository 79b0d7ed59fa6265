package casinoholdem

import (
	"errors"
	"fmt"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// Ratio is a payout N:D (round.Ratio): a winning stake s is paid s*N/D
// on top of it, rounded down to the minor unit. 0:1 pays nothing on top:
// the stake is returned. It reads and writes as "25:1".
type Ratio round.Ratio

func (q Ratio) String() string { return round.Ratio(q).String() }

// MarshalText writes the ratio as "25:1".
func (q Ratio) MarshalText() ([]byte, error) { return round.Ratio(q).MarshalText() }

// UnmarshalText reads a ratio written "25:1" or "3:2".
func (q *Ratio) UnmarshalText(b []byte) error { return (*round.Ratio)(q).UnmarshalText(b) }

// check bounds a paytable line: a denominator 1 to 1000, at most MaxPays
// to one, never negative.
func (q Ratio) check() error { return round.Ratio(q).Check(MaxPays) }

// pay is what a winning stake is paid on top of it.
func (q Ratio) pay(stake int64) int64 { return round.Ratio(q).Pay(stake) }

// DealOrder is the order of the deal among the boxes (deck.Order).
type DealOrder = deck.Order

// Deal orders.
const (
	// ByBox: each box its two cards, box by box, then the dealer his two
	// (§4.2 as listed for one player).
	ByBox = deck.ByBox
	// ByRound: one card to each box and one to the dealer, then a second
	// round the same way.
	ByRound = deck.ByRound
)

// Line is a paytable line, as package banked names the hands.
type Line = banked.Line

// PairOfAces is the AA Bonus's lowest line: one pair, of aces (§6.3).
// The lower pairs, and high cards, lose.
const PairOfAces Line = "pair_of_aces"

// AntePaytable is what a winning Ante pays by the player's final hand,
// the best five of his seven cards (§6.2).
type AntePaytable struct {
	HighCard      Ratio `json:"high_card"`
	Pair          Ratio `json:"pair"`
	TwoPair       Ratio `json:"two_pair"`
	Trips         Ratio `json:"trips"`
	Straight      Ratio `json:"straight"`
	Flush         Ratio `json:"flush"`
	FullHouse     Ratio `json:"full_house"`
	Quads         Ratio `json:"quads"`
	StraightFlush Ratio `json:"straight_flush"`
	RoyalFlush    Ratio `json:"royal_flush"`
}

// AABonusPaytable is what the AA Bonus pays by the player's first five
// cards, his two and the flop (§6.3); a hand below a pair of aces loses.
type AABonusPaytable struct {
	PairOfAces    Ratio `json:"pair_of_aces"`
	TwoPair       Ratio `json:"two_pair"`
	Trips         Ratio `json:"trips"`
	Straight      Ratio `json:"straight"`
	Flush         Ratio `json:"flush"`
	FullHouse     Ratio `json:"full_house"`
	Quads         Ratio `json:"quads"`
	StraightFlush Ratio `json:"straight_flush"`
	RoyalFlush    Ratio `json:"royal_flush"`
}

// Paytables are a table's two paytables, part of its public description
// and of each round's record. Each line is a hand category, so that an
// operator's table cannot leave a hand unpaid by omission: Validate wants
// every line.
type Paytables struct {
	Ante    AntePaytable    `json:"ante"`
	AABonus AABonusPaytable `json:"aa_bonus"`
	// AnteSource and AABonusSource say where each table comes from: the
	// source's clause for a table read from it, "operator" once a line is
	// set (Rules.Set). A default the source lacks is labelled as not from
	// the source: both of gr's are from it, ru's Ante is a placeholder
	// (RUAnteSource).
	AnteSource    string `json:"ante_source"`
	AABonusSource string `json:"aa_bonus_source"`
}

// Sources of the paytables.
const (
	// SourceOperator: a table an operator set.
	SourceOperator = "operator"
)

// GRPaytables are the source's: the Ante paytable of §6.2 (Royal flush
// 100:1, straight flush 20:1 — "Φλος" is the straight flush, §9 note 2 —
// four of a kind 10:1, full house 3:1, flush 2:1, straight or lower 1:1)
// and the AA Bonus of §6.3 as §9 note 1 reads it (flush or better 25:1,
// a pair of aces up to a straight 7:1; the reading that reproduces the
// stated 93.60 %, §7). The Greek reading of note 1's "Φλος ή καλύτερο"
// (straight flush or better at 25:1) is an operator's table, not an
// option: every line is data.
func GRPaytables() Paytables {
	one := Ratio{1, 1}
	seven, top := Ratio{7, 1}, Ratio{25, 1}
	return Paytables{
		Ante: AntePaytable{
			HighCard: one, Pair: one, TwoPair: one, Trips: one, Straight: one,
			Flush: Ratio{2, 1}, FullHouse: Ratio{3, 1}, Quads: Ratio{10, 1}, StraightFlush: Ratio{20, 1}, RoyalFlush: Ratio{100, 1},
		},
		AABonus: AABonusPaytable{
			PairOfAces: seven, TwoPair: seven, Trips: seven, Straight: seven,
			Flush: top, FullHouse: top, Quads: top, StraightFlush: top, RoyalFlush: top,
		},
		AnteSource:    "gr-casino-holdem.md §6.2",
		AABonusSource: "gr-casino-holdem.md §6.3, §9 note 1",
	}
}

// RUPaytables are ru's: the Ante paytable of §4.15 is missing from the
// source (its image lost, §7, N3), so the default is §7's placeholder,
// the commonly published Casino Hold'em table (royal flush 100:1,
// straight flush 20:1, four of a kind 10:1, full house 3:1, flush 2:1,
// straight or lower 1:1), labelled as not from the source for an
// operator to replace (Rules.Set); the Bonus is §6's, a pair of aces or
// better on the first five cards, 7:1 flat (N2): every line 7:1.
func RUPaytables() Paytables {
	p := GRPaytables()
	seven := Ratio{7, 1}
	p.AABonus = AABonusPaytable{
		PairOfAces: seven, TwoPair: seven, Trips: seven, Straight: seven,
		Flush: seven, FullHouse: seven, Quads: seven, StraightFlush: seven, RoyalFlush: seven,
	}
	p.AnteSource = RUAnteSource
	p.AABonusSource = "ru-texas-holdem-casino.md §6, N2"
	return p
}

// RUAnteSource labels ru's default Ante paytable: a placeholder, not the
// source's (§4.15 is missing).
const RUAnteSource = "placeholder, not from ru-texas-holdem-casino.md (§4.15 missing; §7's commonly published table)"

// AnteLines lists the Ante paytable's lines, lowest first.
func AnteLines() []Line {
	return []Line{banked.HighCard, banked.Pair, banked.TwoPair, banked.Trips, banked.Straight,
		banked.Flush, banked.FullHouse, banked.Quads, banked.StraightFlush, banked.RoyalFlush}
}

// AABonusLines lists the AA Bonus paytable's lines, lowest first.
func AABonusLines() []Line {
	return []Line{PairOfAces, banked.TwoPair, banked.Trips, banked.Straight,
		banked.Flush, banked.FullHouse, banked.Quads, banked.StraightFlush, banked.RoyalFlush}
}

// at is the Ante paytable's line l, nil for none. AceKing, which package
// banked tells apart for the games that pay it, is a high card here.
func (t *AntePaytable) at(l Line) *Ratio {
	switch l {
	case banked.HighCard, banked.AceKing:
		return &t.HighCard
	case banked.Pair:
		return &t.Pair
	case banked.TwoPair:
		return &t.TwoPair
	case banked.Trips:
		return &t.Trips
	case banked.Straight:
		return &t.Straight
	case banked.Flush:
		return &t.Flush
	case banked.FullHouse:
		return &t.FullHouse
	case banked.Quads:
		return &t.Quads
	case banked.StraightFlush:
		return &t.StraightFlush
	case banked.RoyalFlush:
		return &t.RoyalFlush
	}
	return nil
}

// at is the AA Bonus paytable's line l, nil for none.
func (t *AABonusPaytable) at(l Line) *Ratio {
	switch l {
	case PairOfAces:
		return &t.PairOfAces
	case banked.TwoPair:
		return &t.TwoPair
	case banked.Trips:
		return &t.Trips
	case banked.Straight:
		return &t.Straight
	case banked.Flush:
		return &t.Flush
	case banked.FullHouse:
		return &t.FullHouse
	case banked.Quads:
		return &t.Quads
	case banked.StraightFlush:
		return &t.StraightFlush
	case banked.RoyalFlush:
		return &t.RoyalFlush
	}
	return nil
}

func (p *Paytables) setAnte(l Line, value string) error {
	q := p.Ante.at(l)
	if q == nil || l == banked.AceKing {
		return fmt.Errorf("casinoholdem: the Ante paytable has no line %q (have %v)", l, AnteLines())
	}
	if err := q.UnmarshalText([]byte(value)); err != nil {
		return fmt.Errorf("option %s%s: %w", antePaysKey, l, err)
	}
	p.AnteSource = SourceOperator
	return nil
}

func (p *Paytables) setAABonus(l Line, value string) error {
	q := p.AABonus.at(l)
	if q == nil {
		return fmt.Errorf("casinoholdem: the AA Bonus paytable has no line %q (have %v)", l, AABonusLines())
	}
	if err := q.UnmarshalText([]byte(value)); err != nil {
		return fmt.Errorf("option %s%s: %w", aaBonusPaysKey, l, err)
	}
	p.AABonusSource = SourceOperator
	return nil
}

// Validate reports every line missing or out of bounds (at most MaxPays
// to one, never negative) and a table without a source.
func (p Paytables) Validate() error {
	var errs []error
	for _, l := range AnteLines() {
		if err := p.Ante.at(l).check(); err != nil {
			errs = append(errs, fmt.Errorf("ante paytable %s: %w", l, err))
		}
	}
	for _, l := range AABonusLines() {
		if err := p.AABonus.at(l).check(); err != nil {
			errs = append(errs, fmt.Errorf("aa_bonus paytable %s: %w", l, err))
		}
	}
	if p.AnteSource == "" || p.AABonusSource == "" {
		errs = append(errs, errors.New("a paytable without its source (the rules' clause, or operator)"))
	}
	return errors.Join(errs...)
}
