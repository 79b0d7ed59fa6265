package roulette

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// vector is one settlement vector of a spec: a bet, the winning numbers,
// and what it pays (won), gives back (returned) and loses.
type vector struct {
	name   string
	spot   string
	amount int64
	wins   []Number
	want   sums
}

func runVectors(t *testing.T, r Rules, vs []vector) {
	t.Helper()
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			for _, n := range v.wins {
				if got := settleOne(t, r, v.spot, v.amount, n); got != v.want {
					t.Errorf("%s %d, %v wins: %+v, want %+v", v.spot, v.amount, n, got, v.want)
				}
			}
		})
	}
}

// docs/rules/cz-european-roulette.md §9 test vectors, unit 1 chip: "paid"
// is Won, "returned" the winning stakes that stay, "lost" the rest.
func TestCZVectors(t *testing.T) {
	others := func(in ...Number) []Number {
		var out []Number
		for n := Number(0); n <= 36; n++ {
			if !setOf(in...).has(n) {
				out = append(out, n)
			}
		}
		return out
	}
	runVectors(t, rules(t, CZ), []vector{
		{"§9 straight 32 wins 35, stake stays", "straight:32", 1, []Number{32}, sums{35, 1, 0}},
		{"§9 split 2/5 on 5", "split:2-5", 1, []Number{5}, sums{17, 1, 0}},
		{"§9 trio 0/2/3 on 0", "trio:0-2-3", 1, []Number{0}, sums{11, 1, 0}},
		{"§9 corner 0/1/2/3 on 2", "corner:0-1-2-3", 1, []Number{2}, sums{8, 1, 0}},
		{"§9 corner 7/8/10/11 on 10", "corner:7-8-10-11", 1, []Number{10}, sums{8, 1, 0}},
		{"§9 six line 16-21 on 19", "sixline:16-21", 1, []Number{19}, sums{5, 1, 0}},
		{"§9 dozen 1-12 on 0 lost", "dozen:1", 1, []Number{0}, sums{0, 0, 1}},
		{"§9 red on 0 lost, no half-back", "red", 1, []Number{0}, sums{0, 0, 1}},
		{"§9 neighbours of 5 on 24 net +31", "neighbours:5", 5, []Number{24}, sums{35, 1, 4}},
		{"§9 zero game on its splits net +14", "zero_game", 4, []Number{0, 3, 12, 15, 32, 35}, sums{17, 1, 3}},
		{"§9 zero game on 26 net +32", "zero_game", 4, []Number{26}, sums{35, 1, 3}},
		{"§9 zero game elsewhere -4", "zero_game", 4, others(0, 3, 12, 15, 26, 32, 35), sums{0, 0, 4}},
		{"§9 voisins on 0/2/3 net +15", "voisins", 9, []Number{0, 2, 3}, sums{22, 2, 7}},
		{"§9 voisins on 25/26/28/29 net +9", "voisins", 9, []Number{25, 26, 28, 29}, sums{16, 2, 7}},
		{"§9 voisins on a split net +9", "voisins", 9, []Number{4, 7, 12, 15, 18, 19, 21, 22, 32, 35}, sums{17, 1, 8}},
		{"§9 tiers on its numbers net +12", "tiers", 6, []Number{27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33}, sums{17, 1, 5}},
		{"§9 orphelins on 1 net +31", "orphelins", 5, []Number{1}, sums{35, 1, 4}},
		{"§9 orphelins on 17 net +31", "orphelins", 5, []Number{17}, sums{34, 2, 3}},
		{"§9 orphelins on a split net +13", "orphelins", 5, []Number{6, 9, 14, 20, 31, 34}, sums{17, 1, 4}},
	})
}

// docs/rules/ru-american-roulette.md §6 T1–T15 (single-zero default).
func TestRUVectors(t *testing.T) {
	runVectors(t, rules(t, RU), []vector{
		{"T1 straight 17 +35, chip stays", "straight:17", 1, []Number{17}, sums{35, 1, 0}},
		{"T2 10 on red, 0: -10", "red", 10, []Number{0}, sums{0, 0, 10}},
		{"T3 10 on 1st dozen, 0: -10", "dozen:1", 10, []Number{0}, sums{0, 0, 10}},
		{"T4 trio 0/1/2 on 2 +11", "trio:0-1-2", 1, []Number{2}, sums{11, 1, 0}},
		{"T5 first four on 0 +8", "corner:0-1-2-3", 1, []Number{0}, sums{8, 1, 0}},
		{"T6 neighbours of 0 on 32 net +31", "neighbours:0", 5, []Number{32}, sums{35, 1, 4}},
		{"T7 neighbours of 17 on 6 net +31", "neighbours:17", 5, []Number{6}, sums{35, 1, 4}},
		{"T8 voisins on 0 net +15", "voisins", 9, []Number{0}, sums{22, 2, 7}},
		{"T9 voisins on 26 net +9", "voisins", 9, []Number{26}, sums{16, 2, 7}},
		{"T10 voisins on 19 net +9", "voisins", 9, []Number{19}, sums{17, 1, 8}},
		{"T11 zero spiel on 26 net +32", "zero_spiel", 4, []Number{26}, sums{35, 1, 3}},
		{"T12 zero spiel on 0 net +14", "zero_spiel", 4, []Number{0}, sums{17, 1, 3}},
		{"T13 tiers on 5 net +12", "tiers", 6, []Number{5}, sums{17, 1, 5}},
		{"T14 orphelins on 17 net +31", "orphelins", 5, []Number{17}, sums{34, 2, 3}},
		{"T15 orphelins on 1 net +31", "orphelins", 5, []Number{1}, sums{35, 1, 4}},
	})
}

