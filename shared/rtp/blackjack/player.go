package blackjack

// val is what a hand is worth to the player: v its expected return per unit
// of the hand's original stake (doubles, bonuses and blackjack losses
// included), l the probability that the dealer makes a blackjack. Only the
// "original bet only" rule needs l: there a split's hands are valued with
// every stake returned on a dealer blackjack (v), and the split then loses
// the one original stake, l of the leftmost hand.
type val struct{ v, l float64 }

// upEval prices hands against one dealer up card. It is used by one
// goroutine.
type upEval struct {
	r            *Rules
	s            *shoe
	hs           *handSet
	up           int
	tab          *dealerTable
	canSurrender bool

	dists  []dist // full-removal dealer distributions, by hand
	distOK []bool
	drawn  [][values]float64 // the next card's probabilities, by hand
	drawOK []bool

	best *play // the best action for the exact composition

	// scratch memo shared by the split contexts, one at a time
	scratch []val
	stamp   []uint32
	gen     uint32

	splitDists map[[3]int]*dist // split contexts' dealer distributions by (pair, m, x)
}

func newUpEval(r *Rules, s *shoe, up int) *upEval {
	hs := allHands()
	h17 := 0
	if r.DealerHitsSoft17 {
		h17 = 1
	}
	n := len(hs.hands)
	e := &upEval{
		r: r, s: s, hs: hs, up: up,
		tab:          &dealerTables()[h17][up-1],
		canSurrender: r.Surrender.allows(up),
		dists:        make([]dist, n),
		distOK:       make([]bool, n),
		drawn:        make([][values]float64, n),
		drawOK:       make([]bool, n),
		scratch:      make([]val, n),
		stamp:        make([]uint32, n),
		splitDists:   map[[3]int]*dist{},
	}
	e.best = e.unsplitPlay(nil)
	return e
}

// unsplitPlay returns the context of the original hand: the up card and the
// hand's own cards out of the shoe, the dealer's distribution recomputed for
// every composition. chart nil plays the best action for the composition.
func (e *upEval) unsplitPlay(chart *Strategy) *play {
	c := &play{e: e, chart: chart, memo: make([]val, len(e.hs.hands)), have: make([]uint32, len(e.hs.hands)), gen: 1}
	c.extra.add(e.up, 1)
	return c
}

// dist returns the dealer's distribution with the up card and hand i out.
func (e *upEval) dist(i int) *dist {
	if !e.distOK[i] {
		rm := removal{}
		rm.add(e.up, 1)
		rm.addHand(&e.hs.hands[i])
		e.dists[i] = e.tab.eval(e.s, &rm)
		e.distOK[i] = true
	}
	return &e.dists[i]
}

// play is one way of valuing hands: which cards are out besides the hand,
// which dealer distribution applies and who chooses the actions.
type play struct {
	e     *upEval
	chart *Strategy // nil: the best action for the composition
	// split marks the hands of a split: the dealer's distribution d is that
	// of the hand's first two cards and the pair cards out (see split.go),
	// and under "original bet only" a dealer blackjack returns live stakes.
	split     bool
	aces      bool // split aces: one card, no choice (cz §6.6, ru §3.35)
	tenAceHit bool // a split ten that drew an ace may hit (ru §3.37)
	d         *dist
	extra     removal // cards out besides the hand: the up card, other pair cards
	memo      []val
	have      []uint32
	gen       uint32
}

func (c *play) hand(i int) *hand { return &c.e.hs.hands[i] }

func (c *play) dealer(i int) *dist {
	if c.d != nil {
		return c.d
	}
	return c.e.dist(i)
}

// draws returns the probability of each value being hand i's next card.
func (c *play) draws(i int) [values]float64 {
	if c.split {
		rm := c.extra
		rm.addHand(c.hand(i))
		return c.e.s.draws(&rm)
	}
	e := c.e
	if !e.drawOK[i] {
		rm := c.extra
		rm.addHand(c.hand(i))
		e.drawn[i], e.drawOK[i] = e.s.draws(&rm), true
	}
	return e.drawn[i]
}

// stand values standing on hand i with stake units on it.
func (c *play) stand(i int, stake float64) val {
	h := c.hand(i)
	d := c.dealer(i)
	x := val{v: stake * standEV(d, h.total())}
	if !c.e.r.LoseAllToBlackjack {
		pbj := d[outBlackjack]
		if c.split {
			x.v += stake * pbj // every live split stake comes back; see val.l
			x.l = pbj
		} else {
			x.v += (stake - 1) * pbj // the double comes back, the original is lost
		}
	}
	if c.e.r.Bonus777 && h.isTriple7() {
		x.v += stake // cz §6.6: paid at once, kept whatever the dealer makes
	}
	return x
}

// hitStand values a hand that may only hit or stand: three or more cards,
// or two cards that may not double.
func (c *play) hitStand(i int) val {
	if c.have[i] == c.gen {
		return c.memo[i]
	}
	h := c.hand(i)
	x := c.stand(i, 1)
	if t := h.total(); t < 21 {
		switch {
		case c.chart != nil:
			if *c.chart.total(c.e.up, t, h.soft())&PlayHit != 0 {
				x = c.hit(i)
			}
		default:
			if p := c.draws(i); c.hitMayPay(i, &p, x.v) {
				if y := c.hitWith(i, &p); y.v > x.v {
					x = y
				}
			}
		}
	}
	c.memo[i], c.have[i] = x, c.gen
	return x
}

