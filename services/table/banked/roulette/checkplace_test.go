package roulette

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// CheckPlace answers what Apply would do with a placement — the bets it
// puts in play, nil for a replay, or the same refusal — and changes
// nothing, over random rounds of both profiles (the table core reserves
// the money on its word before committing the placement).
func TestCheckPlaceAgreesWithApply(t *testing.T) {
	for _, profile := range Profiles() {
		tb := newTable(t, profile)
		rng := rand.New(rand.NewPCG(3, uint64(len(profile))))
		var s State
		if _, err := Apply(tb.r, &s, Command{Kind: CmdOpen}); err != nil {
			t.Fatal(err)
		}
		checked := 0
		for range 20000 {
			c := tb.command(rng, &s)
			if c.Kind == CmdPlace || rng.IntN(3) == 0 {
				place := c
				if place.Kind != CmdPlace {
					place = Command{Kind: CmdPlace, Player: "p1", Bets: []round.Bet{{ID: "p1-1", Spot: "red", Amount: 5}}}
				}
				if rng.IntN(20) == 0 {
					place.Round = s.Round + 1
				}
				checkPlaceLikeApply(t, tb.r, s, place)
				checked++
			}
			if _, err := Apply(tb.r, &s, c); err == nil && s.Phase.Over() {
				if _, err := Apply(tb.r, &s, Command{Kind: CmdOpen}); err != nil {
					t.Fatal(err)
				}
			}
		}
		if checked < 10000 {
			t.Fatalf("%s: %d placements checked", profile, checked)
		}
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
