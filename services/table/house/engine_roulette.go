package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// rouletteEngine is package roulette behind the table's engine.
type rouletteEngine struct {
	r *roulette.Rules
	s *roulette.State
}

func (e rouletteEngine) round() int64           { return e.s.Round }
func (e rouletteEngine) phase() round.Phase     { return e.s.Phase }
func (e rouletteEngine) bets() []round.Bet      { return e.s.Bets }
func (e rouletteEngine) cancelled() []round.Bet { return e.s.Cancelled }
func (e rouletteEngine) carried() []round.Bet   { return nil }
func (e rouletteEngine) lines() []round.Line    { return e.s.Lines }
func (e rouletteEngine) choice(string) string   { return "" }
func (e rouletteEngine) held(who string) int    { return e.s.Held(who) }
func (e rouletteEngine) limit() round.Limit     { return e.r.Limits.Table }
func (e rouletteEngine) labels() []string       { return e.r.Wheel.Wheel().Labels }
func (e rouletteEngine) outcome() (round.Verdict, string, string) {
	return voidVerdict(e.s.Phase, e.s.Verdict), e.s.Winner, e.s.Reason
}

// spins are the round's spins with the faults each was judged to have
// (each judged against the spin before it, as Apply did).
func (e rouletteEngine) spins() []SpinView {
	var out []SpinView
	prev := e.s.Prev
	for i := range e.s.Spins {
		sp := e.s.Spins[i]
		_, faults := roulette.Validate(*e.r, prev, sp)
		out = append(out, rouletteView(sp, faults))
		prev = &e.s.Spins[i]
	}
	return out
}

func (e rouletteEngine) apply(c roulette.Command) ([]happening, error) {
	evs, err := roulette.Apply(*e.r, e.s, c)
	if err != nil {
		return nil, err
	}
	return fromRoulette(evs), nil
}

func (e rouletteEngine) open(n int64) ([]happening, error) {
	return e.apply(roulette.Command{Kind: roulette.CmdOpen, Round: n})
}

func (e rouletteEngine) checkPlace(who string, n int64, bets []round.Bet) ([]round.Bet, error) {
	return roulette.CheckPlace(*e.r, e.s, roulette.Command{Kind: roulette.CmdPlace, Round: n, Player: who, Bets: bets})
}

func (e rouletteEngine) place(who string, n int64, bets []round.Bet) ([]happening, error) {
	return e.apply(roulette.Command{Kind: roulette.CmdPlace, Round: n, Player: who, Bets: bets})
}

func (e rouletteEngine) cancel(who string, n int64, ids []string) ([]happening, error) {
	return e.apply(roulette.Command{Kind: roulette.CmdCancel, Round: n, Player: who, BetIDs: ids})
}

func (e rouletteEngine) sameCancel(who string, n int64, ids []string) bool {
	if _, err := round.CheckRound(roulette.CmdCancel, false, n, e.s.Round); err != nil {
		return false
	}
	drop, err := round.BookOf(who, e.s.Bets, e.s.Cancelled).Cancels(ids)
	return err == nil && len(drop) == 0
}

func (e rouletteEngine) close(n int64) ([]happening, error) {
	return e.apply(roulette.Command{Kind: roulette.CmdClose, Round: n})
}

// spin is the draw's pocket at an rng table; at a dealer table the
// dealer's report, marked as a physical spin so that the spin-validity
// rules apply to it (cz §5.3, ru §3.20).
func (e rouletteEngine) spin(src Source, d *Draw, c *Command) (spin, error) {
	if err := rngOrDealer(src, d, c); err != nil {
		return spin{}, err
	}
	if src == ResultRNG {
		return spin{roulette: &roulette.Spin{Pocket: d.Pocket, Label: d.Label}}, nil
	}
	if c.Roulette == nil || c.Wheel != nil {
		return spin{}, apierr.Invalid(round.ReasonBadSpin, "a roulette table's result is a roulette spin")
	}
	sp := *c.Roulette
	sp.Reported = slices.Clone(sp.Reported)
	sp.Dealer = true
	return spin{roulette: &sp}, nil
}

func (e rouletteEngine) result(n int64, sp spin) ([]happening, error) {
	return e.apply(roulette.Command{Kind: roulette.CmdResult, Round: n, Spin: sp.roulette})
}

func (e rouletteEngine) sameResult(sp spin) bool {
	res, got := e.s.Result, sp.roulette
	if !e.s.Phase.Over() || res == nil || got == nil {
		return false
	}
	return got.Pocket == res.Pocket && (got.Label == "" || got.Label == res.Label) && got.Dealer == res.Dealer &&
		got.Wheel == res.Wheel && got.Ball == res.Ball && got.Revolutions == res.Revolutions && slices.Equal(got.Reported, res.Reported)
}

func (e rouletteEngine) choose(string, int64, moneywheel.VoidChoice) ([]happening, error) {
	return nil, apierr.Invalid(ReasonUnsupported, "roulette has no void choice")
}

func (e rouletteEngine) sameChoose(string, int64, moneywheel.VoidChoice) bool { return false }

func (e rouletteEngine) void(n int64, reason string) ([]happening, error) {
	return e.apply(roulette.Command{Kind: roulette.CmdVoid, Round: n, Reason: reason})
}

// fromRoulette turns roulette's events into the table's terms.
func fromRoulette(evs []roulette.Event) []happening {
	out := make([]happening, 0, len(evs))
	for _, e := range evs {
		h := happening{player: e.Player, bets: e.Bets, lines: e.Lines, verdict: e.Verdict, winner: e.Winner, reason: e.Reason}
		if e.Spin != nil && e.Kind != roulette.EvOpened {
			v := rouletteView(*e.Spin, e.Faults)
			h.spin = &v
		}
		switch e.Kind {
		case roulette.EvOpened:
			h.kind = EvOpened
		case roulette.EvPlaced:
			h.kind = EvPlaced
		case roulette.EvCancelled:
			h.kind = EvCancelled
		case roulette.EvClosed:
			h.kind = EvClosed
		case roulette.EvNoSpin:
			h.kind = EvNoSpin
		case roulette.EvSettled:
			h.kind = EvSettled
		case roulette.EvVoided:
			h.kind = EvVoided
		}
		out = append(out, h)
	}
	return out
}

// rouletteView is a roulette spin as everyone may see it.
func rouletteView(sp roulette.Spin, faults []roulette.Fault) SpinView {
	v := SpinView{Pocket: sp.Pocket, Label: sp.Label, Source: ResultRNG.String(), Wheel: sp.Wheel, Ball: sp.Ball, Revolutions: sp.Revolutions}
	if sp.Dealer {
		v.Source = ResultDealer.String()
	}
	for _, f := range faults {
		v.Faults = append(v.Faults, f.String())
	}
	return v
}
