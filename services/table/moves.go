package table

import (
	"context"
	"fmt"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// MoveResult is the outcome of PlayMove.
type MoveResult struct {
	Round int64
	// Stake is what the move put into the escrow (insurance, a double, a
	// split, a follow); Replayed, that the table had it already.
	Stake    int64
	Replayed bool
}

// PlayMove makes a player's move at a card table (blackjack: insure, even
// money, surrender, a decision for his box, his answer to the owner's
// double or split; a casino poker game: a box's decision) in round n (0:
// the round now): mv is the move, house.Command's Blackjack or Poker. As with a placement,
// the move is checked against the table first (a refusal touches
// nothing), then the money it puts in is held on his wallet account
// under the caller's idempotency key scoped to the table, the round and
// the player, then the move is committed with the hold, which the table
// posts into the round escrow at once. A move refused after its hold was
// made voids the hold.
func (s *Service) PlayMove(ctx context.Context, id string, who Caller, n int64, mv Move, key string) (MoveResult, error) {
	if err := who.player(); err != nil {
		return MoveResult{}, err
	}
	if key == "" {
		return MoveResult{}, apierr.Invalid("NO_IDEMPOTENCY_KEY", "a move needs an idempotency key")
	}
	me := who.Key()
	c := &house.Command{Kind: house.CmdPlay, Who: me, Blackjack: mv.Blackjack, Poker: mv.Poker}
	var extra int64
	var cfg house.Config
	var account string
	peek := func(t *house.Table) error {
		if n == 0 {
			n = t.Round()
		}
		c.Round = n
		c.Stamp(s.now().UnixMilli())
		var err error
		if extra, err = t.PlayStake(c); err != nil {
			return err
		}
		cfg = t.Config
		if p := t.Players[me]; p != nil {
			account = p.Account
		}
		return nil
	}
	if err := s.peekBanked(ctx, id, true, peek); err != nil {
		return MoveResult{}, err
	}
	out := MoveResult{Round: n, Stake: extra}
	answer := func(_ *house.Table, cm *committed) error {
		out.Replayed = cm == nil
		return nil
	}
	if extra == 0 {
		err := s.execBanked(ctx, id, func(*house.Table) (reply, error) { return reply{cmd: c}, nil }, answer)
		return out, err
	}
	holdID, err := s.holdStake(ctx, cfg, "move", me, account, n, key, extra, mv.String())
	if err != nil {
		return MoveResult{}, err
	}
	c.Hold, c.Amount = holdID, extra
	err = s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if t.HasHold(holdID) {
			return reply{done: true}, nil
		}
		return reply{cmd: c}, nil
	}, answer)
	if err != nil {
		s.releaseHold(ctx, id, holdID)
		return MoveResult{}, err
	}
	return out, nil
}

// DealerMove is a dealer console's move at a dealer card table: a card
// from the shoe reader (its position in the shoe, 0 for the next), a
// burn, the reshuffle marker out, a new shoe (the player's cut and the
// marker's place), a dealer change. The engine checks the card against
// the shoe it has counted (a card dealt more often than the decks hold it,
// a card where none is due are refused).
func (s *Service) DealerMove(ctx context.Context, id string, m DealerReport) error {
	var c *house.Command
	err := s.readBanked(ctx, id, func(t *house.Table) error {
		var err error
		c, err = m.command(t.Config.Game)
		return err
	})
	if err != nil {
		return err
	}
	return s.execRound(ctx, id, c)
}

// Move is a player's move at a card table: the game's (Blackjack at a
// blackjack table, Poker at a casino poker table).
type Move struct {
	Blackjack *blackjack.Command
	Poker     *house.PokerMove
}

// String names the move for the wallet hold's description.
func (m Move) String() string {
	if m.Blackjack != nil {
		return fmt.Sprintf("%s box %d hand %d", m.Blackjack.Kind, m.Blackjack.Box, m.Blackjack.Hand)
	}
	if m.Poker != nil {
		return fmt.Sprintf("%s box %d", m.Poker.Action, m.Poker.Box)
	}
	return "move"
}

// DealerReport is what a dealer console reports at a dealer card table:
// a card from the shoe reader (Card at Pos, 0 the next; Burn for a burn
// outside those the rules make due), or the shoe's events (Shuffle with
// the player's Cut and the Marker's place, MarkerOut, DealerChange).
// Blackjack has them all; a casino poker game takes cards and a shuffle
// (a new deck every round).
type DealerReport struct {
	Card                    card.Card
	Pos                     int
	Burn                    bool
	Shuffle                 bool
	Cut, Marker             int
	MarkerOut, DealerChange bool
}

