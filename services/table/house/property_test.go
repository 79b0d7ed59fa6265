package house

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// walletModel is the wallet's side of a table: it carries out the
// intents the table says are runnable and keeps the accounts.
type walletModel struct {
	escrow, revenue, bankPaid int64
	// posted and settled are each player's stakes posted into the escrow
	// and his stakes settled out of it (returned and lost).
	posted, settled map[string]int64
}

// prop is one random run of tables of one game and source.
type prop struct {
	t       testing.TB
	rng     *rand.Rand
	h       *harness
	cfg     Config
	w       walletModel
	players []string
	spots   []string
	ids     int
	// bets are every bet placed, by player and id (ids are unique in the
	// run), with the hold it was placed with; failed are the holds whose
	// post failed; lines are each bet's stakes settled by lines the
	// events showed, and house what those lines gave the house.
	bets   map[betKey]betInfo
	failed map[string]bool
	lines  map[betKey]int64
	house  map[betKey]int64
	// seen is every intent ever recorded, by id; recorded sums each
	// player's settles' stakes (returned and lost).
	seen     map[string]Intent
	recorded map[string]int64
	// placements are commands placed before, for replays.
	placements []Command
	rounds     int
	steps      int
	refused    map[string]int
	ended      map[round.Verdict]int
}

type betInfo struct {
	hold   string
	amount int64
}

func newProp(t testing.TB, seed uint64, cfg Config) *prop {
	p := &prop{t: t, rng: rand.New(rand.NewPCG(seed, 77)), cfg: cfg, players: []string{"a:ann", "a:ben", "b:cy", "b:dora"},
		refused: map[string]int{}, ended: map[round.Verdict]int{}}
	p.spots = []string{"red", "black", "odd", "straight:17", "split:2-5", "dozen:1", "column:3", "voisins", "orphelins", "straight:37", "purple"}
	if cfg.Game == GameMoneyWheel {
		p.spots = append(moneywheel.Boxes(), "x", "lemon")
	}
	return p
}

// table starts a new table for the next run.
func (p *prop) table() {
	p.h = newHarness(p.t, p.cfg)
	p.h.sample = sampleEvery
	if raceEnabled {
		p.h.sample = sampleEveryRace
	}
	p.w = walletModel{posted: map[string]int64{}, settled: map[string]int64{}}
	p.bets, p.failed, p.lines, p.house = map[betKey]betInfo{}, map[string]bool{}, map[betKey]int64{}, map[betKey]int64{}
	p.seen, p.recorded, p.placements = map[string]Intent{}, map[string]int64{}, nil
}

// run plays rounds random rounds on one table, then closes it and
// checks that every stake was accounted for.
func (p *prop) run(rounds int) {
	p.table()
	for _, who := range p.players[:2+p.rng.IntN(3)] {
		p.apply(&Command{Kind: CmdJoin, Who: who, Name: who, Account: "acct-" + who})
	}
	start := p.rounds
	for steps := 0; p.rounds-start < rounds && steps < 60*rounds; steps++ {
		p.step()
	}
	p.drain()
}

// apply applies c and checks the invariants after it.
func (p *prop) apply(c *Command) ([]Event, error) { return p.applyThen(c, nil) }

// applyThen applies c, has the wallet do what it says it did (then), and
// checks the invariants.
func (p *prop) applyThen(c *Command, then func()) ([]Event, error) {
	h, tb := p.h, p.h.tb
	phase, closesAt, n := tb.Phase(), tb.ClosesAt, tb.Round()
	evs, err := h.do(c)
	if err != nil {
		p.refused[apierr.Reason(err)]++
		return nil, err
	}
	for _, e := range evs {
		p.event(e, phase, closesAt)
	}
	if then != nil {
		then()
	}
	if tb.Round() == n && tb.Phase().Over() && !phase.Over() {
		p.rounds++
		v, _, _ := tb.engine().outcome()
		p.ended[v]++
	}
	p.check()
	return evs, nil
}

