package view

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/card"
)

func eventID(v uint64, i int) string { return fmt.Sprintf("%d-%d", v, i) }

// table plays random hands of game at a fresh table and hands every
// committed command's events to check.
func playHands(t *testing.T, game profile.Game, hands int, check func(version uint64, events []live.Event)) {
	t.Helper()
	playAt(t, game, hands, func(_ *live.Table, version uint64, events []live.Event) { check(version, events) })
}

// playAt is playHands handing the table to check too.
func playAt(t *testing.T, game profile.Game, hands int, check func(tab *live.Table, version uint64, events []live.Event)) {
	t.Helper()
	structure := betting.NoLimit
	stakes := profile.Stakes{Currency: "EUR", Exponent: 2, Unit: 1, SmallBlind: 50, BigBlind: 100}
	if game.Stud() {
		structure = betting.FixedLimit
		stakes = profile.Stakes{Currency: "EUR", Exponent: 2, Unit: 1, Ante: 10, SmallBet: 100}
	}
	r, err := profile.Named(profile.GR, game, structure)
	if err != nil {
		t.Fatal(err)
	}
	cfg := live.Config{ID: "t1", Name: "Test", Rules: r.WithStakes(stakes), MinBuyIn: 2000, MaxBuyIn: 20000, Currency: "EUR",
		Clock: live.Clock{Action: 30 * time.Second}, Escrow: "escrow", Revenue: "revenue"}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	tab := live.New(cfg)
	now := int64(1_800_000_000_000)
	rng := rand.New(rand.NewPCG(uint64(game), 7))
	apply := func(c *live.Command) {
		t.Helper()
		now += 500
		c.At = now
		ev, err := tab.Apply(c)
		if err != nil {
			t.Fatalf("%s: %v", c.Kind, err)
		}
		check(tab, tab.Version, ev)
	}
	settle := func() {
		for len(tab.Intents) > 0 {
			apply(&live.Command{Kind: live.CmdIntentDone, Intent: tab.Intents[0].ID})
		}
	}
	for i, who := range []string{"p1:a", "p1:b", "p2:c", "p2:d"} {
		apply(&live.Command{Kind: live.CmdReserve, Who: who, Name: who, Seat: i, Amount: 20000, Hold: "h-" + who, Key: "k-" + who, Account: "a-" + who})
		settle()
	}
	for range hands {
		if !tab.CanDeal() {
			break
		}
		shoe := card.Deck(1)
		rng.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
		apply(&live.Command{Kind: live.CmdDeal, Shoe: shoe, Commitment: []byte{1}, Outcome: "o"})
		for tab.InHand() {
			st := tab.Hand.State()
			seat := st.ToAct()
			legal := st.Legal(seat, nil)
			l := legal[rng.IntN(len(legal))]
			if l.Kind == betting.Fold && rng.IntN(3) > 0 {
				l = legal[len(legal)-1]
			}
			apply(&live.Command{Kind: live.CmdAct, Who: st.Seats[seat].Player, Hand: tab.Hand.ID, Seq: st.Seq, Action: l.Kind, Amount: l.Min})
		}
		settle()
		now += 5000
	}
}

var viewers = []live.Viewer{
	{},                              // an anonymous observer
	{Player: "p1:a", Partner: "p1"}, // players at the table
	{Player: "p2:d", Partner: "p2"}, //
	{Player: "p1:z", Partner: "p1"}, // a player watching
	{Partner: "p1"},                 // a partner back-office
	{Internal: true},                // an operator or a service
}

// The events Public converts once for all subscribers are the ones every
// viewer sees alike, so a subscriber given them receives exactly what a
// conversion for him alone would give him: nobody gets another viewer's
// hole cards or player ids from the shared conversion.
func TestSharedConversionIsEveryViewersOwn(t *testing.T) {
	for _, g := range []profile.Game{profile.Holdem, profile.Omaha, profile.SevenCardStud} {
		t.Run(g.String(), func(t *testing.T) {
			alike, own := 0, 0
			playHands(t, g, 30, func(version uint64, events []live.Event) {
				public := Public("t1", version, events, eventID)
				for i := range events {
					if Alike(&events[i]) {
						alike++
					} else {
						own++
						if public[i] != nil {
							t.Fatalf("v%d event %d (%v) is viewer-specific but was converted for all", version, i, events[i].Kind)
						}
					}
				}
				for _, v := range viewers {
					for from := range len(events) + 1 {
						want := Events("t1", version, events, from, v, eventID)
						got := AppendEvents(nil, "t1", version, events, from, v, eventID, public)
						if !equal(got, want) {
							t.Fatalf("v%d from %d for %+v:\n got %v\nwant %v", version, from, v, got, want)
						}
					}
				}
			})
			if alike == 0 || own == 0 {
				t.Fatalf("%d events alike, %d per viewer: the hands exercised nothing", alike, own)
			}
		})
	}
}

// A seat's down cards (hole cards, stud down cards) are never alike: they
// are converted per viewer, and only a hand shown at the showdown shares
// them.
func TestDownCardsAreNeverAlike(t *testing.T) {
	for _, g := range []profile.Game{profile.Holdem, profile.SevenCardStud} {
		dealt := 0
		playHands(t, g, 10, func(version uint64, events []live.Event) {
			for i := range events {
				x := &events[i].Engine
				if events[i].Kind != live.EvHand || x.Kind != hand.EvDealt || x.Seat < 0 || x.Cards.N == 0 || x.Up == 1<<x.Cards.N-1 {
					continue
				}
				dealt++
				if Alike(&events[i]) {
					t.Fatalf("v%d event %d: down cards dealt to seat %d are alike for every viewer", version, i, x.Seat)
				}
			}
		})
		if dealt == 0 {
			t.Fatalf("%s: no down cards dealt", g)
		}
	}
}

func equal(a, b []*tablev1.TableEvent) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !proto.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// Issue 11 ("the live deck can be read mid-hand"): HandStarted names the
// RNG outcome of the shoe only to operators and services; a player, an
// observer or a partner gets the commitment and no outcome id.
func TestHandStartedNamesTheOutcomeOnlyToInternalViewers(t *testing.T) {
	ev := []live.Event{{Kind: live.EvHandStarted, Hand: "t1-1", Number: 1, Commitment: []byte{9}, Outcome: "o-secret"}}
	for _, v := range viewers {
		got := Events("t1", 1, ev, 0, v, eventID)
		if len(got) != 1 || got[0].GetHandStarted() == nil {
			t.Fatalf("%+v: %v", v, got)
		}
		hs := got[0].GetHandStarted()
		if want := map[bool]string{true: "o-secret", false: ""}[v.Internal]; hs.GetRngOutcomeId() != want {
			t.Fatalf("%+v: rng_outcome_id %q, want %q", v, hs.GetRngOutcomeId(), want)
		}
		if len(hs.GetShoeCommitment()) != 1 {
			t.Fatalf("%+v: no commitment", v)
		}
	}
}
