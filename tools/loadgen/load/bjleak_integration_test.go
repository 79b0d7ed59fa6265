//go:build integration

package load

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/shared/card/cardscan"
	"github.com/croupier/croupier/shared/proof"
	"github.com/croupier/croupier/tools/loadgen/rounds"
	"github.com/croupier/croupier/tools/platform"
)

// Leak test at blackjack tables (issue 15): basic-strategy bots, two on
// one box and one on another, play rounds of both profiles at rng tables
// that deal as soon as all three have bet,
// whose shoe is sealed in the table's state, while a scanner reads
// everything each player receives — his stream and every view of the
// table he reads — and an observer's stream at each table. No one may see
// a card before the table deals it: in a stream, every card shown must be
// a card the stream has already announced dealt in that round, at the
// next place of the shoe; a view may show only the round's dealt cards.
// Every viewer's deals agree, place by place, and they are the shoe the
// RNG reveals once the shoe has ended (the round proof, which verifies
// against the commitment the table published when the shoe started);
// the proof of a round whose shoe the table still deals from holds its
// commitment and no card.
func TestNoUndealtCardInBlackjackStreams(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	h := newHarness(t, ctx)
	p := h.table()
	tg := h.roundsTarget(p)
	sc := newShoeScanner()
	obs := rounds.NewObserver()
	obs.Watch(sc.see)
	want := int64(bjLeakRounds)
	if v, err := strconv.Atoi(os.Getenv("CROUPIER_LEAK_ROUNDS")); err == nil && v > 0 {
		want = int64(v)
	}
	var tables []*rounds.Table
	var opts []rounds.Options
	for _, profile := range []string{"cz", "ru"} {
		o := rounds.Options{Game: "blackjack", Profile: profile, Tables: bjLeakTables / 2, Players: 3, PerBox: 2,
			Clock: 2 * time.Second, Window: 3 * time.Second, Pause: time.Millisecond, CloseWhenAllBet: true, Name: "bjleak-" + profile}
		ts, err := rounds.Setup(ctx, tg, o, obs)
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, ts...)
		opts = append(opts, o)
	}
	// An observer at each table: a player who follows the stream without
	// joining (a joined player who never bets would hold every round's
	// betting open for the whole window).
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	var streamErrs atomic.Int64
	for _, tb := range tables {
		obsName := "bjleak-observer-" + tb.ID
		c := platform.NewClients(p.URL, platform.Bearer(h.deps.PlayerToken(obsName)))
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, err := c.Banked.SubscribeRounds(runCtx, connect.NewRequest(&tablev1.SubscribeRoundsRequest{TableId: tb.ID}))
			observe(runCtx, st, err, &streamErrs, func(m *tablev1.SubscribeRoundsResponse) {
				for _, e := range m.GetEvents() {
					sc.see(tb.ID, obsName, e, nil)
				}
			})
		}()
	}
	start := time.Now()
	var played sync.WaitGroup
	for i, o := range opts {
		o.Duration = time.Hour
		ts := tables[i*len(tables)/2 : (i+1)*len(tables)/2]
		played.Add(1)
		go func() { defer played.Done(); rounds.Play(runCtx, tg, o, ts, obs) }()
	}
	for sc.checked() < want {
		if err := sc.failed(); err != nil {
			t.Fatal(err)
		}
		if ctx.Err() != nil {
			t.Fatalf("%d rounds checked in %s", sc.checked(), time.Since(start))
		}
		time.Sleep(time.Second)
		if s := time.Since(start); s%(15*time.Second) < time.Second {
			fmt.Fprintf(os.Stderr, "leak scan: %d blackjack rounds checked after %s\n", sc.checked(), s.Round(time.Second))
		}
	}
	elapsed := time.Since(start)
	stop()
	played.Wait()
	wg.Wait()
	if err := sc.failed(); err != nil {
		t.Fatal(err)
	}
	if n := streamErrs.Load(); n > 0 {
		t.Fatalf("%d observer streams broke", n)
	}
	// The truth: each shoe as the RNG reveals it once it has ended, through
	// a round proof any player may ask for.
	players := map[string]platform.Clients{}
	for _, tb := range tables {
		players[tb.ID] = tb.Players[0].Clients
	}
	ended, live, positions := 0, 0, 0
	shoes := sc.shoeList()
	if err := sc.failed(); err != nil {
		t.Fatal(err)
	}
	for _, sh := range shoes {
		res, err := players[sh.table].Banked.GetRoundProof(ctx, connect.NewRequest(&tablev1.GetRoundProofRequest{TableId: sh.table, RoundId: fmt.Sprintf("%s-r%d", sh.table, sh.round)}))
		if err != nil {
			// What the table and the streams knew of the round, to tell a
			// record never written from one the streams ended too early.
			if bt, berr := players[sh.table].Banked.GetBankedTable(ctx, connect.NewRequest(&tablev1.GetBankedTableRequest{TableId: sh.table})); berr == nil {
				t.Logf("table %s now: round %d, phase %v", sh.table, bt.Msg.GetTable().GetRound(), bt.Msg.GetTable().GetPhase())
			}
			for _, n := range []int64{sh.round - 1, sh.round, sh.round + 1} {
				t.Logf("round %d as the streams saw it: %v", n, sc.trailOf(sh.table, n))
			}
			t.Fatalf("proof of %s-r%d: %v", sh.table, sh.round, err)
		}
		m := res.Msg
		if string(m.GetCommitment()) != string(sh.commitment) || m.GetRngOutcomeId() != sh.outcome {
			t.Fatalf("proof of %s-r%d names shoe %s, the stream announced %s", sh.table, sh.round, m.GetRngOutcomeId(), sh.outcome)
		}
		if !m.GetRevealed() {
			if cs := cardscan.Cards(m); len(cs) > 0 {
				t.Fatalf("the proof of %s-r%d, whose shoe is live, holds cards %v", sh.table, sh.round, cs)
			}
			live++
			continue
		}
		if err := proof.Verify(m.GetReveal()); err != nil || string(m.GetReveal().GetOutcome().GetCommitment()) != string(sh.commitment) {
			t.Fatalf("shoe %s's reveal does not open its commitment: %v", sh.outcome, err)
		}
		cards := m.GetReveal().GetOutcome().GetCards()
		for pos, c := range sc.dealsOf(sh.outcome) {
			if pos < 1 || int(pos) > len(cards) || cards[pos-1] != c {
				t.Fatalf("shoe %s: the streams dealt %s at place %d, the RNG's shoe holds %v there", sh.outcome, c, pos, cards[max(0, min(int(pos), len(cards))-1)])
			}
			positions++
		}
		ended++
	}
	if ended == 0 || live == 0 {
		t.Fatalf("%d shoes ended and %d live: the test saw no shoe of one kind", ended, live)
	}
	t.Logf("leak scan: %d blackjack rounds (cz and ru) over %d rng tables in %s, %d (round, viewer) streams (three players, two on one box, and an observer a table) and %d views: no card seen before it was dealt; %d shoes ended, their %d dealt places matching the RNG's reveal; %d live shoes' proofs hold no card",
		sc.checked(), len(tables), elapsed.Round(time.Second), sc.streams(), sc.views(), ended, positions, live)
}

