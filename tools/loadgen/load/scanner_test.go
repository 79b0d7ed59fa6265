package load

import (
	"fmt"
	"sync"
	"testing"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/shared/card/cardscan"
	"github.com/croupier/croupier/shared/proof"
)

// sighting is a card a viewer saw, and how many actions of the hand he had
// seen by then.
type sighting struct {
	card    string
	actions int
	event   string
}

// viewerLog is what one viewer saw of one hand.
type viewerLog struct {
	seen    []sighting
	actions int
	ended   bool
	// commitment and outcome are what HandStarted carried.
	commitment []byte
	outcome    string
}

// scanner collects what each viewer of each table sees, hand by hand.
type scanner struct {
	mu    sync.Mutex
	hands map[string]map[string]*viewerLog // hand -> viewer -> log
	// first is the number of the first hand each viewer saw start.
	first map[string]uint64
	pairs int
}

func (s *scanner) see(viewer string, ev *tablev1.TableEvent) {
	hid := ev.GetHandId()
	if hid == "" {
		return
	}
	s.mu.Lock()
	vs := s.hands[hid]
	if vs == nil {
		vs = map[string]*viewerLog{}
		s.hands[hid] = vs
	}
	l := vs[viewer]
	if hs := ev.GetHandStarted(); hs != nil {
		if _, ok := s.first[viewer]; !ok {
			s.first[viewer] = hs.GetHandNumber()
		}
	}
	if l == nil {
		if ev.GetHandStarted() == nil {
			// Joined mid-hand (the first hand after subscribing): skip it.
			vs[viewer] = &viewerLog{ended: true}
			s.mu.Unlock()
			return
		}
		l = &viewerLog{}
		vs[viewer] = l
	}
	if hs := ev.GetHandStarted(); hs != nil {
		l.commitment, l.outcome = hs.GetShoeCommitment(), hs.GetRngOutcomeId()
	}
	if l.ended && ev.GetHandEnded() == nil {
		s.mu.Unlock()
		return
	}
	for _, c := range cardscan.Cards(ev) {
		l.seen = append(l.seen, sighting{card: c, actions: l.actions, event: fmt.Sprintf("%T", ev.GetEvent())})
	}
	if ev.GetActionTaken() != nil {
		l.actions++
	}
	ended := ev.GetHandEnded() != nil && !l.ended
	if ended {
		l.ended = true
	}
	s.mu.Unlock()
}

// ended reports whether every viewer that was watching from the start of
// hand number n (hid) has seen it end.
func (s *scanner) ended(hid string, n uint64, viewers []string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	vs := s.hands[hid]
	for _, v := range viewers {
		f, ok := s.first[v]
		if !ok || f > n {
			continue
		}
		if l := vs[v]; l == nil || !l.ended {
			return false
		}
	}
	return true
}

