package api

import (
	"fmt"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/reason"
)

// parseCards reads card notations; field names the list in errors
// ("hands[3].hole"). Duplicates are checked by the caller across lists.
func parseCards(field string, ss []string) ([]card.Card, error) {
	if len(ss) > card.NumCards {
		return nil, apierr.Invalid(reason.WrongCardCount, "%s: %d cards", field, len(ss))
	}
	out := make([]card.Card, len(ss))
	for i, s := range ss {
		c, err := card.Parse(s)
		if err != nil {
			return nil, apierr.Invalid(reason.BadCardNotation, "%s[%d]: %v", field, i, err)
		}
		out[i] = c
	}
	return out, nil
}

// at prefixes an error's message with where in the request it happened,
// keeping its reason.
func at(where string, err error) error {
	err = reason.Of(err)
	if ae, ok := err.(*apierr.Error); ok {
		return apierr.New(ae.Code, ae.Reason, "%s: %s", where, ae.Message)
	}
	return fmt.Errorf("%s: %w", where, err)
}

func gameOf(g evaluatorv1.Game) (rank.Game, error) {
	switch g {
	case evaluatorv1.Game_GAME_HIGH:
		return rank.GameHigh, nil
	case evaluatorv1.Game_GAME_OMAHA:
		return rank.GameOmaha, nil
	case evaluatorv1.Game_GAME_TWO_PLUS_THREE:
		return rank.GameTwoPlusThree, nil
	}
	return 0, apierr.Invalid(reason.UnknownGame, "game %v: want GAME_HIGH, GAME_OMAHA or GAME_TWO_PLUS_THREE", g)
}

// handValue converts a ranked hand; the zero Hand gives nil.
func handValue(h rank.Hand) *evaluatorv1.HandValue {
	if !h.Value.Valid() {
		return nil
	}
	return &evaluatorv1.HandValue{
		Category: evaluatorv1.Category(h.Category()),
		Rank:     uint32(h.Value),
		BestFive: card.Strings(h.Cards[:]),
		Name:     h.Name(),
	}
}
