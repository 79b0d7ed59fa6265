package house

import (
	"encoding"
	"slices"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// A casino poker engine is the same shape whatever the game (package
// round's model): Rules, a State, Apply and CheckPlace on a Command,
// Events, Legal. pokerEngine drives any of them behind the table through
// the game's pokerOps, its few functions that know the game's types; the
// game's adapter adds its felt and legal moves (the family's terms).

// pokerCmd is an engine command in the family's terms: Kind and Action
// are the engine's names ("open", "place", "decide", "pass").
type pokerCmd struct {
	Kind      string
	Round     int64
	Player    string
	Box       int
	Bets      []round.Bet
	BetIDs    []string
	Card      card.Card
	Pos       int
	Action    string
	Amount    int64
	Insurance int64
	Cards     []card.Card
	Seq       int
	Reason    string
}

// pokerRound is what the table reads of an engine's round state.
type pokerRound struct {
	Round     int64
	Phase     round.Phase
	Bets      []round.Bet
	Cancelled []round.Bet
	Lines     []round.Line
	Reason    string
	Turn      int
	Next      deck.Target
}

// pokerOps are a casino poker game's engine functions and the readings
// of its types (R its Rules, S its State, C its Command, E its Event).
type pokerOps[R, S, C, E any] struct {
	apply      func(R, *S, C) ([]E, error)
	checkPlace func(R, *S, C) ([]round.Bet, error)
	clone      func(*S) *S
	// command is the engine's command for c, its names parsed.
	command func(c pokerCmd) (C, error)
	// read is the round as the table reads it; owner the player of a
	// box; event an engine event in the family's terms with its deal.
	read  func(*S) pokerRound
	owner func(*S, int) string
	event func(*E) (PokerEvent, deck.Deal)
	// staked is what player has staked by deciding on his boxes (a
	// Call, a Play, a Bet, an insurance, a fee).
	staked func(s *S, player string) int64
	// onBox reports a spot of box n.
	onBox func(R, string, int) bool
	// limit is the table sign's (the Ante's).
	limit func(R) round.Limit
}

// pokerEngine is a casino poker engine behind the table.
type pokerEngine[R, S, C, E any] struct {
	r  *R
	s  *S
	op *pokerOps[R, S, C, E]
}

func (e pokerEngine[R, S, C, E]) round() int64           { return e.op.read(e.s).Round }
func (e pokerEngine[R, S, C, E]) phase() round.Phase     { return e.op.read(e.s).Phase }
func (e pokerEngine[R, S, C, E]) bets() []round.Bet      { return e.op.read(e.s).Bets }
func (e pokerEngine[R, S, C, E]) cancelled() []round.Bet { return e.op.read(e.s).Cancelled }
func (e pokerEngine[R, S, C, E]) carried() []round.Bet   { return nil }
func (e pokerEngine[R, S, C, E]) lines() []round.Line    { return e.op.read(e.s).Lines }
func (e pokerEngine[R, S, C, E]) spins() []SpinView      { return nil }
func (e pokerEngine[R, S, C, E]) choice(string) string   { return "" }
func (e pokerEngine[R, S, C, E]) labels() []string       { return nil }
func (e pokerEngine[R, S, C, E]) decks() int             { return 1 }
func (e pokerEngine[R, S, C, E]) shoeOver() bool         { return true }
func (e pokerEngine[R, S, C, E]) notInShoe(error) bool   { return false }
func (e pokerEngine[R, S, C, E]) limit() round.Limit     { return e.op.limit(*e.r) }
func (e pokerEngine[R, S, C, E]) held(who string) int {
	rd := e.op.read(e.s)
	return countBets(rd.Bets, who) + countBets(rd.Cancelled, who)
}

func (e pokerEngine[R, S, C, E]) outcome() (round.Verdict, string, string) {
	rd := e.op.read(e.s)
	return cardOutcome(rd.Phase, rd.Reason)
}

// do applies the family's command c.
func (e pokerEngine[R, S, C, E]) do(c pokerCmd) ([]happening, error) {
	m, err := e.op.command(c)
	if err != nil {
		return nil, err
	}
	return e.apply(m)
}

func (e pokerEngine[R, S, C, E]) apply(c C) ([]happening, error) {
	evs, err := e.op.apply(*e.r, e.s, c)
	if err != nil {
		return nil, err
	}
	owner := func(n int) string { return e.op.owner(e.s, n) }
	out := make([]happening, 0, len(evs))
	for i := range evs {
		pe, d := e.op.event(&evs[i])
		out = append(out, pokerHappening(owner, pe, d))
	}
	return out, nil
}

func (e pokerEngine[R, S, C, E]) open(n int64) ([]happening, error) {
	return e.do(pokerCmd{Kind: "open", Round: n})
}

func (e pokerEngine[R, S, C, E]) checkPlace(who string, n int64, bets []round.Bet) ([]round.Bet, error) {
	c, err := e.op.command(pokerCmd{Kind: "place", Round: n, Player: who, Bets: bets})
	if err != nil {
		return nil, err
	}
	return e.op.checkPlace(*e.r, e.s, c)
}

func (e pokerEngine[R, S, C, E]) place(who string, n int64, bets []round.Bet) ([]happening, error) {
	return e.do(pokerCmd{Kind: "place", Round: n, Player: who, Bets: bets})
}

func (e pokerEngine[R, S, C, E]) cancel(who string, n int64, ids []string) ([]happening, error) {
	return e.do(pokerCmd{Kind: "cancel", Round: n, Player: who, BetIDs: ids})
}

func (e pokerEngine[R, S, C, E]) sameCancel(who string, n int64, ids []string) bool {
	rd := e.op.read(e.s)
	return sameCancel(cancelKind{}, rd.Round, rd.Bets, rd.Cancelled, who, n, ids)
}

// cancelKind names a cancel in round.CheckRound's messages.
type cancelKind struct{}

func (cancelKind) String() string { return "cancel" }

func (e pokerEngine[R, S, C, E]) close(n int64) ([]happening, error) {
	return e.do(pokerCmd{Kind: "close", Round: n})
}

func (e pokerEngine[R, S, C, E]) void(n int64, reason string) ([]happening, error) {
	return e.do(pokerCmd{Kind: "void", Round: n, Reason: reason})
}

func (e pokerEngine[R, S, C, E]) spin(Source, *Draw, *Command) (spin, error) { return noSpin() }
func (e pokerEngine[R, S, C, E]) result(int64, spin) ([]happening, error)    { return nil, noResult() }
func (e pokerEngine[R, S, C, E]) sameResult(spin) bool                       { return false }
func (e pokerEngine[R, S, C, E]) choose(string, int64, moneywheel.VoidChoice) ([]happening, error) {
	return nil, noChoice()
}
func (e pokerEngine[R, S, C, E]) sameChoose(string, int64, moneywheel.VoidChoice) bool {
	return false
}

// command is the PokerMove c carries as the engine's command: a player's
// decision (every choice a player makes is one, with its action), the
// clock's timeout (for the current wait if it names none), a dealer's
// card, a shuffle.
func (e pokerEngine[R, S, C, E]) command(c *Command) (move, error) {
	role, err := pokerRole(c)
	if err != nil {
		return move{}, err
	}
	p := c.Poker
	pc := pokerCmd{Kind: p.Kind, Box: p.Box, Action: p.Action, Amount: p.Amount, Insurance: p.Insurance, Cards: p.Cards,
		Seq: p.Seq, Card: p.Card, Pos: p.Pos}
	switch role {
	case rolePlayer:
		pc.Player = c.Who
	case roleTimeout:
		if pc.Seq == 0 {
			pc.Seq = e.op.read(e.s).Turn
		}
	}
	m, err := e.op.command(pc)
	if err != nil {
		return move{}, err
	}
	return move{role: role, name: p.Kind, box: p.Box, player: pc.Player, cmd: m}, nil
}

// stake is what a decision puts in: what the player has staked by
// deciding after it, less before (the engine's lines say which stakes,
// the fees, are lost at once).
func (e pokerEngine[R, S, C, E]) stake(m move) (int64, error) {
	s := e.op.clone(e.s)
	if _, err := e.op.apply(*e.r, s, m.cmd.(C)); err != nil {
		return 0, err
	}
	return e.op.staked(s, m.player) - e.op.staked(e.s, m.player), nil
}

func (e pokerEngine[R, S, C, E]) play(m move) ([]happening, error) { return e.apply(m.cmd.(C)) }

func (e pokerEngine[R, S, C, E]) onBox(b round.Bet, n int) bool { return e.op.onBox(*e.r, b.Spot, n) }

func (e pokerEngine[R, S, C, E]) due() (deal, shuffle bool) { return deckDue(e.op.read(e.s).Next) }

func (e pokerEngine[R, S, C, E]) card(c card.Card) ([]happening, error) {
	return e.do(pokerCmd{Kind: "card", Card: c})
}

func (e pokerEngine[R, S, C, E]) wait() (int, bool) {
	rd := e.op.read(e.s)
	return deckWait(rd.Phase, rd.Next, rd.Turn)
}

func (e pokerEngine[R, S, C, E]) timeout(n int64, seq int) *Command {
	return &Command{Kind: CmdPlay, Round: n, Poker: &PokerMove{Kind: "timeout", Seq: seq}}
}

// pokerRole says who may send the PokerMove c carries: every casino
// poker engine names its commands "decide" (a player's), "timeout",
// "card" and "shuffle".
func pokerRole(c *Command) (moveRole, error) {
	if c.Poker == nil {
		return 0, apierr.Invalid(ReasonBadMove, "a move carries its poker move")
	}
	switch c.Poker.Kind {
	case "decide":
		return rolePlayer, nil
	case "timeout":
		return roleTimeout, nil
	case "card":
		return roleDealer, nil
	case "shuffle":
		return roleShuffle, nil
	}
	return roleOther, nil
}

// pokerNames reads a command's kind and action names into an engine's
// named types.
func pokerNames[K, A any, PK interface {
	*K
	encoding.TextUnmarshaler
}, PA interface {
	*A
	encoding.TextUnmarshaler
}](c pokerCmd) (kind K, action A, err error) {
	if err := PK(&kind).UnmarshalText([]byte(c.Kind)); err != nil {
		return kind, action, apierr.Invalid(ReasonBadMove, "move %q: %v", c.Kind, err)
	}
	if c.Action != "" {
		if err := PA(&action).UnmarshalText([]byte(c.Action)); err != nil {
			return kind, action, apierr.Invalid(ReasonBadMove, "action %q: %v", c.Action, err)
		}
	}
	return kind, action, nil
}

// boardFelt is a board game's felt (Casino Hold'em, Casino Texas
// Hold'em): the dealer's cards and the board, the boxes (their cards
// given, marked here as dealt, Public once shown) and the deals.
func boardFelt(deals []deck.Deal, owner func(int) string, dealer, board []card.Card, dealerShown bool, turn FeltTurn, burns int, stage string, boxes []FeltBox) Felt {
	f := Felt{Dealer: slices.Clone(dealer), DealerVis: marks(deals, deck.ToDealer, 0, dealerShown), Board: slices.Clone(board),
		Turn: turn, Burns: burns, Stage: stage, Boxes: boxes}
	shown := map[int]bool{}
	for i := range f.Boxes {
		b := &f.Boxes[i]
		b.Vis, shown[b.N] = marks(deals, deck.ToBox, b.N, b.Shown), b.Shown
	}
	f.Deals = feltDeals(deals, owner, func(to deck.Target, n int) bool {
		switch to {
		case deck.ToDealer:
			return dealerShown
		case deck.ToBox:
			return shown[n]
		}
		return false
	})
	return f
}
