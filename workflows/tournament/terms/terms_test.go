package terms

import (
	"strings"
	"testing"
	"time"

	"github.com/croupier/croupier/shared/apierr"
)

// valid returns terms that pass Validate; tests change one thing each.
func valid() Terms {
	t := Terms{
		Name: "Sunday", Game: "holdem", Currency: "EUR", Exponent: 2,
		BuyIn: 10000, FeeAmt: 1000, Stack: 10000,
		Levels:    []Level{{SmallBlind: 25, BigBlind: 50, Duration: 20 * time.Minute}, {SmallBlind: 50, BigBlind: 100, Duration: 20 * time.Minute}},
		Payout:    ByPlace,
		StartAt:   time.Date(2026, 12, 1, 19, 0, 0, 0, time.UTC),
		PayoutBps: []int32{5000, 3000, 2000},
	}
	t.Defaults()
	return t
}

func reason(err error) string { return apierr.Reason(err) }

// docs/rules/tournaments.md T1 (GR H.6): stake €100 → fee valid iff €10 <= fee <= €15;
// €9 and €15.01 are rejected.
func TestT1FeeBoundsGreek(t *testing.T) {
	for _, c := range []struct {
		fee int64
		ok  bool
	}{{1000, true}, {1500, true}, {1250, true}, {900, false}, {1501, false}, {999, false}} {
		err := CheckFee(FeeGreek, 10000, c.fee)
		if (err == nil) != c.ok {
			t.Errorf("fee %d: err %v, want ok=%v", c.fee, err, c.ok)
		}
		if err != nil && reason(err) != "FEE_OUT_OF_BOUNDS" {
			t.Errorf("fee %d: reason %q", c.fee, reason(err))
		}
	}
}

// docs/rules/tournaments.md T2: stake €150 → fee in [€15.00, €22.50].
func TestT2FeeBoundsGreek150(t *testing.T) {
	for fee := int64(1400); fee <= 2400; fee++ {
		ok := CheckFee(FeeGreek, 15000, fee) == nil
		if want := fee >= 1500 && fee <= 2250; ok != want {
			t.Fatalf("fee %d: ok=%v want %v", fee, ok, want)
		}
	}
}

// gr-regulation-1 §8 vector 17 (B.105): stake €200 → [€20, €30]; €19.99
// and €30.01 rejected; €25 accepted. Stake €1,000 → [€100, €150].
func TestB105FeeBand(t *testing.T) {
	cases := []struct {
		stake, fee int64
		ok         bool
	}{{20000, 1999, false}, {20000, 2000, true}, {20000, 2500, true}, {20000, 3000, true}, {20000, 3001, false},
		{100000, 10000, true}, {100000, 15000, true}, {100000, 9999, false}, {100000, 15001, false}}
	for _, c := range cases {
		if ok := CheckFee(FeeGreek, c.stake, c.fee) == nil; ok != c.ok {
			t.Errorf("stake %d fee %d: ok=%v want %v", c.stake, c.fee, ok, c.ok)
		}
	}
}

// docs/rules/cz-tournaments.md §1: the fee is 8–15% of all money collected. With the
// fee on top of a 2,000 Kč stake, 200 Kč is 9.09% of 2,200 (valid); 160 Kč
// is 7.4% (invalid); 352 Kč is 14.97% (valid); 354 Kč is 15.04% (invalid).
func TestCZFeeOfAllMoney(t *testing.T) {
	for _, c := range []struct {
		fee int64
		ok  bool
	}{{200, true}, {160, false}, {174, true}, {173, false}, {352, true}, {354, false}} {
		if ok := CheckFee(FeeCzech, 2000, c.fee) == nil; ok != c.ok {
			t.Errorf("fee %d: ok=%v want %v", c.fee, ok, c.ok)
		}
	}
	// The same fee can pass the Czech rule and fail the Greek one: 9% of a
	// 2,000 stake is 180, under GR's 10%.
	if CheckFee(FeeCzech, 2000, 180) != nil || CheckFee(FeeGreek, 2000, 180) == nil {
		t.Fatal("180 on 2000: want valid under cz, invalid under gr")
	}
}

