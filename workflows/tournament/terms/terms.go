// Package terms holds a tournament's published terms (the handbook of GR
// H.1): the game, the entry stake and registration fee with the bounds each
// rule profile puts on them, the starting stack, the level schedule, rebuys
// and the add-on, late registration, the payout model, the clock, and the
// chip set. Terms are fixed when the tournament is announced (gr-regulation-1
// B.103) and validated once; the workflow only reads them.
package terms

import (
	"math/bits"
	"time"
	"unicode/utf8"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/rules"
)

// FeeRule names whose rule bounds the registration fee.
type FeeRule uint8

// Fee rules.
const (
	// FeeGreek: 10% × entry stake ≤ fee ≤ 15% × entry stake (GR H.6,
	// gr-regulation-1 B.105), paid once; rebuys carry no fee unless the
	// terms add one (docs/rules/tournaments.md §6.1 DEFAULT).
	FeeGreek FeeRule = iota + 1
	// FeeCzech: the fee is 8–15% of all money collected
	// (docs/rules/cz-tournaments.md §1), so of stake + fee, and rebuys and add-ons
	// carry it too (§8.1).
	FeeCzech
	// FeeNone: no fee at all (a satellite without a fee, B.90).
	FeeNone
)

// PayoutMode is how the prize pool is divided (GR H.33, docs/rules/tournaments.md §18).
type PayoutMode uint8

// Payout modes.
const (
	// ByPlace: a fixed share per finishing place, play down to one (H.32).
	ByPlace PayoutMode = iota + 1
	// Equal: play stops when W players remain; they share equally (H.12, H.33).
	Equal
	// ByChips: play stops when W players remain; they share in proportion
	// to their chips (H.33).
	ByChips
)

// WithdrawalRefund is what an accepted entrant who withdraws before the
// start gets back (GR H.6: everything, unless the terms say otherwise).
type WithdrawalRefund uint8

// Withdrawal refunds.
const (
	RefundAll WithdrawalRefund = iota
	// RefundNone: the terms say otherwise: the stake stays in the pool and
	// the fee with the casino.
	RefundNone
)

// Level is one blind level. A break, if any, follows it.
type Level struct {
	SmallBlind int64         `json:"sb"`
	BigBlind   int64         `json:"bb"`
	Ante       int64         `json:"ante,omitempty"`
	BringIn    int64         `json:"bring_in,omitempty"`
	Duration   time.Duration `json:"d"`
	// Break after this level (docs/rules/tournaments.md §9 DEFAULT: breaks are part
	// of the structure and the clock stops during them).
	Break time.Duration `json:"break,omitempty"`
}

// Clock is the action clock the tables get (GR H.27, H.28; RU §7.1.7).
type Clock struct {
	// Action is the base time per decision, 5–60 s (H.27).
	Action time.Duration `json:"action"`
	// TimeBank is each player's extra time for the whole tournament, at
	// most 5 minutes (H.27(a)).
	TimeBank time.Duration `json:"bank,omitempty"`
	// Called is the clock called on a slow player, and Countdown the
	// warning after it: 60 s then 10 s, then the hand is dead (H.28(b),
	// RU §7.1.7 note).
	Called    time.Duration `json:"called"`
	Countdown time.Duration `json:"countdown"`
	// Shot is the per-decision limit a repeat offender gets for the rest of
	// the tournament (H.28(a)): 10 s.
	Shot time.Duration `json:"shot"`
	// HandPause is the pause between hands.
	HandPause time.Duration `json:"pause,omitempty"`
	// Extensions extra periods of Extension (at most 2 minutes) each
	// player may use, one a decision (H.27(b); the text sets no number).
	Extensions int           `json:"extensions,omitempty"`
	Extension  time.Duration `json:"extension,omitempty"`
}

