package api

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// start is a fixed start time for the pure conversions (the core's "not in
// the past" check is not theirs).
var start = time.Date(2031, 3, 2, 18, 0, 0, 0, time.UTC)

func cash(cur string, amount int64) *commonv1.Money {
	return &commonv1.Money{Amount: amount, Currency: cur}
}

func eur(amount int64) *commonv1.Money { return cash("EUR", amount) }

// validStructure is a Greek no-limit hold'em freeze-out with rebuys and an
// add-on that passes terms.Validate once defaulted.
func validStructure() *tournamentv1.Structure {
	return &tournamentv1.Structure{
		Game: "holdem", BuyIn: eur(10000), Fee: eur(1000), FeeRule: tournamentv1.FeeRule_FEE_RULE_GREEK, StartingStack: 10000,
		Levels: []*tournamentv1.Level{
			{SmallBlind: 25, BigBlind: 50, DurationSeconds: 600},
			{SmallBlind: 50, BigBlind: 100, DurationSeconds: 600, BreakSeconds: 300},
			{SmallBlind: 100, BigBlind: 200, Ante: 25, DurationSeconds: 600},
		},
		SeatsPerTable: 9, RebuyLevels: 2, RebuyPrice: eur(10000), MaxRebuys: 3, AddOnPrice: eur(10000), AddOnChips: 15000,
		PayoutMode: tournamentv1.PayoutMode_PAYOUT_MODE_BY_PLACE, PayoutBps: []int32{5000, 3000, 2000},
		MinEntrants: 2, MaxEntrants: 100, Clock: &tournamentv1.Clock{ActionSeconds: 30, TimeBankSeconds: 120, HandPauseMs: 2000},
	}
}

// fullStructure sets every field of a Structure: a pot-limit Omaha
// satellite with rebuys, an add-on, late registration, an equal split and
// no refund on withdrawal. It is valid once defaulted.
func fullStructure() *tournamentv1.Structure {
	return &tournamentv1.Structure{
		Game: "omaha", Betting: "pot_limit", Profile: "ru-sport",
		BuyIn: cash("CZK", 9200), Fee: cash("CZK", 800), FeeRule: tournamentv1.FeeRule_FEE_RULE_CZECH, StartingStack: 20000,
		Levels: []*tournamentv1.Level{
			{SmallBlind: 50, BigBlind: 100, Ante: 10, DurationSeconds: 900},
			{SmallBlind: 100, BigBlind: 200, Ante: 20, BringIn: 30, DurationSeconds: 900, BreakSeconds: 600},
		},
		SeatsPerTable: 8, RebuyLevels: 2, RebuyPrice: cash("CZK", 9200), RebuyFee: cash("", 800), RebuyChips: 20000, MaxRebuys: 2,
		RebuyDecisionSeconds: 45, AddOnPrice: cash("CZK", 4600), AddOnFee: cash("CZK", 400), AddOnChips: 25000,
		LateRegistration: true, LateRegistrationLevels: 1, PayoutMode: tournamentv1.PayoutMode_PAYOUT_MODE_EQUAL, Winners: 3,
		Satellite: true, SatelliteTarget: "main-event-2031", MinEntrants: 10, MaxEntrants: 300, Chips: []int64{10, 50, 100, 500},
		Clock:                &tournamentv1.Clock{ActionSeconds: 20, TimeBankSeconds: 90, HandPauseMs: 1500},
		RegistrationClosesAt: timestamppb.New(start.Add(-10 * time.Minute)), NoWithdrawalRefund: true,
	}
}

// fullTerms is what fullStructure must read as.
func fullTerms() terms.Terms {
	return terms.Terms{Name: "Sunday Satellite", Game: "omaha", Betting: "pot_limit", Profile: "ru-sport", Currency: "CZK", Exponent: 2,
		BuyIn: 9200, Fee: terms.FeeCzech, FeeAmt: 800, Stack: 20000,
		Levels: []terms.Level{
			{SmallBlind: 50, BigBlind: 100, Ante: 10, Duration: 15 * time.Minute},
			{SmallBlind: 100, BigBlind: 200, Ante: 20, BringIn: 30, Duration: 15 * time.Minute, Break: 10 * time.Minute},
		},
		Seats: 8, Chips: []int64{10, 50, 100, 500}, StartAt: start, RegistrationClosesAt: start.Add(-10 * time.Minute),
		RebuyLevels: 2, RebuyPrice: 9200, RebuyFee: 800, RebuyChips: 20000, MaxRebuys: 2, RebuyDecision: 45 * time.Second,
		AddOnPrice: 4600, AddOnFee: 400, AddOnChips: 25000, LateRegistration: true, LateLevels: 1,
		Payout: terms.Equal, Winners: 3, Satellite: true, Target: "main-event-2031", MinEntrants: 10, MaxEntrants: 300,
		Clock:      terms.Clock{Action: 20 * time.Second, TimeBank: 90 * time.Second, HandPause: 1500 * time.Millisecond},
		Withdrawal: terms.RefundNone}
}