// ru T16: the ball made 2 revolutions: no spin, re-spin, and the bets may
// be changed (§3.20–3.22).
func TestRUT16TwoRevolutionsRespinsWithBetsChangeable(t *testing.T) {
	r := rules(t, RU)
	s := opened(t, r, nil)
	mustApply(t, r, &s, Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a1", Spot: "red", Amount: 10}}})
	mustApply(t, r, &s, Command{Kind: CmdClose})
	ev := mustApply(t, r, &s, Command{Kind: CmdResult, Spin: &Spin{Pocket: 1, Dealer: true, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 2}})
	if len(ev) != 1 || ev[0].Kind != EvNoSpin || ev[0].Verdict != round.Respin || s.Phase != round.Betting {
		t.Fatalf("events %+v, phase %v", ev, s.Phase)
	}
	// A no-spin does not end the round: it has no result yet.
	if s.Result != nil || s.Verdict != 0 || s.Winner != "" {
		t.Fatalf("result %+v, %v, %q after a no-spin", s.Result, s.Verdict, s.Winner)
	}
	// The bets stayed, and may be changed.
	mustApply(t, r, &s, Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a1"}})
	mustApply(t, r, &s, Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a2", Spot: "straight:32", Amount: 1}}})
	mustApply(t, r, &s, Command{Kind: CmdClose})
	ev = mustApply(t, r, &s, Command{Kind: CmdResult, Spin: &Spin{Pocket: 1, Dealer: true, Wheel: round.Anticlockwise, Ball: round.Clockwise, Revolutions: 7}})
	if s.Phase != round.Settled || len(s.Spins) != 2 || s.Winner != "32" || ev[0].Winner != "32" {
		t.Fatalf("phase %v, spins %d, winner %q", s.Phase, len(s.Spins), s.Winner)
	}
	if got := sumLines(ev[0].Lines); got != (sums{35, 1, 0}) {
		t.Errorf("settled %+v", got)
	}
	// The round's lines are the cancel's refund of a1 and the settlement.
	if got := sumLines(s.Lines); got != (sums{35, 11, 0}) || s.Lines[0] != round.Refund(round.Bet{ID: "a1", Player: "ann", Spot: "red", Amount: 10}) {
		t.Errorf("round's lines %+v", s.Lines)
	}
}

// ru T17: table max 100 a bet; a layout straight 26 of 80 and the zero
// spiel's straight 26 of 40 both win: the dealer keeps 100 on 26, returns
// 20 and pays 100 × 35 = 3 500 (§4.4).
func TestRUT17TrackCap(t *testing.T) {
	r := rules(t, RU)
	r.Limits.Table = round.Limit{Min: 1, Max: 100}
	bets := []round.Bet{
		{ID: "layout", Player: "ann", Spot: "straight:26", Amount: 80},
		{ID: "track", Player: "ann", Spot: "zero_game", Amount: 160}, // 40 a piece
	}
	st := Settle(r, bets, 26)
	if err := st.Check(); err != nil {
		t.Fatal(err)
	}
	var on26 sums
	for _, l := range st.Lines {
		if l.Spot == "straight:26" {
			on26 = sums{on26.won + l.Won, on26.returned + l.Returned, on26.lost + l.Lost}
		}
	}
	// 80 + 40 back (100 that played as the winning stake, 20 excess), 3 500 won.
	if on26 != (sums{3500, 120, 0}) {
		t.Errorf("on 26: %+v, want won 3500, returned 120", on26)
	}
	if got := sumLines(st.Lines); got != (sums{3500, 120, 120}) {
		t.Errorf("total %+v: the three other zero-spiel pieces lose 120", got)
	}
	// The cap is the ru profile's: cz plays both in full (no such rule).
	cz := rules(t, CZ)
	cz.Limits = r.Limits
	if got := sumLines(Settle(cz, bets, 26).Lines); got.won != 120*35 {
		t.Errorf("cz won %d, want %d", got.won, 120*35)
	}
	// Through Apply: the layout stake alone is within the spot maximum,
	// the track piece is capped at settlement, not refused.
	s := opened(t, r, nil)
	mustApply(t, r, &s, Command{Kind: CmdPlace, Player: "ann", Bets: bets})
	_, err := Apply(r, &s, Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "more", Spot: "straight:26", Amount: 21}}})
	if apierr.Reason(err) != round.ReasonBetOutsideLimits {
		t.Errorf("a second layout chip over the spot maximum: %v", err)
	}
}

