package betting

import "testing"

// gr-regulation-2 §12.2 "Pot limit, blinds 1/2, first to act": max total 7;
// half-pot 2 + 2.5 rounded down to the unit (N7) = 4.
func TestGRPotLimitPreflopMaxAndHalfPot(t *testing.T) {
	c := gr(PotLimit)
	c.MinBet = 2
	b := table(t, c, 100, 100, 100).blinds(0, 1, 1, 2)
	wantRange(t, b.legal(2), Raise, 4, 7)
	c.HalfPot = true
	b = table(t, c, 100, 100, 100).blinds(0, 1, 1, 2)
	wantRange(t, b.legal(2), Raise, 4, 4)
}

// gr-regulation-2 §12.2 "Pot limit, post-flop": pot 20 with a bet of 10 in
// front: the next player's maximum is 50 (half-pot 30); a first bet into a
// pot of 60 is at most 60 (half-pot 30).
func TestGRPotLimitPostflopMax(t *testing.T) {
	for _, tc := range []struct {
		half    bool
		raise   int64
		opening int64
	}{{false, 50, 60}, {true, 30, 30}} {
		c := gr(PotLimit)
		c.HalfPot = tc.half
		b := table(t, c, 500, 500).postflop(20, 0, 0)
		b.do(0, Bet, 10)
		if got := b.legal(1)[Raise].Max; got != tc.raise {
			t.Fatalf("half=%v: max raise %d, want %d", tc.half, got, tc.raise)
		}
		b = table(t, c, 500, 500).postflop(60, 0, 0)
		if got := b.legal(0)[Bet].Max; got != tc.opening {
			t.Fatalf("half=%v: max opening %d, want %d", tc.half, got, tc.opening)
		}
	}
}

// gr-regulation-2 §12.2 "Spread limit 2–10" (G3.8): opening 2..10; after a
// bet of 6 the raise increment is 6..10; after an increment of 8, 8..10.
func TestGRSpreadLimitBounds(t *testing.T) {
	b := table(t, gr(SpreadLimit), 500, 500, 500).postflop(20, 0, 0)
	wantRange(t, b.legal(0), Bet, 2, 10)
	b.reject(0, Bet, 11, "BET_ABOVE_MAXIMUM")
	b.reject(0, Bet, 1, "BET_BELOW_MINIMUM")
	b.do(0, Bet, 6)
	wantRange(t, b.legal(1), Raise, 12, 16)
	b.do(1, Raise, 14)
	wantRange(t, b.legal(2), Raise, 22, 24)
}

// gr-regulation-2 §12.2 "NL min raise": blinds 5/10, raise to 30 → the
// next minimum re-raise is to 50.
func TestGRNoLimitMinReRaise(t *testing.T) {
	c := gr(NoLimit)
	b := table(t, c, 1000, 1000, 1000, 1000).blinds(0, 5, 1, 10)
	b.do(2, Raise, 30)
	if got := b.legal(3)[Raise].Min; got != 50 {
		t.Fatalf("min re-raise %d, want 50", got)
	}
}

// gr-regulation-2 G3.9 / §12.2 "Raise cap": three active players: bet and
// three raises, a fourth raise is rejected; exactly two players: no cap
// (N19). The Russian rules keep the cap heads-up (note 5).
func TestGRRaiseCapAndHeadsUpException(t *testing.T) {
	b := table(t, gr(FixedLimit), 500, 500, 500).postflop(30, 10, 0)
	b.do(0, Bet, 10)
	b.do(1, Raise, 20)
	b.do(2, Raise, 30)
	b.do(0, Raise, 40)
	b.reject(1, Raise, 50, "RAISE_CAPPED")

	b = table(t, gr(FixedLimit), 500, 500).postflop(30, 10, 0)
	b.do(0, Bet, 10)
	for i, to := 0, int64(20); to <= 100; i, to = i+1, to+10 {
		b.do((i+1)%2, Raise, to)
	}
	b = table(t, ru(FixedLimit), 500, 500).postflop(30, 10, 0)
	b.do(0, Bet, 10)
	b.do(1, Raise, 20)
	b.do(0, Raise, 30)
	b.do(1, Raise, 40)
	b.reject(0, Raise, 50, "RAISE_CAPPED")
}