// sameTerms compares terms, times by instant.
func sameTerms(a, b terms.Terms) bool {
	if !a.StartAt.Equal(b.StartAt) || !a.RegistrationClosesAt.Equal(b.RegistrationClosesAt) {
		return false
	}
	a.StartAt, b.StartAt, a.RegistrationClosesAt, b.RegistrationClosesAt = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	return reflect.DeepEqual(a, b)
}

// wantRefused checks err is a refusal with code and, when reason is not
// empty, that reason; a refusal always carries some reason.
func wantRefused(t testing.TB, err error, code connect.Code, reason string) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted; want %v %s", code, reason)
	}
	if got := apierr.Code(err); got != code {
		t.Fatalf("code %v (%v); want %v", got, err, code)
	}
	got := apierr.Reason(err)
	if got == "" || (reason != "" && got != reason) {
		t.Fatalf("reason %q (%v); want %q", got, err, reason)
	}
}

func TestTermsOfReadsEveryField(t *testing.T) {
	got, err := termsOf("Sunday Satellite", fullStructure(), start)
	if err != nil {
		t.Fatal(err)
	}
	if want := fullTerms(); !sameTerms(got, want) {
		t.Fatalf("termsOf:\n got %+v\nwant %+v", got, want)
	}
	// The defaulted terms are valid: the structure is a real one.
	got.Defaults()
	if err := got.Validate(); err != nil {
		t.Fatalf("fullStructure does not validate: %v", err)
	}
}

func TestTermsOfEnums(t *testing.T) {
	fees := []struct {
		in   tournamentv1.FeeRule
		want terms.FeeRule
	}{
		// UNSPECIFIED leaves the choice to the profile (Terms.Defaults).
		{tournamentv1.FeeRule_FEE_RULE_UNSPECIFIED, 0},
		{tournamentv1.FeeRule_FEE_RULE_GREEK, terms.FeeGreek},
		{tournamentv1.FeeRule_FEE_RULE_CZECH, terms.FeeCzech},
		{tournamentv1.FeeRule_FEE_RULE_NONE, terms.FeeNone},
	}
	for _, c := range fees {
		s := validStructure()
		s.FeeRule = c.in
		got, err := termsOf("t", s, start)
		if err != nil || got.Fee != c.want {
			t.Errorf("fee rule %v: got %v, %v; want %v", c.in, got.Fee, err, c.want)
		}
		if back := structureOf(got).GetFeeRule(); back != c.in {
			t.Errorf("fee rule %v written back as %v", c.in, back)
		}
	}
	payouts := []struct {
		in   tournamentv1.PayoutMode
		want terms.PayoutMode
	}{
		{tournamentv1.PayoutMode_PAYOUT_MODE_UNSPECIFIED, 0},
		{tournamentv1.PayoutMode_PAYOUT_MODE_BY_PLACE, terms.ByPlace},
		{tournamentv1.PayoutMode_PAYOUT_MODE_EQUAL, terms.Equal},
		{tournamentv1.PayoutMode_PAYOUT_MODE_BY_CHIPS, terms.ByChips},
	}
	for _, c := range payouts {
		s := validStructure()
		s.PayoutMode = c.in
		got, err := termsOf("t", s, start)
		if err != nil || got.Payout != c.want {
			t.Errorf("payout %v: got %v, %v; want %v", c.in, got.Payout, err, c.want)
		}
		if back := structureOf(got).GetPayoutMode(); back != c.in {
			t.Errorf("payout %v written back as %v", c.in, back)
		}
	}
	// Every profile the tables know is accepted; none means the default.
	for _, p := range []string{"", "gr", "cz", "ru-sport", "ru-club"} {
		s := validStructure()
		s.Profile = p
		if got, err := termsOf("t", s, start); err != nil || got.Profile != p {
			t.Errorf("profile %q: got %q, %v", p, got.Profile, err)
		}
	}
	// The last and first instants a Timestamp can hold are times.
	for _, sec := range []int64{253402300799, -62135596800} {
		s := validStructure()
		s.RegistrationClosesAt = &timestamppb.Timestamp{Seconds: sec}
		if got, err := termsOf("t", s, start); err != nil || got.RegistrationClosesAt.Unix() != sec {
			t.Errorf("deadline %d s: got %v, %v", sec, got.RegistrationClosesAt, err)
		}
	}
	for _, noRefund := range []bool{false, true} {
		s := validStructure()
		s.NoWithdrawalRefund = noRefund
		got, err := termsOf("t", s, start)
		// GR H.6: a withdrawal is refunded unless the terms say otherwise.
		want := terms.RefundAll
		if noRefund {
			want = terms.RefundNone
		}
		if err != nil || got.Withdrawal != want {
			t.Errorf("no_withdrawal_refund=%v: got %v, %v; want %v", noRefund, got.Withdrawal, err, want)
		}
	}
}

