package house

import (
	"slices"
	"sort"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
)

// result applies the round's result: the RNG's draw at an rng table
// (the command carries no spin), the dealer's reported spin at a dealer
// table. The engine judges it: valid settles the round, void refunds (or,
// at the money wheel, carries) its bets, and a roulette no-spin of the ru
// profile reopens the betting (ru §3.22).
func (a *applier) result() error {
	t, c := a.t, a.c
	e := t.engine()
	sp, err := e.spin(t.Config.Source, t.Draw, c)
	if err != nil {
		return err
	}
	hs, err := e.result(c.Round, sp)
	if err != nil {
		return err
	}
	n := e.round()
	for _, h := range hs {
		switch h.kind {
		case EvNoSpin:
			// ru §3.22: "no game", the dealer spins again; bets stay and
			// may be changed in a new window.
			t.ClosesAt, t.ClosedAt = c.At+t.window(), 0
			a.emit(Event{Kind: EvNoSpin, Spin: h.spin, Verdict: h.verdict, ClosesAt: t.ClosesAt})
		case EvSettled:
			if err := a.settled(n, h); err != nil {
				return err
			}
		case EvVoided:
			if err := a.voided(n, h, false); err != nil {
				return err
			}
		}
	}
	if e.phase().Over() {
		return a.endRound(n)
	}
	return nil
}

// void is the operator voiding the round for a reason he must give
// (cz §8: a spin or the whole game declared void, bets returned). At the
// money wheel it also refunds the bets a void spin carried, voiding the
// game they were kept for.
func (a *applier) void() error {
	t, c := a.t, a.c
	if err := round.CheckVoidReason(c.Reason); err != nil {
		return err
	}
	e := t.engine()
	n, over := e.round(), e.phase().Over()
	hs, err := e.void(c.Round, c.Reason)
	if err != nil {
		return err
	}
	for _, h := range hs {
		if err := a.voided(n, h, over); err != nil {
			return err
		}
	}
	if !over {
		return a.endRound(n)
	}
	return nil
}

// settled books a valid result's settlement: the public result with the
// round's totals, and each player's own lines.
func (a *applier) settled(n int64, h happening) error {
	paid, err := a.book(n, h.lines, false)
	if err != nil {
		return err
	}
	players, by := byPlayer(paid)
	ev := Event{Kind: EvResult, Spin: h.spin, Verdict: h.verdict, Winner: h.winner, Players: len(players), BetCount: distinctBets(paid),
		Stake: stakeOf(paid), Paid: paidOf(paid), Won: wonOf(paid)}
	a.emit(ev)
	for _, p := range players {
		ls := by[p]
		mine := Event{Kind: EvSettled, Player: p, Lines: ls, BetCount: distinctBets(ls), Stake: stakeOf(ls), Paid: paidOf(ls), Won: wonOf(ls), Winner: h.winner}
		a.emit(mine)
	}
	return nil
}

// voided books a void's refunds: the public void, and each player's
// refunds and the bets carried for him into the next round. after: the
// round had ended before (carried bets refunded).
func (a *applier) voided(n int64, h happening, after bool) error {
	paid, err := a.book(n, h.lines, after)
	if err != nil {
		return err
	}
	a.emit(Event{Kind: EvVoided, Spin: h.spin, Verdict: h.verdict, Winner: h.winner, Reason: h.reason})
	players, by := byPlayer(paid)
	carried := map[string][]round.Bet{}
	for _, b := range h.bets {
		if _, ok := by[b.Player]; !ok && len(carried[b.Player]) == 0 {
			players = append(players, b.Player)
		}
		carried[b.Player] = append(carried[b.Player], b)
	}
	sort.Strings(players)
	for _, p := range players {
		ls := by[p]
		a.emit(Event{Kind: EvRefunded, Player: p, Lines: ls, Carried: carried[p], Stake: stakeOf(ls), Paid: paidOf(ls), Reason: h.reason})
	}
	return nil
}

// byPlayer groups lines by player, players in key order.
func byPlayer(lines []round.Line) ([]string, map[string][]round.Line) {
	by := map[string][]round.Line{}
	var players []string
	for _, l := range lines {
		if _, ok := by[l.Player]; !ok {
			players = append(players, l.Player)
		}
		by[l.Player] = append(by[l.Player], l)
	}
	sort.Strings(players)
	return players, by
}

// endRound is the round's end, settled or voided: the players' settle
// intents, the result kept, the round's record, and the RNG outcome that
// is no longer live. A closing table refunds the bets a void spin
// carried: there is no next round to play them.
func (a *applier) endRound(n int64) error {
	t, c := a.t, a.c
	a.settleSums(n)
	t.LastEnd = c.At
	v, winner, reason := t.engine().outcome()
	t.Results = append(t.Results, Result{Round: n, Winner: winner, Verdict: v, Reason: reason, At: c.At})
	if len(t.Results) > MaxResults {
		t.Results = slices.Delete(t.Results, 0, len(t.Results)-MaxResults)
	}
	a.step.Record = &game.Record{ID: RoundID(t.Config.ID, n), Value: t.record(c.At)}
	if t.Draw != nil {
		a.step.Outcome = t.Draw.Outcome
	}
	a.step.Lobby = true
	if t.Status == Closing {
		return a.refundCarried()
	}
	return nil
}

// refundCarried refunds the bets a void spin carried, when the table
// closes before the round they were kept for.
func (a *applier) refundCarried() error {
	e := a.t.engine()
	if len(e.carried()) == 0 {
		return nil
	}
	hs, err := e.void(0, VoidClosing)
	if err != nil {
		return internal("refunding the carried bets: %v", err)
	}
	for _, h := range hs {
		if err := a.voided(e.round(), h, true); err != nil {
			return err
		}
	}
	a.settleLate()
	return nil
}
