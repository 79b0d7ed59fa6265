package tournament_test

import (
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament"
)

func decodeState(can *workflow.ContinueAsNewError, s *tournament.State) error {
	return converter.GetDefaultDataConverter().FromPayloads(can.Input, s)
}