func TestTermsOfOmittedParts(t *testing.T) {
	s := validStructure()
	s.Fee, s.RebuyPrice, s.AddOnPrice, s.Clock, s.RegistrationClosesAt = nil, nil, nil, nil, nil
	got, err := termsOf("t", s, start)
	if err != nil {
		t.Fatal(err)
	}
	// An absent amount is zero, an absent clock the zero clock (Defaults
	// fills it), an absent deadline zero (Defaults makes it the start).
	if got.FeeAmt != 0 || got.RebuyPrice != 0 || got.AddOnPrice != 0 || got.Clock != (terms.Clock{}) || !got.RegistrationClosesAt.IsZero() {
		t.Fatalf("omitted parts read as %+v", got)
	}
	if got.Currency != "EUR" || got.BuyIn != 10000 || got.Exponent != 2 {
		t.Fatalf("buy-in read as %d %s exp %d", got.BuyIn, got.Currency, got.Exponent)
	}
	// A level given as nil reads as the zero level (which Validate refuses)
	// rather than panicking.
	s.Levels = append(s.Levels, nil)
	got, err = termsOf("t", s, start)
	if err != nil || len(got.Levels) != 4 || got.Levels[3] != (terms.Level{}) {
		t.Fatalf("nil level: %+v, %v", got.Levels, err)
	}
}

func TestTermsOfRefusals(t *testing.T) {
	cases := []struct {
		name   string
		s      func() *tournamentv1.Structure
		reason string
		// field is named in the message.
		field string
	}{
		{"no structure", func() *tournamentv1.Structure { return nil }, "NO_STRUCTURE", "structure"},
		{"fee in another currency", func() *tournamentv1.Structure { s := validStructure(); s.Fee = cash("USD", 1000); return s }, "CURRENCY_MISMATCH", "fee is in USD"},
		{"rebuy price in another currency", func() *tournamentv1.Structure {
			s := validStructure()
			s.RebuyPrice = cash("USD", 10000)
			return s
		}, "CURRENCY_MISMATCH", "rebuy price"},
		{"rebuy fee in another currency", func() *tournamentv1.Structure { s := validStructure(); s.RebuyFee = cash("GBP", 0); return s }, "CURRENCY_MISMATCH", "rebuy fee"},
		{"add-on price in another currency", func() *tournamentv1.Structure {
			s := validStructure()
			s.AddOnPrice = cash("CZK", 10000)
			return s
		}, "CURRENCY_MISMATCH", "add-on price"},
		{"add-on fee in another currency", func() *tournamentv1.Structure { s := validStructure(); s.AddOnFee = cash("CHP", 0); return s }, "CURRENCY_MISMATCH", "add-on fee"},
		// Currencies are codes: "eur" is not "EUR".
		{"fee in lower case", func() *tournamentv1.Structure { s := validStructure(); s.Fee = cash("eur", 1000); return s }, "CURRENCY_MISMATCH", "fee"},
		// Without a buy-in there is no currency; a fee in EUR does not
		// give it one.
		{"fee without buy-in", func() *tournamentv1.Structure { s := validStructure(); s.BuyIn = nil; return s }, "CURRENCY_MISMATCH", "fee"},
		// An enum value this API does not know is refused, not read as
		// UNSPECIFIED (the profile's default fee rule), and the refusal
		// names the value sent.
		{"unknown fee rule", func() *tournamentv1.Structure { s := validStructure(); s.FeeRule = 7; return s }, "UNKNOWN_FEE_RULE", "fee rule 7"},
		{"negative fee rule", func() *tournamentv1.Structure { s := validStructure(); s.FeeRule = -1; return s }, "UNKNOWN_FEE_RULE", "fee rule -1"},
		{"unknown payout mode", func() *tournamentv1.Structure { s := validStructure(); s.PayoutMode = 9; return s }, "BAD_PAYOUT", "payout mode 9"},
		// The tables' rule profiles (services/table/poker/profile): an
		// unknown one is refused at creation, not when the tables open.
		{"unknown profile", func() *tournamentv1.Structure { s := validStructure(); s.Profile = "klingon"; return s }, "UNKNOWN_PROFILE", "klingon"},
		{"profile in upper case", func() *tournamentv1.Structure { s := validStructure(); s.Profile = "GR"; return s }, "UNKNOWN_PROFILE", "GR"},
		// A Timestamp outside 0001..9999 (or with bad nanos) is no time:
		// refused here rather than failing to encode for Temporal.
		{"deadline before year 1", func() *tournamentv1.Structure {
			s := validStructure()
			s.RegistrationClosesAt = &timestamppb.Timestamp{Seconds: -70000000000}
			return s
		}, "BAD_TIMESTAMP", "registration_closes_at"},
		{"deadline after year 9999", func() *tournamentv1.Structure {
			s := validStructure()
			s.RegistrationClosesAt = &timestamppb.Timestamp{Seconds: 253402300800}
			return s
		}, "BAD_TIMESTAMP", "registration_closes_at"},
		{"deadline with negative nanos", func() *tournamentv1.Structure {
			s := validStructure()
			s.RegistrationClosesAt = &timestamppb.Timestamp{Seconds: start.Unix() - 60, Nanos: -1}
			return s
		}, "BAD_TIMESTAMP", "registration_closes_at"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := termsOf("t", c.s(), start)
			wantRefused(t, err, connect.CodeInvalidArgument, c.reason)
			if !strings.Contains(err.Error(), c.field) {
				t.Fatalf("message %q does not name %q", err, c.field)
			}
		})
	}
}

