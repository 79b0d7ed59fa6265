package betting

import "testing"

// Worked examples of docs/rules/betting-rules-ru-sports.md §7 (V1–V20) and the
// derived vectors of §8 (D1–D15). Seats: P1 is seat 0, P2 seat 1, ...

// V1 §4.9.5: NL/PL minimum raise is the increment, not literal doubling.
func TestRUV1MinRaiseIsTheIncrement(t *testing.T) {
	for _, st := range []Structure{NoLimit, PotLimit} {
		// seats 0 SB, 1 BB, 2 P1, 3 P2
		b := table(t, ru(st), 10000, 10000, 10000, 10000).blinds(0, 50, 1, 100)
		b.do(2, Raise, 300)
		wantRange(t, b.legal(3), Raise, 500, b.legal(3)[Raise].Max)
	}
}

// V2 §4.9.5: pot 50, P1 bets 50 → minimum raise +50, to 100.
func TestRUV2MinRaiseAfterBet50(t *testing.T) {
	for _, st := range []Structure{NoLimit, PotLimit} {
		b := table(t, ru(st), 1000, 1000).postflop(50, 0, 0)
		b.do(0, Bet, 50)
		if got := b.legal(1)[Raise].Min; got != 100 {
			t.Fatalf("%s: min raise to %d, want 100", st, got)
		}
	}
}

// V3 §4.9.5: pot 1200, P1 bets 900 → minimum raise to 1800.
func TestRUV3MinRaiseAfterBet900(t *testing.T) {
	for _, st := range []Structure{NoLimit, PotLimit} {
		b := table(t, ru(st), 5000, 5000).postflop(1200, 0, 0)
		b.do(0, Bet, 900)
		if got := b.legal(1)[Raise].Min; got != 1800 {
			t.Fatalf("%s: min raise to %d, want 1800", st, got)
		}
	}
}

// V4a/V4b §4.9.6: limit re-raise is the fixed bet of the round.
func TestRUV4LimitReRaiseIsTheFixedBet(t *testing.T) {
	b := table(t, ru(FixedLimit), 500, 500, 500).postflop(30, 10, 0)
	b.do(0, Bet, 10)
	b.do(1, Raise, 20)
	wantRange(t, b.legal(2), Raise, 30, 30)

	b = table(t, ru(FixedLimit), 500, 500, 500).postflop(30, 20, 0)
	b.do(0, Bet, 20)
	b.do(1, Raise, 40)
	wantRange(t, b.legal(2), Raise, 60, 60)
}

// V5 §4.9.6: pot 80, P1 bets 50, P2 raises to 180 → min re-raise 310.
func TestRUV5MinReRaiseIsThePreviousRaise(t *testing.T) {
	for _, st := range []Structure{NoLimit, PotLimit} {
		b := table(t, ru(st), 5000, 5000, 5000).postflop(80, 0, 0)
		b.do(0, Bet, 50)
		b.do(1, Raise, 180)
		if got := b.legal(2)[Raise].Min; got != 310 {
			t.Fatalf("%s: min re-raise to %d, want 310", st, got)
		}
	}
}

// V6 §4.9.6: PL pot 80, 50 then 180 → max re-raise 670 (pot after the call).
func TestRUV6PotLimitMaxReRaise(t *testing.T) {
	b := table(t, ru(PotLimit), 5000, 5000, 5000).postflop(80, 0, 0)
	b.do(0, Bet, 50)
	b.do(1, Raise, 180)
	wantRange(t, b.legal(2), Raise, 310, 670)
	b.reject(2, Raise, 671, "RAISE_ABOVE_MAXIMUM")
}

// D4: in V6's context P2's own PL range is 100..230, so 180 is legal.
func TestRUD4PotLimitRangeBeforeV5(t *testing.T) {
	b := table(t, ru(PotLimit), 5000, 5000, 5000).postflop(80, 0, 0)
	b.do(0, Bet, 50)
	wantRange(t, b.legal(1), Raise, 100, 230)
}