// check verifies every viewer's sightings of a finished hand against its
// complete record: a viewer may see his own cards, a board or face-up card
// once the betting before its street is over, and a hand shown at the
// showdown once all betting is over; nothing else, ever — no other
// player's face-down card, no burn, no card left in the shoe.
func (s *scanner) check(rec *history.Record, players map[string]string) error {
	// Actions before each street (the player actions the record holds).
	before := []int{0}
	n := 0
	street := 0
	for _, a := range rec.Actions {
		if a.Input.Command != "" {
			continue
		}
		for street < a.Street {
			before = append(before, n)
			street++
		}
		n++
	}
	total := n
	for len(before) < len(rec.Streets)+1 {
		before = append(before, n)
	}
	// When each card becomes visible to whom.
	type rule struct {
		owner  int // seat, -1 board
		up     bool
		street int
	}
	rules := map[string]rule{}
	for _, d := range rec.Deals {
		switch {
		case d.To == -1:
			rules[d.Card] = rule{owner: -1, up: true, street: d.Street}
		case d.To >= 0:
			rules[d.Card] = rule{owner: d.To, up: d.Up, street: d.Street}
		}
	}
	shown := map[int]bool{}
	seatOf := map[string]int{}
	for _, st := range rec.Seats {
		shown[st.Seat] = st.Shown
		seatOf[st.Player] = st.Seat
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for viewer, l := range s.hands[rec.HandID] {
		s.pairs++
		mySeat := -1
		if p := players[viewer]; p != "" {
			if st, ok := seatOf[p]; ok {
				mySeat = st
			}
		}
		for _, sg := range l.seen {
			r, dealt := rules[sg.card]
			switch {
			case !dealt:
				return fmt.Errorf("hand %s: %s saw %s, never dealt face up or to a seat (burn or shoe) in %s", rec.HandID, viewer, sg.card, sg.event)
			case r.owner == mySeat && mySeat >= 0:
				// His own card.
			case r.up:
				if sg.actions < before[min(r.street, len(before)-1)] {
					return fmt.Errorf("hand %s: %s saw %s (street %d) after %d actions, before its street's betting began (%d)", rec.HandID, viewer, sg.card, r.street, sg.actions, before[r.street])
				}
			case shown[r.owner]:
				if sg.actions < total {
					return fmt.Errorf("hand %s: %s saw seat %d's %s after %d of %d actions, before the showdown", rec.HandID, viewer, r.owner, sg.card, sg.actions, total)
				}
			default:
				return fmt.Errorf("hand %s: %s saw seat %d's face-down %s, never shown (%s)", rec.HandID, viewer, r.owner, sg.card, sg.event)
			}
		}
	}
	delete(s.hands, rec.HandID)
	return nil
}

// checkProof checks a viewer's fairness proof of a finished hand against
// what his stream showed (issue 11): his HandStarted named no RNG outcome,
// the proof holds no whole shoe or secret, it verifies against the
// commitment his HandStarted carried, and every card in it (in any field)
// is one his stream showed. It reports whether the viewer watched the hand
// from its start (otherwise there is nothing to compare with).
func (s *scanner) checkProof(hid, viewer string, p *tablev1.GetFairnessProofResponse) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.hands[hid][viewer]
	if l == nil || l.commitment == nil {
		return false, nil
	}
	if l.outcome != "" {
		return true, fmt.Errorf("hand %s: %s's HandStarted names RNG outcome %s", hid, viewer, l.outcome)
	}
	if len(p.GetShoe()) > 0 || len(p.GetSalt()) > 0 {
		return true, fmt.Errorf("hand %s: %s's proof holds the shoe (%d cards) or its secret", hid, viewer, len(p.GetShoe()))
	}
	if err := proof.VerifyShoe(p.GetProof(), l.commitment, 1); err != nil {
		return true, fmt.Errorf("hand %s: %s's proof does not verify against his HandStarted: %w", hid, viewer, err)
	}
	seen := map[string]bool{}
	for _, sg := range l.seen {
		seen[sg.card] = true
	}
	for _, c := range cardscan.Cards(p) {
		if !seen[c] {
			return true, fmt.Errorf("hand %s: %s's proof holds %s, which his stream never showed", hid, viewer, c)
		}
	}
	return true, nil
}

// The scanner itself must catch what it looks for: a foreign face-down
// card, a board card before its street, a burn, a shown hand before the
// showdown; and accept what the rules show.
func TestScannerCatchesLeaks(t *testing.T) {
	rec := &history.Record{HandID: "t-1", Streets: []string{"preflop", "flop", "turn", "river"},
		Seats: []history.Seat{{Seat: 0, Player: "a", Shown: true}, {Seat: 1, Player: "b"}},
		Deals: []history.Deal{{To: 0, Card: "As"}, {To: 1, Card: "Kd"}, {To: 0, Card: "Ah"}, {To: 1, Card: "Kc"},
			{Street: 1, To: -2, Card: "2c"}, {Street: 1, To: -1, Card: "3c", Up: true}},
		Actions: []history.Action{{Seq: 1, Street: 0}, {Seq: 2, Street: 0}, {Seq: 3, Street: 1}, {Seq: 4, Street: 1}}}
	ev := func(cards ...string) *tablev1.TableEvent {
		return &tablev1.TableEvent{HandId: "t-1", Event: &tablev1.TableEvent_CardsDealt{CardsDealt: &tablev1.CardsDealt{Cards: cards}}}
	}
	acted := &tablev1.TableEvent{HandId: "t-1", Event: &tablev1.TableEvent_ActionTaken{ActionTaken: &tablev1.ActionTaken{}}}
	started := &tablev1.TableEvent{HandId: "t-1", Event: &tablev1.TableEvent_HandStarted{HandStarted: &tablev1.HandStarted{HandNumber: 1}}}
	run := func(viewer string, events ...*tablev1.TableEvent) error {
		s := &scanner{hands: map[string]map[string]*viewerLog{}, first: map[string]uint64{}}
		s.see(viewer, started)
		for _, e := range events {
			s.see(viewer, e)
		}
		return s.check(rec, map[string]string{"seat-a": "a", "seat-b": "b"})
	}
	ok := []struct {
		name   string
		viewer string
		events []*tablev1.TableEvent
	}{
		{"own cards", "seat-a", []*tablev1.TableEvent{ev("As", "Ah")}},
		{"the flop after preflop", "obs", []*tablev1.TableEvent{acted, acted, ev("3c")}},
		{"a shown hand after the betting", "seat-b", []*tablev1.TableEvent{acted, acted, acted, acted, ev("As", "Ah")}},
	}
	for _, tc := range ok {
		if err := run(tc.viewer, tc.events...); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
	}
	bad := []struct {
		name   string
		viewer string
		events []*tablev1.TableEvent
	}{
		{"another's hole card", "seat-a", []*tablev1.TableEvent{ev("Kd")}},
		{"a mucked hand even after the showdown", "obs", []*tablev1.TableEvent{acted, acted, acted, acted, ev("Kc")}},
		{"the flop during preflop", "obs", []*tablev1.TableEvent{acted, ev("3c")}},
		{"a burn", "seat-a", []*tablev1.TableEvent{acted, acted, ev("2c")}},
		{"a card left in the shoe", "obs", []*tablev1.TableEvent{ev("9h")}},
		{"a shown hand before the showdown", "seat-b", []*tablev1.TableEvent{acted, ev("As")}},
		{"a card hidden in another field", "obs", []*tablev1.TableEvent{{HandId: "t-1", Event: &tablev1.TableEvent_HandShown{HandShown: &tablev1.HandShown{HandName: "Kd"}}}}},
	}
	for _, tc := range bad {
		if err := run(tc.viewer, tc.events...); err == nil {
			t.Fatalf("%s: not caught", tc.name)
		}
	}
}

