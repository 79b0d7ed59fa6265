package live

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

func cashConfig(t testing.TB, game profile.Game) Config {
	t.Helper()
	r, err := profile.Named(profile.GR, game, betting.NoLimit)
	if err != nil {
		t.Fatal(err)
	}
	r = r.WithStakes(profile.Stakes{Currency: "EUR", Exponent: 2, Unit: 1, SmallBlind: 50, BigBlind: 100})
	cfg := Config{ID: "t1", Name: "Test", Rules: r, MinBuyIn: 2000, MaxBuyIn: 20000, Currency: "EUR",
		Clock: Clock{Action: 30 * time.Second, Bank: 60 * time.Second}, Escrow: "escrow", Revenue: "revenue"}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// sim drives a table the way the service does, with a simulated clock and
// wallet, and keeps the log of applied commands.
type sim struct {
	t      testing.TB
	tab    *Table
	now    int64
	log    []*Command
	events []Event
	escrow int64
	rng    *rand.Rand
	hands  int
}

func newSim(t testing.TB, cfg Config) *sim {
	return &sim{t: t, tab: New(cfg), now: 1_800_000_000_000, rng: rand.New(rand.NewPCG(1, 2))}
}

func (s *sim) apply(c *Command) ([]Event, error) {
	s.t.Helper()
	if c.At == 0 {
		c.At = s.now
	}
	before, _ := s.tab.MarshalSnapshot()
	version := s.tab.Version
	ev, err := s.tab.Apply(c)
	if err != nil || s.tab.Version == version {
		after, _ := s.tab.MarshalSnapshot()
		if !bytes.Equal(before, after) {
			s.t.Fatalf("rejected or unchanging %s changed the table: %v", c.Kind, err)
		}
		if err == nil && len(ev) > 0 {
			s.t.Fatalf("unchanging %s has %d events", c.Kind, len(ev))
		}
		// Neither is logged: a replica commits nothing.
		return nil, err
	}
	// The log holds what a replica would store: the encoded command.
	b, err := MarshalCommand(c)
	if err != nil {
		s.t.Fatal(err)
	}
	dec, err := UnmarshalCommand(b)
	if err != nil {
		s.t.Fatal(err)
	}
	s.log = append(s.log, dec)
	s.events = append(s.events, ev...)
	for _, e := range ev {
		if e.Kind == EvHandEnded {
			s.hands++
		}
	}
	return ev, nil
}

func (s *sim) must(c *Command) []Event {
	s.t.Helper()
	ev, err := s.apply(c)
	if err != nil {
		s.t.Fatalf("%s: %v", c.Kind, err)
	}
	return ev
}

func (s *sim) seat(who string, seat int, amount int64) {
	s.t.Helper()
	key := "k-" + who
	s.must(&Command{Kind: CmdReserve, Who: who, Name: who, Seat: seat, Amount: amount, Hold: "h-" + who, Key: key, Account: "a-" + who})
	s.settle()
}

// settle carries out every pending intent as the wallet would.
func (s *sim) settle() {
	for len(s.tab.Intents) > 0 {
		in := s.tab.Intents[0]
		switch in.Kind {
		case IntentBuyIn, IntentTopUp:
			s.escrow += in.Amount
		case IntentCashOut, IntentRake:
			s.escrow -= in.Amount
		}
		s.must(&Command{Kind: CmdIntentDone, Intent: in.ID})
	}
}

func (s *sim) deal() {
	s.t.Helper()
	shoe := card.Deck(1)
	s.rng.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
	s.must(&Command{Kind: CmdDeal, Shoe: shoe, Commitment: []byte{1, 2, 3}, Outcome: "o"})
}

// play acts randomly until the hand is over.
func (s *sim) play() {
	s.t.Helper()
	for s.tab.InHand() {
		st := s.tab.Hand.State()
		seat := st.ToAct()
		if seat < 0 {
			s.t.Fatalf("hand %s in progress with nobody to act", s.tab.Hand.ID)
		}
		l := s.pick(st.Legal(seat, nil))
		amount := l.Min
		if l.Step > 0 && l.Max > l.Min && s.rng.IntN(10) == 0 {
			amount = l.Min + l.Step*s.rng.Int64N((l.Max-l.Min)/l.Step+1)
		}
		s.now += 1000
		s.must(&Command{Kind: CmdAct, Who: st.Seats[seat].Player, Hand: s.tab.Hand.ID, Seq: st.Seq, Action: l.Kind, Amount: amount})
	}
}

// pick chooses an action: mostly passive, sometimes a fold or a raise.
func (s *sim) pick(legal []betting.Legal) betting.Legal {
	var passive, other []betting.Legal
	for _, l := range legal {
		switch l.Kind {
		case betting.Check, betting.Call, betting.BringIn:
			passive = append(passive, l)
		case betting.AllIn:
			if s.rng.IntN(20) == 0 {
				other = append(other, l)
			}
		default:
			other = append(other, l)
		}
	}
	if len(passive) == 0 && len(other) == 0 {
		return legal[0]
	}
	if len(passive) > 0 && (len(other) == 0 || s.rng.IntN(10) < 7) {
		return passive[s.rng.IntN(len(passive))]
	}
	return other[s.rng.IntN(len(other))]
}

// passive returns a check or call if one is legal.
func passive(legal []betting.Legal) betting.Legal {
	for _, l := range legal {
		if l.Kind == betting.Check || l.Kind == betting.Call || l.Kind == betting.BringIn {
			return l
		}
	}
	return legal[0]
}

func TestHandEndToEndConservesChips(t *testing.T) {
	s := newSim(t, cashConfig(t, profile.Holdem))
	s.seat("p:a", 0, 10000)
	s.seat("p:b", 3, 10000)
	s.seat("p:c", 5, 5000)
	if got := s.tab.Chips(); got != 25000 || s.escrow != 25000 {
		t.Fatalf("chips %d escrow %d after buy-ins", got, s.escrow)
	}
	for range 50 {
		if !s.tab.CanDeal() {
			break
		}
		d, ok := s.tab.NextDue()
		if !ok || d.Kind != DueDeal {
			t.Fatalf("due %+v %v, want a deal", d, ok)
		}
		s.deal()
		s.play()
		// The rake is an intent until the wallet moves it; the chips count it.
		if s.tab.Chips() != s.escrow {
			t.Fatalf("hand %d: chips %d, escrow %d (with the rake still inside)", s.hands, s.tab.Chips(), s.escrow)
		}
		s.settle()
		if s.tab.Chips() != s.escrow {
			t.Fatalf("hand %d: chips %d, escrow %d", s.hands, s.tab.Chips(), s.escrow)
		}
		if s.tab.Seated() < 2 {
			break
		}
		s.now += 5000
	}
	if s.hands == 0 {
		t.Fatal("no hand was played")
	}
}

// The table is a pure function of its commands: a replica that restores a
// snapshot and replays the rest of the log reaches the same table and emits
// the same events.
func TestReplayFromSnapshotIsIdentical(t *testing.T) {
	for _, g := range []profile.Game{profile.Holdem, profile.Omaha, profile.SevenCardStud} {
		t.Run(g.String(), func(t *testing.T) {
			cfg := cashConfig(t, g)
			if g.Stud() {
				r, _ := profile.Named(profile.GR, g, betting.FixedLimit)
				cfg.Rules = r.WithStakes(profile.Stakes{Currency: "EUR", Exponent: 2, Unit: 1, Ante: 10, SmallBet: 100})
				if err := cfg.Validate(); err != nil {
					t.Fatal(err)
				}
			}
			s := newSim(t, cfg)
			start, _ := s.tab.MarshalSnapshot()
			s.seat("p:a", 0, 10000)
			s.seat("p:b", 1, 10000)
			s.seat("p:c", 2, 10000)
			var mid []byte
			var midAt int
			for h := range 12 {
				if !s.tab.CanDeal() {
					break
				}
				s.deal()
				if h == 1 {
					// Snapshot in the middle of a hand.
					st := s.tab.Hand.State()
					l := passive(st.Legal(st.ToAct(), nil))
					s.must(&Command{Kind: CmdAct, Who: st.Seats[st.ToAct()].Player, Hand: s.tab.Hand.ID, Seq: st.Seq, Action: l.Kind, Amount: l.Min})
					mid, _ = s.tab.MarshalSnapshot()
					midAt = len(s.log)
				}
				s.play()
				s.settle()
				s.now += 3000
			}
			if mid == nil {
				t.Fatal("no hand to snapshot in the middle of")
			}
			want, _ := s.tab.MarshalSnapshot()
			for _, from := range []struct {
				snap []byte
				at   int
			}{{start, 0}, {mid, midAt}} {
				r, err := UnmarshalSnapshot(from.snap)
				if err != nil {
					t.Fatal(err)
				}
				var evs []Event
				for i, c := range s.log[from.at:] {
					ev, err := r.Apply(c)
					if err != nil {
						t.Fatalf("replay command %d (%s): %v", from.at+i, c.Kind, err)
					}
					evs = append(evs, ev...)
				}
				got, _ := r.MarshalSnapshot()
				if !bytes.Equal(got, want) {
					t.Fatalf("replayed table differs:\n%s\n%s", got, want)
				}
				if from.at == 0 {
					a, _ := json.Marshal(evs)
					b, _ := json.Marshal(s.events)
					if !bytes.Equal(a, b) {
						t.Fatal("replayed events differ")
					}
				}
			}
		})
	}
}

func TestRejectionsLeaveTheTableUnchanged(t *testing.T) {
	s := newSim(t, cashConfig(t, profile.Holdem))
	s.seat("p:a", 0, 10000)
	s.seat("p:b", 1, 10000)
	s.deal()
	st := s.tab.Hand.State()
	toAct := st.ToAct()
	other := 1 - toAct
	cases := []struct {
		name   string
		c      Command
		reason string
	}{
		{"not your turn", Command{Kind: CmdAct, Who: st.Seats[other].Player, Hand: s.tab.Hand.ID, Seq: st.Seq, Action: betting.Check}, "NOT_YOUR_TURN"},
		{"stale seq", Command{Kind: CmdAct, Who: st.Seats[toAct].Player, Hand: s.tab.Hand.ID, Seq: st.Seq - 1, Action: betting.Call}, "STALE_SEQ"},
		{"wrong hand", Command{Kind: CmdAct, Who: st.Seats[toAct].Player, Hand: "t1-99", Seq: st.Seq, Action: betting.Call}, "WRONG_HAND"},
		{"bet below minimum", Command{Kind: CmdAct, Who: st.Seats[toAct].Player, Hand: s.tab.Hand.ID, Seq: st.Seq, Action: betting.Raise, Amount: 101}, ""},
		{"not seated", Command{Kind: CmdAct, Who: "p:z", Hand: s.tab.Hand.ID, Seq: st.Seq, Action: betting.Call}, "NOT_IN_HAND"},
		{"buy-in too small", Command{Kind: CmdReserve, Who: "p:c", Seat: 4, Amount: 100, Hold: "h", Key: "k", Account: "a"}, "BUY_IN_OUT_OF_RANGE"},
		{"seat taken", Command{Kind: CmdReserve, Who: "p:c", Seat: 0, Amount: 5000, Hold: "h", Key: "k", Account: "a"}, "SEAT_TAKEN"},
		{"add chips in hand", Command{Kind: CmdTopUp, Who: "p:a", Amount: 100, Hold: "h", Key: "k2"}, "IN_HAND"},
		{"deal during a hand", Command{Kind: CmdDeal, Shoe: card.Deck(1)}, "HAND_IN_PROGRESS"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			_, err := s.apply(&c)
			if err == nil {
				t.Fatal("accepted")
			}
			if tc.reason != "" && apierr.Reason(err) != tc.reason {
				t.Fatalf("reason %q, want %q (%v)", apierr.Reason(err), tc.reason, err)
			}
		})
	}
}