// event takes what an event says of the bets and their lines.
func (p *prop) event(e Event, phase round.Phase, closesAt int64) {
	t := p.t
	switch e.Kind {
	case EvPlaced:
		// No bet is accepted once the window is over or bets are closed
		// (cz §5.4, ru §3.25, cz-money-wheel.md §4.2).
		if phase != round.Betting || e.At >= closesAt {
			t.Fatalf("a bet accepted in a %v round at %d, the window closing at %d: %+v", phase, e.At, closesAt, e)
		}
		for _, b := range e.Bets {
			k := betKey{b.Player, b.ID}
			if _, ok := p.bets[k]; ok {
				t.Fatalf("bet %v placed twice", k)
			}
			p.bets[k] = betInfo{hold: e.Hold, amount: b.Amount}
		}
	case EvSettled, EvRefunded, EvCancelled:
		for _, l := range e.Lines {
			if err := l.Check(); err != nil {
				t.Fatal(err)
			}
			k := betKey{l.Player, l.BetID}
			if _, ok := p.bets[k]; !ok {
				t.Fatalf("a line of a bet never placed: %+v", l)
			}
			p.lines[k] += l.Stake
			p.house[k] += l.Lost - l.Won
		}
	}
}

// check is what holds after every command.
func (p *prop) check() {
	t, tb := p.t, p.h.tb
	for _, in := range tb.Intents {
		// A post's due time moves to no more bets; nothing else of an
		// intent may change.
		if old, ok := p.seen[in.ID]; ok && func() bool { old.Due = in.Due; return old != in }() {
			t.Fatalf("intent id %s reused: %+v, was %+v", in.ID, in, old)
		} else if !ok {
			p.seen[in.ID] = in
			if in.Kind == IntentSettle {
				p.recorded[in.Player] += in.Returned + in.Lost
			}
		}
	}
	// The table's book of the escrow is the wallet's.
	if tb.Escrowed != p.w.escrow || tb.Escrowed < 0 {
		t.Fatalf("escrowed %d, the wallet's escrow %d", tb.Escrowed, p.w.escrow)
	}
	// For every player: the stakes collected are settled (by a recorded
	// intent), still to settle in the round, or still in play.
	unsettled := map[string]int64{}
	for _, s := range tb.Sums {
		if !s.Ended {
			unsettled[s.Player] += s.Returned + s.Lost
		}
	}
	for _, s := range tb.Stakes {
		if s.Posted {
			unsettled[s.Player] += s.Left
		}
		if s.Left < 0 || (s.Posted && s.Failed) || (s.Posted && len(s.Held) > 0) {
			t.Fatalf("stake %+v", s)
		}
	}
	for _, who := range p.players {
		if p.w.posted[who] != p.recorded[who]+unsettled[who] {
			t.Fatalf("%s: posted %d, settles recorded %d + unsettled %d", who, p.w.posted[who], p.recorded[who], unsettled[who])
		}
		if p.w.posted[who] < p.w.settled[who] {
			t.Fatalf("%s: paid out %d of the escrow, posted %d", who, p.w.settled[who], p.w.posted[who])
		}
	}
}

// step is one random command: mostly what the round's phase calls for
// (bets while betting, the result once closed, the clock's due work),
// sometimes anything at all.
func (p *prop) step() {
	h, rng := p.h, p.rng
	h.now += rng.Int64N(6000)
	x := rng.IntN(100)
	ph := h.tb.Phase()
	switch {
	case x < 10:
		p.noise()
	case x < 55 && ph == round.Betting:
		p.place()
	case x < 55 && ph == round.Closed && p.cfg.Source == ResultDealer:
		p.result()
	case x >= 55 && x < 63 && ph == round.Betting:
		p.cancel()
	case x >= 63 && x < 66 && (p.cfg.Game == GameMoneyWheel || x == 63):
		p.choose()
	case x >= 66 && x < 72:
		p.answer(false)
	case x >= 72 && x < 75:
		p.joinOrLeave()
	case x >= 75 && x < 77:
		p.apply(&Command{Kind: CmdVoid, Round: h.tb.Round(), Reason: "operator"})
	case x >= 77 && x < 79:
		p.admin()
	default:
		p.due()
	}
	p.steps++
}

// noise is any command, whatever the phase.
func (p *prop) noise() {
	h, rng := p.h, p.rng
	switch rng.IntN(9) {
	case 0:
		p.place()
	case 1:
		p.cancel()
	case 2:
		p.result()
	case 3:
		p.apply(&Command{Kind: CmdClose, Round: h.tb.Round()})
	case 4:
		p.apply(&Command{Kind: CmdVoid, Round: h.tb.Round() - int64(rng.IntN(2)), Reason: "operator"})
	case 5:
		p.open(rng.IntN(4) == 0)
	case 6:
		p.answer(false)
	case 7:
		p.apply(&Command{Kind: CmdFinishClose})
	default:
		h.now += rng.Int64N(20000)
	}
}

