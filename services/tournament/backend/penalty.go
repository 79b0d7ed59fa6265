package backend

import (
	"context"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/workflows/tournament"
)

// Penalize implements tournament.Tables: the hand he plays is killed
// first (VoidPlayerHand, the raise nobody called given back; H.25), then
// the shot clock is set (SetShotClock, a no-op if set) and the rounds to
// miss are imposed (PenalizePlayer, idempotent by key).
func (t *Tables) Penalize(ctx context.Context, in tournament.PenaltyTableIn) (tournament.PenaltyOut, error) {
	var out tournament.PenaltyOut
	if in.KillHand {
		killed, err := t.killHand(ctx, in)
		if err != nil {
			return out, err
		}
		out.Killed = killed
	}
	if in.ShotClock {
		if _, err := t.admin.SetShotClock(ctx, connect.NewRequest(&tablev1.SetShotClockRequest{TableId: in.Table, PlayerId: in.Player,
			PartnerId: in.Partner, On: true})); err != nil {
			return out, classify(err)
		}
	}
	if in.Rounds > 0 {
		res, err := t.admin.PenalizePlayer(ctx, connect.NewRequest(&tablev1.PenalizePlayerRequest{TableId: in.Table, PlayerId: in.Player,
			PartnerId: in.Partner, Rounds: int32(in.Rounds), Reason: in.Reason, IdempotencyKey: in.Key}))
		if err != nil {
			return out, classify(err)
		}
		out.Hands = int(res.Msg.GetHands())
	}
	return out, nil
}

// killHand kills his hand in the hand in play; false if he has no live
// hand there (none in play, folded, or the hand ended meanwhile).
func (t *Tables) killHand(ctx context.Context, in tournament.PenaltyTableIn) (bool, error) {
	v, err := t.view.GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: in.Table}))
	if err != nil {
		return false, classify(err)
	}
	h := v.Msg.GetTable().GetHand()
	if h.GetPhase() != "betting" {
		return false, nil
	}
	for _, s := range v.Msg.GetTable().GetSeats() {
		if s.GetPlayerId() != in.Player || !s.GetInHand() || s.GetFolded() {
			continue
		}
		_, err := t.admin.VoidPlayerHand(ctx, connect.NewRequest(&tablev1.VoidPlayerHandRequest{TableId: in.Table, HandId: h.GetHandId(),
			Seat: s.GetSeat(), ReturnUncalled: true, Reason: in.Reason}))
		switch reasonOf(classify(err)) {
		case "":
			return true, nil
		case "HAND_OVER", "BAD_SEAT", "NO_HAND", "WRONG_HAND":
			return false, nil
		}
		return false, classify(err)
	}
	return false, nil
}
