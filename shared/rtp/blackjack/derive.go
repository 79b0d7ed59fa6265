package blackjack

// maxPasses bounds the strategy's improvement passes; they settle in a few.
const maxPasses = 12

// optimalEV returns the return given the up card when every hand plays the
// best action for its exact composition.
func (e *upEval) optimalEV(deal []dealt) float64 {
	ev := 0.0
	for _, d := range deal {
		ev += d.w * e.bestInitial(d.i)
	}
	return ev
}

// bestInitial values a two-card hand as dealt with every option open.
func (e *upEval) bestInitial(i int) float64 {
	h := &e.hs.hands[i]
	if h.isBlackjack() {
		return max(e.blackjack(i, false), e.blackjack(i, true))
	}
	c := e.best
	best := max(c.stand(i, 1).v, c.hit(i).v, c.double(i).v)
	if e.canSurrender {
		best = max(best, -0.5)
	}
	if ok, share := e.splittable(h.pairValue()); ok {
		split := max(best, e.splitEV(h.pairValue(), nil))
		return share*split + (1-share)*best
	}
	return best
}

// column is one up card's part of a chart.
type column struct {
	hard  [hardTotals]Play
	soft  [softTotals]Play
	pairs [upCards]Play
}

func (s *Strategy) column(up int) column {
	c := col(up)
	return column{s.Hard[c], s.Soft[c], s.Pairs[c]}
}

// derive writes the up card's column of chart: the total-dependent basic
// strategy. A cell plays many compositions, so each cell takes the play that
// maximises the return summed over the hands it plays, weighted by how
// often they occur: the two-card hands by their deal probability, the
// larger hands by the probability of reaching them under the chart. The
// cells are chosen from hard total 21 down, so that the hands a hit leads to
// are already settled; the pair cells follow; then the reach probabilities
// are recomputed and the pass repeated until the column stops changing.
// Split hands play the total cells but do not weigh in their choice.
func (e *upEval) derive(chart *Strategy, deal []dealt) {
	n := len(e.hs.hands)
	wDeal := make([]float64, n)  // every two-card hand
	wTotal := make([]float64, n) // the share a total cell plays
	for _, d := range deal {
		wDeal[d.i] = d.w
		wTotal[d.i] = d.w
		if ok, share := e.splittable(e.hs.hands[d.i].pairValue()); ok {
			wTotal[d.i] = d.w * (1 - share)
		}
	}
	e.startColumn(chart)
	reach := e.reach(chart, deal)
	for range maxPasses {
		before := chart.column(e.up)
		c := e.unsplitPlay(chart)
		for hard := 21; hard >= 2; hard-- {
			for soft := range 2 {
				e.decideCell(c, chart, e.hs.cells[hard][soft], wTotal, wDeal, reach)
			}
		}
		e.decidePairs(c, chart)
		reach = e.reach(chart, deal)
		if chart.column(e.up) == before {
			return
		}
	}
}

// startColumn is the first guess the passes improve: draw like the dealer.
func (e *upEval) startColumn(chart *Strategy) {
	for t := hardLow; t <= 21; t++ {
		p := chart.total(e.up, t, false)
		if *p = 0; t < 17 {
			*p = PlayHit
		}
	}
	for t := softLow; t <= 21; t++ {
		p := chart.total(e.up, t, true)
		if *p = 0; t < 18 {
			*p = PlayHit
		}
	}
	for v := 1; v <= values; v++ {
		*chart.pair(e.up, v) = 0
	}
}

// cellCodes are the plays a total cell may take, simplest first: on a tie
// the simpler wins.
var cellCodes = []Play{
	PlayHit, 0,
	PlayDouble | PlayHit, PlayDouble,
	PlaySurrender | PlayHit, PlaySurrender,
	PlaySurrender | PlayDouble | PlayHit, PlaySurrender | PlayDouble,
}