// TestCreateStructureRules runs structures through what CreateTournament
// does before starting a workflow (termsOf, then the core's Defaults and
// Validate) and checks the published-terms rules land on the right fields.
func TestCreateStructureRules(t *testing.T) {
	cases := []struct {
		name   string
		edit   func(s *tournamentv1.Structure)
		reason string // "" = accepted
	}{
		{"valid", func(*tournamentv1.Structure) {}, ""},
		// docs/rules/tournaments.md T1 (GR H.6): stake €100, fee valid iff €10 <= fee <= €15.
		{"T1 fee 9.00", func(s *tournamentv1.Structure) { s.Fee = eur(900) }, "FEE_OUT_OF_BOUNDS"},
		{"T1 fee 10.00", func(s *tournamentv1.Structure) { s.Fee = eur(1000) }, ""},
		{"T1 fee 15.00", func(s *tournamentv1.Structure) { s.Fee = eur(1500) }, ""},
		{"T1 fee 15.01", func(s *tournamentv1.Structure) { s.Fee = eur(1501) }, "FEE_OUT_OF_BOUNDS"},
		// T2: stake €150, fee in [€15.00, €22.50].
		{"T2 fee 14.99", func(s *tournamentv1.Structure) {
			s.BuyIn, s.Fee, s.RebuyPrice, s.AddOnPrice = eur(15000), eur(1499), eur(15000), eur(15000)
		}, "FEE_OUT_OF_BOUNDS"},
		{"T2 fee 15.00", func(s *tournamentv1.Structure) {
			s.BuyIn, s.Fee, s.RebuyPrice, s.AddOnPrice = eur(15000), eur(1500), eur(15000), eur(15000)
		}, ""},
		{"T2 fee 22.50", func(s *tournamentv1.Structure) {
			s.BuyIn, s.Fee, s.RebuyPrice, s.AddOnPrice = eur(15000), eur(2250), eur(15000), eur(15000)
		}, ""},
		{"T2 fee 22.51", func(s *tournamentv1.Structure) {
			s.BuyIn, s.Fee, s.RebuyPrice, s.AddOnPrice = eur(15000), eur(2251), eur(15000), eur(15000)
		}, "FEE_OUT_OF_BOUNDS"},
		// T3 (GR H.7): original entry €100; rebuy €100 OK, €101 refused.
		{"T3 rebuy 100", func(s *tournamentv1.Structure) { s.RebuyPrice = eur(10000) }, ""},
		{"T3 rebuy 101", func(s *tournamentv1.Structure) { s.RebuyPrice = eur(10100) }, "REBUY_ABOVE_ENTRY"},
		{"T3 add-on 101", func(s *tournamentv1.Structure) { s.AddOnPrice = eur(10100) }, "REBUY_ABOVE_ENTRY"},
		// An amount with no currency is in the buy-in's.
		{"fee without currency", func(s *tournamentv1.Structure) { s.Fee = cash("", 1000) }, ""},
		// GR H.4: registration closes before the start, never after.
		{"H.4 deadline at start", func(s *tournamentv1.Structure) { s.RegistrationClosesAt = timestamppb.New(start) }, ""},
		{"H.4 deadline after start", func(s *tournamentv1.Structure) { s.RegistrationClosesAt = timestamppb.New(start.Add(time.Second)) }, "LATE_DEADLINE"},
		// GR H.27: action time 5..60 s.
		{"H.27 action 61 s", func(s *tournamentv1.Structure) { s.Clock.ActionSeconds = 61 }, "BAD_CLOCK"},
		{"H.27(a) bank 301 s", func(s *tournamentv1.Structure) { s.Clock.TimeBankSeconds = 301 }, "BAD_CLOCK"},
		// gr-regulation-1 A.2: seven card stud seats at most 6.
		{"A.2 stud 7 seats", func(s *tournamentv1.Structure) { s.Game, s.SeatsPerTable = "seven_card_stud", 7 }, "BAD_SEATS"},
		// GR H.34: the whole pool is paid.
		{"H.34 payout 9999 bps", func(s *tournamentv1.Structure) { s.PayoutBps = []int32{5000, 3000, 1999} }, "BAD_PAYOUT"},
		{"level of negative duration", func(s *tournamentv1.Structure) { s.Levels[0].DurationSeconds = -600 }, "BAD_LEVEL"},
		{"unknown payout mode", func(s *tournamentv1.Structure) { s.PayoutMode = 9 }, "BAD_PAYOUT"},
		{"no payout mode", func(s *tournamentv1.Structure) { s.PayoutMode = 0 }, "BAD_PAYOUT"},
		// T1 with amounts whose products overflow an int64: 100 × (2^62 +
		// 1000) wraps to 100,000, inside €10..€15.
		{"T1 fee 2^62+1000", func(s *tournamentv1.Structure) { s.Fee = eur(1<<62 + 1000) }, "FEE_OUT_OF_BOUNDS"},
		{"B.90 satellite, no stake, fee 2^62", func(s *tournamentv1.Structure) {
			s.BuyIn, s.Fee, s.RebuyLevels, s.RebuyPrice, s.MaxRebuys, s.AddOnPrice, s.Satellite = eur(0), eur(1<<62), 0, nil, 0, nil, true
		}, "FEE_OUT_OF_BOUNDS"},
		{"stake above the wallet's bound", func(s *tournamentv1.Structure) {
			s.BuyIn, s.Fee, s.RebuyPrice, s.AddOnPrice = eur(2*terms.MaxAmount), eur(terms.MaxAmount/5), eur(1), eur(1)
		}, "AMOUNT_TOO_LARGE"},
		// T6 (H.16(a)(2)): an add-on has a price; -100 is not one.
		{"add-on price -100", func(s *tournamentv1.Structure) { s.AddOnPrice = eur(-100) }, "NEGATIVE_AMOUNT"},
		{"add-on fee -100", func(s *tournamentv1.Structure) { s.AddOnFee = eur(-100) }, "NEGATIVE_AMOUNT"},
		{"add-on chips -100", func(s *tournamentv1.Structure) { s.AddOnChips = -100 }, "BAD_REBUY"},
		// T7 (H.16(b)): the rebuy decision time is never negative.
		{"rebuy decision -5 s", func(s *tournamentv1.Structure) { s.RebuyDecisionSeconds = -5 }, "BAD_REBUY"},
		// A freeze-out has no rebuy, so no negative rebuy fee either.
		{"freeze-out, rebuy fee -500", func(s *tournamentv1.Structure) {
			s.RebuyLevels, s.RebuyPrice, s.MaxRebuys, s.AddOnPrice, s.RebuyFee = 0, nil, 0, nil, eur(-500)
		}, "NEGATIVE_AMOUNT"},
		{"freeze-out, rebuy chips -500", func(s *tournamentv1.Structure) {
			s.RebuyLevels, s.RebuyPrice, s.MaxRebuys, s.AddOnPrice, s.RebuyChips = 0, nil, 0, nil, -500
		}, "BAD_REBUY"},
		{"unknown fee rule", func(s *tournamentv1.Structure) { s.FeeRule = 7 }, "UNKNOWN_FEE_RULE"},
		{"unknown profile", func(s *tournamentv1.Structure) { s.Profile = "klingon" }, "UNKNOWN_PROFILE"},
		{"satellite target of 201 bytes", func(s *tournamentv1.Structure) { s.SatelliteTarget = strings.Repeat("m", 201) }, "BAD_SATELLITE_TARGET"},
		// B.48, B.90: only a satellite is free.
		{"B.48 free non-satellite", func(s *tournamentv1.Structure) {
			s.BuyIn, s.Fee, s.RebuyLevels, s.RebuyPrice, s.MaxRebuys, s.AddOnPrice = eur(0), nil, 0, nil, 0, nil
		}, "NO_STAKE"},
		{"B.90 free satellite", func(s *tournamentv1.Structure) {
			s.BuyIn, s.Fee, s.RebuyLevels, s.RebuyPrice, s.MaxRebuys, s.AddOnPrice, s.Satellite = eur(0), nil, 0, nil, 0, nil, true
		}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := validStructure()
			c.edit(s)
			tm, err := termsOf("Main Event", s, start)
			if err == nil {
				tm.Defaults()
				err = tm.Validate()
			}
			if c.reason == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			wantRefused(t, err, connect.CodeInvalidArgument, c.reason)
		})
	}
}

