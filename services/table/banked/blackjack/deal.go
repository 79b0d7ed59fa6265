package blackjack

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// toBox puts card c on the hand n names, its EvDealt evs[dealt], plays
// on from there and sets State.Next.
func (s *State) toBox(r *Rules, n Next, c card.Card, evs []Event, dealt int) []Event {
	i := s.boxIndex(n.Box)
	b := &s.Boxes[i]
	h, _ := b.hand(n.Hand)
	h.Cards = append(h.Cards, c)
	t, soft := Value(h.Cards)
	evs[dealt].Total, evs[dealt].Soft = t, soft
	if s.Stage == Dealing {
		return s.dealOn(r, s.dealNext(i), evs)
	}
	if s.Stage == Window {
		// The first card after the initial deal ends the window (ru §3.27,
		// §3.46: "until the 3rd card is placed on the first box").
		evs = s.closeWindow(r, evs)
	}
	h.Wants = false
	evs = s.afterCard(r, b, h, t, evs)
	evs = s.advance(r, evs)
	return evs
}

// dealOn moves the initial deal on to its next card d or, when none is
// left (d.To 0), the round past it, and sets State.Next.
func (s *State) dealOn(r *Rules, d Next, evs []Event) []Event {
	if d.To != 0 {
		s.Next = s.via(r, d)
		return evs
	}
	evs = s.afterDeal(r, evs)
	evs = s.advance(r, evs)
	return evs
}

// afterCard is what a card in play makes of the hand: a bust loses at
// once (cz §6.6; ru §3.11); 21 stands (cz §5, §10.12; ru §3.37), three
// sevens are paid the bonus at once (cz §6.6), and a split ten and an
// ace may still draw (ru §3.37); a doubled hand has its one card (cz
// §6.6; ru §3.15); split aces have theirs, one each, unless the card is
// another ace the rules let the owner split again (cz §10.4; ru §3.35).
func (s *State) afterCard(r *Rules, b *Box, h *Hand, t int, evs []Event) []Event {
	switch {
	case t > 21:
		h.Done = true
		return s.lose(r, b, h, "bust", evs)
	case t == 21:
		evs = s.bonus777(r, b, h, evs)
		h.Done = !s.tenAceHits(r, h)
	}
	if h.Doubled || (h.Aces && !s.canResplitAces(r, b, h)) {
		h.Done = true
	}
	return evs
}

// tenAceHits reports the ru §3.37 exception: a two-card 21 of a split
// ten-value card and an ace, not a blackjack, may take another card.
func (s *State) tenAceHits(r *Rules, h *Hand) bool {
	return r.Options.SplitTenAceHits && h.TenSplit && !h.Aces && !h.Doubled && len(h.Cards) == 2 && !s.isBlackjack(r, h)
}

// canResplitAces reports split aces that received another ace and may
// split again (cz §10.4: allowed by default; ru §3.35: never).
func (s *State) canResplitAces(r *Rules, b *Box, h *Hand) bool {
	return len(h.Cards) == 2 && isAce(h.Cards[1]) && r.Options.ResplitAces && len(b.Hands) < r.MaxHands
}

// isBlackjack reports a blackjack hand: two cards making 21 on a box's
// first hand before any split (cz §5; ru §5), or on a split hand where
// the rules count one (cz §10.5, ru §3.36: they do not by default).
func (s *State) isBlackjack(r *Rules, h *Hand) bool {
	return IsBlackjack(h.Cards) && (!h.Split || r.Options.SplitBlackjack)
}

// toDealer puts card c on the dealer's hand, its EvDealt evs[dealt]; his
// second decides the insurance and the blackjacks waiting on it. It sets
// State.Next.
func (s *State) toDealer(r *Rules, c card.Card, evs []Event, dealt int) []Event {
	s.Dealer = append(s.Dealer, c)
	evs[dealt].Total, evs[dealt].Soft = Value(s.Dealer)
	if s.Stage == Dealing {
		return s.dealOn(r, s.dealNext(-1), evs)
	}
	if s.Stage == DealerPlay && len(s.Dealer) == 2 {
		evs = s.second(r, evs)
	}
	evs = s.advance(r, evs)
	return evs
}

// advance moves the round on until it waits for a card, a decision or an
// answer, or ends, and sets State.Next.
func (s *State) advance(r *Rules, evs []Event) []Event {
	for {
		var done bool
		var n Next
		switch s.Stage {
		case Dealing:
			if s.dealTarget().To != 0 {
				s.Next = s.next(r)
				return evs
			}
			evs = s.afterDeal(r, evs)
		case Window:
			// Under WindowFirstCard the boxes play in the window, which the
			// first card of play ends (toBox); with every box done before
			// one, it holds the dealer's card like a WindowAnswers window.
			if r.Options.Window == WindowFirstCard {
				if evs, n, done = s.playStep(evs); !done {
					s.Next = s.via(r, n)
					return evs
				}
			}
			if s.windowWaits(r) {
				s.Next = s.next(r)
				return evs
			}
			evs = s.closeWindow(r, evs)
		case Playing:
			if evs, n, done = s.playStep(evs); !done {
				s.Next = s.via(r, n)
				return evs
			}
			s.Stage = DealerPlay
		case DealerPlay:
			evs = s.dealerStep(r, evs)
			s.Next = s.next(r)
			return evs
		default:
			s.Next = s.next(r)
			return evs
		}
	}
}

