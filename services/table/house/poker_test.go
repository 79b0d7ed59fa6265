package house

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/banked/casinoholdem"
	"github.com/croupier/croupier/services/table/banked/casinotexas"
	"github.com/croupier/croupier/services/table/banked/oasis"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/banked/russianpoker"
	"github.com/croupier/croupier/services/table/banked/splitpoker"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/shared/card"
)

// pokerConfig is a valid casino poker table of game/profile, Antes
// 10..1000, side bets 5..500.
func pokerConfig(t testing.TB, gameName, profile string, src Source, options map[string]string) Config {
	t.Helper()
	c := Config{ID: "cp1", Name: "Casino poker 1", Game: gameName, Profile: profile, Options: options, Source: src,
		Window: 15 * time.Second, Pause: 2 * time.Second, Clock: 10 * time.Second, MaxPlayers: 40, MaxBets: 10, Currency: "EUR",
		Escrow: "esc-cp1", Revenue: "rev", Bank: "bank"}
	ante, side := round.Limit{Min: 10, Max: 1000}, round.Limit{Min: 5, Max: 500}
	switch gameName {
	case GameCasinoHoldem:
		r, err := HoldemRules(profile, options)
		if err != nil {
			t.Fatal(err)
		}
		r.Limits = casinoholdem.Limits{Ante: ante, AABonus: side}
		c.CasinoHoldem = r
	case GameCasinoTexas:
		r, err := TexasRules(profile, options)
		if err != nil {
			t.Fatal(err)
		}
		r.Limits = casinotexas.Limits{Ante: ante, Trips: side}
		c.CasinoTexas = r
	case GameOasis:
		r, err := OasisRules(profile, options)
		if err != nil {
			t.Fatal(err)
		}
		r.Limits = oasis.Limits{Ante: ante, RoyalBonus: side}
		c.Oasis = r
	case GameRussian:
		r, err := RussianRules(profile, options)
		if err != nil {
			t.Fatal(err)
		}
		r.Limits = russianpoker.Limits{Ante: ante, RoyalBonus: side}
		c.Russian = r
	case GameSplit:
		r, err := SplitRules(profile, options)
		if err != nil {
			t.Fatal(err)
		}
		r.Limits = splitpoker.Limits{Ante: ante, RoyalBonus: side}
		c.Split = r
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

// pokerGames are the casino poker tables the tests play: each game and
// profile, and Casino Hold'em with its boxes' cards face down.
var pokerGames = []struct {
	name, game, profile string
	options             map[string]string
}{
	{"casino_holdem/gr", GameCasinoHoldem, casinoholdem.GR, nil},
	{"casino_holdem/gr/face_down", GameCasinoHoldem, casinoholdem.GR, map[string]string{"hole_cards_face_up": "false", "burn_cards": "true"}},
	{"casino_holdem/ru", GameCasinoHoldem, casinoholdem.RU, nil},
	{"casino_texas_holdem/cz", GameCasinoTexas, casinotexas.CZ, nil},
	{"oasis_poker/ru", GameOasis, oasis.RU, nil},
	{"russian_poker/ru", GameRussian, russianpoker.RU, map[string]string{"both_improvements": "true"}},
	{"split_poker/ru", GameSplit, splitpoker.RU, nil},
}

// deckOf is an RNG deck shuffled by rng.
func deckOf(rng *rand.Rand, n int) *Shoe {
	s := &Shoe{Outcome: fmt.Sprintf("deck-%d", n), Commitment: []byte("root"), Cards: card.Deck(1), Marker: card.NumCards}
	rng.Shuffle(len(s.Cards), func(i, j int) { s.Cards[i], s.Cards[j] = s.Cards[j], s.Cards[i] })
	return s
}

// pokerRound plays one random round at an rng casino poker table: Antes
// and side bets on random boxes, then random legal decisions and
// timeouts until it ends, the wallet paying as it goes. After every
// command it checks what each viewer is shown (checkPokerLeaks).
func (h *harness) pokerRound(rng *rand.Rand, players []string, l *ledger, decks *int) {
	h.t.Helper()
	tb := h.tb
	h.must(&Command{Kind: CmdOpen, Round: tb.Round() + 1})
	n := tb.Round()
	for i, p := range players {
		legal := tb.View(game.Viewer{Player: p}).Poker.Legal
		if len(legal) == 0 || rng.IntN(4) == 0 {
			continue
		}
		m := legal[rng.IntN(len(legal))]
		if m.Kind != "place" {
			continue
		}
		bets := []round.Bet{{ID: fmt.Sprintf("a%d-%d", n, i), Spot: m.Spot, Amount: m.Min + rng.Int64N(m.Max-m.Min+1)/10}}
		if _, err := h.do(h.pokerPlacing(p, bets...)); err != nil && n < 3 {
			h.t.Logf("placement %+v refused: %v", bets, err)
		}
		// A side bet where one is offered now.
		for _, s := range tb.View(game.Viewer{Player: p}).Poker.Legal {
			if s.Kind == "place" && s.Box == m.Box && s.Spot != m.Spot && rng.IntN(2) == 0 {
				_, _ = h.do(h.pokerPlacing(p, round.Bet{ID: fmt.Sprintf("s%d-%d", n, i), Spot: s.Spot, Amount: s.Min}))
			}
		}
	}
	h.now = tb.ClosesAt
	h.must(&Command{Kind: CmdClose, Round: n})
	var shoe *Shoe
	for step := 0; tb.Round() == n && !tb.Phase().Over(); step++ {
		if step > 500 {
			h.t.Fatalf("round %d does not end", n)
		}
		if rng.IntN(4) == 0 {
			h.pay(l)
		}
		if tb.NeedsShoe() {
			*decks++
			shoe = deckOf(rng, *decks)
			h.must(&Command{Kind: CmdPlay, Poker: &PokerMove{Kind: "shuffle"}, Shoe: shoe})
			checkPokerLeaks(h.t, tb, h.events, players, shoe)
			continue
		}
		var who string
		var moves []PokerLegal
		for _, p := range players {
			if ms := tb.View(game.Viewer{Player: p}).Poker.Legal; len(ms) > 0 {
				who, moves = p, ms
				break
			}
		}
		if moves == nil || rng.IntN(6) == 0 {
			if tb.Deadline() == 0 {
				h.t.Fatalf("round %d waits for nothing", n)
			}
			h.now = max(h.now, tb.Deadline())
			h.must(tb.Timeout())
		} else {
			m := moves[rng.IntN(len(moves))]
			c := &Command{Kind: CmdPlay, Who: who, Round: n, Poker: pokerDecision(rng, tb, who, m)}
			c.Stamp(h.now)
			if extra, err := tb.PlayStake(c); err == nil && extra > 0 {
				h.holds++
				c.Hold, c.Amount = fmt.Sprintf("hold-%d", h.holds), extra
			}
			if _, err := h.do(c); err != nil {
				h.t.Fatalf("legal move %+v of %s refused: %v", m, who, err)
			}
		}
		if shoe != nil {
			checkPokerLeaks(h.t, tb, h.events, players, shoe)
		}
	}
	h.pay(l)
}

// pokerDecision is a random legal move m of who's as a PokerMove: its
// cards where it takes them (an exchange's discards, picked from who's
// own box's cards in his view; a bought hand's partition as listed), an
// insurance within its bounds or none.
func pokerDecision(rng *rand.Rand, tb *Table, who string, m PokerLegal) *PokerMove {
	mv := &PokerMove{Kind: m.Kind, Box: m.Box, Action: m.Action, Amount: m.Min, Seq: m.Seq, Cards: m.Cards}
	if m.InsuranceMax > 0 && rng.IntN(2) == 0 {
		mv.Insurance = m.InsuranceMin + rng.Int64N(m.InsuranceMax-m.InsuranceMin+1)
	}
	if m.Action != "exchange" {
		return mv
	}
	// Oasis: one card an Ante (Amount = Min: one card); Russian poker:
	// one to five cards for one Ante (ru §3.22). The discards are cards
	// who sees on his box and it still holds (the felt lists its
	// discards too).
	var mine []card.Card
	for _, b := range tb.View(game.Viewer{Player: who}).Poker.Felt.Boxes {
		if b.N == m.Box {
			mine = b.Cards
		}
	}
	held := heldCards(tb, m.Box)
	mine = slices.DeleteFunc(slices.Clone(mine), func(c card.Card) bool { return !slices.Contains(held, c) })
	k := min(1, len(mine))
	if tb.Russian != nil && len(mine) > 0 {
		k = 1 + rng.IntN(min(5, len(mine)))
	}
	mv.Cards = mine[:k]
	return mv
}

// heldCards are the cards box n holds now at a stud table (its felt
// lists its discards too).
func heldCards(tb *Table, n int) []card.Card {
	var bs []card.Card
	switch {
	case tb.Oasis != nil:
		for _, b := range tb.Oasis.Boxes {
			if b.N == n {
				bs = b.Cards
			}
		}
	case tb.Russian != nil:
		for _, b := range tb.Russian.Boxes {
			if b.N == n {
				bs = b.Cards
			}
		}
	}
	return slices.Clone(bs)
}

// pokerPlacing is a placement of who's bets with the hold of what they
// put in play (casino texas hold'em's Ante brings its Blind, cz §3).
func (h *harness) pokerPlacing(who string, bets ...round.Bet) *Command {
	c := h.placing(who, bets...)
	fresh, err := h.tb.CheckPlace(who, c.Round, bets)
	if err == nil {
		c.Amount = 0
		for _, b := range fresh {
			c.Amount += b.Amount
		}
	}
	return c
}

// checkPokerLeaks checks what every viewer (each player, an observer,
// an operator) is shown, in the table's view and in every event of the
// round, against the deck the round is dealt from: no card not dealt
// yet; none of the dealer's face-down cards before his cards are shown
// (casino texas hold'em deals his first face up: cz §4 step 2); no card
// of another player's face-down box before the showdown shows it.
func checkPokerLeaks(t testing.TB, tb *Table, evs []Event, players []string, shoe *Shoe) {
	t.Helper()
	dealt := shoe.Cards[:tb.Shoe.Next]
	g := tb.engine().(pokerGame)
	raw := g.felt()
	// Who may know each dealt card now, by the rules (not by the marks).
	owner := map[card.Card]string{} // a box's face-down card: its player
	dealerHidden := map[card.Card]bool{}
	faceUp := tb.Config.CasinoHoldem != nil && tb.Config.CasinoHoldem.Options.HoleCardsFaceUp
	texasFirstUp := tb.Config.CasinoTexas != nil && tb.Config.CasinoTexas.Options.DealerFirstCardFaceUp
	// The stud games deal the dealer's fifth face up (ru-oasis-poker
	// §3.17); Split poker's small hand comes face up after his reveal.
	stud := tb.Oasis != nil || tb.Russian != nil || tb.Split != nil
	for _, b := range raw.Boxes {
		if !b.Shown && !faceUp {
			for _, c := range b.Cards {
				owner[c] = b.Player
			}
		}
	}
	// The dealer's cards are all shown at the showdown, or none is.
	shown := len(raw.DealerVis) > 0 && !slices.ContainsFunc(raw.DealerVis, func(v round.Visibility) bool { return v != round.Public })
	for i, c := range raw.Dealer {
		if !shown && !(i == 0 && texasFirstUp) && !(i == 4 && stud) {
			dealerHidden[c] = true
		}
	}
	viewers := []game.Viewer{{}, {Internal: true}}
	for _, p := range players {
		viewers = append(viewers, game.Viewer{Player: p})
	}
	for _, v := range viewers {
		seen := pokerCardsSeen(t, tb, evs, v)
		for _, c := range seen {
			switch {
			case !slices.Contains(dealt, c):
				t.Fatalf("%+v is shown %s, which is not dealt yet", v, c)
			case dealerHidden[c]:
				t.Fatalf("%+v is shown the dealer's face-down %s", v, c)
			case owner[c] != "" && !v.Internal && owner[c] != v.Player:
				t.Fatalf("%+v is shown %s of %s's face-down box", v, c, owner[c])
			}
		}
	}
}

// pokerCardsSeen are the cards v is shown in the table's view and in the
// events of the round now (since its deck's shuffle), as JSON carries
// them to him.
func pokerCardsSeen(t testing.TB, tb *Table, evs []Event, v game.Viewer) []card.Card {
	t.Helper()
	var back View
	b, _ := json.Marshal(tb.View(v))
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	f := back.Poker.Felt
	seen := slices.Concat(f.Dealer, f.Board)
	for _, bx := range f.Boxes {
		seen = append(seen, bx.Cards...)
	}
	start := 0
	for i, e := range evs {
		if e.Kind == EvMove && e.Poker != nil && e.Poker.Kind == "shuffled" {
			start = i
		}
	}
	for _, e := range evs[start:] {
		fe, ok := e.For(v)
		if !ok || fe.Poker == nil {
			continue
		}
		b, _ := json.Marshal(fe)
		var back Event
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		seen = append(seen, back.Poker.Cards...)
	}
	return seen
}

// Random rounds at an rng table of each casino poker game: every legal
// move is accepted, every round ends, the escrow is empty once the
// wallet has carried out the intents, what went into it came out
// (posted = returned + lost), no stake is left, and no viewer is ever
// shown a card the rules keep from him (checkPokerLeaks, after every
// command).
func TestPokerRandomRounds(t *testing.T) {
	// 150 rounds a game without the race detector (make banked-full, part
	// of make test); under it 10, where each round costs ten times as much
	// and the detector has one goroutine to watch.
	rounds := 150
	if raceEnabled {
		rounds = 10
	}
	for _, pg := range pokerGames {
		t.Run(pg.name, func(t *testing.T) {
			seed := uint64(time.Now().UnixNano())
			t.Logf("seed %d", seed)
			rng := rand.New(rand.NewPCG(seed, 11))
			h := newHarness(t, pokerConfig(t, pg.game, pg.profile, ResultRNG, pg.options))
			h.sample = 5
			players := []string{"p:a", "p:b", "p:c", "p:d", "p:e", "p:f", "p:g"}
			for _, p := range players {
				h.join(p)
			}
			var l ledger
			decks := 0
			for range rounds {
				h.pokerRound(rng, players, &l, &decks)
				h.now += 3000
				if h.tb.Escrowed != 0 || len(h.tb.Stakes) != 0 || len(h.tb.Intents) != 0 {
					st, _ := json.MarshalIndent(h.tb.Stakes, "", " ")
					t.Fatalf("round %d: escrow %d, %d stakes, %d intents after the wallet\n%s", h.tb.Round(), h.tb.Escrowed, len(h.tb.Stakes), len(h.tb.Intents), st)
				}
			}
			if l.posted != l.returned+l.lost {
				t.Fatalf("posted %d, returned %d + lost %d", l.posted, l.returned, l.lost)
			}
			if l.posted == 0 || decks == 0 {
				t.Fatalf("%d rounds staked %d from %d decks", rounds, l.posted, decks)
			}
			if got := len(h.tb.Shoes); got == 0 || !h.tb.Shoes[got-1].Ended {
				t.Fatalf("the last deck's record %+v: a deck ends with its round", h.tb.Shoes)
			}
			t.Logf("%d rounds, %d decks: staked %d, returned %d, lost %d, won %d", rounds, decks, l.posted, l.returned, l.lost, l.won)
		})
	}
}