// gr-regulation-1 B.90 / §8 vector 19: a satellite may charge no fee and
// even no stake (no rake, no GGR); with a fee, the band applies. A normal
// tournament needs a stake and a fee in its band.
func TestB90SatelliteWithoutFee(t *testing.T) {
	s := valid()
	s.Satellite, s.BuyIn, s.FeeAmt = true, 0, 0
	if err := s.Validate(); err != nil {
		t.Fatalf("free satellite: %v", err)
	}
	s.BuyIn = 5000
	if err := s.Validate(); err != nil {
		t.Fatalf("satellite with stake, no fee: %v", err)
	}
	s.FeeAmt = 500
	if err := s.Validate(); err != nil {
		t.Fatalf("satellite €50 + €5: %v", err)
	}
	s.FeeAmt = 100
	if reason(s.Validate()) != "FEE_OUT_OF_BOUNDS" {
		t.Fatal("a satellite that charges a fee keeps the band")
	}
	n := valid()
	n.FeeAmt = 0
	if reason(n.Validate()) != "FEE_OUT_OF_BOUNDS" {
		t.Fatal("a normal tournament without a fee must be rejected under GR")
	}
	n = valid()
	n.BuyIn = 0
	if reason(n.Validate()) != "NO_STAKE" {
		t.Fatal("free chips are for satellites only")
	}
}

// docs/rules/tournaments.md T3 (GR H.7): original entry €100 → rebuy €100 OK, €101
// rejected.
func TestT3RebuyPriceCap(t *testing.T) {
	tr := valid()
	tr.RebuyLevels, tr.RebuyPrice = 1, 10000
	if err := tr.Validate(); err != nil {
		t.Fatalf("rebuy €100: %v", err)
	}
	tr.RebuyPrice = 10001
	if reason(tr.Validate()) != "REBUY_ABOVE_ENTRY" {
		t.Fatalf("rebuy €100.01: %v", tr.Validate())
	}
	tr.RebuyPrice, tr.AddOnPrice = 10000, 10100
	if reason(tr.Validate()) != "REBUY_ABOVE_ENTRY" {
		t.Fatal("the add-on is a repeat entry too (H.7)")
	}
}

// docs/rules/cz-tournaments.md §7 derived re-buy vector: 10,000 chips for 2,000 Kč; a
// re-buy and the single add-on for the same amount give the same chips, and
// carry the fee (§8.1).
func TestCZRebuyAndAddOnCarryTheFee(t *testing.T) {
	tr := valid()
	tr.Profile, tr.Fee, tr.Currency = "cz", FeeCzech, "CZK"
	tr.BuyIn, tr.FeeAmt = 1800, 200
	tr.RebuyLevels, tr.RebuyPrice, tr.RebuyFee = 1, 1800, 200
	tr.AddOnPrice, tr.AddOnFee = 1800, 200
	if err := tr.Validate(); err != nil {
		t.Fatal(err)
	}
	if r := tr.Rebuy(); r.Chips != 10000 || r.Stake+r.Fee != 2000 {
		t.Fatalf("rebuy %+v", r)
	}
	tr.RebuyFee = 0
	if reason(tr.Validate()) != "FEE_OUT_OF_BOUNDS" {
		t.Fatal("a Czech rebuy without its fee must be rejected")
	}
}

// docs/rules/tournaments.md T4, T5 (GR H.16(a)(1)): starting stack 10,000; inside the
// period a stack of 5,000 may rebuy, 5,001 may not; after the period nobody.
func TestT4T5RebuyEligibility(t *testing.T) {
	tr := valid()
	tr.RebuyLevels, tr.RebuyPrice = 1, 10000
	if !tr.RebuyEligible(0, 5000, 0) {
		t.Error("T4: 5,000 of 10,000 is half: eligible")
	}
	if tr.RebuyEligible(0, 5001, 0) {
		t.Error("T5: 5,001 is over half: not eligible")
	}
	if !tr.RebuyEligible(0, 0, 3) {
		t.Error("a busted player inside the period may rebuy")
	}
	if tr.RebuyEligible(1, 0, 0) {
		t.Error("after the period nobody may rebuy")
	}
	tr.MaxRebuys = 2
	if tr.RebuyEligible(0, 0, 2) {
		t.Error("the terms' rebuy limit is reached")
	}
}