// V7 §4.9.8: limit, bet 10, call, all-in 14 (excess 4 < 5) is no raise:
// P1 and P2 may only call 14 or fold.
func TestRUV7ShortAllInAfterBetAndCallDoesNotReopen(t *testing.T) {
	b := table(t, ru(FixedLimit), 500, 500, 14).postflop(30, 10, 0)
	b.do(0, Bet, 10)
	b.do(1, Call, 0)
	res := b.do(2, AllIn, 0)
	if res.Full || res.Kind != Raise || res.To != 14 {
		t.Fatalf("all-in 14 = %+v, want a short raise to 14", res)
	}
	b.wantToAct(0)
	wantKinds(t, b.kinds(0), Fold, Call)
	wantRange(t, b.legal(0), Call, 14, 14)
	b.reject(0, Raise, 20, "RAISE_NOT_REOPENED")
	b.do(0, Call, 0)
	wantKinds(t, b.kinds(1), Fold, Call)
}

// V8 §4.9.8: limit, bet 10, all-in 14 right after: P3 may call 14, raise to
// 20 or fold; if P3 calls, P4 may still raise and P1 may not; if P3
// raises to 20 it is raise #1 and everybody may act fully.
func TestRUV8ShortAllInLeavesRaiseToPlayersYetToAct(t *testing.T) {
	setup := func() *tb {
		b := table(t, ru(FixedLimit), 500, 14, 500, 500).postflop(30, 10, 0)
		b.do(0, Bet, 10)
		b.do(1, AllIn, 0)
		return b
	}
	b := setup()
	wantKinds(t, b.kinds(2), Fold, Call, Raise)
	wantRange(t, b.legal(2), Call, 14, 14)
	wantRange(t, b.legal(2), Raise, 20, 20) // level + U, not 14 + 10

	b.do(2, Call, 0)
	wantRange(t, b.legal(3), Raise, 20, 20)
	b.do(3, Call, 0)
	wantKinds(t, b.kinds(0), Fold, Call) // nobody raised: P1 only calls 14 or folds

	b = setup()
	b.do(2, Raise, 20)
	if b.r.Raises != 1 {
		t.Fatalf("raises %d, want 1", b.r.Raises)
	}
	wantKinds(t, b.kinds(3), Fold, Call, Raise)
	b.do(3, Call, 0)
	wantKinds(t, b.kinds(0), Fold, Call, Raise) // reopened for P1
	wantRange(t, b.legal(0), Raise, 30, 30)
}

// V9 §4.9.8: all-in 15 over a bet of 10 (excess 5 = 50 %) is a raise; P3
// re-raises to 25 and the cap is 35.
func TestRUV9HalfBetAllInCountsAsRaise(t *testing.T) {
	b := table(t, ru(FixedLimit), 500, 15, 500, 500, 500).postflop(30, 10, 0)
	b.do(0, Bet, 10)
	res := b.do(1, AllIn, 0)
	if !res.Full {
		t.Fatalf("all-in 15 over 10 is not a raise: %+v", res)
	}
	wantRange(t, b.legal(2), Call, 15, 15)
	wantRange(t, b.legal(2), Raise, 25, 25)
	b.do(2, Raise, 25)
	b.do(3, Raise, 35) // the cap: bet 10, raise 15, raise 25, cap 35
	wantKinds(t, b.kinds(4), Fold, Call)
	b.reject(4, Raise, 45, "RAISE_CAPPED")
}

// V10 §4.9.8: NL 10/20, P1 20, P2 to 60 (+40), P3 all-in 90 (+30): not a
// raise; P1 has not acted on P2's raise and may raise, to 130 at least; if
// P1 calls, P2 may only call 90 or fold.
func TestRUV10ShortAllInNoLimit(t *testing.T) {
	// seats: 0 SB, 1 BB, 2 P1, 3 P2, 4 P3
	b := table(t, ru(NoLimit), 1000, 1000, 1000, 1000, 90).blinds(0, 10, 1, 20)
	b.do(2, Call, 0)
	b.do(3, Raise, 60)
	res := b.do(4, AllIn, 0)
	if res.Full {
		t.Fatalf("all-in 90 over 60 counted as a raise")
	}
	b.do(0, Fold, 0)
	b.do(1, Fold, 0)
	b.wantToAct(2)
	wantKinds(t, b.kinds(2), Fold, Call, Raise, AllIn)
	wantRange(t, b.legal(2), Call, 90, 90)
	wantRange(t, b.legal(2), Raise, 130, 1000)
	b.do(2, Call, 0)
	wantKinds(t, b.kinds(3), Fold, Call)
	wantRange(t, b.legal(3), Call, 90, 90)
}