func TestStructureOfRoundTrip(t *testing.T) {
	read := func(s *tournamentv1.Structure) terms.Terms {
		t.Helper()
		tm, err := termsOf("Main Event", s, start)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	defaulted := func(tm terms.Terms) terms.Terms {
		tm.Defaults()
		if err := tm.Validate(); err != nil {
			t.Fatal(err)
		}
		return tm
	}
	minimal := &tournamentv1.Structure{Game: "seven_card_stud", BuyIn: eur(5000), Fee: eur(500), StartingStack: 5000,
		Levels: []*tournamentv1.Level{{SmallBlind: 0, BigBlind: 50, Ante: 5, BringIn: 10, DurationSeconds: 1}}, Winners: 2,
		PayoutMode: tournamentv1.PayoutMode_PAYOUT_MODE_BY_CHIPS}
	cases := []struct {
		name string
		t    terms.Terms
	}{
		{"full, as read", read(fullStructure())},
		{"full, defaulted", defaulted(read(fullStructure()))},
		{"valid, as read", read(validStructure())},
		{"valid, defaulted", defaulted(read(validStructure()))},
		{"minimal stud, as read", read(minimal)},
		{"minimal stud, defaulted", defaulted(read(minimal))},
		{"hand-built", terms.Terms{Name: "x", Game: "holdem", Currency: "EUR", Exponent: 2, BuyIn: 1, Fee: terms.FeeNone,
			StartAt: start, Payout: terms.ByPlace, PayoutBps: []int32{10000}, Withdrawal: terms.RefundNone}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := structureOf(c.t)
			// Every amount is written in the terms' currency.
			for _, m := range []*commonv1.Money{s.BuyIn, s.Fee, s.RebuyPrice, s.RebuyFee, s.AddOnPrice, s.AddOnFee} {
				if m.GetCurrency() != c.t.Currency {
					t.Fatalf("amount %v not in %s", m, c.t.Currency)
				}
			}
			// Through the wire and back.
			b, err := proto.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			var wire tournamentv1.Structure
			if err := proto.Unmarshal(b, &wire); err != nil {
				t.Fatal(err)
			}
			back, err := termsOf(c.t.Name, &wire, c.t.StartAt)
			if err != nil {
				t.Fatalf("structureOf output refused: %v", err)
			}
			// The called and shot clocks (GR H.28) are fixed, so the
			// published structure leaves them out and Defaults puts them
			// back; nothing else may change.
			want := c.t
			want.Clock.Called, want.Clock.Countdown, want.Clock.Shot = 0, 0, 0
			if !sameTerms(back, want) {
				t.Fatalf("round trip:\n got %+v\nwant %+v", back, want)
			}
			if c.t.Clock.Called != 0 {
				back.Defaults()
				if !sameTerms(back, c.t) {
					t.Fatalf("defaulted round trip:\n got %+v\nwant %+v", back, c.t)
				}
			}
		})
	}
}

