package table

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	"connectrpc.com/connect"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/apierr"
)

// BankedView returns the banked table as v may see it.
func (s *Service) BankedView(ctx context.Context, id string, v game.Viewer) (house.View, error) {
	bt, err := s.BankedTable(ctx, id, v)
	return bt.View, err
}

// BankedTable is a banked table as one viewer may see it: its view, and
// its configuration and lobby entry (public).
type BankedTable struct {
	View    house.View
	Config  house.Config
	Summary house.Summary
}

// BankedTable returns the banked table as v may see it.
func (s *Service) BankedTable(ctx context.Context, id string, v game.Viewer) (BankedTable, error) {
	var out BankedTable
	err := s.readBanked(ctx, id, func(t *house.Table) error {
		out = BankedTable{View: t.View(v), Config: t.Config, Summary: t.Summarize()}
		return nil
	})
	return out, err
}

// RoundResults returns the table's last results, newest last.
func (s *Service) RoundResults(ctx context.Context, id string) ([]house.Result, error) {
	var out []house.Result
	err := s.readBanked(ctx, id, func(t *house.Table) error { out = slices.Clone(t.Results); return nil })
	return out, err
}

// RoundRecord returns a finished round's record as v may see it.
func (s *Service) RoundRecord(ctx context.Context, id, roundID string, v game.Viewer) (house.Record, error) {
	if err := s.readBanked(ctx, id, func(*house.Table) error { return nil }); err != nil {
		return house.Record{}, err
	}
	b, err := s.deps.Store.Hand(ctx, id, roundID)
	if errors.Is(err, store.ErrNotFound) {
		return house.Record{}, apierr.NotFound("ROUND_NOT_FOUND", "round %q of table %s is not finished or not kept", roundID, id)
	}
	if err != nil {
		return house.Record{}, unavailable(err)
	}
	var r house.Record
	if err := json.Unmarshal(b, &r); err != nil {
		return house.Record{}, apierr.New(connect.CodeInternal, "BAD_ROUND", "round %s: %v", roundID, err)
	}
	return r.For(v), nil
}

// Recall is a player's game recall at a banked table (AGCO Standard
// 13.1.1): his round in progress, if he has bets in it, and his last
// finished rounds, newest first, ten in all.
type Recall struct {
	Current *house.View
	Rounds  []house.Record
}

// GameRecall returns v's game recall at table id.
func (s *Service) GameRecall(ctx context.Context, id string, v game.Viewer) (Recall, error) {
	if v.Player == "" {
		return Recall{}, apierr.Denied("PLAYERS_ONLY", "game recall is a player's own")
	}
	var out Recall
	var recent []int64
	err := s.readBanked(ctx, id, func(t *house.Table) error {
		recent = t.Recent(v.Player)
		if n := len(recent); n > 0 && recent[n-1] == t.Round() && !t.Phase().Over() {
			view := t.View(v)
			out.Current = &view
			recent = recent[:n-1]
		}
		return nil
	})
	if err != nil {
		return Recall{}, err
	}
	for i := len(recent) - 1; i >= 0; i-- {
		r, err := s.RoundRecord(ctx, id, house.RoundID(id, recent[i]), v)
		if apierr.Reason(err) == "ROUND_NOT_FOUND" {
			continue // expired
		}
		if err != nil {
			return Recall{}, err
		}
		out.Rounds = append(out.Rounds, r)
	}
	return out, nil
}

// RoundProof is an rng round's fairness proof: the commitment published
// when betting opened and, once the round is over, the RNG's reveal.
type RoundProof struct {
	RoundID    string
	Commitment []byte
	Outcome    string
	Reveal     *rngv1.RevealResponse
	// Opened is a casino poker round's proof: the deck positions the
	// viewer saw, opened against the commitment, and no other.
	Opened *rngv1.ShoeProof
}