// decideCell chooses the play of the cell holding the given hands.
func (e *upEval) decideCell(c *play, chart *Strategy, cell []int, wTotal, wDeal, reach []float64) {
	if len(cell) == 0 {
		return
	}
	h0 := &e.hs.hands[cell[0]]
	total := h0.total()
	if total < hardLow {
		return
	}
	p := chart.total(e.up, total, h0.soft())
	if total == 21 {
		*p = 0 // no drawing to 21 (cz §10.12, ru §1.3)
		return
	}
	type state struct {
		w               float64
		two             bool
		stand, hit, dbl float64
	}
	weigh := func(initial []float64) []state {
		var ss []state
		for _, i := range cell {
			two := e.hs.hands[i].cards == 2
			w := reach[i]
			if two {
				w = initial[i]
			}
			if w > 0 {
				ss = append(ss, state{w: w, two: two, stand: c.stand(i, 1).v, hit: c.hit(i).v})
				if two {
					ss[len(ss)-1].dbl = c.double(i).v
				}
			}
		}
		return ss
	}
	ss := weigh(wTotal)
	if len(ss) == 0 {
		ss = weigh(wDeal) // a cell only pairs reach: price it on them
	}
	if len(ss) == 0 {
		return
	}
	best, bestScore := *p, 0.0
	for k, code := range cellCodes {
		if code&PlaySurrender != 0 && !e.canSurrender {
			continue
		}
		score := 0.0
		for _, s := range ss {
			switch code.action(s.two, false, s.two && e.canSurrender) {
			case Surrender:
				score -= 0.5 * s.w
			case Double:
				score += s.dbl * s.w
			case Hit:
				score += s.hit * s.w
			default:
				score += s.stand * s.w
			}
		}
		if k == 0 || score > bestScore {
			best, bestScore = code, score
		}
	}
	*p = best
}

// decidePairs chooses the pair cells: the best play for the pair as dealt,
// splitting played with the chart (and every resplit taken).
func (e *upEval) decidePairs(c *play, chart *Strategy) {
	for v := 1; v <= values; v++ {
		i := e.hs.of(v, v)
		h := &e.hs.hands[i]
		p := chart.pair(e.up, v)
		if ok, _ := e.splittable(v); !ok {
			*p = *chart.total(e.up, h.total(), h.soft())
			continue
		}
		stand, hit, dbl := c.stand(i, 1).v, c.hit(i).v, c.double(i).v
		split := e.splitEV(v, chart)
		code, value := Play(PlayHit), hit
		if stand > hit {
			code, value = 0, stand
		}
		if dbl > value {
			code |= PlayDouble
			value = dbl
		}
		if split > value {
			code, value = PlaySplit, split
		}
		if e.canSurrender && -0.5 > value {
			code |= PlaySurrender
		}
		*p = code
	}
}

// reach returns, by hand, the probability of holding that hand of three or
// more cards when playing the chart from the deal (split hands apart).
func (e *upEval) reach(chart *Strategy, deal []dealt) []float64 {
	r := make([]float64, len(e.hs.hands))
	spread := func(i int, w float64) {
		rm := removal{}
		rm.add(e.up, 1)
		h := &e.hs.hands[i]
		rm.addHand(h)
		for v, pv := range e.s.draws(&rm) {
			if j := h.next[v]; j >= 0 {
				r[j] += w * pv
			}
		}
	}
	for _, d := range deal {
		h := &e.hs.hands[d.i]
		if h.isBlackjack() {
			continue
		}
		share := 0.0
		if ok, f := e.splittable(h.pairValue()); ok {
			share = f
			if chart.pair(e.up, h.pairValue()).action(true, true, e.canSurrender) == Hit {
				spread(d.i, d.w*share)
			}
		}
		if chart.total(e.up, h.total(), h.soft()).action(true, false, e.canSurrender) == Hit {
			spread(d.i, d.w*(1-share))
		}
	}
	for i := range e.hs.hands {
		h := &e.hs.hands[i]
		if h.cards < 3 || r[i] == 0 || h.total() >= 21 {
			continue
		}
		if *chart.total(e.up, h.total(), h.soft())&PlayHit != 0 {
			spread(i, r[i])
		}
	}
	return r
}

// chartEV returns the return given the up card of playing the chart.
func (e *upEval) chartEV(chart *Strategy, deal []dealt) float64 {
	c := e.unsplitPlay(chart)
	splits := map[int]float64{}
	value := func(i int, p Play, canSplit bool) float64 {
		switch p.action(true, canSplit, e.canSurrender) {
		case Surrender:
			return -0.5
		case Split:
			v := e.hs.hands[i].pairValue()
			if _, ok := splits[v]; !ok {
				splits[v] = e.splitEV(v, chart)
			}
			return splits[v]
		case Double:
			return c.double(i).v
		case Hit:
			return c.hit(i).v
		}
		return c.stand(i, 1).v
	}
	ev := 0.0
	for _, d := range deal {
		h := &e.hs.hands[d.i]
		if h.isBlackjack() {
			ev += d.w * e.blackjack(d.i, chart.evenMoney(e.up))
			continue
		}
		x := value(d.i, *chart.total(e.up, h.total(), h.soft()), false)
		if ok, share := e.splittable(h.pairValue()); ok {
			x = share*value(d.i, *chart.pair(e.up, h.pairValue()), true) + (1-share)*x
		}
		ev += d.w * x
	}
	return ev
}