// Terms are a tournament's published terms.
type Terms struct {
	Name string `json:"name"`
	// Game: "holdem", "omaha", "five_card_stud", "seven_card_stud".
	Game string `json:"game"`
	// Betting: "no_limit" (default), "pot_limit", "fixed_limit".
	Betting string `json:"betting,omitempty"`
	// Profile is the table rule profile ("gr", "cz", "ru-sport").
	Profile string `json:"profile"`
	// Currency and Exponent of the money (stake, fee, prizes); chips are
	// points (GR H.36).
	Currency string `json:"currency"`
	Exponent int    `json:"exp"`
	// BuyIn is the entry stake (B.48): it buys the starting stack and goes
	// whole into the prize pool.
	BuyIn int64 `json:"buy_in"`
	// Fee is the registration fee (B.105): casino revenue, never prize.
	Fee     FeeRule   `json:"fee_rule"`
	FeeAmt  int64     `json:"fee"`
	Stack   int64     `json:"stack"`
	Levels  []Level   `json:"levels"`
	Seats   int       `json:"seats"`
	Chips   []int64   `json:"chips,omitempty"`
	StartAt time.Time `json:"start"`
	// RegistrationClosesAt is the application deadline; always before the
	// start (H.4). Zero: the start.
	RegistrationClosesAt time.Time `json:"reg_closes,omitempty"`

	// Rebuys (H.7, H.16): allowed while the level index (0-based) is below
	// RebuyLevels; 0 is a freeze-out.
	RebuyLevels int   `json:"rebuy_levels,omitempty"`
	RebuyPrice  int64 `json:"rebuy_price,omitempty"`
	RebuyFee    int64 `json:"rebuy_fee,omitempty"`
	RebuyChips  int64 `json:"rebuy_chips,omitempty"`
	// MaxRebuys per player; 0 = no limit (cz: "several times").
	MaxRebuys int `json:"max_rebuys,omitempty"`
	// RebuyDecision is how long a busted player has to announce a rebuy
	// inside the period before he is out (H.16(b): he may not sit out hands
	// waiting to decide).
	RebuyDecision time.Duration `json:"rebuy_decision,omitempty"`
	// Add-on at the end of the rebuy period, whatever the stack (H.16(a)(2);
	// cz: once). AddOnPrice 0 = no add-on.
	AddOnPrice int64 `json:"add_on_price,omitempty"`
	AddOnFee   int64 `json:"add_on_fee,omitempty"`
	AddOnChips int64 `json:"add_on_chips,omitempty"`

	// Late registration: off by default (H.4: the deadline precedes the
	// start); when on, open while the level index is below LateLevels.
	LateRegistration bool `json:"late,omitempty"`
	LateLevels       int  `json:"late_levels,omitempty"`

	Payout PayoutMode `json:"payout"`
	// PayoutBps is each place's share in basis points (ByPlace), summing
	// to 10,000.
	PayoutBps []int32 `json:"bps,omitempty"`
	// Winners is W for Equal and ByChips.
	Winners int `json:"winners,omitempty"`

	// Satellite: a tournament whose prize is entry to another (B.90); it
	// may have no fee and even no stake.
	Satellite bool   `json:"satellite,omitempty"`
	Target    string `json:"target,omitempty"`

	MinEntrants int `json:"min,omitempty"`
	MaxEntrants int `json:"max,omitempty"`

	Clock      Clock            `json:"clock"`
	Withdrawal WithdrawalRefund `json:"withdrawal,omitempty"`
}

// Game limits: the most players per table by game (gr-regulation-1 A.2).
var maxSeats = map[string]int{"holdem": 10, "omaha": 10, "five_card_stud": 8, "seven_card_stud": 6}

// MaxSeats returns the most players a table of game may seat (A.2), or 0
// for an unknown game.
func MaxSeats(game string) int { return maxSeats[game] }

// Limits on sizes, so a tournament's state stays small enough to carry.
const (
	MaxEntrantsLimit = 100_000
	MaxLevels        = 200
	// MaxText bounds the name and the satellite target, in bytes (as the
	// API bounds idempotency keys).
	MaxText = 200
)

