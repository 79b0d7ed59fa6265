package api

import (
	"testing"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/shared/apierr"
)

// gr-regulation-1 B.63 and §9 item 4: a Greek pot- or no-limit table whose
// small blind is not a usual fraction of the big blind (here 1/5) is
// refused by default and created with the option any_small_blind=true;
// the request passes the API's validation either way and the rules are
// decided by the core, as CreateTable does before it opens any account.
func TestCreateGreekTableWithAnySmallBlind(t *testing.T) {
	for _, st := range []tablev1.BettingStructure{tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT, tablev1.BettingStructure_BETTING_STRUCTURE_POT_LIMIT} {
		req := func(options map[string]string) *tablev1.CreateTableRequest {
			return &tablev1.CreateTableRequest{Name: "gr", Game: tablev1.Game_GAME_HOLDEM, Structure: st, Profile: "gr",
				Stakes:  &tablev1.Stakes{Currency: "EUR", Exponent: 2, Unit: 50, SmallBlind: 100, BigBlind: 500, MinBuyIn: 10_000, MaxBuyIn: 50_000},
				Options: options, Clock: &tablev1.Clock{ActionSeconds: 30}}
		}
		m := req(nil)
		if err := validateCreate(m); err != nil {
			t.Fatal(err)
		}
		if _, err := tableSpec(m).Rules(); apierr.Reason(err) != "BAD_RULES" {
			t.Fatalf("%s SB 1/5 without the option: %v, want BAD_RULES", st, err)
		}
		m = req(map[string]string{"any_small_blind": "true"})
		if err := validateCreate(m); err != nil {
			t.Fatal(err)
		}
		r, err := tableSpec(m).Rules()
		if err != nil {
			t.Fatalf("%s SB 1/5 with any_small_blind: %v", st, err)
		}
		if !r.Options.AnySmallBlind || r.Stakes.SmallBlind != 100 || r.Stakes.BigBlind != 500 {
			t.Fatalf("%s: rules %+v %+v", st, r.Options, r.Stakes)
		}
	}
}