// RoundProof returns the fairness proof of round roundID. The round in
// progress shows its commitment only; a dealer's round has none (its
// result is a physical spin). A card table's round is proved by its
// shoe: the shoe's commitment, published when the shoe started, and the
// RNG's reveal of the whole shoe once the shoe has ended — never while
// the table still deals from it. A casino poker round's deck holds
// private cards (a folded box's, the dealer's unshown ones): its proof
// opens only the positions v saw (house.Felt.Seen), once the round is
// over.
func (s *Service) RoundProof(ctx context.Context, id, roundID string, v game.Viewer) (RoundProof, error) {
	out := RoundProof{RoundID: roundID}
	var live bool
	var liveShoe string // the outcome of the shoe the table deals from
	err := s.readBanked(ctx, id, func(t *house.Table) error {
		if t.Config.Source != house.ResultRNG {
			return apierr.Precondition("DEALER_TABLE", "table %s takes its results from a live dealer: no RNG proof", id)
		}
		if roundID == house.RoundID(id, t.Round()) && !t.Phase().Over() && t.Draw != nil {
			out.Commitment, out.Outcome, live = slices.Clone(t.Draw.Commitment), t.Draw.Outcome, true
		}
		if t.Shoe != nil {
			liveShoe = t.Shoe.Outcome
		}
		return nil
	})
	if err != nil || live {
		return out, err
	}
	rec, err := s.RoundRecord(ctx, id, roundID, game.Viewer{Internal: true})
	if err != nil {
		return RoundProof{}, err
	}
	if rec.Poker != nil && rec.Shoe != nil {
		mine, err := s.RoundRecord(ctx, id, roundID, v)
		if err != nil {
			return RoundProof{}, err
		}
		return s.openedProof(ctx, out, rec.Shoe, mine.Poker.Seen(v))
	}
	if rec.Draw == nil && rec.Shoe != nil {
		return s.shoeProof(ctx, out, rec.Shoe, liveShoe)
	}
	if rec.Draw == nil {
		return RoundProof{}, apierr.NotFound("NO_DRAW", "round %s has no RNG draw", roundID)
	}
	out.Commitment, out.Outcome = rec.Draw.Commitment, rec.Draw.Outcome
	res, err := s.reveal(ctx, rec.Draw.Outcome)
	if err != nil {
		return RoundProof{}, err
	}
	if got := res.GetOutcome().GetPocketIndex(); int(got) != rec.Draw.Pocket {
		return RoundProof{}, apierr.New(connect.CodeInternal, "DRAW_MISMATCH", "round %s played pocket %d, the RNG revealed %d", roundID, rec.Draw.Pocket, got)
	}
	out.Reveal = res
	return out, nil
}

// shoeProof is a card table's round proof: the commitment of the shoe
// the round was dealt from and, once that shoe has ended (it is not the
// one the table deals from, or its record says it ended), the RNG's
// reveal of it. The table closes a shoe at the RNG when it ends; a proof
// asked for an ended shoe whose close was lost closes it then (rngRead),
// but a live shoe is never closed here, so no undealt card can be read.
func (s *Service) shoeProof(ctx context.Context, out RoundProof, sh *house.ShoeRecord, liveShoe string) (RoundProof, error) {
	out.Commitment, out.Outcome = slices.Clone(sh.Commitment), sh.Outcome
	if sh.Outcome == liveShoe && !sh.Ended {
		return out, nil
	}
	res, err := s.reveal(ctx, sh.Outcome)
	if err != nil {
		return RoundProof{}, err
	}
	out.Reveal = res
	return out, nil
}

// openedProof is a casino poker round's proof: the commitment of its
// deck and the RNG's opening of the positions given (a deck serves one
// round, which is over).
func (s *Service) openedProof(ctx context.Context, out RoundProof, sh *house.ShoeRecord, positions []int32) (RoundProof, error) {
	out.Commitment, out.Outcome = slices.Clone(sh.Commitment), sh.Outcome
	res, err := rngRead(s, ctx, sh.Outcome, func() (*rngv1.OpenResponse, error) {
		r, err := s.deps.RNG.Open(ctx, connect.NewRequest(&rngv1.OpenRequest{OutcomeId: sh.Outcome, Positions: positions}))
		if err != nil {
			return nil, err
		}
		return r.Msg, nil
	})
	if err != nil {
		return RoundProof{}, err
	}
	out.Opened = res.GetProof()
	return out, nil
}
