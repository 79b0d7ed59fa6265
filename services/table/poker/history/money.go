package history

import (
	"fmt"

	"github.com/croupier/croupier/services/table/poker/profile"
)

// money formats amounts in minor units.
type money struct {
	code, sym string
	exp       int
}

// symbols are the currencies PokerStars writes with their own symbol.
var symbols = map[string]string{"USD": "$", "EUR": "€", "GBP": "£"}

// moneyOf is the stakes' currency as the export writes it. Trackers take
// amounts without a symbol for play money or tournament chips, and know
// few symbols (hhp@1.1.1 only $ and €), so a currency PokerStars has no
// symbol for is written the way PokerStars writes Canadian dollars: "$"
// amounts and the ISO code after the header's stakes ("$25/$50 CZK"), a
// real-money game whose code says which money it is (docs/table.md, "Hand
// histories", for the limits). No currency (tournament chips): plain
// numbers, no code.
func moneyOf(s profile.Stakes) money {
	m := money{code: s.Currency, exp: s.Exponent}
	if m.code == "" {
		return m
	}
	m.sym = symbols[m.code]
	if m.sym == "" {
		m.sym = "$"
	}
	return m
}

func (m money) split(v int64) (whole, frac int64, neg bool) {
	if v < 0 {
		neg, v = true, -v
	}
	d := int64(1)
	for range m.exp {
		d *= 10
	}
	return v / d, v % d, neg
}

// amt is the amount with its cents only when there are any ("$1", "$0.50").
func (m money) amt(v int64) string {
	whole, frac, neg := m.split(v)
	sign := ""
	if neg {
		sign = "-"
	}
	if frac == 0 || m.exp == 0 {
		return fmt.Sprintf("%s%s%d", sign, m.sym, whole)
	}
	return fmt.Sprintf("%s%s%d.%0*d", sign, m.sym, whole, m.exp, frac)
}

// fixed always writes the decimals ("$1.00"), as the header's stakes.
func (m money) fixed(v int64) string {
	whole, frac, _ := m.split(v)
	if m.exp == 0 {
		return fmt.Sprintf("%s%d", m.sym, whole)
	}
	return fmt.Sprintf("%s%d.%0*d", m.sym, whole, m.exp, frac)
}
