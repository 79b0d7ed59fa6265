package blackjack

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// The property run's checks (property_test.go plays the rounds): every
// command goes through apply, must or try, which follow the money and the
// cards of its events and check that a refusal left the state as it was.

// stake is one stake the round's events put in: a bet, an insurance, a
// double or a split stake, and the lines that settled it.
type stake struct {
	player, bet, spot string
	amount, settled   int64
	lines             int
}

// apply applies c through Apply or AppendApply, as the round goes.
func (tb *ptable) apply(c Command) ([]Event, error) {
	if tb.owned {
		return Apply(tb.r, &tb.s, c)
	}
	evs, err := AppendApply(tb.evs[:0], &tb.r, &tb.s, &c)
	tb.evs = evs[:0]
	return evs, err
}

// must applies a command the run knows to be accepted.
func (tb *ptable) must(c Command) []Event {
	evs, err := tb.accept(c)
	if err != nil {
		tb.fatalf("%s %+v refused: %v", c.Kind, c, err)
	}
	return evs
}

// try applies a command that may be refused; a refusal has a reason and
// leaves the state exactly as it was.
func (tb *ptable) try(c Command) ([]Event, error) {
	tb.snapshot()
	evs, err := tb.accept(c)
	if err != nil {
		reason := apierr.Reason(err)
		if reason == "" {
			tb.fatalf("%s refused without a reason: %v", c.Kind, err)
		}
		if !equalState(&tb.before, &tb.s) {
			tb.fatalf("%s %+v refused (%v) but the state changed:\n%s\nwas\n%s", c.Kind, c, err, encode(tb.t, tb.s), encode(tb.t, tb.before))
		}
		tb.refused[reason]++
	}
	return evs, err
}

// accept applies c and, when it is accepted, follows its events; a
// decision taken must be the box owner's.
func (tb *ptable) accept(c Command) ([]Event, error) {
	owner := ""
	if c.Kind == CmdDecide {
		owner = tb.s.Owner(c.Box)
	}
	evs, err := tb.apply(c)
	if err != nil {
		return nil, err
	}
	if c.Kind == CmdDecide && len(evs) > 0 && c.Player != owner {
		tb.fatalf("%s's %s accepted on box %d, whose owner is %q", c.Player, c.Action, c.Box, owner)
	}
	if err := checkKept(&tb.r, &tb.s); err != nil {
		tb.fatalf("after %s %+v: %v", c.Kind, c, err)
	}
	tb.commands++
	tb.copied = false
	tb.take(evs)
	return evs, nil
}

// snapshot makes tb.before a copy of the state, unless it is one: no
// command was accepted since the last copy.
func (tb *ptable) snapshot() {
	if !tb.copied {
		copyState(&tb.before, &tb.s)
		tb.copied = true
	}
}

// replay sends c again: it must change nothing and report nothing.
func (tb *ptable) replay(c Command) {
	tb.snapshot()
	evs, err := tb.apply(c)
	if err != nil || len(evs) != 0 || !equalState(&tb.before, &tb.s) {
		tb.fatalf("%s %+v sent again: %v, events %v; want a replay", c.Kind, c, err, kinds(evs))
	}
	tb.count["replay"]++
}

// take follows the money and the cards of accepted events: after each
// command the stakes in equal the stakes the lines settled plus the
// escrow, and the shoe's counts are the cards dealt since its shuffle.
func (tb *ptable) take(evs []Event) {
	for i := range evs {
		e := &evs[i]
		tb.events[e.Kind]++
		switch e.Kind {
		case EvPlaced:
			for _, b := range e.Bets {
				tb.stake(b.Player, b.ID, lineSpot(boxOf(b.Spot), 1, kindOriginal), b.Amount)
			}
		case EvInsured, EvStaked:
			for _, b := range e.Bets {
				tb.stake(b.Player, b.ID, b.Spot, b.Amount)
			}
		case EvShuffled:
			tb.shuffled(e.Reason == "mid-round")
		case EvDealt:
			tb.dealt(e.Deal)
		case EvPaid:
			tb.paidFor[e.Reason]++
		}
		for _, l := range e.Lines {
			tb.line(l)
		}
	}
	if esc := tb.s.Escrow(); tb.in != tb.out+esc {
		tb.fatalf("stakes in %d != lines' stakes %d + escrow %d", tb.in, tb.out, esc)
	}
	if tb.seen != tb.s.Shoe.Seen {
		tb.fatalf("the engine counts %v of the shoe; dealt %v", tb.s.Shoe.Seen, tb.seen)
	}
}

