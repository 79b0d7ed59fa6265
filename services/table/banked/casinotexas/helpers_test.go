package casinotexas

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

// rules returns the cz rules with a table sign of Ante 10..500 and Trips
// 1..100 (the source gives no values, §9 note 8) and the options set,
// failing the test on an error.
func rules(t testing.TB, opts ...string) Rules {
	t.Helper()
	r, err := Named(CZ)
	if err != nil {
		t.Fatal(err)
	}
	r.Limits = Limits{Ante: round.Limit{Min: 10, Max: 500}, Trips: round.Limit{Min: 1, Max: 100}}
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

// table drives one table through Apply, failing the test on a refusal it
// does not expect; evs are every event since the last mark.
type table struct {
	t   testing.TB
	r   Rules
	s   State
	evs []Event
	// spare are cards for the burns, none of which the test deals.
	spare []card.Card
}

func newTable(t testing.TB, r Rules) *table { return &table{t: t, r: r} }

// do applies c, which must be accepted.
func (g *table) do(c Command) []Event {
	g.t.Helper()
	evs, err := Apply(g.r, &g.s, c)
	if err != nil {
		g.t.Fatalf("%s %+v: %v", c.Kind, c, err)
	}
	g.evs = append(g.evs, evs...)
	return evs
}

// refuse applies c, which must be refused with reason, the state as it
// was.
func (g *table) refuse(c Command, reason string) {
	g.t.Helper()
	before := g.s.Clone()
	evs, err := Apply(g.r, &g.s, c)
	if apierr.Reason(err) != reason {
		g.t.Fatalf("%s %+v: %v (events %v), want %s", c.Kind, c, err, kinds(evs), reason)
	}
	if !sameState(&before, &g.s) {
		g.t.Fatalf("%s refused (%v) but the state changed:\n%s\nwas\n%s", c.Kind, err, encode(g.t, g.s), encode(g.t, before))
	}
}

// replay applies c, which must be taken as a replay: no events, no
// error, the state as it was.
func (g *table) replay(c Command) {
	g.t.Helper()
	before := g.s.Clone()
	evs, err := Apply(g.r, &g.s, c)
	if err != nil || len(evs) != 0 || !sameState(&before, &g.s) {
		g.t.Fatalf("%s %+v: %v, events %v, changed %v; want a replay", c.Kind, c, err, kinds(evs), !sameState(&before, &g.s))
	}
}

// open opens a round and places each box's bets, "player box ante
// [trips]" (an ante of 0 places Trips alone).
func (g *table) open(boxes ...string) {
	g.t.Helper()
	g.do(Command{Kind: CmdOpen})
	for _, b := range boxes {
		var p string
		var box int
		var ante, trips int64
		if n, _ := fmt.Sscanf(b, "%s %d %d %d", &p, &box, &ante, &trips); n < 3 {
			g.t.Fatalf("box %q", b)
		}
		if ante > 0 {
			g.do(place(p, box, BetAnte, ante))
		}
		if trips > 0 {
			g.do(place(p, box, BetTrips, trips))
		}
	}
}

// place is player's bet of amount on box's spot of kind k, with the id
// "<player><box><kind>".
func place(player string, box int, k BetKind, amount int64) Command {
	return Command{Kind: CmdPlace, Player: player, Bets: []round.Bet{{ID: fmt.Sprintf("%s%d%s", player, box, k), Spot: Spot(box, k), Amount: amount}}}
}

// deal closes the round and shuffles; the cards to come are cs, in the
// order they will be dealt (burns aside), so that the burns can be cards
// none of them is.
func (g *table) deal(cs ...string) {
	g.t.Helper()
	g.do(Command{Kind: CmdClose})
	g.do(Command{Kind: CmdShuffle})
	var used card.Set
	for _, c := range cs {
		used = used.Add(card.MustParse(c))
	}
	g.spare = (^used & (1<<card.NumCards - 1)).Cards()
}

// cards deals each card in notation, in order, where the engine says,
// with a spare card wherever a burn is due.
func (g *table) cards(cs ...string) {
	g.t.Helper()
	for _, c := range cs {
		g.burns()
		g.do(Command{Kind: CmdCard, Card: card.MustParse(c)})
	}
	g.burns()
}

// burns deals spare cards while a burn is due.
func (g *table) burns() {
	g.t.Helper()
	for g.s.Next.To == ToBurn {
		if len(g.spare) == 0 {
			g.t.Fatal("no spare card for the burn")
		}
		g.do(Command{Kind: CmdCard, Card: g.spare[0]})
		g.spare = g.spare[1:]
	}
}

// decide is the box's decision; a Play's amount, 0 for a check or a
// fold.
func (g *table) decide(player string, box int, a Action, amount int64) []Event {
	g.t.Helper()
	return g.do(Command{Kind: CmdDecide, Player: player, Box: box, Action: a, Amount: amount})
}

// line is the round's line on spot, failing the test when there is not
// exactly one.
func (g *table) line(spot string) round.Line {
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

// net checks the line on spot by its net, as the spec's vectors give it:
// +won, 0 for a push, -stake for a loss.
func (g *table) net(spot string, stake, net int64) {
	g.t.Helper()
	want := round.Line{Stake: stake, Returned: stake, Won: max(net, 0)}
	if net < 0 {
		want = round.Line{Stake: stake, Lost: stake}
	}
	got := g.line(spot)
	got.BetID, got.Player, got.Spot = "", "", ""
	if got != want {
		g.t.Errorf("%s: stake %d won %d returned %d lost %d; want net %+d of %d", spot, got.Stake, got.Won, got.Returned, got.Lost, net, stake)
	}
}

// noLine checks that nothing was staked on spot.
func (g *table) noLine(spot string) {
	g.t.Helper()
	for _, l := range g.s.Lines {
		if l.Spot == spot {
			g.t.Errorf("a line on %s: %+v", spot, l)
		}
	}
}

// settled checks that the round ended with every line balanced and the
// escrow empty.
func (g *table) settled() {
	g.t.Helper()
	if g.s.Phase != round.Settled || g.s.Escrow() != 0 {
		g.t.Fatalf("round %s, stage %s, escrow %d, next %+v", g.s.Phase, g.s.Stage, g.s.Escrow(), g.s.Next)
	}
	if err := g.s.Settlement().Check(); err != nil {
		g.t.Fatal(err)
	}
}

// events are the events of kind k since the last mark.
func (g *table) events(k EventKind) []Event {
	var out []Event
	for _, e := range g.evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// mark forgets the events so far.
func (g *table) mark() { g.evs = nil }

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
