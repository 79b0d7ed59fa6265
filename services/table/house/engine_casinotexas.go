package house

import (
	"slices"
	"strings"

	"github.com/croupier/croupier/services/table/banked/casinotexas"
	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// texasEngine is package casinoholdem behind the table (Casino Hold'em,
// gr; Texas Hold'em vs casino, ru): the bets, "no more bets" and the
// operator's void go as at the other tables; the deal, the boxes'
// decisions and the showdown are moves (CmdPlay, PokerMove).
type texasEngine struct {
	r *casinotexas.Rules
	s *casinotexas.State
}

func (e texasEngine) round() int64           { return e.s.Round }
func (e texasEngine) phase() round.Phase     { return e.s.Phase }
func (e texasEngine) bets() []round.Bet      { return e.s.Bets }
func (e texasEngine) cancelled() []round.Bet { return e.s.Cancelled }
func (e texasEngine) carried() []round.Bet   { return nil }
func (e texasEngine) lines() []round.Line    { return e.s.Lines }
func (e texasEngine) spins() []SpinView      { return nil }
func (e texasEngine) choice(string) string   { return "" }
func (e texasEngine) labels() []string       { return nil }
func (e texasEngine) decks() int             { return 1 }
func (e texasEngine) shoeOver() bool         { return true }
func (e texasEngine) notInShoe(error) bool   { return false }
func (e texasEngine) held(who string) int {
	return countBets(e.s.Bets, who) + countBets(e.s.Cancelled, who)
}

// limit is the Ante's, which the Blind equals (cz §3).
func (e texasEngine) limit() round.Limit { return e.r.Limits.Ante }

func (e texasEngine) outcome() (round.Verdict, string, string) {
	return cardOutcome(e.s.Phase, e.s.Reason)
}

func (e texasEngine) apply(c casinotexas.Command) ([]happening, error) {
	evs, err := casinotexas.Apply(*e.r, e.s, c)
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

func (e texasEngine) open(n int64) ([]happening, error) {
	return e.apply(casinotexas.Command{Kind: casinotexas.CmdOpen, Round: n})
}

func (e texasEngine) checkPlace(who string, n int64, bets []round.Bet) ([]round.Bet, error) {
	return casinotexas.CheckPlace(*e.r, e.s, casinotexas.Command{Kind: casinotexas.CmdPlace, Round: n, Player: who, Bets: bets})
}

// place places what checkPlace said: each Ante brings its Blind again
// (cz §3), so the Blinds it listed are left out.
func (e texasEngine) place(who string, n int64, bets []round.Bet) ([]happening, error) {
	ante := make([]round.Bet, 0, len(bets))
	for _, b := range bets {
		if !strings.HasSuffix(b.Spot, "/"+casinotexas.BetBlind.String()) {
			ante = append(ante, b)
		}
	}
	return e.apply(casinotexas.Command{Kind: casinotexas.CmdPlace, Round: n, Player: who, Bets: ante})
}

func (e texasEngine) cancel(who string, n int64, ids []string) ([]happening, error) {
	return e.apply(casinotexas.Command{Kind: casinotexas.CmdCancel, Round: n, Player: who, BetIDs: ids})
}

func (e texasEngine) sameCancel(who string, n int64, ids []string) bool {
	return sameCancel(casinotexas.CmdCancel, e.s.Round, e.s.Bets, e.s.Cancelled, who, n, ids)
}

func (e texasEngine) close(n int64) ([]happening, error) {
	return e.apply(casinotexas.Command{Kind: casinotexas.CmdClose, Round: n})
}

func (e texasEngine) void(n int64, reason string) ([]happening, error) {
	return e.apply(casinotexas.Command{Kind: casinotexas.CmdVoid, Round: n, Reason: reason})
}

func (e texasEngine) spin(Source, *Draw, *Command) (spin, error) { return noSpin() }
func (e texasEngine) result(int64, spin) ([]happening, error)    { return nil, noResult() }
func (e texasEngine) sameResult(spin) bool                       { return false }
func (e texasEngine) choose(string, int64, moneywheel.VoidChoice) ([]happening, error) {
	return nil, noChoice()
}
func (e texasEngine) sameChoose(string, int64, moneywheel.VoidChoice) bool { return false }

// command is the PokerMove c carries as a casinoholdem command.
func (e texasEngine) command(c *Command) (move, error) {
	if c.Poker == nil {
		return move{}, apierr.Invalid(ReasonBadMove, "a move carries its poker move")
	}
	p := c.Poker
	var m casinotexas.Command
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
	case casinotexas.CmdDecide:
		mv.role, m.Player = rolePlayer, c.Who
	case casinotexas.CmdTimeout:
		mv.role = roleTimeout
		if m.Seq == 0 {
			m.Seq = e.s.Turn.Seq
		}
	case casinotexas.CmdCard:
		mv.role = roleDealer
	case casinotexas.CmdShuffle:
		mv.role = roleShuffle
	default:
		mv.role = roleOther
	}
	mv.cmd = m
	return mv, nil
}

// stake is what a decision puts in: the Play (cz §3).
func (e texasEngine) stake(m move) (int64, error) {
	c := m.cmd.(casinotexas.Command)
	s := e.s.Clone()
	if _, err := casinotexas.Apply(*e.r, &s, c); err != nil {
		return 0, err
	}
	plays := func(s *casinotexas.State) (n int64) {
		for _, b := range s.Boxes {
			if b.Player == c.Player {
				n += b.Play
			}
		}
		return n
	}
	return plays(&s) - plays(e.s), nil
}

func (e texasEngine) play(m move) ([]happening, error) { return e.apply(m.cmd.(casinotexas.Command)) }

func (e texasEngine) onBox(b round.Bet, n int) bool {
	m, _, err := casinotexas.ParseSpot(*e.r, b.Spot)
	return err == nil && m == n
}

func (e texasEngine) due() (deal, shuffle bool) { return deckDue(e.s.Next.To) }

func (e texasEngine) card(c card.Card) ([]happening, error) {
	return e.apply(casinotexas.Command{Kind: casinotexas.CmdCard, Card: c})
}

func (e texasEngine) wait() (int, bool) { return deckWait(e.s.Phase, e.s.Next.To, e.s.Turn.Seq) }

func (e texasEngine) timeout(n int64, seq int) *Command {
	return &Command{Kind: CmdPlay, Round: n, Poker: &PokerMove{Kind: casinotexas.CmdTimeout.String(), Seq: seq}}
}

// felt is the round's felt, every card with its mark.
func (e texasEngine) felt() Felt {
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
	if s.Street != 0 {
		f.Stage += "/" + s.Street.String()
	}
	for _, b := range s.Boxes {
		fb := FeltBox{N: b.N, Player: b.Player, Cards: slices.Clone(b.Cards), Vis: marks(s.Deals, deck.ToBox, b.N, b.Shown),
			Shown: b.Shown, Settled: b.Settled}
		if b.Action != 0 {
			fb.Action = b.Action.String()
		}
		fb.Stakes = stakes("ante", b.Ante, "blind", b.Blind, "trips", b.Trips, "play", b.Play)
		f.Boxes = append(f.Boxes, fb)
	}
	return f
}

func (e texasEngine) legal(player string) []PokerLegal {
	var out []PokerLegal
	for _, m := range casinotexas.Legal(*e.r, e.s, player) {
		l := PokerLegal{Kind: m.Kind.String(), Box: m.Box, Spot: m.Spot, BetID: m.BetID, Min: m.Min, Max: m.Max, Seq: m.Seq}
		if m.Action != 0 {
			l.Action = m.Action.String()
		}
		out = append(out, l)
	}
	return out
}