// gr-regulation-2 G3.11: a player who folded may add chips during the hand;
// they play from the next hand. One still in the hand may not.
func TestAddChipsOnceFolded(t *testing.T) {
	s := newSim(t, cashConfig(t, profile.Holdem))
	s.seat("p:a", 0, 5000)
	s.seat("p:b", 1, 5000)
	s.seat("p:c", 2, 5000)
	s.deal()
	st := s.tab.Hand.State()
	seat := st.ToAct()
	who := st.Seats[seat].Player
	s.must(&Command{Kind: CmdAct, Who: who, Hand: s.tab.Hand.ID, Seq: st.Seq, Action: betting.Fold})
	s.must(&Command{Kind: CmdTopUp, Who: who, Amount: 1000, Hold: "h2", Key: "top"})
	s.settle()
	if got := s.tab.Seats[seat].TopUp; got != 1000 {
		t.Fatalf("top-up held for the next hand = %d", got)
	}
	before := s.tab.Seating.Seats[seat].Stack
	s.play()
	if got := s.tab.Seating.Seats[seat].Stack; got != before+1000 {
		t.Fatalf("stack after the hand %d, want %d", got, before+1000)
	}
	if s.tab.Chips() != s.escrow {
		t.Fatalf("chips %d escrow %d", s.tab.Chips(), s.escrow)
	}
}

