package profile

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/shared/rules"
)

// TestNamesArePublished keeps the engine's profiles and the published list
// the tournament API validates against (shared/rules) in step: every
// published name builds rules here, and a name outside it does not.
func TestNamesArePublished(t *testing.T) {
	for _, n := range rules.PokerProfiles() {
		if _, err := Named(n, Holdem, betting.NoLimit); err != nil {
			t.Errorf("published profile %q: %v", n, err)
		}
	}
	for _, n := range []string{"", "GR", "ru", "holdem"} {
		if _, err := Named(n, Holdem, betting.NoLimit); err == nil {
			t.Errorf("Named(%q) accepted a profile that is not published", n)
		}
	}
}
