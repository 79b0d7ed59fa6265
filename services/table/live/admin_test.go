package live

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
)

// An operator's pause, resume or close repeated (his retry, or two
// operators at once) succeeds and changes nothing: no event, no new
// version, nothing to log (sim.apply checks the snapshot). Pausing or
// resuming a table that is closing or closed is still refused.
func TestRepeatedPauseResumeCloseChangeNothing(t *testing.T) {
	pause := Command{Kind: CmdPause, Reason: "break"}
	resume := Command{Kind: CmdResume}
	closing := Command{Kind: CmdClose, Reason: "done"}
	cases := []struct {
		name string
		// inHand: two players and a hand in progress, so that a close
		// leaves the table closing rather than closed.
		inHand bool
		before []Command
		then   Command
		reason string // "": a no-op
		status Status
	}{
		{"pause twice", false, []Command{pause}, Command{Kind: CmdPause, Reason: "again"}, "", Paused},
		{"pause twice in a hand", true, []Command{pause}, pause, "", Paused},
		{"resume twice", false, []Command{pause, resume}, resume, "", Open},
		{"resume an open table", true, nil, resume, "", Open},
		{"close twice", true, []Command{closing}, closing, "", Closing},
		{"close a closed table", false, []Command{closing}, closing, "", Closed},
		{"pause after close", false, []Command{closing}, pause, "TABLE_CLOSED", Closed},
		{"resume after close", false, []Command{closing}, resume, "TABLE_CLOSED", Closed},
		{"pause a paused table after close", false, []Command{pause, closing}, pause, "TABLE_CLOSED", Closed},
		{"pause while closing", true, []Command{closing}, pause, "NOT_OPEN", Closing},
		{"resume while closing", true, []Command{closing}, resume, "NOT_PAUSED", Closing},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, cashConfig(t, profile.Holdem))
			if tc.inHand {
				s.seat("p:a", 0, 10000)
				s.seat("p:b", 1, 10000)
				s.deal()
			}
			for _, c := range tc.before {
				s.must(&c)
			}
			version, logged, reason := s.tab.Version, len(s.log), s.tab.Reason
			c := tc.then
			ev, err := s.apply(&c)
			if apierr.Reason(err) != tc.reason || (tc.reason == "" && err != nil) {
				t.Fatalf("%s: %v, want reason %q", c.Kind, err, tc.reason)
			}
			if len(ev) != 0 || s.tab.Version != version || len(s.log) != logged {
				t.Fatalf("%s: %d events, version %d -> %d, %d logged", c.Kind, len(ev), version, s.tab.Version, len(s.log)-logged)
			}
			if s.tab.Status != tc.status || s.tab.Reason != reason {
				t.Fatalf("status %s (%q), want %s (%q)", s.tab.Status, s.tab.Reason, tc.status, reason)
			}
		})
	}
}
