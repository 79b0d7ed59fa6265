package history

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/profile"
)

// Amounts in the currency as PokerStars writes them: cents only when there
// are any in actions, always in the header's stakes. A currency PokerStars
// has no symbol for is written with "$" (its code goes after the header's
// stakes), exponent 0 without decimals; tournament chips are plain numbers.
func TestMoney(t *testing.T) {
	for _, tc := range []struct {
		currency string
		exp      int
		amt      map[int64]string
		fixed    map[int64]string
	}{
		{"USD", 2, map[int64]string{100: "$1", 50: "$0.50", 1250: "$12.50", 4609: "$46.09", 0: "$0"}, map[int64]string{100: "$1.00", 25: "$0.25"}},
		{"EUR", 2, map[int64]string{205: "€2.05"}, map[int64]string{50: "€0.50"}},
		{"GBP", 2, map[int64]string{205: "£2.05"}, map[int64]string{50: "£0.50"}},
		{"CZK", 2, map[int64]string{2500: "$25", 2550: "$25.50"}, map[int64]string{2500: "$25.00"}},
		{"CZK", 0, map[int64]string{25: "$25", 30000: "$30000"}, map[int64]string{25: "$25"}},
		{"RUB", 2, map[int64]string{10005: "$100.05"}, map[int64]string{5000: "$50.00"}},
		{"JPY", 0, map[int64]string{200: "$200"}, map[int64]string{100: "$100"}},
		{"", 0, map[int64]string{1500: "1500"}, map[int64]string{25: "25"}},
	} {
		m := moneyOf(profile.Stakes{Currency: tc.currency, Exponent: tc.exp})
		if m.code != tc.currency {
			t.Errorf("%s: code %q", tc.currency, m.code)
		}
		for v, want := range tc.amt {
			if got := m.amt(v); got != want {
				t.Errorf("%s/%d: amt(%d) %q, want %q", tc.currency, tc.exp, v, got, want)
			}
		}
		for v, want := range tc.fixed {
			if got := m.fixed(v); got != want {
				t.Errorf("%s/%d: fixed(%d) %q, want %q", tc.currency, tc.exp, v, got, want)
			}
		}
	}
}
