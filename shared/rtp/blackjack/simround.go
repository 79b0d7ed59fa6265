package blackjack

import (
	"math/rand/v2"

	"github.com/croupier/croupier/shared/card"
)

// simShoe deals every round off the top of a freshly shuffled shoe, the
// shoe Compute prices: each card dealt is drawn uniformly from those not yet
// dealt this round (a Fisher–Yates shuffle done lazily, one swap a card), so
// starting a round is forgetting how many were dealt.
type simShoe struct {
	cards [8 * card.NumCards]card.Card
	size  int // cards in the shoe
	next  int // cards dealt this round: cards[:next]
	rng   rand.PCG
	bits  uint64 // a PCG output whose high half is still unused, if half
	half  bool
	// stacked deals cards in order, without shuffling: tests lay out a
	// round card by card.
	stacked bool
}

// fill makes the shoe decks decks, in order.
func (s *simShoe) fill(decks int) {
	s.size = decks * card.NumCards
	for i := range s.size {
		s.cards[i] = card.Card(i % card.NumCards)
	}
}

// start begins a chunk's stream: the shoe in its order, the generator
// seeded, so the chunk's rounds depend on its seed only.
func (s *simShoe) start(seed1, seed2 uint64) {
	s.fill(s.size / card.NumCards)
	s.rng.Seed(seed1, seed2)
	s.half = false
}

// deal takes the next card. A round of even one deck cannot run out: four
// hands that each hit only below 21 and a dealer who draws only below 17
// hold at most 146 points, at most 32 of the deck's smallest cards.
func (s *simShoe) deal() card.Card {
	if !s.stacked {
		j := s.next + int(s.below(uint32(s.size-s.next)))
		s.cards[s.next], s.cards[j] = s.cards[j], s.cards[s.next]
	}
	s.next++
	return s.cards[s.next-1]
}

// below returns a uniform integer in [0, n), without bias (Lemire's
// multiply-and-reject on 32 bits).
func (s *simShoe) below(n uint32) uint32 {
	m := uint64(s.uint32()) * uint64(n)
	if uint32(m) < n {
		for floor := -n % n; uint32(m) < floor; {
			m = uint64(s.uint32()) * uint64(n)
		}
	}
	return uint32(m >> 32)
}

// uint32 returns 32 random bits, two of them from each PCG output.
func (s *simShoe) uint32() uint32 {
	if s.half {
		s.half = false
		return uint32(s.bits >> 32)
	}
	s.bits, s.half = s.rng.Uint64(), true
	return uint32(s.bits)
}

// maxHandCards bounds a hand: it hits only below 21, so it holds at most 21
// cards (21 aces) and the one that busts it.
const maxHandCards = 22

// simHand is one of a box's hands in play.
type simHand struct {
	cards [maxHandCards]card.Card
	n     int
	hard  int     // total counting aces 1
	aces  bool    // holds an ace
	stake float64 // units on the hand: 1, 2 once doubled
	split bool    // a hand of a split: no surrender, doubles only with DAS
	bust  bool
}

// reset empties the hand for a stake of one unit.
func (h *simHand) reset(split bool) {
	h.n, h.hard, h.aces, h.stake, h.split, h.bust = 0, 0, false, 1, split, false
}

func (h *simHand) add(c card.Card) {
	h.cards[h.n] = c
	h.n++
	v := int(simValue[c])
	h.hard += v
	h.aces = h.aces || v == ace
}

// total is the hand's best total.
func (h *simHand) total() int {
	if h.aces && h.hard+10 <= 21 {
		return h.hard + 10
	}
	return h.hard
}

// triple7 reports the three sevens of the 7-7-7 bonus.
func (h *simHand) triple7() bool {
	return h.n == 3 && simValue[h.cards[0]] == 7 && simValue[h.cards[1]] == 7 && simValue[h.cards[2]] == 7
}

// simValue is cardValue by card, looked up once a card.
var simValue = func() (v [card.NumCards]uint8) {
	for c := range card.Card(card.NumCards) {
		v[c] = uint8(cardValue(c))
	}
	return v
}()

// simTable plays rounds of one box, one initial unit staked, by a strategy.
// It is used by one goroutine and allocates nothing per round.
type simTable struct {
	r     *Rules
	st    *Strategy
	shoe  simShoe
	hands [4]simHand // MaxHands is at most 4
	nh    int
}

func newSimTable(r *Rules, st *Strategy) *simTable {
	t := &simTable{r: r, st: st}
	t.shoe.fill(r.Decks)
	return t
}

// round plays one round from a fresh shoe and returns the player's net
// result per unit of initial stake and the dealer's up card value. The
// order is the specs': a card to the box, the dealer's up card, the box's
// second card (cz §6.3, ru §3.9); the box's hands played left to right
// (cz §6.6, ru §3.23); then the dealer's second card and his draw (cz §6.7,
// ru §4.2). Insurance is never taken; even money only where Strategy says
// so (Compute's assumption: Result.InsuranceEV, EvenMoneyAce, EvenMoneyTen).
func (t *simTable) round() (net float64, up int) {
	s, r := &t.shoe, t.r
	s.next = 0
	t.nh = 1
	h := &t.hands[0]
	h.reset(false)
	h.add(s.deal())
	up = int(simValue[s.deal()])
	h.add(s.deal())
	if h.total() == 21 {
		return t.blackjack(up), up
	}
	canSurrender := r.Surrender.allows(up)
	bonus := 0.0
	for k := 0; k < t.nh; k++ {
		if t.play(k, up, canSurrender) {
			return -0.5, up // cz §7, ru §3.29: half the stake back
		}
		if h := &t.hands[k]; r.Bonus777 && h.triple7() {
			bonus += h.stake // cz §6.6, §10.7: at once, on the hand's stake, kept
		}
	}
	return bonus + t.settle(up, s), up
}

