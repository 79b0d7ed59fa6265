package table

import (
	"context"
	"fmt"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// deal shuffles a shoe for hand handID at the RNG service and deals it.
// The shuffle's idempotency key is the hand id, so a replica retrying the
// deal of the same hand (after another one died half-way) gets the same
// shoe, and nobody can shop for a shoe by retrying.
func (s *Service) deal(ctx context.Context, id, handID string, number uint64) error {
	res, err := s.deps.RNG.Shuffle(ctx, connect.NewRequest(&rngv1.ShuffleRequest{
		Decks:          1,
		Context:        &commonv1.Context{TableId: id, HandId: handID},
		IdempotencyKey: handID,
	}))
	if err != nil {
		return fmt.Errorf("shuffle for %s: %w", handID, err)
	}
	out := res.Msg.GetOutcome()
	shoe, err := card.ParseList(out.GetCards())
	if err != nil || len(shoe) != 52 {
		return apierr.New(connect.CodeInternal, "BAD_SHOE", "the RNG returned a bad shoe for %s: %v", handID, err)
	}
	serial, err := s.deps.Store.NextHandSerial(ctx)
	if err != nil {
		return unavailable(err)
	}
	var want game.Escrow
	var version uint64
	var check bool
	err = s.exec(ctx, id, func(t *live.Table) (reply, error) {
		if t.HandNo+1 != number {
			return reply{done: true}, nil // dealt by another replica
		}
		return reply{cmd: &live.Command{Kind: live.CmdDeal, Shoe: shoe, Commitment: out.GetCommitment(), Outcome: out.GetId(), Serial: serial}}, nil
	}, func(t *live.Table, c *committed) error {
		if c != nil && t.Config.Cash() && !s.opts.DisableEscrowCheck {
			rt := s.runtime(id)
			if now := s.now(); s.opts.EscrowCheckEvery < 0 || now.Sub(rt.checkedAt) >= s.opts.EscrowCheckEvery {
				rt.checkedAt = now
				want, check = t.Escrow()
				version = c.version
			}
		}
		return nil
	})
	if err != nil {
		return s.ignoreStale(err)
	}
	s.m.hands.Add(ctx, 1)
	if check {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.checkEscrow(context.WithoutCancel(ctx), id, version, want)
		}()
	}
	return nil
}

// confirmRanks has the evaluator service rank the hands a command took to
// the showdown, in one batch, and compares its ranks with the engine's.
// The engine stays pure and the service's ranks are what the log records;
// a disagreement refuses the command as an internal error.
func (s *Service) confirmRanks(ctx context.Context, t *live.Table, c *live.Command) error {
	st := t.Hand.State()
	game := evaluatorv1.Game_GAME_HIGH
	if t.Hand.Rules.Game == profile.Omaha {
		game = evaluatorv1.Game_GAME_OMAHA
	}
	req := &evaluatorv1.EvaluateRequest{Game: game}
	for _, r := range c.Ranks {
		hole, board := live.ShowdownCards(st, r.Seat)
		h := &evaluatorv1.Hand{Hole: card.Strings(hole), Board: card.Strings(board)}
		if t.Hand.Rules.Game.Stud() {
			// Stud: the seat's cards and any common card, best five of up to
			// seven (a shortage's common card makes it eight; the engine
			// ranks the first seven).
			all := append(append([]card.Card(nil), hole...), board...)
			if len(all) > 7 {
				all = all[:7]
			}
			h = &evaluatorv1.Hand{Hole: card.Strings(all)}
		}
		req.Hands = append(req.Hands, h)
	}
	res, err := s.deps.Evaluator.Evaluate(ctx, connect.NewRequest(req))
	s.m.showdowns.Add(ctx, 1)
	if err != nil {
		return apierr.Unavailable("EVALUATOR_UNAVAILABLE", "showdown of %s: %v", t.Hand.ID, err)
	}
	vals := res.Msg.GetValues()
	if len(vals) != len(c.Ranks) {
		return apierr.New(connect.CodeInternal, "RANK_COUNT", "the evaluator ranked %d hands of %d", len(vals), len(c.Ranks))
	}
	for i, r := range c.Ranks {
		if rank.Value(vals[i].GetRank()) != r.Value {
			s.m.rankMismatches.Add(ctx, 1)
			return apierr.New(connect.CodeInternal, "RANK_MISMATCH", "hand %s seat %d: the evaluator service ranks %d (%s), the engine %d",
				t.Hand.ID, r.Seat, vals[i].GetRank(), vals[i].GetName(), r.Value)
		}
		c.Ranks[i].Value = rank.Value(vals[i].GetRank())
	}
	return nil
}
