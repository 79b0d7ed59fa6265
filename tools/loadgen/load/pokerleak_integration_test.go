//go:build integration

package load

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/shared/card/cardscan"
	"github.com/croupier/croupier/tools/loadgen/rounds"
	"github.com/croupier/croupier/tools/platform"
)

// pokerLeakGames are the casino poker games the leak test plays, each at
// rng tables that deal as soon as every bot has bet.
var pokerLeakGames = []struct{ game, profile string }{
	{"casino_holdem", "gr"}, {"casino_holdem", "ru"}, {"casino_texas_holdem", "cz"},
	{"oasis_poker", "ru"}, {"russian_poker", "ru"}, {"split_poker", "ru"},
}

// dealerUp reports a dealer's card dealt face up: Casino Texas Hold'em's
// first (cz §4 step 2), the stud games' fifth (ru-oasis-poker.md §3.16,
// ru-russian-poker.md §3.18, ru-split-poker.md §3.17).
func dealerUp(game string, n int) bool {
	switch game {
	case "casino_texas_holdem/cz":
		return n == 1
	case "oasis_poker/ru", "russian_poker/ru", "split_poker/ru":
		return n == 5
	}
	return false
}

// Leak test at casino poker tables (issue 16): simple-strategy bots, a
// box each, play rounds of every game while a scanner reads everything
// each player receives — his stream and every view of the table he reads
// — and an observer's stream at each table. In a stream, no card of the
// dealer's may show before the dealer's cards are shown (but the one he
// deals face up: dealerUp), and no card of another
// player's face-down box before that box is shown. Once the rounds are
// over, each round's record as the operator reads it (the boxes' cards
// with their players, the dealer's if he showed them) is the truth: a
// box never shown keeps its face-down cards from every other player and
// the observer, in streams and in views alike.
func TestNoHiddenCardInCasinoPokerStreams(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	h := newHarness(t, ctx)
	p := h.table()
	tg := h.roundsTarget(p)
	sc := newPokerScanner()
	obs := rounds.NewObserver()
	obs.Watch(sc.see)
	want := int64(pokerLeakRounds)
	if v, err := strconv.Atoi(os.Getenv("CROUPIER_LEAK_ROUNDS")); err == nil && v > 0 {
		want = int64(v)
	}
	type group struct {
		o      rounds.Options
		tables []*rounds.Table
	}
	var groups []group
	for _, g := range pokerLeakGames {
		o := rounds.Options{Game: g.game, Profile: g.profile, Tables: pokerLeakTables, Players: 3, Clock: 2 * time.Second,
			Window: 3 * time.Second, Pause: time.Millisecond, CloseWhenAllBet: true, Name: "pkleak-" + g.game + "-" + g.profile}
		ts, err := rounds.Setup(ctx, tg, o, obs)
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range ts {
			sc.game(tb.ID, g.game+"/"+g.profile)
		}
		groups = append(groups, group{o, ts})
	}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	var streamErrs atomic.Int64
	for _, gr := range groups {
		for _, tb := range gr.tables {
			name := "pkleak-observer-" + tb.ID
			c := platform.NewClients(p.URL, platform.Bearer(h.deps.PlayerToken(name)))
			wg.Add(1)
			go func() {
				defer wg.Done()
				st, err := c.Banked.SubscribeRounds(runCtx, connect.NewRequest(&tablev1.SubscribeRoundsRequest{TableId: tb.ID}))
				observe(runCtx, st, err, &streamErrs, func(m *tablev1.SubscribeRoundsResponse) {
					for _, e := range m.GetEvents() {
						sc.see(tb.ID, name, e, nil)
					}
				})
			}()
		}
	}
	start := time.Now()
	var played sync.WaitGroup
	for _, gr := range groups {
		o := gr.o
		o.Duration = time.Hour
		played.Add(1)
		go func() { defer played.Done(); rounds.Play(runCtx, tg, o, gr.tables, obs) }()
	}
	for !sc.enough(want) {
		if err := sc.failed(); err != nil {
			t.Fatal(err)
		}
		if ctx.Err() != nil {
			t.Fatalf("rounds ended by game after %s: %v", time.Since(start), sc.ended())
		}
		time.Sleep(time.Second)
		if s := time.Since(start); s%(15*time.Second) < time.Second {
			fmt.Fprintf(os.Stderr, "leak scan: casino poker rounds ended after %s: %v\n", s.Round(time.Second), sc.ended())
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
	// The operator reads the records from the table service itself.
	op := platform.NewClients(p.URL, platform.Bearer(h.deps.OperatorToken()))
	checked, boxes := sc.checkRecords(t, ctx, op)
	if checked == 0 {
		t.Fatal("no round's record was read: the records' check checked nothing")
	}
	t.Logf("leak scan: casino poker rounds by game %v over %d rng tables in %s, %d (round, viewer) streams and %d views; %d rounds checked against the operator's records, %d boxes never shown kept from everyone else",
		sc.ended(), sc.tables(), elapsed.Round(time.Second), sc.streams(), sc.views(), checked, boxes)
}

// pokerScanner checks what every viewer of every casino poker table sees.
type pokerScanner struct {
	mu sync.Mutex
	// games: table -> "game/profile"; done: game -> rounds ended.
	games map[string]string
	done  map[string]int64
	over  map[string]bool // "table/round" that ended
	// viewers: "table/player" -> his stream's state.
	viewers map[string]*pokerViewer
	// seen: "table/round" -> viewer -> the cards he was shown in it.
	seen     map[string]map[string]map[string]bool
	nStreams int
	nViews   int
	err      error
}

type pokerViewer struct {
	round int64
	// dealerShown and shown are the showdown's events of the round so
	// far; dealerCards counts the dealer's cards dealt.
	dealerShown bool
	dealerCards int
	shown       map[int32]bool
	mine        map[int32]bool
}

func newPokerScanner() *pokerScanner {
	return &pokerScanner{games: map[string]string{}, done: map[string]int64{}, over: map[string]bool{}, viewers: map[string]*pokerViewer{},
		seen: map[string]map[string]map[string]bool{}}
}

func (s *pokerScanner) game(table, g string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.games[table] = g
}

func (s *pokerScanner) fail(format string, args ...any) {
	if s.err == nil {
		s.err = fmt.Errorf(format, args...)
	}
}

func (s *pokerScanner) failed() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *pokerScanner) enough(want int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range pokerLeakGames {
		if s.done[g.game+"/"+g.profile] < want {
			return false
		}
	}
	return true
}

func (s *pokerScanner) ended() map[string]int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int64{}
	for k, v := range s.done {
		out[k] = v
	}
	return out
}