// shoeScanner checks what every viewer of every blackjack table sees.
type shoeScanner struct {
	mu sync.Mutex
	// viewers: "table/player" -> his stream's state.
	viewers map[string]*shoeViewer
	// deals: shoe outcome -> place -> card, as the streams announced them.
	deals map[string]map[int32]string
	// shoes: outcome -> the shoe as ShoeChanged announced it.
	shoes map[string]*shoeSeen
	// rounds: "table/round" -> its dealt cards (by place) and the viewers
	// that followed it from its start to its end.
	rounds   map[string]*roundDeals
	seen     []viewSeen
	nStreams int
	nViews   int
	done     atomic.Int64
	err      error
	errOnce  sync.Once
	// trail: "table/round" -> the events the streams saw of it (viewer,
	// event id, kind; the first 64), for a failure's message.
	trail map[string][]string
}

type shoeViewer struct {
	round int64
	// shoe is the outcome of the shoe the table deals from, pos the last
	// place dealt from it.
	shoe string
	pos  int32
	// dealt are the cards this stream announced dealt in the round.
	dealt map[string]int
	// whole: the stream showed the round from its opening.
	whole bool
}

type shoeSeen struct {
	table, outcome string
	commitment     []byte
	round          int64 // a round dealt from it
}

type roundDeals struct {
	places map[int32]string
	shoe   string
	ended  map[string]bool // viewers that followed the whole round
}

