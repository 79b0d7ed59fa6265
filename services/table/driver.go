package table

import (
	"context"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/shared/apierr"
)

// driver is what the core needs of one game beyond its pure table
// (game.Table): reading it and its commands back from the store, a check
// against other services before a command is committed, the work its
// clock owes, and its metrics. Each game has one (poker.go, round.go); a
// table's snapshot tag (game.Tag) picks it.
type driver interface {
	// decode reads a table from its snapshot (as Encode made it, tag and
	// all).
	decode(data []byte) (game.Table, error)
	// command reads a logged command.
	command(data []byte) (game.Command, error)
	// confirm checks a command just applied against other services before
	// it is committed (poker: the evaluator service ranks the showdown it
	// reached); an error refuses the commit and drops the cached table.
	confirm(ctx context.Context, t game.Table, c game.Command) error
	// job copies out the work the table owes now (the table locked), or
	// false if there is none after all.
	job(t game.Table, id string) (job, bool)
	// observe records what a committed command did in the game's metrics
	// and starts work it calls for at once (the table locked).
	observe(ctx context.Context, id string, c game.Command, st game.Step)
	// cadence is how often the game's tables are snapshotted at the latest
	// (def: Options.SnapshotEvery) and how many commands their log keeps
	// beyond those since the last snapshot (0: the store's default).
	cadence(def uint64) (every uint64, log int64)
}

// wrongGame refuses a request for one game at a table of another.
func wrongGame(id, want string, t game.Table) error {
	have := "another game"
	if d, ok := t.(interface{ Game() string }); ok {
		have = d.Game()
	}
	return apierr.New(connect.CodeFailedPrecondition, "WRONG_GAME", "table %s plays %s, not %s", id, have, want)
}