// gr-regulation-2 §12.2 "Short all-in (cash, NL)": A bets 100, B all-in 150:
// A may only call 50 more or fold; C may raise, to 200 at least under the
// literal reading (N9), to 250 under the all-in-based rule.
func TestGRShortAllInCashNoLimit(t *testing.T) {
	for _, tc := range []struct {
		base RaiseBase
		min  int64
	}{{FromFullBet, 200}, {FromHighest, 250}} {
		c := gr(NoLimit)
		c.RaiseBase = tc.base
		b := table(t, c, 1000, 150, 1000).postflop(100, 0, 0)
		b.do(0, Bet, 100)
		b.do(1, AllIn, 0)
		if got := b.legal(2)[Raise].Min; got != tc.min {
			t.Fatalf("base %d: C's min raise %d, want %d", tc.base, got, tc.min)
		}
		b.do(2, Call, 0)
		wantKinds(t, b.kinds(0), Fold, Call)
		wantRange(t, b.legal(0), Call, 150, 150)
	}
}

// gr-regulation-2 A3 (tournaments): BB 200, UTG all-in 120: the next player
// must put in the full 200 to call.
func TestGRAllInBelowBigBlindCallIsFullBlind(t *testing.T) {
	b := table(t, gr(NoLimit), 1000, 1000, 120, 1000).blinds(0, 100, 1, 200)
	b.do(2, AllIn, 0)
	wantRange(t, b.legal(3), Call, 200, 200)
}

// gr-regulation-2 A4/A5 (tournament limit 20-bet, the 50 % rule): all-in 5
// first → call 5 or complete to 20; bet 20, all-in 28 → call 28 or raise to
// 40, the bettor only calls; bet 20, all-in 30 → raise to 50, the bettor
// may re-raise.
func TestGRTournamentLimitHalfRule(t *testing.T) {
	c := gr(FixedLimit)
	c.LimitReopen = ReopenHalf
	c.SmallBet, c.BigBet = 20, 40

	b := table(t, c, 5, 500, 500).postflop(40, 20, 0)
	b.do(0, AllIn, 0)
	wantRange(t, b.legal(1), Call, 5, 5)
	wantRange(t, b.legal(1), Raise, 20, 20)

	b = table(t, c, 500, 28, 500).postflop(40, 20, 0)
	b.do(0, Bet, 20)
	b.do(1, AllIn, 0)
	wantRange(t, b.legal(2), Call, 28, 28)
	wantRange(t, b.legal(2), Raise, 40, 40)
	b.do(2, Call, 0)
	wantKinds(t, b.kinds(0), Fold, Call)

	b = table(t, c, 500, 30, 500).postflop(40, 20, 0)
	b.do(0, Bet, 20)
	b.do(1, AllIn, 0)
	wantRange(t, b.legal(2), Raise, 50, 50)
	b.do(2, Call, 0)
	wantKinds(t, b.kinds(0), Fold, Call, Raise)
	wantRange(t, b.legal(0), Raise, 50, 50)
}

// gr-regulation-1 §8 vector 7 (B.3): FL 10/20 turn, facing 20: with 500
// the choices are fold, call 20, raise to 40, and no all-in; with 30 the
// all-in is 30 and in cash (full-raise rule) it does not reopen; in
// tournaments (50 % rule) it does.
func TestGRFixedLimitAllInCeiling(t *testing.T) {
	c := gr(FixedLimit)
	b := table(t, c, 500, 500).postflop(40, 20, 0)
	b.do(0, Bet, 20)
	wantKinds(t, b.kinds(1), Fold, Call, Raise)
	wantRange(t, b.legal(1), Raise, 40, 40)
	b.reject(1, AllIn, 0, "ALL_IN_ABOVE_LIMIT")

	for _, tc := range []struct {
		reopen Reopen
		full   bool
	}{{ReopenFull, false}, {ReopenHalf, true}} {
		c.LimitReopen = tc.reopen
		b := table(t, c, 500, 30, 500).postflop(40, 20, 0)
		b.do(0, Bet, 20)
		res := b.do(1, AllIn, 0)
		if res.To != 30 || res.Full != tc.full {
			t.Fatalf("reopen %d: all-in %+v, want to 30 full=%v", tc.reopen, res, tc.full)
		}
	}
}