func (p *prop) choose() {
	choice := moneywheel.VoidChoice(1 + p.rng.IntN(2))
	if p.rng.IntN(10) == 0 {
		choice = 0
	}
	p.apply(&Command{Kind: CmdChoose, Who: p.player(), Round: p.h.tb.Round(), Choice: choice})
}

func (p *prop) joinOrLeave() {
	who := p.players[p.rng.IntN(len(p.players))]
	if p.rng.IntN(3) == 0 {
		p.apply(&Command{Kind: CmdLeave, Who: who})
		return
	}
	p.apply(&Command{Kind: CmdJoin, Who: who, Name: who, Account: fmt.Sprintf("acct-%s-%d", who, p.rng.IntN(2))})
}

// admin is an operator's pause, resume, settings or freeze.
func (p *prop) admin() {
	rng := p.rng
	kinds := []CommandKind{CmdPause, CmdResume, CmdSettings, CmdFreeze}
	p.apply(&Command{Kind: kinds[rng.IntN(len(kinds))], Reason: "ops", Window: time.Duration(2+rng.IntN(20)) * time.Second,
		Pause: time.Duration(rng.IntN(3)) * time.Second})
}

// player is a joined player mostly, anyone now and then.
func (p *prop) player() string {
	if len(p.h.tb.Players) > 0 && p.rng.IntN(10) > 0 {
		var joined []string
		for _, who := range p.players {
			if p.h.tb.Players[who] != nil {
				joined = append(joined, who)
			}
		}
		return joined[p.rng.IntN(len(joined))]
	}
	return p.players[p.rng.IntN(len(p.players))]
}

// due does the clock's due work.
func (p *prop) due() {
	h := p.h
	d, ok := h.tb.NextDue()
	if !ok {
		// Nothing due: a frozen or paused table waits for its operator.
		if h.tb.Review != "" || h.tb.Status == Paused {
			p.apply(&Command{Kind: CmdResume})
		}
		return
	}
	h.now = max(h.now, d.At)
	switch d.Kind {
	case DueIntents:
		p.answer(true)
	case DueOpen:
		p.open(false)
	case DueClose:
		p.apply(&Command{Kind: CmdClose, Round: h.tb.Round()})
	case DueResult:
		p.apply(&Command{Kind: CmdResult, Round: h.tb.Round()})
	case DueFinish:
		p.apply(&Command{Kind: CmdFinishClose})
	}
}

// open opens the next round, with a random draw at an rng table (bad
// sometimes).
func (p *prop) open(bad bool) {
	h, rng := p.h, p.rng
	c := &Command{Kind: CmdOpen, Round: h.tb.Round() + 1}
	if p.cfg.Source == ResultRNG || bad {
		size := len(h.tb.engine().labels())
		c.Draw = &Draw{Outcome: fmt.Sprintf("o-%d", rng.Int64()), Commitment: []byte{1, 2}, Pocket: rng.IntN(size)}
		if bad {
			c.Draw.Pocket = size
		}
	}
	p.apply(c)
}

// place places a random batch: legal or not, a replay, a reused hold, a
// wrong amount now and then.
func (p *prop) place() {
	h, rng := p.h, p.rng
	if len(p.placements) > 0 && rng.IntN(8) == 0 {
		c := p.placements[rng.IntN(len(p.placements))]
		if rng.IntN(2) == 0 {
			h.holds++
			c.Hold = fmt.Sprintf("hold-%d", h.holds)
		}
		p.apply(&c)
		return
	}
	who := p.player()
	var bets []round.Bet
	for range 1 + rng.IntN(3) {
		p.ids++
		amt := []int64{1, 2, 5, 10, 18, 50, 400, 0}[rng.IntN(8)]
		bets = append(bets, round.Bet{ID: fmt.Sprintf("b%d", p.ids), Spot: p.spots[rng.IntN(len(p.spots))], Amount: amt})
	}
	c := h.placing(who, bets...)
	switch rng.IntN(20) {
	case 0:
		c.Amount++
	case 3:
		// A bet id the player used in the round, for another bet.
		for _, b := range h.tb.engine().bets() {
			if b.Player == who {
				c.Bets[0].ID = b.ID
				c.Bets[0].Amount = b.Amount + 1
				c.Amount = 0
				for _, x := range c.Bets {
					c.Amount += x.Amount
				}
				break
			}
		}
	case 1:
		if len(p.placements) > 0 {
			c.Hold = p.placements[rng.IntN(len(p.placements))].Hold
		}
	case 2:
		c.Round++
	}
	if _, err := p.apply(c); err == nil {
		p.placements = append(p.placements, *c)
	}
}

