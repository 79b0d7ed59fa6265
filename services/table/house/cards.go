package house

import (
	"fmt"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// cardGame is a card game's round behind the table — blackjack and the
// casino poker games — beyond what every engine has: what CmdPlay, the
// deal from an rng table's shoe and the decision clock need of it.
type cardGame interface {
	engine
	// command is the move c carries as the game's command, with its role
	// (who may send it): a player's gets c.Who as its player, a timeout
	// without a wait number the current wait's, an rng shuffle the
	// shoe's marker.
	command(c *Command) (move, error)
	// stake is what a player's move would put in, the round unchanged.
	stake(m move) (int64, error)
	play(m move) ([]happening, error)
	// onBox reports a bet on box n: the bets a move's stake goes with.
	onBox(b round.Bet, n int) bool
	// due says where the next card goes: deal, a card from the shoe (to
	// a box, the dealer, the board or the burn); shuffle, a shuffle
	// first; neither while the round waits for a decision or is over.
	due() (deal, shuffle bool)
	// card deals c from an rng table's shoe where it is due.
	card(c card.Card) ([]happening, error)
	// notInShoe reports card's refusal of a card the engine's shoe no
	// longer holds (dealt before a mid-round shuffle).
	notInShoe(err error) bool
	// wait is the number of the decision the round waits for, ok false
	// when it waits for none (betting, a card, a shuffle, the round over).
	wait() (seq int, ok bool)
	// timeout is the clock's command for round n's wait seq.
	timeout(n int64, seq int) *Command
	// shoeOver reports, once a round is over, that its shoe has ended: a
	// blackjack shoe whose marker came out, a poker game's deck (a new
	// one every round).
	shoeOver() bool
	// decks is how many decks the game's shoe holds.
	decks() int
}

// cards is the table's card game, nil for a wheel.
func (t *Table) cards() cardGame {
	if g, ok := t.engine().(cardGame); ok {
		return g
	}
	return nil
}

// cardOutcome: a card game's round has no single winner; its verdict is
// valid once settled, void when voided.
func cardOutcome(p round.Phase, reason string) (round.Verdict, string, string) {
	if p == round.Settled {
		return round.Valid, "", ""
	}
	return voidVerdict(p, 0), "", reason
}

// sameCancel reports a cancel in round n every id of which is cancelled
// already (kind is the engine's cancel command, current its round).
func sameCancel(kind fmt.Stringer, current int64, bets, cancelled []round.Bet, who string, n int64, ids []string) bool {
	if _, err := round.CheckRound(kind, false, n, current); err != nil {
		return false
	}
	drop, err := round.BookOf(who, bets, cancelled).Cancels(ids)
	return err == nil && len(drop) == 0
}

// A card game has no spin, no result command and no void choice.
func noSpin() (spin, error) {
	return spin{}, apierr.Invalid(ReasonUnsupported, "a card game has no spin: the round plays out card by card")
}

func noResult() error {
	return apierr.Invalid(ReasonUnsupported, "a card game has no spin: the round plays out card by card")
}

func noChoice() error { return apierr.Invalid(ReasonUnsupported, "a card game has no void choice") }

// deckDue is where a one-deck game's next card goes (package deck's
// targets): a card from the deck, or a shuffle first.
func deckDue(to deck.Target) (deal, shuffle bool) {
	switch to {
	case deck.ToBurn, deck.ToBox, deck.ToDealer, deck.ToBoard:
		return true, false
	case deck.ToShuffle:
		return false, true
	}
	return false, false
}

// deckWait is the wait of a round that waits for a decision: closed, no
// card due.
func deckWait(p round.Phase, to deck.Target, seq int) (int, bool) {
	if p != round.Closed || to != 0 {
		return 0, false
	}
	return seq, true
}
