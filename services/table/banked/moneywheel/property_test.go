package moneywheel

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// ledger moves the money the events say, as the table core does with the
// wallet: stakes from the player into the round's escrow, each line's
// stake out of it (Returned to the player, Lost to the house), winnings
// from the house, carried stakes from a void round's escrow to the next.
type ledger struct {
	wallet map[string]int64
	escrow map[int64]int64
	house  int64
	total  int64
	// in and out are each round's stakes in (placed or carried in) and
	// stakes settled by a line.
	in, out map[int64]int64
}

func newLedger(players []string, each int64) *ledger {
	l := &ledger{wallet: map[string]int64{}, escrow: map[int64]int64{}, in: map[int64]int64{}, out: map[int64]int64{}}
	for _, p := range players {
		l.wallet[p] = each
		l.total += each
	}
	return l
}

func (l *ledger) take(t *testing.T, rnd int64, evs []Event) {
	t.Helper()
	for _, e := range evs {
		for _, b := range e.Bets {
			switch e.Kind {
			case EvOpened:
				l.escrow[rnd-1] -= b.Amount
				l.escrow[rnd] += b.Amount
				l.in[rnd] += b.Amount
			case EvPlaced:
				l.wallet[b.Player] -= b.Amount
				l.escrow[rnd] += b.Amount
				l.in[rnd] += b.Amount
			}
		}
		for _, ln := range e.Lines {
			if err := ln.Check(); err != nil {
				t.Fatal(err)
			}
			l.escrow[rnd] -= ln.Stake
			l.out[rnd] += ln.Stake
			l.wallet[ln.Player] += ln.Paid()
			l.house += ln.Lost - ln.Won
		}
	}
	var all int64
	for _, w := range l.wallet {
		all += w
	}
	for _, e := range l.escrow {
		all += e
	}
	if all+l.house != l.total {
		t.Fatalf("money not conserved: wallets and escrows %d + house %d != %d", all, l.house, l.total)
	}
}

// table is the property run: rules, a state, the ledger and the refusals
// counted by reason.
type table struct {
	t       *testing.T
	r       Rules
	s       State
	l       *ledger
	refused map[string]int
}

// apply applies c and checks what every command must keep: a refusal
// leaves the state exactly as it was, no bet is accepted unless bets are
// open, and the ledger's escrow is the state's.
func (tb *table) apply(c Command) ([]Event, error) {
	t := tb.t
	t.Helper()
	before := tb.s.Clone()
	evs, err := Apply(tb.r, &tb.s, c)
	if err != nil {
		if !sameState(tb.s, before) {
			t.Fatalf("%s refused (%v) but the state changed\n%+v\nwas\n%+v", c.Kind, err, tb.s, before)
		}
		tb.refused[apierr.Reason(err)]++
		return nil, err
	}
	for _, e := range evs {
		if e.Kind == EvPlaced && before.Phase != round.Betting {
			t.Fatalf("bet accepted in a %s round: %+v", before.Phase, e)
		}
	}
	tb.l.take(t, tb.s.Round, evs)
	if got := tb.l.escrow[tb.s.Round]; got != tb.s.Escrow() {
		t.Fatalf("after %s: ledger escrow %d, state %d", c.Kind, got, tb.s.Escrow())
	}
	return evs, nil
}