func (s *sim) pendingRake() int64 {
	var n int64
	for _, in := range s.tab.Intents {
		if in.Kind == IntentRake {
			n += in.Amount
		}
	}
	return n
}

// A player standing up during a hand he is dealt into leaves when it ends
// (chips may not leave the table during his hand, G3.11); the cash-out is
// an intent for the wallet.
func TestStandUpDuringHandIsDeferred(t *testing.T) {
	s := newSim(t, cashConfig(t, profile.Holdem))
	s.seat("p:a", 0, 5000)
	s.seat("p:b", 1, 5000)
	s.deal()
	s.must(&Command{Kind: CmdStandUp, Who: "p:a", Key: "bye"})
	if r, ok := s.tab.Key("bye"); !ok || !r.Deferred {
		t.Fatalf("stand-up not deferred: %+v", r)
	}
	s.play()
	var cash *Intent
	for i := range s.tab.Intents {
		if s.tab.Intents[i].Kind == IntentCashOut {
			cash = &s.tab.Intents[i]
		}
	}
	if cash == nil || cash.Account != "a-p:a" {
		t.Fatalf("no cash-out intent: %+v", s.tab.Intents)
	}
	if s.tab.SeatOf("p:a") >= 0 {
		t.Fatal("the player still sits")
	}
	s.settle()
	if s.tab.Chips() != s.escrow {
		t.Fatalf("chips %d escrow %d", s.tab.Chips(), s.escrow)
	}
}

