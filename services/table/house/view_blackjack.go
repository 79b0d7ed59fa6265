package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
)

// A blackjack table hides nothing on the felt: there is no hole card, so
// every card dealt, every box's bets and every decision are public. What
// stays hidden is the shoe (the cards not dealt: Table.Shoe is in no
// view and no event) and, from a viewer who may not see it, another
// player's id: his name is shown instead.

// BlackjackView is a blackjack round as one viewer may see it.
type BlackjackView struct {
	// Round is the engine's round with other players' ids replaced by
	// their names where the viewer may not see them.
	Round blackjack.State `json:"round"`
	// Legal are the viewer's moves now (blackjack.Legal).
	Legal []blackjack.Move `json:"legal,omitempty"`
	// Deadline is when the decision the round waits for is due (0: none).
	Deadline int64 `json:"deadline,omitempty"`
	// Shoes are the table's shoes' public records, the current last.
	Shoes []ShoeRecord `json:"shoes,omitempty"`
	// Clock is the decision clock.
	Clock int64 `json:"clock_ms"`
	// Names are the display names of each box's bettors (by box, in
	// bettor order) and of the player deciding now.
	Names    map[int][]string `json:"names,omitempty"`
	TurnName string           `json:"turn_name,omitempty"`
}

// blackjackView is the table's blackjack round as v may see it.
func (t *Table) blackjackView(v game.Viewer) *BlackjackView {
	if t.Blackjack == nil {
		return nil
	}
	s := t.Blackjack.Clone()
	out := &BlackjackView{Deadline: t.Deadline(), Shoes: slices.Clone(t.Shoes), Clock: t.Config.Clock.Milliseconds(),
		Names: map[int][]string{}, TurnName: t.nameOf(s.Turn.Player)}
	for _, b := range s.Boxes {
		for _, bt := range b.Bettors {
			out.Names[b.N] = append(out.Names[b.N], t.nameOf(bt.Player))
		}
	}
	t.scrubRound(&s, v)
	out.Round = s
	if v.Player != "" && t.Players[v.Player] != nil {
		out.Legal = blackjack.Legal(*t.Config.Blackjack, t.Blackjack, v.Player)
	}
	return out
}

// scrubRound replaces in a copy of a round the ids v may not see.
func (t *Table) scrubRound(s *blackjack.State, v game.Viewer) {
	f := func(p string) string { return shownID(p, v) }
	scrubBets(s.Bets, f)
	scrubBets(s.Cancelled, f)
	scrubLines(s.Lines, f)
	for i := range s.Boxes {
		for k := range s.Boxes[i].Bettors {
			bt := &s.Boxes[i].Bettors[k]
			bt.Player = f(bt.Player)
		}
	}
	for i := range s.Decisions {
		s.Decisions[i].Player = f(s.Decisions[i].Player)
	}
	s.Turn.Player = f(s.Turn.Player)
}

func scrubBets(bets []round.Bet, f func(string) string) {
	for i := range bets {
		bets[i].Player = f(bets[i].Player)
	}
}

func scrubLines(lines []round.Line, f func(string) string) {
	for i := range lines {
		lines[i].Player = f(lines[i].Player)
	}
}

// forMove is a move as v may see it: another player's id in it blanked
// where v may not see it (the event's Name says whose it is).
func forMove(e Event, v game.Viewer) Event {
	if e.Poker != nil {
		return forPoker(e, v)
	}
	if e.Blackjack == nil {
		return e
	}
	hide := func(p string) string { return shownID(p, v) }
	m := *e.Blackjack
	m.Player = hide(m.Player)
	m.Bets, m.Lines = slices.Clone(m.Bets), slices.Clone(m.Lines)
	scrubBets(m.Bets, hide)
	scrubLines(m.Lines, hide)
	e.Blackjack = &m
	return e
}