// blackjack settles a player blackjack: paid at once against 2..9 (cz §7,
// ru §3.40); against a ten or an ace even money if the strategy takes it
// (cz §6.4, ru §4.1, §3.41), else it waits for the dealer's second card and
// pushes his blackjack.
func (t *simTable) blackjack(up int) float64 {
	if up != ace && up != ten {
		return t.r.BlackjackPays
	}
	if t.st.evenMoney(up) && (up == ace || t.r.EvenMoneyVsTen) {
		return 1
	}
	if dealerBlackjack(up, int(simValue[t.shoe.deal()])) {
		return 0
	}
	return t.r.BlackjackPays
}

func dealerBlackjack(up, second int) bool {
	return up == ace && second == ten || up == ten && second == ace
}

// play plays hand k out by the strategy, splitting it into new hands to its
// right, and reports whether the box surrendered.
func (t *simTable) play(k, up int, canSurrender bool) (surrendered bool) {
	r, s := t.r, &t.shoe
	h := &t.hands[k]
	for {
		if h.n == 1 {
			h.add(s.deal()) // a split hand takes its second card on its turn
		}
		first := h.n == 2
		aces := h.split && simValue[h.cards[0]] == ace
		canSplit := first && t.nh < r.MaxHands && t.pair(h) && (!aces || r.ResplitAces)
		total := h.total()
		if total > 21 {
			h.bust = true
			return false
		}
		if total == 21 || aces && !canSplit {
			return false // no drawing to 21 (cz §10.12); split aces one card (cz §6.6, ru §3.35)
		}
		canDouble := first && !aces && (!h.split || r.DoubleAfterSplit)
		switch t.decide(h, up, total, canDouble, canSplit, first && !h.split && canSurrender) {
		case Surrender:
			return true
		case Split:
			t.split(k)
		case Double:
			h.stake = 2
			h.add(s.deal())
			h.bust = h.total() > 21
			return false
		case Hit:
			h.add(s.deal())
		default:
			return false
		}
	}
}

// decide is Strategy.Decide for hand h of the given total, below 21,
// against the up card's value, read off the hand's running totals instead
// of its cards (TestSimDecideIsDecide holds them equal).
func (t *simTable) decide(h *simHand, up, total int, canDouble, canSplit, canSurrender bool) Action {
	c := col(up)
	switch {
	case canSplit: // a two-card pair
		return t.st.Pairs[c][col(int(simValue[h.cards[0]]))].action(canDouble, true, canSurrender)
	case h.aces && h.hard+10 <= 21:
		return t.st.Soft[c][total-softLow].action(canDouble, false, canSurrender)
	}
	return t.st.Hard[c][total-hardLow].action(canDouble, false, canSurrender)
}

// pair reports a pair the rules split: equal value, or equal rank with
// SplitByRank (ru N2).
func (t *simTable) pair(h *simHand) bool {
	a, b := h.cards[0], h.cards[1]
	if t.r.SplitByRank {
		return a.Rank() == b.Rank()
	}
	return simValue[a] == simValue[b]
}

// split makes hand k two: its second card starts a new hand just right of
// it, played after it.
func (t *simTable) split(k int) {
	copy(t.hands[k+2:t.nh+1], t.hands[k+1:t.nh])
	h, n := &t.hands[k], &t.hands[k+1]
	n.reset(true)
	n.add(h.cards[1])
	first := h.cards[0]
	h.reset(true)
	h.add(first)
	t.nh++
}

// settle draws the dealer's hand and returns the net result of the box's
// hands against it. A dealer blackjack takes every stake (cz §10.1
// default; ru N1) or, "original bet only" (cz §10.1 OBO), exactly the
// original unit, every double and split stake returned, busted ones too.
func (t *simTable) settle(up int, s *simShoe) float64 {
	r := t.r
	lost, live := 0.0, false
	for i := range t.nh {
		if h := &t.hands[i]; h.bust {
			lost += h.stake
		} else {
			live = true
		}
	}
	mayBlackjack := up == ace || up == ten
	if !live && (r.LoseAllToBlackjack || !mayBlackjack) {
		return -lost // the dealer's cards change nothing
	}
	second := int(simValue[s.deal()])
	if dealerBlackjack(up, second) {
		if r.LoseAllToBlackjack {
			stakes := 0.0
			for i := range t.nh {
				stakes += t.hands[i].stake
			}
			return -stakes
		}
		return -1
	}
	if !live {
		return -lost
	}
	dealer := t.dealer(up, second, s)
	net := -lost
	for i := range t.nh {
		h := &t.hands[i]
		if h.bust {
			continue
		}
		switch p := h.total(); {
		case dealer > 21 || p > dealer:
			net += h.stake
		case p < dealer:
			net -= h.stake
		}
	}
	return net
}

// dealer draws to the up card and second card and returns the dealer's
// total: he draws to 16 and stands on 17 or more, soft 17 too unless
// DealerHitsSoft17 (cz §5; ru §4.2, §3.34, N5).
func (t *simTable) dealer(up, second int, s *simShoe) int {
	hard, aces := up+second, up == ace || second == ace
	for {
		total, soft := hard, aces && hard+10 <= 21
		if soft {
			total += 10
		}
		if total > 17 || total == 17 && !(soft && t.r.DealerHitsSoft17) {
			return total
		}
		v := int(simValue[s.deal()])
		hard += v
		aces = aces || v == ace
	}
}