// stake records money put into the round.
func (tb *ptable) stake(player, bet, spot string, amount int64) {
	if amount <= 0 {
		tb.fatalf("a stake of %d on %s by %s", amount, spot, player)
	}
	if tb.find(player, bet, spot) != nil {
		tb.fatalf("%s's bet %s staked twice on %s", player, bet, spot)
	}
	tb.stakes = append(tb.stakes, stake{player: player, bet: bet, spot: spot, amount: amount})
	tb.in += amount
}

func (tb *ptable) find(player, bet, spot string) *stake {
	for i := range tb.stakes {
		if k := &tb.stakes[i]; k.spot == spot && k.bet == bet && k.player == player {
			return k
		}
	}
	return nil
}

// line checks a line: balanced, shaped as its kind may pay, and the one
// line of all of its stake (a bonus has none; even money settles the
// original bet).
func (tb *ptable) line(l round.Line) {
	if err := l.Check(); err != nil {
		tb.fatalf("%v", err)
	}
	kind := l.Spot[strings.LastIndexByte(l.Spot, '/')+1:]
	if !tb.shaped(kind, l) {
		tb.fatalf("a %s line pays what the rules do not: %+v", kind, l)
	}
	tb.out += l.Stake
	tb.payouts += l.Won + l.Returned
	tb.house += l.Lost - l.Won
	tb.lines++
	if kind == "bonus" {
		return
	}
	spot := l.Spot
	if kind == "even_money" {
		spot = spot[:len(spot)-len(kind)] + "original"
	}
	k := tb.find(l.Player, l.BetID, spot)
	if k == nil {
		tb.fatalf("a line for a stake never made: %+v", l)
	}
	k.lines++
	k.settled += l.Stake
	if k.lines > 1 || k.settled != k.amount {
		tb.fatalf("stake %+v has a second line or a part: %+v", *k, l)
	}
}

// shaped reports a line paying one of the outcomes its kind has: a push
// or a refund, a win at 1:1, a blackjack (cz §6.5; ru §4.4), a loss, a
// surrender's half (cz §6.6; ru §3.29), insurance at its ratio (cz §0),
// even money (cz §6.4), the 7-7-7 bonus with no stake (cz §6.6).
func (tb *ptable) shaped(kind string, l round.Line) bool {
	s, o := l.Stake, &tb.r.Options
	is := func(won, returned, lost int64) bool { return l.Won == won && l.Returned == returned && l.Lost == lost }
	common := s > 0 && (is(0, s, 0) || is(s, s, 0) || is(0, 0, s))
	switch kind {
	case "original":
		return common || is(o.blackjackPay(s), s, 0) || is(0, s/2, s-s/2)
	case "split":
		return common || is(o.blackjackPay(s), s, 0)
	case "double":
		return common
	case "insurance":
		return s > 0 && (is(0, s, 0) || is(0, 0, s) || is(o.InsurancePays.Pay(s), s, 0))
	case "even_money":
		return s > 0 && is(s, s, 0)
	case "bonus":
		return s == 0 && l.Won > 0 && l.Returned == 0 && l.Lost == 0
	}
	return false
}

// shuffled starts following a new shoe: the driver's shuffled order when
// it sent one (RNG mode), and, mid-round, the cards on the table counted
// out of it.
func (tb *ptable) shuffled(mid bool) {
	tb.count["shuffle"]++
	tb.shoe, tb.nextShoe = tb.nextShoe, nil
	tb.pos = 0
	clear(tb.seen[:])
	if mid {
		tb.count["mid-round shuffle"]++
		for _, c := range tb.s.Dealer {
			tb.seen[c]++
		}
		for _, b := range tb.s.Boxes {
			for _, h := range b.Hands {
				for _, c := range h.Cards {
					tb.seen[c]++
				}
			}
		}
	}
}

