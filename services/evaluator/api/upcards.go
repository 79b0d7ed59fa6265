package api

import (
	"context"
	"fmt"
	"slices"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/reason"
)

// RankUpCards orders stud holdings: for STUD_RANKING_HIGH the highest
// holding first (who acts first on 4th street and later), for
// STUD_RANKING_LOW_CARD the lowest single up card first (the bring-in).
func (s *Handler) RankUpCards(ctx context.Context, req *connect.Request[evaluatorv1.RankUpCardsRequest]) (*connect.Response[evaluatorv1.RankUpCardsResponse], error) {
	m := req.Msg
	annotate(ctx, attribute.String("evaluator.ranking", m.GetRanking().String()), attribute.Int("evaluator.seats", len(m.GetSeats())))
	order, err := s.rankUpCards(m)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&evaluatorv1.RankUpCardsResponse{Order: order}), nil
}

func (s *Handler) rankUpCards(m *evaluatorv1.RankUpCardsRequest) ([]int32, error) {
	ranking := m.GetRanking()
	if ranking != evaluatorv1.StudRanking_STUD_RANKING_HIGH && ranking != evaluatorv1.StudRanking_STUD_RANKING_LOW_CARD {
		return nil, apierr.Invalid(reason.BadOption, "ranking %v: want STUD_RANKING_HIGH or STUD_RANKING_LOW_CARD", ranking)
	}
	if n := len(m.GetSeats()); n == 0 || n > s.limits.MaxHands {
		return nil, apierr.Invalid(reason.TooManyHands, "%d seats, want 1 to %d", n, s.limits.MaxHands)
	}
	type entry struct {
		seat int32
		key  uint32
	}
	entries := make([]entry, len(m.GetSeats()))
	var lists [][]card.Card
	seats := map[int32]bool{}
	for i, sc := range m.GetSeats() {
		where := fmt.Sprintf("seats[%d]", i)
		up, err := parseCards(where+".hole", sc.GetHole())
		if err != nil {
			return nil, err
		}
		if seats[sc.GetSeat()] {
			return nil, apierr.Invalid(reason.BadSeat, "%s: seat %d is listed twice", where, sc.GetSeat())
		}
		seats[sc.GetSeat()] = true
		lists = append(lists, up)
		switch ranking {
		case evaluatorv1.StudRanking_STUD_RANKING_HIGH:
			if len(up) < 1 || len(up) > 4 {
				return nil, apierr.Invalid(reason.WrongCardCount, "%s: %d up cards, want 1 to 4", where, len(up))
			}
			entries[i] = entry{sc.GetSeat(), uint32(rank.UpCards(up...))}
		default:
			if len(up) != 1 {
				return nil, apierr.Invalid(reason.WrongCardCount, "%s: %d up cards, the bring-in compares exactly 1", where, len(up))
			}
			// Lowest first: invert the card order (rank, then suit).
			entries[i] = entry{sc.GetSeat(), uint32(card.NumCards - up[0])}
		}
	}
	if err := rank.CheckDistinct(lists...); err != nil {
		return nil, reason.Of(err)
	}
	slices.SortStableFunc(entries, func(a, b entry) int {
		switch {
		case a.key > b.key:
			return -1
		case a.key < b.key:
			return 1
		}
		return 0
	})
	order := make([]int32, len(entries))
	for i, e := range entries {
		order[i] = e.seat
	}
	return order, nil
}
