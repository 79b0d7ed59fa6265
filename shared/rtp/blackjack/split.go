package blackjack

// A split is valued with the standard approximation of combinatorial
// analysers: every split hand is played as if the only cards out were the up
// card, the pair cards dealt so far and its own cards. The other split
// hands' non-pair cards are ignored, so the hands are independent but for
// how many pair cards have appeared, which fixes both the chance of
// resplitting and the shoe each hand draws from. Each hand's dealer
// distribution is that of its first two cards and the pair cards out; its
// draws see every card of its own.
//
// The hands are played left to right (cz §6.6, ru §3.23): the leftmost hand
// takes its second card; a pair card is split again while hands are left,
// otherwise the hand is played out and the next hand takes its card.

// splitter values splitting one pair against one up card.
type splitter struct {
	e     *upEval
	pair  int
	chart *Strategy // nil: the best play, resplits included
	// resplits is how many more splits the pair allows after the first.
	resplits int
	hands    map[[2]int]val // (pair cards out, second card) → the hand's value
	memo     map[[4]int]val
}

// splitEV returns the value of splitting the pair of value pair with its
// resplits: the sum of the hands' returns, and under "original bet only"
// less the original stake a dealer blackjack takes from the leftmost hand.
func (e *upEval) splitEV(pair int, chart *Strategy) float64 {
	sp := &splitter{e: e, pair: pair, chart: chart, hands: map[[2]int]val{}, memo: map[[4]int]val{}}
	if pair != ace || e.r.ResplitAces {
		sp.resplits = e.r.MaxHands - 2
	}
	return sp.objective(sp.run(2, sp.resplits, 2, true))
}

func (sp *splitter) objective(x val) float64 {
	if sp.e.r.LoseAllToBlackjack {
		return x.v
	}
	return x.v - x.l
}

// run values the hands still to be played: pending of them waiting for a
// second card, resplits left, m pair cards out, first if the next hand to
// finish is the leftmost one.
func (sp *splitter) run(pending, resplits, m int, first bool) val {
	if pending == 0 {
		return val{}
	}
	key := [4]int{pending, resplits, m, 0}
	if first {
		key[3] = 1
	}
	if x, ok := sp.memo[key]; ok {
		return x
	}
	p, q := sp.secondCard(m)
	var x val
	rest := sp.run(pending-1, resplits, m, false)
	for v := 1; v <= values; v++ {
		pv := p[v-1]
		if v == sp.pair {
			pv -= q // split by rank: a ten of another rank does not pair
		}
		if pv <= 0 {
			continue
		}
		h := sp.hand(m, v)
		x.v += pv * (h.v + rest.v)
		if first {
			x.l += pv * h.l
		} else {
			x.l += pv * rest.l
		}
	}
	if q > 0 {
		h := sp.hand(m, sp.pair)
		after := sp.run(pending-1, resplits, m+1, false)
		y := val{v: h.v + after.v, l: after.l}
		if first {
			y.l = h.l
		}
		if resplits > 0 {
			re := sp.run(pending+1, resplits-1, m+1, first)
			// the chart splits a pair it splits again (Play.action)
			if sp.chart != nil || sp.objective(re) > sp.objective(y) {
				y = re
			}
		}
		x.v += q * y.v
		x.l += q * y.l
	}
	sp.memo[key] = x
	return x
}

// secondCard returns the probability of each value being a split hand's
// second card with m pair cards out, and q the probability that it pairs.
func (sp *splitter) secondCard(m int) ([values]float64, float64) {
	e := sp.e
	rm := removal{}
	rm.add(e.up, 1)
	rm.add(sp.pair, m)
	p := e.s.draws(&rm)
	q := p[sp.pair-1]
	if sp.pair == ten && e.r.SplitByRank {
		if e.s.infinite {
			q /= 4
		} else {
			same := e.s.n[ten-1]/4 - float64(m)
			if e.up == ten {
				same -= 0.25 // the up card is of the pair's rank one time in four
			}
			q = max(same, 0) / (e.s.size - float64(rm.cards))
		}
	}
	return p, q
}

// hand values a split hand whose first two cards are the pair card and v,
// with m pair cards out besides v.
func (sp *splitter) hand(m, v int) val {
	key := [2]int{m, v}
	if x, ok := sp.hands[key]; ok {
		return x
	}
	e := sp.e
	c := &play{
		e: e, chart: sp.chart, split: true,
		aces:      sp.pair == ace,
		tenAceHit: sp.pair == ten && v == ace && e.r.SplitTensAceMayHit,
		memo:      e.scratch, have: e.stamp,
	}
	e.gen++
	c.gen = e.gen
	c.extra.add(e.up, 1)
	c.extra.add(sp.pair, m-1)
	i := e.hs.of(sp.pair, v)
	c.d = e.splitDist(sp.pair, m, v, &c.extra, i)
	x := c.twoCards(i, e.r.DoubleAfterSplit && sp.pair != ace)
	sp.hands[key] = x
	return x
}

// splitDist returns the dealer's distribution for a split context, kept
// across the strategy's iterations.
func (e *upEval) splitDist(pair, m, v int, extra *removal, i int) *dist {
	key := [3]int{pair, m, v}
	if d, ok := e.splitDists[key]; ok {
		return d
	}
	rm := *extra
	rm.addHand(&e.hs.hands[i])
	d := new(dist)
	if e.s.possible(&rm) {
		*d = e.tab.eval(e.s, &rm)
	}
	e.splitDists[key] = d
	return d
}

// twoCards values a split hand's first two cards: split aces stand (one
// card each); other hands stand, hit or, with canDouble, double.
func (c *play) twoCards(i int, canDouble bool) val {
	st := c.stand(i, 1)
	if c.aces {
		return st
	}
	h := c.hand(i)
	t := h.total()
	if t == 21 && !c.tenAceHit {
		return st
	}
	if c.chart != nil {
		if t == 21 {
			return st // the chart stands on every 21
		}
		switch c.chart.total(c.e.up, t, h.soft()).action(canDouble, false, false) {
		case Double:
			return c.double(i)
		case Hit:
			return c.hit(i)
		}
		return st
	}
	best := st
	if y := c.hit(i); y.v > best.v {
		best = y
	}
	if canDouble {
		if y := c.double(i); y.v > best.v {
			best = y
		}
	}
	return best
}
