package blackjack

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// The engine has the surface every banked engine shares (package round,
// engine.go), with no adapter; blackjack has no Settle of one result.
var (
	_ round.Rules                                   = (*Rules)(nil)
	_ round.State[State]                            = State{}
	_ round.ApplyFunc[Rules, State, Command, Event] = Apply
)

// rules returns a profile's rules with a table sign of 10..max (cz
// vector 18's box maximum 100; ru T10's minimum 10, T19's maximum 500)
// and the options set, failing the test on an error.
func rules(t testing.TB, profile string, opts ...string) Rules {
	t.Helper()
	r, err := Named(profile)
	if err != nil {
		t.Fatal(err)
	}
	r.Limits.Table = round.Limit{Min: 10, Max: 500}
	if profile == CZ {
		r.Limits.Table.Max = 100
	}
	for i := 0; i+1 < len(opts); i += 2 {
		if err := r.Set(opts[i], opts[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	return r
}

// game drives one table through Apply, failing the test on a refusal it
// does not expect; evs are every event since the last mark.
type game struct {
	t   testing.TB
	r   Rules
	s   State
	evs []Event
}

// newGame is a table with a shuffled shoe whose burns are done.
func newGame(t testing.TB, r Rules) *game {
	t.Helper()
	g := &game{t: t, r: r}
	g.do(Command{Kind: CmdShuffle})
	for range r.Options.BurnAfterShuffle {
		g.do(Command{Kind: CmdCard, Card: card.MustParse("2c")})
	}
	g.evs = nil
	return g
}

// do applies c, which must be accepted.
func (g *game) do(c Command) []Event {
	g.t.Helper()
	evs, err := Apply(g.r, &g.s, c)
	if err != nil {
		g.t.Fatalf("%s %+v: %v", c.Kind, c, err)
	}
	g.evs = append(g.evs, evs...)
	return evs
}

// refuse applies c, which must be refused with reason, the state
// unchanged.
func (g *game) refuse(c Command, reason string) {
	g.t.Helper()
	before := encode(g.t, g.s)
	evs, err := Apply(g.r, &g.s, c)
	if apierr.Reason(err) != reason {
		g.t.Fatalf("%s %+v: %v (events %v), want %s", c.Kind, c, err, kinds(evs), reason)
	}
	if after := encode(g.t, g.s); after != before {
		g.t.Fatalf("%s refused (%v) but the state changed:\n%s\nwas\n%s", c.Kind, err, after, before)
	}
}

// replay applies c, which must be taken as a replay: no events, no
// error, the state unchanged.
func (g *game) replay(c Command) {
	g.t.Helper()
	before := encode(g.t, g.s)
	evs, err := Apply(g.r, &g.s, c)
	if err != nil || len(evs) != 0 || encode(g.t, g.s) != before {
		g.t.Fatalf("%s %+v: %v, events %v, changed %v; want a replay", c.Kind, c, err, kinds(evs), encode(g.t, g.s) != before)
	}
}

// open opens a round and places each bet "player:box:amount".
func (g *game) open(bets ...string) {
	g.t.Helper()
	g.do(Command{Kind: CmdOpen})
	for _, b := range bets {
		var p string
		var box int
		var amount int64
		if _, err := fmt.Sscanf(b, "%s %d %d", &p, &box, &amount); err != nil {
			g.t.Fatalf("bet %q: %v", b, err)
		}
		g.do(place(p, box, amount))
	}
}

// place is player's bet of amount on box, with the id "<player><box>".
func place(player string, box int, amount int64) Command {
	return Command{Kind: CmdPlace, Player: player, Box: box, Bets: []round.Bet{{ID: fmt.Sprint(player, box), Amount: amount}}}
}

// cards deals each card in notation, in order, where the engine says.
func (g *game) cards(cs ...string) {
	g.t.Helper()
	for _, c := range cs {
		g.do(Command{Kind: CmdCard, Card: card.MustParse(c)})
	}
}

// deal closes the round and deals the initial cards, in deal order.
func (g *game) deal(cs ...string) {
	g.t.Helper()
	g.do(Command{Kind: CmdClose})
	g.cards(cs...)
}

// decide is the box owner's action on the hand.
func (g *game) decide(player string, box, hand int, a Action) []Event {
	g.t.Helper()
	return g.do(Command{Kind: CmdDecide, Player: player, Box: box, Hand: hand, Action: a})
}

// net sums player's lines in the round: won, returned, lost.
func (g *game) net(player string) sums {
	var s sums
	for _, l := range g.s.Lines {
		if l.Player == player {
			s.won += l.Won
			s.returned += l.Returned
			s.lost += l.Lost
		}
	}
	return s
}

// sums are a player's totals over lines: paid on top, stakes returned,
// stakes lost.
type sums struct{ won, returned, lost int64 }

func (s sums) net() int64 { return s.won - s.lost }

// want checks player's totals.
func (g *game) want(player string, want sums) {
	g.t.Helper()
	if got := g.net(player); got != want {
		g.t.Fatalf("%s: won %d, returned %d, lost %d; want won %d, returned %d, lost %d\nlines %+v",
			player, got.won, got.returned, got.lost, want.won, want.returned, want.lost, g.s.Lines)
	}
}

// settled checks that the round ended with every line balanced and the
// escrow empty.
func (g *game) settled() {
	g.t.Helper()
	if g.s.Phase != round.Settled || g.s.Escrow() != 0 {
		g.t.Fatalf("round %s, stage %s, escrow %d, next %+v", g.s.Phase, g.s.Stage, g.s.Escrow(), g.s.Next)
	}
	if err := g.s.Settlement().Check(); err != nil {
		g.t.Fatal(err)
	}
}

// paid is the lines of the EvPaid events since the last mark with the
// reason given.
func (g *game) paid(reason string) []round.Line {
	var out []round.Line
	for _, e := range g.evs {
		if e.Kind == EvPaid && e.Reason == reason {
			out = append(out, e.Lines...)
		}
	}
	return out
}

// mark forgets the events so far.
func (g *game) mark() { g.evs = nil }

// nextIs checks where the next card goes.
func (g *game) nextIs(to Target, box, hand int) {
	g.t.Helper()
	if want := (Next{To: to, Box: box, Hand: hand}); g.s.Next != want || g.s.next(&g.r) != want {
		g.t.Fatalf("next %+v (computed %+v), want %+v", g.s.Next, g.s.next(&g.r), want)
	}
}

// hasMove reports a move of kind and action in player's legal moves.
func (g *game) hasMove(player string, kind CommandKind, a Action) (Move, bool) {
	for _, m := range Legal(g.r, &g.s, player) {
		if m.Kind == kind && m.Action == a && !m.Decline {
			return m, true
		}
	}
	return Move{}, false
}

func kinds(evs []Event) []EventKind {
	var out []EventKind
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

func encode(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