// command is the report as the move of a game's table.
func (m DealerReport) command(game string) (*house.Command, error) {
	switch game {
	case house.GameBlackjack:
		bc := blackjack.Command{Kind: blackjack.CmdCard, Card: m.Card, Pos: m.Pos}
		switch {
		case m.Burn:
			bc.Kind = blackjack.CmdBurn
		case m.Shuffle:
			bc = blackjack.Command{Kind: blackjack.CmdShuffle, Cut: m.Cut, Marker: m.Marker}
		case m.MarkerOut:
			bc = blackjack.Command{Kind: blackjack.CmdMarker}
		case m.DealerChange:
			bc = blackjack.Command{Kind: blackjack.CmdDealerChange}
		}
		return &house.Command{Kind: house.CmdPlay, Blackjack: &bc}, nil
	case house.GameCasinoHoldem, house.GameCasinoTexas, house.GameOasis, house.GameRussian, house.GameSplit:
		switch {
		case m.Burn, m.MarkerOut, m.DealerChange, m.Cut != 0, m.Marker != 0:
			return nil, apierr.Invalid(house.ReasonBadMove, "a casino poker table's console reports cards and a new deck: no burn outside the rules' own, marker, cut or dealer change")
		case m.Shuffle:
			return &house.Command{Kind: house.CmdPlay, Poker: &house.PokerMove{Kind: "shuffle"}}, nil
		}
		return &house.Command{Kind: house.CmdPlay, Poker: &house.PokerMove{Kind: "card", Card: m.Card, Pos: m.Pos}}, nil
	}
	return nil, apierr.Invalid(house.ReasonUnsupported, "the table's game (%s) takes no cards", game)
}

// shuffleShoe has the RNG shuffle shoe number n of an rng card table and
// gives it to the table. The shuffle's idempotency key is the table and
// the shoe's number, so a replica retrying it (another died half-way)
// gets the same shoe, and nobody can shop for a shoe by retrying. The
// reshuffle marker (the RNG's cut card) lies in the last quarter of the
// shoe before the cards that stay behind it (ru §4.1.6: at least 52).
func (s *Service) shuffleShoe(ctx context.Context, id string, cfg house.Config, n int64) error {
	decks, cut := 1, (*rngv1.CutCard)(nil)
	if r := cfg.Blackjack; r != nil {
		decks = r.Decks
		front, last := house.MarkerRange(r.Decks, r.Options.MinBehindMarker)
		cut = &rngv1.CutCard{MinFromFront: int32(front), MinFromEnd: int32(decks*card.NumCards - last)}
	}
	size := decks * card.NumCards
	res, err := s.deps.RNG.Shuffle(ctx, connect.NewRequest(&rngv1.ShuffleRequest{
		Decks:          int32(decks),
		Context:        &commonv1.Context{TableId: id},
		CutCard:        cut,
		IdempotencyKey: fmt.Sprintf("%s:shoe:%d", id, n),
	}))
	if err != nil {
		return apierr.Unavailable("RNG_UNAVAILABLE", "shoe %d of %s: %v", n, id, err)
	}
	o := res.Msg.GetOutcome()
	// A shoe of several decks holds each card several times (ParseList
	// refuses a card twice): each is parsed alone, and the table checks
	// the counts.
	cards := make([]card.Card, 0, size)
	for _, cs := range o.GetCards() {
		c, perr := card.Parse(cs)
		if perr != nil {
			err = perr
			break
		}
		cards = append(cards, c)
	}
	if err != nil || len(cards) != size {
		return apierr.New(connect.CodeInternal, "BAD_SHOE", "the RNG returned a bad shoe for %s: %d cards, %v", id, len(cards), err)
	}
	shoe := &house.Shoe{Outcome: o.GetId(), Commitment: o.GetCommitment(), Cards: cards, Marker: int(o.GetCutCardPosition())}
	if cut == nil {
		shoe.Marker = size // a deck a round: no marker
	}
	err = s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if !t.NeedsShoe() || t.ShoeNumber() != n {
			return reply{done: true}, nil // shuffled by another replica
		}
		c := &house.Command{Kind: house.CmdPlay, Shoe: shoe, Poker: &house.PokerMove{Kind: "shuffle"}}
		if cfg.Blackjack != nil {
			c.Poker, c.Blackjack = nil, &blackjack.Command{Kind: blackjack.CmdShuffle}
		}
		return reply{cmd: c}, nil
	}, nil)
	return s.ignoreStale(err)
}