type viewSeen struct {
	key   string // "table/round"
	cards []string
}

func newShoeScanner() *shoeScanner {
	return &shoeScanner{viewers: map[string]*shoeViewer{}, deals: map[string]map[int32]string{}, shoes: map[string]*shoeSeen{},
		rounds: map[string]*roundDeals{}, trail: map[string][]string{}}
}

func (s *shoeScanner) fail(format string, args ...any) {
	s.errOnce.Do(func() { s.err = fmt.Errorf(format, args...) })
}

func (s *shoeScanner) failed() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *shoeScanner) checked() int64 { return s.done.Load() }

func (s *shoeScanner) streams() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nStreams
}

func (s *shoeScanner) views() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nViews
}

func (s *shoeScanner) round(table string, n int64) *roundDeals {
	k := fmt.Sprintf("%s/%d", table, n)
	r := s.rounds[k]
	if r == nil {
		r = &roundDeals{places: map[int32]string{}, ended: map[string]bool{}}
		s.rounds[k] = r
	}
	return r
}

// see is the rounds.Watcher: an event of player's stream, or a view he
// read.
func (s *shoeScanner) see(table, player string, e *tablev1.RoundEvent, v *tablev1.BankedTableView) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v != nil {
		// A view is read while the streams move on: its cards are checked
		// against the round's deals once every stream has them (dealsOK).
		s.nViews++
		s.seen = append(s.seen, viewSeen{key: fmt.Sprintf("%s/%d", table, v.GetRound()), cards: cardscan.Cards(v)})
		return
	}
	key := table + "/" + player
	if tr := fmt.Sprintf("%s/%d", table, e.GetRound()); len(s.trail[tr]) < 64 {
		s.trail[tr] = append(s.trail[tr], fmt.Sprintf("%s %s %T", player, e.GetEventId(), e.GetEvent()))
	}
	w := s.viewers[key]
	if w == nil {
		w = &shoeViewer{dealt: map[string]int{}}
		s.viewers[key] = w
	}
	switch n := e.GetRound(); {
	case n < w.round:
		// A late event of an earlier round (a settlement paid after the
		// next round opened): its cards are that round's.
		s.checkAgainst(key, fmt.Sprintf("%s/%d", table, n), cardscan.Cards(e))
		return
	case n > w.round:
		w.round, w.dealt, w.whole = n, map[string]int{}, e.GetRoundOpened() != nil
	}
	if snap := e.GetSnapshot(); snap != nil {
		// The stream's first message: the table as it is. Its round is
		// checked from its start only if no card is out yet.
		cards := cardscan.Cards(snap)
		w.whole = len(cards) == 0 && snap.GetPhase() == tablev1.RoundPhase_ROUND_PHASE_BETTING
		if shoes := snap.GetBlackjack().GetShoes(); len(shoes) > 0 {
			sh := shoes[len(shoes)-1]
			w.shoe, w.pos = sh.GetRngOutcomeId(), sh.GetDealt()
		}
		s.seen = append(s.seen, viewSeen{key: fmt.Sprintf("%s/%d", table, snap.GetRound()), cards: cards})
		return
	}
	if sc := e.GetShoeChanged(); sc != nil {
		sh := sc.GetShoe()
		if sh.GetRngOutcomeId() != w.shoe {
			w.shoe, w.pos = sh.GetRngOutcomeId(), 0
		}
		if s.shoes[sh.GetRngOutcomeId()] == nil {
			s.shoes[sh.GetRngOutcomeId()] = &shoeSeen{table: table, outcome: sh.GetRngOutcomeId(), commitment: sh.GetCommitment(), round: e.GetRound()}
		}
	}
	if bj := e.GetBlackjack(); bj != nil && bj.GetKind() == "dealt" {
		pos, c := bj.GetShoePosition(), bj.GetCard()
		if w.shoe == "" || pos != w.pos+1 {
			s.fail("%s: %s dealt at place %d of shoe %q, the last was %d", key, c, pos, w.shoe, w.pos)
			return
		}
		w.pos = pos
		places := s.deals[w.shoe]
		if places == nil {
			places = map[int32]string{}
			s.deals[w.shoe] = places
		}
		if prev, ok := places[pos]; ok && prev != c {
			s.fail("%s: place %d of shoe %s dealt as %s, another stream saw %s", key, pos, w.shoe, c, prev)
			return
		}
		places[pos] = c
		r := s.round(table, e.GetRound())
		r.places[pos], r.shoe = c, w.shoe
		w.dealt[c]++
	}
	// Every card the event shows is one the stream has announced dealt in
	// this round (the dealt event's own card included).
	shown := map[string]int{}
	for _, c := range cardscan.Cards(e) {
		shown[c]++
		if shown[c] > w.dealt[c] {
			s.fail("%s, round %d: event %s shows %s, not dealt yet (dealt: %v)", key, e.GetRound(), e.GetEventId(), c, w.dealt)
			return
		}
	}
	// The round's end is its public result or void, which every viewer
	// gets. Not a player's RoundSettled: blackjack pays a box's lines
	// before the end (a surrender, a bust, a natural), and a round taken
	// as ended on one had no record yet when the bots stopped in it.
	if w.whole && (e.GetRoundResult() != nil || e.GetRoundVoided() != nil) && len(w.dealt) > 0 {
		r := s.round(table, e.GetRound())
		if !r.ended[player] {
			r.ended[player] = true
			s.nStreams++
			if len(r.ended) == 1 {
				s.done.Add(1)
			}
		}
	}
}

