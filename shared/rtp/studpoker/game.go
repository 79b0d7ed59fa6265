package studpoker

import (
	"errors"
	"fmt"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
)

// Game is one of the three stud games.
type Game uint8

// Games.
const (
	// Oasis: ru-oasis-poker.md. A winning Bet pays its multiple and the
	// Ante 1:1 (§4 step 8); the dealer's bought game replaces his
	// highest card once (§4.17).
	Oasis Game = iota + 1
	// Russian: ru-russian-poker.md. A winning Bet pays its combinations'
	// multiples (on five cards a second can only be Ace-King, §7) and the
	// Ante is returned (§4 step 8); the bought game swaps a card of the
	// same rank again, up to three swaps, unless it makes a flush (§4
	// step 7.3).
	Russian
	// Split: ru-split-poker.md. Beating a qualifying dealer (a pair of
	// twos) pays the Bet its big hand's multiple when the small hand is
	// at least the dealer's, else the Ante its multiple (§4 step 7).
	Split
)

func (g Game) String() string {
	switch g {
	case Oasis:
		return "oasis"
	case Russian:
		return "russian"
	case Split:
		return "split"
	}
	return fmt.Sprintf("Game(%d)", uint8(g))
}

// Buy is what the player does on the dealer's no game.
type Buy uint8

// Buys.
const (
	// NeverBuy: stop, the Ante paid 1:1 and the Bet returned.
	NeverBuy Buy = iota
	// BuyByNumbers: buy the dealer's game (Oasis, Russian) when its mean
	// pays more than the stop, seeing both hands (see the package doc).
	BuyByNumbers
)

func (b Buy) String() string {
	if b == BuyByNumbers {
		return "buy by the numbers"
	}
	return "never buy"
}

// maxSwaps: the Russian bought game swaps at most three cards (§4 step
// 7.3).
const maxSwaps = 3

// Rules are a game and its paytable, as an engine ships them, and the
// strategy's choice on the dealer's no game.
type Rules struct {
	Game Game
	// Pays is the Bet table (Oasis, Russian) or the "Bet or Ante" table
	// (Split), to one.
	Pays Paytable
	Buy  Buy
}

// OasisRules, RussianRules and SplitRules are the games with the
// paytables their engines ship, never buying.
func OasisRules() Rules   { return Rules{Game: Oasis, Pays: PlaceholderBet()} }
func RussianRules() Rules { return Rules{Game: Russian, Pays: PlaceholderBet()} }
func SplitRules() Rules   { return Rules{Game: Split, Pays: SplitPays()} }

// Validate reports an unknown game, a paytable without the game's lines,
// and a buy in Split poker, whose stated strategy stops.
func (r Rules) Validate() error {
	switch r.Game {
	case Oasis, Russian:
		return r.Pays.check(r.Game.String(), BetLines())
	case Split:
		if r.Buy != NeverBuy {
			return errors.New("studpoker: split: the strategy never buys the dealer's game")
		}
		return r.Pays.check("split", SplitLines())
	}
	return fmt.Errorf("studpoker: unknown game %d", uint8(r.Game))
}

// plays is the strategy's decision on the five cards dealt: Ace-King or
// better (Oasis, Russian), a pair or better (Split).
func (r *Rules) plays(v rank.Value) bool {
	if r.Game == Split {
		return v.Category() >= rank.Pair
	}
	return banked.Russian.Qualifier().Qualifies(v) // Ace-King or better
}

// qualifies is the dealer's game (§4.4–4.5 Oasis, §4.4 Russian, §5.1
// Split).
func (r *Rules) qualifies(v rank.Value) bool {
	switch r.Game {
	case Split:
		return banked.Split.Qualifier().Qualifies(v)
	case Russian:
		return banked.Russian.Qualifier().Qualifies(v)
	}
	return banked.Oasis.Qualifier().Qualifies(v)
}

// win is the net, in Antes, of a Bet of 2 Antes that beats a qualifying
// dealer (Oasis, Russian; Split's depends on the small hands).
func (r *Rules) win(player []card.Card, v rank.Value) int64 {
	l := banked.LineOf(v)
	if r.Game == Oasis {
		return 1 + 2*r.Pays[l]
	}
	pays := r.Pays[l]
	if secondAceKing(player, v) {
		pays += r.Pays[banked.AceKing]
	}
	return 2 * pays
}

// secondAceKing reports a Russian box of five cards with a second
// combination, which on five cards can only be an Ace-King beside a
// pair, two pair, trips or four of a kind, one of its two cards outside
// them (ru-russian-poker.md §7, N4; the engine's reading, four of a kind
// included).
func secondAceKing(player []card.Card, v rank.Value) bool {
	c := v.Category()
	if c != rank.Pair && c != rank.TwoPair && c != rank.Trips && c != rank.Quads {
		return false
	}
	var count [13]int
	for _, x := range player {
		count[x.Rank()]++
	}
	a, k := count[card.Ace], count[card.King]
	if a == 0 || k == 0 {
		return false
	}
	// A card is in the main combination when its rank repeats.
	return a == 1 || k == 1
}

