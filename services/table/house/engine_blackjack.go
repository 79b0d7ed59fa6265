package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
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
	return cardOutcome(e.s.Phase, e.s.Reason)
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
	return sameCancel(blackjack.CmdCancel, e.s.Round, e.s.Bets, e.s.Cancelled, who, n, ids)
}

func (e blackjackEngine) close(n int64) ([]happening, error) {
	return e.apply(blackjack.Command{Kind: blackjack.CmdClose, Round: n})
}

func (e blackjackEngine) spin(Source, *Draw, *Command) (spin, error) { return noSpin() }
func (e blackjackEngine) result(int64, spin) ([]happening, error)    { return nil, noResult() }
func (e blackjackEngine) sameResult(spin) bool                       { return false }
func (e blackjackEngine) choose(string, int64, moneywheel.VoidChoice) ([]happening, error) {
	return nil, noChoice()
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
		e := evs[i]
		e.Bets, e.Lines, e.Order = slices.Clone(e.Bets), slices.Clone(e.Lines), slices.Clone(e.Order)
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
		h.blackjack = &e
		out = append(out, h)
	}
	return out
}

// command is the blackjack move c carries.
func (e blackjackEngine) command(c *Command) (move, error) {
	if c.Blackjack == nil {
		return move{}, apierr.Invalid(ReasonBadMove, "a move carries its blackjack command")
	}
	m := *c.Blackjack
	m.Bets, m.BetIDs = nil, nil
	mv := move{name: m.Kind.String(), box: m.Box}
	switch k := m.Kind; k {
	case blackjack.CmdInsure, blackjack.CmdEvenMoney, blackjack.CmdSurrender, blackjack.CmdDecide, blackjack.CmdFollow:
		mv.role, m.Player = rolePlayer, c.Who
	case blackjack.CmdTimeout:
		mv.role = roleTimeout
		if m.Seq == 0 {
			m.Seq = e.s.Turn.Seq
		}
	case blackjack.CmdCard, blackjack.CmdBurn, blackjack.CmdMarker:
		mv.role = roleDealer
	case blackjack.CmdShuffle:
		mv.role = roleShuffle
		if c.Shoe != nil {
			m.Cut, m.Marker = 0, c.Shoe.Marker
		}
	case blackjack.CmdDealerChange:
		mv.role = roleChange
	default:
		mv.role = roleOther
	}
	mv.cmd = m
	return mv, nil
}

func (e blackjackEngine) stake(m move) (int64, error) {
	c := m.cmd.(blackjack.Command)
	s := e.s.Clone()
	if _, err := blackjack.Apply(*e.r, &s, c); err != nil {
		return 0, err
	}
	return committed(&s, c.Player) - committed(e.s, c.Player), nil
}

func (e blackjackEngine) play(m move) ([]happening, error) { return e.apply(m.cmd.(blackjack.Command)) }

func (e blackjackEngine) onBox(b round.Bet, n int) bool { return b.Spot == blackjack.BoxSpot(n) }

func (e blackjackEngine) due() (deal, shuffle bool) {
	switch e.s.Next.To {
	case blackjack.ToBurn, blackjack.ToBox, blackjack.ToDealer:
		return true, false
	case blackjack.ToShuffle:
		return false, true
	}
	return false, false
}

func (e blackjackEngine) card(c card.Card) ([]happening, error) {
	return e.apply(blackjack.Command{Kind: blackjack.CmdCard, Card: c})
}

func (e blackjackEngine) notInShoe(err error) bool {
	return apierr.Reason(err) == blackjack.ReasonCardNotInShoe
}

func (e blackjackEngine) wait() (int, bool) {
	if e.s.Phase != round.Closed || e.s.Next.To != 0 {
		return 0, false
	}
	return e.s.Turn.Seq, true
}

func (e blackjackEngine) timeout(n int64, seq int) *Command {
	return &Command{Kind: CmdPlay, Round: n, Blackjack: &blackjack.Command{Kind: blackjack.CmdTimeout, Seq: seq}}
}

func (e blackjackEngine) shoeOver() bool { return e.s.Shoe.MarkerOut }
func (e blackjackEngine) decks() int     { return e.r.Decks }

// committed is what a player has put in the round beyond his bets, or
// promised: insurance, split and double stakes, and his part of a double
// or split that waits for the co-bettors' answers.
func committed(s *blackjack.State, who string) int64 {
	var n int64
	for _, b := range s.Boxes {
		for k, bt := range b.Bettors {
			if bt.Player != who {
				continue
			}
			n += bt.Insurance
			for _, h := range b.Hands {
				n += h.Stakes[k].Base + h.Stakes[k].Double
			}
			n -= bt.Stake // his bet, on the first hand
			if s.Turn.Follow != 0 && s.Turn.Box == b.N {
				n += pending(s, &b, k)
			}
		}
	}
	return n
}

// pending is bettor k's part of the double or split that waits for the
// co-bettors: the owner's, and a co-bettor's who follows.
func pending(s *blackjack.State, b *blackjack.Box, k int) int64 {
	t := &s.Turn
	owner := b.Bettors[k].Player == s.Owner(b.N)
	switch {
	case !owner && t.Answers[k] != blackjack.Follows:
		return 0
	case t.Follow == blackjack.Split:
		return b.Bettors[k].Stake
	case owner:
		return t.Amount
	}
	return t.Amounts[k]
}