// V11 §4.12: facing 50, a silent single 100 chip is a call with 50 back.
func TestRUV11SilentSingleChipFacingBetIsCall(t *testing.T) {
	for _, st := range []Structure{NoLimit, PotLimit, FixedLimit} {
		c := ru(st)
		c.SmallBet, c.BigBet = 50, 100
		b := table(t, c, 1000, 1000).postflop(100, 50, 0)
		b.do(0, Bet, 50)
		res, rd := b.chips(1, Chips{Chips: []int64{100}})
		if res.Kind != Call || res.To != 50 || rd.Change != 50 {
			t.Fatalf("%s: %+v %+v, want call 50 change 50", st, res, rd)
		}
	}
}

// V12 §4.12: NL, pot 150, an opening single 1000 chip is a bet of 1000.
func TestRUV12SingleChipOpeningNoLimit(t *testing.T) {
	b := table(t, ru(NoLimit), 5000, 5000).postflop(150, 0, 0)
	res, rd := b.chips(0, Chips{Chips: []int64{1000}})
	if res.Kind != Bet || res.To != 1000 || rd.Change != 0 {
		t.Fatalf("%+v %+v, want bet 1000", res, rd)
	}
}

// V13 §4.12: PL, pot 150, an opening single 1000 chip is a pot bet of 150.
func TestRUV13SingleChipOpeningPotLimit(t *testing.T) {
	b := table(t, ru(PotLimit), 5000, 5000).postflop(150, 0, 0)
	res, rd := b.chips(0, Chips{Chips: []int64{1000}})
	if res.Kind != Bet || res.To != 150 || rd.Change != 850 {
		t.Fatalf("%+v %+v, want bet 150 change 850", res, rd)
	}
}

// V15 §4.14.2 Ex.1: limit, bet 60; "raise" with two 100s is a raise to 120
// (80 back); silent two 100s facing 120 is a call (80 back).
func TestRUV15LimitDeclaredRaiseAndSilentOverbet(t *testing.T) {
	c := ru(FixedLimit)
	c.SmallBet, c.BigBet = 60, 120
	b := table(t, c, 1000, 1000, 1000).postflop(100, 60, 0)
	b.do(0, Bet, 60)
	res, rd := b.chips(1, Chips{Chips: []int64{100, 100}, Declared: Raise})
	if res.Kind != Raise || res.To != 120 || rd.Change != 80 {
		t.Fatalf("P2 %+v %+v, want raise to 120 change 80", res, rd)
	}
	res, rd = b.chips(2, Chips{Chips: []int64{100, 100}})
	if res.Kind != Call || res.To != 120 || rd.Change != 80 {
		t.Fatalf("P3 %+v %+v, want call 120 change 80", res, rd)
	}
}

// V16 §4.14.2 Ex.2: PL pot 100, bet 100, a silent 500 chip is a call.
func TestRUV16PotLimitSilentSingleChipIsCall(t *testing.T) {
	b := table(t, ru(PotLimit), 2000, 2000).postflop(100, 0, 0)
	b.do(0, Bet, 100)
	res, rd := b.chips(1, Chips{Chips: []int64{500}})
	if res.Kind != Call || res.To != 100 || rd.Change != 400 {
		t.Fatalf("%+v %+v, want call 100 change 400", res, rd)
	}
}

// V17 §4.14.2 Ex.3: NL pot 100, bet 100, a 500 chip with "raise" is a raise
// of 400 to 500.
func TestRUV17NoLimitSingleChipDeclaredRaise(t *testing.T) {
	b := table(t, ru(NoLimit), 2000, 2000).postflop(100, 0, 0)
	b.do(0, Bet, 100)
	res, rd := b.chips(1, Chips{Chips: []int64{500}, Declared: Raise})
	if res.Kind != Raise || res.To != 500 || res.By != 400 || rd.Change != 0 {
		t.Fatalf("%+v %+v, want raise by 400 to 500", res, rd)
	}
}

// V18 §4.14.3: PL pot 100, bet 100, five silent 100s are a raise to the
// pot-limit maximum 400 with 100 back.
func TestRUV18SeveralChipsAreARaiseCappedAtPot(t *testing.T) {
	b := table(t, ru(PotLimit), 2000, 2000).postflop(100, 0, 0)
	b.do(0, Bet, 100)
	res, rd := b.chips(1, Chips{Chips: []int64{100, 100, 100, 100, 100}})
	if res.Kind != Raise || res.To != 400 || res.By != 300 || rd.Change != 100 {
		t.Fatalf("%+v %+v, want raise to 400 change 100", res, rd)
	}
}