// docs/rules/tournaments.md T6 (GR H.16(a)(2)): at the end of the period, a player
// with 18,000 may add on; only once (cz §2); not before the period ends.
func TestT6AddOnAtTheEndOfThePeriod(t *testing.T) {
	tr := valid()
	tr.RebuyLevels, tr.RebuyPrice, tr.AddOnPrice = 1, 10000, 10000
	tr.Levels[0].Break = 10 * time.Minute
	if !tr.AddOnEligible(0, true, false) {
		t.Error("T6: during the break that ends the period, any stack (18,000) may add on")
	}
	if tr.AddOnEligible(0, false, false) {
		t.Error("no add-on while the period still runs")
	}
	if tr.AddOnEligible(0, true, true) {
		t.Error("one add-on only")
	}
	tr.Levels[0].Break = 0
	if !tr.AddOnEligible(1, false, false) || tr.AddOnEligible(2, false, false) {
		t.Error("without a break, the add-on is open during the first level after the period")
	}
}

// docs/rules/tournaments.md T8 (GR H.34, B.48): 50 entries × €100 + €10 fee and 20
// rebuys × €100 → pool €7,000, commission €500 (fees only, none on rebuys).
func TestT8PrizePoolAndCommission(t *testing.T) {
	tr := valid()
	tr.RebuyLevels, tr.RebuyPrice = 2, 10000
	var m Money
	for range 50 {
		m.Add(tr.Entry())
	}
	for range 20 {
		m.Add(tr.Rebuy())
	}
	if m.Pool != 700000 || m.Commission != 50000 {
		t.Fatalf("pool %d commission %d, want 700000 and 50000", m.Pool, m.Commission)
	}
}

// gr-regulation-1 §8 vector 18: 50 × (€100 + €15), 12 rebuys × €100 → pool
// €6,200, rake €750.
func TestB48PoolWithRebuys(t *testing.T) {
	tr := valid()
	tr.FeeAmt, tr.RebuyLevels, tr.RebuyPrice = 1500, 2, 10000
	var m Money
	for range 50 {
		m.Add(tr.Entry())
	}
	for range 12 {
		m.Add(tr.Rebuy())
	}
	if m.Pool != 620000 || m.Commission != 75000 {
		t.Fatalf("pool %d rake %d", m.Pool, m.Commission)
	}
}

// docs/rules/cz-tournaments.md §7 derived prize pool: 50 entrants pay 2,000 Kč each
// with a 10% fee taken from it: collected 100,000, fee 10,000, pool 90,000.
func TestCZPrizePoolWithoutTheFee(t *testing.T) {
	var m Money
	for range 50 {
		m.Add(EntryCharge{Stake: 1800, Fee: 200})
	}
	if m.Pool+m.Commission != 100000 || m.Commission != 10000 || m.Pool != 90000 {
		t.Fatalf("%+v", m)
	}
}

// docs/rules/tournaments.md T9 (gr-regulation-2 Γ.6): a table of 9 with a €10 fee →
// €90 into that table's drop box.
func TestT9FeeToDropBox(t *testing.T) {
	if got := DropBox(9, 1000); got != 9000 {
		t.Fatalf("drop box %d, want 9000", got)
	}
}

// docs/rules/tournaments.md T24, T25 (GR H.28, RU §7.1.7): the called clock is 60 s
// then 10 s and the shot clock 10 s; T26 (H.27(a)): a time bank is at most
// 5 minutes and the base time 5–60 s. Terms that change them are refused.
func TestT24T25T26ClockTerms(t *testing.T) {
	tr := valid()
	if tr.Clock.Called != 60*time.Second || tr.Clock.Countdown != 10*time.Second || tr.Clock.Shot != 10*time.Second {
		t.Fatalf("defaults %+v", tr.Clock)
	}
	tr.Clock.TimeBank = 300 * time.Second
	if err := tr.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []func(*Clock){
		func(c *Clock) { c.Called = 30 * time.Second },
		func(c *Clock) { c.Countdown = 5 * time.Second },
		func(c *Clock) { c.Shot = 20 * time.Second },
		func(c *Clock) { c.TimeBank = 301 * time.Second },
		func(c *Clock) { c.Action = 4 * time.Second },
		func(c *Clock) { c.Action = 61 * time.Second },
	} {
		x := valid()
		bad(&x.Clock)
		if reason(x.Validate()) != "BAD_CLOCK" {
			t.Errorf("clock %+v accepted", x.Clock)
		}
	}
}