func (s *pokerScanner) tables() int  { s.mu.Lock(); defer s.mu.Unlock(); return len(s.games) }
func (s *pokerScanner) streams() int { s.mu.Lock(); defer s.mu.Unlock(); return s.nStreams }
func (s *pokerScanner) views() int   { s.mu.Lock(); defer s.mu.Unlock(); return s.nViews }

// note records that viewer was shown cards in the table's round n.
func (s *pokerScanner) note(table string, n int64, viewer string, cards []string) {
	k := fmt.Sprintf("%s/%d", table, n)
	byViewer := s.seen[k]
	if byViewer == nil {
		byViewer = map[string]map[string]bool{}
		s.seen[k] = byViewer
	}
	set := byViewer[viewer]
	if set == nil {
		set = map[string]bool{}
		byViewer[viewer] = set
	}
	for _, c := range cards {
		set[c] = true
	}
}

// see is the rounds.Watcher: an event of player's stream, or a view he
// read.
func (s *pokerScanner) see(table, player string, e *tablev1.RoundEvent, v *tablev1.BankedTableView) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v != nil {
		s.nViews++
		s.note(table, v.GetRound(), player, cardscan.Cards(v))
		return
	}
	key := table + "/" + player
	vw := s.viewers[key]
	if vw == nil || e.GetRound() != vw.round && e.GetRound() != 0 {
		if e.GetRound() == 0 {
			return
		}
		vw = &pokerViewer{round: e.GetRound(), shown: map[int32]bool{}, mine: map[int32]bool{}}
		s.viewers[key] = vw
		s.nStreams++
	}
	// His own bets, which only he is shown with their spots: his box.
	for _, b := range append(e.GetBetsPlaced().GetBets(), e.GetSnapshot().GetYourBets()...) {
		var box int32
		if _, err := fmt.Sscanf(b.GetSpot(), "box:%d/", &box); err == nil {
			vw.mine[box] = true
		}
	}
	if snap := e.GetSnapshot(); snap != nil {
		for _, b := range snap.GetCasinoPoker().GetBoxes() {
			if b.GetYou() {
				vw.mine[b.GetBox()] = true
			}
		}
		s.note(table, e.GetRound(), player, cardscan.Cards(snap))
		return
	}
	// A round has ended at its public result or void, which every viewer
	// gets, not at a player's RoundSettled (private, and a game may pay a
	// box's lines before the round ends).
	if k := fmt.Sprintf("%s/%d", table, e.GetRound()); (e.GetRoundResult() != nil || e.GetRoundVoided() != nil) && !s.over[k] {
		s.over[k] = true
		s.done[s.games[table]]++
	}
	m := e.GetCasinoPoker()
	if m == nil {
		return
	}
	if m.GetKind() == "staked" && m.GetPlayerId() != "" {
		vw.mine[m.GetBox()] = true
	}
	if m.GetKind() == "shown" {
		if m.GetBox() == 0 {
			vw.dealerShown = true
		} else {
			vw.shown[m.GetBox()] = true
		}
	}
	cs := m.GetCards()
	s.note(table, e.GetRound(), player, cs)
	if m.GetKind() != "dealt" {
		return
	}
	g := s.games[table]
	switch m.GetTo() {
	case "dealer":
		vw.dealerCards++
		if len(cs) > 0 && !vw.dealerShown && !dealerUp(g, vw.dealerCards) {
			s.fail("%s (%s) round %d: %s is shown the dealer's face-down %v", player, g, e.GetRound(), player, cs)
		}
	case "box":
		// A card to his own box names him to him alone (other viewers get
		// no player id); the records' check below does not rely on it.
		if m.GetPlayerId() == player {
			vw.mine[m.GetBox()] = true
		}
		faceUp := g == "casino_holdem/gr"
		if len(cs) > 0 && !faceUp && !vw.shown[m.GetBox()] && !vw.mine[m.GetBox()] {
			s.fail("%s (%s) round %d: %s is shown %v of box %d, not his and face down (his: %v)", table, g, e.GetRound(), player, cs, m.GetBox(), vw.mine)
		}
	}
}

