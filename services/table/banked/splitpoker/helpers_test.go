package splitpoker

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// The engine has the surface every banked engine shares (package round,
// engine.go), with no adapter.
var (
	_ round.Rules                                   = (*Rules)(nil)
	_ round.State[State]                            = State{}
	_ round.ApplyFunc[Rules, State, Command, Event] = Apply
	_ round.SettleFunc[Rules, Showdown]             = Settle
)

// rules returns the ru rules with a table sign of Ante 10..500 and Royal
// Bonus 1..100 and the options set, failing the test on an error. The
// paytables are the placeholders (§8.1, §8.2 are missing).
func rules(t testing.TB, opts ...string) Rules {
	t.Helper()
	r, err := Named(RU)
	if err != nil {
		t.Fatal(err)
	}
	r.Limits = Limits{Ante: round.Limit{Min: 10, Max: 500}, RoyalBonus: round.Limit{Min: 1, Max: 100}}
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

func newGame(t testing.TB, r Rules) *game { return &game{t: t, r: r} }

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

// replay applies c, which must be taken as a replay.
func (g *game) replay(c Command) {
	g.t.Helper()
	before := encode(g.t, g.s)
	evs, err := Apply(g.r, &g.s, c)
	if err != nil || len(evs) != 0 || encode(g.t, g.s) != before {
		g.t.Fatalf("%s %+v: %v, events %v; want a replay", c.Kind, c, err, kinds(evs))
	}
}

// open opens a round and places each box's bets, "player box ante
// [royal_bonus]".
func (g *game) open(boxes ...string) {
	g.t.Helper()
	g.do(Command{Kind: CmdOpen})
	for _, b := range boxes {
		var p string
		var box int
		var ante, rb int64
		if n, _ := fmt.Sscanf(b, "%s %d %d %d", &p, &box, &ante, &rb); n < 3 {
			g.t.Fatalf("box %q", b)
		}
		g.do(place(p, box, BetAnte, ante))
		if rb > 0 {
			g.do(place(p, box, BetRoyalBonus, rb))
		}
	}
}

// place is player's bet of amount on box's spot of kind k, with the id
// "<player><box><kind>".
func place(player string, box int, k BetKind, amount int64) Command {
	return Command{Kind: CmdPlace, Player: player, Bets: []round.Bet{{ID: fmt.Sprintf("%s%d%s", player, box, k), Spot: Spot(box, k), Amount: amount}}}
}

// cards deals each card in notation, in order, where the engine says.
func (g *game) cards(cs ...string) {
	g.t.Helper()
	for _, c := range cs {
		g.do(Command{Kind: CmdCard, Card: card.MustParse(c)})
	}
}

// deal closes the round, shuffles and deals the hands given, the boxes'
// in number order and the dealer's last, each "As Kd 9c 4h 2s", one card
// at a time as the deal goes (§3.17).
func (g *game) deal(hands ...string) {
	g.t.Helper()
	g.do(Command{Kind: CmdClose})
	g.do(Command{Kind: CmdShuffle})
	split := make([][]string, len(hands))
	for i, h := range hands {
		split[i] = strings.Fields(h)
	}
	for k := range 5 {
		for _, h := range split {
			g.cards(h[k])
		}
	}
}

// decide is the box's decision; a bought box's play carries its
// partition, the big hand's five cards then the small hand's two.
func (g *game) decide(player string, box int, a Action, partition ...string) []Event {
	g.t.Helper()
	c := Command{Kind: CmdDecide, Player: player, Box: box, Action: a}
	for _, d := range partition {
		c.Cards = append(c.Cards, card.MustParse(d))
	}
	return g.do(c)
}

// wantLine checks the line on spot: won on top, the stake returned, or
// the stake lost.
func (g *game) wantLine(spot string, stake, won, returned, lost int64) {
	g.t.Helper()
	var got []round.Line
	for _, l := range g.s.Lines {
		if l.Spot == spot {
			got = append(got, l)
		}
	}
	if len(got) != 1 {
		g.t.Fatalf("%d lines on %s: %+v", len(got), spot, g.s.Lines)
	}
	l := got[0]
	if l.Stake != stake || l.Won != won || l.Returned != returned || l.Lost != lost {
		g.t.Errorf("%s: stake %d won %d returned %d lost %d; want stake %d won %d returned %d lost %d",
			spot, l.Stake, l.Won, l.Returned, l.Lost, stake, won, returned, lost)
	}
}

// noLine checks that nothing was staked on spot.
func (g *game) noLine(spot string) {
	g.t.Helper()
	for _, l := range g.s.Lines {
		if l.Spot == spot {
			g.t.Errorf("a line on %s: %+v", spot, l)
		}
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

// net is player's result over the round's lines.
func (g *game) net(player string) int64 {
	for _, tot := range g.s.Settlement().ByPlayer() {
		if tot.Player == player {
			return tot.Net()
		}
	}
	return 0
}

// events are the events of kind k since the last mark.
func (g *game) events(k EventKind) []Event {
	var out []Event
	for _, e := range g.evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
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