// MaxAmount bounds every money amount of the terms, in minor units: it is
// the wallet's bound on one movement (services/wallet/ledger.MaxAmount), so
// a stake or fee above it could never be held. Within it the fee rules'
// products and every price + fee fit in an int64.
const MaxAmount = 1_000_000_000_000_000

// Defaults fills in what the terms leave out: 9-handed tables up to the
// game's limit, one chip bank per rebuy and add-on (docs/rules/tournaments.md §11
// DEFAULT), the called clock of H.28(b), the GR profile.
func (t *Terms) Defaults() {
	if t.Profile == "" {
		t.Profile = "gr"
	}
	if t.Betting == "" {
		t.Betting = "no_limit"
	}
	if t.Fee == 0 {
		t.Fee = FeeGreek
		if t.Profile == "cz" {
			t.Fee = FeeCzech
		}
	}
	if t.Seats == 0 {
		t.Seats = min(9, MaxSeats(t.Game))
	}
	if t.RebuyChips == 0 {
		t.RebuyChips = t.Stack
	}
	if t.AddOnChips == 0 {
		t.AddOnChips = t.Stack
	}
	if t.RebuyDecision == 0 {
		t.RebuyDecision = 30 * time.Second
	}
	if t.Clock.Action == 0 {
		t.Clock.Action = 30 * time.Second
	}
	if t.Clock.Called == 0 {
		t.Clock.Called = 60 * time.Second
	}
	if t.Clock.Countdown == 0 {
		t.Clock.Countdown = 10 * time.Second
	}
	if t.Clock.Shot == 0 {
		t.Clock.Shot = 10 * time.Second
	}
	if t.MinEntrants == 0 {
		t.MinEntrants = 2
	}
	if t.MaxEntrants == 0 {
		t.MaxEntrants = MaxEntrantsLimit
	}
	if t.RegistrationClosesAt.IsZero() {
		t.RegistrationClosesAt = t.StartAt
	}
	if len(t.Chips) == 0 {
		t.Chips = []int64{5, 25, 100, 500, 1000, 5000, 10000}
	}
}

