// Package reason turns the evaluator's validation errors into API errors
// with a stable machine-readable reason, so every RPC, the CLI and the Go
// cores report a bad hand the same way.
package reason

import (
	"errors"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// Reasons a partner can switch on.
const (
	BadCardNotation = "BAD_CARD_NOTATION" // a card string is not like "As", "Td", "2c"
	DuplicateCard   = "DUPLICATE_CARD"    // a card appears twice in one hand or deal
	WrongCardCount  = "WRONG_CARD_COUNT"  // too few or too many hole or board cards
	InvalidCard     = "INVALID_CARD"      // a card value outside the deck (Go API only)
	UnknownGame     = "UNKNOWN_GAME"      // the game is unspecified or not known
	TooManyHands    = "TOO_MANY_HANDS"    // a batch or an equity request is too large
	TooFewHands     = "TOO_FEW_HANDS"     // equity needs at least two hands
	BadPot          = "BAD_POT"           // a pot amount, eligibility or chip unit is wrong
	BadSeat         = "BAD_SEAT"          // a seat number is out of range or repeated
	BadOption       = "BAD_OPTION"        // an enum option is unspecified or unknown
)

// Of returns err as an *apierr.Error: INVALID_ARGUMENT with the reason of
// the card or rank error it wraps. An *apierr.Error passes through; nil
// stays nil; any other error is returned unchanged.
func Of(err error) error {
	if err == nil {
		return nil
	}
	var ae *apierr.Error
	if errors.As(err, &ae) {
		return err
	}
	switch {
	case errors.Is(err, card.ErrBadNotation):
		return apierr.Invalid(BadCardNotation, "%v", err)
	case errors.Is(err, card.ErrDuplicate):
		return apierr.Invalid(DuplicateCard, "%v", err)
	case errors.Is(err, rank.ErrCardCount):
		return apierr.Invalid(WrongCardCount, "%v", err)
	case errors.Is(err, rank.ErrInvalidCard):
		return apierr.Invalid(InvalidCard, "%v", err)
	case errors.Is(err, rank.ErrUnknownGame):
		return apierr.Invalid(UnknownGame, "%v", err)
	}
	return err
}
