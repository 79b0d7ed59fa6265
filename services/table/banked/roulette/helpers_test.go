package roulette

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
)

// rules returns a profile's rules with the options set, failing the test
// on an error.
func rules(t testing.TB, profile string, opts ...string) Rules {
	t.Helper()
	r, err := Named(profile)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(opts); i += 2 {
		if err := r.Set(opts[i], opts[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	return r
}

// sums are a settlement's totals the spec vectors state: paid (winnings),
// returned (stakes back), lost.
type sums struct{ won, returned, lost int64 }

func (s sums) net() int64 { return s.won - s.lost }

func sumLines(ls []round.Line) sums {
	var s sums
	for _, l := range ls {
		s.won += l.Won
		s.returned += l.Returned
		s.lost += l.Lost
	}
	return s
}

// settleOne settles one bet of amount on spot when n wins, checking that
// the settlement balances.
func settleOne(t *testing.T, r Rules, spot string, amount int64, n Number) sums {
	t.Helper()
	st := Settle(r, []round.Bet{{ID: "b", Player: "p", Spot: spot, Amount: amount}}, n)
	if err := st.Check(); err != nil {
		t.Fatal(err)
	}
	return sumLines(st.Lines)
}

func countKinds(spots []Spot) map[Kind]int {
	m := map[Kind]int{}
	for _, s := range spots {
		m[s.Kind]++
	}
	return m
}

func roundLimit(lo, hi int64) round.Limit { return round.Limit{Min: lo, Max: hi} }

// opened is a table's first round, opened on a zero State; prev is the
// table's last physical spin (nil if none).
func opened(t testing.TB, r Rules, prev *Spin) State {
	t.Helper()
	var s State
	if _, err := Apply(r, &s, Command{Kind: CmdOpen, Spin: prev}); err != nil {
		t.Fatal(err)
	}
	return s
}