// cancel takes back a random bet of the round (or one it does not have).
func (p *prop) cancel() {
	h, rng := p.h, p.rng
	bets := h.tb.engine().bets()
	who, id := p.player(), "nope"
	if len(bets) > 0 && rng.IntN(6) > 0 {
		b := bets[rng.IntN(len(bets))]
		who, id = b.Player, b.ID
	}
	p.apply(&Command{Kind: CmdCancel, Who: who, Round: h.tb.Round(), BetIDs: []string{id}})
}

// result reports a result: at a dealer table a random spin (void,
// no-spin and malformed ones among them), at an rng table the draw (and
// now and then a spin, which is refused).
func (p *prop) result() {
	h, rng := p.h, p.rng
	c := &Command{Kind: CmdResult, Round: h.tb.Round()}
	if p.cfg.Source == ResultDealer || rng.IntN(10) == 0 {
		dirs := []round.Direction{round.Clockwise, round.Anticlockwise}
		if p.cfg.Game == GameMoneyWheel {
			c.Wheel = &moneywheel.Spin{Field: rng.IntN(31), Revolutions: rng.IntN(9), Direction: dirs[rng.IntN(2)], Peg: rng.IntN(6) == 0}
		} else {
			c.Roulette = &roulette.Spin{Pocket: rng.IntN(39), Wheel: dirs[rng.IntN(2)], Ball: dirs[rng.IntN(2)], Revolutions: rng.IntN(16)}
			if rng.IntN(8) == 0 {
				c.Roulette.Reported = []roulette.Fault{roulette.BallLeftWheel}
			}
		}
	}
	p.apply(c)
}

// answer has the wallet carry out runnable intents: every one (all) or a
// random few, some posts failing for good, with ids of no intent of the
// table's among them.
func (p *prop) answer(all bool) {
	h, rng := p.h, p.rng
	run := h.tb.Runnable(h.now + IntentGrace.Milliseconds())
	checkWholeBatches(p.t, h.tb, run)
	c := &Command{Kind: CmdIntentsDone, Failed: map[string]string{}}
	var done []Intent
	skip := map[string]bool{} // a batch goes to the wallet whole, or not at all
	for _, in := range run {
		if in.Batch != "" {
			if _, seen := skip[in.Batch]; !seen {
				skip[in.Batch] = !all && rng.IntN(2) == 0
			}
			if skip[in.Batch] {
				continue
			}
		} else if !all && rng.IntN(2) == 0 {
			continue
		}
		if in.Kind == IntentPost && rng.IntN(12) == 0 {
			c.Failed[in.ID] = "HOLD_EXPIRED"
			continue
		}
		c.Done = append(c.Done, in.ID)
		done = append(done, in)
	}
	if rng.IntN(5) == 0 {
		c.Done = append(c.Done, "post:elsewhere")
	}
	p.applyThen(c, func() {
		for _, in := range done {
			p.carryOut(in)
		}
		for id := range c.Failed {
			p.failed[p.seen[id].Hold] = true
		}
	})
}

// checkWholeBatches: Runnable gives a batch of settles whole or not at
// all, since the wallet carries it out as one atomic batch under one key.
func checkWholeBatches(t testing.TB, tb *Table, run []Intent) {
	t.Helper()
	in := map[string]int{}
	for _, r := range run {
		if r.Batch != "" {
			in[r.Batch]++
		}
	}
	for _, r := range tb.Intents {
		if r.Batch != "" && in[r.Batch] > 0 {
			in[r.Batch]--
		}
	}
	for b, n := range in {
		if n != 0 {
			t.Fatalf("batch %s: Runnable gave %d intents more than the table holds", b, n)
		}
	}
	all := map[string]int{}
	for _, r := range tb.Intents {
		if r.Batch != "" {
			all[r.Batch]++
		}
	}
	got := map[string]int{}
	for _, r := range run {
		if r.Batch != "" {
			got[r.Batch]++
		}
	}
	for b, n := range got {
		if n != all[b] {
			t.Fatalf("batch %s: Runnable gave %d of its %d settles", b, n, all[b])
		}
	}
}

// carryOut moves an intent's money as the wallet does.
func (p *prop) carryOut(in Intent) {
	w := &p.w
	switch in.Kind {
	case IntentPost:
		w.escrow += in.Amount
		w.posted[in.Player] += in.Amount
	case IntentSettle:
		w.escrow -= in.Returned + in.Lost
		w.revenue += in.Lost
		w.bankPaid += in.Won
		w.settled[in.Player] += in.Returned + in.Lost
	}
}