// GR H.4: registration closes before the start; late registration is off
// unless the terms turn it on.
func TestH4DeadlineBeforeStart(t *testing.T) {
	tr := valid()
	if tr.LateRegistration {
		t.Fatal("late registration is off by default")
	}
	tr.RegistrationClosesAt = tr.StartAt.Add(time.Minute)
	if reason(tr.Validate()) != "LATE_DEADLINE" {
		t.Fatal("a deadline after the start must be rejected")
	}
}

// gr-regulation-1 A.2: seats per table by game.
func TestA2SeatsPerTable(t *testing.T) {
	for game, max := range map[string]int{"holdem": 10, "omaha": 10, "five_card_stud": 8, "seven_card_stud": 6} {
		tr := valid()
		tr.Game, tr.Seats = game, max
		if err := tr.Validate(); err != nil {
			t.Errorf("%s with %d: %v", game, max, err)
		}
		tr.Seats = max + 1
		if reason(tr.Validate()) != "BAD_SEATS" {
			t.Errorf("%s with %d accepted", game, max+1)
		}
	}
}

func TestPayoutTableMustPayThePool(t *testing.T) {
	tr := valid()
	tr.PayoutBps = []int32{5000, 3000, 1999}
	if reason(tr.Validate()) != "BAD_PAYOUT" {
		t.Fatal("a table paying 99.99% must be rejected (H.34)")
	}
	tr = valid()
	tr.Payout, tr.PayoutBps, tr.Winners = Equal, nil, 3
	if err := tr.Validate(); err != nil || tr.StopAt() != 3 || tr.PaidPlaces() != 3 {
		t.Fatalf("shared payout: %v", err)
	}
}

// B.104: chip values increase, each a multiple of the one below.
func TestB104ChipSet(t *testing.T) {
	tr := valid()
	tr.Chips = []int64{5, 25, 60}
	if reason(tr.Validate()) != "BAD_CHIP_SET" {
		t.Fatal("60 is not a multiple of 25")
	}
}

// FuzzValidate: Validate never panics on arbitrary terms.
func FuzzValidate(f *testing.F) {
	f.Add(int64(10000), int64(1000), int64(10000), int64(25), int64(50), 9, 1, int64(10000))
	f.Add(int64(0), int64(0), int64(-1), int64(0), int64(0), 0, -1, int64(-5))
	f.Fuzz(func(t *testing.T, buyIn, fee, stack, sb, bb int64, seats, rebuyLevels int, rebuy int64) {
		tr := valid()
		tr.BuyIn, tr.FeeAmt, tr.Stack, tr.Seats, tr.RebuyLevels, tr.RebuyPrice = buyIn, fee, stack, seats, rebuyLevels, rebuy
		tr.Levels[0].SmallBlind, tr.Levels[0].BigBlind = sb, bb
		if err := tr.Validate(); err == nil {
			if tr.Stack <= 0 || tr.Seats < 2 || tr.Levels[0].BigBlind <= 0 {
				t.Fatalf("accepted invalid terms %+v", tr)
			}
		}
	})
}

