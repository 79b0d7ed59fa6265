package tournament

import (
	"context"
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/shared/apierr"
)

// MaxPenaltyRounds bounds one "miss N rounds" penalty (the table's bound).
const MaxPenaltyRounds = 10

// PenaltyIn imposes a penalty on a player at a table
// (docs/rules/tournaments.md §19): Rounds to miss from the next hand (a
// round is as many hands as players at his table; T27), his hand in
// progress killed with the raise nobody called given back (H.25; T28), or
// both. Reason is recorded with it.
type PenaltyIn struct {
	PlayerIn
	Rounds   int  `json:"rounds,omitempty"`
	KillHand bool `json:"kill_hand,omitempty"`
	// ShotClock puts him on the shot clock for the rest of the tournament
	// (H.28(a); T25): it goes with him to every table.
	ShotClock bool `json:"shot_clock,omitempty"`
}

// PenaltyOut is what his table applied.
type PenaltyOut struct {
	// Hands he sits out with a dead hand.
	Hands int `json:"hands"`
	// Killed: he had a live hand in play and it was killed.
	Killed bool `json:"killed,omitempty"`
}

// Penalty is one penalty on record, in the tournament's history.
type Penalty struct {
	Partner string    `json:"partner"`
	Player  string    `json:"player"`
	Table   int       `json:"table"`
	Rounds  int       `json:"rounds,omitempty"`
	Hands   int       `json:"hands,omitempty"`
	Killed  bool      `json:"killed,omitempty"`
	Shot    bool      `json:"shot,omitempty"`
	Reason  string    `json:"reason"`
	At      time.Time `json:"at"`
}

// PenaltyTableIn is a penalty for one table to apply.
type PenaltyTableIn struct {
	Key, Table, Partner, Player, Reason string
	Rounds                              int
	KillHand, ShotClock                 bool
}

func (r *run) validatePenalize(ctx workflow.Context, in PenaltyIn) error {
	if in.Rounds < 0 || in.Rounds > MaxPenaltyRounds || in.Rounds == 0 && !in.KillHand && !in.ShotClock {
		return reject(apierr.Invalid("BAD_PENALTY", "a penalty is 1..%d rounds to miss, a killed hand, the shot clock, or some of them", MaxPenaltyRounds))
	}
	if in.Reason == "" {
		return reject(apierr.Invalid("BAD_PENALTY", "a penalty needs its reason on record"))
	}
	return r.checkPenalize(in, r.queued(in.PlayerIn))
}

func (r *run) checkPenalize(in PenaltyIn, queued bool) error {
	if queued {
		return nil
	}
	_, p := r.s.player(in.Partner, in.Player)
	if p == nil || p.Status != Playing || p.Table < 0 {
		return reject(apierr.Precondition("NOT_AT_A_TABLE", "%s does not sit at a table of the tournament", in.Player))
	}
	if p.Moving {
		return reject(apierr.Aborted("PLAYER_MOVING", "%s is being moved; try again", in.Player))
	}
	return nil
}

// penalize applies a penalty at the player's table and records it.
func (r *run) penalize(ctx workflow.Context, in PenaltyIn) (PenaltyOut, error) {
	s := r.s
	if err := r.validatePenalize(ctx, in); err != nil {
		return PenaltyOut{}, err
	}
	r.busy++
	defer func() { r.busy--; r.notify() }()
	unlock, err := r.lock(ctx, in.PlayerIn)
	if err != nil {
		return PenaltyOut{}, err
	}
	defer unlock()
	if err := r.checkPenalize(in, false); err != nil {
		return PenaltyOut{}, err
	}
	_, p := s.player(in.Partner, in.Player)
	ti := p.Table
	var out PenaltyOut
	err = workflow.ExecuteActivity(ctx, (*Activities).Penalize, PenaltyTableIn{Key: s.key("pen", len(s.Penalties)),
		Table: s.Tables[ti].ID, Partner: in.Partner, Player: in.Player, Reason: in.Reason, Rounds: in.Rounds, KillHand: in.KillHand, ShotClock: in.ShotClock}).Get(ctx, &out)
	if err != nil {
		return PenaltyOut{}, err
	}
	s.Penalties = append(s.Penalties, Penalty{Partner: in.Partner, Player: in.Player, Table: s.Tables[ti].No, Rounds: in.Rounds,
		Hands: out.Hands, Killed: out.Killed, Shot: in.ShotClock, Reason: in.Reason, At: workflow.Now(ctx)})
	if in.ShotClock {
		p.Shot = true
	}
	return out, nil
}

// Penalize applies a penalty at a table.
func (a *Activities) Penalize(ctx context.Context, in PenaltyTableIn) (PenaltyOut, error) {
	return a.Tables.Penalize(ctx, in)
}