// Validate checks the terms. Every failure is INVALID_ARGUMENT with a
// reason naming the rule.
func (t *Terms) Validate() error {
	if t.Name == "" {
		return apierr.Invalid("NO_NAME", "a tournament needs a name")
	}
	if len(t.Name) > MaxText {
		return apierr.Invalid("BAD_NAME", "the name is %d bytes, at most %d", len(t.Name), MaxText)
	}
	if !utf8.ValidString(t.Name) || !utf8.ValidString(t.Target) {
		// The workflow's JSON would replace the bad bytes: the terms
		// started would not be the terms published.
		return apierr.Invalid("BAD_NAME", "the name and the satellite target must be UTF-8")
	}
	if len(t.Target) > MaxText {
		return apierr.Invalid("BAD_SATELLITE_TARGET", "the satellite target is %d bytes, at most %d", len(t.Target), MaxText)
	}
	if MaxSeats(t.Game) == 0 {
		return apierr.Invalid("UNKNOWN_GAME", "game %q: want holdem, omaha, five_card_stud or seven_card_stud", t.Game)
	}
	switch t.Betting {
	case "no_limit", "pot_limit", "fixed_limit":
	default:
		return apierr.Invalid("UNKNOWN_BETTING", "betting %q: want no_limit, pot_limit or fixed_limit", t.Betting)
	}
	if t.Profile != "" && !rules.IsPokerProfile(t.Profile) {
		return apierr.Invalid("UNKNOWN_PROFILE", "profile %q: want one of %v", t.Profile, rules.PokerProfiles())
	}
	if err := rules.CheckPokerScope(t.Profile, t.Game, t.Betting); err != nil {
		// Refused now, not when the tables open after registrations.
		return apierr.Invalid("PROFILE_DOES_NOT_FIT", "%v", err)
	}
	if t.Seats < 2 || t.Seats > MaxSeats(t.Game) {
		return apierr.Invalid("BAD_SEATS", "%d seats per table: %s allows 2..%d (gr-regulation-1 A.2)", t.Seats, t.Game, MaxSeats(t.Game))
	}
	if len(t.Currency) != 3 || t.Currency == "CHP" || !utf8.ValidString(t.Currency) {
		return apierr.Invalid("BAD_CURRENCY", "currency %q: the stake and fee are money (GR H.36)", t.Currency)
	}
	if err := t.validateMoney(); err != nil {
		return err
	}
	if t.Stack <= 0 {
		return apierr.Invalid("BAD_STACK", "the starting stack must be positive (GR H.14)")
	}
	if err := t.validateChips(); err != nil {
		return err
	}
	if err := t.validateLevels(); err != nil {
		return err
	}
	if err := t.validateRebuys(); err != nil {
		return err
	}
	if err := t.validatePayout(); err != nil {
		return err
	}
	if err := t.validateClock(); err != nil {
		return err
	}
	if t.MinEntrants < 2 || t.MaxEntrants < t.MinEntrants || t.MaxEntrants > MaxEntrantsLimit {
		return apierr.Invalid("BAD_ENTRANTS", "entrants %d..%d: want 2 <= min <= max <= %d", t.MinEntrants, t.MaxEntrants, MaxEntrantsLimit)
	}
	if t.StartAt.IsZero() {
		return apierr.Invalid("NO_START", "the terms must give the start time (GR H.1)")
	}
	if t.RegistrationClosesAt.After(t.StartAt) {
		return apierr.Invalid("LATE_DEADLINE", "registration must close before the start (GR H.4)")
	}
	if t.LateRegistration && (t.LateLevels < 1 || t.LateLevels > len(t.Levels)) {
		return apierr.Invalid("BAD_LATE_REGISTRATION", "late registration needs 1..%d levels", len(t.Levels))
	}
	if !t.LateRegistration && t.LateLevels != 0 {
		return apierr.Invalid("BAD_LATE_REGISTRATION", "late levels without late registration")
	}
	return nil
}

// validateMoney checks every money amount of the terms: none negative
// (whether or not the terms use it), the stake and fee against the fee rule,
// and none above MaxAmount.
func (t *Terms) validateMoney() error {
	amounts := []struct {
		what string
		amt  int64
	}{{"buy-in", t.BuyIn}, {"fee", t.FeeAmt}, {"rebuy price", t.RebuyPrice}, {"rebuy fee", t.RebuyFee},
		{"add-on price", t.AddOnPrice}, {"add-on fee", t.AddOnFee}}
	for _, a := range amounts {
		if a.amt < 0 {
			return apierr.Invalid("NEGATIVE_AMOUNT", "%s %d: amounts are never negative", a.what, a.amt)
		}
	}
	if t.BuyIn == 0 && !t.Satellite {
		// Only a satellite may hand out free chips (B.90).
		return apierr.Invalid("NO_STAKE", "an entry stake is required except for a satellite (gr-regulation-1 B.48, B.90)")
	}
	// B.90: a satellite may charge no fee: no rake, no GGR.
	if !t.Satellite || t.FeeAmt != 0 {
		if err := CheckFee(t.Fee, t.BuyIn, t.FeeAmt); err != nil {
			return err
		}
	}
	for _, a := range amounts {
		if a.amt > MaxAmount {
			return apierr.Invalid("AMOUNT_TOO_LARGE", "%s %d above the most one payment may be, %d", a.what, a.amt, int64(MaxAmount))
		}
	}
	return nil
}

// mulLess reports whether a×x < b×y, exactly: the products are 128-bit.
func mulLess(a, x, b, y uint64) bool {
	hi1, lo1 := bits.Mul64(a, x)
	hi2, lo2 := bits.Mul64(b, y)
	return hi1 < hi2 || (hi1 == hi2 && lo1 < lo2)
}