// gr-regulation-1 §8 vector 8 (B.23, B.64, B.78): blinds 1/2 and a 4
// straddle: the next player calls 4; the straddler acts last and may check
// or raise.
func TestGRStraddleIsTheLastBlind(t *testing.T) {
	c := gr(NoLimit)
	c.MinBet = 2
	b := table(t, c, 100, 100, 100, 100)
	b.r.StartStreet(0, 0, false)
	b.r.Post(0, 1, true)
	b.r.Post(1, 2, true)
	b.r.OpenWithBlind(4, b.r.Post(2, 4, true))
	b.r.Advance(2)
	b.wantToAct(3)
	wantRange(t, b.legal(3), Call, 4, 4)
	wantRange(t, b.legal(3), Raise, 8, 100)
	b.do(3, Call, 0)
	b.do(0, Call, 0)
	b.do(1, Call, 0)
	b.wantToAct(2)
	wantKinds(t, b.kinds(2), Fold, Check, Raise, AllIn)
}

// gr-regulation-2 §5.4 and §12.2 "Chip interpretation" (C1–C8).
func TestGRChipInterpretation(t *testing.T) {
	t.Run("C4 limit single chip is a call", func(t *testing.T) {
		b := table(t, gr(FixedLimit), 500, 500).postflop(30, 10, 0)
		b.do(0, Bet, 10)
		res, rd := b.chips(1, Chips{Chips: []int64{25}})
		if res.Kind != Call || res.To != 10 || rd.Change != 15 {
			t.Fatalf("%+v %+v", res, rd)
		}
	})
	t.Run("C5 preflop single chip is a call", func(t *testing.T) {
		b := table(t, gr(NoLimit), 1000, 1000, 1000).blinds(0, 5, 1, 10)
		res, _ := b.chips(2, Chips{Chips: []int64{100}})
		if res.Kind != Call || res.To != 10 {
			t.Fatalf("%+v", res)
		}
	})
	t.Run("C6 opening single chip is a bet up to the maximum", func(t *testing.T) {
		b := table(t, gr(NoLimit), 1000, 1000).postflop(60, 0, 0)
		if res, _ := b.chips(0, Chips{Chips: []int64{100}}); res.Kind != Bet || res.To != 100 {
			t.Fatalf("NL %+v", res)
		}
		b = table(t, gr(PotLimit), 1000, 1000).postflop(60, 0, 0)
		if res, rd := b.chips(0, Chips{Chips: []int64{100}}); res.Kind != Bet || res.To != 60 || rd.Change != 40 {
			t.Fatalf("PL %+v %+v", res, rd)
		}
	})
	t.Run("C7 later round single chip facing a bet is a call", func(t *testing.T) {
		b := table(t, gr(NoLimit), 1000, 1000).postflop(60, 0, 0)
		b.do(0, Bet, 50)
		if res, _ := b.chips(1, Chips{Chips: []int64{100}}); res.Kind != Call || res.To != 50 {
			t.Fatalf("%+v", res)
		}
	})
	t.Run("C8 declared raise with one chip", func(t *testing.T) {
		b := table(t, gr(NoLimit), 1000, 1000).postflop(30, 0, 0)
		b.do(0, Bet, 20)
		if res, _ := b.chips(1, Chips{Chips: []int64{100}, Declared: Raise}); res.Kind != Raise || res.To != 100 {
			t.Fatalf("NL %+v", res)
		}
		b = table(t, gr(PotLimit), 1000, 1000).postflop(30, 0, 0)
		b.do(0, Bet, 20) // potNow 50
		if res, rd := b.chips(1, Chips{Chips: []int64{100}, Declared: Raise}); res.Kind != Raise || res.To != 90 || rd.Change != 10 {
			t.Fatalf("PL %+v %+v", res, rd)
		}
	})
	t.Run("C1 and C3 the 50 % rule", func(t *testing.T) {
		setup := func() *tb {
			b := table(t, gr(NoLimit), 1000, 1000).postflop(100, 0, 0)
			b.do(0, Bet, 100)
			return b
		}
		b := setup()
		if res, _ := b.chips(1, Chips{Chips: []int64{100, 50, 10}}); res.Kind != Raise || res.To != 200 {
			t.Fatalf("160: %+v, want raise to 200", res)
		}
		b = setup()
		if res, rd := b.chips(1, Chips{Chips: []int64{100, 20, 20}}); res.Kind != Call || res.To != 100 || rd.Change != 40 {
			t.Fatalf("140: %+v %+v, want call 100 with 40 back", res, rd)
		}
	})
	t.Run("C2 two equal chips in tournaments", func(t *testing.T) {
		c := gr(NoLimit)
		c.TwoChipCall = true
		b := table(t, c, 5000, 5000).postflop(100, 0, 0)
		b.do(0, Bet, 1200)
		if res, rd := b.chips(1, Chips{Chips: []int64{1000, 1000}}); res.Kind != Call || rd.Change != 800 {
			t.Fatalf("%+v %+v, want call", res, rd)
		}
	})
}