func TestStateOf(t *testing.T) {
	cases := []struct {
		phase  tournament.Phase
		paused bool
		want   tournamentv1.TournamentState
	}{
		{tournament.Registering, false, tournamentv1.TournamentState_TOURNAMENT_STATE_REGISTERING},
		{tournament.Seating, false, tournamentv1.TournamentState_TOURNAMENT_STATE_SEATING},
		{tournament.Running, false, tournamentv1.TournamentState_TOURNAMENT_STATE_RUNNING},
		{tournament.OnBreak, false, tournamentv1.TournamentState_TOURNAMENT_STATE_BREAK},
		{tournament.FinalTable, false, tournamentv1.TournamentState_TOURNAMENT_STATE_FINAL_TABLE},
		{tournament.Paying, false, tournamentv1.TournamentState_TOURNAMENT_STATE_PAYING},
		{tournament.Completed, false, tournamentv1.TournamentState_TOURNAMENT_STATE_COMPLETED},
		{tournament.Cancelled, false, tournamentv1.TournamentState_TOURNAMENT_STATE_CANCELLED},
		// A pause shows whatever the phase under it.
		{tournament.Running, true, tournamentv1.TournamentState_TOURNAMENT_STATE_PAUSED},
		{tournament.OnBreak, true, tournamentv1.TournamentState_TOURNAMENT_STATE_PAUSED},
		{tournament.FinalTable, true, tournamentv1.TournamentState_TOURNAMENT_STATE_PAUSED},
		// A tournament paused and then cancelled (or finished) is
		// cancelled (finished): the pause is over with it.
		{tournament.Cancelled, true, tournamentv1.TournamentState_TOURNAMENT_STATE_CANCELLED},
		{tournament.Completed, true, tournamentv1.TournamentState_TOURNAMENT_STATE_COMPLETED},
		{tournament.Paying, true, tournamentv1.TournamentState_TOURNAMENT_STATE_PAYING},
		{"", false, tournamentv1.TournamentState_TOURNAMENT_STATE_UNSPECIFIED},
		{"unheard-of", false, tournamentv1.TournamentState_TOURNAMENT_STATE_UNSPECIFIED},
	}
	for _, c := range cases {
		if got := stateOf(tournament.Standings{Phase: c.phase, Paused: c.paused}); got != c.want {
			t.Errorf("phase %q paused %v: %v, want %v", c.phase, c.paused, got, c.want)
		}
	}
}

