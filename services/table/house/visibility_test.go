package house

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
)

// The viewers every visibility test looks through: two players of
// partner a, a player of partner b, the partners' back-offices, an
// operator, and nobody in particular.
var (
	ann      = game.Viewer{Player: "a:ann", Partner: "a"}
	ben      = game.Viewer{Player: "a:ben", Partner: "a"}
	cy       = game.Viewer{Player: "b:cy", Partner: "b"}
	partnerA = game.Viewer{Partner: "a"}
	partnerB = game.Viewer{Partner: "b"}
	operator = game.Viewer{Internal: true}
	stranger = game.Viewer{}
	viewers  = []game.Viewer{ann, ben, cy, partnerA, partnerB, operator, stranger}
)

// A player's settlement, refunds, choices, payments and failed stakes are
// his alone (and internal viewers'); others see his bets as counts and
// totals, and his id only if it is theirs to see.
func TestPrivateEventsAndAggregatedBets(t *testing.T) {
	h := newHarness(t, config(t, GameMoneyWheel, "cz", ResultRNG, nil))
	h.join("a:ann")
	h.join("b:cy")
	h.open("bell")
	placed := h.place("a:ann", bet("a1", "bell", 10), bet("a2", "seven", 5))[0]
	for _, v := range viewers {
		e, ok := placed.For(v)
		switch {
		case !ok:
			t.Fatalf("%+v does not see a placement", v)
		case v == ann || v == operator:
			if len(e.Bets) != 2 || e.Who != "a:ann" || e.Hold == "" {
				t.Fatalf("%+v sees %+v", v, e)
			}
		default:
			if e.Bets != nil || e.Hold != "" || e.BetCount != 2 || e.Stake != 15 || e.Name != "name of a:ann" {
				t.Fatalf("%+v sees another's bets: %+v", v, e)
			}
			if (e.Who != "") != (v == partnerA) {
				t.Fatalf("%+v sees player id %q", v, e.Who)
			}
		}
	}
	chose := h.must(&Command{Kind: CmdChoose, Who: "a:ann", Round: 1, Choice: moneywheel.Refund})
	h.wallet()
	h.now += 15000
	h.must(&Command{Kind: CmdClose, Round: 1})
	evs := append(chose, h.must(&Command{Kind: CmdResult, Round: 1})...)
	evs = append(evs, h.wallet()...)
	for _, e := range evs {
		for _, v := range viewers {
			_, ok := e.For(v)
			private := e.Player != ""
			if want := !private || v == operator || v.Player == e.Player; ok != want {
				t.Fatalf("%s for %+v: shown %v", e.Kind, v, ok)
			}
		}
	}
	if _, ok := find(evs, EvSettled, "a:ann"); !ok {
		t.Fatal("no settlement for ann")
	}
	if _, ok := find(evs, EvPaid, "a:ann"); !ok {
		t.Fatal("no payment for ann")
	}
}

// The RNG's draw for a round (its pocket and label) is in no event and no
// view, for any viewer, before the round's result: only its outcome id
// and commitment are. The comparison is of the spin fields, not of
// substrings: "7" may well appear elsewhere.
func TestDrawStaysSecretUntilTheResult(t *testing.T) {
	for _, g := range []string{GameRoulette, GameMoneyWheel} {
		p := newProp(t, 99, config(t, g, "cz", ResultRNG, nil))
		p.table()
		for _, who := range p.players {
			p.apply(&Command{Kind: CmdJoin, Who: who, Name: who, Account: "acct-" + who})
		}
		for p.rounds < 300 {
			before := len(p.h.events)
			n := p.h.tb.Round()
			p.step()
			d := p.h.tb.Draw
			if d == nil {
				continue
			}
			resulted := p.h.tb.Round() == n && p.h.tb.Phase().Over()
			for _, e := range p.h.events[before:] {
				if e.Kind == EvResult || e.Kind == EvVoided || e.Round != p.h.tb.Round() {
					break
				}
				for _, v := range viewers {
					if ev, ok := e.For(v); ok && (ev.Spin != nil || ev.Winner != "") {
						t.Fatalf("%s before the result shows %+v / %q to %+v", ev.Kind, ev.Spin, ev.Winner, v)
					}
				}
			}
			if resulted {
				continue
			}
			for _, v := range viewers {
				view := p.h.tb.View(v)
				if view.Spin != nil || view.Winner != "" || view.Outcome != d.Outcome {
					t.Fatalf("round %d's view for %+v shows %+v / %q before the result", n, v, view.Spin, view.Winner)
				}
			}
		}
	}
}

