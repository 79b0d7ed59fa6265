package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/shared/card"
)

// The casino poker games (Casino Hold'em, Casino Texas Hold'em, and the
// family's others) play on after "no more bets" as blackjack does, move
// by move (CmdPlay), but their felt hides cards: a box's face-down cards
// are its player's until the showdown shows them, the dealer's hole
// cards nobody's until he turns them up, a burn nobody's ever. The
// engines mark every card they deal (round.Visibility); the table
// carries each engine's moves, events and felt in the family's common
// terms (PokerMove, PokerEvent, Felt) and filters them for each viewer
// here and nowhere else. An operator or a service (an internal viewer)
// sees the boxes' cards, as the studio's surveillance does, but no more
// of the dealer's or the deck than a player: no hidden card leaves the
// table before the rules show it.

// PokerMove is a casino poker game's move, named as its engine names its
// commands and actions, the same for every game of the family.
type PokerMove struct {
	// Kind: "decide" (a player's Action for Box), "timeout" (the clock's
	// default for the wait Seq), "card" (a dealer table's Card at Pos, 0
	// the next), "shuffle" (a new deck).
	Kind string `json:"kind"`
	Box  int    `json:"box,omitempty"`
	// Action is the game's action ("call", "fold", "check", "play");
	// Amount, if given, the stake it puts in (a Call's 2 × Ante, a
	// Play's multiple), which the engine checks.
	Action string `json:"action,omitempty"`
	Amount int64  `json:"amount,omitempty"`
	// Insurance is a Bet's insurance (Russian poker, ru §3.29), 0 for
	// none.
	Insurance int64 `json:"insurance,omitempty"`
	// Cards are a decision's cards: an exchange's discards, a bought
	// hand's split into its big and small hands (the games that have
	// them).
	Cards []card.Card `json:"cards,omitempty"`
	Seq   int         `json:"seq,omitempty"`
	Card  card.Card   `json:"card,omitempty"`
	Pos   int         `json:"pos,omitempty"`
}

// PokerEvent is a casino poker engine's event after "no more bets" (a
// card dealt or shown, a turn, a decision, a stake, lines paid before
// the end) in the family's terms. Its slices are its own.
type PokerEvent struct {
	// Kind is the engine's event name ("dealt", "turn", "decided",
	// "staked", "paid", "shown", "shuffled").
	Kind string `json:"kind"`
	// Player is the player the event is about: the box's, for a card
	// dealt to it (whose private card it is).
	Player string `json:"player,omitempty"`
	Box    int    `json:"box,omitempty"`
	Action string `json:"action,omitempty"`
	Amount int64  `json:"amount,omitempty"`
	Seq    int    `json:"seq,omitempty"`
	// To and Pos are a dealt card's place ("box", "dealer", "board",
	// "burn") and its position in the deck.
	To  string `json:"to,omitempty"`
	Pos int    `json:"pos,omitempty"`
	// Cards are the cards dealt or shown, Vis who may see them; For
	// leaves them out for a viewer who may not and counts them in Unseen.
	Cards     []card.Card      `json:"cards,omitempty"`
	Vis       round.Visibility `json:"vis,omitempty"`
	Unseen    int              `json:"unseen,omitempty"`
	Hand      string           `json:"hand,omitempty"`
	Qualifies bool             `json:"qualifies,omitempty"`
	Bets      []round.Bet      `json:"bets,omitempty"`
	Lines     []round.Line     `json:"lines,omitempty"`
	Order     []int            `json:"order,omitempty"`
	Reason    string           `json:"reason,omitempty"`
}

// sees reports whether v may see a card marked vis that belongs to
// owner's box: a public card everyone, a private one its player and
// internal viewers, a hidden one nobody.
func sees(v game.Viewer, vis round.Visibility, owner string) bool {
	switch vis {
	case round.Public:
		return true
	case round.Private:
		return v.Internal || (v.Player != "" && v.Player == owner)
	}
	return false
}

// forPoker is a poker move as v may see it: its cards left out where v
// may not see them, other players' ids blanked where v may not see them.
func forPoker(e Event, v game.Viewer) Event {
	m := *e.Poker
	if len(m.Cards) > 0 && !sees(v, m.Vis, m.Player) {
		m.Unseen, m.Cards = len(m.Cards), nil
	}
	hide := func(p string) string { return shownID(p, v) }
	m.Player = hide(m.Player)
	m.Bets, m.Lines = slices.Clone(m.Bets), slices.Clone(m.Lines)
	scrubBets(m.Bets, hide)
	scrubLines(m.Lines, hide)
	e.Poker = &m
	return e
}

// shownID is a player's key as v may see it: the key itself, or "" (a
// view's or an event's name says whose it is).
func shownID(who string, v game.Viewer) string {
	if who == "" || v.SeesPlayerID(who) {
		return who
	}
	return ""
}

