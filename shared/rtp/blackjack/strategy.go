package blackjack

import (
	"strings"

	"github.com/croupier/croupier/shared/card"
)

// Action is what a player does with a hand.
type Action uint8

// Actions.
const (
	Stand Action = iota
	Hit
	Double
	Split
	Surrender
)

// String is the action's chart letter.
func (a Action) String() string {
	switch a {
	case Stand:
		return "S"
	case Hit:
		return "H"
	case Double:
		return "D"
	case Split:
		return "P"
	case Surrender:
		return "R"
	}
	return "?"
}

// Play is one cell of a strategy chart: the preferred actions in order,
// each taken only when allowed — surrender, then split, then double — and
// otherwise hit or stand.
type Play uint8

// Play flags.
const (
	// PlayHit: hit rather than stand when nothing else is chosen.
	PlayHit Play = 1 << iota
	// PlayDouble: double when doubling is allowed.
	PlayDouble
	// PlaySplit: split when splitting is allowed (pair cells only).
	PlaySplit
	// PlaySurrender: surrender when surrender is allowed.
	PlaySurrender
)

// String is the chart code: H, S, D (double, else hit), Ds (double, else
// stand), P (split); an R prefix means surrender first: Rh, Rs, Rp, Rd, Rds.
func (p Play) String() string {
	var s string
	switch {
	case p&PlaySplit != 0:
		s = "P"
	case p&PlayDouble != 0 && p&PlayHit != 0:
		s = "D"
	case p&PlayDouble != 0:
		s = "Ds"
	case p&PlayHit != 0:
		s = "H"
	default:
		s = "S"
	}
	if p&PlaySurrender != 0 {
		return "R" + strings.ToLower(s)
	}
	return s
}

// action applies the cell to what the hand may do.
func (p Play) action(canDouble, canSplit, canSurrender bool) Action {
	switch {
	case p&PlaySurrender != 0 && canSurrender:
		return Surrender
	case p&PlaySplit != 0 && canSplit:
		return Split
	case p&PlayDouble != 0 && canDouble:
		return Double
	case p&PlayHit != 0:
		return Hit
	}
	return Stand
}

// Chart dimensions. Up cards and pairs are indexed 2, 3, .., 9, T, A.
const (
	upCards    = 10
	hardLow    = 4
	hardTotals = 21 - hardLow + 1
	softLow    = 12
	softTotals = 21 - softLow + 1
)

// Strategy is a total-dependent basic strategy: one Play per dealer up card
// and hard total, soft total or pair, derived for one Rules value.
type Strategy struct {
	Hard  [upCards][hardTotals]Play // [up][total-4]
	Soft  [upCards][softTotals]Play // [up][total-12]
	Pairs [upCards][upCards]Play    // [up][pair], pairs 2..9, T, A
	// Insurance, EvenMoney (against an ace) and EvenMoneyVsTen (against a
	// ten, where Rules.EvenMoneyVsTen offers it) report whether the basic
	// player takes them: only where they pay him (see Result), which at 3:2
	// is never. Even money is priced per up card: at 6:5 it pays against an
	// ace but costs against a ten.
	Insurance      bool
	EvenMoney      bool
	EvenMoneyVsTen bool
}

// evenMoney reports whether the strategy takes even money against the up
// card of value up.
func (s *Strategy) evenMoney(up int) bool {
	switch up {
	case ace:
		return s.EvenMoney
	case ten:
		return s.EvenMoneyVsTen
	}
	return false
}

// col maps a card value (1 = ace .. 10) to its chart column: 2..9, T, A.
func col(v int) int {
	if v == ace {
		return upCards - 1
	}
	return v - 2
}

// colValue is the inverse of col.
func colValue(c int) int {
	if c == upCards-1 {
		return ace
	}
	return c + 2
}

// total returns the cell for a hand of the given total, soft or hard.
func (s *Strategy) total(up, total int, soft bool) *Play {
	if soft {
		return &s.Soft[col(up)][total-softLow]
	}
	return &s.Hard[col(up)][total-hardLow]
}

// pair returns the cell for a pair of the value v.
func (s *Strategy) pair(up, v int) *Play { return &s.Pairs[col(up)][col(v)] }

// cardValue is a card's blackjack value, ace 1.
func cardValue(c card.Card) int {
	switch r := c.Rank(); {
	case r == card.Ace:
		return ace
	case r >= card.Ten:
		return ten
	default:
		return int(r) + 2
	}
}

// Decide returns the basic strategy's action for a hand against the dealer's
// up card. The caller says what the rules allow now: canDouble (two cards,
// not split aces, after a split only with DoubleAfterSplit), canSplit (a
// splittable pair and hands left), canSurrender (the first two cards of the
// original hand, against an up card the rules allow). A hand of one card
// (a split hand waiting for its second) hits; a hand of 21 stands. A hand
// that is a pair by value but may not split is played by its total.
func (s *Strategy) Decide(cards []card.Card, up card.Card, canDouble, canSplit, canSurrender bool) Action {
	if len(cards) < 2 {
		return Hit
	}
	hard, aces := 0, 0
	for _, c := range cards {
		v := cardValue(c)
		hard += v
		if v == ace {
			aces++
		}
	}
	total, soft := hard, aces > 0 && hard+10 <= 21
	if soft {
		total += 10
	}
	if total >= 21 {
		return Stand
	}
	u := cardValue(up)
	if len(cards) == 2 && canSplit && cardValue(cards[0]) == cardValue(cards[1]) {
		return s.pair(u, cardValue(cards[0])).action(canDouble, true, canSurrender)
	}
	if total < hardLow {
		return Hit
	}
	return s.total(u, total, soft).action(canDouble, false, canSurrender)
}

// String draws the chart: hard totals, soft totals and pairs against the up
// cards 2..A, one code per cell (see Play.String).
func (s *Strategy) String() string {
	var b strings.Builder
	header := func(title string) {
		b.WriteString(title)
		for c := range upCards {
			b.WriteString(pad(valueName(colValue(c)), 4))
		}
		b.WriteByte('\n')
	}
	row := func(label string, cell func(c int) Play) {
		b.WriteString(pad(label, 5))
		for c := range upCards {
			b.WriteString(pad(cell(c).String(), 4))
		}
		b.WriteByte('\n')
	}
	header("hard ")
	for t := hardLow; t <= 21; t++ {
		row(itoa(t), func(c int) Play { return s.Hard[c][t-hardLow] })
	}
	header("soft ")
	for t := softLow; t <= 21; t++ {
		row(itoa(t), func(c int) Play { return s.Soft[c][t-softLow] })
	}
	header("pair ")
	for p := range upCards {
		n := valueName(colValue(p))
		row(n+","+n, func(c int) Play { return s.Pairs[c][p] })
	}
	b.WriteString("insurance " + yesNo(s.Insurance) + ", even money " + yesNo(s.EvenMoney))
	if s.EvenMoneyVsTen {
		b.WriteString(", even money against a ten yes")
	}
	b.WriteByte('\n')
	return b.String()
}

func valueName(v int) string {
	switch v {
	case ace:
		return "A"
	case ten:
		return "T"
	}
	return itoa(v)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

func pad(s string, w int) string {
	if len(s) >= w {
		return s + " "
	}
	return strings.Repeat(" ", w-len(s)) + s
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
