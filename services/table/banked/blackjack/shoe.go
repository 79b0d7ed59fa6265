package blackjack

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// size is the shoe's cards (cz §0: 6 decks; ru §1.1: 8 × 52 = 416).
func (r *Rules) size() int { return r.Decks * card.NumCards }

// next is where the next card goes: the due burns first, then the
// round's card; a shuffle instead when a card is due and the shoe cannot
// give it (none loaded, empty, or its marker out before this round's
// first card: ru §5.2 finishes the round in which it comes out, then
// reshuffles).
func (s *State) next(r *Rules) Next { return s.via(r, s.roundNext()) }

// via is where the next card goes when the round waits for n (roundNext,
// or what the deal knows it to be: dealNext): the due burns come first,
// a shuffle when the shoe cannot give the card.
//
// It is small enough to be inlined: the common case, a loaded shoe with
// cards, no burn due and the marker not out, is answered at once, the
// rest out of line (shoeNext).
func (s *State) via(r *Rules, n Next) Next {
	if sh := &s.Shoe; sh.Loaded && sh.BurnsDue == 0 && !sh.MarkerOut && sh.Out < r.size() {
		return n
	}
	return s.shoeNext(r, n)
}

// shoeNext is via for any shoe.
func (s *State) shoeNext(r *Rules, n Next) Next {
	sh := &s.Shoe
	if sh.Loaded && sh.BurnsDue > 0 {
		if sh.Out >= r.size() {
			return Next{To: ToShuffle}
		}
		return Next{To: ToBurn}
	}
	if n.To != 0 && (!sh.Loaded || sh.Out >= r.size() || (sh.MarkerOut && s.Stage == Dealing && !s.started())) {
		return Next{To: ToShuffle}
	}
	return n
}

// roundNext is the card the round waits for, if any.
func (s *State) roundNext() Next {
	if s.Phase != round.Closed {
		return Next{}
	}
	switch s.Stage {
	case Dealing:
		return s.dealTarget()
	case Window, Playing:
		if s.Turn.Box == 0 || s.Turn.Follow != 0 {
			return Next{}
		}
		if b := s.box(s.Turn.Box); b != nil {
			if h, _ := b.hand(s.Turn.Hand); h != nil && !h.Done && (h.Wants || len(h.Cards) < 2) {
				return Next{To: ToBox, Box: b.N, Hand: h.ID}
			}
		}
	case DealerPlay:
		return Next{To: ToDealer}
	}
	return Next{}
}

// dealTarget is the initial deal's next card: one to each box in play
// from the dealer's left, one to the dealer, a second to each box; the
// dealer takes no second card now (cz §6.3; ru §3.9–3.10).
func (s *State) dealTarget() Next {
	second := -1 // the first box with one card, for the second pass
	for i := range s.Boxes {
		switch len(s.Boxes[i].Hands[0].Cards) {
		case 0:
			return Next{To: ToBox, Box: s.Boxes[i].N, Hand: 1}
		case 1:
			if second < 0 {
				second = i
			}
		}
	}
	switch {
	case len(s.Dealer) == 0:
		return Next{To: ToDealer}
	case second >= 0:
		return Next{To: ToBox, Box: s.Boxes[second].N, Hand: 1}
	}
	return Next{}
}

// dealNext is the initial deal's card after the one box i had (i < 0:
// the dealer's): dealTarget without its scan of the boxes, which it
// equals because every card of the deal went where dealTarget said
// (card takes it to State.Next).
func (s *State) dealNext(i int) Next {
	switch {
	case i < 0: // the dealer's card: the second pass begins
		return Next{To: ToBox, Box: s.Boxes[0].N, Hand: 1}
	case i+1 < len(s.Boxes):
		return Next{To: ToBox, Box: s.Boxes[i+1].N, Hand: 1}
	case len(s.Dealer) == 0:
		return Next{To: ToDealer}
	}
	return Next{}
}

// started reports that the round's first card is out.
func (s *State) started() bool {
	return len(s.Boxes) > 0 && len(s.Boxes[0].Hands[0].Cards) > 0
}

// midPlay reports the round's cards out on the table: no shuffle, burn
// or dealer change then, unless the shoe ran out.
func (s *State) midPlay() bool {
	return s.Phase == round.Closed && (s.Stage != Dealing || s.started())
}