// standings is a small running tournament: level index 2 (the third
// level), two tables, one player out, one rebuy, fees in the drop boxes.
func standings() tournament.Standings {
	tm := read(validStructure())
	tm.Defaults()
	at := start.Add(47 * time.Minute)
	return tournament.Standings{ID: "tour-1", Name: "Main Event", Terms: tm, Phase: tournament.Running, Level: 2,
		Entrants: 12, Left: 11, Money: terms.Money{Pool: 130000, Commission: 12000}, Refunded: terms.Money{Pool: 10000, Commission: 1000},
		PrizeTotal: 0, Tables: 2, HandForHand: true, Moves: 3, Breaks: 1, Runs: 2, MaxHistory: 4000, MaxHistoryBytes: 1 << 20,
		Reason: "why not", DropBoxes: []int64{6000, 6000},
		Players: []tournament.Standing{
			{Partner: "pa", Player: "p1", Name: "Ann", Status: tournament.Playing, Chips: 21000, Table: "tab-1", Seat: 4, Rebuys: 1, AddOn: true},
			{Partner: "pb", Player: "p2", Status: tournament.Out, Place: 12, Prize: 0},
			{Partner: "pa", Player: "p3", Status: tournament.Busted},
			{Partner: "pa", Player: "p4", Status: tournament.Registered},
			{Partner: "pa", Player: "p5", Status: tournament.Withdrawn},
			{Partner: "pa", Player: "p6", Status: tournament.Disqualified, Reason: "collusion (H.5)"},
			{Partner: "pa", Player: "p7", Status: "pending"},
			{Partner: "pa", Player: "p8", Status: tournament.Out, Place: 1, Prize: 65000},
		},
		Busts: []tournament.Bust{{Partner: "pb", Player: "p2", Place: 12, Start: 3000, Table: 2, Round: 1, At: at}},
	}
}

func read(s *tournamentv1.Structure) terms.Terms {
	tm, err := termsOf("Main Event", s, start)
	if err != nil {
		panic(err)
	}
	return tm
}