// showdown is the net, in Antes, of a Bet against a qualifying dealer's
// dv; small are Split's player and dealer small hands.
func (r *Rules) showdown(player []card.Card, pv, dv rank.Value, small *[4]card.Card) int64 {
	switch {
	case pv < dv:
		return -3
	case pv == dv:
		return 0
	}
	if r.Game != Split {
		return r.win(player, pv)
	}
	m := r.Pays[banked.LineOf(pv)]
	if banked.CompareSmall([2]card.Card{small[0], small[1]}, [2]card.Card{small[2], small[3]}) < 0 {
		return m // the Ante paid its multiple, the Bet returned
	}
	return 2 * m // the Bet paid, the Ante returned
}

// dealSize: five each, then the next cards: Split's two small hands, or
// the cards of a bought game.
const dealSize = 14

// round plays one round of deal d (player's five, dealer's five, then the
// deck's next cards in order) with unseen the cards the player has not
// seen (every card but the ten), and returns the net and the stake, in
// Antes: whole Antes, as every paytable here pays whole multiples.
func (r *Rules) round(d *[dealSize]card.Card, unseen []card.Card) (net, stake int64) {
	player, dealer := d[0:5], d[5:10]
	pv := rank.Best(player...)
	if !r.plays(pv) {
		return -1, 1
	}
	dv := rank.Best(dealer...)
	if r.qualifies(dv) {
		return r.showdown(player, pv, dv, (*[4]card.Card)(d[10:14])), 3
	}
	if r.Buy == NeverBuy || r.buyMean(player, pv, dealer, unseen) <= 2 {
		return 1, 3 // stop: the Ante paid 1:1, the Bet returned
	}
	var hand [5]card.Card
	bought := r.bought(&hand, dealer, d[10:13])
	if !r.qualifies(bought) {
		return -1, 4 // the fee lost, the Ante and the Bet returned (Oasis §4.18, Russian N5)
	}
	return r.showdown(player, pv, bought, nil) - 1, 4
}

// highest is the index of the dealer's highest card, which a bought game
// replaces: the highest rank, of two the higher suit (the engines').
func highest(dealer []card.Card) int {
	at := 0
	for i, c := range dealer {
		if c > dealer[at] {
			at = i
		}
	}
	return at
}

// bought fills hand with the dealer's bought game drawn from next in
// order and returns its value: his highest card replaced by next[0]
// (Oasis, once); in Russian poker a card of the replaced rank swapped
// again, up to three swaps, unless it makes a flush.
func (r *Rules) bought(hand *[5]card.Card, dealer, next []card.Card) rank.Value {
	out := highest(dealer)
	copy(hand[:], dealer)
	old := dealer[out]
	for i := range maxSwaps {
		hand[out] = next[i]
		if r.Game != Russian || next[i].Rank() != old.Rank() || i == maxSwaps-1 || flush(hand) {
			break
		}
	}
	return rank.Best(hand[:]...)
}

func flush(h *[5]card.Card) bool {
	for _, c := range h[1:] {
		if c.Suit() != h[0].Suit() {
			return false
		}
	}
	return true
}

// buyMean is the mean net, in Antes, before the fee, of buying the
// dealer's game over the unseen cards that may come. What each card
// makes of his hand, kept, is priced once; a Russian swap again (a card
// of the replaced rank, no flush) only changes which cards may follow.
func (r *Rules) buyMean(player []card.Card, pv rank.Value, dealer, unseen []card.Card) float64 {
	out := highest(dealer)
	var hand [5]card.Card
	copy(hand[:], dealer)
	var kept [card.NumCards]float64
	var again uint64 // by index in unseen: the card is swapped again
	for i, c := range unseen {
		hand[out] = c
		if r.Game == Russian && c.Rank() == dealer[out].Rank() && !flush(&hand) {
			again |= 1 << i
		}
		if dv := rank.Best(hand[:]...); r.qualifies(dv) {
			kept[i] = float64(r.showdown(player, pv, dv, nil))
		}
	}
	return buyFrom(&kept, again, len(unseen), 0, 1)
}

// buyFrom is the mean of the bought game's net when swap number swap
// draws from the unseen cards but those used (a mask by index).
func buyFrom(kept *[card.NumCards]float64, again uint64, n int, used uint64, swap int) float64 {
	var sum float64
	left := 0
	for i := range n {
		if used&(1<<i) != 0 {
			continue
		}
		left++
		if again&(1<<i) != 0 && swap < maxSwaps {
			sum += buyFrom(kept, again, n, used|1<<i, swap+1)
		} else {
			sum += kept[i]
		}
	}
	return sum / float64(left)
}