// dealt checks a card from the shoe: at the position after the last, so
// that no position is dealt twice, the RNG shoe's card there, never more
// of a card than the decks hold.
func (tb *ptable) dealt(d Deal) {
	if d.Pos != tb.pos+1 {
		tb.fatalf("card %+v dealt after position %d", d, tb.pos)
	}
	tb.pos = d.Pos
	if tb.shoe != nil && tb.shoe[d.Pos-1] != d.Card {
		tb.fatalf("dealt %+v; the shoe's position %d is %s", d, d.Pos, tb.shoe[d.Pos-1])
	}
	if tb.seen[d.Card]++; int(tb.seen[d.Card]) > tb.r.Decks {
		tb.fatalf("%s dealt %d times from %d decks", d.Card, tb.seen[d.Card], tb.r.Decks)
	}
}

// checkEnd checks a round that has ended: settled or voided, the escrow
// empty, every stake with one line for all of it, the stakes placed equal
// to the payouts plus the house's result, every line of the state's
// reported by an event, the cards on the table the round's dealt cards.
func (tb *ptable) checkEnd() {
	s := &tb.s
	switch s.Phase {
	case round.Settled:
		tb.count["settled"]++
	case round.Voided:
		tb.count["voided"]++
	default:
		tb.fatalf("the round ended %s", s.Phase)
	}
	if s.Escrow() != 0 || tb.in != tb.out || tb.in != tb.payouts+tb.house {
		tb.fatalf("escrow %d; stakes in %d, settled %d, payouts %d + house %d", s.Escrow(), tb.in, tb.out, tb.payouts, tb.house)
	}
	for _, k := range tb.stakes {
		if k.lines != 1 {
			tb.fatalf("stake %+v has %d lines", k, k.lines)
		}
	}
	set := s.Settlement()
	if err := set.Check(); err != nil || tb.lines != len(set.Lines) || set.House() != tb.house {
		tb.fatalf("settlement %v: %d lines (events %d), house %d (events %d)", err, len(set.Lines), tb.lines, set.House(), tb.house)
	}
	var table [card.NumCards]int
	for _, c := range s.Dealer {
		table[c]++
	}
	for _, b := range s.Boxes {
		for _, h := range b.Hands {
			for _, c := range h.Cards {
				table[c]++
			}
		}
	}
	for _, d := range s.Deals {
		if d.To != ToBurn {
			table[d.Card]--
		}
	}
	if table != [card.NumCards]int{} {
		tb.fatalf("the cards on the table are not the round's dealt cards: %v", table)
	}
	if s.Next != s.next(&tb.r) {
		tb.fatalf("next %+v, computed %+v", s.Next, s.next(&tb.r))
	}
}

// checkKept checks what the engine keeps rather than works out again:
// State.Next is next(), with the initial deal's dealTarget (card trusts
// Next, and the deal sets it from dealNext), and every hand before the
// turn's is done (playStep starts at the turn's box).
func checkKept(r *Rules, s *State) error {
	if want := s.next(r); s.Next != want {
		return fmt.Errorf("next %+v, computed %+v", s.Next, want)
	}
	t := &s.Turn
	i := s.boxIndex(t.Box)
	if i < 0 {
		return nil
	}
	for j := range i {
		for _, h := range s.Boxes[j].Hands {
			if !h.Done {
				return fmt.Errorf("box %d hand %d is not done; the turn is box %d hand %d", s.Boxes[j].N, h.ID, t.Box, t.Hand)
			}
		}
	}
	for _, h := range s.Boxes[i].Hands {
		if h.ID == t.Hand {
			break
		}
		if !h.Done {
			return fmt.Errorf("box %d hand %d is not done; the turn is hand %d", t.Box, h.ID, t.Hand)
		}
	}
	return nil
}