// A view shows the viewer his own bets, choices and totals, everyone's as
// aggregates, and operators everything.
func TestViewForEachViewer(t *testing.T) {
	h := newHarness(t, config(t, GameMoneyWheel, "cz", ResultRNG, nil))
	h.join("a:ann")
	h.join("a:ben")
	h.open("cherries")
	h.place("a:ann", bet("a1", "bell", 10))
	h.place("a:ben", bet("b1", "grapes", 20), bet("b2", "star", 5))
	h.must(&Command{Kind: CmdCancel, Who: "a:ben", Round: 1, BetIDs: []string{"b2"}})
	va, vb, vo, vs := h.tb.View(ann), h.tb.View(ben), h.tb.View(operator), h.tb.View(stranger)
	if !va.Joined || va.You != "name of a:ann" || len(va.Bets) != 1 || va.Choice != "carry" || va.Phase != "betting" {
		t.Fatalf("ann's view %+v", va)
	}
	if len(vb.Bets) != 1 || len(vb.Cancelled) != 1 || vb.Bettors != 2 || vb.BetCount != 2 || vb.Staked != 30 {
		t.Fatalf("ben's view %+v", vb)
	}
	if len(vo.Bets) != 2 || len(vs.Bets) != 0 || vs.Joined || vs.Outcome == "" || len(vs.Commitment) == 0 {
		t.Fatalf("operator's %+v, stranger's %+v", vo, vs)
	}
	if vs.Min != 1 || vs.Max != 1000 || vs.Window != h.tb.Config.Window || vs.Currency != "EUR" {
		t.Fatalf("config summary %+v", vs)
	}
	h.now += 15000
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.wallet()
	h.must(&Command{Kind: CmdResult, Round: 1})
	va = h.tb.View(ann)
	if va.Spin == nil || va.Winner != "cherries" || va.Verdict != round.Valid || len(va.Sums) != 1 || va.Sums[0].Lost != 10 || len(va.Last) != 1 {
		t.Fatalf("ann's view after the result %+v", va)
	}
}

// A round's record shows a player his own bets and lines and the public
// aggregates; a partner its players'; operators everything. Recall lists
// the player's rounds, the current one included (AGCO 13.1.1).
func TestRecordAndRecall(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultRNG, map[string]string{"neighbours": "1"}))
	h.join("a:ann")
	h.join("b:cy")
	for i := range 12 {
		h.open("26")
		h.place("a:ann", bet("a1", "straight:26", 1))
		if i == 11 {
			h.place("b:cy", bet("c1", "black", 2))
		}
		h.wallet()
		h.now += 15000
		h.must(&Command{Kind: CmdClose, Round: h.tb.Round()})
		h.must(&Command{Kind: CmdResult, Round: h.tb.Round()})
		h.wallet()
		h.now += 5000
	}
	if got := h.tb.Recent("a:ann"); len(got) != MaxRecent || got[0] != 3 || got[MaxRecent-1] != 12 {
		t.Fatalf("recall %v", got)
	}
	h.open("0")
	h.place("a:ann", bet("a1", "red", 1))
	if got := h.tb.Recent("a:ann"); got[MaxRecent-1] != 13 || got[0] != 4 {
		t.Fatalf("recall with the current round %v", got)
	}
	rec := h.records[12]
	if rec.Table != "t1" || rec.Round != 12 || rec.Options["neighbours"] != "1" || rec.Draw == nil || rec.Draw.Label != "26" || rec.Winner != "26" {
		t.Fatalf("record %+v", rec)
	}
	if mine := rec.For(ann); len(mine.Bets) != 1 || len(mine.Lines) != 1 || mine.Players != 2 || mine.Staked != 3 || mine.House != -35-2 { // 26 is black: both win
		t.Fatalf("ann's record %+v", mine)
	}
	if theirs := rec.For(partnerB); len(theirs.Bets) != 1 || theirs.Bets[0].Player != "b:cy" {
		t.Fatalf("partner b's record %+v", theirs)
	}
	if all := rec.For(operator); len(all.Bets) != 2 || len(all.Lines) != 2 {
		t.Fatalf("the operator's record %+v", all)
	}
	if RoundID("t1", 12) != "t1-r12" {
		t.Fatal(RoundID("t1", 12))
	}
}
