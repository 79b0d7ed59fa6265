package tournament

import (
	"context"
	"fmt"

	"go.temporal.io/sdk/activity"
)

// Activities are the tournament's side effects: thin, idempotent calls to
// the wallet, the table service and the RNG.
type Activities struct {
	Wallet Wallet
	Tables Tables
	RNG    RNG
}

// RNG draws random values (croupier.rng.v1.RngService/Draw).
type RNG interface {
	Draw(ctx context.Context, n, k int, key, tournament string) ([]int32, error)
}

// DrawIn asks the RNG for k distinct values in [0, n).
type DrawIn struct {
	Key        string
	Tournament string
	N, K       int
}

// Draw draws from the RNG (seat draws, button draws, chip-race cards).
func (a *Activities) Draw(ctx context.Context, in DrawIn) ([]int32, error) {
	return a.RNG.Draw(ctx, in.N, in.K, in.Key, in.Tournament)
}

// ButtonsIn draws the button at each table: one high-card draw per table.
type ButtonsIn struct {
	Key        string
	Tournament string
	Sizes      []int
}

// DrawButtons deals each table's players one card each (RU §5.3) and
// returns the cards, table by table.
func (a *Activities) DrawButtons(ctx context.Context, in ButtonsIn) ([][]int32, error) {
	out := make([][]int32, len(in.Sizes))
	for i, n := range in.Sizes {
		v, err := a.RNG.Draw(ctx, 52, n, fmt.Sprintf("%s:%d", in.Key, i), in.Tournament)
		if err != nil {
			return nil, err
		}
		out[i] = v
		if i%50 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return out, nil
}