// gr-regulation-2 G4.8 "Absence timing": away from t = 0, nothing at 10:00,
// picked up after; back 19 minutes after the pick-up: first on the waiting
// list; 25 minutes after: last.
func TestAbsencePickupAndRejoin(t *testing.T) {
	for _, tc := range []struct {
		back  time.Duration
		first bool
	}{{19 * time.Minute, true}, {25 * time.Minute, false}} {
		t.Run(tc.back.String(), func(t *testing.T) {
			cfg := cashConfig(t, profile.Holdem)
			cfg.Rules.MaxSeats = 3
			s := newSim(t, cfg)
			s.seat("p:a", 0, 5000)
			s.seat("p:b", 1, 5000)
			s.seat("p:c", 2, 5000)
			t0 := s.now
			s.must(&Command{Kind: CmdSitOut, Who: "p:a"})
			d := s.dueKind(DuePickup)
			if d.At != t0+AbsencePickup.Milliseconds()+1 {
				t.Fatalf("pick-up due at %d, want 10 min + 1 ms", d.At-t0)
			}
			if _, err := s.apply(&Command{Kind: CmdPickUp, Seat: 0, At: t0 + AbsencePickup.Milliseconds()}); apierr.Reason(err) != "NO_PICKUP_DUE" {
				t.Fatalf("pick-up at exactly 10:00: %v", err)
			}
			s.must(&Command{Kind: CmdPickUp, Seat: 0, At: d.At})
			pickedAt := d.At
			s.settle()
			// Two others wait meanwhile; fill the freed seat first so the list
			// keeps its order.
			s.must(&Command{Kind: CmdReserve, Who: "p:x", Seat: 0, Amount: 5000, Hold: "hx", Key: "kx", Account: "ax", At: pickedAt + 1})
			s.settle()
			s.must(&Command{Kind: CmdJoinWait, Who: "p:d", At: pickedAt + 2})
			s.must(&Command{Kind: CmdJoinWait, Who: "p:e", At: pickedAt + 3})
			s.must(&Command{Kind: CmdJoinWait, Who: "p:a", At: pickedAt + tc.back.Milliseconds()})
			pos := s.tab.WaitingPosition("p:a")
			if tc.first && pos != 1 || !tc.first && pos != 3 {
				t.Fatalf("back after %s: position %d", tc.back, pos)
			}
		})
	}
}

