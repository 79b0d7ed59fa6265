package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/casinoholdem"
	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// holdemEngine is package casinoholdem behind the table (Casino Hold'em,
// gr; Texas Hold'em vs casino, ru): the bets, "no more bets" and the
// operator's void go as at the other tables; the deal, the boxes'
// decisions and the showdown are moves (CmdPlay, PokerMove).
type holdemEngine struct {
	r *casinoholdem.Rules
	s *casinoholdem.State
}

func (e holdemEngine) round() int64           { return e.s.Round }
func (e holdemEngine) phase() round.Phase     { return e.s.Phase }
func (e holdemEngine) bets() []round.Bet      { return e.s.Bets }
func (e holdemEngine) cancelled() []round.Bet { return e.s.Cancelled }
func (e holdemEngine) carried() []round.Bet   { return nil }
func (e holdemEngine) lines() []round.Line    { return e.s.Lines }
func (e holdemEngine) spins() []SpinView      { return nil }
func (e holdemEngine) choice(string) string   { return "" }
func (e holdemEngine) labels() []string       { return nil }
func (e holdemEngine) decks() int             { return 1 }
func (e holdemEngine) shoeOver() bool         { return true }
func (e holdemEngine) notInShoe(error) bool   { return false }
func (e holdemEngine) held(who string) int {
	return countBets(e.s.Bets, who) + countBets(e.s.Cancelled, who)
}

// limit is the Ante's: the table sign's (gr §1).
func (e holdemEngine) limit() round.Limit { return e.r.Limits.Ante }

func (e holdemEngine) outcome() (round.Verdict, string, string) {
	return cardOutcome(e.s.Phase, e.s.Reason)
}

func (e holdemEngine) apply(c casinoholdem.Command) ([]happening, error) {
	evs, err := casinoholdem.Apply(*e.r, e.s, c)
	if err != nil {
		return nil, err
	}
	out := make([]happening, 0, len(evs))
	for i := range evs {
		ev := &evs[i]
		pe := PokerEvent{Kind: ev.Kind.String(), Player: ev.Player, Box: ev.Box, Amount: ev.Amount, Seq: ev.Seq, Cards: ev.Cards, Vis: ev.Vis,
			Hand: ev.Hand, Qualifies: ev.Qualifies, Bets: ev.Bets, Lines: ev.Lines, Order: ev.Order, Reason: ev.Reason}
		if ev.Action != 0 {
			pe.Action = ev.Action.String()
		}
		out = append(out, pokerHappening(e.s.Owner, pe, ev.Deal))
	}
	return out, nil
}

func (e holdemEngine) open(n int64) ([]happening, error) {
	return e.apply(casinoholdem.Command{Kind: casinoholdem.CmdOpen, Round: n})
}

func (e holdemEngine) checkPlace(who string, n int64, bets []round.Bet) ([]round.Bet, error) {
	return casinoholdem.CheckPlace(*e.r, e.s, casinoholdem.Command{Kind: casinoholdem.CmdPlace, Round: n, Player: who, Bets: bets})
}

func (e holdemEngine) place(who string, n int64, bets []round.Bet) ([]happening, error) {
	return e.apply(casinoholdem.Command{Kind: casinoholdem.CmdPlace, Round: n, Player: who, Bets: bets})
}

func (e holdemEngine) cancel(who string, n int64, ids []string) ([]happening, error) {
	return e.apply(casinoholdem.Command{Kind: casinoholdem.CmdCancel, Round: n, Player: who, BetIDs: ids})
}

func (e holdemEngine) sameCancel(who string, n int64, ids []string) bool {
	return sameCancel(casinoholdem.CmdCancel, e.s.Round, e.s.Bets, e.s.Cancelled, who, n, ids)
}

func (e holdemEngine) close(n int64) ([]happening, error) {
	return e.apply(casinoholdem.Command{Kind: casinoholdem.CmdClose, Round: n})
}

func (e holdemEngine) void(n int64, reason string) ([]happening, error) {
	return e.apply(casinoholdem.Command{Kind: casinoholdem.CmdVoid, Round: n, Reason: reason})
}

func (e holdemEngine) spin(Source, *Draw, *Command) (spin, error) { return noSpin() }
func (e holdemEngine) result(int64, spin) ([]happening, error)    { return nil, noResult() }
func (e holdemEngine) sameResult(spin) bool                       { return false }
func (e holdemEngine) choose(string, int64, moneywheel.VoidChoice) ([]happening, error) {
	return nil, noChoice()
}
func (e holdemEngine) sameChoose(string, int64, moneywheel.VoidChoice) bool { return false }

