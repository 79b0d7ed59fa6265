package moneywheel

import (
	"reflect"
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/wheel"
)

// placeholderRules is the cz profile on the shipped placeholder layout.
func placeholderRules(t testing.TB) Rules {
	t.Helper()
	r, err := Named(CZ, wheel.MoneyPlaceholder())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// fieldOf is the first field of sym on the rules' wheel.
func fieldOf(t testing.TB, r Rules, sym string) int {
	t.Helper()
	i := slices.Index(r.Wheel.Labels, sym)
	if i < 0 {
		t.Fatalf("no %s on %v", sym, r.Wheel.Labels)
	}
	return i
}

// playRound opens a round, places bets for their players, closes it and
// reports spin; it returns the state and the result's events.
func playRound(t *testing.T, r Rules, bets []round.Bet, spin Spin) (State, []Event) {
	t.Helper()
	var s State
	mustApply(t, r, &s, Command{Kind: CmdOpen})
	for _, b := range bets {
		mustApply(t, r, &s, Command{Kind: CmdPlace, Player: b.Player, Bets: []round.Bet{b}})
	}
	mustApply(t, r, &s, Command{Kind: CmdClose})
	return s, mustApply(t, r, &s, Command{Kind: CmdResult, Spin: spin})
}

func mustApply(t testing.TB, r Rules, s *State, c Command) []Event {
	t.Helper()
	evs, err := Apply(r, s, c)
	if err != nil {
		t.Fatalf("%s: %v", c.Kind, err)
	}
	return evs
}

func bet(id, player, spot string, amount int64) round.Bet {
	return round.Bet{ID: id, Player: player, Spot: spot, Amount: amount}
}

func rngSpin(field int) Spin { return Spin{Source: FromRNG, Field: field} }

// lineOf is the line of bet id in lines.
func lineOf(t *testing.T, lines []round.Line, id string) round.Line {
	t.Helper()
	i := slices.IndexFunc(lines, func(l round.Line) bool { return l.BetID == id })
	if i < 0 {
		t.Fatalf("no line for %s in %+v", id, lines)
	}
	return lines[i]
}

// TestCZMoneyWheelVectorsSettled is docs/rules/cz-money-wheel.md §6, the
// vectors with a valid result: 1 (10 on cherries, cherries: +20 and the
// 10 back), 2 (10 on seven and on star, seven: +250 and 10 back, star
// lost) and 3 (10 on each of the six boxes, X: all 60 lost).
func TestCZMoneyWheelVectorsSettled(t *testing.T) {
	r := placeholderRules(t)
	all := func() []round.Bet {
		var out []round.Bet
		for _, b := range Boxes() {
			out = append(out, bet(b, "ann", b, 10))
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		bets   []round.Bet
		result string
		want   []round.Line // by bet id
		house  int64
	}{
		{"vector 1: 10 on cherries, cherries", []round.Bet{bet("c", "ann", Cherries, 10)}, Cherries,
			[]round.Line{{BetID: "c", Stake: 10, Won: 20, Returned: 10}}, -20},
		{"vector 2: 10 on seven and star, seven", []round.Bet{bet("7", "ann", Seven, 10), bet("s", "ann", Star, 10)}, Seven,
			[]round.Line{{BetID: "7", Stake: 10, Won: 250, Returned: 10}, {BetID: "s", Stake: 10, Lost: 10}}, 10 - 250},
		{"vector 3: 10 on each of the six, X", all(), X,
			[]round.Line{{BetID: Cherries, Stake: 10, Lost: 10}, {BetID: Bell, Stake: 10, Lost: 10}, {BetID: Grapes, Stake: 10, Lost: 10},
				{BetID: Melon, Stake: 10, Lost: 10}, {BetID: Star, Stake: 10, Lost: 10}, {BetID: Seven, Stake: 10, Lost: 10}}, 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, evs := playRound(t, r, tc.bets, rngSpin(fieldOf(t, r, tc.result)))
			if s.Phase != round.Settled || len(evs) != 2 || evs[0].Kind != EvResult || evs[1].Kind != EvSettled {
				t.Fatalf("phase %s, events %+v", s.Phase, evs)
			}
			if evs[0].Winner != tc.result || s.Winner != tc.result || s.Verdict != round.Valid {
				t.Fatalf("result %+v, state's winner %q", evs[0], s.Winner)
			}
			set := round.Settlement{Lines: evs[1].Lines}
			if err := set.Check(); err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				got := lineOf(t, set.Lines, w.BetID)
				got.Player, got.Spot = "", ""
				if got != w {
					t.Errorf("line %+v, want %+v", got, w)
				}
			}
			if h := set.House(); h != tc.house {
				t.Errorf("house %d, want %d", h, tc.house)
			}
			if s.Escrow() != 0 {
				t.Errorf("escrow %d after settlement", s.Escrow())
			}
		})
	}
}

