package moneywheel

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// CheckPlace answers what Apply would do with a placement — the bets it
// puts in play, nil for a replay, or the same refusal — and changes
// nothing, over random rounds with limits, replays, conflicts, carried
// bets and late bets (the table core reserves the money on its word
// before committing the placement).
func TestCheckPlaceAgreesWithApply(t *testing.T) {
	r := limitedRules(t)
	rng := rand.New(rand.NewPCG(5, 8))
	spots := append(Boxes(), X, "lemon")
	amounts := []int64{0, 1, 5, 10, 20, 50, 100, 101, 300}
	var s State
	checked := 0
	for range 20000 {
		p := fmt.Sprintf("p%d", rng.IntN(3))
		var c Command
		switch x := rng.IntN(20); {
		case x < 12:
			c = Command{Kind: CmdPlace, Player: p}
			for range 1 + rng.IntN(3) {
				c.Bets = append(c.Bets, round.Bet{ID: fmt.Sprintf("b%d", rng.IntN(8)), Spot: spots[rng.IntN(len(spots))], Amount: amounts[rng.IntN(len(amounts))]})
			}
			if rng.IntN(20) == 0 {
				c.Round = s.Round + 1
			}
			checkPlaceLikeApply(t, r, s, c)
			checked++
		case x < 14:
			c = cancel(p, fmt.Sprintf("b%d", rng.IntN(8)))
		case x < 16:
			c = Command{Kind: CmdChoose, Player: p, Choice: VoidChoice(1 + rng.IntN(2))}
		case x < 17:
			c = closing
		case x < 19:
			c = Command{Kind: CmdResult, Spin: Spin{Source: FromDealer, Field: rng.IntN(30), Revolutions: rng.IntN(8)}}
		default:
			c = open
		}
		Apply(r, &s, c)
	}
	if checked < 10000 {
		t.Fatalf("%d placements checked", checked)
	}
}

// checkPlaceLikeApply compares CheckPlace on s with Apply on a copy.
func checkPlaceLikeApply(t *testing.T, r Rules, s State, c Command) {
	t.Helper()
	before := s.Clone()
	fresh, err := CheckPlace(r, &s, c)
	if !sameState(s, before) {
		t.Fatalf("CheckPlace changed the state")
	}
	applied := s.Clone()
	evs, aerr := Apply(r, &applied, c)
	if apierr.Reason(err) != apierr.Reason(aerr) || (err == nil) != (aerr == nil) {
		t.Fatalf("%+v: CheckPlace %v, Apply %v", c, err, aerr)
	}
	var placed []round.Bet
	if len(evs) == 1 {
		placed = evs[0].Bets
	}
	if !reflect.DeepEqual(fresh, placed) {
		t.Fatalf("%+v: CheckPlace %v, Apply placed %v", c, fresh, placed)
	}
}