// CheckFee checks a registration fee against its rule, in exact integer
// arithmetic on minor units, whatever their size (no product overflows).
func CheckFee(rule FeeRule, stake, fee int64) error {
	if stake < 0 || fee < 0 {
		return apierr.Invalid("NEGATIVE_AMOUNT", "stake %d, fee %d: amounts are never negative", stake, fee)
	}
	s, f := uint64(stake), uint64(fee)
	switch rule {
	case FeeGreek:
		// GR H.6, B.105: 10% of the stake <= fee <= 15% of the stake.
		if mulLess(100, f, 10, s) || mulLess(15, s, 100, f) {
			return apierr.Invalid("FEE_OUT_OF_BOUNDS", "fee %d outside 10%%..15%% of the entry stake %d (GR H.6, gr-regulation-1 B.105)", fee, stake)
		}
	case FeeCzech:
		// cz-tournaments §1: 8%..15% of all money collected (stake + fee).
		// Two int64s that are not negative sum within a uint64.
		all := s + f
		if mulLess(100, f, 8, all) || mulLess(15, all, 100, f) {
			return apierr.Invalid("FEE_OUT_OF_BOUNDS", "fee %d outside 8%%..15%% of the %d collected (cz-tournaments.md §1)", fee, all)
		}
	case FeeNone:
		if fee != 0 {
			return apierr.Invalid("FEE_NOT_ALLOWED", "this tournament charges no fee")
		}
	default:
		return apierr.Invalid("UNKNOWN_FEE_RULE", "fee rule %d", rule)
	}
	return nil
}

func (t *Terms) validateChips() error {
	for i, c := range t.Chips {
		if c <= 0 || (i > 0 && (c <= t.Chips[i-1] || c%t.Chips[i-1] != 0)) {
			// B.104: one colour per value; each value a multiple of the
			// one below it so a colour-up is exact.
			return apierr.Invalid("BAD_CHIP_SET", "chip values must be positive, increasing and each a multiple of the one before (gr-regulation-1 B.104)")
		}
	}
	if t.Stack%t.Chips[0] != 0 {
		return apierr.Invalid("BAD_STACK", "the starting stack %d is not a multiple of the smallest chip %d", t.Stack, t.Chips[0])
	}
	return nil
}

func (t *Terms) validateLevels() error {
	if len(t.Levels) == 0 || len(t.Levels) > MaxLevels {
		return apierr.Invalid("BAD_LEVELS", "1..%d levels are needed (GR-ctx line 2521)", MaxLevels)
	}
	for i, l := range t.Levels {
		if l.BigBlind <= 0 || l.SmallBlind < 0 || l.SmallBlind > l.BigBlind || l.Ante < 0 || l.BringIn < 0 {
			return apierr.Invalid("BAD_LEVEL", "level %d: want 0 <= small blind <= big blind, big blind > 0, ante >= 0", i+1)
		}
		if l.Duration < time.Second || l.Break < 0 {
			return apierr.Invalid("BAD_LEVEL", "level %d: a level lasts at least a second and a break is never negative", i+1)
		}
		for _, amt := range []int64{l.SmallBlind, l.BigBlind, l.Ante, l.BringIn} {
			if amt%t.Chips[0] != 0 {
				return apierr.Invalid("BAD_LEVEL", "level %d: %d is not a multiple of the smallest chip %d", i+1, amt, t.Chips[0])
			}
		}
		if i > 0 && l.BigBlind < t.Levels[i-1].BigBlind {
			return apierr.Invalid("BAD_LEVEL", "level %d: blinds never go down", i+1)
		}
	}
	return nil
}