// shuffle loads a new shoe: between rounds, before a round's first card,
// or in a round whose shoe ran out, the cards on the table then staying
// counted as out of it. The cut leaves at least MinCut cards from either
// end (cz §3.3; ru §4.1.3); the marker leaves at least MinBehindMarker
// behind it (ru §4.1.6) and comes after the burns. The burns are due
// (cz §3.6: 3; ru §4.1.7: 5).
func (s *State) shuffle(r *Rules, c *Command, evs []Event) ([]Event, error) {
	mid := s.midPlay()
	o := &r.Options
	held := 0
	if mid {
		held = s.tableCards()
	}
	avail := r.size() - held
	sh := &s.Shoe
	switch {
	case !mid && sh.Loaded && sh.Drawn == 0 && sh.Cut == c.Cut && sh.Marker == c.Marker && !sh.MarkerOut && sh.BurnsDue == o.BurnAfterShuffle:
		return evs, nil // the same shuffle reported again
	case mid && sh.Out < r.size():
		return evs, apierr.Precondition(ReasonBadShuffle, "the round's cards are out and the shoe has %d left", r.size()-sh.Out)
	case c.Cut != 0 && (c.Cut < o.MinCut || c.Cut > avail-o.MinCut):
		return evs, apierr.Invalid(ReasonBadShuffle, "cut at %d: want %d to %d, a deck from either end (cz §3.3; ru §4.1.3)", c.Cut, o.MinCut, avail-o.MinCut)
	case c.Marker < 0 || (c.Marker != 0 && (c.Marker <= o.BurnAfterShuffle || c.Marker > avail-o.MinBehindMarker)):
		return evs, apierr.Invalid(ReasonBadShuffle, "marker after %d cards: want %d to %d, at least %d behind it (ru §4.1.6)", c.Marker, o.BurnAfterShuffle+1, avail-o.MinBehindMarker, o.MinBehindMarker)
	}
	*sh = Shoe{Loaded: true, Cut: c.Cut, Marker: c.Marker, BurnsDue: o.BurnAfterShuffle, From: len(s.Deals)}
	ev := Event{Kind: EvShuffled, Amount: int64(avail)}
	if mid {
		s.countTable()
		ev.Reason = "mid-round"
	}
	s.Next = s.next(r)
	return append(evs, ev), nil
}

// tableCards counts the round's cards on the table.
func (s *State) tableCards() int {
	n := len(s.Dealer)
	for _, b := range s.Boxes {
		for _, h := range b.Hands {
			n += len(h.Cards)
		}
	}
	return n
}

// countTable counts the cards on the table as out of a new shoe.
func (s *State) countTable() {
	add := func(cs []card.Card) {
		for _, c := range cs {
			s.Shoe.Seen[c]++
			s.Shoe.Out++
		}
	}
	add(s.Dealer)
	for _, b := range s.Boxes {
		for _, h := range b.Hands {
			add(h.Cards)
		}
	}
}

// burn takes a card the table burnt beyond the due burns, between rounds.
func (s *State) burn(r *Rules, c *Command, evs []Event) ([]Event, error) {
	if c.Pos != 0 && c.Pos <= s.Shoe.Drawn {
		return evs, s.replayed(c)
	}
	if err := s.checkDraw(r, c); err != nil {
		return evs, err
	}
	if s.midPlay() {
		return evs, apierr.Precondition(ReasonNoCardDue, "no burn while the round's cards are out")
	}
	evs = s.draw(c.Card, Next{To: ToBurn}, evs)
	if s.Shoe.BurnsDue > 0 {
		s.Shoe.BurnsDue--
	}
	s.Next = s.next(r)
	return evs, nil
}

// checkDraw checks a card's position and that the shoe can give it.
func (s *State) checkDraw(r *Rules, c *Command) error {
	if s.drawable(r, c) {
		return nil
	}
	switch {
	case c.Pos < 0 || c.Pos > s.Shoe.Drawn+1:
		return apierr.Invalid(ReasonBadPosition, "position %d: the next is %d", c.Pos, s.Shoe.Drawn+1)
	case !c.Card.Valid():
		return apierr.Invalid(ReasonBadCard, "card %d is not a card", c.Card)
	case !s.Shoe.Loaded || s.Shoe.Out >= r.size():
		return apierr.Precondition(ReasonShuffleDue, "no shoe to draw from")
	case int(s.Shoe.Seen[c.Card]) >= r.Decks:
		return apierr.Invalid(ReasonCardNotInShoe, "%s: the %d-deck shoe has given all %d", c.Card, r.Decks, r.Decks)
	}
	return nil
}

// drawable is checkDraw's answer for a card it takes, small enough to be
// inlined where a card is taken.
func (s *State) drawable(r *Rules, c *Command) bool {
	sh := &s.Shoe
	return uint(c.Pos) <= uint(sh.Drawn+1) && c.Card.Valid() && sh.Loaded && sh.Out < r.size() && int(sh.Seen[c.Card]) < r.Decks
}