// docs/rules/cz-cash-game-texas-holdem.md §10 vectors 1–2 and §11.1: SB 5 / BB 10:
// a call is 10; the first raise is to 20 at least; after 10 → 20 the
// literal rule wants 40, the increment rule 30.
func TestCZMinimumRaiseIsDouble(t *testing.T) {
	b := table(t, cz(), 1000, 1000, 1000, 1000).blinds(0, 5, 1, 10)
	wantRange(t, b.legal(2), Call, 10, 10)
	wantRange(t, b.legal(2), Raise, 20, 1000)
	b.do(2, Raise, 20)
	if got := b.legal(3)[Raise].Min; got != 40 {
		t.Fatalf("literal CZ min re-raise %d, want 40", got)
	}
	c := cz()
	c.MinRaise = RaiseByIncrement
	b = table(t, c, 1000, 1000, 1000, 1000).blinds(0, 5, 1, 10)
	b.do(2, Raise, 20)
	if got := b.legal(3)[Raise].Min; got != 30 {
		t.Fatalf("increment min re-raise %d, want 30", got)
	}
}

// docs/rules/cz-cash-game-texas-holdem.md §10 vectors 5–6 and §11.2–11.3: facing 40 a
// silent 100 chip is a call (60 back); "raise" first makes it a raise to
// 100; a single 25 chip opening after the flop is a bet of 25; half the
// minimum raise in loose chips must make exactly the minimum raise.
func TestCZChipRules(t *testing.T) {
	b := table(t, cz(), 1000, 1000).postflop(80, 0, 0)
	b.do(0, Bet, 40)
	if res, rd := b.chips(1, Chips{Chips: []int64{100}}); res.Kind != Call || res.To != 40 || rd.Change != 60 {
		t.Fatalf("%+v %+v", res, rd)
	}
	b = table(t, cz(), 1000, 1000).postflop(80, 0, 0)
	b.do(0, Bet, 40)
	if res, _ := b.chips(1, Chips{Chips: []int64{100}, Declared: Raise}); res.Kind != Raise || res.To != 100 {
		t.Fatalf("%+v", res)
	}
	b = table(t, cz(), 1000, 1000).postflop(80, 0, 0)
	if res, _ := b.chips(0, Chips{Chips: []int64{25}}); res.Kind != Bet || res.To != 25 {
		t.Fatalf("%+v", res)
	}
	b = table(t, cz(), 1000, 1000).postflop(80, 0, 0)
	b.do(0, Bet, 40) // min raise to 80: increment 40, half = 20
	if res, _ := b.chips(1, Chips{Chips: []int64{25, 25, 10}}); res.Kind != Raise || res.To != 80 {
		t.Fatalf("60 put out: %+v, want exactly the minimum raise 80", res)
	}
	b = table(t, cz(), 1000, 1000).postflop(80, 0, 0)
	b.do(0, Bet, 40)
	if res, rd := b.chips(1, Chips{Chips: []int64{25, 25}}); res.Kind != Call || rd.Change != 10 {
		t.Fatalf("50 put out: %+v %+v, want call with 10 back", res, rd)
	}
}