// Felt is a casino poker round on the table: the boxes with their stakes
// and cards, the dealer's cards, the board, whose decision it is. As the
// engine builds it every card is there with its mark (Vis); For gives
// the felt as one viewer may see it, the cards he may not see left out
// and counted.
type Felt struct {
	Stage string    `json:"stage,omitempty"`
	Boxes []FeltBox `json:"boxes,omitempty"`
	// Dealer are the dealer's cards, DealerVis their marks (the hands'
	// names are in the showdown's events).
	Dealer       []card.Card        `json:"dealer,omitempty"`
	DealerVis    []round.Visibility `json:"dealer_vis,omitempty"`
	DealerUnseen int                `json:"dealer_unseen,omitempty"`
	Board        []card.Card        `json:"board,omitempty"`
	// Turn is the decision the round waits for: its wait number, the
	// box, its player (blanked where the viewer may not see his id) and
	// his name.
	Turn FeltTurn `json:"turn"`
	// Burns counts the burnt cards (never shown).
	Burns int `json:"burns,omitempty"`
	// Deals are where each card of the deck went, by position, with its
	// mark and the player of its box: what the fairness proof may open
	// for a viewer (Seen). For keeps those the viewer may see.
	Deals []FeltDeal `json:"deals,omitempty"`
}

// FeltDeal is one card dealt from the round's deck: its position (from
// 1), its mark (Public once shown), and the player of the box it went to.
type FeltDeal struct {
	Pos    int              `json:"pos"`
	Vis    round.Visibility `json:"vis"`
	Player string           `json:"player,omitempty"`
}

// Seen are the deck positions (0 = the top card) of the cards v was
// shown in the round: the board, the cards shown, his own box's. The
// fairness proof opens these and no other: a folded box's face-down
// cards, the dealer's unshown ones, the burns and the rest of the deck
// stay sealed.
func (f Felt) Seen(v game.Viewer) []int32 {
	var out []int32
	for _, d := range f.Deals {
		if sees(game.Viewer{Player: v.Player}, d.Vis, d.Player) {
			out = append(out, int32(d.Pos-1))
		}
	}
	slices.Sort(out)
	return out
}

// feltDeals are the round's deals as the felt keeps them, marked as the
// showdown left them (shown: the box's or the dealer's cards were turned
// up).
func feltDeals(deals []deck.Deal, owner func(int) string, shown func(deck.Target, int) bool) []FeltDeal {
	out := make([]FeltDeal, 0, len(deals))
	for _, d := range deals {
		fd := FeltDeal{Pos: d.Pos, Vis: d.Vis}
		if d.To == deck.ToBox {
			fd.Player = owner(d.Box)
		}
		if shown(d.To, d.Box) {
			fd.Vis = round.Public
		}
		out = append(out, fd)
	}
	return out
}

// FeltTurn is whose decision a casino poker round waits for.
type FeltTurn struct {
	Seq    int    `json:"seq,omitempty"`
	Box    int    `json:"box,omitempty"`
	Player string `json:"player,omitempty"`
	Name   string `json:"name,omitempty"`
}

// FeltBox is a box in play.
type FeltBox struct {
	N      int    `json:"n"`
	Player string `json:"player,omitempty"`
	Name   string `json:"name,omitempty"`
	// Stakes are the box's stakes by kind ("ante", "aa_bonus", "call",
	// "blind", "trips", "play"), in the game's order.
	Stakes []FeltStake `json:"stakes,omitempty"`
	// Cards are the box's cards, Vis their marks, Unseen the count of
	// those left out for the viewer. A stud game's are every card dealt
	// to the box, in the order dealt, an exchange's discards too (its
	// player's, never shown).
	Cards  []card.Card        `json:"cards,omitempty"`
	Vis    []round.Visibility `json:"vis,omitempty"`
	Unseen int                `json:"unseen,omitempty"`
	// Action is the box's last decision ("" before it takes one).
	Action  string `json:"action,omitempty"`
	Shown   bool   `json:"shown,omitempty"`
	Settled bool   `json:"settled,omitempty"`
}

// FeltStake is one stake on a box.
type FeltStake struct {
	Kind   string `json:"kind"`
	Amount int64  `json:"amount"`
}

// For is the felt as v may see it.
func (f Felt) For(v game.Viewer) Felt {
	out := f
	out.Dealer, out.DealerUnseen = pick(f.Dealer, f.DealerVis, v, "")
	out.DealerVis = nil
	out.Boxes = slices.Clone(f.Boxes)
	for i := range out.Boxes {
		b := &out.Boxes[i]
		b.Cards, b.Unseen = pick(b.Cards, b.Vis, v, b.Player)
		b.Vis = nil
		b.Player = shownID(b.Player, v)
	}
	out.Turn.Player = shownID(f.Turn.Player, v)
	out.Deals = nil
	for _, d := range f.Deals {
		if sees(v, d.Vis, d.Player) {
			d.Player = shownID(d.Player, v)
			out.Deals = append(out.Deals, d)
		}
	}
	return out
}

