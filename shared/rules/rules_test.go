package rules

import "testing"

func TestIsPokerProfileMatchesTheList(t *testing.T) {
	for _, n := range PokerProfiles() {
		if !IsPokerProfile(n) {
			t.Errorf("IsPokerProfile(%q) = false for a listed profile", n)
		}
	}
	for _, n := range []string{"", "GR", "ru", "cz ", "holdem"} {
		if IsPokerProfile(n) {
			t.Errorf("IsPokerProfile(%q) = true", n)
		}
	}
	if got := PokerProfiles()[0]; got != Greek {
		t.Errorf("first profile = %q, want the default %q", got, Greek)
	}
}
