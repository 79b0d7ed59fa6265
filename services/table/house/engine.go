package house

import (
	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// engine is the round engine of the table's game, behind one interface:
// the table drives roulette and the money wheel the same way, and every
// engine refusal passes through unchanged. Its reads share the state's
// slices: callers do not change them.
type engine interface {
	round() int64
	phase() round.Phase
	// bets are the round's bets (in play, or settled or voided once it
	// has ended), cancelled those taken back, carried a void round's bets
	// kept for the next (the money wheel).
	bets() []round.Bet
	cancelled() []round.Bet
	carried() []round.Bet
	// lines are every line the round's events carried, in order.
	lines() []round.Line
	// spins are the spins reported in the round, no-spins first.
	spins() []SpinView
	// outcome is the ended round's verdict, winner and void reason.
	outcome() (round.Verdict, string, string)
	// choice is the player's void choice ("" where the game has none).
	choice(player string) string
	// limit is the table sign's limit of a player's stakes in a round.
	limit() round.Limit
	// labels are the wheel's pockets or fields in wheel order.
	labels() []string
	// held is how many bets the player has in the round, in play and
	// cancelled (found through the engine's index, not a scan).
	held(player string) int

	open(n int64) ([]happening, error)
	checkPlace(who string, n int64, bets []round.Bet) ([]round.Bet, error)
	place(who string, n int64, bets []round.Bet) ([]happening, error)
	cancel(who string, n int64, ids []string) ([]happening, error)
	// sameCancel reports a cancel every id of which is cancelled already.
	sameCancel(who string, n int64, ids []string) bool
	close(n int64) ([]happening, error)
	// spin is the result to apply: the draw's at an rng table, the
	// command's at a dealer table.
	spin(src Source, d *Draw, c *Command) (spin, error)
	result(n int64, sp spin) ([]happening, error)
	// sameResult reports the ended round's result reported again.
	sameResult(sp spin) bool
	choose(who string, n int64, c moneywheel.VoidChoice) ([]happening, error)
	// sameChoose reports a choice the engine would take as a replay.
	sameChoose(who string, n int64, c moneywheel.VoidChoice) bool
	void(n int64, reason string) ([]happening, error)
}

// spin is a result for one of the engines.
type spin struct {
	roulette *roulette.Spin
	wheel    *moneywheel.Spin
}

// happening is one thing an engine reported, in the same terms for every
// game: Kind is the table's event kind it becomes (EvOpened, EvPlaced,
// EvCancelled, EvChosen, EvClosed, EvNoSpin, EvSettled, EvVoided,
// EvRefunded). Bets are the bets placed, cancelled, refunded, carried in
// (EvOpened) or carried out (EvVoided).
type happening struct {
	kind    EventKind
	player  string
	bets    []round.Bet
	lines   []round.Line
	spin    *SpinView
	verdict round.Verdict
	winner  string
	reason  string
	choice  moneywheel.VoidChoice
	// blackjack is the blackjack engine's event the happening is, poker
	// a casino poker engine's in the family's terms (EvMove).
	blackjack *blackjack.Event
	poker     *PokerEvent
}

// engine is the engine over the table's round state. New and Decode
// give every table its game's rules and state; a table without them
// (a zero Table) has an empty roulette round that keeps nothing.
func (t *Table) engine() engine {
	if t.Wheel != nil && t.Config.Wheel != nil {
		return wheelEngine{r: t.Config.Wheel, s: t.Wheel}
	}
	if t.Blackjack != nil && t.Config.Blackjack != nil {
		return blackjackEngine{r: t.Config.Blackjack, s: t.Blackjack}
	}
	if t.CasinoHoldem != nil && t.Config.CasinoHoldem != nil {
		return newHoldem(t.Config.CasinoHoldem, t.CasinoHoldem)
	}
	if t.CasinoTexas != nil && t.Config.CasinoTexas != nil {
		return newTexas(t.Config.CasinoTexas, t.CasinoTexas)
	}
	if t.Oasis != nil && t.Config.Oasis != nil {
		return newOasis(t.Config.Oasis, t.Oasis)
	}
	if t.Russian != nil && t.Config.Russian != nil {
		return newRussian(t.Config.Russian, t.Russian)
	}
	if t.Split != nil && t.Config.Split != nil {
		return newSplit(t.Config.Split, t.Split)
	}
	r, s := t.Config.Roulette, t.Roulette
	if r == nil {
		r = &roulette.Rules{}
	}
	if s == nil {
		s = &roulette.State{}
	}
	return rouletteEngine{r: r, s: s}
}

// checkDraw checks an RNG draw against the wheel and fills in its label.
func checkDraw(e engine, d *Draw) error {
	labels := e.labels()
	switch {
	case d.Outcome == "" || len(d.Commitment) == 0:
		return apierr.Invalid(ReasonBadDraw, "a draw has its outcome id and commitment")
	case d.Pocket < 0 || d.Pocket >= len(labels):
		return apierr.Invalid(ReasonBadDraw, "pocket %d is not on the %d-pocket wheel", d.Pocket, len(labels))
	case d.Label != "" && d.Label != labels[d.Pocket]:
		return apierr.Invalid(ReasonBadDraw, "pocket %d is %s, not %q", d.Pocket, labels[d.Pocket], d.Label)
	}
	d.Label = labels[d.Pocket]
	return nil
}

// rngOrDealer checks that a result command carries a spin exactly when the
// table's results come from a dealer.
func rngOrDealer(src Source, d *Draw, c *Command) error {
	given := c.Roulette != nil || c.Wheel != nil
	switch {
	case src == ResultRNG && given:
		return apierr.Invalid(ReasonRNGTable, "the table's results come from the RNG: a result reports no spin")
	case src == ResultRNG && d == nil:
		return apierr.Precondition(ReasonNoDraw, "the round has no draw")
	case src == ResultDealer && !given:
		return apierr.Invalid(round.ReasonBadSpin, "a dealer's result reports its spin")
	}
	return nil
}

func countBets(bets []round.Bet, player string) int {
	n := 0
	for _, b := range bets {
		if b.Player == player {
			n++
		}
	}
	return n
}

// voidVerdict is a round's verdict as results and records show it: a
// round the operator voided (no spin judged it) is void too.
func voidVerdict(p round.Phase, v round.Verdict) round.Verdict {
	if v == 0 && p == round.Voided {
		return round.Void
	}
	return v
}

// distinctBets counts the bets lines settle (an announced bet's pieces
// are one bet).
func distinctBets(lines []round.Line) int {
	seen := map[[2]string]bool{}
	for _, l := range lines {
		seen[[2]string{l.Player, l.BetID}] = true
	}
	return len(seen)
}