// afterDeal follows the initial deal: blackjacks are announced (ru
// §3.38) and, against a dealer 2–9, paid 3:2 at once (cz §6.5; ru §3.39);
// against a ten or an ace they wait for the dealer's second card (cz §7;
// ru §3.40). Then the pre-play window opens if anyone may act in it, or
// play begins.
func (s *State) afterDeal(r *Rules, evs []Event) []Event {
	up := s.Dealer[0]
	for i := range s.Boxes {
		b := &s.Boxes[i]
		if h := &b.Hands[0]; IsBlackjack(h.Cards) {
			h.Done = true
			var e *Event
			evs, e = grow(evs, EvBlackjack)
			e.Box, e.Hand = b.N, 1
		}
	}
	if !isAce(up) && !isTen(up) {
		evs = s.payBlackjacks(r, evs)
	}
	if s.windowOpens(r) {
		s.Stage = Window
		s.Turn = Turn{Seq: s.Turn.Seq}
		evs, _ = grow(evs, EvWindowOpened)
		return evs
	}
	s.Stage = Playing
	return evs
}

// playStep moves the turn to the first hand, box by box from the
// dealer's left and hand by hand left to right (cz §6.6, §10.11; ru
// §3.9, §3.23), that waits for a card or a decision, announcing a new
// decider (EvTurn). It reports true when every hand is done, and
// otherwise the card the round waits for, none when it waits for a
// decision or an answer (roundNext, which it spares the search).
func (s *State) playStep(evs []Event) ([]Event, Next, bool) {
	t := &s.Turn
	if t.Follow != 0 {
		return evs, Next{}, false
	}
	// The hands before the turn's are done: the turn moves only past done
	// hands, no hand is ever undone, and a split's new hand goes right of
	// the turn's (TestPropertyRounds checks it). So the search starts at
	// the turn's box.
	for i := max(s.boxIndex(t.Box), 0); i < len(s.Boxes); i++ {
		b := &s.Boxes[i]
		d := -2 // the decider, found at the box's first hand not done
		for j := range b.Hands {
			h := &b.Hands[j]
			if h.Done {
				continue
			}
			if d == -2 {
				d = b.decider()
			}
			if d < 0 || !h.live() {
				h.Done = true // nobody's money is left on it
				continue
			}
			if h.Wants || len(h.Cards) < 2 {
				t.Box, t.Hand, t.Player = b.N, h.ID, ""
				return evs, Next{To: ToBox, Box: b.N, Hand: h.ID}, false
			}
			p := b.Bettors[d].Player
			if t.Box != b.N || t.Hand != h.ID || t.Player != p {
				t.Box, t.Hand, t.Player = b.N, h.ID, p
				var e *Event
				evs, e = grow(evs, EvTurn)
				e.Player, e.Box, e.Hand, e.Seq = p, b.N, h.ID, t.Seq
			}
			return evs, Next{}, false
		}
	}
	t.Box, t.Hand, t.Player = 0, 0, ""
	return evs, Next{}, true
}

// dealerStep is the dealer's turn (cz §6.7; ru §3.45, §4.2): he draws to
// 16 and stands on 17, soft 17 included unless DealerHitsSoft17 (cz §5;
// ru §3.34, N5). He draws his second card only while something waits on
// it, and more only while a hand waits to be compared (cz §10.8; ru N7),
// unless DealerDrawsAlways. It settles the round when he is done.
func (s *State) dealerStep(r *Rules, evs []Event) []Event {
	o := &r.Options
	if len(s.Dealer) == 1 {
		if o.DealerDrawsAlways || s.waitsOnDealer() {
			return evs
		}
		return s.settle(r, evs)
	}
	if IsBlackjack(s.Dealer) {
		return s.settle(r, evs)
	}
	t, soft := Value(s.Dealer)
	if (t < 17 || (t == 17 && soft && o.DealerHitsSoft17)) && (o.DealerDrawsAlways || s.toCompare(r)) {
		return evs
	}
	return s.settle(r, evs)
}

// waitsOnDealer reports a stake or an insurance still in play.
func (s *State) waitsOnDealer() bool {
	for i := range s.Boxes {
		b := &s.Boxes[i]
		for k := range b.Bettors {
			if bt := &b.Bettors[k]; bt.Insurance > 0 && !bt.InsuranceDone {
				return true
			}
		}
		for j := range b.Hands {
			if b.Hands[j].live() {
				return true
			}
		}
	}
	return false
}

// toCompare reports a hand in play other than a blackjack, which beats
// any dealer hand but a blackjack whatever his total.
func (s *State) toCompare(r *Rules) bool {
	for i := range s.Boxes {
		for j := range s.Boxes[i].Hands {
			if h := &s.Boxes[i].Hands[j]; h.live() && !s.isBlackjack(r, h) {
				return true
			}
		}
	}
	return false
}

// second is the dealer's second card: the insurance bets are settled on
// it (cz §7; ru §3.45: a lost one is collected before his third card),
// and without a dealer blackjack the player blackjacks are paid 3:2 (cz
// §7; ru §3.40).
func (s *State) second(r *Rules, evs []Event) []Event {
	dealerBJ := IsBlackjack(s.Dealer)
	from := len(s.Lines)
	for i := range s.Boxes {
		b := &s.Boxes[i]
		for k := range b.Bettors {
			bt := &b.Bettors[k]
			if bt.Insurance == 0 || bt.InsuranceDone {
				continue
			}
			s.Lines = append(s.Lines, round.Line{})
			l := &s.Lines[len(s.Lines)-1]
			l.BetID, l.Player, l.Spot, l.Stake = bt.BetID, bt.Player, lineSpot(b.N, 1, kindInsurance), bt.Insurance
			if dealerBJ {
				l.Won, l.Returned = r.Options.InsurancePays.Pay(bt.Insurance), bt.Insurance
			} else {
				l.Lost = bt.Insurance
			}
			bt.InsuranceDone = true
		}
	}
	evs = s.paid(evs, from, 0, 0, "insurance")
	if !dealerBJ {
		evs = s.payBlackjacks(r, evs)
	}
	return evs
}