func (t *Terms) validateRebuys() error {
	if t.RebuyDecision < 0 {
		// H.16(b): the time a busted player has to announce a rebuy.
		return apierr.Invalid("BAD_REBUY", "rebuy decision time %s is negative (GR H.16(b))", t.RebuyDecision)
	}
	if t.RebuyChips < 0 || t.AddOnChips < 0 {
		return apierr.Invalid("BAD_REBUY", "rebuy chips %d, add-on chips %d: chips are never negative", t.RebuyChips, t.AddOnChips)
	}
	if t.RebuyLevels < 0 || t.RebuyLevels > len(t.Levels) || t.MaxRebuys < 0 {
		return apierr.Invalid("BAD_REBUY", "rebuy period of %d levels outside 0..%d", t.RebuyLevels, len(t.Levels))
	}
	if t.RebuyLevels > 0 {
		if err := t.checkRepeatEntry("rebuy", t.RebuyPrice, t.RebuyFee, t.RebuyChips); err != nil {
			return err
		}
	} else if t.RebuyPrice != 0 || t.MaxRebuys != 0 {
		return apierr.Invalid("BAD_REBUY", "a rebuy price without a rebuy period")
	}
	if t.AddOnPrice != 0 {
		if t.RebuyLevels == 0 {
			// H.16(a)(2): the add-on comes at the end of the rebuy period.
			return apierr.Invalid("BAD_ADD_ON", "an add-on needs a rebuy period to end (GR H.16(a)(2))")
		}
		if err := t.checkRepeatEntry("add-on", t.AddOnPrice, t.AddOnFee, t.AddOnChips); err != nil {
			return err
		}
	}
	return nil
}

// checkRepeatEntry applies H.7 to a rebuy or an add-on: it costs no more
// than the player's original entry, stake against stake and total against
// total, and carries a fee only where the profile charges one.
func (t *Terms) checkRepeatEntry(what string, price, fee, chips int64) error {
	if price <= 0 || chips <= 0 || chips%t.Chips[0] != 0 {
		return apierr.Invalid("BAD_REBUY", "%s needs a positive price and a positive number of chips in whole chips", what)
	}
	if price > t.BuyIn || price+fee > t.BuyIn+t.FeeAmt {
		return apierr.Invalid("REBUY_ABOVE_ENTRY", "%s price %d exceeds the original entry %d (GR H.7)", what, price, t.BuyIn)
	}
	switch {
	case t.Fee == FeeCzech:
		// cz §8.1: the fee is on all money collected, rebuys included.
		if err := CheckFee(FeeCzech, price, fee); err != nil {
			return err
		}
	case fee != 0:
		if err := CheckFee(t.Fee, price, fee); err != nil {
			return err
		}
	}
	return nil
}

func (t *Terms) validatePayout() error {
	switch t.Payout {
	case ByPlace:
		if len(t.PayoutBps) == 0 || len(t.PayoutBps) > t.MaxEntrantsOrLimit() {
			return apierr.Invalid("BAD_PAYOUT", "a payout table needs at least one place")
		}
		var sum int64
		for i, b := range t.PayoutBps {
			if b <= 0 || (i > 0 && b > t.PayoutBps[i-1]) {
				return apierr.Invalid("BAD_PAYOUT", "place %d: shares are positive and never grow down the table", i+1)
			}
			sum += int64(b)
		}
		if sum != 10000 {
			return apierr.Invalid("BAD_PAYOUT", "payout shares sum to %d basis points, want 10000 (GR H.34: the whole pool is paid)", sum)
		}
		if t.Winners != 0 {
			return apierr.Invalid("BAD_PAYOUT", "winners is for shared payouts")
		}
	case Equal, ByChips:
		// H.33: the terms name how many winners there are.
		if t.Winners < 1 || len(t.PayoutBps) != 0 {
			return apierr.Invalid("BAD_PAYOUT", "a shared payout names its number of winners and no place table (GR H.33)")
		}
	case 0:
		return apierr.Invalid("BAD_PAYOUT", "the terms name no payout mode (GR H.33)")
	default:
		return apierr.Invalid("BAD_PAYOUT", "unknown payout mode %d", t.Payout)
	}
	return nil
}

