package house

import (
	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// blackjackEngine is package blackjack behind the table's engine: the
// round's bets, "no more bets" and the operator's void go the way they go
// at the wheels; the deal and the players' decisions are moves (CmdPlay,
// play.go), which a wheel has none of.
type blackjackEngine struct {
	r *blackjack.Rules
	s *blackjack.State
}

func (e blackjackEngine) round() int64           { return e.s.Round }
func (e blackjackEngine) phase() round.Phase     { return e.s.Phase }
func (e blackjackEngine) bets() []round.Bet      { return e.s.Bets }
func (e blackjackEngine) cancelled() []round.Bet { return e.s.Cancelled }
func (e blackjackEngine) carried() []round.Bet   { return nil }
func (e blackjackEngine) lines() []round.Line    { return e.s.Lines }
func (e blackjackEngine) spins() []SpinView      { return nil }
func (e blackjackEngine) choice(string) string   { return "" }
func (e blackjackEngine) limit() round.Limit     { return e.r.Limits.Table }
func (e blackjackEngine) labels() []string       { return nil }
func (e blackjackEngine) held(who string) int {
	return countBets(e.s.Bets, who) + countBets(e.s.Cancelled, who)
}

// outcome: a blackjack round has no single winner; its verdict is valid
// once settled, void when voided.
func (e blackjackEngine) outcome() (round.Verdict, string, string) {
	if e.s.Phase == round.Settled {
		return round.Valid, "", ""
	}
	return voidVerdict(e.s.Phase, 0), "", e.s.Reason
}

func (e blackjackEngine) apply(c blackjack.Command) ([]happening, error) {
	evs, err := blackjack.Apply(*e.r, e.s, c)
	if err != nil {
		return nil, err
	}
	return fromBlackjack(evs), nil
}

func (e blackjackEngine) open(n int64) ([]happening, error) {
	return e.apply(blackjack.Command{Kind: blackjack.CmdOpen, Round: n})
}

func (e blackjackEngine) checkPlace(who string, n int64, bets []round.Bet) ([]round.Bet, error) {
	return blackjack.CheckPlace(*e.r, e.s, blackjack.Command{Kind: blackjack.CmdPlace, Round: n, Player: who, Bets: bets})
}

func (e blackjackEngine) place(who string, n int64, bets []round.Bet) ([]happening, error) {
	return e.apply(blackjack.Command{Kind: blackjack.CmdPlace, Round: n, Player: who, Bets: bets})
}

func (e blackjackEngine) cancel(who string, n int64, ids []string) ([]happening, error) {
	return e.apply(blackjack.Command{Kind: blackjack.CmdCancel, Round: n, Player: who, BetIDs: ids})
}

func (e blackjackEngine) sameCancel(who string, n int64, ids []string) bool {
	if _, err := round.CheckRound(blackjack.CmdCancel, false, n, e.s.Round); err != nil {
		return false
	}
	drop, err := round.BookOf(who, e.s.Bets, e.s.Cancelled).Cancels(ids)
	return err == nil && len(drop) == 0
}

func (e blackjackEngine) close(n int64) ([]happening, error) {
	return e.apply(blackjack.Command{Kind: blackjack.CmdClose, Round: n})
}

func (e blackjackEngine) spin(Source, *Draw, *Command) (spin, error) {
	return spin{}, apierr.Invalid(ReasonUnsupported, "blackjack has no spin: the round plays out card by card")
}

func (e blackjackEngine) result(int64, spin) ([]happening, error) {
	return nil, apierr.Invalid(ReasonUnsupported, "blackjack has no spin: the round plays out card by card")
}

func (e blackjackEngine) sameResult(spin) bool { return false }

func (e blackjackEngine) choose(string, int64, moneywheel.VoidChoice) ([]happening, error) {
	return nil, apierr.Invalid(ReasonUnsupported, "blackjack has no void choice")
}

func (e blackjackEngine) sameChoose(string, int64, moneywheel.VoidChoice) bool { return false }

func (e blackjackEngine) void(n int64, reason string) ([]happening, error) {
	return e.apply(blackjack.Command{Kind: blackjack.CmdVoid, Round: n, Reason: reason})
}

// fromBlackjack turns blackjack's events into the table's terms. The
// bets' events (opened, placed, cancelled, closed) and the round's ends
// (settled, voided) are the wheels'; everything else — cards, the
// window, turns, decisions, stakes, lines paid before the end — is a
// move, which the table passes on as the engine reported it (EvMove).
func fromBlackjack(evs []blackjack.Event) []happening {
	out := make([]happening, 0, len(evs))
	for i := range evs {
		e := &evs[i]
		h := happening{player: e.Player, bets: e.Bets, lines: e.Lines, reason: e.Reason}
		switch e.Kind {
		case blackjack.EvOpened:
			h.kind = EvOpened
		case blackjack.EvPlaced:
			h.kind = EvPlaced
		case blackjack.EvCancelled:
			h.kind = EvCancelled
		case blackjack.EvClosed:
			h.kind = EvClosed
		case blackjack.EvSettled:
			h.kind = EvSettled
		case blackjack.EvVoided:
			h.kind = EvVoided
		default:
			h.kind = EvMove
		}
		h.blackjack = e
		out = append(out, h)
	}
	return out
}