// drain ends the table: the round in progress voided, the table closed,
// every intent carried out; then every stake must be accounted for.
func (p *prop) drain() {
	t, h := p.t, p.h
	if h.tb.Review != "" {
		p.mustApply(&Command{Kind: CmdResume})
	}
	if h.tb.running() {
		p.mustApply(&Command{Kind: CmdVoid, Reason: "drain"})
	}
	if h.tb.Status != Closed {
		p.mustApply(&Command{Kind: CmdCloseTable, Reason: "drain"})
	}
	for range 10 {
		if len(h.tb.Intents) == 0 {
			break
		}
		h.now += IntentGrace.Milliseconds()
		p.answer(true)
	}
	if !h.tb.Closed() {
		p.mustApply(&Command{Kind: CmdFinishClose})
	}
	// The escrow is empty once every round is settled and every intent
	// done; the house's result is its lines' (lost less won).
	if h.tb.Escrowed != 0 || p.w.escrow != 0 || len(h.tb.Stakes) != 0 {
		t.Fatalf("closed with escrowed %d, wallet escrow %d, stakes %+v", h.tb.Escrowed, p.w.escrow, h.tb.Stakes)
	}
	var house int64
	for k, b := range p.bets {
		if p.failed[b.hold] {
			continue
		}
		// Every bet's stake is settled exactly once.
		if p.lines[k] != b.amount {
			t.Fatalf("bet %v of %d settled by lines of %d", k, b.amount, p.lines[k])
		}
		house += p.house[k]
	}
	if house != p.w.revenue-p.w.bankPaid {
		t.Fatalf("house: lines %d, revenue %d less bank paid %d", house, p.w.revenue, p.w.bankPaid)
	}
	for _, who := range p.players {
		if p.w.posted[who] != p.w.settled[who] {
			t.Fatalf("%s: posted %d, settled %d", who, p.w.posted[who], p.w.settled[who])
		}
	}
}

func (p *prop) mustApply(c *Command) {
	p.t.Helper()
	if _, err := p.apply(c); err != nil {
		p.t.Fatalf("%s: %v", c.Op(), err)
	}
}

// sampleEvery is how often the property run compares the table's
// encodings around a command (a refusal changes nothing, Same is exactly
// no change): one in sampleEvery commands, a prime so that every kind of
// command comes up. TestRefusals and FuzzCommandSequence compare them
// around every command.
const (
	sampleEvery     = 7
	sampleEveryRace = 23
)

// propertyRuns is how many rounds each game plays in the property test:
// 20 000 per game, half from the RNG, half from a dealer.
const propertyRounds = 20000

// Random rounds of every game, profile and source, with random refusals,
// replays, failed posts, voids, no-spins, carried bets, pauses, freezes
// and closes: a refused command changes nothing and Same is exactly a
// command that changes nothing (the harness); no bet gets in after the
// window; no intent id is reused; the escrow is the wallet's, every
// player's stakes collected are settled, to settle or in play, and once
// the table closes the escrow is empty, every bet's stake was settled
// once and the house's result is its lines' lost less won.
func TestPropertyMoneyIsConserved(t *testing.T) {
	for _, g := range []struct {
		game     string
		profiles []string
	}{{GameRoulette, roulette.Profiles()}, {GameMoneyWheel, moneywheel.Profiles()}} {
		t.Run(g.game, func(t *testing.T) {
			t.Parallel()
			rounds, steps := 0, 0
			ended := map[round.Verdict]int{}
			refused := map[string]int{}
			for i := 0; rounds < propertyRounds; i++ {
				src := []Source{ResultRNG, ResultDealer}[i%2]
				profile := g.profiles[(i/2)%len(g.profiles)]
				p := newProp(t, uint64(i), config(t, g.game, profile, src, nil))
				p.run(1 + i%12)
				rounds += p.rounds
				steps += p.steps
				for v, n := range p.ended {
					ended[v] += n
				}
				for r, n := range p.refused {
					refused[r] += n
				}
			}
			t.Logf("%d rounds in %d steps ended %v; refusals %v", rounds, steps, ended, refused)
			if ended[round.Valid] == 0 || ended[round.Void] == 0 {
				t.Fatal("the run did not reach every ending")
			}
			for _, r := range []string{round.ReasonBettingClosed, round.ReasonBetIDConflict, ReasonBadAmount, ReasonHoldReused, ReasonUnderReview} {
				if refused[r] == 0 {
					t.Errorf("no command refused with %s", r)
				}
			}
		})
	}
}