// V19 §5.8.5 Ex.1 and V20 Ex.2: stud limit 10/20 with an open pair on 4th
// street: check, bet 10 or bet 20; after a bet of 10 the next player may
// raise to 20 or to 30.
func TestRUV19V20OpenPairOnFourthStreet(t *testing.T) {
	c := ru(FixedLimit)
	b := table(t, c, 500, 500, 500)
	b.r.StartStreet(1, 10, true)
	b.r.Advance(-1)
	wantKinds(t, b.kinds(0), Fold, Check, Bet)
	l := b.legal(0)[Bet]
	if l.Min != 10 || l.Max != 20 || l.Step != 10 {
		t.Fatalf("open-pair bet %+v, want 10 or 20", l)
	}
	b.reject(0, Bet, 15, "AMOUNT_NOT_ALLOWED")
	b.do(0, Check, 0)
	l = b.legal(1)[Bet] // V20 case 1: after a check, bet 10 or 20
	if l.Min != 10 || l.Max != 20 {
		t.Fatalf("after check %+v, want 10..20", l)
	}
	b.do(1, Bet, 10)
	wantKinds(t, b.kinds(2), Fold, Call, Raise) // V20 case 2
	l = b.legal(2)[Raise]
	if l.Min != 20 || l.Max != 30 || l.Step != 10 {
		t.Fatalf("raise after bet 10 %+v, want to 20 or 30", l)
	}
	b.do(2, Raise, 30) // a big raise: later raises are big (§4 GAP default)
	wantRange(t, b.legal(0), Raise, 50, 50)

	// Without an open pair the rounds open at exactly 10 and 20.
	for _, u := range []int64{10, 20} {
		b := table(t, c, 500, 500)
		b.r.StartStreet(2, u, false)
		b.r.Advance(-1)
		wantRange(t, b.legal(0), Bet, u, u)
	}
}

// D1 §4.9.8: BB all-in 60 of 100: UTG calls 100 and raises to 200 at least.
func TestRUD1ShortBigBlindCallsFullBlind(t *testing.T) {
	b := table(t, ru(NoLimit), 1000, 60, 1000).blinds(0, 50, 1, 100)
	b.wantToAct(2)
	wantRange(t, b.legal(2), Call, 100, 100)
	if got := b.legal(2)[Raise].Min; got != 200 {
		t.Fatalf("min raise %d, want 200", got)
	}
}

// D2: the PL maximum is computed as if the BB were 100: 350.
func TestRUD2ShortBigBlindPotLimitMax(t *testing.T) {
	b := table(t, ru(PotLimit), 1000, 60, 1000).blinds(0, 50, 1, 100)
	wantRange(t, b.legal(2), Raise, 200, 350)
}

// D3: PL preflop 50/100: UTG raises 200..350.
func TestRUD3PotLimitPreflopOpen(t *testing.T) {
	b := table(t, ru(PotLimit), 1000, 1000, 1000).blinds(0, 50, 1, 100)
	wantRange(t, b.legal(2), Raise, 200, 350)
}

// D5 §4.9.7: bet 10, raise 20, re-raise 30, cap 40: no further raise.
func TestRUD5LimitCapAfterThreeRaises(t *testing.T) {
	b := table(t, ru(FixedLimit), 500, 500, 500, 500, 500).postflop(30, 10, 0)
	b.do(0, Bet, 10)
	b.do(1, Raise, 20)
	b.do(2, Raise, 30)
	b.do(3, Raise, 40)
	wantKinds(t, b.kinds(4), Fold, Call)
	b.reject(4, Raise, 50, "RAISE_CAPPED")
}

// D6: a limit opening all-in of at least half the bet is a full bet;
// below half it is not, and the next player completes to the bet.
func TestRUD6LimitOpeningAllInHalfRule(t *testing.T) {
	b := table(t, ru(FixedLimit), 5, 500, 500).postflop(30, 10, 0)
	if res := b.do(0, AllIn, 0); !res.Full || res.Kind != Bet {
		t.Fatalf("all-in 5 of 10: %+v, want a full bet", res)
	}
	wantRange(t, b.legal(1), Raise, 15, 15)

	b = table(t, ru(FixedLimit), 4, 500, 500).postflop(30, 10, 0)
	if res := b.do(0, AllIn, 0); res.Full {
		t.Fatalf("all-in 4 of 10 counted as a full bet")
	}
	wantRange(t, b.legal(1), Call, 4, 4)
	wantRange(t, b.legal(1), Raise, 10, 10)
}

