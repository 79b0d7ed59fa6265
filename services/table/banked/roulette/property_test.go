package roulette

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
)

// table is one randomly played table: its rules and the spots bots bet on
// (every legal spot and a few that are not).
type table struct {
	r     Rules
	spots []string
}

func newTable(t *testing.T, profile string, opts ...string) table {
	r := rules(t, profile, opts...)
	r.Limits = Limits{Table: round.Limit{Min: 1, Max: 200}, Straight: round.Limit{Max: 60}, EvenChance: round.Limit{Min: 5}}
	tb := table{r: r}
	for _, s := range Spots(r) {
		tb.spots = append(tb.spots, s.Name)
	}
	if r.TakesAnnounced() {
		tb.spots = append(tb.spots, "zero_game", "voisins", "tiers", "orphelins", "neighbours:0", "neighbours:17", "neighbours:36")
	}
	tb.spots = append(tb.spots, "split:1-5", "straight:37", "topline", "corner:0-1-2-3", "split:0-00", "voisins")
	return tb
}

func (tb table) command(rng *rand.Rand, s *State) Command {
	player := fmt.Sprintf("p%d", rng.IntN(4))
	switch x := rng.IntN(100); {
	case x < 55:
		var bets []round.Bet
		for range 1 + rng.IntN(4) {
			spot := tb.spots[rng.IntN(len(tb.spots))]
			amt := 1 + rng.Int64N(80)
			if sp, err := ParseSpot(tb.r, spot); err == nil && rng.IntN(4) > 0 {
				amt = (1 + rng.Int64N(20)) * sp.Units(tb.r)
			}
			bets = append(bets, round.Bet{ID: fmt.Sprintf("%s-%d", player, rng.IntN(12)), Spot: spot, Amount: amt})
		}
		return Command{Kind: CmdPlace, Player: player, Bets: bets}
	case x < 65:
		ids := []string{fmt.Sprintf("%s-%d", player, rng.IntN(12))}
		if len(s.Bets) > 0 && rng.IntN(2) == 0 {
			b := s.Bets[rng.IntN(len(s.Bets))]
			ids, player = []string{b.ID}, b.Player
		}
		return Command{Kind: CmdCancel, Player: player, BetIDs: ids}
	case x < 80:
		return Command{Kind: CmdClose}
	case x < 97:
		return Command{Kind: CmdResult, Spin: randomSpin(rng, tb.r)}
	}
	return Command{Kind: CmdVoid, Reason: "property"}
}

func randomSpin(rng *rand.Rand, r Rules) *Spin {
	sp := &Spin{Pocket: rng.IntN(r.Wheel.Wheel().Size())}
	if rng.IntN(2) == 0 {
		dirs := []round.Direction{round.Clockwise, round.Anticlockwise}
		sp.Dealer, sp.Wheel, sp.Ball = true, dirs[rng.IntN(2)], dirs[rng.IntN(2)]
		sp.Revolutions = rng.IntN(16)
		if rng.IntN(10) == 0 {
			sp.Reported = []Fault{Fault(BallLeftWheel + Fault(rng.IntN(5)))}
		}
	}
	return sp
}

// Random rounds on every profile (issue 14 "must show"): a refused
// command changes nothing; no bet gets in after "no more bets"; every
// round ends settled or voided; a settlement balances, stakes in equal the
// payouts plus the house result, and every stake of the round has its
// lines; a void refunds every bet whole.
func TestPropertyRounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2026))
	tables := []table{
		newTable(t, CZ), newTable(t, RU), newTable(t, CZ, "invalid_spin", "respin"),
		newTable(t, RU, "wheel", "double_zero", "top_line", "true"),
	}
	ended := map[round.Phase]int{}
	var bets, lines int
	for i := range 3000 {
		tb := tables[i%len(tables)]
		s := opened(t, tb.r, nil)
		for step := 0; !s.Phase.Over(); step++ {
			c := tb.command(rng, &s)
			if step > 40 {
				c = Command{Kind: CmdClose}
				if s.Phase == round.Closed {
					c = Command{Kind: CmdResult, Spin: &Spin{Pocket: rng.IntN(tb.r.Wheel.Wheel().Size())}}
				}
			}
			applyChecked(t, tb.r, &s, c, rng)
		}
		ended[s.Phase]++
		bets, lines = bets+len(s.Bets), lines+len(s.Lines)
		checkEnd(t, tb.r, s)
	}
	t.Logf("rounds ended %v, %d bets, %d lines", ended, bets, lines)
	if ended[round.Settled] == 0 || ended[round.Voided] == 0 {
		t.Errorf("rounds ended %v", ended)
	}
}