// checkRecords checks every ended round's cards each viewer saw against
// the round's record as the operator reads it: a box the showdown never
// showed keeps its cards from everyone but its player (where its cards
// are face down). (The dealer's unshown cards are in no record; the
// streams' order check above keeps them.)
func (s *pokerScanner) checkRecords(t *testing.T, ctx context.Context, op platform.Clients) (rounds, boxes int) {
	t.Helper()
	s.mu.Lock()
	keys := make([]string, 0, len(s.seen))
	for k := range s.seen {
		keys = append(keys, k)
	}
	s.mu.Unlock()
	for _, k := range keys {
		i := strings.LastIndexByte(k, '/')
		table := k[:i]
		n, err := strconv.ParseInt(k[i+1:], 10, 64)
		if err != nil || n == 0 {
			continue
		}
		res, err := op.Banked.GetRound(ctx, connect.NewRequest(&tablev1.GetRoundRequest{TableId: table, RoundId: fmt.Sprintf("%s-r%d", table, n)}))
		if err != nil {
			continue // the round in progress when the bots stopped
		}
		rec := res.Msg.GetRound()
		f := rec.GetCasinoPoker()
		if f == nil {
			t.Fatalf("%s round %d's record has no felt", table, n)
		}
		g := s.games[table]
		s.mu.Lock()
		byViewer := s.seen[k]
		s.mu.Unlock()
		for _, b := range f.GetBoxes() {
			if b.GetShown() || g == "casino_holdem/gr" {
				continue
			}
			boxes++
			for viewer, set := range byViewer {
				if viewer == b.GetPlayerId() {
					continue
				}
				for _, c := range b.GetCards() {
					if set[c] {
						t.Fatalf("%s (%s) round %d: %s saw %s of box %d, which was never shown", table, g, n, viewer, c, b.GetBox())
					}
				}
			}
		}
		rounds++
	}
	return rounds, boxes
}
