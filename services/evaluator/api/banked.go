package api

import (
	"context"
	"fmt"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
	"github.com/croupier/croupier/shared/rank/reason"
)

var bankedGames = map[evaluatorv1.BankedGame]banked.Game{
	evaluatorv1.BankedGame_BANKED_GAME_CASINO_HOLDEM:          banked.CasinoHoldem,
	evaluatorv1.BankedGame_BANKED_GAME_CASINO_TEXAS_HOLDEM:    banked.CasinoTexasHoldem,
	evaluatorv1.BankedGame_BANKED_GAME_TEXAS_HOLDEM_VS_CASINO: banked.TexasHoldemVsCasino,
	evaluatorv1.BankedGame_BANKED_GAME_OASIS:                  banked.Oasis,
	evaluatorv1.BankedGame_BANKED_GAME_RUSSIAN:                banked.Russian,
	evaluatorv1.BankedGame_BANKED_GAME_SPLIT:                  banked.Split,
}

// EvaluateBanked ranks each box of a banked round against the dealer.
func (s *Handler) EvaluateBanked(ctx context.Context, req *connect.Request[evaluatorv1.EvaluateBankedRequest]) (*connect.Response[evaluatorv1.EvaluateBankedResponse], error) {
	m := req.Msg
	annotate(ctx, attribute.String("evaluator.banked_game", m.GetGame().String()), attribute.Int("evaluator.boxes", len(m.GetBoxes())))
	out, err := s.evaluateBanked(m)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(out), nil
}

func (s *Handler) evaluateBanked(m *evaluatorv1.EvaluateBankedRequest) (*evaluatorv1.EvaluateBankedResponse, error) {
	g, ok := bankedGames[m.GetGame()]
	if !ok {
		return nil, apierr.Invalid(reason.UnknownGame, "banked game %v is not known", m.GetGame())
	}
	if n := len(m.GetBoxes()); n == 0 || n > s.limits.MaxBoxes {
		return nil, apierr.Invalid(reason.TooManyHands, "%d boxes, want 1 to %d", n, s.limits.MaxBoxes)
	}
	opts := banked.Options{BestOfSeven: m.GetOptions().GetBestOfSeven()}
	switch m.GetOptions().GetRoyalBonusRule() {
	case evaluatorv1.RoyalBonusRule_ROYAL_BONUS_RULE_UNSPECIFIED, evaluatorv1.RoyalBonusRule_ROYAL_BONUS_RULE_LITERAL:
		opts.RoyalBonus = banked.RoyalBonusLiteral
	case evaluatorv1.RoyalBonusRule_ROYAL_BONUS_RULE_PAIR_OF_KINGS_OR_BETTER:
		opts.RoyalBonus = banked.RoyalBonusPairOfKingsOrBetter
	default:
		return nil, apierr.Invalid(reason.BadOption, "royal bonus rule %v is not known", m.GetOptions().GetRoyalBonusRule())
	}
	dealer, err := parseCards("dealer", m.GetDealer())
	if err != nil {
		return nil, err
	}
	board, err := parseCards("board", m.GetBoard())
	if err != nil {
		return nil, err
	}
	dealerSmall, err := parseCards("dealer_small", m.GetDealerSmall())
	if err != nil {
		return nil, err
	}
	hands := make([]banked.Hand, len(m.GetBoxes()))
	dealt := [][]card.Card{dealer, board, dealerSmall}
	for i, b := range m.GetBoxes() {
		where := fmt.Sprintf("boxes[%d]", i)
		h := banked.Hand{Dealer: dealer, Board: board, DealerSmall: dealerSmall}
		if h.Player, err = parseCards(where+".player", b.GetPlayer()); err != nil {
			return nil, err
		}
		if h.FirstFive, err = parseCards(where+".first_five", b.GetFirstFive()); err != nil {
			return nil, err
		}
		if h.PlayerSmall, err = parseCards(where+".player_small", b.GetPlayerSmall()); err != nil {
			return nil, err
		}
		hands[i] = h
		dealt = append(dealt, h.Player, h.PlayerSmall)
	}
	// One deck: no card in two boxes, or in a box and the dealer's hand.
	if err := rank.CheckDistinct(dealt...); err != nil {
		return nil, reason.Of(err)
	}
	out := &evaluatorv1.EvaluateBankedResponse{}
	for i, h := range hands {
		r, err := banked.Evaluate(g, h, opts)
		if err != nil {
			return nil, at(fmt.Sprintf("boxes[%d]", i), err)
		}
		if i == 0 && len(dealer) > 0 {
			out.Dealer = handValue(r.Dealer)
			out.DealerQualifies = r.DealerQualifies
			out.DealerLine = string(r.DealerLine)
		}
		box := &evaluatorv1.BankedBoxResult{
			Player:          handValue(r.Player),
			PlayerLine:      string(r.PlayerLine),
			Comparison:      int32(r.Comparison),
			Main:            combination(r.Main),
			Second:          combination(r.Second),
			SmallComparison: int32(r.SmallComparison),
		}
		if r.PlayerLine != banked.NoLine {
			box.PaytableCategories = append(box.PaytableCategories, "hand:"+string(r.PlayerLine))
		}
		if r.Second.Line != banked.NoLine {
			box.PaytableCategories = append(box.PaytableCategories, "second:"+string(r.Second.Line))
		}
		for _, b := range r.Bonuses {
			box.Bonuses = append(box.Bonuses, &evaluatorv1.BonusHit{Bet: b.Bet, Line: string(b.Line)})
			box.PaytableCategories = append(box.PaytableCategories, b.Bet+":"+string(b.Line))
		}
		out.Boxes = append(out.Boxes, box)
	}
	return out, nil
}

func combination(c banked.Combination) *evaluatorv1.Combination {
	if c.Line == banked.NoLine {
		return nil
	}
	return &evaluatorv1.Combination{Line: string(c.Line), Cards: card.Strings(c.Cards)}
}
