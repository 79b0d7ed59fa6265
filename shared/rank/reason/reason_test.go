package reason

import (
	"errors"
	"fmt"
	"testing"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

func TestOfMapsEvaluatorErrorsToReasons(t *testing.T) {
	_, badCard := card.Parse("Zz")
	tests := []struct {
		err  error
		want string
	}{
		{badCard, BadCardNotation},
		{fmt.Errorf("hand 2: %w", card.ErrDuplicate), DuplicateCard},
		{rank.GameOmaha.Check(nil, nil), WrongCardCount},
		{rank.CheckDistinct([]card.Card{60}), InvalidCard},
		{rank.Game(0).Check(nil, nil), UnknownGame},
	}
	for _, tt := range tests {
		got := Of(tt.err)
		if apierr.Reason(got) != tt.want || apierr.Code(got) != connect.CodeInvalidArgument {
			t.Errorf("Of(%v) = %v, want INVALID_ARGUMENT %s", tt.err, got, tt.want)
		}
	}
	if Of(nil) != nil {
		t.Error("Of(nil) must be nil")
	}
	other := errors.New("disk on fire")
	if Of(other) != other {
		t.Error("unknown errors must pass through")
	}
	keep := apierr.Invalid(BadPot, "x")
	if Of(keep) != error(keep) {
		t.Error("an *apierr.Error must pass through")
	}
}