// copyState makes dst a deep copy of src, reusing dst's storage.
func copyState(dst, src *State) {
	old := *dst
	*dst = *src
	dst.scratch = scratch{}
	dst.Bets = append(old.Bets[:0], src.Bets...)
	dst.Cancelled = append(old.Cancelled[:0], src.Cancelled...)
	dst.Dealer = append(old.Dealer[:0], src.Dealer...)
	dst.Deals = append(old.Deals[:0], src.Deals...)
	dst.Decisions = append(old.Decisions[:0], src.Decisions...)
	dst.Lines = append(old.Lines[:0], src.Lines...)
	boxes := old.Boxes[:0]
	for i := range src.Boxes {
		sb := &src.Boxes[i]
		boxes = slices.Grow(boxes, 1)[:len(boxes)+1]
		db := &boxes[i]
		db.N = sb.N
		db.Bettors = append(db.Bettors[:0], sb.Bettors...)
		hands := db.Hands[:0]
		for j := range sb.Hands {
			hands = slices.Grow(hands, 1)[:j+1]
			cards := append(hands[j].Cards[:0], sb.Hands[j].Cards...)
			hands[j] = sb.Hands[j]
			hands[j].Cards = cards
		}
		db.Hands = hands
	}
	dst.Boxes = boxes
}

// equalState reports two states the same in every exported field
// (TestEqualStateKnowsEveryField keeps it so).
func equalState(a, b *State) bool {
	if a.Round != b.Round || a.Phase != b.Phase || a.Stage != b.Stage || a.Turn != b.Turn || a.Next != b.Next ||
		a.Shoe != b.Shoe || a.Reason != b.Reason || len(a.Boxes) != len(b.Boxes) {
		return false
	}
	if !slices.Equal(a.Bets, b.Bets) || !slices.Equal(a.Cancelled, b.Cancelled) || !slices.Equal(a.Dealer, b.Dealer) ||
		!slices.Equal(a.Deals, b.Deals) || !slices.Equal(a.Decisions, b.Decisions) || !slices.Equal(a.Lines, b.Lines) {
		return false
	}
	for i := range a.Boxes {
		x, y := &a.Boxes[i], &b.Boxes[i]
		if x.N != y.N || !slices.Equal(x.Bettors, y.Bettors) || len(x.Hands) != len(y.Hands) {
			return false
		}
		for j := range x.Hands {
			h, k := &x.Hands[j], &y.Hands[j]
			if h.ID != k.ID || h.Stakes != k.Stakes || h.Split != k.Split || h.Aces != k.Aces || h.TenSplit != k.TenSplit ||
				h.Doubled != k.Doubled || h.Acted != k.Acted || h.Wants != k.Wants || h.Done != k.Done || !slices.Equal(h.Cards, k.Cards) {
				return false
			}
		}
	}
	return true
}

// TestEqualStateKnowsEveryField fails when State, Box or Hand gains a
// field, until equalState (and copyState) compare it too.
func TestEqualStateKnowsEveryField(t *testing.T) {
	for typ, want := range map[reflect.Type]string{
		reflect.TypeFor[State](): "Round Phase Stage Bets Cancelled Boxes Dealer Turn Next Shoe Deals Decisions Lines Reason scratch",
		reflect.TypeFor[Box]():   "N Bettors Hands",
		reflect.TypeFor[Hand]():  "ID Cards Stakes Split Aces TenSplit Doubled Acted Wants Done",
	} {
		var got []string
		for i := range typ.NumField() {
			got = append(got, typ.Field(i).Name)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s has fields %v; equalState compares %s", typ, got, want)
		}
	}
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10", "ben 1 20", "cy 2 10")
	g.deal("8s", "6h", "Td", "8d", "9c")
	var c State
	copyState(&c, &g.s)
	if !equalState(&c, &g.s) || encode(t, c) != encode(t, g.s) {
		t.Fatalf("a copy differs:\n%s\n%s", encode(t, c), encode(t, g.s))
	}
	c.Boxes[0].Hands[0].Cards[1] = card.MustParse("As")
	if equalState(&c, &g.s) || g.s.Boxes[0].Hands[0].Cards[1] == c.Boxes[0].Hands[0].Cards[1] {
		t.Fatal("a copy shares its cards or a changed card is not seen")
	}
}