// TestCZMoneyWheelVector4VoidUnderFiveRevolutions is docs/rules/cz-money-wheel.md §6
// vector 4: 10 on melon, the wheel made only 4 revolutions and stopped on
// melon: void, no payout; the player carries the 10 into the next game
// (the default, §7) or takes a 10 refund (§4.4 (a)/(b)).
func TestCZMoneyWheelVector4VoidUnderFiveRevolutions(t *testing.T) {
	r := placeholderRules(t)
	melon := fieldOf(t, r, Melon)
	four := Spin{Source: FromDealer, Field: melon, Revolutions: 4, Direction: round.Clockwise}
	for _, tc := range []struct {
		name   string
		choice VoidChoice // 0: none made
		refund bool
	}{
		{"default: carried", 0, false},
		{"chose carry", Carry, false},
		{"chose refund", Refund, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s State
			mustApply(t, r, &s, Command{Kind: CmdOpen})
			mustApply(t, r, &s, Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{bet("m", "", Melon, 10)}})
			if tc.choice != 0 {
				mustApply(t, r, &s, Command{Kind: CmdChoose, Player: "ann", Choice: tc.choice})
			}
			mustApply(t, r, &s, Command{Kind: CmdClose})
			evs := mustApply(t, r, &s, Command{Kind: CmdResult, Spin: four})
			if s.Phase != round.Voided || evs[0].Verdict != round.Void || evs[0].Winner != Melon || s.Verdict != round.Void {
				t.Fatalf("phase %s, result %+v", s.Phase, evs[0])
			}
			voided := evs[1]
			var wantLines []round.Line
			var wantEscrow int64 = 10 // carried: the 10 stays in escrow
			if tc.refund {
				wantLines, wantEscrow = []round.Line{round.Refund(bet("m", "ann", Melon, 10))}, 0
			}
			if !reflect.DeepEqual(voided.Lines, wantLines) || s.Escrow() != wantEscrow || len(voided.Bets) != int(wantEscrow/10) {
				t.Fatalf("void lines %+v, carried %+v, escrow %d", voided.Lines, voided.Bets, s.Escrow())
			}
			mustApply(t, r, &s, Command{Kind: CmdOpen})
			if got := sum(s.Bets); got != wantEscrow {
				t.Errorf("the next game starts with %d staked (%+v), want %d", got, s.Bets, wantEscrow)
			}
		})
	}
}

// TestCZMoneyWheelVector5PegPreviousFieldWins is docs/rules/cz-money-wheel.md §6
// vector 5: 10 on bell, the pointer stops on the peg between a bell and a
// grapes field and the bell field is the previous one: bell wins, +30.
// Every bell/grapes peg of the placeholder layout is tried with the
// direction that makes the bell previous (Winner: clockwise, the field
// after the peg in wheel order has just passed) and with the other
// direction, where grapes is previous and the bell bet loses.
func TestCZMoneyWheelVector5PegPreviousFieldWins(t *testing.T) {
	r := placeholderRules(t)
	n := r.Wheel.Size()
	pegs := 0
	for i := range n {
		a, b := r.Wheel.Labels[i], r.Wheel.Labels[(i+1)%n]
		if !(a == Bell && b == Grapes || a == Grapes && b == Bell) {
			continue
		}
		pegs++
		bellPrevious := round.Anticlockwise // the field before the peg, i, has passed
		if b == Bell {
			bellPrevious = round.Clockwise
		}
		other := round.Clockwise + round.Anticlockwise - bellPrevious
		for _, tc := range []struct {
			dir  round.Direction
			line round.Line
		}{
			{bellPrevious, round.Line{BetID: "b", Player: "ann", Spot: Bell, Stake: 10, Won: 30, Returned: 10}},
			{other, round.Line{BetID: "b", Player: "ann", Spot: Bell, Stake: 10, Lost: 10}},
		} {
			spin := Spin{Source: FromDealer, Field: i, Revolutions: 7, Direction: tc.dir, Peg: true}
			_, evs := playRound(t, r, []round.Bet{bet("b", "ann", Bell, 10)}, spin)
			if got := evs[1].Lines[0]; got != tc.line {
				t.Errorf("peg after field %d (%s|%s), %s: %+v, want %+v", i, a, b, tc.dir, got, tc.line)
			}
		}
	}
	if pegs == 0 {
		t.Fatal("the placeholder layout has no bell/grapes peg")
	}
}
