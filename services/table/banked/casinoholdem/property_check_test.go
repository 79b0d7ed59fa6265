package casinoholdem

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
)

// The property run's checks (property_test.go plays the rounds): every
// command goes through must or try, which follow the money and the cards
// of its events and check that a refusal left the state as it was.

// stake is one stake the round's events put in (an Ante, an AA Bonus, a
// Call) and the lines that settled it.
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
// a push or a refund, or a win: the Ante at a line of its paytable
// (§6.2), the Call 1:1 (§6.1), the AA Bonus at a line of its own (§6.3).
func (tb *ptable) shaped(kind string, l round.Line) bool {
	s := l.Stake
	if s <= 0 || (l.Lost == s && l.Won == 0) || (l.Returned == s && l.Won == 0) {
		return s > 0
	}
	if l.Returned != s {
		return false
	}
	p := &tb.r.Paytables
	switch kind {
	case "ante":
		return slices.ContainsFunc(AnteLines(), func(x Line) bool { return p.Ante.at(x).pay(s) == l.Won })
	case "call":
		return l.Won == s
	case "aa_bonus":
		return slices.ContainsFunc(AABonusLines(), func(x Line) bool { return p.AABonus.at(x).pay(s) == l.Won })
	}
	return false
}

// dealt checks a card from the deck: at the position after the last, the
// RNG deck's card there, never a card twice since the shuffle, marked as
// its place shows it (the dealer's and the burns hidden, the board
// public, a box's face up or private, §4.2).
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
	want := Hidden
	switch {
	case d.To == ToBox && tb.s.box(d.Box).Dark:
		// ru §3.10: nobody sees a dark box's cards before the showdown.
	case d.To == ToBoard, d.To == ToBox && tb.r.Options.HoleCardsFaceUp:
		want = Public
	case d.To == ToBox:
		want = Private
	}
	if d.Vis != want || e.Vis != want || (d.To == ToBox) != (e.Box != 0) {
		tb.fatalf("%+v marked %s (event %s, box %d), want %s", d, d.Vis, e.Vis, e.Box, want)
	}
}

