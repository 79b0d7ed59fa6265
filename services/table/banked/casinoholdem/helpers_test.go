package casinoholdem

import (
	"encoding/json"
	"fmt"
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

// rules returns the gr rules with a table sign of Ante 10..500 and AA
// Bonus 1..100 (the source gives no values, §1) and the options set,
// failing the test on an error.
func rules(t testing.TB, opts ...string) Rules {
	t.Helper()
	return profileRules(t, GR, opts...)
}

// profileRules is rules for a profile: its defaults, the same table sign,
// and the options set.
func profileRules(t testing.TB, profile string, opts ...string) Rules {
	t.Helper()
	r, err := Named(profile)
	if err != nil {
		t.Fatal(err)
	}
	r.Limits = Limits{Ante: round.Limit{Min: 10, Max: 500}, AABonus: round.Limit{Min: 1, Max: 100}}
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

// open opens a round and places each box's bets, "player box ante
// [aa_bonus]".
func (g *game) open(boxes ...string) {
	g.t.Helper()
	g.do(Command{Kind: CmdOpen})
	for _, b := range boxes {
		var p string
		var box int
		var ante, aa int64
		if n, _ := fmt.Sscanf(b, "%s %d %d %d", &p, &box, &ante, &aa); n < 3 {
			g.t.Fatalf("box %q", b)
		}
		g.do(place(p, box, BetAnte, ante))
		if aa > 0 {
			g.do(place(p, box, BetAABonus, aa))
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

// deal closes the round, shuffles and deals the cards given, in deal
// order.
func (g *game) deal(cs ...string) {
	g.t.Helper()
	g.do(Command{Kind: CmdClose})
	g.do(Command{Kind: CmdShuffle})
	g.cards(cs...)
}

// decide is the box's decision.
func (g *game) decide(player string, box int, a Action) []Event {
	g.t.Helper()
	return g.do(Command{Kind: CmdDecide, Player: player, Box: box, Action: a})
}

// line is the round's line on spot, failing the test when there is not
// exactly one.
func (g *game) line(spot string) round.Line {
	g.t.Helper()
	var out []round.Line
	for _, l := range g.s.Lines {
		if l.Spot == spot {
			out = append(out, l)
		}
	}
	if len(out) != 1 {
		g.t.Fatalf("%d lines on %s: %+v", len(out), spot, g.s.Lines)
	}
	return out[0]
}

// wantLine checks the line on spot: won on top, the stake returned, or
// the stake lost.
func (g *game) wantLine(spot string, stake, won, returned, lost int64) {
	g.t.Helper()
	want := round.Line{Stake: stake, Won: won, Returned: returned, Lost: lost}
	got := g.line(spot)
	got.BetID, got.Player, got.Spot = "", "", ""
	if got != want {
		g.t.Errorf("%s: stake %d won %d returned %d lost %d; want stake %d won %d returned %d lost %d",
			spot, got.Stake, got.Won, got.Returned, got.Lost, stake, won, returned, lost)
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

// mark forgets the events so far.
func (g *game) mark() { g.evs = nil }

// nextIs checks where the next card goes.
func (g *game) nextIs(to Target, box int) {
	g.t.Helper()
	if want := (Next{To: to, Box: box}); g.s.Next != want || g.s.next(&g.r) != want {
		g.t.Fatalf("next %+v (computed %+v), want %+v", g.s.Next, g.s.next(&g.r), want)
	}
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

func cardsOf(t testing.TB, s string) []card.Card {
	t.Helper()
	cs, err := card.ParseString(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}