// docs/rules/tournaments.md T1, T2 (GR H.6, B.105) and docs/rules/cz-tournaments.md §1 hold for
// any amounts: the bounds are compared exactly, never through an int64
// product that can overflow (100 × 2^62 wraps to a small number).
func TestCheckFeeDoesNotOverflow(t *testing.T) {
	const big = int64(1) << 62
	const maxI = int64(^uint64(0) >> 1)
	cases := []struct {
		name       string
		rule       FeeRule
		stake, fee int64
		reason     string // "" = accepted
	}{
		{"T1 stake 100.00, fee 2^62+1000", FeeGreek, 10000, big + 1000, "FEE_OUT_OF_BOUNDS"},
		{"T1 stake 0, fee 2^62", FeeGreek, 0, big, "FEE_OUT_OF_BOUNDS"},
		{"T1 stake 100.00, fee max", FeeGreek, 10000, maxI, "FEE_OUT_OF_BOUNDS"},
		{"T1 stake max, fee max", FeeGreek, maxI, maxI, "FEE_OUT_OF_BOUNDS"},
		{"T1 stake max, fee a tenth of it (rounded up)", FeeGreek, maxI, maxI/10 + 1, ""},
		{"T1 stake max, fee just under a tenth", FeeGreek, maxI, maxI / 10, "FEE_OUT_OF_BOUNDS"},
		{"T1 stake max, fee 15% of it", FeeGreek, maxI, maxI / 100 * 15, ""},
		{"cz stake 2000, fee 2^62", FeeCzech, 2000, big, "FEE_OUT_OF_BOUNDS"},
		{"cz stake max, fee max (stake + fee past int64)", FeeCzech, maxI, maxI, "FEE_OUT_OF_BOUNDS"},
		// 8% of 9e18 collected: 100 × fee is 7.2e19, past int64.
		{"cz 8% of 9e18", FeeCzech, 92 * 9e16, 8 * 9e16, ""},
		{"cz just under 8% of 9e18", FeeCzech, 92*9e16 + 100, 8*9e16 - 1, "FEE_OUT_OF_BOUNDS"},
		{"negative fee", FeeGreek, 10000, -1000, "NEGATIVE_AMOUNT"},
		{"negative stake", FeeCzech, -10000, 1000, "NEGATIVE_AMOUNT"},
		{"no-fee rule, fee", FeeNone, 10000, 1, "FEE_NOT_ALLOWED"},
		{"unknown rule", FeeRule(7), 10000, 1000, "UNKNOWN_FEE_RULE"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckFee(c.rule, c.stake, c.fee)
			if got := reason(err); got != c.reason {
				t.Fatalf("CheckFee(%d, %d, %d): %v, want reason %q", c.rule, c.stake, c.fee, err, c.reason)
			}
		})
	}
}

