package api

import (
	"context"
	"fmt"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/services/evaluator/showdown"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/rank/reason"
	"github.com/croupier/croupier/shared/split"
)

// oddChips maps the wire's odd-chip rules onto shared/split's, which name
// the same four rules.
var oddChips = map[evaluatorv1.OddChip]split.OddChip{
	evaluatorv1.OddChip_ODD_CHIP_FIRST_AFTER_BUTTON: split.FirstAfterButton,
	evaluatorv1.OddChip_ODD_CHIP_WORST_POSITION:     split.WorstPosition,
	evaluatorv1.OddChip_ODD_CHIP_HIGHEST_SUIT:       split.HighestSuit,
	evaluatorv1.OddChip_ODD_CHIP_ONE_AT_A_TIME:      split.OneAtATime,
}

// Showdown splits the pots.
func (s *Handler) Showdown(ctx context.Context, req *connect.Request[evaluatorv1.ShowdownRequest]) (*connect.Response[evaluatorv1.ShowdownResponse], error) {
	m := req.Msg
	annotate(ctx, attribute.String("evaluator.game", m.GetGame().String()),
		attribute.Int("evaluator.pots", len(m.GetPots())), attribute.Int("evaluator.seats", len(m.GetSeats())))
	r, err := s.showdownRequest(m)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	res, err := showdown.Settle(r)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	out := &evaluatorv1.ShowdownResponse{}
	for i, p := range res.Pots {
		pr := &evaluatorv1.PotResult{PotIndex: int32(i)}
		for _, a := range p.Awards {
			pr.Awards = append(pr.Awards, &evaluatorv1.Award{Seat: int32(a.Seat), Amount: a.Amount})
		}
		for _, a := range p.Awards {
			pr.WinningValue = handValue(res.Hands[a.Seat])
			break
		}
		out.Pots = append(out.Pots, pr)
	}
	for _, st := range r.Seats {
		out.Values = append(out.Values, &evaluatorv1.SeatValue{Seat: int32(st.Seat), Value: handValue(res.Hands[st.Seat])})
	}
	return connect.NewResponse(out), nil
}

func (s *Handler) showdownRequest(m *evaluatorv1.ShowdownRequest) (showdown.Request, error) {
	g, err := gameOf(m.GetGame())
	if err != nil {
		return showdown.Request{}, err
	}
	rule, ok := oddChips[m.GetOddChip()]
	if !ok {
		return showdown.Request{}, apierr.Invalid(reason.BadOption, "odd_chip %v is not a rule", m.GetOddChip())
	}
	if len(m.GetPots()) > s.limits.MaxPots || len(m.GetSeats()) > showdown.MaxTableSize {
		return showdown.Request{}, apierr.Invalid(reason.TooManyHands, "%d pots and %d seats, at most %d and %d", len(m.GetPots()), len(m.GetSeats()), s.limits.MaxPots, showdown.MaxTableSize)
	}
	board, err := parseCards("board", m.GetBoard())
	if err != nil {
		return showdown.Request{}, err
	}
	r := showdown.Request{Game: g, Board: board, OddChip: rule, Button: int(m.GetButtonSeat()), TableSize: int(m.GetTableSize()), ChipUnit: m.GetChipUnit()}
	for i, sc := range m.GetSeats() {
		hole, err := parseCards(fmt.Sprintf("seats[%d].hole", i), sc.GetHole())
		if err != nil {
			return showdown.Request{}, err
		}
		r.Seats = append(r.Seats, showdown.Seat{Seat: int(sc.GetSeat()), Hole: hole})
	}
	for _, p := range m.GetPots() {
		pot := showdown.Pot{Amount: p.GetAmount()}
		for _, s := range p.GetEligibleSeats() {
			pot.Eligible = append(pot.Eligible, int(s))
		}
		r.Pots = append(r.Pots, pot)
	}
	return r, nil
}
