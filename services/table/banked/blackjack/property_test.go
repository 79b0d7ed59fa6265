package blackjack

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// propertyRounds is how many rounds each profile plays: 1,000,000 when
// run without the race detector, which is how the Makefile's banked-full
// target runs the package (the full count runs in that non-race pass);
// 8,000 under -race (make test), where the detector finds nothing in one
// goroutine and costs ten times the time, so that the package's -race
// run stays within about 20 seconds. BLACKJACK_PROPERTY_ROUNDS sets
// another count.
func propertyRounds(t *testing.T) int {
	if n, err := strconv.Atoi(os.Getenv("BLACKJACK_PROPERTY_ROUNDS")); err == nil && n > 0 {
		return n
	}
	if raceEnabled {
		return 8_000
	}
	return 1_000_000
}

// propertySeed is the run's seed, new each run and logged;
// BLACKJACK_PROPERTY_SEED repeats a run.
func propertySeed(t *testing.T) uint64 {
	seed, err := strconv.ParseUint(os.Getenv("BLACKJACK_PROPERTY_SEED"), 10, 64)
	if err != nil {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (BLACKJACK_PROPERTY_SEED=%d repeats the run)", seed, seed)
	return seed
}

// variants are option sets the run turns through, on top of each
// profile's defaults, so that every option's other side plays too: half
// the rounds play the defaults, the other half a variant.
var variants = [][]string{
	{"follow_double", "always", "follow_split", "never", "enhc_lose_all", "false", "dealer_draws_always", "true"},
	{"dealer_hits_soft17", "true", "split_blackjack", "true", "dealer_blackjack_beats_21", "false", "blackjack_rounding", "up", "chip_unit", "5"},
	{"surrender_vs_ace", "true", "surrender_pairs", "false", "split_by", "rank", "double_after_split", "false", "owner_priority", "true"},
	{"bonus_777", "true", "bonus_777_suited", "true", "bonus_777_after_double", "false", "resplit_aces", "true", "max_hands", "3", "max_bettors", "2"},
	{"follow_double", "never", "follow_split", "always", "even_money", "false", "insurance_box_min_half", "true", "split_ten_ace_hits", "true"},
}

// swapped are the window and surrender rules of the other profile (ru's
// on the cz table, cz's on the ru table), as one more variant.
func swapped(profile string) []string {
	if profile == CZ {
		return []string{"window", "first_card", "surrender", "early", "double_for_less", "true", "even_money_vs_ten", "true"}
	}
	return []string{"window", "answers", "surrender", "hand", "double_for_less", "false", "owner_priority", "true"}
}

// ptable is one profile's property run: the rules, the state, the shoe
// the test holds (RNG mode) or none (dealer mode, any card the shoe may
// still hold), the round's money by stake, and what happened, counted.
type ptable struct {
	t       *testing.T
	seed    uint64
	rules   []Rules // the profile's defaults, then its variants
	r       Rules   // the round's
	s       State
	before  State // the state before a command that may be refused
	copied  bool  // before is the state: nothing accepted since the copy
	evs     []Event
	owned   bool // the round's commands go through Apply, not AppendApply
	rng     *rand.Rand
	players []string
	ids     int
	bet     [2]round.Bet // a placement's

	// shoe is the RNG mode's shuffled order, nil in dealer mode; nextShoe
	// the order of the shuffle being sent; pos the last position dealt;
	// seen the cards dealt since the shuffle.
	shoe, nextShoe []card.Card
	pos            int
	seen           [card.NumCards]uint8

	// The round's money: the stakes in; the stakes the lines settled,
	// paid out (won and returned) and kept by the house (lost less won).
	stakes                  []stake
	in, out, payouts, house int64
	lines, commands         int
	events                  [EvVoided + 1]int
	count, refused, paidFor map[string]int
}

// TestPropertyRounds plays random rounds in each profile, 1,000,000 each
// without the race detector (propertyRounds): seven boxes with up to
// three bettors each (21 players on a ru table), random bets, cancels
// and replays, the box owners' random decisions, legal and not, the
// co-bettors' answers to doubles and splits, insurance, even money,
// surrender, timeouts, operator voids, dealer changes with their burns,
// cards from a shuffled shoe by position (RNG mode) or any the shoe may
// still hold (dealer mode), shuffles mid-round when the shoe runs out,
// and commands that must be refused between them. Every command: a
// refusal leaves the state as it was (a co-bettor's double or split, a
// card nobody is due, anything else refused); the stakes in equal the
// stakes settled plus the escrow; no shoe position dealt twice, no card
// more often than the decks hold; a decision taken is the box owner's;
// a move Legal lists is accepted. Every round: it ends, settled or
// voided; the escrow is empty; each stake has one line for all of it,
// shaped as the rules pay; the stakes placed equal the payouts plus the
// house's result; the cards on the table are the round's dealt cards.
func TestPropertyRounds(t *testing.T) {
	seed := propertySeed(t)
	n := propertyRounds(t)
	for i, profile := range Profiles() {
		t.Run(profile, func(t *testing.T) {
			t.Parallel()
			tb := newPtable(t, profile, seed+uint64(i))
			start := time.Now()
			for k := range n {
				tb.r = tb.rules[0]
				if k%2 == 1 {
					tb.r = tb.rules[1+k/2%(len(tb.rules)-1)]
				}
				tb.owned = k%50 == 0
				tb.round()
			}
			t.Logf("%d rounds in %v, %d commands accepted; events %v; %v; paid %v; refused %v",
				n, time.Since(start).Round(time.Millisecond), tb.commands, tb.eventCounts(), tb.count, tb.paidFor, tb.refused)
			tb.covered(n)
		})
	}
}

func newPtable(t *testing.T, profile string, seed uint64) *ptable {
	tb := &ptable{t: t, seed: seed, rng: rand.New(rand.NewPCG(seed, 2026)),
		count: map[string]int{}, refused: map[string]int{}, paidFor: map[string]int{}}
	for _, v := range append([][]string{nil}, append(variants, swapped(profile))...) {
		tb.rules = append(tb.rules, rules(t, profile, v...))
	}
	for i := range 8 + 16*btoi(profile == RU) {
		tb.players = append(tb.players, fmt.Sprintf("p%02d", i))
	}
	return tb
}

// fatalf stops the run, saying how to repeat it.
func (tb *ptable) fatalf(format string, args ...any) {
	tb.t.Helper()
	tb.t.Fatalf("round %d (seed %d): %s", tb.s.Round, tb.seed, fmt.Sprintf(format, args...))
}

// covered fails a long run that never reached a part of the game. A run
// under -race (a few thousand rounds) is not checked: its rarest parts
// come a handful of times a run, so about one run in a thousand misses
// one by chance (a split poker run once saw no NO_CARD_DUE); make test
// checks its full-size run (250,000 rounds).
func (tb *ptable) covered(n int) {
	if n < 100_000 {
		return
	}
	for _, what := range []string{"settled", "voided", "shuffle", "dealer mode", "rng mode", "replay", "dealer change", "legal move", "not the owner's"} {
		if tb.count[what] == 0 {
			tb.t.Errorf("the run never reached %q", what)
		}
	}
	for _, why := range []string{"blackjack", "insurance", "even money", "surrender", "bust"} {
		if tb.paidFor[why] == 0 {
			tb.t.Errorf("nothing was paid for %q", why)
		}
	}
	for _, k := range []EventKind{EvInsured, EvStaked, EvFollowed, EvCancelled, EvWindowOpened, EvMarker, EvVoided} {
		if tb.events[k] == 0 {
			tb.t.Errorf("no %s event", k)
		}
	}
	for _, reason := range []string{ReasonNotBoxOwner, ReasonNoCardDue, ReasonBadCard, ReasonBadPosition, ReasonCardNotInShoe, ReasonBoxFull, ReasonActionNotAllowed} {
		if tb.refused[reason] == 0 {
			tb.t.Errorf("no command refused with %s", reason)
		}
	}
	if n < 500_000 {
		return
	}
	if tb.count["mid-round shuffle"] == 0 {
		tb.t.Errorf("a long run never shuffled mid-round")
	}
	// Only a profile whose defaults pay any three sevens sees them often
	// enough to demand one: ru plays the bonus only in a variant that
	// wants them suited, a few times in a million rounds at most.
	if d := tb.rules[0].Options; d.Bonus777 && !d.Bonus777Suited && tb.paidFor["7-7-7"] == 0 {
		tb.t.Errorf("a long run never paid a 7-7-7")
	}
}

func (tb *ptable) eventCounts() map[string]int {
	m := map[string]int{}
	for k, n := range tb.events {
		if n > 0 {
			m[EventKind(k).String()] = n
		}
	}
	return m
}

// round plays one round from its opening to its end.
func (tb *ptable) round() {
	tb.stakes = tb.stakes[:0]
	tb.in, tb.out, tb.payouts, tb.house, tb.lines = 0, 0, 0, 0, 0
	tb.between()
	tb.must(Command{Kind: CmdOpen})
	tb.bets()
	tb.must(Command{Kind: CmdClose})
	void := -1
	if tb.rng.IntN(300) == 0 {
		void = tb.rng.IntN(40)
	}
	for step := 0; !tb.s.Phase.Over(); step++ {
		if step > 5000 {
			tb.fatalf("the round does not end: %s", encode(tb.t, tb.s))
		}
		if step == void {
			tb.must(Command{Kind: CmdVoid, Reason: "operator"})
			break
		}
		tb.step()
	}
	tb.checkEnd()
}

// between is what a table does between rounds, now and then: a new
// dealer, who burns (cz §3.7); a card burnt; the marker reported in
// dealer mode; a shuffle before the shoe runs out.
func (tb *ptable) between() {
	rng, sh := tb.rng, &tb.s.Shoe
	if !sh.Loaded {
		return
	}
	switch rng.IntN(40) {
	case 0:
		tb.count["dealer change"]++
		tb.must(Command{Kind: CmdDealerChange})
	case 1:
		if sh.Out < tb.r.size() {
			tb.card(CmdBurn)
		}
	case 2:
		tb.shuffle()
	}
	if tb.shoe == nil && sh.Out > tb.r.size()*3/4 && rng.IntN(3) == 0 {
		tb.must(Command{Kind: CmdMarker})
	}
}

// bets places random bets on random boxes: some refused (a full box, a
// box over its maximum, a bet outside the limits, a bad spot), some
// replayed, some cancelled.
func (tb *ptable) bets() {
	rng := tb.rng
	for box := 1; box <= tb.r.Boxes; box++ {
		for k := rng.IntN(5); k > 0; k-- {
			p := tb.players[rng.IntN(len(tb.players))]
			amount := 10 + rng.Int64N(40)
			if rng.IntN(12) == 0 {
				amount = rng.Int64N(600)
			}
			tb.bet[0] = round.Bet{ID: tb.betID(), Amount: amount}
			c := Command{Kind: CmdPlace, Player: p, Box: box, Bets: tb.bet[:1]}
			if _, err := tb.place(c); err == nil && rng.IntN(10) == 0 {
				tb.replay(c)
			}
		}
	}
	if rng.IntN(5) == 0 && len(tb.s.Bets) > 0 {
		b := tb.s.Bets[rng.IntN(len(tb.s.Bets))]
		tb.must(Command{Kind: CmdCancel, Player: b.Player, BetIDs: []string{b.ID}})
	}
	if rng.IntN(10) == 0 {
		p := tb.players[rng.IntN(len(tb.players))]
		tb.bet[0] = round.Bet{ID: tb.betID(), Spot: fmt.Sprintf("box:%d", rng.IntN(9)), Amount: 10 + rng.Int64N(30)}
		tb.bet[1] = round.Bet{ID: tb.betID(), Spot: BoxSpot(1 + rng.IntN(MaxBoxes)), Amount: rng.Int64N(60)}
		tb.place(Command{Kind: CmdPlace, Player: p, Bets: tb.bet[:2]})
	}
}

// place tries a placement; now and then it asks CheckPlace first, which
// must say what Apply then does.
func (tb *ptable) place(c Command) ([]Event, error) {
	if tb.rng.IntN(16) != 0 {
		return tb.try(c)
	}
	_, want := CheckPlace(tb.r, &tb.s, c)
	evs, err := tb.try(c)
	if apierr.Reason(err) != apierr.Reason(want) {
		tb.fatalf("%+v: CheckPlace says %v, Apply %v", c, want, err)
	}
	return evs, err
}

// betIDs are the bets' ids, made once: a placement's id is new in its
// round, and the ids go round.
var betIDs = func() (ids [1024]string) {
	for i := range ids {
		ids[i] = strconv.Itoa(i)
	}
	return ids
}()

func (tb *ptable) betID() string {
	tb.ids++
	return betIDs[tb.ids%len(betIDs)]
}

// step does one thing the round waits for: a shuffle, a card, or the
// players' and the clock's commands.
func (tb *ptable) step() {
	switch tb.s.Next.To {
	case ToShuffle:
		tb.shuffle()
	case ToBurn, ToBox, ToDealer:
		if tb.rng.IntN(40) == 0 {
			tb.illegalCards()
		}
		tb.card(CmdCard)
	default:
		tb.act()
	}
}

// shuffle loads a new shoe, RNG or dealer mode at random, with a random
// cut and, in RNG mode, a marker: between rounds, or mid-round when the
// shoe ran out, the cards on the table staying out of it.
func (tb *ptable) shuffle() {
	rng, o := tb.rng, &tb.r.Options
	var left [card.NumCards]int
	for c := range left {
		left[c] = tb.r.Decks
	}
	if tb.s.midPlay() {
		for _, c := range tableCards(&tb.s) {
			left[c]--
		}
	}
	rngMode := rng.IntN(2) == 0
	var next []card.Card
	avail := 0
	for c, n := range left {
		avail += n
		for range n * btoi(rngMode) {
			next = append(next, card.Card(c))
		}
	}
	c := Command{Kind: CmdShuffle}
	if rng.IntN(2) == 0 {
		c.Cut = o.MinCut + rng.IntN(avail-2*o.MinCut+1)
	}
	if rngMode {
		rng.Shuffle(avail, func(i, j int) { next[i], next[j] = next[j], next[i] })
		c.Marker = avail - o.MinBehindMarker - rng.IntN(avail/3)
		tb.count["rng mode"]++
	} else {
		tb.count["dealer mode"]++
	}
	tb.nextShoe = next // shuffled takes it up from the EvShuffled
	tb.must(c)
}

// tableCards are the round's cards on the table.
func tableCards(s *State) []card.Card {
	out := append([]card.Card(nil), s.Dealer...)
	for _, b := range s.Boxes {
		for _, h := range b.Hands {
			out = append(out, h.Cards...)
		}
	}
	return out
}

// card deals the next card (CmdCard) or burns one (CmdBurn): the RNG
// shoe's next, or in dealer mode any card the shoe may still hold;
// sometimes with its position, then sometimes reported twice.
func (tb *ptable) card(kind CommandKind) {
	rng := tb.rng
	c := Command{Kind: kind}
	if tb.shoe != nil {
		c.Card = tb.shoe[tb.pos]
	} else {
		k := rng.IntN(tb.r.size() - tb.s.Shoe.Out)
		for i := range card.NumCards {
			if k -= tb.r.Decks - int(tb.s.Shoe.Seen[i]); k < 0 {
				c.Card = card.Card(i)
				break
			}
		}
	}
	if rng.IntN(2) == 0 {
		c.Pos = tb.s.Shoe.Drawn + 1
	}
	tb.must(c)
	if c.Pos != 0 && rng.IntN(10) == 0 {
		tb.replay(c)
	}
}

// illegalCards sends cards that cannot come next: not a card, a position
// past the next, a card the shoe has given every copy of.
func (tb *ptable) illegalCards() {
	sh := &tb.s.Shoe
	tb.refuse(Command{Kind: CmdCard, Card: card.Card(52 + tb.rng.IntN(200))}, ReasonBadCard)
	tb.refuse(Command{Kind: CmdCard, Pos: sh.Drawn + 2}, ReasonBadPosition)
	for i := range card.NumCards {
		if int(sh.Seen[i]) >= tb.r.Decks {
			tb.refuse(Command{Kind: CmdCard, Card: card.Card(i)}, ReasonCardNotInShoe)
			break
		}
	}
}

// refuse sends a command that must be refused with reason.
func (tb *ptable) refuse(c Command, reason string) {
	if _, err := tb.try(c); apierr.Reason(err) != reason {
		tb.fatalf("%s %+v: %v, want %s", c.Kind, c, err, reason)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