// D7 §4.11: string bet, facing 300: 300 then 300 more in a second motion
// counts 300, a call.
func TestRUD7StringBetCountsFirstMotion(t *testing.T) {
	b := table(t, ru(NoLimit), 2000, 2000).postflop(300, 0, 0)
	b.do(0, Bet, 300)
	res, rd := b.chips(1, Chips{Chips: []int64{100, 100, 100}, Later: []int64{100, 100, 100}})
	if res.Kind != Call || res.To != 300 || rd.Change != 300 {
		t.Fatalf("%+v %+v, want call 300 with 300 back", res, rd)
	}
}

// D8 §4.13: P1 opens to 300, P2 declares raise with 400 in (min 500): he
// must complete to 500 or fold, forfeiting the 400.
func TestRUD8InsufficientRaiseCompleteOrFold(t *testing.T) {
	setup := func() *tb {
		b := table(t, ru(NoLimit), 100, 100, 2000, 2000).blinds(0, 50, 1, 100)
		b.do(2, Raise, 300)
		res, rd := b.chips(3, Chips{Chips: []int64{100, 100, 100, 100}, Declared: Raise})
		if !rd.Pending || res.To != 400 || rd.Action != (Action{Kind: Raise, Amount: 500}) {
			t.Fatalf("%+v %+v, want 400 in and a raise to 500 owed", res, rd)
		}
		return b
	}
	b := setup()
	b.wantToAct(3)
	wantKinds(t, b.kinds(3), Fold, Raise)
	wantRange(t, b.legal(3), Raise, 500, 500)
	b.reject(3, Call, 0, "COMPLETION_REQUIRED")
	b.do(3, Raise, 500)
	if b.r.Seats[3].Bet != 500 || b.r.Level != 500 {
		t.Fatalf("completed raise: bet %d level %d", b.r.Seats[3].Bet, b.r.Level)
	}
	b = setup()
	b.do(3, Fold, 0)
	if b.r.Seats[3].Total != 400 || b.r.Seats[3].Stack != 1600 {
		t.Fatalf("fold forfeits 400: total %d stack %d", b.r.Seats[3].Total, b.r.Seats[3].Stack)
	}
}

// D9 §4.13: facing 300 with 2000, 200 put in: add 100 to call or fold
// forfeiting 200; no raise.
func TestRUD9InsufficientCallCompleteOrFold(t *testing.T) {
	b := table(t, ru(NoLimit), 2000, 2000).postflop(300, 0, 0)
	b.do(0, Bet, 300)
	_, rd := b.chips(1, Chips{Chips: []int64{100, 100}, Declared: Raise})
	if !rd.Pending || rd.Action != (Action{Kind: Call, Amount: 300}) {
		t.Fatalf("%+v, want a call to 300 owed", rd)
	}
	wantKinds(t, b.kinds(1), Fold, Call)
	b.reject(1, Raise, 600, "COMPLETION_REQUIRED")
	b.do(1, Call, 0)
	if b.r.Seats[1].Bet != 300 || b.r.Seats[1].Stack != 1700 {
		t.Fatalf("call completed: bet %d stack %d", b.r.Seats[1].Bet, b.r.Seats[1].Stack)
	}
}

// D10/D11 §4.10: the engine takes actions only from the seat to act: an
// out-of-turn bet or check is rejected and changes nothing (the live-table
// rulings on binding out-of-turn actions are the floor's, not the engine's).
// What the vectors expect once the turn comes holds: D10, after P2's bet of
// 200, P3 may call 200, raise or fold; D11, after P1 and P2 check, P3 may
// check.
func TestRUD10D11OutOfTurnRejected(t *testing.T) {
	b := table(t, ru(NoLimit), 2000, 2000, 2000).postflop(300, 0, 0)
	b.wantToAct(0)
	b.reject(2, Bet, 100, "NOT_YOUR_TURN")
	b.reject(2, Check, 0, "NOT_YOUR_TURN")
	b.do(0, Check, 0)
	b.reject(2, Bet, 100, "NOT_YOUR_TURN") // D10: P2 (seat 1) is to act
	b.do(1, Bet, 200)
	b.wantToAct(2)
	wantKinds(t, b.kinds(2), Fold, Call, Raise, AllIn)
	wantRange(t, b.legal(2), Call, 200, 200)

	c := table(t, ru(NoLimit), 2000, 2000, 2000).postflop(300, 0, 0)
	c.reject(2, Check, 0, "NOT_YOUR_TURN") // D11
	c.do(0, Check, 0)
	c.do(1, Check, 0)
	c.wantToAct(2)
	if l := c.legal(2); l[Check].Kind != Check {
		t.Fatalf("D11: P3 cannot check after P1 and P2 checked: %v", c.kinds(2))
	}
}

