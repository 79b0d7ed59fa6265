package table

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/rake"
	"github.com/croupier/croupier/shared/apierr"
)

// A tournament's tables play the profile's tournament rules
// (gr-regulation-2 A4, A5 and C2 [TOURN]; profile.Rules.ForTournament),
// with no pot rake (the fee is the house's take); the table's options
// still override them; a cash table keeps the cash rules.
func TestTournamentTablesPlayTournamentRules(t *testing.T) {
	spec := TableSpec{Game: profile.Holdem, Structure: betting.FixedLimit, Profile: profile.GR,
		Stakes: profile.Stakes{Unit: 1, SmallBlind: 10, BigBlind: 20}}
	cash, err := spec.Rules()
	if err != nil {
		t.Fatal(err)
	}
	if cash.Options.LimitReopen != betting.ReopenFull || cash.Options.TwoChipCall || cash.Rake.Mode == rake.None {
		t.Fatalf("cash table: %+v, rake %+v", cash.Options, cash.Rake)
	}
	spec.Tournament = "tour-1"
	tour, err := spec.Rules()
	if err != nil {
		t.Fatal(err)
	}
	if tour.Options.LimitReopen != betting.ReopenHalf || !tour.Options.TwoChipCall || tour.Rake.Mode != rake.None {
		t.Fatalf("tournament table: %+v, rake %+v", tour.Options, tour.Rake)
	}
	spec.Options = map[string]string{"limit_reopen": "full"}
	if over, err := spec.Rules(); err != nil || over.Options.LimitReopen != betting.ReopenFull {
		t.Fatalf("an option overrides the tournament rule: %v %+v", err, over.Options)
	}
	// A profile that does not play the game is refused at creation.
	spec = TableSpec{Game: profile.Omaha, Structure: betting.PotLimit, Profile: profile.CZ, Tournament: "tour-1",
		Stakes: profile.Stakes{Unit: 1, SmallBlind: 10, BigBlind: 20}}
	if _, err := spec.Rules(); apierr.Reason(err) != "BAD_PROFILE" {
		t.Fatalf("cz Omaha: %v, want BAD_PROFILE", err)
	}
}
