package blackjack

import (
	"errors"
	"math"
	"sync"
	"testing"
)

// tolerance for pinned figures: far below the 4 decimals published, above
// the last bits floating point may change between platforms.
const tolerance = 5e-7

// pinned computes r (once per test binary) and checks its RTP and house edge.
func pinned(t *testing.T, r Rules, wantRTP float64) Result {
	t.Helper()
	res, err := Cached(r)
	if err != nil {
		t.Fatalf("Compute: %v", err)
	}
	if math.Abs(res.RTP-wantRTP) > tolerance {
		t.Errorf("RTP %.8f, pinned %.8f", res.RTP, wantRTP)
	}
	if math.Abs(res.HouseEdge-(1-wantRTP)) > tolerance {
		t.Errorf("house edge %.8f, pinned %.8f", res.HouseEdge, 1-wantRTP)
	}
	return res
}

func with(r Rules, change func(*Rules)) Rules {
	change(&r)
	return r
}

// cz-blackjack.md defaults: 6 decks, S17, no hole card losing all, DAS,
// resplit aces, surrender against 2..10, 7-7-7 bonus.
func TestCZDefaultRTP(t *testing.T) {
	numeric(t)
	res := pinned(t, CZ(), 0.99817301) // house edge 0.1827 %
	if math.Abs(res.OptimalRTP-0.99818530) > tolerance {
		t.Errorf("optimal RTP %.8f", res.OptimalRTP)
	}
}

// ru-blackjack.md defaults: 8 decks, S17, no hole card losing all, DAS, no
// resplit of aces, surrender against 2..10.
func TestRUDefaultRTP(t *testing.T) {
	numeric(t)
	res := pinned(t, RU(), 0.99710518) // house edge 0.2895 %
	if math.Abs(res.OptimalRTP-0.99711311) > tolerance {
		t.Errorf("optimal RTP %.8f", res.OptimalRTP)
	}
}

// cz §10.1 enhcLoseAllOnDealerBJ=false: a dealer blackjack takes the
// original stake only.
func TestCZOriginalBetOnlyRTP(t *testing.T) {
	numeric(t)
	pinned(t, with(CZ(), func(r *Rules) { r.LoseAllToBlackjack = false }), 0.99923910)
}

// cz §10.4 with resplitting aces off.
func TestCZNoResplitAcesRTP(t *testing.T) {
	numeric(t)
	pinned(t, with(CZ(), func(r *Rules) { r.ResplitAces = false }), 0.99753785)
}

// cz without the 7-7-7 bonus: the bonus is worth 0.0193 % to the player.
func TestCZWithout777RTP(t *testing.T) {
	numeric(t)
	pinned(t, with(CZ(), func(r *Rules) { r.Bonus777 = false }), 0.99797969)
}

// ru without surrender (§3.27–3.30): early surrender is worth 0.2558 %.
func TestRUWithoutSurrenderRTP(t *testing.T) {
	numeric(t)
	pinned(t, with(RU(), func(r *Rules) { r.Surrender = NoSurrender }), 0.99454680)
}

// ru N2 split by rank: only ten-value pairs are affected, and the basic
// player never splits them, so the return is the default's.
func TestRUSplitByRankRTP(t *testing.T) {
	numeric(t)
	pinned(t, with(RU(), func(r *Rules) { r.SplitByRank = true }), 0.99710518)
}

// ru §3.31, surrender against an ace by the manager's exception: with it
// the player has the edge.
func TestRUSurrenderAgainstAceRTP(t *testing.T) {
	numeric(t)
	pinned(t, with(RU(), func(r *Rules) { r.Surrender = SurrenderAny }), 1.00099210)
}

// Neither profile as its spec reads by default gives the player the edge;
// allowing surrender against an ace as well would, in both.
func TestNoDefaultProfileFavoursThePlayer(t *testing.T) {
	numeric(t)
	for name, r := range map[string]Rules{"cz": CZ(), "ru": RU()} {
		res, err := Cached(r)
		if err != nil {
			t.Fatal(err)
		}
		if res.HouseEdge <= 0 || res.OptimalRTP >= 1 {
			t.Errorf("%s: house edge %.6f, optimal RTP %.6f", name, res.HouseEdge, res.OptimalRTP)
		}
		any, _ := Cached(with(r, func(r *Rules) { r.Surrender = SurrenderAny }))
		if any.HouseEdge >= 0 {
			t.Errorf("%s with surrender against an ace: house edge %.6f, want negative", name, any.HouseEdge)
		}
	}
}