// MaxEntrantsOrLimit is the entrant cap.
func (t *Terms) MaxEntrantsOrLimit() int {
	if t.MaxEntrants == 0 {
		return MaxEntrantsLimit
	}
	return t.MaxEntrants
}

func (t *Terms) validateClock() error {
	c := t.Clock
	if c.Action < 5*time.Second || c.Action > 60*time.Second {
		return apierr.Invalid("BAD_CLOCK", "action time %s outside 5..60 s (GR H.27)", c.Action)
	}
	if c.TimeBank < 0 || c.TimeBank > 5*time.Minute {
		return apierr.Invalid("BAD_CLOCK", "time bank %s outside 0..5 min (GR H.27(a))", c.TimeBank)
	}
	if c.Called != 60*time.Second || c.Countdown != 10*time.Second {
		// H.28(b) and RU §7.1.7 agree on the called clock: 60 s then 10 s.
		return apierr.Invalid("BAD_CLOCK", "the called clock is 60 s then 10 s (GR H.28(b), RU §7.1.7)")
	}
	if c.Shot != 10*time.Second {
		return apierr.Invalid("BAD_CLOCK", "the shot clock is 10 s (GR H.28(a))")
	}
	if c.HandPause < 0 || c.HandPause > time.Minute {
		return apierr.Invalid("BAD_CLOCK", "hand pause %s outside 0..1 min", c.HandPause)
	}
	if c.Extensions < 0 || c.Extensions > 20 || c.Extension < 0 || c.Extension > 2*time.Minute || (c.Extensions > 0) != (c.Extension > 0) {
		return apierr.Invalid("BAD_CLOCK", "extension periods %d of %s: want 0..20 of up to 2 min, both set or neither (GR H.27(b))", c.Extensions, c.Extension)
	}
	return nil
}

// Shared reports whether play stops with several winners (H.12, H.33).
func (t *Terms) Shared() bool { return t.Payout == Equal || t.Payout == ByChips }

// PaidPlaces is the number of players who share the prize: the place table's
// length or W.
func (t *Terms) PaidPlaces() int {
	if t.Shared() {
		return t.Winners
	}
	return len(t.PayoutBps)
}

// StopAt is the number of players left when play stops: W for a shared
// payout, one otherwise (cz: the last player holding all chips wins).
func (t *Terms) StopAt() int {
	if t.Shared() {
		return t.Winners
	}
	return 1
}

// RebuyOpen reports whether level (0-based) is inside the rebuy period.
func (t *Terms) RebuyOpen(level int) bool { return level < t.RebuyLevels }

// RebuyEligible applies H.16(a)(1): inside the period, with half or less of
// the starting stack, and rebuys left. The "≤" is the one OCR lost
// ("δηλαδή, . 50%", docs/rules/tournaments.md §24 note 9).
func (t *Terms) RebuyEligible(level int, stack int64, rebuys int) bool {
	return t.RebuyOpen(level) && 2*stack <= t.Stack && (t.MaxRebuys == 0 || rebuys < t.MaxRebuys)
}

// EntryCharge is what a player pays for one entry, rebuy or add-on: the
// stake into the prize pool and the fee to the casino.
type EntryCharge struct {
	Stake int64 `json:"stake"`
	Fee   int64 `json:"fee"`
	Chips int64 `json:"chips"`
}

// Entry is the registration charge.
func (t *Terms) Entry() EntryCharge {
	return EntryCharge{Stake: t.BuyIn, Fee: t.FeeAmt, Chips: t.Stack}
}

// Rebuy is one rebuy's charge.
func (t *Terms) Rebuy() EntryCharge {
	return EntryCharge{Stake: t.RebuyPrice, Fee: t.RebuyFee, Chips: t.RebuyChips}
}

// AddOn is the add-on's charge.
func (t *Terms) AddOn() EntryCharge {
	return EntryCharge{Stake: t.AddOnPrice, Fee: t.AddOnFee, Chips: t.AddOnChips}
}
