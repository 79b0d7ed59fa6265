package live

import (
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
)

// tournamentSim is a no-limit Hold'em tournament table of the profile at
// blinds 100/200 with players a, b, c (seats 0-2, 10,000 chips each);
// the first hand's button is seat 0, so b posts the small blind and c the
// big blind.
func tournamentSim(t *testing.T, name string) *sim {
	t.Helper()
	r, err := profile.Named(name, profile.Holdem, betting.NoLimit)
	if err != nil {
		t.Fatal(err)
	}
	r = r.ForTournament().WithStakes(profile.Stakes{Unit: 1, SmallBlind: 100, BigBlind: 200})
	r.Rake.Mode = 0
	cfg := Config{ID: "t1", Name: "Final", Rules: r, Tournament: "tr1", Clock: Clock{Action: 30 * time.Second}}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	s := newSim(t, cfg)
	for i, who := range []string{"p:a", "p:b", "p:c"} {
		s.must(&Command{Kind: CmdSeatPlayer, Who: who, Name: who, Seat: i, Amount: 10_000, Key: "k-" + who})
	}
	return s
}

// status is the seat's betting status in the hand in progress.
func status(s *sim, seat int) betting.Status { return s.tab.Hand.state.Round.Seats[seat].Status }

// tournaments.md T31 (GR H.11 / RU §6.4.4): the absent player in the big
// blind has his blind taken from his stack into the pot under both rules;
// his seat is dealt in and his hand is live under the Greek rules, mucked
// under the Russian ones.
func TestAbsentPlayerInTheBigBlind(t *testing.T) {
	for _, tc := range []struct {
		profile string
		live    bool
	}{{profile.GR, true}, {profile.RUSport, false}} {
		s := tournamentSim(t, tc.profile)
		s.must(&Command{Kind: CmdSitOut, Who: "p:c"})
		s.deal()
		bb := s.tab.Hand.state.Setup.Posts
		if len(bb) != 2 || bb[1].Seat != 2 {
			t.Fatalf("%s: posts %+v, want the big blind from seat 2", tc.profile, bb)
		}
		if got := s.tab.Hand.state.Round.Seats[2].Total; got != 200 {
			t.Fatalf("%s: the absent big blind put %d in the pot, want 200", tc.profile, got)
		}
		if live := status(s, 2) == betting.StatusLive; live != tc.live {
			t.Fatalf("%s: the absent player's hand live %t, want %t", tc.profile, live, tc.live)
		}
		s.play()
		if got := s.tab.Seating.Seats[2].Stack; tc.live == false && got != 9_800 {
			t.Fatalf("%s: the absent player ends with %d, want 9,800 (his blind lost)", tc.profile, got)
		}
	}
}

// tournaments.md T32 (RU §6.4.3): a player who went all in and then left
// the table keeps his hand live; one who bet without being all in has his
// cards mucked when he leaves, his bet staying in the pot.
func TestRussianAbsentAllInKeepsHisHand(t *testing.T) {
	for _, tc := range []struct {
		allIn bool
		live  bool
	}{{true, true}, {false, false}} {
		s := tournamentSim(t, profile.RUSport)
		s.deal()
		st := s.tab.Hand.state
		a := st.ToAct() // seat 0, first after the big blind three-handed
		kind, amount := betting.Raise, int64(600)
		if tc.allIn {
			kind, amount = betting.AllIn, 0
		}
		s.must(&Command{Kind: CmdAct, Who: st.Seats[a].Player, Hand: s.tab.Hand.ID, Seq: st.Seq, Action: kind, Amount: amount})
		put := st.Round.Seats[a].Total
		s.must(&Command{Kind: CmdSitOut, Who: st.Seats[a].Player})
		if live := status(s, a) != betting.StatusFolded; live != tc.live {
			t.Fatalf("all in %t: his hand live %t after he left, want %t", tc.allIn, live, tc.live)
		}
		if st.Round.Seats[a].Total != put {
			t.Fatalf("all in %t: his %d in the pot became %d", tc.allIn, put, st.Round.Seats[a].Total)
		}
	}
}

// tournaments.md T27 (RU §7.1.2 note): "miss 1 round" with three players
// at the table is three hands in which he posts his blinds and his hand is
// dead; the fourth hand is his again. A cash table has no such penalty.
func TestMissOneRoundIsAHandPerPlayer(t *testing.T) {
	s := tournamentSim(t, profile.RUSport)
	s.must(&Command{Kind: CmdPenalize, Who: "p:a", Amount: 1, Reason: "out of turn"})
	if s.tab.Seats[0].Penalty != 3 {
		t.Fatalf("penalty %d hands, want 3", s.tab.Seats[0].Penalty)
	}
	for n := 1; n <= 4; n++ {
		s.deal()
		dead := status(s, 0) == betting.StatusFolded && s.tab.Hand.state.Seats[0].Voided
		if dead != (n <= 3) {
			t.Fatalf("hand %d: his hand dead %t, want %t", n, dead, n <= 3)
		}
		s.play()
	}
	if s.tab.Seats[0].Penalty != 0 {
		t.Fatalf("penalty %d hands left after the round", s.tab.Seats[0].Penalty)
	}
	for _, c := range []struct {
		cmd    Command
		reason string
	}{
		{Command{Kind: CmdPenalize, Who: "p:a", Amount: 0}, "BAD_ROUNDS"},
		{Command{Kind: CmdPenalize, Who: "p:a", Amount: MaxPenaltyRounds + 1}, "BAD_ROUNDS"},
		{Command{Kind: CmdPenalize, Who: "p:z", Amount: 1}, "NOT_SEATED"},
	} {
		if _, err := s.apply(&c.cmd); apierr.Reason(err) != c.reason {
			t.Fatalf("%+v: %v, want %s", c.cmd, err, c.reason)
		}
	}
	cash := newSim(t, cashConfig(t, profile.Holdem))
	cash.seat("p:a", 0, 10000)
	if _, err := cash.apply(&Command{Kind: CmdPenalize, Who: "p:a", Amount: 1}); apierr.Reason(err) != "NOT_A_TOURNAMENT_TABLE" {
		t.Fatalf("penalty at a cash table: %v", err)
	}
}
