package house

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/wheel"
)

// config is a valid configuration of game/profile with results from src,
// table limits 1..1000 a player a round.
func config(t testing.TB, gameName, profile string, src Source, options map[string]string) Config {
	t.Helper()
	rr, wr, err := Rules(gameName, profile, options, wheel.Wheel{})
	if err != nil {
		t.Fatal(err)
	}
	if rr != nil {
		rr.Limits = roulette.Limits{Table: round.Limit{Min: 1, Max: 1000}}
	}
	if wr != nil {
		wr.Limits = moneywheel.Limits{Table: round.Limit{Min: 1, Max: 1000}}
	}
	c := Config{ID: "t1", Name: "Table 1", Game: gameName, Profile: profile, Options: options, Roulette: rr, Wheel: wr, Source: src,
		Window: 15 * time.Second, Pause: 2 * time.Second, MaxPlayers: 10, MaxBets: 20, Currency: "EUR",
		Escrow: "esc-t1", Revenue: "rev", Bank: "bank"}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

// harness drives one table as the core does, checking on every command
// what every command must keep: a refusal changes nothing (byte for byte),
// Same is exactly a command that changes nothing, the encoding round-trips.
type harness struct {
	t     testing.TB
	tb    *Table
	now   int64
	holds int
	// events are every event emitted, in order; records every round
	// record, by round.
	events  []Event
	records map[int64]Record
	// last is the table's encoding after the last command: the next
	// command's before (nothing else changes the table).
	last []byte
	// sample, if over 1, compares the encodings around one command in
	// sample only (the property test's thousands of rounds; every other
	// test compares them around every command).
	sample, n int
}

func newHarness(t testing.TB, c Config) *harness {
	return &harness{t: t, tb: New(c), now: 1_000_000}
}

func encode(t testing.TB, tb *Table) []byte {
	t.Helper()
	b, err := tb.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// do applies c at the harness's time.
func (h *harness) do(c *Command) ([]Event, error) {
	h.t.Helper()
	c.Stamp(h.now)
	h.n++
	if h.sample > 1 && h.n%h.sample != 0 {
		h.last = nil
		st, err := h.tb.Step(c)
		if err != nil {
			return nil, err
		}
		evs := st.Events.([]Event)
		h.events = append(h.events, evs...)
		return evs, nil
	}
	before := h.last
	if before == nil {
		before = encode(h.t, h.tb)
	}
	same := h.tb.Same(c)
	st, err := h.tb.Step(c)
	after := encode(h.t, h.tb)
	h.last = after
	if err != nil {
		if !bytes.Equal(before, after) {
			h.t.Fatalf("%s refused (%v) but the table changed:\n%s\nwas\n%s", c.Op(), err, after, before)
		}
		var ae *apierr.Error
		if !asAPIErr(err, &ae) {
			h.t.Fatalf("%s refused with %v, not an *apierr.Error", c.Op(), err)
		}
		return nil, err
	}
	evs := st.Events.([]Event)
	if st.Record != nil {
		if h.records == nil {
			h.records = map[int64]Record{}
		}
		rec := st.Record.Value.(Record)
		h.records[rec.Round] = rec
		if st.Record.ID != RoundID(rec.Table, rec.Round) {
			h.t.Fatalf("record id %s", st.Record.ID)
		}
	}
	if st.N != len(evs) {
		h.t.Fatalf("step N %d, %d events", st.N, len(evs))
	}
	if same != bytes.Equal(before, after) {
		h.t.Fatalf("%s: Same %v, but the table changed %v\n%s\nwas\n%s", c.Op(), same, !bytes.Equal(before, after), after, before)
	}
	h.events = append(h.events, evs...)
	return evs, nil
}

func asAPIErr(err error, ae **apierr.Error) bool {
	e, ok := err.(*apierr.Error)
	*ae = e
	return ok && e.Reason != ""
}

// must applies c, failing the test on a refusal.
func (h *harness) must(c *Command) []Event {
	h.t.Helper()
	evs, err := h.do(c)
	if err != nil {
		h.t.Fatalf("%s: %v", c.Op(), err)
	}
	return evs
}

// refuse applies c and wants it refused for reason.
func (h *harness) refuse(c *Command, reason string) {
	h.t.Helper()
	if _, err := h.do(c); apierr.Reason(err) != reason {
		h.t.Fatalf("%s: got %v, want %s", c.Op(), err, reason)
	}
}

func (h *harness) join(who string) {
	h.t.Helper()
	h.must(&Command{Kind: CmdJoin, Who: who, Name: "name of " + who, Account: "acct-" + who})
}

// open opens the next round; at an rng table with the draw of label.
func (h *harness) open(label string) {
	h.t.Helper()
	c := &Command{Kind: CmdOpen, Round: h.tb.Round() + 1}
	if h.tb.Config.Source == ResultRNG {
		labels := h.tb.engine().labels()
		c.Draw = &Draw{Outcome: fmt.Sprintf("out-%d", h.tb.Round()+1), Commitment: []byte("c0mm1t"), Pocket: slices.Index(labels, label)}
	}
	h.must(c)
}

// place places bets of who ("spot:amount" pairs), with a fresh hold.
func (h *harness) place(who string, bets ...round.Bet) []Event {
	h.t.Helper()
	return h.must(h.placing(who, bets...))
}

func (h *harness) placing(who string, bets ...round.Bet) *Command {
	h.holds++
	var sum int64
	for _, b := range bets {
		sum += b.Amount
	}
	return &Command{Kind: CmdPlace, Who: who, Round: h.tb.Round(), Bets: bets, Hold: fmt.Sprintf("hold-%d", h.holds), Amount: sum}
}

func bet(id, spot string, amount int64) round.Bet {
	return round.Bet{ID: id, Spot: spot, Amount: amount}
}

// wallet carries out every intent not waiting for another, due or not
// (a post is due at no more bets: the tests pay at once), as the wallet
// would, and reports them done; it returns the events.
func (h *harness) wallet() []Event {
	h.t.Helper()
	var evs []Event
	for range 10 {
		run := h.tb.Runnable(1 << 62)
		if len(run) == 0 {
			break
		}
		c := &Command{Kind: CmdIntentsDone}
		for _, in := range run {
			c.Done = append(c.Done, in.ID)
		}
		evs = append(evs, h.must(c)...)
	}
	return evs
}

func kinds(evs []Event) []EventKind {
	out := make([]EventKind, len(evs))
	for i, e := range evs {
		out[i] = e.Kind
	}
	return out
}

func find(evs []Event, k EventKind, player string) (Event, bool) {
	for _, e := range evs {
		if e.Kind == k && (player == "" || e.Player == player) {
			return e, true
		}
	}
	return Event{}, false
}

var _ game.Table = (*Table)(nil)

// lastRecord is the record of the last round that ended, rebuilt.
func (tb *Table) lastRecord(t testing.TB) Record {
	t.Helper()
	return tb.record(tb.LastEnd)
}

// post is the id of the pending post of hold.
func (h *harness) post(hold string) string {
	for _, in := range h.tb.Intents {
		if in.Kind == IntentPost && in.Hold == hold {
			return in.ID
		}
	}
	return "post:none"
}

// settleOf is the player's pending settle.
func (h *harness) settleOf(who string) (Intent, bool) {
	for _, in := range h.tb.Intents {
		if in.Kind == IntentSettle && in.Player == who {
			return in, true
		}
	}
	return Intent{}, false
}