// checkAgainst checks cards a viewer was shown of round key (table/n)
// against the cards the streams saw the round deal.
func (s *shoeScanner) checkAgainst(viewer, key string, cards []string) {
	if len(cards) == 0 {
		return
	}
	r := s.rounds[key]
	if r == nil {
		s.fail("%s was shown %v of round %s; no stream saw a card of it dealt", viewer, cards, key)
		return
	}
	have := map[string]int{}
	for _, c := range r.places {
		have[c]++
	}
	for _, c := range cards {
		if have[c]--; have[c] < 0 {
			s.fail("%s was shown %s of round %s, which the round did not deal (its cards: %v)", viewer, c, key, r.places)
			return
		}
	}
}

// shoeList checks the views — each view's cards are among its round's
// dealt cards, for every round a stream followed to its end (the streams
// stopped with the last rounds' cards on their way) — and returns each
// shoe the streams announced whose first round ended.
func (s *shoeScanner) shoeList() []*shoeSeen {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, v := range s.seen {
		if r := s.rounds[v.key]; r != nil && len(r.ended) > 0 {
			s.checkAgainst("a view", v.key, v.cards)
		}
	}
	out := make([]*shoeSeen, 0, len(s.shoes))
	for _, sh := range s.shoes {
		if r := s.rounds[fmt.Sprintf("%s/%d", sh.table, sh.round)]; r != nil && len(r.ended) > 0 {
			out = append(out, sh)
		}
	}
	return out
}

// trailOf is the events the streams saw of a round.
func (s *shoeScanner) trailOf(table string, n int64) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.trail[fmt.Sprintf("%s/%d", table, n)]
}

// dealsOf is what the streams dealt from shoe outcome, by place.
func (s *shoeScanner) dealsOf(outcome string) map[int32]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.deals[outcome]
}

// observe reads an observer's stream until ctx ends, handing each message
// to see; a stream that could not open, or ended before ctx did, counts
// in errs.
func observe[T any](ctx context.Context, st *connect.ServerStreamForClient[T], err error, errs *atomic.Int64, see func(*T)) {
	if err != nil {
		errs.Add(1)
		return
	}
	defer st.Close()
	for st.Receive() {
		see(st.Msg())
	}
	if ctx.Err() == nil {
		errs.Add(1)
	}
}
