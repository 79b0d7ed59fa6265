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
// double or split) in round n (0: the round now). As with a placement,
// the move is checked against the table first (a refusal touches
// nothing), then the money it puts in is held on his wallet account
// under the caller's idempotency key scoped to the table, the round and
// the player, then the move is committed with the hold, which the table
// posts into the round escrow at once. A move refused after its hold was
// made voids the hold.
func (s *Service) PlayMove(ctx context.Context, id string, who Caller, n int64, m blackjack.Command, key string) (MoveResult, error) {
	if err := who.player(); err != nil {
		return MoveResult{}, err
	}
	if key == "" {
		return MoveResult{}, apierr.Invalid("NO_IDEMPOTENCY_KEY", "a move needs an idempotency key")
	}
	me := who.Key()
	c := &house.Command{Kind: house.CmdPlay, Who: me, Blackjack: &m}
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
	holdID, err := s.holdStake(ctx, cfg, "move", me, account, n, key, extra, fmt.Sprintf("%s box %d hand %d", m.Kind, m.Box, m.Hand))
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
func (s *Service) DealerMove(ctx context.Context, id string, m blackjack.Command) error {
	switch m.Kind {
	case blackjack.CmdCard, blackjack.CmdBurn, blackjack.CmdMarker, blackjack.CmdShuffle, blackjack.CmdDealerChange:
	default:
		return apierr.Invalid(house.ReasonBadMove, "a dealer's console deals, burns, shuffles and changes dealers: not %s", m.Kind)
	}
	return s.execRound(ctx, id, &house.Command{Kind: house.CmdPlay, Blackjack: &m})
}

// shuffleShoe has the RNG shuffle shoe number n of an rng card table and
// gives it to the table. The shuffle's idempotency key is the table and
// the shoe's number, so a replica retrying it (another died half-way)
// gets the same shoe, and nobody can shop for a shoe by retrying. The
// reshuffle marker (the RNG's cut card) lies in the last quarter of the
// shoe before the cards that stay behind it (ru §4.1.6: at least 52).
func (s *Service) shuffleShoe(ctx context.Context, id string, cfg house.Config, n int64) error {
	r := cfg.Blackjack
	size := r.Decks * card.NumCards
	front, last := house.MarkerRange(r.Decks, r.Options.MinBehindMarker)
	behind := size - last
	res, err := s.deps.RNG.Shuffle(ctx, connect.NewRequest(&rngv1.ShuffleRequest{
		Decks:          int32(r.Decks),
		Context:        &commonv1.Context{TableId: id},
		CutCard:        &rngv1.CutCard{MinFromFront: int32(front), MinFromEnd: int32(behind)},
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
	err = s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if !t.NeedsShoe() || t.ShoeNumber() != n {
			return reply{done: true}, nil // shuffled by another replica
		}
		return reply{cmd: &house.Command{Kind: house.CmdPlay, Blackjack: &blackjack.Command{Kind: blackjack.CmdShuffle}, Shoe: shoe}}, nil
	}, nil)
	return s.ignoreStale(err)
}