// pick are the cards of cs that v may see (marked by vis, of owner's
// box) and how many it left out.
func pick(cs []card.Card, vis []round.Visibility, v game.Viewer, owner string) ([]card.Card, int) {
	var out []card.Card
	for i, c := range cs {
		if i < len(vis) && sees(v, vis[i], owner) {
			out = append(out, c)
		}
	}
	return out, len(cs) - len(out)
}

// marks are the marks of the cards dealt to a place, in the order dealt:
// the deal's own, Public once shown.
func marks(deals []deck.Deal, to deck.Target, box int, shown bool) []round.Visibility {
	var out []round.Visibility
	for _, d := range deals {
		if d.To != to || d.Box != box {
			continue
		}
		v := d.Vis
		if shown {
			v = round.Public
		}
		out = append(out, v)
	}
	return out
}

// PokerView is a casino poker table's round as one viewer may see it.
type PokerView struct {
	Felt Felt `json:"felt"`
	// Legal are the viewer's moves now.
	Legal []PokerLegal `json:"legal,omitempty"`
	// Deadline is when the decision the round waits for is due (0:
	// none); Clock the decision clock (ms).
	Deadline int64 `json:"deadline,omitempty"`
	Clock    int64 `json:"clock_ms"`
	// Shoes are the decks' public records (one a round), the current
	// last.
	Shoes []ShoeRecord `json:"shoes,omitempty"`
}

// PokerLegal is a move a player may make now: a bet on a spot while bets
// are open (Kind "place", Spot, Min..Max), a cancel (BetID), or a
// decision (Kind "decide", Action, Amount exactly Min = Max, Seq).
type PokerLegal struct {
	Kind   string `json:"kind"`
	Box    int    `json:"box"`
	Spot   string `json:"spot,omitempty"`
	BetID  string `json:"bet_id,omitempty"`
	Action string `json:"action,omitempty"`
	Min    int64  `json:"min,omitempty"`
	Max    int64  `json:"max,omitempty"`
	Seq    int    `json:"seq,omitempty"`
	// InsuranceMin..InsuranceMax bound a Bet's insurance where the hand
	// may be insured (Russian poker); Cards are a decision's cards where
	// the game lists them (a bought Split poker hand's partition as
	// dealt).
	InsuranceMin int64       `json:"insurance_min,omitempty"`
	InsuranceMax int64       `json:"insurance_max,omitempty"`
	Cards        []card.Card `json:"cards,omitempty"`
}

// pokerGame is a casino poker engine behind the table: a card game whose
// felt it shows in the family's terms.
type pokerGame interface {
	cardGame
	felt() Felt
	legal(player string) []PokerLegal
}

// pokerView is the table's casino poker round as v may see it, nil at
// another game's table.
func (t *Table) pokerView(v game.Viewer) *PokerView {
	g, ok := t.engine().(pokerGame)
	if !ok {
		return nil
	}
	f := g.felt()
	for i := range f.Boxes {
		f.Boxes[i].Name = t.nameOf(f.Boxes[i].Player)
	}
	f.Turn.Name = t.nameOf(f.Turn.Player)
	out := &PokerView{Felt: f.For(v), Deadline: t.Deadline(), Clock: t.Config.Clock.Milliseconds(), Shoes: slices.Clone(t.Shoes)}
	if v.Player != "" && t.Players[v.Player] != nil {
		out.Legal = g.legal(v.Player)
	}
	return out
}

// stakes lists a box's stakes from kind, amount pairs, leaving out those
// it has none of.
func stakes(pairs ...any) []FeltStake {
	var out []FeltStake
	for i := 0; i+1 < len(pairs); i += 2 {
		if n := pairs[i+1].(int64); n > 0 {
			out = append(out, FeltStake{Kind: pairs[i].(string), Amount: n})
		}
	}
	return out
}

// pokerHappening is a casino poker engine's event as the table takes it:
// the bets' events and the round's ends in every game's terms, anything
// else a move (EvMove) carrying pe, a card dealt (d) with its place and
// mark, and the box's player, whose private card it is (owner).
func pokerHappening(owner func(int) string, pe PokerEvent, d deck.Deal) happening {
	if d.To != 0 {
		pe.To, pe.Pos, pe.Box, pe.Vis = d.To.String(), d.Pos, d.Box, d.Vis
		pe.Cards = []card.Card{d.Card}
	}
	if pe.Player == "" && pe.Box > 0 {
		pe.Player = owner(pe.Box)
	}
	h := happening{player: pe.Player, bets: pe.Bets, lines: pe.Lines, reason: pe.Reason}
	switch pe.Kind {
	case "opened":
		h.kind = EvOpened
	case "placed":
		h.kind = EvPlaced
	case "cancelled":
		h.kind = EvCancelled
	case "closed":
		h.kind = EvClosed
	case "settled":
		h.kind = EvSettled
	case "voided":
		h.kind = EvVoided
	default:
		h.kind = EvMove
		h.poker = &pe
	}
	return h
}