// applyChecked applies c and checks what must hold of any one command.
func applyChecked(t *testing.T, r Rules, s *State, c Command, rng *rand.Rand) {
	t.Helper()
	before := s.Clone()
	ev, err := Apply(r, s, c)
	if err != nil {
		if ev != nil {
			t.Fatalf("%v refused with events %+v", c.Kind, ev)
		}
		if !sameState(before, *s) {
			t.Fatalf("%v refused (%v) but changed the state", c.Kind, err)
		}
		return
	}
	if before.Phase != round.Betting && len(s.Bets) > len(before.Bets) {
		t.Fatalf("bets accepted in phase %v: %+v", before.Phase, c.Bets)
	}
	if s.Phase != round.Betting {
		// No more bets: a fresh bet is refused and changes nothing.
		late := s.Clone()
		fresh := Command{Kind: CmdPlace, Player: "late", Bets: []round.Bet{{ID: fmt.Sprintf("late-%d", rng.Int()), Spot: "red", Amount: 10}}}
		if _, err := Apply(r, s, fresh); err == nil || !sameState(late, *s) {
			t.Fatalf("a late bet in phase %v: %v", s.Phase, err)
		}
	}
}

// checkEnd checks a round that is over.
func checkEnd(t *testing.T, r Rules, s State) {
	t.Helper()
	st := s.Settlement()
	if err := st.Check(); err != nil {
		t.Fatal(err)
	}
	// The round's lines are every stake's that left the escrow: a
	// cancel's refund, then the settlement or the void's refunds.
	var in, stakes, paid int64
	perBet := map[string]int64{}
	cancelled := map[string]bool{}
	for _, b := range s.Bets {
		in += b.Amount
	}
	for _, b := range s.Cancelled {
		in += b.Amount
		cancelled[b.ID] = true
	}
	for _, l := range st.Lines {
		stakes += l.Stake
		paid += l.Paid()
		perBet[l.BetID] += l.Stake
	}
	if in != stakes || stakes != paid+st.House() {
		t.Fatalf("stakes in %d, lines %d, paid %d + house %d", in, stakes, paid, st.House())
	}
	for _, b := range append(slices.Clone(s.Bets), s.Cancelled...) {
		if perBet[b.ID] != b.Amount {
			t.Fatalf("bet %+v has lines for %d", b, perBet[b.ID])
		}
	}
	switch s.Phase {
	case round.Voided:
		if len(st.Lines) != len(s.Bets)+len(s.Cancelled) || st.House() != 0 || paid != in {
			t.Fatalf("void did not refund every bet: %+v", st.Lines)
		}
	case round.Settled:
		won, ok := parseNumber(s.Winner, r.Wheel)
		if s.Result == nil || s.Verdict != round.Valid || !ok || s.Winner != s.Result.Label {
			t.Fatalf("settled on %+v, %v, winner %q", s.Result, s.Verdict, s.Winner)
		}
		for _, l := range st.Lines {
			if cancelled[l.BetID] {
				if l != round.Refund(round.Bet{ID: l.BetID, Player: l.Player, Spot: l.Spot, Amount: l.Stake}) {
					t.Fatalf("cancelled bet's line %+v is not its refund", l)
				}
				continue
			}
			sp, err := ParseSpot(r, l.Spot)
			if err != nil {
				t.Fatal(err)
			}
			want := int64(0)
			if sp.Covers(won) {
				want = l.Stake * sp.Kind.Ratio()
			}
			// Only the track cap pays less than the ratio, and never more.
			if l.Won > want || (!r.Options.TrackCap && l.Won != want) || (l.Won == 0 && want > 0 && l.Returned != l.Stake) {
				t.Fatalf("line %+v on %v: want won %d", l, won, want)
			}
		}
	default:
		t.Fatalf("round ended %v", s.Phase)
	}
}