// The proof check catches a proof that opens a card the viewer never saw,
// one that does not verify, and an outcome id in HandStarted; it accepts a
// proof of exactly what he saw.
func TestScannerCatchesProofLeaks(t *testing.T) {
	cards := []string{"As", "Kd", "Ah", "Kc", "2c", "3c", "4c", "5c", "6c"}
	secret := make([]byte, proof.SaltSize)
	sh, err := proof.NewShoe("o-1", cards, 0, secret)
	if err != nil {
		t.Fatal(err)
	}
	run := func(hs *tablev1.HandStarted, positions []int32, tamper func(*tablev1.GetFairnessProofResponse)) error {
		s := &scanner{hands: map[string]map[string]*viewerLog{}, first: map[string]uint64{}}
		s.see("seat-a", &tablev1.TableEvent{HandId: "t-1", Event: &tablev1.TableEvent_HandStarted{HandStarted: hs}})
		s.see("seat-a", &tablev1.TableEvent{HandId: "t-1", Event: &tablev1.TableEvent_CardsDealt{CardsDealt: &tablev1.CardsDealt{Cards: []string{"As", "Ah"}}}})
		p, err := sh.Open(positions)
		if err != nil {
			t.Fatal(err)
		}
		r := &tablev1.GetFairnessProofResponse{HandId: "t-1", Commitment: sh.Root(), Revealed: true, Proof: p}
		if tamper != nil {
			tamper(r)
		}
		_, err = s.checkProof("t-1", "seat-a", r)
		return err
	}
	hs := &tablev1.HandStarted{HandNumber: 1, ShoeCommitment: sh.Root()}
	if err := run(hs, []int32{0, 2}, nil); err != nil {
		t.Fatalf("own cards: %v", err)
	}
	if err := run(hs, []int32{0, 1}, nil); err == nil {
		t.Fatal("a proof opening another's hole card: not caught")
	}
	if err := run(hs, []int32{0}, func(r *tablev1.GetFairnessProofResponse) { r.Proof.Openings[0].Salt[0] ^= 1 }); err == nil {
		t.Fatal("a proof that does not verify: not caught")
	}
	if err := run(hs, []int32{0}, func(r *tablev1.GetFairnessProofResponse) { r.Shoe = cards }); err == nil {
		t.Fatal("a proof with the whole shoe: not caught")
	}
	withID := &tablev1.HandStarted{HandNumber: 1, ShoeCommitment: sh.Root(), RngOutcomeId: "o-1"}
	if err := run(withID, []int32{0}, nil); err == nil {
		t.Fatal("an outcome id in a viewer's HandStarted: not caught")
	}
}