// Every money amount of the terms is 0..MaxAmount (the wallet's bound on
// one movement: more can never be held), and so are the chips a rebuy or
// an add-on gives; the rebuy decision time is never negative.
func TestTermsAmounts(t *testing.T) {
	const big = int64(1) << 62
	rebuys := func(tr *Terms) { tr.RebuyLevels, tr.RebuyPrice, tr.AddOnPrice = 1, 10000, 10000 }
	cases := []struct {
		name   string
		edit   func(*Terms)
		reason string // "" = accepted
	}{
		{"valid", func(*Terms) {}, ""},
		{"valid with rebuys and add-on", rebuys, ""},
		// T1 (GR H.6): stake €100, fee 2^62 + €10 is far above €15.
		{"T1 fee 2^62+1000", func(tr *Terms) { tr.FeeAmt = big + 1000 }, "FEE_OUT_OF_BOUNDS"},
		// B.90: a satellite that charges a fee keeps the band, whatever its size.
		{"B.90 free satellite, fee 2^62", func(tr *Terms) { tr.Satellite, tr.BuyIn, tr.FeeAmt = true, 0, big }, "FEE_OUT_OF_BOUNDS"},
		{"stake and fee at the bound", func(tr *Terms) { tr.BuyIn, tr.FeeAmt = MaxAmount, MaxAmount/10 }, ""},
		{"stake past the bound, fee in its band", func(tr *Terms) { tr.BuyIn, tr.FeeAmt = 2*MaxAmount, MaxAmount/5 }, "AMOUNT_TOO_LARGE"},
		{"fee past the bound", func(tr *Terms) { tr.BuyIn, tr.FeeAmt = 10*MaxAmount, MaxAmount+1 }, "AMOUNT_TOO_LARGE"},
		// T3 (GR H.7): a rebuy fee can no longer wrap price + fee below the entry.
		{"T3 rebuy fee max", func(tr *Terms) { rebuys(tr); tr.RebuyFee = int64(^uint64(0) >> 1) }, "AMOUNT_TOO_LARGE"},
		{"add-on fee max", func(tr *Terms) { rebuys(tr); tr.AddOnFee = int64(^uint64(0) >> 1) }, "AMOUNT_TOO_LARGE"},
		// H.16(a)(2): a negative add-on price is no add-on and no refund.
		{"add-on price -100", func(tr *Terms) { rebuys(tr); tr.AddOnPrice = -100 }, "NEGATIVE_AMOUNT"},
		{"add-on price -100, freeze-out", func(tr *Terms) { tr.AddOnPrice = -100 }, "NEGATIVE_AMOUNT"},
		{"add-on fee -10", func(tr *Terms) { rebuys(tr); tr.AddOnFee = -10 }, "NEGATIVE_AMOUNT"},
		{"add-on chips -5", func(tr *Terms) { rebuys(tr); tr.AddOnChips = -5 }, "BAD_REBUY"},
		{"add-on chips -5, no add-on", func(tr *Terms) { tr.AddOnChips = -5 }, "BAD_REBUY"},
		{"rebuy fee -500, freeze-out", func(tr *Terms) { tr.RebuyFee = -500 }, "NEGATIVE_AMOUNT"},
		{"rebuy fee -500", func(tr *Terms) { rebuys(tr); tr.RebuyFee = -500 }, "NEGATIVE_AMOUNT"},
		{"rebuy price -1, freeze-out", func(tr *Terms) { tr.RebuyPrice = -1 }, "NEGATIVE_AMOUNT"},
		{"rebuy chips -5, freeze-out", func(tr *Terms) { tr.RebuyChips = -5 }, "BAD_REBUY"},
		// H.16(b): the time a busted player has to decide is never negative.
		{"rebuy decision -5 s", func(tr *Terms) { rebuys(tr); tr.RebuyDecision = -5 * time.Second }, "BAD_REBUY"},
		{"rebuy decision -5 s, freeze-out", func(tr *Terms) { tr.RebuyDecision = -5 * time.Second }, "BAD_REBUY"},
		{"rebuy decision 1 s", func(tr *Terms) { rebuys(tr); tr.RebuyDecision = time.Second }, ""},
		// Names are bounded like the other strings of a request (200 bytes).
		{"name 200 bytes", func(tr *Terms) { tr.Name = strings.Repeat("n", 200) }, ""},
		{"name 201 bytes", func(tr *Terms) { tr.Name = strings.Repeat("n", 201) }, "BAD_NAME"},
		{"satellite target 201 bytes", func(tr *Terms) { tr.Satellite, tr.Target = true, strings.Repeat("m", 201) }, "BAD_SATELLITE_TARGET"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := valid()
			c.edit(&tr)
			err := tr.Validate()
			if got := reason(err); got != c.reason {
				t.Fatalf("Validate: %v, want reason %q", err, c.reason)
			}
		})
	}
}

// GR H.33: the terms name the payout mode; a refusal names the mode sent.
func TestPayoutModeNamed(t *testing.T) {
	for _, c := range []struct {
		mode PayoutMode
		msg  string
	}{{0, "no payout mode"}, {9, "unknown payout mode 9"}} {
		tr := valid()
		tr.Payout = c.mode
		err := tr.Validate()
		if reason(err) != "BAD_PAYOUT" || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("payout mode %d: %v, want BAD_PAYOUT saying %q", c.mode, err, c.msg)
		}
	}
}

// docs/rules/tournaments.md T6 (GR H.16(a)(2)): the add-on window opens only for an
// add-on with a price; a negative price opens nothing.
func TestT6AddOnNeedsAPrice(t *testing.T) {
	for _, c := range []struct {
		price int64
		open  bool
	}{{10000, true}, {0, false}, {-100, false}} {
		tr := valid()
		tr.RebuyLevels, tr.RebuyPrice, tr.AddOnPrice = 1, 10000, c.price
		if got := tr.AddOnOpen(1, false); got != c.open {
			t.Errorf("add-on price %d: open %v, want %v", c.price, got, c.open)
		}
	}
}