func (s *sim) dueKind(k DueKind) Due {
	s.t.Helper()
	var all []Due
	s.tab.eachDue(func(d Due) { all = append(all, d) })
	for _, d := range all {
		if d.Kind == k {
			return d
		}
	}
	s.t.Fatalf("no %s due in %+v", k, all)
	return Due{}
}

// The clock acts for a player who runs out of time: a check if he may,
// otherwise a fold; repeated timeouts sit him out after the hand.
func TestTimeoutChecksOrFoldsAndSitsOut(t *testing.T) {
	s := newSim(t, cashConfig(t, profile.Holdem))
	s.seat("p:a", 0, 5000)
	s.seat("p:b", 1, 5000)
	s.seat("p:c", 2, 5000)
	for range 2 {
		s.deal()
		for s.tab.InHand() {
			st := s.tab.Hand.State()
			seat := st.ToAct()
			if st.Seats[seat].Player == "p:a" {
				d := s.dueKind(DueTimeout)
				if _, err := s.apply(&Command{Kind: CmdTimeout, Hand: s.tab.Hand.ID, Seq: st.Seq, At: d.At - 1}); apierr.Reason(err) != "NOT_DUE" {
					t.Fatalf("timeout before the deadline: %v", err)
				}
				check := false
				for _, l := range st.Legal(seat, nil) {
					check = check || l.Kind == betting.Check
				}
				ev := s.must(&Command{Kind: CmdTimeout, Hand: s.tab.Hand.ID, Seq: st.Seq, At: d.At})
				var acted *Event
				for i := range ev {
					if ev[i].Kind == EvHand && ev[i].Engine.Kind == hand.EvActed {
						acted = &ev[i]
					}
				}
				want := betting.Fold
				if check {
					want = betting.Check
				}
				if acted == nil || !acted.TimedOut || acted.Engine.Action != want {
					t.Fatalf("timeout acted %+v, want %s", acted, want)
				}
				s.now = d.At
				continue
			}
			l := passive(st.Legal(seat, nil))
			s.must(&Command{Kind: CmdAct, Who: st.Seats[seat].Player, Hand: s.tab.Hand.ID, Seq: st.Seq, Action: l.Kind, Amount: l.Min})
		}
		s.settle()
		s.now += 1000
	}
	if !s.tab.Seating.Seats[s.tab.SeatOf("p:a")].SittingOut {
		t.Fatal("two timeouts did not sit the player out")
	}
}

// Time bank (docs/rules/tournaments.md T26): base 30 s; a 60 s bank claimed and 20 s
// of it used leaves 40 s.
func TestTimeBank(t *testing.T) {
	s := newSim(t, cashConfig(t, profile.Holdem))
	s.seat("p:a", 0, 5000)
	s.seat("p:b", 1, 5000)
	s.deal()
	st := s.tab.Hand.State()
	seat := st.ToAct()
	who := st.Seats[seat].Player
	base := s.tab.Hand.Deadline
	s.must(&Command{Kind: CmdUseBank, Who: who, Hand: s.tab.Hand.ID, Seq: st.Seq})
	if s.tab.Hand.Deadline != base+60_000 {
		t.Fatalf("deadline %d, want base + 60 s", s.tab.Hand.Deadline-base)
	}
	s.must(&Command{Kind: CmdAct, Who: who, Hand: s.tab.Hand.ID, Seq: st.Seq, Action: betting.Call, At: base + 20_000})
	if got := s.tab.Seats[seat].Bank; got != 40_000 {
		t.Fatalf("bank left %d ms, want 40000", got)
	}
}

