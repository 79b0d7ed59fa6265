package house

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// bjConfig is a valid blackjack table of profile, limits 10..1000 a box.
func bjConfig(t testing.TB, profile string, src Source) Config {
	t.Helper()
	r, err := BlackjackRules(profile, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Limits = blackjack.Limits{Table: round.Limit{Min: 10, Max: 1000}}
	c := Config{ID: "bj1", Name: "Blackjack 1", Game: GameBlackjack, Profile: profile, Blackjack: r, Source: src,
		Window: 15 * time.Second, Pause: 2 * time.Second, Clock: 10 * time.Second, MaxPlayers: 40, MaxBets: 10, Currency: "EUR",
		Escrow: "esc-bj1", Revenue: "rev", Bank: "bank"}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

// shoeOf is an RNG shoe of decks shuffled by rng, its marker in the last
// quarter before the 52 cards that stay behind it.
func shoeOf(rng *rand.Rand, decks, n int) *Shoe {
	s := &Shoe{Outcome: fmt.Sprintf("shoe-%d", n), Commitment: []byte("root"), Cards: card.Deck(decks)}
	rng.Shuffle(len(s.Cards), func(i, j int) { s.Cards[i], s.Cards[j] = s.Cards[j], s.Cards[i] })
	lo, hi := MarkerRange(decks, 52)
	s.Marker = lo + rng.IntN(hi-lo+1)
	return s
}

// bjPlay is a random player's move at a blackjack table, with its hold.
func (h *harness) bjPlay(who string, m blackjack.Move, amount int64) *Command {
	bc := &blackjack.Command{Kind: m.Kind, Box: m.Box, Hand: m.Hand, Action: m.Action, Seq: m.Seq, Amount: amount, Decline: m.Decline}
	c := &Command{Kind: CmdPlay, Who: who, Round: h.tb.Round(), Blackjack: bc}
	c.Stamp(h.now)
	if extra, err := h.tb.PlayStake(c); err == nil && extra > 0 {
		h.holds++
		c.Hold, c.Amount = fmt.Sprintf("hold-%d", h.holds), extra
	}
	return c
}

// ledger is what a test wallet moved: posts into the escrow, settles out.
type ledger struct{ posted, returned, lost, won int64 }

// pay carries out every runnable intent and adds it to the ledger.
func (h *harness) pay(l *ledger) {
	h.t.Helper()
	for range 10 {
		run := h.tb.Runnable(1 << 62)
		if len(run) == 0 {
			return
		}
		c := &Command{Kind: CmdIntentsDone}
		for _, in := range run {
			c.Done = append(c.Done, in.ID)
			l.posted += in.Amount
			l.returned += in.Returned
			l.lost += in.Lost
			l.won += in.Won
		}
		h.must(c)
	}
}

// playRound plays one random round of players at an rng table: bets on
// random boxes, then random legal moves, amounts and timeouts until it
// ends, the wallet paying as it goes.
func (h *harness) playRound(rng *rand.Rand, players []string, l *ledger, shoes *int) {
	h.t.Helper()
	tb := h.tb
	h.must(&Command{Kind: CmdOpen, Round: tb.Round() + 1})
	n := tb.Round()
	r := tb.Config.Blackjack
	for i, p := range players {
		if rng.IntN(3) == 0 {
			continue
		}
		box := 1 + rng.IntN(r.Boxes)
		amount := int64(10 * (1 + rng.IntN(20)))
		_, _ = h.do(h.placing(p, round.Bet{ID: fmt.Sprintf("b%d-%d", n, i), Spot: blackjack.BoxSpot(box), Amount: amount}))
	}
	h.now = tb.ClosesAt
	h.must(&Command{Kind: CmdClose, Round: n})
	for step := 0; tb.Round() == n && !tb.Phase().Over(); step++ {
		if step > 2000 {
			h.t.Fatalf("round %d does not end: %+v", n, tb.Blackjack.Turn)
		}
		if rng.IntN(4) == 0 {
			h.pay(l)
		}
		if tb.NeedsShoe() {
			*shoes++
			h.must(&Command{Kind: CmdPlay, Blackjack: &blackjack.Command{Kind: blackjack.CmdShuffle}, Shoe: shoeOf(rng, r.Decks, *shoes)})
			continue
		}
		var who string
		var moves []blackjack.Move
		for _, p := range players {
			if ms := blackjack.Legal(*r, tb.Blackjack, p); len(ms) > 0 && rng.IntN(2) == 0 {
				who, moves = p, ms
				break
			}
		}
		if moves == nil || rng.IntN(8) == 0 {
			if tb.Deadline() == 0 {
				h.t.Fatalf("round %d waits for nothing: stage %v next %+v turn %+v waiting %d", n, tb.Blackjack.Stage, tb.Blackjack.Next, tb.Blackjack.Turn, tb.Waiting)
			}
			h.now = max(h.now, tb.Deadline())
			h.must(&Command{Kind: CmdPlay, Round: n, Blackjack: &blackjack.Command{Kind: blackjack.CmdTimeout}})
			continue
		}
		m := moves[rng.IntN(len(moves))]
		var amount int64
		if m.Max > 0 {
			amount = m.Min + rng.Int64N(m.Max-m.Min+1)
		}
		if _, err := h.do(h.bjPlay(who, m, amount)); err != nil {
			h.t.Fatalf("legal move %+v of %s refused: %v", m, who, err)
		}
	}
	h.pay(l)
}

// Random rounds at an rng blackjack table of each profile, several
// players a box: every legal move is accepted, every round ends, the
// escrow is empty once the wallet has carried out the intents, what went
// into it came out (posted = returned + lost), no stake is left, and the
// cards dealt from each shoe are its cards in order, none twice.
func TestBlackjackRandomRounds(t *testing.T) {
	rounds := 300
	if raceEnabled {
		rounds = 60
	}
	for _, profile := range blackjack.Profiles() {
		t.Run(profile, func(t *testing.T) {
			seed := uint64(time.Now().UnixNano())
			t.Logf("seed %d", seed)
			rng := rand.New(rand.NewPCG(seed, 7))
			h := newHarness(t, bjConfig(t, profile, ResultRNG))
			h.sample = 7
			players := []string{"p:a", "p:b", "p:c", "p:d", "p:e", "p:f", "p:g", "p:h"}
			for _, p := range players {
				h.join(p)
			}
			var l ledger
			shoes := 0
			for range rounds {
				h.playRound(rng, players, &l, &shoes)
				h.now += 3000
				if h.tb.Escrowed != 0 || len(h.tb.Stakes) != 0 || len(h.tb.Intents) != 0 {
					st, _ := json.MarshalIndent(h.tb.Stakes, "", " ")
					rd, _ := json.MarshalIndent(h.tb.Blackjack, "", " ")
					t.Fatalf("round %d: escrow %d, %d stakes, %d intents after the wallet\n%s\n%s", h.tb.Round(), h.tb.Escrowed, len(h.tb.Stakes), len(h.tb.Intents), st, rd)
				}
			}
			if l.posted != l.returned+l.lost {
				t.Fatalf("posted %d, returned %d + lost %d", l.posted, l.returned, l.lost)
			}
			checkShoes(t, h.events)
			t.Logf("%d rounds, %d shoes: staked %d, returned %d, lost %d, won %d", rounds, shoes, l.posted, l.returned, l.lost, l.won)
		})
	}
}

// checkShoes checks the cards the moves dealt against the shoes' counts:
// no card more often than the decks hold between two shuffles.
func checkShoes(t *testing.T, evs []Event) {
	t.Helper()
	var seen map[card.Card]int
	for _, e := range evs {
		switch {
		case e.Kind == EvShoe && !e.Shoe.Ended:
			seen = map[card.Card]int{}
		case e.Kind == EvMove && e.Blackjack.Kind == blackjack.EvDealt:
			c := e.Blackjack.Deal.Card
			seen[c]++
			if seen[c] > 8 {
				t.Fatalf("%s dealt %d times from one shoe", c, seen[c])
			}
		}
	}
}

// The cards dealt come from the shoe in its order, and nothing a player
// or an observer is shown holds a card not dealt yet.
func TestBlackjackDealsTheShoeInOrderAndShowsNoUndealtCard(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	h := newHarness(t, bjConfig(t, blackjack.CZ, ResultRNG))
	for _, p := range []string{"p:a", "p:b"} {
		h.join(p)
	}
	h.must(&Command{Kind: CmdOpen, Round: 1})
	h.place("p:a", round.Bet{ID: "x", Spot: blackjack.BoxSpot(2), Amount: 20})
	h.place("p:b", round.Bet{ID: "y", Spot: blackjack.BoxSpot(2), Amount: 10})
	h.now = h.tb.ClosesAt
	evs := h.must(&Command{Kind: CmdClose, Round: 1})
	if !h.tb.NeedsShoe() {
		t.Fatalf("no shoe asked for after close: %v", kinds(evs))
	}
	shoe := shoeOf(rng, 6, 1)
	evs = h.must(&Command{Kind: CmdPlay, Blackjack: &blackjack.Command{Kind: blackjack.CmdShuffle}, Shoe: shoe})
	var dealt []card.Card
	for _, e := range evs {
		if e.Kind == EvMove && e.Blackjack.Kind == blackjack.EvDealt {
			dealt = append(dealt, e.Blackjack.Deal.Card)
		}
	}
	// cz §3.6: three burns, then one card to box 2, one to the dealer, a
	// second to box 2.
	if len(dealt) != 6 || !slices.Equal(dealt, shoe.Cards[:6]) {
		t.Fatalf("dealt %v, shoe starts %v", dealt, shoe.Cards[:8])
	}
	undealt := shoe.Cards[h.tb.Shoe.Next:]
	for _, v := range []game.Viewer{{Player: "p:a"}, {Player: "p:b"}, {}, {Player: "q:z"}} {
		view, _ := json.Marshal(h.tb.View(v))
		var back View
		if err := json.Unmarshal(view, &back); err != nil {
			t.Fatal(err)
		}
		if back.Blackjack == nil {
			t.Fatalf("%+v: no blackjack round in the view", v)
		}
		if got := cardsIn(back.Blackjack.Round); got != 6 {
			t.Fatalf("%+v sees %d cards, 6 are out", v, got)
		}
		for _, e := range h.events {
			if fe, ok := e.For(v); ok && fe.Shoe != nil {
				if b, _ := json.Marshal(fe); len(b) > 0 && containsCards(b, undealt[:3]) {
					t.Fatalf("an event shows the undealt cards: %s", b)
				}
			}
		}
	}
	if len(back0(h).Legal) == 0 {
		t.Fatalf("p:a, whose box it is, has no legal move")
	}
}

func back0(h *harness) *BlackjackView { return h.tb.View(game.Viewer{Player: "p:a"}).Blackjack }

// cardsIn counts the cards on the felt and burnt in a round.
func cardsIn(s blackjack.State) int {
	return len(s.Deals)
}

func containsCards(b []byte, cs []card.Card) bool {
	want, _ := json.Marshal(cs)
	return bytes.Contains(b, want[1:len(want)-1])
}

// A live table asks each co-bettor before his money moves: the options
// that would take it without his move are refused at creation.
func TestBlackjackTableRefusesFollowAlways(t *testing.T) {
	for _, opt := range []string{"follow_double", "follow_split"} {
		r, err := BlackjackRules(blackjack.CZ, map[string]string{opt: "always"})
		if err != nil {
			t.Fatalf("%s=always: %v", opt, err)
		}
		r.Limits = blackjack.Limits{Table: round.Limit{Min: 10, Max: 1000}}
		c := bjConfig(t, blackjack.CZ, ResultRNG)
		c.Blackjack, c.Options = r, map[string]string{opt: "always"}
		if err := c.Validate(); apierr.Reason(err) != ReasonBadConfig {
			t.Errorf("%s=always: %v, want BAD_CONFIG", opt, err)
		}
	}
}

// The decision clock runs only while a decision is awaited: at a dealer
// table whose dealer takes longer than the clock to shuffle and deal,
// the first decider still has his whole clock from the card that gave
// him the turn (cz §6.6), not from the round's first bet.
func TestBlackjackClockStartsWithTheTurn(t *testing.T) {
	h := newHarness(t, bjConfig(t, blackjack.CZ, ResultDealer))
	h.join("p:a")
	h.must(&Command{Kind: CmdOpen, Round: 1})
	h.place("p:a", round.Bet{ID: "x", Spot: blackjack.BoxSpot(3), Amount: 20})
	h.now += 1000
	h.must(&Command{Kind: CmdClose, Round: 1})
	clock := h.tb.Config.Clock.Milliseconds()
	dealer := func(m blackjack.Command) {
		h.t.Helper()
		h.now += 2 * clock // a slow dealer: more than a whole clock a card
		c := &Command{Kind: CmdPlay, Blackjack: &m}
		c.Stamp(h.now)
		h.must(c)
		if at := h.tb.Deadline(); h.tb.Blackjack.Next.To != 0 && at != 0 {
			h.t.Fatalf("waiting for the dealer's %v, yet a decision is due at %d", h.tb.Blackjack.Next.To, at)
		}
	}
	dealer(blackjack.Command{Kind: blackjack.CmdShuffle, Cut: 100, Marker: 230})
	for i, c := range []string{"Kc", "2d", "9h", "6s", "6d", "5h"} { // cz §3.6: three burns; box 3, dealer, box 3
		dealer(blackjack.Command{Kind: blackjack.CmdCard, Card: card.MustParse(c), Pos: i + 1})
	}
	turnAt := h.now
	if got := h.tb.Deadline(); got != turnAt+clock {
		t.Fatalf("p:a's turn began at %d: due at %d, want %d", turnAt, got, turnAt+clock)
	}
	h.now = turnAt + clock - 1
	_, err := h.do(&Command{Kind: CmdPlay, Round: 1, At: h.now, Blackjack: &blackjack.Command{Kind: blackjack.CmdTimeout}})
	if apierr.Reason(err) != ReasonNotDue {
		t.Fatalf("a timeout a millisecond early: %v, want %s", err, ReasonNotDue)
	}
	if ms := blackjack.Legal(*h.tb.Config.Blackjack, h.tb.Blackjack, "p:a"); len(ms) == 0 {
		t.Fatalf("p:a's turn has no legal move")
	}
	h.must(h.bjPlay("p:a", blackjack.Move{Kind: blackjack.CmdDecide, Box: 3, Hand: 1, Action: blackjack.Stand, Seq: h.tb.Blackjack.Turn.Seq}, 0))
}

// An rng table set to close when all have bet closes its betting with
// the placement that leaves no joined player without a bet, and not
// before; a dealer table cannot be set so (its dealer calls no more
// bets).
func TestCloseWhenAllBet(t *testing.T) {
	cfg := bjConfig(t, blackjack.CZ, ResultRNG)
	cfg.CloseWhenAllBet = true
	h := newHarness(t, cfg)
	for _, p := range []string{"p:a", "p:b", "p:c"} {
		h.join(p)
	}
	h.must(&Command{Kind: CmdOpen, Round: 1})
	h.place("p:a", round.Bet{ID: "a", Spot: blackjack.BoxSpot(1), Amount: 20})
	h.place("p:b", round.Bet{ID: "b", Spot: blackjack.BoxSpot(1), Amount: 10}) // behind p:a
	if ph := h.tb.Phase(); ph != round.Betting {
		t.Fatalf("p:c has not bet, yet the round is %v", ph)
	}
	evs := h.place("p:c", round.Bet{ID: "c", Spot: blackjack.BoxSpot(4), Amount: 30})
	if ph := h.tb.Phase(); ph != round.Closed || !slices.Contains(kinds(evs), EvClosed) {
		t.Fatalf("every player has bet: the round is %v, events %v", ph, kinds(evs))
	}
	if !h.tb.NeedsShoe() {
		t.Fatalf("closed early, the table asks for no shoe")
	}
	if h.tb.ClosedAt != h.now || h.now >= h.tb.ClosesAt {
		t.Fatalf("closed at %d, the window ends at %d, now %d", h.tb.ClosedAt, h.tb.ClosesAt, h.now)
	}
	dealer := bjConfig(t, blackjack.CZ, ResultDealer)
	dealer.CloseWhenAllBet = true
	if err := dealer.Validate(); apierr.Reason(err) != ReasonBadConfig {
		t.Fatalf("a dealer table closing when all bet: %v", err)
	}
}