// docs/rules/ru-club-poker.md §8 T4–T10.
func TestClubPokerBettingVectors(t *testing.T) {
	club := ru(NoLimit) // club poker: increment raises, 100 % reopening (N2, N4)
	t.Run("T4 NL first raiser min 20 max stack", func(t *testing.T) {
		b := table(t, club, 500, 500, 500).blinds(0, 5, 1, 10)
		wantRange(t, b.legal(2), Raise, 20, 500)
	})
	t.Run("T5 PL 5/10 first to act max 35", func(t *testing.T) {
		c := club
		c.Structure = PotLimit
		b := table(t, c, 500, 500, 500).blinds(0, 5, 1, 10)
		wantRange(t, b.legal(2), Raise, 20, 35)
	})
	t.Run("T6 all-in 150 over 100 does not reopen", func(t *testing.T) {
		b := table(t, club, 1000, 150, 1000).postflop(100, 0, 0)
		b.do(0, Bet, 100)
		if res := b.do(1, AllIn, 0); res.Full {
			t.Fatal("150 over 100 counted as a raise")
		}
		b.do(2, Call, 0)
		wantKinds(t, b.kinds(0), Fold, Call)
	})
	t.Run("T7 all-in 200 over 100 reopens", func(t *testing.T) {
		b := table(t, club, 1000, 200, 1000).postflop(100, 0, 0)
		b.do(0, Bet, 100)
		if res := b.do(1, AllIn, 0); !res.Full {
			t.Fatal("200 over 100 is a full raise")
		}
		b.do(2, Call, 0)
		wantKinds(t, b.kinds(0), Fold, Call, Raise, AllIn)
	})
	t.Run("T8 BB all-in 6 of 10: call 10, raises from 10", func(t *testing.T) {
		b := table(t, club, 500, 6, 500).blinds(0, 5, 1, 10)
		wantRange(t, b.legal(2), Call, 10, 10)
		wantRange(t, b.legal(2), Raise, 20, 500)
	})
	t.Run("T9 silent single chip facing 40 is a call", func(t *testing.T) {
		b := table(t, club, 1000, 1000).postflop(80, 0, 0)
		b.do(0, Bet, 40)
		if res, _ := b.chips(1, Chips{Chips: []int64{100}}); res.Kind != Call || res.To != 40 {
			t.Fatalf("%+v", res)
		}
	})
	t.Run("T10 opening single 100 chip is a bet of 100", func(t *testing.T) {
		b := table(t, club, 1000, 1000).postflop(200, 0, 0)
		if res, _ := b.chips(0, Chips{Chips: []int64{100}}); res.Kind != Bet || res.To != 100 {
			t.Fatalf("%+v", res)
		}
	})
}

// gr-regulation-1 §8 vector 21 (B.28): a player may fold when he could
// check ("check out").
func TestGRCheckOutIsAFold(t *testing.T) {
	b := table(t, gr(NoLimit), 500, 500).postflop(20, 0, 0)
	wantKinds(t, b.kinds(0), Fold, Check, Bet, AllIn)
	b.do(0, Fold, 0)
	if b.r.Seats[0].Status != StatusFolded {
		t.Fatal("check-out did not fold")
	}
}

// Every kind of malformed action is rejected with a reason and no change.
func TestRejectionsLeaveRoundUnchanged(t *testing.T) {
	b := table(t, ru(NoLimit), 1000, 1000, 1000).blinds(0, 5, 1, 10)
	b.reject(2, Check, 0, "CHECK_NOT_ALLOWED")
	b.reject(2, Bet, 30, "BET_NOT_ALLOWED")
	b.reject(2, Raise, 15, "RAISE_BELOW_MINIMUM")
	b.reject(2, Raise, 1001, "EXCEEDS_STACK")
	b.reject(2, Call, 7, "CALL_AMOUNT_MISMATCH")
	b.reject(2, Fold, 5, "AMOUNT_NOT_ALLOWED")
	b.reject(2, BringIn, 0, "BRING_IN_NOT_ALLOWED")
	b.reject(2, Kind(99), 0, "UNKNOWN_ACTION")
	b.reject(2, Raise, -5, "NEGATIVE_AMOUNT")
	b.reject(0, Call, 0, "NOT_YOUR_TURN")
}