// command is the PokerMove c carries as a casinoholdem command.
func (e holdemEngine) command(c *Command) (move, error) {
	if c.Poker == nil {
		return move{}, apierr.Invalid(ReasonBadMove, "a move carries its poker move")
	}
	p := c.Poker
	var m casinoholdem.Command
	if err := m.Kind.UnmarshalText([]byte(p.Kind)); err != nil {
		return move{}, apierr.Invalid(ReasonBadMove, "move %q: %v", p.Kind, err)
	}
	if p.Action != "" {
		if err := m.Action.UnmarshalText([]byte(p.Action)); err != nil {
			return move{}, apierr.Invalid(ReasonBadMove, "action %q: %v", p.Action, err)
		}
	}
	m.Box, m.Amount, m.Seq, m.Card, m.Pos = p.Box, p.Amount, p.Seq, p.Card, p.Pos
	mv := move{name: m.Kind.String(), box: m.Box}
	switch m.Kind {
	case casinoholdem.CmdDecide:
		mv.role, m.Player = rolePlayer, c.Who
	case casinoholdem.CmdTimeout:
		mv.role = roleTimeout
		if m.Seq == 0 {
			m.Seq = e.s.Turn.Seq
		}
	case casinoholdem.CmdCard:
		mv.role = roleDealer
	case casinoholdem.CmdShuffle:
		mv.role = roleShuffle
	default:
		mv.role = roleOther
	}
	mv.cmd = m
	return mv, nil
}

// stake is what a decision puts in: the Call (2 × Ante, gr §3).
func (e holdemEngine) stake(m move) (int64, error) {
	c := m.cmd.(casinoholdem.Command)
	s := e.s.Clone()
	if _, err := casinoholdem.Apply(*e.r, &s, c); err != nil {
		return 0, err
	}
	calls := func(s *casinoholdem.State) (n int64) {
		for _, b := range s.Boxes {
			if b.Player == c.Player {
				n += b.Call
			}
		}
		return n
	}
	return calls(&s) - calls(e.s), nil
}

func (e holdemEngine) play(m move) ([]happening, error) { return e.apply(m.cmd.(casinoholdem.Command)) }

func (e holdemEngine) onBox(b round.Bet, n int) bool {
	m, _, err := casinoholdem.ParseSpot(*e.r, b.Spot)
	return err == nil && m == n
}

func (e holdemEngine) due() (deal, shuffle bool) { return deckDue(e.s.Next.To) }

func (e holdemEngine) card(c card.Card) ([]happening, error) {
	return e.apply(casinoholdem.Command{Kind: casinoholdem.CmdCard, Card: c})
}

func (e holdemEngine) wait() (int, bool) { return deckWait(e.s.Phase, e.s.Next.To, e.s.Turn.Seq) }

func (e holdemEngine) timeout(n int64, seq int) *Command {
	return &Command{Kind: CmdPlay, Round: n, Poker: &PokerMove{Kind: casinoholdem.CmdTimeout.String(), Seq: seq}}
}

// felt is the round's felt, every card with its mark.
func (e holdemEngine) felt() Felt {
	s := e.s
	f := Felt{Dealer: slices.Clone(s.Dealer), DealerVis: marks(s.Deals, deck.ToDealer, 0, s.DealerShown), Board: slices.Clone(s.Board),
		Turn: FeltTurn{Seq: s.Turn.Seq, Box: s.Turn.Box, Player: s.Turn.Player}, Burns: s.Burns}
	f.Deals = feltDeals(s.Deals, s.Owner, func(to deck.Target, n int) bool {
		switch to {
		case deck.ToDealer:
			return s.DealerShown
		case deck.ToBox:
			for _, b := range s.Boxes {
				if b.N == n {
					return b.Shown
				}
			}
		}
		return false
	})
	if s.Stage != 0 {
		f.Stage = s.Stage.String()
	}
	for _, b := range s.Boxes {
		fb := FeltBox{N: b.N, Player: b.Player, Cards: slices.Clone(b.Cards), Vis: marks(s.Deals, deck.ToBox, b.N, b.Shown),
			Shown: b.Shown, Settled: b.Settled}
		if b.Action != 0 {
			fb.Action = b.Action.String()
		}
		fb.Stakes = stakes("ante", b.Ante, "aa_bonus", b.AABonus, "call", b.Call)
		f.Boxes = append(f.Boxes, fb)
	}
	return f
}

func (e holdemEngine) legal(player string) []PokerLegal {
	var out []PokerLegal
	for _, m := range casinoholdem.Legal(*e.r, e.s, player) {
		l := PokerLegal{Kind: m.Kind.String(), Box: m.Box, Spot: m.Spot, BetID: m.BetID, Min: m.Min, Max: m.Max, Seq: m.Seq}
		if m.Action != 0 {
			l.Action = m.Action.String()
		}
		out = append(out, l)
	}
	return out
}