// Hole cards reach only their owner: every event is checked for every
// viewer against the complete record.
func TestEventsForViewers(t *testing.T) {
	s := newSim(t, cashConfig(t, profile.Holdem))
	s.seat("p:a", 0, 5000)
	s.seat("p:b", 1, 5000)
	s.seat("p:c", 2, 5000)
	for range 30 {
		if !s.tab.CanDeal() {
			break
		}
		s.events = nil
		s.deal()
		s.play()
		s.settle()
		h := s.tab.Hand
		st := h.State()
		viewers := []Viewer{{}, {Player: "p:a"}, {Player: "p:b"}, {Player: "p:c"}, {Internal: true}, {Partner: "p"}}
		for _, v := range viewers {
			for _, e := range s.events {
				e = e.For(v)
				if e.Kind != EvHand {
					continue
				}
				for i := 0; i < int(e.Engine.Cards.N); i++ {
					c := e.Engine.Cards.C[i]
					if c == hand.Hidden {
						continue
					}
					owner := -1
					for seat := range st.Seats {
						if st.Seats[seat].In && containsCard(st.Seats[seat].Cards, c) {
							owner = seat
						}
					}
					switch {
					case containsCard(st.Board, c):
					case owner >= 0 && st.Seats[owner].Player == v.Player && v.Player != "":
					case owner >= 0 && e.Engine.Kind == hand.EvShown && st.Seats[owner].Shown:
					default:
						t.Fatalf("viewer %+v saw %s in %s (owner seat %d)", v, c, e.Engine.Kind, owner)
					}
				}
			}
		}
	}
}

func containsCard(cs hand.Cards, c card.Card) bool {
	for i := 0; i < int(cs.N); i++ {
		if cs.C[i] == c {
			return true
		}
	}
	return false
}

// Random sessions of many hands with players coming and going keep the
// chips equal to the escrow whenever no money is moving, and every session
// replays to the same table.
func TestRandomSessions(t *testing.T) {
	for seed := range uint64(20) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			s := newSim(t, cashConfig(t, profile.Holdem))
			s.rng = rand.New(rand.NewPCG(seed, 7))
			start, _ := s.tab.MarshalSnapshot()
			players := []string{"p:a", "p:b", "p:c", "p:d", "q:e"}
			for step := 0; step < 60; step++ {
				who := players[s.rng.IntN(len(players))]
				switch s.rng.IntN(6) {
				case 0:
					if s.tab.SeatOf(who) < 0 {
						s.apply(&Command{Kind: CmdReserve, Who: who, Seat: -1, Amount: 2000 + 100*s.rng.Int64N(50), Hold: "h", Key: fmt.Sprint("k", step), Account: "a-" + who})
					}
				case 1:
					s.apply(&Command{Kind: CmdStandUp, Who: who, Key: fmt.Sprint("s", step)})
				case 2:
					s.apply(&Command{Kind: CmdSitOut, Who: who})
				case 3:
					s.apply(&Command{Kind: CmdSitIn, Who: who})
				default:
				}
				s.settle()
				if s.tab.CanDeal() {
					s.deal()
					if s.rng.IntN(4) == 0 {
						st := s.tab.Hand.State()
						s.apply(&Command{Kind: CmdStandUp, Who: st.Seats[st.ToAct()].Player, Key: fmt.Sprint("x", step)})
					}
					s.play()
				}
				if s.tab.Chips() != s.escrow {
					t.Fatalf("step %d: chips %d escrow %d", step, s.tab.Chips(), s.escrow)
				}
				s.settle()
				if s.tab.Chips() != s.escrow {
					t.Fatalf("step %d: chips %d escrow %d after settling", step, s.tab.Chips(), s.escrow)
				}
				s.now += 2000
			}
			r, err := UnmarshalSnapshot(start)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range s.log {
				if _, err := r.Apply(c); err != nil {
					t.Fatalf("replay %s: %v", c.Kind, err)
				}
			}
			if !reflect.DeepEqual(snap(t, r), snap(t, s.tab)) {
				t.Fatal("replay differs")
			}
		})
	}
}

func (s *sim) pendingCash() int64 {
	var n int64
	for _, in := range s.tab.Intents {
		if in.Kind == IntentCashOut {
			n += in.Amount
		}
	}
	return n
}