// Options the basic player never uses do not change the return: drawing to
// a split ten's 21 (ru §3.37), doubling for less (ru §3.17), even money
// against a ten (ru §3.41).
func TestUnusedOptionsDoNotChangeRTP(t *testing.T) {
	numeric(t)
	base, _ := Cached(RU())
	for name, r := range map[string]Rules{
		"no §3.37 hit":       with(RU(), func(r *Rules) { r.SplitTensAceMayHit = false }),
		"no double for less": with(RU(), func(r *Rules) { r.DoubleForLess = false }),
		"no even money vs T": with(RU(), func(r *Rules) { r.EvenMoneyVsTen = false }),
	} {
		res, err := Cached(r)
		if err != nil {
			t.Fatal(err)
		}
		if res.RTP != base.RTP {
			t.Errorf("%s: RTP %.10f, default %.10f", name, res.RTP, base.RTP)
		}
	}
}

func TestComputeIsDeterministic(t *testing.T) {
	numeric(t)
	a, err := Compute(CZ())
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Compute(CZ())
	if a != b {
		t.Errorf("two computations differ: %.17g and %.17g", a.RTP, b.RTP)
	}
}

// Under -race this is the first computation of RU (the tests before it
// are numeric): six callers wait for one, and the later tests reuse it.
func TestCachedIsSafeForConcurrentUse(t *testing.T) {
	r := RU()
	var wg sync.WaitGroup
	results := make([]Result, 6)
	for i := range results {
		wg.Go(func() { results[i], _ = Cached(r) })
	}
	wg.Wait()
	for i := range results {
		if results[i] != results[0] || results[i].RTP == 0 {
			t.Fatalf("result %d differs", i)
		}
	}
}

func TestComputeRefusesInvalidRules(t *testing.T) {
	for name, r := range map[string]Rules{
		"no decks":    with(CZ(), func(r *Rules) { r.Decks = 0 }),
		"nine decks":  with(CZ(), func(r *Rules) { r.Decks = 9 }),
		"five hands":  with(CZ(), func(r *Rules) { r.MaxHands = 5 }),
		"no hands":    with(CZ(), func(r *Rules) { r.MaxHands = 0 }),
		"bj pays 0":   with(CZ(), func(r *Rules) { r.BlackjackPays = 0 }),
		"bj pays NaN": with(CZ(), func(r *Rules) { r.BlackjackPays = math.NaN() }),
		"surrender 9": with(CZ(), func(r *Rules) { r.Surrender = 9 }),
	} {
		if _, err := Compute(r); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("%s: error %v, want ErrInvalidRules", name, err)
		}
	}
	for _, r := range []Rules{CZ(), RU()} {
		if err := r.Validate(); err != nil {
			t.Errorf("%+v: %v", r, err)
		}
	}
}

// Even money is priced per up card: at 6:5 it pays against an ace and
// costs against a ten, so the basic player takes it against the ace only,
// and offering it against a ten (ru §3.41) changes nothing; at 1:1 it is
// taken against both.
func TestEvenMoneyIsPricedPerUpCard(t *testing.T) {
	numeric(t)
	sixFive := with(RU(), func(r *Rules) { r.BlackjackPays = 1.2 })
	res, err := Cached(sixFive)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Strategy.EvenMoney || res.Strategy.EvenMoneyVsTen || res.EvenMoneyAce <= 0 || res.EvenMoneyTen >= 0 {
		t.Errorf("6:5: takes even money vs A %v (gain %.4f), vs T %v (gain %.4f); want vs A only",
			res.Strategy.EvenMoney, res.EvenMoneyAce, res.Strategy.EvenMoneyVsTen, res.EvenMoneyTen)
	}
	unoffered, _ := Cached(with(sixFive, func(r *Rules) { r.EvenMoneyVsTen = false }))
	if res.RTP != unoffered.RTP {
		t.Errorf("6:5: RTP %.8f with even money vs T offered, %.8f without", res.RTP, unoffered.RTP)
	}
	evens, _ := Cached(with(RU(), func(r *Rules) { r.BlackjackPays = 1 }))
	if !evens.Strategy.EvenMoney || !evens.Strategy.EvenMoneyVsTen {
		t.Errorf("1:1: takes even money vs A %v, vs T %v; want both", evens.Strategy.EvenMoney, evens.Strategy.EvenMoneyVsTen)
	}
}
