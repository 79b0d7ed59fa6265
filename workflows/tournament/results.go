package tournament

import (
	"context"
	"fmt"
	"time"

	"go.temporal.io/sdk/activity"
)

// Hand is one finished hand as the tournament reads it.
type Hand struct {
	Number     uint64       `json:"n"`
	EndedAt    time.Time    `json:"at"`
	Button     int          `json:"btn"`
	SmallBlind int          `json:"sb"`
	BigBlind   int          `json:"bb"`
	Players    []HandPlayer `json:"p"`
	// Missed lists the players (partner:player) the hand left out for the
	// hand a move made them miss (H.29(c)).
	Missed []string `json:"m,omitempty"`
}

// HandPlayer is one player's part of a hand.
type HandPlayer struct {
	Partner    string `json:"pa"`
	Player     string `json:"id"`
	Seat       int    `json:"s"`
	Start      int64  `json:"st"`
	End        int64  `json:"e"`
	Eliminated bool   `json:"x,omitempty"`
	// Dead is what he posted dead (a moved player's big blind, H.35).
	Dead int64 `json:"d,omitempty"`
	// Clock: the clock was called on him in the hand (H.28(b)).
	Clock bool `json:"c,omitempty"`
	// Bank (ms) and Shot: an eliminated player's time bank left and shot
	// clock, which a rebuy brings back (T25, T26).
	Bank int64 `json:"bk,omitempty"`
	Shot bool  `json:"sh,omitempty"`
	Ext  int   `json:"ext,omitempty"`
}

// PollIn asks for the hands finished at tables after their cursors.
type PollIn struct {
	Tables []string
	After  []uint64
	// Wait: how long to wait for at least one new hand.
	Wait time.Duration
	// Until: return once every table has finished hand Until[i] (0 = any).
	Until []uint64
}

// PollOut is the hands found, table by table (aligned with the input).
type PollOut struct {
	Hands [][]Hand
	// Seated lists, for a table whose kept results no longer reach back to
	// the cursor (hands were missed), the players seated now
	// (partner:player, or :player when the table does not name partners).
	Seated [][]string `json:",omitempty"`
}

// Poll reads the hands finished since the cursors, waiting up to in.Wait
// for one.
func (a *Activities) Poll(ctx context.Context, in PollIn) (PollOut, error) {
	deadline := time.Now().Add(in.Wait)
	out := PollOut{Hands: make([][]Hand, len(in.Tables))}
	after := append([]uint64(nil), in.After...)
	for {
		found, done := false, true
		for i, t := range in.Tables {
			hs, err := a.Tables.Results(ctx, t, after[i])
			if err != nil {
				return PollOut{}, fmt.Errorf("results of %s: %w", t, err)
			}
			if len(hs) > 0 {
				found = true
				if hs[0].Number > after[i]+1 {
					// The table keeps only its last results: some hands
					// were missed. Who is still seated tells who is out.
					snap, err := a.Tables.Snapshot(ctx, t)
					if err != nil {
						return PollOut{}, err
					}
					if out.Seated == nil {
						out.Seated = make([][]string, len(in.Tables))
					}
					out.Seated[i] = []string{}
					for _, x := range snap.Seats {
						out.Seated[i] = append(out.Seated[i], x.Partner+":"+x.Player)
					}
				}
				out.Hands[i] = append(out.Hands[i], hs...)
				after[i] = hs[len(hs)-1].Number
			}
			if len(in.Until) > 0 && after[i] < in.Until[i] {
				done = false
			}
		}
		if len(in.Until) > 0 && done || len(in.Until) == 0 && found || time.Now().After(deadline) {
			return out, nil
		}
		activity.RecordHeartbeat(ctx)
		select {
		case <-ctx.Done():
			return out, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}
