package penalty

import "testing"

// docs/rules/tournaments.md T27 (RU §7.1.2 note): 8 at the table when "miss 1 round"
// is imposed → 8 hands; "2 rounds" → 16.
func TestT27RoundIsPlayersAtTheTable(t *testing.T) {
	if HandsToMiss(1, 8) != 8 || HandsToMiss(2, 8) != 16 {
		t.Fatalf("1 round %d, 2 rounds %d", HandsToMiss(1, 8), HandsToMiss(2, 8))
	}
	if HandsToMiss(0, 8) != 0 {
		t.Fatal("no penalty, no hands")
	}
}

// docs/rules/tournaments.md T28 (GR H.25): he raised to 600 facing 200, nobody has
// called, then an infraction kills his hand: 200 stays, 400 comes back.
// Once called, nothing comes back.
func TestT28KilledHandReturnsTheUncalledRaise(t *testing.T) {
	if got := KilledHandReturn(600, 200, false); got != 400 {
		t.Fatalf("returned %d, want 400", got)
	}
	if got := KilledHandReturn(600, 200, true); got != 0 {
		t.Fatalf("called raise: returned %d, want 0", got)
	}
	if got := KilledHandReturn(200, 200, false); got != 0 {
		t.Fatalf("a call is no raise: returned %d", got)
	}
}