// hitMayPay reports whether hitting hand i could beat standing's return of
// stand: no live hand is worth more than 1 (2 for the three sevens), so when
// the bust probability makes even that hopeless the subtree is not walked.
func (c *play) hitMayPay(i int, p *[values]float64, stand float64) bool {
	h := c.hand(i)
	bound := 0.0
	for v, pv := range p {
		switch j := h.next[v]; {
		case pv == 0:
		case j < 0:
			bound += pv * c.bust(i, v, 1).v
		case c.e.r.Bonus777 && c.hand(int(j)).isTriple7():
			bound += 2 * pv
		default:
			bound += pv
		}
	}
	return bound > stand
}

// bust values hand i busting with a card of value index v, stake units on
// it. Under "original bet only" a dealer blackjack costs exactly the
// original stake, so a busted double or split stake comes back when the
// dealer then makes a blackjack: the game a peeking dealer deals.
func (c *play) bust(i, v int, stake float64) val {
	if c.e.r.LoseAllToBlackjack {
		return val{v: -stake}
	}
	var pbj float64
	if c.d != nil {
		pbj = c.d[outBlackjack]
	} else {
		pbj = c.e.blackjackAfter(c.hand(i), v)
	}
	if c.split {
		return val{v: -stake + stake*pbj, l: pbj}
	}
	return val{v: -stake + (stake-1)*pbj}
}

// blackjackAfter is the probability that the dealer's second card makes a
// blackjack once the up card, hand h and one card of value index v are out.
func (e *upEval) blackjackAfter(h *hand, v int) float64 {
	var need int
	switch e.up {
	case ace:
		need = ten
	case ten:
		need = ace
	default:
		return 0
	}
	rm := removal{}
	rm.add(e.up, 1)
	rm.addHand(h)
	rm.add(v+1, 1)
	return e.s.draws(&rm)[need-1]
}

// hit values drawing one card to hand i and playing on.
func (c *play) hit(i int) val {
	p := c.draws(i)
	return c.hitWith(i, &p)
}

// hitWith is hit with the next card's probabilities p.
func (c *play) hitWith(i int, p *[values]float64) val {
	h := c.hand(i)
	var x val
	for v, pv := range p {
		if pv == 0 {
			continue
		}
		if j := h.next[v]; j < 0 {
			y := c.bust(i, v, 1)
			x.v += pv * y.v
			x.l += pv * y.l
		} else {
			y := c.hitStand(int(j))
			x.v += pv * y.v
			x.l += pv * y.l
		}
	}
	return x
}

// double values doubling hand i: one card, two units.
func (c *play) double(i int) val {
	h := c.hand(i)
	p := c.draws(i)
	var x val
	for v, pv := range p {
		if pv == 0 {
			continue
		}
		if j := h.next[v]; j < 0 {
			y := c.bust(i, v, 2)
			x.v += pv * y.v
			x.l += pv * y.l
		} else {
			y := c.stand(int(j), 2)
			x.v += pv * y.v
			x.l += pv * y.l
		}
	}
	return x
}

// blackjack values a player blackjack: paid at once against 2..9; against a
// ten or an ace it waits for the dealer's second card and pushes a dealer
// blackjack (cz §7, ru §4.8), unless even money is taken: 1 at once.
func (e *upEval) blackjack(i int, evenMoney bool) float64 {
	v := e.r.BlackjackPays * (1 - e.dist(i)[outBlackjack])
	if evenMoney && e.evenMoneyOffered() {
		return 1
	}
	return v
}

// evenMoneyOffered: against an ace in both profiles (cz §6.4, ru §4.1),
// against a ten on request in ru (§3.41).
func (e *upEval) evenMoneyOffered() bool {
	return e.up == ace || e.up == ten && e.r.EvenMoneyVsTen
}

// evenMoneyGain is what taking even money adds to a blackjack's return.
func (e *upEval) evenMoneyGain() float64 {
	i := e.hs.of(ace, ten)
	return 1 - e.blackjack(i, false)
}

// splittable reports whether the pair of value p may split, and which share
// of such pairs may: split by rank, only equal ranks among the tens.
func (e *upEval) splittable(p int) (bool, float64) {
	if p == 0 || e.r.MaxHands < 2 {
		return false, 0
	}
	if p != ten || !e.r.SplitByRank {
		return true, 1
	}
	return true, e.sameRankTens()
}

// sameRankTens is the probability that two ten-value cards dealt after the
// up card are of the same rank (ten, jack, queen or king).
func (e *upEval) sameRankTens() float64 {
	if e.s.infinite {
		return 0.25
	}
	per := e.s.n[ten-1] / 4
	if e.up != ten {
		return (per - 1) / (4*per - 1)
	}
	// the up card took one card of one of the four ranks
	all := 4*per - 1
	return (3*per*(per-1) + (per-1)*(per-2)) / (all * (all - 1))
}

// dealt is a two-card hand and its probability given the up card.
type dealt struct {
	i int
	w float64
}

// dealWeights returns every two-card hand possible after the up card, in a
// fixed order.
func (e *upEval) dealWeights() []dealt {
	var w []dealt
	rm := removal{}
	rm.add(e.up, 1)
	p1 := e.s.draws(&rm)
	for a := 1; a <= values; a++ {
		rm2 := rm
		rm2.add(a, 1)
		p2 := e.s.draws(&rm2)
		for b := a; b <= values; b++ {
			p := p1[a-1] * p2[b-1]
			if a != b {
				p *= 2
			}
			if p > 0 {
				w = append(w, dealt{e.hs.of(a, b), p})
			}
		}
	}
	return w
}
