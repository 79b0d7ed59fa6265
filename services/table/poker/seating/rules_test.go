package seating

import (
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// gr-regulation-2 §12.2 "Absence timing" and gr-regulation-1 §8 vector 16
// (G4.8, B.79): away 10:00 → no pick-up, 10:01 → pick-up; back 19 minutes
// after it → first on the list, 25 minutes → last.
func TestGRAbsencePickUp(t *testing.T) {
	if PickUp(10*time.Minute) || !PickUp(10*time.Minute+time.Second) {
		t.Fatal("pick-up after strictly more than 10 minutes")
	}
	if !RejoinsFirst(19*time.Minute) || RejoinsFirst(25*time.Minute) {
		t.Fatal("rejoin window of 20 minutes")
	}
}

// gr-regulation-2 §12.2 "Parameter change" (G3.10): announced before hand
// N → from N+3; unanimous → N+1.
func TestGRParameterChangeNotice(t *testing.T) {
	if ChangeFrom(40, false) != 43 || ChangeFrom(40, true) != 41 {
		t.Fatal("parameter change timing")
	}
}

// gr-regulation-1 §8 vector 24 (B.102): NL €1/€2 Hold'em → NL €1/€2
// Hold'em allowed; → NL €2/€5 Hold'em refused; → NL €1/€2 Omaha refused.
func TestGRTableTransfer(t *testing.T) {
	mk := func(g profile.Game, sb, bb int64) profile.Rules {
		r, err := profile.Named(profile.GR, g, betting.NoLimit)
		if err != nil {
			t.Fatal(err)
		}
		return r.WithStakes(profile.Stakes{Currency: "EUR", Exponent: 2, Unit: 50, SmallBlind: sb, BigBlind: bb})
	}
	from := mk(profile.Holdem, 100, 200)
	if !SameGame(from, mk(profile.Holdem, 100, 200)) || SameGame(from, mk(profile.Holdem, 200, 500)) || SameGame(from, mk(profile.Omaha, 100, 200)) {
		t.Fatal("table transfer")
	}
}