// V14 §4.13: a dealer's error cannot make P4 act before P3 here — the
// engine refuses P4's call while P3 is to act and changes nothing. Once P3
// re-raises, P4 has what the vector gives: call the re-raise or fold (the
// chips P4 never put in need no taking back).
func TestRUV14NoActionBeforeTheSeatToAct(t *testing.T) {
	b := table(t, ru(NoLimit), 5000, 5000, 5000, 5000).postflop(300, 0, 0)
	b.do(0, Bet, 100)
	b.do(1, Raise, 300)
	b.wantToAct(2)
	b.reject(3, Call, 0, "NOT_YOUR_TURN")
	b.do(2, Raise, 900)
	b.wantToAct(3)
	wantKinds(t, b.kinds(3), Fold, Call, Raise, AllIn)
	wantRange(t, b.legal(3), Call, 900, 900)
	if b.r.Seats[3].Bet != 0 || b.r.Seats[3].Stack != 5000 {
		t.Fatalf("P4 before acting: bet %d stack %d", b.r.Seats[3].Bet, b.r.Seats[3].Stack)
	}
}

// D13 §4.12: PL pot 600, an opening single 500 chip is a bet of 500.
func TestRUD13SingleChipBelowPotIsItsValue(t *testing.T) {
	b := table(t, ru(PotLimit), 2000, 2000).postflop(600, 0, 0)
	res, rd := b.chips(0, Chips{Chips: []int64{500}})
	if res.Kind != Bet || res.To != 500 || rd.Change != 0 {
		t.Fatalf("%+v %+v, want bet 500", res, rd)
	}
}

// D14: PL pot 100, bet 100, a 500 chip with "raise" is the largest raise
// within it, 400 (the PL maximum), 100 back.
func TestRUD14PotLimitDeclaredRaiseCapped(t *testing.T) {
	b := table(t, ru(PotLimit), 2000, 2000).postflop(100, 0, 0)
	b.do(0, Bet, 100)
	res, rd := b.chips(1, Chips{Chips: []int64{500}, Declared: Raise})
	if res.Kind != Raise || res.To != 400 || rd.Change != 100 {
		t.Fatalf("%+v %+v, want raise to 400 change 100", res, rd)
	}
}

// D15 §5.8.3: stud limit 10/20, bring-in 5: after it, fold, call 5 or
// complete to 10.
func TestRUD15BringInThenCallOrComplete(t *testing.T) {
	b := table(t, ru(FixedLimit), 500, 500, 500)
	b.r.StartStreet(0, 10, false)
	b.r.SetOpener(1, 5, false)
	b.r.Advance(0)
	b.wantToAct(1)
	wantKinds(t, b.kinds(1), BringIn, Complete)
	b.reject(1, Fold, 0, "FOLD_NOT_ALLOWED")
	b.reject(1, Check, 0, "CHECK_NOT_ALLOWED")
	b.do(1, BringIn, 0)
	wantKinds(t, b.kinds(2), Fold, Call, Complete)
	wantRange(t, b.legal(2), Call, 5, 5)
	wantRange(t, b.legal(2), Complete, 10, 10)
	b.do(2, Complete, 10)
	// The completion is the bet: bet, raise, re-raise, cap (note 4).
	wantRange(t, b.legal(0), Raise, 20, 20)
	if b.r.Raises != 0 || !b.r.Opened {
		t.Fatalf("complete: raises %d opened %v", b.r.Raises, b.r.Opened)
	}
}

// §5 stud all-in: an all-in low card does not bring in; the next player
// may fold, bring in or complete.
func TestRUStudReplacementOpenerMayFold(t *testing.T) {
	b := table(t, ru(FixedLimit), 500, 500)
	b.r.StartStreet(0, 10, false)
	b.r.SetOpener(1, 5, true)
	b.r.Advance(0)
	wantKinds(t, b.kinds(1), Fold, BringIn, Complete)
}