// TestPropertyRoundsConserveMoney plays thousands of random rounds, bets
// legal and not, cancels, choices, late bets, rng and dealer spins
// (short ones void, cz-money-wheel.md §4.4; peg stops, §4.5) and operator
// voids, and checks that every round ends settled or voided, every
// settlement balances, the stakes in equal the payouts plus the house
// result plus the carried stakes, the escrow of a settled round is zero
// and a void one holds exactly its carried stakes.
func TestPropertyRoundsConserveMoney(t *testing.T) {
	players := []string{"ann", "ben", "cy", "dora", "ed"}
	tb := &table{t: t, r: limitedRules(t), l: newLedger(players, 1_000_000_000), refused: map[string]int{}}
	rng := rand.New(rand.NewPCG(14, 2026))
	ids := 0
	spots := append(Boxes(), X, "lemon", "Bell")
	amounts := []int64{0, 1, 5, 10, 20, 50, 51, 100, 101, 300, -3}
	randomBet := func() round.Bet {
		ids++
		return round.Bet{ID: fmt.Sprintf("b%d", ids), Spot: spots[rng.IntN(len(spots))], Amount: amounts[rng.IntN(len(amounts))]}
	}
	// someBet is one of the round's bets (or an unknown one).
	someBet := func() round.Bet {
		if len(tb.s.Bets) == 0 || rng.IntN(8) == 0 {
			return round.Bet{ID: "nope", Player: players[rng.IntN(len(players))]}
		}
		return tb.s.Bets[rng.IntN(len(tb.s.Bets))]
	}
	var settled, voided, carriedIn int
	const rounds = 4000
	for range rounds {
		if evs, err := tb.apply(Command{Kind: CmdOpen}); err != nil {
			t.Fatal(err)
		} else {
			carriedIn += len(evs[0].Bets)
		}
		if tb.l.escrow[tb.s.Round-1] != 0 {
			t.Fatalf("round %d's escrow %d once the next opened", tb.s.Round-1, tb.l.escrow[tb.s.Round-1])
		}
		for k := rng.IntN(14); k > 0; k-- {
			p := players[rng.IntN(len(players))]
			switch rng.IntN(10) {
			case 0, 1, 2, 3, 4:
				batch := []round.Bet{randomBet()}
				for rng.IntN(3) == 0 {
					batch = append(batch, randomBet())
				}
				tb.apply(place(p, batch...))
			case 5: // a retry, or another player's id, or other content
				b := someBet()
				if rng.IntN(2) == 0 {
					b.Amount++
				}
				tb.apply(place(b.Player, b))
			case 6, 7:
				b := someBet()
				tb.apply(cancel(b.Player, b.ID))
			case 8:
				tb.apply(Command{Kind: CmdChoose, Player: p, Choice: VoidChoice(1 + rng.IntN(2))})
			case 9:
				if rng.IntN(10) == 0 {
					tb.apply(Command{Kind: CmdVoid, Reason: "operator"})
				}
			}
		}
		tb.apply(Command{Kind: CmdClose})
		// A late bet is refused (§4.2) and a late cancel too.
		if _, err := tb.apply(place(players[0], round.Bet{ID: "late", Spot: Bell, Amount: 10})); err == nil {
			t.Fatal("a bet after no more bets was accepted")
		}
		if len(tb.s.Bets) > 0 && !tb.s.Phase.Over() {
			b := tb.s.Bets[0]
			if _, err := tb.apply(cancel(b.Player, b.ID)); apierr.Reason(err) != round.ReasonBettingClosed {
				t.Fatalf("a cancel after no more bets: %v", err)
			}
		}
		tb.spin(rng)
		if rng.IntN(4) == 0 {
			tb.apply(Command{Kind: CmdChoose, Player: players[rng.IntN(len(players))], Choice: VoidChoice(1 + rng.IntN(2))})
		}
		if rng.IntN(20) == 0 {
			tb.apply(Command{Kind: CmdVoid, Reason: "game over"})
		}
		switch tb.s.Phase {
		case round.Settled:
			settled++
		case round.Voided:
			voided++
		default:
			t.Fatalf("round %d ended %s", tb.s.Round, tb.s.Phase)
		}
		tb.checkEnd()
	}
	t.Logf("%d rounds: %d settled, %d voided, %d bets carried in; refusals %v", rounds, settled, voided, carriedIn, tb.refused)
	if settled == 0 || voided == 0 || carriedIn == 0 {
		t.Fatal("the run did not reach every ending")
	}
	for _, reason := range []string{round.ReasonBadSpot, round.ReasonBetOutsideLimits, round.ReasonBetIDConflict, round.ReasonBettingClosed, round.ReasonBadSpin, round.ReasonUnknownBet} {
		if tb.refused[reason] == 0 {
			t.Errorf("no command refused with %s", reason)
		}
	}
}

// spin reports a result: rng or dealer, short spins and peg stops among
// them, sometimes a malformed report first; or the operator voids.
func (tb *table) spin(rng *rand.Rand) {
	if tb.s.Phase.Over() {
		return
	}
	if rng.IntN(25) == 0 {
		tb.apply(Command{Kind: CmdVoid, Reason: "wheel jammed"})
		return
	}
	if rng.IntN(10) == 0 {
		if _, err := tb.apply(Command{Kind: CmdResult, Spin: Spin{Source: FromRNG, Field: 30}}); err == nil {
			tb.t.Fatal("field 30 accepted")
		}
	}
	s := Spin{Source: FromRNG, Field: rng.IntN(30)}
	if rng.IntN(2) == 0 {
		s = Spin{Source: FromDealer, Field: rng.IntN(30), Revolutions: rng.IntN(10), Direction: round.Direction(1 + rng.IntN(2)), Peg: rng.IntN(8) == 0}
	}
	if _, err := tb.apply(Command{Kind: CmdResult, Spin: s}); err != nil {
		tb.t.Fatalf("%+v: %v", s, err)
	}
}

// checkEnd checks a round that is over: each bet has one line or is
// carried, never both; the lines balance; stakes in are the lines' stakes
// plus the carried ones; the escrow holds the carried stakes only.
func (tb *table) checkEnd() {
	t, s := tb.t, tb.s
	set := round.Settlement{Lines: s.Lines}
	if err := set.Check(); err != nil {
		t.Fatal(err)
	}
	var stakes, paid int64
	for _, ln := range s.Lines {
		stakes += ln.Stake
		paid += ln.Paid()
	}
	if stakes != paid+set.House() {
		t.Fatalf("round %d: stakes %d != paid %d + house %d", s.Round, stakes, paid, set.House())
	}
	if in, out := tb.l.in[s.Round], tb.l.out[s.Round]; in != out+sum(s.Carried) || out != stakes {
		t.Fatalf("round %d: in %d, lines %d (%d), carried %d", s.Round, in, out, stakes, sum(s.Carried))
	}
	if s.Phase == round.Settled && (len(s.Carried) != 0 || tb.l.escrow[s.Round] != 0) {
		t.Fatalf("settled round %d: carried %v, escrow %d", s.Round, s.Carried, tb.l.escrow[s.Round])
	}
	for _, b := range s.Bets {
		lines := 0
		for _, ln := range s.Lines {
			if ln.BetID == b.ID && ln.Player == b.Player {
				lines++
			}
		}
		carried := slices.Contains(s.Carried, b)
		if lines+btoi(carried) != 1 {
			t.Fatalf("round %d: bet %+v has %d lines, carried %v", s.Round, b, lines, carried)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