// replayed answers a card reported at a position dealt already: the same
// card is a replay (nil), another a conflict.
func (s *State) replayed(c *Command) error {
	from := min(s.Shoe.From, len(s.Deals))
	for _, d := range s.Deals[from:] {
		if d.Pos == c.Pos {
			if d.Card != c.Card {
				return apierr.Conflict(ReasonCardConflict, "position %d was %s, not %s", c.Pos, d.Card, c.Card)
			}
			return nil
		}
	}
	return apierr.Invalid(ReasonBadPosition, "position %d was dealt before this round", c.Pos)
}

// draw takes c from the shoe to n, records it and reports it (with the
// marker, when c is the last card before it), appended to evs.
func (s *State) draw(c card.Card, n Next, evs []Event) []Event {
	sh := &s.Shoe
	sh.Seen[c]++
	sh.Out++
	sh.Drawn++
	s.Deals = append(s.Deals, Deal{})
	d := &s.Deals[len(s.Deals)-1]
	d.Pos, d.Card, d.To, d.Box, d.Hand = sh.Drawn, c, n.To, n.Box, n.Hand
	evs, e := grow(evs, EvDealt)
	e.Deal.Pos, e.Deal.Card, e.Deal.To, e.Deal.Box, e.Deal.Hand = sh.Drawn, c, n.To, n.Box, n.Hand
	if sh.Marker > 0 && sh.Drawn == sh.Marker && !sh.MarkerOut {
		sh.MarkerOut = true
		evs, _ = grow(evs, EvMarker)
	}
	return evs
}

// dealerChange: a new dealer burns (cz §3.7: one card while cards remain
// in the shoe), between rounds.
func (s *State) dealerChange(r *Rules, evs []Event) ([]Event, error) {
	if !s.Shoe.Loaded {
		return evs, apierr.Precondition(ReasonShuffleDue, "no shoe")
	}
	if s.midPlay() {
		return evs, apierr.Precondition(round.ReasonRoundRunning, "the dealer changes between rounds")
	}
	s.Shoe.BurnsDue += r.Options.BurnOnDealerChange
	s.Next = s.next(r)
	return append(evs, Event{Kind: EvDealerChanged, Amount: int64(r.Options.BurnOnDealerChange)}), nil
}

// marker: the dealer reports the reshuffle marker came out.
func (s *State) marker(r *Rules, evs []Event) ([]Event, error) {
	switch {
	case !s.Shoe.Loaded:
		return evs, apierr.Precondition(ReasonShuffleDue, "no shoe")
	case s.Shoe.MarkerOut:
		return evs, nil
	}
	s.Shoe.MarkerOut = true
	s.Next = s.next(r)
	return append(evs, Event{Kind: EvMarker}), nil
}

// card takes the next card from the shoe to where it is due (Next).
func (s *State) card(r *Rules, c *Command, evs []Event) ([]Event, error) {
	if c.Pos != 0 && c.Pos <= s.Shoe.Drawn {
		return evs, s.replayed(c)
	}
	// Every command that changes the state leaves State.Next its next()
	// (TestPropertyRounds checks it after every command), so it need not
	// be worked out again.
	n := s.Next
	switch n.To {
	case 0:
		if s.Phase != round.Closed {
			return evs, s.wrongPhase("card")
		}
		return evs, apierr.Precondition(ReasonNoCardDue, "no card is due: %s", s.waiting())
	case ToShuffle:
		return evs, apierr.Precondition(ReasonShuffleDue, "the shoe is to be shuffled first")
	}
	if !s.drawable(r, c) {
		return evs, s.checkDraw(r, c)
	}
	dealt := len(evs) // the card's EvDealt
	evs = s.draw(c.Card, n, evs)
	switch n.To {
	case ToBurn:
		s.Shoe.BurnsDue--
		s.Next = s.next(r)
	case ToBox:
		evs = s.toBox(r, n, c.Card, evs, dealt)
	case ToDealer:
		evs = s.toDealer(r, c.Card, evs, dealt)
	}
	return evs, nil
}

// waiting says what the round waits for instead of a card.
func (s *State) waiting() string {
	switch {
	case s.Turn.Follow != 0:
		return "the co-bettors' answers to a " + s.Turn.Follow.String()
	case s.Turn.Player != "":
		return s.Turn.Player + "'s decision"
	case s.Stage == Window:
		return "the pre-play window's answers"
	}
	return "nothing"
}