func snap(t *testing.T, tab *Table) string {
	b, err := tab.MarshalSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A newcomer dealt into the hand he arrived for (heads-up: he posts a
// blind at once) shows as playing, not as waiting for the big blind.
func TestNewcomerDealtInShowsPlaying(t *testing.T) {
	s := newSim(t, cashConfig(t, profile.Holdem))
	s.seat("p:a", 0, 5000)
	s.seat("p:b", 1, 5000)
	s.deal()
	s.must(&Command{Kind: CmdStandUp, Who: "p:b", Key: "bye"})
	s.play()
	s.settle()
	s.must(&Command{Kind: CmdReserve, Who: "p:b", Name: "p:b", Seat: 1, Amount: 5000, Hold: "h2-p:b", Key: "k2-p:b", Account: "a-p:b"})
	s.settle()
	if v := s.tab.seatView(1); v.Status != SeatWaiting && v.Status != SeatPlaying {
		t.Fatalf("newcomer between hands: %v", v.Status)
	}
	s.now += 60_000
	s.deal()
	v := s.tab.seatView(1)
	if !v.InHand {
		t.Fatalf("heads-up newcomer not dealt in: %+v", v)
	}
	if v.Status != SeatPlaying {
		t.Fatalf("newcomer dealt in shows %v, want playing", v.Status)
	}
}

// Issue 11: a table frozen for review (its state or escrow cannot be
// trusted) owes no due work and refuses every player's and the clock's
// command, unchanged (sim.apply checks the snapshot); operators' commands
// apply, and resuming lifts the freeze.
func TestFrozenTableTakesOnlyOperatorsCommands(t *testing.T) {
	s := newSim(t, cashConfig(t, profile.Holdem))
	s.seat("p:a", 0, 10000)
	s.seat("p:b", 1, 10000)
	s.deal()
	st := s.tab.Hand.State()
	who := st.Seats[st.ToAct()].Player
	s.must(&Command{Kind: CmdFreeze, Reason: ReasonEscrowMismatch})
	if s.tab.FrozenFor != ReasonEscrowMismatch || s.tab.Status != Paused {
		t.Fatalf("frozen %q status %s", s.tab.FrozenFor, s.tab.Status)
	}
	if d, ok := s.tab.NextDue(); ok {
		t.Fatalf("a frozen table owes %s", d.Kind)
	}
	for _, c := range []Command{
		{Kind: CmdAct, Who: who, Hand: s.tab.Hand.ID, Seq: st.Seq, Action: betting.Call},
		{Kind: CmdTimeout, Hand: s.tab.Hand.ID, Seq: st.Seq, At: s.tab.Hand.Deadline + 1},
		{Kind: CmdReserve, Who: "p:c", Seat: 4, Amount: 5000, Hold: "h", Key: "k", Account: "a"},
		{Kind: CmdTopUp, Who: "p:a", Amount: 100, Hold: "h", Key: "k2"},
		{Kind: CmdStandUp, Who: "p:a", Key: "k3"},
		{Kind: CmdSitOut, Who: "p:b"},
		{Kind: CmdJoinWait, Who: "p:c"},
		{Kind: CmdSeatPlayer, Who: "p:d", Seat: 5, Amount: 100, Key: "k4"},
		{Kind: CmdFreeze, Reason: ReasonRewound},
	} {
		c := c
		if _, err := s.apply(&c); apierr.Reason(err) != "TABLE_UNDER_REVIEW" && apierr.Reason(err) != "ALREADY_FROZEN" {
			t.Fatalf("%s at a frozen table: %v, want TABLE_UNDER_REVIEW", c.Kind, err)
		}
	}
	s.must(&Command{Kind: CmdSetHold, Flag: true})
	s.must(&Command{Kind: CmdMisdeal, Hand: s.tab.Hand.ID, Reason: "review"})
	s.must(&Command{Kind: CmdResume})
	if s.tab.FrozenFor != "" || s.tab.Status != Open {
		t.Fatalf("after resume: frozen %q status %s", s.tab.FrozenFor, s.tab.Status)
	}
}
