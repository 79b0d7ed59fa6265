package casinotexas

import (
	"slices"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
)

// The property run's checks (property_test.go plays the rounds): every
// command goes through must or try, which follow the money and the cards
// of its events and check that a refusal left the state as it was.

// stake is one stake the round's events put in (an Ante, a Blind, a
// Play, a Trips) and the lines that settled it.
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
// leaves the state deep-equal to what it was.
func (tb *ptable) try(c Command) ([]Event, error) {
	tb.snapshot()
	evs, err := tb.accept(c)
	if err != nil {
		reason := apierr.Reason(err)
		if reason == "" {
			tb.fatalf("%s refused without a reason: %v", c.Kind, err)
		}
		if !sameState(&tb.before, &tb.s) {
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
	if err != nil || len(evs) != 0 || !sameState(&tb.before, &tb.s) {
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
		case EvDecided:
			tb.decided(e)
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

// decided checks a decision: on the street the round is at, what the
// street offers (§4), a Play of one of its sizes (§3), the clock's the
// safe default.
func (tb *ptable) decided(e *Event) {
	st := e.Street
	b := tb.s.box(e.Box)
	switch {
	case !allowed(st, e.Action):
		tb.fatalf("%s %s", e.Action, st)
	case e.Action == Play && !slices.Contains(multiples(st), e.Amount/max(b.Ante, 1)) || e.Action == Play && e.Amount%b.Ante != 0:
		tb.fatalf("a Play of %d %s on an Ante of %d", e.Amount, st, b.Ante)
	case e.Reason == "timeout" && (e.Action == Play || (e.Action == Fold) != (st == River)):
		tb.fatalf("the clock's %s %s", e.Action, st)
	}
	if e.Action == Play {
		tb.count["play "+st.String()]++
	} else if e.Action == Fold {
		tb.count["fold"]++
	}
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
// a push or a refund, or a win: the Ante and the Play 1:1, the Blind and
// Trips at a line of their paytables (§6).
func (tb *ptable) shaped(kind string, l round.Line) bool {
	s := l.Stake
	if s <= 0 || (l.Lost == s && l.Won == 0) || (l.Returned == s && l.Won == 0) {
		return s > 0
	}
	if l.Returned != s {
		return false
	}
	pays := func(p Paytable, lines []Line) bool {
		return slices.ContainsFunc(lines, func(x Line) bool { won, _ := p.Pay(x, s); return won == l.Won })
	}
	switch kind {
	case "ante":
		return l.Won == s || (tb.r.Options.AnteWinsWhenDealerDoesNotQualify && l.Won == s)
	case "play":
		return l.Won == s
	case "blind":
		return pays(tb.r.Paytables.Blind, BlindLines())
	case "trips":
		return pays(tb.r.Paytables.Trips, TripsLines())
	}
	return false
}

// dealt checks a card from the deck: at the position after the last, the
// RNG deck's card there, never a card twice since the shuffle, marked as
// its place shows it (a box's private, the board public, the dealer's
// first public unless the rules deal it face down, his second and the
// burns hidden, §4 step 2).
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
	want := round.Hidden
	first := d.To == ToDealer && tb.s.Deals[slices.IndexFunc(tb.s.Deals, func(x Deal) bool { return x.To == ToDealer })] == d
	switch {
	case d.To == ToBoard, first && tb.r.Options.DealerFirstCardFaceUp:
		want = round.Public
	case d.To == ToBox:
		want = round.Private
	}
	if d.Vis != want || e.Vis != want || (d.To == ToBox) != (e.Box != 0) {
		tb.fatalf("%+v marked %s (event %s, box %d), want %s", d, d.Vis, e.Vis, e.Box, want)
	}
}

// shown checks what the showdown shows: public, once the river is out
// and every decision taken, the dealer's cards and the boxes settled
// against him only (played, or folded with the Ante and Blind kept in
// action).
func (tb *ptable) shown(e *Event) {
	s := &tb.s
	if e.Vis != round.Public || len(s.Board) != 5 || !s.DealerShown || s.deciding() != nil {
		tb.fatalf("shown %+v with the board %v", e, s.Board)
	}
	if e.Box == 0 {
		if !slices.Equal(e.Cards, s.Dealer) {
			tb.fatalf("shown %v as the dealer's %v", e.Cards, s.Dealer)
		}
		return
	}
	b := s.box(e.Box)
	if b == nil || b.Ante == 0 || !b.Shown || !slices.Equal(e.Cards, b.Cards) || (b.Play == 0 && !tb.r.Options.FoldKeepsAnteBlindInAction) {
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
	var table, dealt card.Set
	for _, cs := range append([][]card.Card{s.Dealer, s.Board}, boxCards(s)...) {
		for _, c := range cs {
			table = table.Add(c)
		}
	}
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

// settleAgrees checks that Settle, given the round's stakes in play at
// its close, the Plays made and its cards, makes the lines the round's
// events made after the close, box by box.
func (tb *ptable) settleAgrees() {
	s := &tb.s
	bets := slices.Clone(s.Bets)
	sd := Showdown{Board: s.Board, Dealer: s.Dealer, Hole: map[int][]card.Card{}}
	for _, b := range s.Boxes {
		sd.Hole[b.N] = b.Cards
		if b.Play > 0 {
			bets = append(bets, round.Bet{ID: b.AnteID, Player: b.Player, Spot: Spot(b.N, BetPlay), Amount: b.Play})
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

// oracle checks a settled round's lines box by box against the spec's
// results table (§6), read afresh from what package banked's Evaluate says
// of the hands (a path of its own: the five cards described, not only
// valued): the comparison, the dealer's qualification, the Blind's and
// Trips' lines.
func (tb *ptable) oracle() {
	s := &tb.s
	if s.DealerShown {
		tb.count["showdown"]++
	} else if len(s.Boxes) > 0 {
		tb.count["all folded"]++
	}
	for i := range s.Boxes {
		b := &s.Boxes[i]
		res, err := banked.Evaluate(banked.CasinoTexasHoldem, banked.Hand{Player: b.Cards, Dealer: s.Dealer, Board: s.Board}, banked.Options{})
		if err != nil {
			tb.fatalf("box %d: %v", b.N, err)
		}
		ante, blind, play := tb.mainVerdicts(res, b)
		want := tb.want(b, ante, blind, play, tb.bonus(res, "trips", tb.r.Paytables.Trips, b.Trips, lost))
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

// want are the lines of box b's stakes, made as the engine writes a line
// (State.line, on a state of their own) with the verdicts the oracle
// found.
func (tb *ptable) want(b *Box, ante, blind, play, trips verdict) []round.Line {
	var scratch State
	box := *b
	scratch.lines(&box, ante, blind, play, trips)
	return scratch.Lines
}

// mainVerdicts are the Ante's, the Blind's and the Play's outcomes (§6):
// a fold's (both lost, unless kept in action), or the results table's by
// the qualification and the comparison.
func (tb *ptable) mainVerdicts(res banked.Result, b *Box) (ante, blind, play verdict) {
	o := &tb.r.Options
	switch {
	case b.Ante == 0:
		tb.count["trips alone"]++
		return pushed, pushed, pushed // no stakes: no lines
	case b.Action == Fold && !o.FoldKeepsAnteBlindInAction:
		return lost, lost, lost
	case b.Action == Fold:
		tb.count["fold kept in action"]++
	}
	qualified, cmp := res.DealerQualifies, res.Comparison
	if qualified {
		tb.count["qualifies"]++
	} else {
		tb.count["does not qualify"]++
	}
	switch {
	case cmp == 0:
		tb.count["tie"]++
		ante, blind, play = pushed, pushed, pushed
	case cmp < 0:
		ante, blind, play = lost, lost, lost
	default:
		ante, play = paid(b.Ante), paid(b.Play)
		blind = tb.bonus(res, "blind", tb.r.Paytables.Blind, b.Blind, pushed)
	}
	if !qualified {
		ante = pushed
		if o.AnteWinsWhenDealerDoesNotQualify {
			ante = paid(b.Ante)
		}
	}
	return ante, blind, play
}

// bonus is a paytable bet's outcome: paid at the line Evaluate says the
// hand wins the bet on, or below if it wins none.
func (tb *ptable) bonus(res banked.Result, bet string, p Paytable, stake int64, below verdict) verdict {
	for _, x := range res.Bonuses {
		if x.Bet == bet {
			won, ok := p.Pay(x.Line, stake)
			if !ok {
				tb.fatalf("%s: no line %s in %+v", bet, x.Line, p)
			}
			if stake > 0 && won > 0 {
				tb.count[bet+" "+map[string]string{"trips": "won", "blind": "paid"}[bet]]++
			}
			return paid(won)
		}
	}
	return below
}
