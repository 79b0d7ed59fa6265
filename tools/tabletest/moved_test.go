package tabletest

import (
	"testing"
	"time"

	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/seating"
	"github.com/croupier/croupier/shared/apierr"
)

// foldHand plays the hand in progress to its end, everyone folding, and
// waits for its result.
func (u *unit) foldHand(core *table.Service, id string) live.HandResult {
	u.t.Helper()
	handID, _, _ := u.hand(core, id)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var (
			seq  int
			who  string
			over bool
		)
		_ = core.Table(u.ctx, id, func(t *live.Table) {
			if t.Hand == nil || t.Hand.ID != handID || !t.InHand() {
				over = true
				return
			}
			st := t.Hand.State()
			if st.ToAct() >= 0 {
				seq, who = st.Seq, st.Seats[st.ToAct()].Player
			}
		})
		if over {
			break
		}
		if who != "" {
			partner, player := live.SplitKey(who)
			_, _ = core.Act(u.ctx, id, table.Caller{Player: player, Partner: partner}, handID, seq, betting.Fold, 0)
			continue
		}
		time.Sleep(5 * time.Millisecond)
	}
	for time.Now().Before(deadline) {
		rs, _, err := core.HandResults(u.ctx, id, 0, 100)
		if err != nil {
			u.t.Fatal(err)
		}
		for _, r := range rs {
			if r.Hand == handID {
				return r
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	u.t.Fatalf("hand %s did not end", handID)
	return live.HandResult{}
}

// A player a tournament moves in comes into play on the workflow's terms
// at a real table (docs/rules/tournaments.md T20, T21; gr-regulation-2
// H.29(c), H.35): into the seat between the button and the small blind he
// misses the next hand, and the hand's result says why; past his big blind
// he posts it dead in the first pot he plays. The terms are a moved
// player's only.
func TestMovedPlayersTermsAtATournamentTable(t *testing.T) {
	u := newUnit(t, table.Options{})
	a := u.st.Core
	sum, err := a.CreateTable(u.ctx, table.TableSpec{Name: "T20", Game: profile.Holdem, Structure: betting.NoLimit,
		Stakes: profile.Stakes{SmallBlind: 50, BigBlind: 100}, MaxSeats: 9, Tournament: "T20", FirstButton: 0,
		Clock: live.Clock{Action: 30 * time.Second}, Key: "T20/1"})
	if err != nil {
		t.Fatal(err)
	}
	id := sum.ID
	seat := func(s int, p string, in table.Arrival) error {
		_, _, err := a.SeatPlayer(u.ctx, id, s, p, "partner-1", p, 10_000, in, "seat-"+p)
		return err
	}
	if err := a.SetDealHold(u.ctx, id, true); err != nil {
		t.Fatal(err)
	}
	for _, s := range []int{0, 2, 3, 4} {
		if err := seat(s, "p"+string(rune('0'+s)), table.Arrival{Entry: seating.Exempt}); err != nil {
			t.Fatal(err)
		}
	}
	if err := seat(6, "bad", table.Arrival{Entry: seating.WaitBB, MissHand: true}); apierr.Reason(err) != "BAD_ENTRY" {
		t.Fatalf("a missed hand for a player not moved: %v, want BAD_ENTRY", err)
	}
	if err := a.SetDealHold(u.ctx, id, false); err != nil {
		t.Fatal(err)
	}
	// Hold the deal again while the first hand runs: released after it,
	// the table would deal the second before the newcomers sit down.
	u.hand(a, id)
	if err := a.SetDealHold(u.ctx, id, true); err != nil {
		t.Fatal(err)
	}
	first := u.foldHand(a, id) // button 0, SB 2, BB 3
	// Seat 1 lies between the button (0) and the small blind (2); seat 7
	// is past the next big blind (seat 4).
	if err := seat(1, "mover", table.Arrival{Entry: seating.Exempt, MissHand: true}); err != nil {
		t.Fatal(err)
	}
	if err := seat(7, "skipper", table.Arrival{Entry: seating.Exempt, DeadBig: true}); err != nil {
		t.Fatal(err)
	}
	if err := a.SetDealHold(u.ctx, id, false); err != nil {
		t.Fatal(err)
	}
	second := u.foldHand(a, id)
	if second.Number != first.Number+1 {
		t.Fatalf("hand %d after %d", second.Number, first.Number)
	}
	var missed bool
	for _, o := range second.Out {
		missed = missed || o.Who == "partner-1:mover" && o.Reason == seating.OutMovedMissHand
	}
	if !missed {
		t.Fatalf("dealt out %+v: the mover's missed hand (H.29(c)) is not on record", second.Out)
	}
	var dead int64 = -1
	for _, p := range second.Players {
		if p.Who == "partner-1:mover" {
			t.Fatal("the mover was dealt the hand he misses")
		}
		if p.Who == "partner-1:skipper" {
			dead = p.Dead
		}
	}
	if dead != 100 {
		t.Fatalf("the skipper posted %d dead, want the big blind 100 (H.35)", dead)
	}
	third := u.foldHand(a, id)
	var dealt bool
	for _, p := range third.Players {
		dealt = dealt || p.Who == "partner-1:mover"
		if p.Who == "partner-1:skipper" && p.Dead != 0 {
			t.Fatalf("the skipper posted %d dead again", p.Dead)
		}
	}
	if !dealt {
		t.Fatal("the mover was not dealt the hand after the one he missed")
	}
}

// A "miss 1 round" penalty at a real Russian tournament table with three
// players is three hands with a dead hand (docs/rules/tournaments.md T27):
// the table counts them down hand by hand; a retry with the same key
// changes nothing and answers the same; a bad round count is refused.
func TestPenaltyAtATournamentTable(t *testing.T) {
	u := newUnit(t, table.Options{})
	a := u.st.Core
	sum, err := a.CreateTable(u.ctx, table.TableSpec{Name: "T27", Game: profile.Holdem, Structure: betting.NoLimit, Profile: profile.RUSport,
		Stakes: profile.Stakes{SmallBlind: 50, BigBlind: 100}, MaxSeats: 9, Tournament: "T27", FirstButton: 0,
		Clock: live.Clock{Action: 30 * time.Second}, Key: "T27/1"})
	if err != nil {
		t.Fatal(err)
	}
	id := sum.ID
	if err := a.SetDealHold(u.ctx, id, true); err != nil {
		t.Fatal(err)
	}
	for s, p := range []string{"a", "b", "c"} {
		if _, _, err := a.SeatPlayer(u.ctx, id, s, p, "partner-1", p, 10_000, table.Arrival{Entry: seating.Exempt}, "seat-"+p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.PenalizePlayer(u.ctx, id, "a", "partner-1", 0, "out of turn", "pen-0"); apierr.Reason(err) != "BAD_ROUNDS" {
		t.Fatalf("0 rounds: %v, want BAD_ROUNDS", err)
	}
	p, err := a.PenalizePlayer(u.ctx, id, "a", "partner-1", 1, "out of turn", "pen-1")
	if err != nil || p.Hands != 3 || p.Seat != 0 || p.Replayed {
		t.Fatalf("penalty %+v, %v; want 3 hands at seat 0", p, err)
	}
	again, err := a.PenalizePlayer(u.ctx, id, "a", "partner-1", 1, "out of turn", "pen-1")
	if err != nil || again.Hands != 3 || !again.Replayed {
		t.Fatalf("retry %+v, %v; want the first answer, replayed", again, err)
	}
	left := func() (n int) {
		_ = a.Table(u.ctx, id, func(t *live.Table) { n = t.Seats[0].Penalty })
		return n
	}
	if n := left(); n != 3 {
		t.Fatalf("%d hands to serve after the retry, want 3", n)
	}
	if err := a.SetDealHold(u.ctx, id, false); err != nil {
		t.Fatal(err)
	}
	for want := 2; want >= 0; want-- {
		r := u.foldHand(a, id)
		if n := left(); n != want {
			t.Fatalf("after hand %d: %d hands to serve, want %d", r.Number, n, want)
		}
	}
}