// ru T18: a chip placed after "no more bets" is returned, not in play
// (§3.25). So is a cancel (cz §5.4: no bet may be cancelled or moved).
func TestRUT18LateBetNotInPlay(t *testing.T) {
	r := rules(t, RU)
	s := opened(t, r, nil)
	mustApply(t, r, &s, Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a1", Spot: "red", Amount: 10}}})
	mustApply(t, r, &s, Command{Kind: CmdClose})
	before := s.Clone()
	for _, c := range []Command{
		{Kind: CmdPlace, Player: "ben", Bets: []round.Bet{{ID: "b1", Spot: "straight:17", Amount: 10}}},
		{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a1"}},
	} {
		if _, err := Apply(r, &s, c); apierr.Reason(err) != round.ReasonBettingClosed {
			t.Errorf("%v after no more bets: %v", c.Kind, err)
		}
	}
	assertSame(t, before, s)
	mustApply(t, r, &s, Command{Kind: CmdResult, Spin: &Spin{Pocket: 8}}) // 17
	if len(s.Lines) != 1 || s.Lines[0].BetID != "a1" {
		t.Errorf("lines %+v", s.Lines)
	}
}

// cz §9 spin validity: the wheel turned clockwise on the previous spin and
// clockwise again: invalid, bets returned (§5.3, §8). 8 revolutions "may be
// declared invalid": the default does, min_revolutions 0 does not.
func TestCZInvalidSpinVoidsAndRefunds(t *testing.T) {
	prev := &Spin{Pocket: 3, Dealer: true, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 12}
	for _, tc := range []struct {
		name  string
		r     Rules
		spin  Spin
		phase round.Phase
		fault Fault
	}{
		{"wheel not reversed", rules(t, CZ), Spin{Pocket: 5, Dealer: true, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 12}, round.Voided, WheelNotReversed},
		{"8 revolutions, default", rules(t, CZ), Spin{Pocket: 5, Dealer: true, Wheel: round.Anticlockwise, Ball: round.Clockwise, Revolutions: 8}, round.Voided, FewRevolutions},
		{"8 revolutions, left to the croupier", rules(t, CZ, "min_revolutions", "0"), Spin{Pocket: 5, Dealer: true, Wheel: round.Anticlockwise, Ball: round.Clockwise, Revolutions: 8}, round.Settled, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := opened(t, tc.r, prev)
			mustApply(t, tc.r, &s, Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a", Spot: "red", Amount: 10}, {ID: "b", Spot: "voisins", Amount: 9}}})
			mustApply(t, tc.r, &s, Command{Kind: CmdClose})
			ev := mustApply(t, tc.r, &s, Command{Kind: CmdResult, Spin: &tc.spin})
			if s.Phase != tc.phase {
				t.Fatalf("phase %v, want %v (%+v)", s.Phase, tc.phase, ev)
			}
			if tc.phase != round.Voided {
				return
			}
			if ev[0].Kind != EvVoided || len(ev[0].Faults) != 1 || ev[0].Faults[0] != tc.fault {
				t.Errorf("event %+v", ev[0])
			}
			// The void spin ended the round: it is the result, where the
			// ball lay its winner, which won nothing.
			if s.Result == nil || s.Verdict != round.Void || s.Winner != "21" || ev[0].Winner != "21" {
				t.Errorf("result %+v, %v, %q", s.Result, s.Verdict, s.Winner)
			}
			if got := sumLines(s.Lines); got != (sums{0, 19, 0}) || len(s.Lines) != 2 {
				t.Errorf("refunds %+v", s.Lines)
			}
		})
	}
}

// ru §4.4 speaks of a track part meeting an identical layout bet; two
// track pieces on one spot (voisins and zero spiel share split 12/15) land
// on the same layout spot too, so the engine caps them the same way: the
// later bet's piece gives back the excess.
func TestRUTrackCapBetweenTrackBets(t *testing.T) {
	r := rules(t, RU)
	r.Limits.Table = round.Limit{Min: 1, Max: 100}
	bets := []round.Bet{
		{ID: "v", Player: "ann", Spot: "voisins", Amount: 450},   // split 12/15: 50
		{ID: "z", Player: "ann", Spot: "zero_game", Amount: 240}, // split 12/15: 60
		{ID: "o", Player: "ben", Spot: "split:12-15", Amount: 100},
	}
	st := Settle(r, bets, 12)
	if err := st.Check(); err != nil {
		t.Fatal(err)
	}
	for _, l := range st.Lines {
		if l.Spot != "split:12-15" {
			continue
		}
		want := map[string]int64{"v": 50 * 17, "z": 50 * 17, "o": 100 * 17}[l.BetID]
		if l.Won != want || l.Returned != l.Stake {
			t.Errorf("%s: %+v, want won %d and the whole stake back", l.BetID, l, want)
		}
	}
}