func TestTournamentOf(t *testing.T) {
	st := standings()
	got := tournamentOf(st)
	want := &tournamentv1.Tournament{TournamentId: "tour-1", Name: "Main Event", Structure: structureOf(st.Terms),
		State: tournamentv1.TournamentState_TOURNAMENT_STATE_RUNNING, StartsAt: timestamppb.New(start), Entrants: 12, Remaining: 11,
		Level:     3, // 1-based on the wire
		PrizePool: eur(130000), Commission: eur(12000), PrizesPaid: eur(0),
		Refunded: eur(11000), // stake and fee, GR H.6
		Tables:   2, HandForHand: true, BalancingMoves: 3, TablesBroken: 1, Reason: "why not", Runs: 2,
		MaxHistoryEvents: 4000, MaxHistoryBytes: 1 << 20}
	if !proto.Equal(got, want) {
		t.Fatalf("tournamentOf:\n got %v\nwant %v", got, want)
	}
	st.Paused = true
	if got := tournamentOf(st).GetState(); got != tournamentv1.TournamentState_TOURNAMENT_STATE_PAUSED {
		t.Fatalf("paused tournament shows %v", got)
	}
}

func TestStandingsOf(t *testing.T) {
	st := standings()
	got := standingsOf(st, viewer{internal: true})
	if got.GetLevel() != 3 || got.GetState() != tournamentv1.TournamentState_TOURNAMENT_STATE_RUNNING || !proto.Equal(got.GetTournament(), tournamentOf(st)) {
		t.Fatalf("header: level %d state %v", got.GetLevel(), got.GetState())
	}
	// T9 (gr-regulation-2 Γ.6): each table's drop box as recorded.
	if !reflect.DeepEqual(got.GetDropBoxes(), []int64{6000, 6000}) {
		t.Fatalf("drop boxes %v", got.GetDropBoxes())
	}
	wantStatus := []tournamentv1.PlayerStatus{
		tournamentv1.PlayerStatus_PLAYER_STATUS_PLAYING, tournamentv1.PlayerStatus_PLAYER_STATUS_OUT,
		tournamentv1.PlayerStatus_PLAYER_STATUS_BUSTED, tournamentv1.PlayerStatus_PLAYER_STATUS_REGISTERED,
		tournamentv1.PlayerStatus_PLAYER_STATUS_WITHDRAWN, tournamentv1.PlayerStatus_PLAYER_STATUS_DISQUALIFIED,
		tournamentv1.PlayerStatus_PLAYER_STATUS_UNSPECIFIED, tournamentv1.PlayerStatus_PLAYER_STATUS_OUT,
	}
	if len(got.GetStandings()) != len(st.Players) {
		t.Fatalf("%d standings for %d players", len(got.GetStandings()), len(st.Players))
	}
	for i, s := range got.GetStandings() {
		p := st.Players[i]
		if s.GetStatus() != wantStatus[i] || s.GetPlayerId() != p.Player || s.GetPartnerId() != p.Partner || s.GetPlace() != int32(p.Place) {
			t.Errorf("standing %d: %v from %+v", i, s, p)
		}
		if !proto.Equal(s.GetPrize(), eur(p.Prize)) {
			t.Errorf("standing %d: prize %v, want %d EUR", i, s.GetPrize(), p.Prize)
		}
		// A disqualification's reason on record (tournaments.md §21).
		if s.GetReason() != p.Reason {
			t.Errorf("standing %d: reason %q, want %q", i, s.GetReason(), p.Reason)
		}
	}
	first := &tournamentv1.Standing{PlayerId: "p1", PartnerId: "pa", DisplayName: "Ann", Status: tournamentv1.PlayerStatus_PLAYER_STATUS_PLAYING,
		Chips: 21000, TableId: "tab-1", Seat: 4, Prize: eur(0), Rebuys: 1, AddOn: true}
	if !proto.Equal(got.GetStandings()[0], first) {
		t.Fatalf("standing 0:\n got %v\nwant %v", got.GetStandings()[0], first)
	}
	// docs/rules/tournaments.md §21: each elimination on record (GR H.30, H.31).
	wantBust := &tournamentv1.Elimination{PlayerId: "p2", PartnerId: "pb", Place: 12, StartStack: 3000, TableNumber: 2, Round: 1,
		At: timestamppb.New(start.Add(47 * time.Minute))}
	if len(got.GetEliminations()) != 1 || !proto.Equal(got.GetEliminations()[0], wantBust) {
		t.Fatalf("eliminations %v, want [%v]", got.GetEliminations(), wantBust)
	}
	// An empty tournament has no lines, level 1.
	empty := standingsOf(tournament.Standings{ID: "t", Phase: tournament.Registering}, viewer{internal: true})
	if len(empty.GetStandings()) != 0 || len(empty.GetEliminations()) != 0 || empty.GetLevel() != 1 ||
		empty.GetState() != tournamentv1.TournamentState_TOURNAMENT_STATE_REGISTERING {
		t.Fatalf("empty standings %v", empty)
	}
}
