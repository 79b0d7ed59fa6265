package house

import (
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// wheelEngine is package moneywheel behind the table's engine.
type wheelEngine struct {
	r *moneywheel.Rules
	s *moneywheel.State
}

func (e wheelEngine) round() int64           { return e.s.Round }
func (e wheelEngine) phase() round.Phase     { return e.s.Phase }
func (e wheelEngine) bets() []round.Bet      { return e.s.Bets }
func (e wheelEngine) cancelled() []round.Bet { return e.s.Cancelled }
func (e wheelEngine) carried() []round.Bet   { return e.s.Carried }
func (e wheelEngine) lines() []round.Line    { return e.s.Lines }
func (e wheelEngine) held(who string) int    { return e.s.Held(who) }
func (e wheelEngine) limit() round.Limit     { return e.r.Limits.Table }
func (e wheelEngine) labels() []string       { return e.r.Wheel.Labels }
func (e wheelEngine) outcome() (round.Verdict, string, string) {
	return voidVerdict(e.s.Phase, e.s.Verdict), e.s.Winner, e.s.Reason
}

// choice is what happens to the player's bets if the spin is void: his
// own choice, or the table's default (cz-money-wheel.md §7: carry).
func (e wheelEngine) choice(player string) string {
	if c, ok := e.s.Choices[player]; ok {
		return c.String()
	}
	return e.r.Options.Void.String()
}

func (e wheelEngine) spins() []SpinView {
	if e.s.Result == nil {
		return nil
	}
	return []SpinView{wheelView(*e.r, *e.s.Result)}
}

func (e wheelEngine) apply(c moneywheel.Command) ([]happening, error) {
	evs, err := moneywheel.Apply(*e.r, e.s, c)
	if err != nil {
		return nil, err
	}
	return fromWheel(*e.r, evs), nil
}

func (e wheelEngine) open(n int64) ([]happening, error) {
	return e.apply(moneywheel.Command{Kind: moneywheel.CmdOpen, Round: n})
}

func (e wheelEngine) checkPlace(who string, n int64, bets []round.Bet) ([]round.Bet, error) {
	return moneywheel.CheckPlace(*e.r, e.s, moneywheel.Command{Kind: moneywheel.CmdPlace, Round: n, Player: who, Bets: bets})
}

func (e wheelEngine) place(who string, n int64, bets []round.Bet) ([]happening, error) {
	return e.apply(moneywheel.Command{Kind: moneywheel.CmdPlace, Round: n, Player: who, Bets: bets})
}

func (e wheelEngine) cancel(who string, n int64, ids []string) ([]happening, error) {
	return e.apply(moneywheel.Command{Kind: moneywheel.CmdCancel, Round: n, Player: who, BetIDs: ids})
}

func (e wheelEngine) sameCancel(who string, n int64, ids []string) bool {
	if _, err := round.CheckRound(moneywheel.CmdCancel, false, n, e.s.Round); err != nil {
		return false
	}
	drop, err := round.BookOf(who, e.s.Bets, e.s.Cancelled).Cancels(ids)
	return err == nil && len(drop) == 0
}

func (e wheelEngine) close(n int64) ([]happening, error) {
	return e.apply(moneywheel.Command{Kind: moneywheel.CmdClose, Round: n})
}

// spin is the drawn field at an rng table (cz-money-wheel.md §7: a draw
// over the 30 fields, no revolutions, no peg); at a dealer table the
// dealer's report of the physical wheel.
func (e wheelEngine) spin(src Source, d *Draw, c *Command) (spin, error) {
	if err := rngOrDealer(src, d, c); err != nil {
		return spin{}, err
	}
	if src == ResultRNG {
		return spin{wheel: &moneywheel.Spin{Source: moneywheel.FromRNG, Field: d.Pocket}}, nil
	}
	if c.Wheel == nil || c.Roulette != nil {
		return spin{}, apierr.Invalid(round.ReasonBadSpin, "a money wheel table's result is a money wheel spin")
	}
	sp := *c.Wheel
	sp.Source = moneywheel.FromDealer
	return spin{wheel: &sp}, nil
}

func (e wheelEngine) result(n int64, sp spin) ([]happening, error) {
	return e.apply(moneywheel.Command{Kind: moneywheel.CmdResult, Round: n, Spin: *sp.wheel})
}

func (e wheelEngine) sameResult(sp spin) bool {
	return e.s.Phase.Over() && e.s.Result != nil && sp.wheel != nil && *e.s.Result == *sp.wheel
}

func (e wheelEngine) choose(who string, n int64, c moneywheel.VoidChoice) ([]happening, error) {
	return e.apply(moneywheel.Command{Kind: moneywheel.CmdChoose, Round: n, Player: who, Choice: c})
}

// sameChoose mirrors the engine's choose: a choice it takes without an
// event (the same choice again, or a refund with nothing to refund that
// the player had chosen already).
func (e wheelEngine) sameChoose(who string, n int64, c moneywheel.VoidChoice) bool {
	if _, err := round.CheckRound(moneywheel.CmdChoose, false, n, e.s.Round); err != nil {
		return false
	}
	if who == "" || (c != moneywheel.Carry && c != moneywheel.Refund) {
		return false
	}
	old, chosen := e.s.Choices[who]
	switch e.s.Phase {
	case round.Betting, round.Closed:
		return chosen && old == c
	case round.Voided:
		carried := countBets(e.s.Carried, who) > 0
		if c == moneywheel.Carry {
			if !carried && countBets(e.s.Bets, who) > 0 {
				return false // ALREADY_REFUNDED
			}
			return e.choice(who) == moneywheel.Carry.String()
		}
		return !carried && chosen && old == moneywheel.Refund
	}
	return false
}

func (e wheelEngine) void(n int64, reason string) ([]happening, error) {
	return e.apply(moneywheel.Command{Kind: moneywheel.CmdVoid, Round: n, Reason: reason})
}

// fromWheel turns the money wheel's events into the table's terms: the
// result's spin, verdict and winner go with the settlement or the void
// that follows it.
func fromWheel(r moneywheel.Rules, evs []moneywheel.Event) []happening {
	out := make([]happening, 0, len(evs))
	var res happening
	for _, e := range evs {
		h := happening{player: e.Player, bets: e.Bets, lines: e.Lines, reason: e.Reason, choice: e.Choice}
		switch e.Kind {
		case moneywheel.EvResult:
			v := wheelView(r, *e.Spin)
			res = happening{spin: &v, verdict: e.Verdict, winner: e.Winner}
			continue
		case moneywheel.EvOpened:
			h.kind = EvOpened
		case moneywheel.EvPlaced:
			h.kind = EvPlaced
		case moneywheel.EvCancelled:
			h.kind = EvCancelled
		case moneywheel.EvChosen:
			h.kind = EvChosen
		case moneywheel.EvClosed:
			h.kind = EvClosed
		case moneywheel.EvSettled:
			h.kind = EvSettled
		case moneywheel.EvVoided:
			h.kind = EvVoided
		case moneywheel.EvRefunded:
			h.kind = EvRefunded
		}
		if h.kind == EvSettled || h.kind == EvVoided {
			h.spin, h.verdict, h.winner = res.spin, res.verdict, res.winner
		}
		out = append(out, h)
	}
	return out
}

// wheelView is a money wheel spin as everyone may see it.
func wheelView(r moneywheel.Rules, sp moneywheel.Spin) SpinView {
	return SpinView{Pocket: sp.Field, Label: r.Symbol(sp.Field), Source: sp.Source.String(), Wheel: sp.Direction, Revolutions: sp.Revolutions, Peg: sp.Peg}
}