// shown checks what the showdown shows: public, once the river is out,
// the dealer's cards and the called boxes' only.
func (tb *ptable) shown(e *Event) {
	s := &tb.s
	if e.Vis != Public || len(s.Board) != 5 || !s.DealerShown {
		tb.fatalf("shown %+v with the board %v", e, s.Board)
	}
	if e.Box == 0 {
		if !slices.Equal(e.Cards, s.Dealer) {
			tb.fatalf("shown %v as the dealer's %v", e.Cards, s.Dealer)
		}
		return
	}
	if b := s.box(e.Box); b == nil || b.Action != Call || !b.Shown || !slices.Equal(e.Cards, b.Cards) {
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
	for _, cs := range append([][]card.Card{s.Dealer, s.Board}, boxCards(s)...) {
		for _, c := range cs {
			table = table.Add(c)
		}
	}
	var dealt card.Set
	for _, d := range s.Deals {
		if d.To != ToBurn {
			dealt = dealt.Add(d.Card)
		}
	}
	if table != dealt || table.Len() != len(s.Deals)-s.Burns {
		tb.fatalf("the cards on the table %v are not the round's dealt cards %v", table.Cards(), dealt.Cards())
	}
}

func boxCards(s *State) [][]card.Card {
	var out [][]card.Card
	for _, b := range s.Boxes {
		out = append(out, b.Cards)
	}
	return out
}

// oracle checks a settled round's lines box by box against what package
// banked's Evaluate says of the hands (a path of its own: the five cards
// described, not only valued): a folded box lost its Ante and AA Bonus
// (§4.3); a called box's Ante, Call and AA Bonus are paid as §6.1–6.3
// say on the qualification, the comparison and the lines Evaluate gives.
func (tb *ptable) oracle() {
	s, p := &tb.s, &tb.r.Paytables
	if s.DealerShown {
		tb.count["showdown"]++
	} else if len(s.Boxes) > 0 {
		tb.count["all folded"]++
	}
	if tb.r.Profile == RU {
		tb.count["ru"]++
	}
	g, opts := banked.CasinoHoldem, banked.Options{}
	if tb.r.Options.MustUseBothHoleCards || tb.r.Profile == RU {
		g, opts.BestOfSeven = banked.TexasHoldemVsCasino, !tb.r.Options.MustUseBothHoleCards
	}
	for i := range s.Boxes {
		b := &s.Boxes[i]
		var want []round.Line
		add := func(k BetKind, stake int64, v verdict) {
			if stake > 0 {
				tb.scratch.Lines = tb.scratch.Lines[:0]
				tb.scratch.line(b, k, stake, v)
				want = append(want, tb.scratch.Lines[0])
			}
		}
		switch {
		case b.Action == Fold && tb.r.Options.FoldSettlesBonus && b.AABonus > 0:
			// ru §3.13–3.15: a pass's Bonus on its first five cards.
			res, err := banked.Evaluate(g, banked.Hand{Player: b.Cards, Board: s.Board[:3]}, opts)
			if err != nil {
				tb.fatalf("box %d: %v", b.N, err)
			}
			aa := tb.aaVerdict(res, b, p)
			if aa != lost {
				tb.count["fold bonus won"]++
			}
			add(BetAnte, b.Ante, lost)
			add(BetAABonus, b.AABonus, aa)
		case b.Action == Fold:
			add(BetAnte, b.Ante, lost)
			add(BetAABonus, b.AABonus, lost)
		default:
			res, err := banked.Evaluate(g, banked.Hand{Player: b.Cards, Dealer: s.Dealer, Board: s.Board}, opts)
			if err != nil {
				tb.fatalf("box %d: %v", b.N, err)
			}
			if b.Dark {
				tb.count["dark box"]++
			}
			if g == banked.TexasHoldemVsCasino && !opts.BestOfSeven && res.Player.Value != rank.Best(append(slices.Clone(b.Cards), s.Board...)...) {
				tb.count["both hole cards"]++ // the rule decided: best of seven is another hand
			}
			ante, call := tb.mainVerdicts(res, b)
			add(BetAnte, b.Ante, ante)
			add(BetCall, b.Call, call)
			add(BetAABonus, b.AABonus, tb.aaVerdict(res, b, p))
		}
		var got []round.Line
		for _, l := range s.Lines[tb.closedAt:] { // the bets' refunds before are no box's
			if n, _ := spotBox(l.Spot); n == b.N {
				got = append(got, l)
			}
		}
		if !slices.Equal(got, want) {
			tb.fatalf("box %+v, dealer %v, board %v: lines %+v, want %+v", *b, s.Dealer, s.Board, got, want)
		}
	}
}

// settleAgrees checks that Settle, given the round's bets in play at its
// close (a dark box's Call among them), the Calls made and its cards, makes the lines the round's
// events made after the close, box by box.
func (tb *ptable) settleAgrees() {
	s := &tb.s
	bets := slices.Clone(s.Bets)
	sd := Showdown{Board: s.Board, Dealer: s.Dealer, Hole: map[int][]card.Card{}}
	for _, b := range s.Boxes {
		sd.Hole[b.N] = b.Cards
		if b.Call > 0 && !b.Dark { // a dark box's Call is one of the bets
			bets = append(bets, round.Bet{ID: b.AnteID, Player: b.Player, Spot: Spot(b.N, BetCall), Amount: b.Call})
		}
	}
	got := Settle(tb.r, bets, sd).Lines
	want := slices.Clone(s.Lines[tb.closedAt:])
	bySpot := func(a, b round.Line) int { return strings.Compare(a.Spot, b.Spot) }
	slices.SortFunc(got, bySpot)
	slices.SortFunc(want, bySpot)
	if !slices.Equal(got, want) {
		tb.fatalf("Settle makes %+v; the round made %+v", got, want)
	}
}

// mainVerdicts are the Ante's and the Call's outcomes (§6.1).
func (tb *ptable) mainVerdicts(res banked.Result, b *Box) (ante, call verdict) {
	anteWins := paid(tb.r.Paytables.Ante.at(res.PlayerLine).pay(b.Ante))
	switch {
	case !res.DealerQualifies:
		tb.count["does not qualify"]++
		return anteWins, pushed
	case res.Comparison > 0:
		tb.count["qualifies"]++
		return anteWins, paid(b.Call)
	case res.Comparison == 0:
		tb.count["tie"]++
		return pushed, pushed
	}
	tb.count["qualifies"]++
	return lost, lost
}

// aaVerdict is the AA Bonus's outcome (§6.3): Evaluate's bonus line, and
// the category of the first five for the paytable's line.
func (tb *ptable) aaVerdict(res banked.Result, b *Box, p *Paytables) verdict {
	var won Line
	for _, x := range res.Bonuses {
		if x.Bet == "aa_bonus" || x.Bet == "bonus" { // gr §6.3; ru §6
			won = x.Line
		}
	}
	if won == banked.NoLine {
		return lost
	}
	tb.count["aa bonus won"]++
	v := rank.Best(append(slices.Clone(b.Cards), tb.s.Board[:3]...)...)
	cat := banked.LineOf(v)
	if cat == banked.Pair {
		cat = PairOfAces
	}
	if won != banked.BonusPairOfAcesOrBetter && (won == banked.AABonusFlushOrBetter) != (v.Category() >= rank.Flush) {
		tb.fatalf("box %d: banked says %s for a %s", b.N, won, cat)
	}
	return paid(p.AABonus.at(cat).pay(b.AABonus))
}

// copyState makes dst a deep copy of src, reusing dst's storage.
func copyState(dst, src *State) {
	old := *dst
	*dst = *src
	dst.Bets = append(old.Bets[:0], src.Bets...)
	dst.Cancelled = append(old.Cancelled[:0], src.Cancelled...)
	dst.Dealer = append(old.Dealer[:0], src.Dealer...)
	dst.Board = append(old.Board[:0], src.Board...)
	dst.Deals = append(old.Deals[:0], src.Deals...)
	dst.Decisions = append(old.Decisions[:0], src.Decisions...)
	dst.Lines = append(old.Lines[:0], src.Lines...)
	boxes := old.Boxes[:0]
	for i := range src.Boxes {
		boxes = slices.Grow(boxes, 1)[:i+1]
		cards := append(boxes[i].Cards[:0], src.Boxes[i].Cards...)
		boxes[i] = src.Boxes[i]
		boxes[i].Cards = cards
	}
	dst.Boxes = boxes
}

// equalState reports two states the same in every exported field
// (TestEqualStateKnowsEveryField keeps it so).
func equalState(a, b *State) bool {
	if a.Round != b.Round || a.Phase != b.Phase || a.Stage != b.Stage || a.DealerShown != b.DealerShown || a.Burns != b.Burns ||
		a.Turn != b.Turn || a.Next != b.Next || a.Shoe != b.Shoe || a.Reason != b.Reason || len(a.Boxes) != len(b.Boxes) {
		return false
	}
	if !slices.Equal(a.Bets, b.Bets) || !slices.Equal(a.Cancelled, b.Cancelled) || !slices.Equal(a.Dealer, b.Dealer) ||
		!slices.Equal(a.Board, b.Board) || !slices.Equal(a.Deals, b.Deals) || !slices.Equal(a.Decisions, b.Decisions) ||
		!slices.Equal(a.Lines, b.Lines) {
		return false
	}
	for i := range a.Boxes {
		x, y := &a.Boxes[i], &b.Boxes[i]
		if x.N != y.N || x.Player != y.Player || x.AnteID != y.AnteID || x.BonusID != y.BonusID || x.Ante != y.Ante ||
			x.AABonus != y.AABonus || x.Call != y.Call || x.CallID != y.CallID || x.Dark != y.Dark || x.Action != y.Action ||
			x.Shown != y.Shown || x.Settled != y.Settled ||
			!slices.Equal(x.Cards, y.Cards) {
			return false
		}
	}
	return true
}

// TestEqualStateKnowsEveryField fails when State or Box gains a field,
// until equalState compares it too; and checks that a Clone is equal and
// shares nothing.
func TestEqualStateKnowsEveryField(t *testing.T) {
	for typ, want := range map[reflect.Type]string{
		reflect.TypeFor[State](): "Round Phase Stage Bets Cancelled Boxes Dealer Board DealerShown Burns Turn Next Shoe Deals Decisions Lines Reason",
		reflect.TypeFor[Box]():   "N Player AnteID BonusID Ante AABonus Call CallID Dark Cards Action Shown Settled",
	} {
		var got []string
		for i := range typ.NumField() {
			got = append(got, typ.Field(i).Name)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s has fields %v; equalState compares %s", typ, got, want)
		}
	}
	g := threeBoxes(t)
	var copied State
	copyState(&copied, &g.s)
	for _, c := range []State{g.s.Clone(), copied} {
		if !equalState(&c, &g.s) || encode(t, c) != encode(t, g.s) {
			t.Fatalf("a copy differs:\n%s\n%s", encode(t, c), encode(t, g.s))
		}
		c.Boxes[0].Cards[1] = card.MustParse("2s")
		c.Board[0] = card.MustParse("2s")
		if equalState(&c, &g.s) || g.s.Boxes[0].Cards[1] == c.Boxes[0].Cards[1] || g.s.Board[0] == c.Board[0] {
			t.Fatal("a copy shares its cards or a changed card is not seen")
		}
	}
}
