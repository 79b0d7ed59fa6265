package oasis

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// The property run's checks (property_test.go plays the rounds): every
// command goes through must or try, which follow the money and the cards
// of its events and check that a refusal left the state as it was.

// stake is one stake the round's events put in (an Ante, a Royal Bonus,
// a Bet, a fee) and the lines that settled it.
type stake struct {
	player, bet, spot string
	amount, settled   int64
	lines             int
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
// decision taken must be the box player's.
func (tb *ptable) accept(c Command) ([]Event, error) {
	owner := tb.s.Owner(c.Box)
	evs, err := Apply(tb.r, &tb.s, c)
	if err != nil {
		return nil, err
	}
	if c.Kind == CmdDecide && len(evs) > 0 && c.Player != owner {
		tb.fatalf("%s's %s accepted on box %d, whose player is %q", c.Player, c.Action, c.Box, owner)
	}
	if want := tb.s.next(&tb.r); tb.s.Next != want {
		tb.fatalf("after %s: next %+v, computed %+v", c.Kind, tb.s.Next, want)
	}
	tb.commands++
	tb.copied = false
	tb.take(evs)
	return evs, nil
}

// snapshot makes tb.before a copy of the state, unless it is one.
func (tb *ptable) snapshot() {
	if !tb.copied {
		copyState(&tb.before, &tb.s)
		tb.copied = true
	}
}

// replay sends c again: it must change nothing and report nothing.
func (tb *ptable) replay(c Command) {
	tb.snapshot()
	evs, err := Apply(tb.r, &tb.s, c)
	if err != nil || len(evs) != 0 || !equalState(&tb.before, &tb.s) {
		tb.fatalf("%s %+v sent again: %v, events %v; want a replay", c.Kind, c, err, kinds(evs))
	}
	tb.count["replay"]++
}

// take follows the money and the cards of accepted events: after each
// command the stakes in equal the stakes the lines settled plus the
// escrow, and the deck's count is the cards dealt since its shuffle.
func (tb *ptable) take(evs []Event) {
	for i := range evs {
		e := &evs[i]
		tb.events[e.Kind]++
		switch e.Kind {
		case EvPlaced, EvStaked:
			for _, b := range e.Bets {
				tb.stake(b.Player, b.ID, b.Spot, b.Amount)
			}
		case EvShuffled:
			tb.deck, tb.nextDeck, tb.pos, tb.seen = tb.nextDeck, nil, 0, 0
		case EvDealt:
			tb.dealt(e)
		case EvShown:
			tb.shown(e)
		}
		for _, l := range e.Lines {
			tb.line(l)
		}
	}
	if esc := tb.s.Escrow(); tb.in != tb.out+esc {
		tb.fatalf("stakes in %d != lines' stakes %d + escrow %d", tb.in, tb.out, esc)
	}
	if tb.seen != tb.s.Shoe.Seen {
		tb.fatalf("the engine counts %v of the deck; dealt %v", tb.s.Shoe.Seen.Cards(), tb.seen.Cards())
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
// line of all of its stake.
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
	k := tb.find(l.Player, l.BetID, l.Spot)
	if k == nil {
		tb.fatalf("a line for a stake never made: %+v", l)
	}
	k.lines++
	k.settled += l.Stake
	if k.lines > 1 || k.settled != k.amount {
		tb.fatalf("stake %+v has a second line or a part: %+v", *k, l)
	}
}

// shaped reports a line paying one of the outcomes its kind has: a loss,
// a push or a refund, or a win: the Ante 1:1, the Bet at a line of its
// paytable, the Royal Bonus at a line of its own, each at most its cap;
// a fee only ever lost.
func (tb *ptable) shaped(kind string, l round.Line) bool {
	s := l.Stake
	if kind == "exchange" || kind == "buy" {
		return s > 0 && l.Lost == s
	}
	if s <= 0 || (l.Lost == s && l.Won == 0) || (l.Returned == s && l.Won == 0) {
		return s > 0
	}
	if l.Returned != s {
		return false
	}
	lim := &tb.r.Limits
	inCap := func(won, most int64) bool { return won <= most || most == 0 }
	switch kind {
	case "ante":
		return l.Won == s || l.Won == lim.MaxPayout && l.Won < s
	case "bet":
		return inCap(l.Won, lim.MaxPayout) && (l.Won < lim.MaxPayout ||
			slices.ContainsFunc(BetLines(), func(x Line) bool { w, _ := tb.r.Paytables.Bet.Pay(x, s); return w == l.Won }))
	case "royal_bonus":
		return inCap(l.Won, lim.RoyalBonusMaxPayout) && (l.Won == lim.RoyalBonusMaxPayout ||
			slices.ContainsFunc(RoyalBonusLines(), func(x Line) bool { w, _ := tb.r.Paytables.RoyalBonus.Pay(x, s); return w == l.Won }))
	}
	return false
}

// dealt checks a card from the deck: at the position after the last, the
// RNG deck's card there, never a card twice since the shuffle, marked as
// its place shows it: a box's private (hidden on a dark box, N5), the
// dealer's hidden but his fifth
// and a bought game's card (§3.17, §4.17).
func (tb *ptable) dealt(e *Event) {
	d := e.Deal
	if d.Pos != tb.pos+1 {
		tb.fatalf("card %+v dealt after position %d", d, tb.pos)
	}
	tb.pos = d.Pos
	if tb.deck != nil && tb.deck[d.Pos-1] != d.Card {
		tb.fatalf("dealt %+v; the deck's position %d is %s", d, d.Pos, tb.deck[d.Pos-1])
	}
	if tb.seen.Has(d.Card) {
		tb.fatalf("%s dealt twice from one deck", d.Card)
	}
	tb.seen = tb.seen.Add(d.Card)
	want := Private
	if b := tb.s.box(d.Box); b != nil && b.Dark {
		want = Hidden
	}
	if d.To == ToDealer {
		want = Hidden
		if tb.dealer >= 4 {
			want = Public
		}
		tb.dealer++
	}
	if d.Vis != want || e.Vis != want || (d.To == ToBox) != (e.Box != 0) {
		tb.fatalf("%+v marked %s (event %s, box %d), want %s", d, d.Vis, e.Vis, e.Box, want)
	}
}

// shown checks what is shown: public, the dealer's cards once all five
// are out, a box's only if it bet and did not stop.
func (tb *ptable) shown(e *Event) {
	s := &tb.s
	if e.Vis != Public || len(s.Dealer) != 5 || !s.DealerShown {
		tb.fatalf("shown %+v with the dealer's %v", e, s.Dealer)
	}
	if e.Box == 0 {
		if !slices.Equal(e.Cards, s.Dealer) {
			tb.fatalf("shown %v as the dealer's %v", e.Cards, s.Dealer)
		}
		return
	}
	if b := s.box(e.Box); b == nil || b.Action != Bet || b.Choice == Stop || !b.Shown || !slices.Equal(e.Cards, b.Cards) || e.Player != b.player() {
		tb.fatalf("shown %+v: the box is %+v", e, b)
	}
}

// checkEnd checks a round that has ended: settled or voided, the escrow
// empty, every stake with one line for all of it, the stakes placed equal
// to the payouts plus the house's result, every line of the state's
// reported by an event, the cards on the table the round's dealt cards,
// and a settled round's lines as package banked ranks its hands.
func (tb *ptable) checkEnd() {
	s := &tb.s
	switch s.Phase {
	case round.Settled:
		tb.count["settled"]++
		tb.oracle()
		tb.settleAgrees()
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
	var table card.Set
	n := 0
	for _, cs := range append([][]card.Card{s.Dealer, s.Replaced}, boxCards(s)...) {
		for _, c := range cs {
			table = table.Add(c)
			n++
		}
	}
	var dealt card.Set
	for _, d := range s.Deals {
		dealt = dealt.Add(d.Card)
	}
	if table != dealt || n != len(s.Deals) {
		tb.fatalf("the cards on the table %v are not the round's dealt cards %v", table.Cards(), dealt.Cards())
	}
}

// boxCards are each box's hand and its discards.
func boxCards(s *State) [][]card.Card {
	var out [][]card.Card
	for _, b := range s.Boxes {
		out = append(out, b.Cards, b.Discards)
	}
	return out
}

// copyState makes dst a deep copy of src, reusing dst's storage.
func copyState(dst, src *State) {
	old := *dst
	*dst = *src
	dst.Bets = append(old.Bets[:0], src.Bets...)
	dst.Cancelled = append(old.Cancelled[:0], src.Cancelled...)
	dst.Dealer = append(old.Dealer[:0], src.Dealer...)
	dst.Replaced = append(old.Replaced[:0], src.Replaced...)
	dst.Deals = append(old.Deals[:0], src.Deals...)
	dst.Decisions = append(old.Decisions[:0], src.Decisions...)
	for i := range dst.Decisions {
		dst.Decisions[i].Cards = slices.Clone(src.Decisions[i].Cards)
	}
	dst.Lines = append(old.Lines[:0], src.Lines...)
	bxs := old.Boxes[:0]
	for i := range src.Boxes {
		bxs = slices.Grow(bxs, 1)[:i+1]
		cards := into(bxs[i].Cards, src.Boxes[i].Cards)
		discards := into(bxs[i].Discards, src.Boxes[i].Discards)
		bettors := into(bxs[i].Bettors, src.Boxes[i].Bettors)
		bxs[i] = src.Boxes[i]
		bxs[i].Cards, bxs[i].Discards, bxs[i].Bettors = cards, discards, bettors
	}
	dst.Boxes = bxs
}

// into is src copied into dst's storage, nil when src is nil, so that a
// copy encodes as its source does ("cards": null, not "").
func into[T any](dst, src []T) []T {
	if src == nil {
		return nil
	}
	return append(dst[:0], src...)
}

// equalState reports two states the same in every exported field
// (TestEqualStateKnowsEveryField keeps it so).
func equalState(a, b *State) bool {
	if a.Round != b.Round || a.Phase != b.Phase || a.Stage != b.Stage || a.DealerShown != b.DealerShown ||
		a.Turn != b.Turn || a.Next != b.Next || a.Shoe != b.Shoe || a.Reason != b.Reason || len(a.Boxes) != len(b.Boxes) ||
		len(a.Decisions) != len(b.Decisions) {
		return false
	}
	if !slices.Equal(a.Bets, b.Bets) || !slices.Equal(a.Cancelled, b.Cancelled) || !slices.Equal(a.Dealer, b.Dealer) ||
		!slices.Equal(a.Replaced, b.Replaced) || !slices.Equal(a.Deals, b.Deals) || !slices.Equal(a.Lines, b.Lines) {
		return false
	}
	for i := range a.Decisions {
		x, y := a.Decisions[i], b.Decisions[i]
		if !slices.Equal(x.Cards, y.Cards) {
			return false
		}
		if x.Seq != y.Seq || x.Player != y.Player || x.Box != y.Box || x.Action != y.Action || x.Timeout != y.Timeout {
			return false
		}
	}
	for i := range a.Boxes {
		x, y := a.Boxes[i], b.Boxes[i]
		if !slices.Equal(x.Cards, y.Cards) || !slices.Equal(x.Discards, y.Discards) || !slices.Equal(x.Bettors, y.Bettors) {
			return false
		}
		x.Cards, y.Cards, x.Discards, y.Discards, x.Bettors, y.Bettors = nil, nil, nil, nil, nil, nil
		if !reflect.DeepEqual(x, y) {
			return false
		}
	}
	return true
}

// TestEqualStateKnowsEveryField fails when State gains a field, until
// equalState compares it too; and checks that a Clone and a copy are
// equal and share nothing.
func TestEqualStateKnowsEveryField(t *testing.T) {
	var got []string
	typ := reflect.TypeFor[State]()
	for i := range typ.NumField() {
		got = append(got, typ.Field(i).Name)
	}
	want := "Round Phase Stage Bets Cancelled Boxes Dealer Replaced DealerShown Turn Next Shoe Deals Decisions Lines Reason"
	if strings.Join(got, " ") != want {
		t.Errorf("State has fields %v; equalState compares %s", got, want)
	}
	g := newGame(t, rules(t))
	g.open("ann 1 10 5", "bob 2 10")
	g.deal("Jc Jd 7h 4s 2c", "3d 3h 5c 6d 8c", "Ad Qc 9h 5s 3c")
	g.decide("ann", 1, Exchange, "2c")
	g.cards("Js")
	var copied State
	copyState(&copied, &g.s)
	for _, c := range []State{g.s.Clone(), copied} {
		if !equalState(&c, &g.s) || encode(t, c) != encode(t, g.s) {
			t.Fatalf("a copy differs:\n%s\n%s", encode(t, c), encode(t, g.s))
		}
		c.Boxes[0].Cards[1] = card.MustParse("2s")
		c.Boxes[0].Discards[0] = card.MustParse("2s")
		c.Boxes[0].Bettors[0].Ante++
		c.Decisions[0].Cards[0] = card.MustParse("2s")
		if equalState(&c, &g.s) || g.s.Boxes[0].Discards[0] == c.Boxes[0].Discards[0] || g.s.Decisions[0].Cards[0] == c.Decisions[0].Cards[0] ||
			g.s.Boxes[0].Bettors[0].Ante == c.Boxes[0].Bettors[0].Ante {
			t.Fatal("a copy shares its cards or a changed card is not seen")
		}
	}
}
