package tournament

import (
	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/shared/apierr"
)

// handlers registers the updates and the standings query. Validators run
// before an update is accepted into history, so a refused request leaves
// no trace and changes nothing.
func (r *run) handlers(ctx workflow.Context) error {
	regs := []struct {
		name     string
		handler  any
		validate any
	}{
		{UpdateRegister, func(ctx workflow.Context, in PlayerIn) (RegisterOut, error) {
			return r.register(withActivityOptions(ctx), in)
		}, r.validateRegister},
		{UpdateUnregister, func(ctx workflow.Context, in PlayerIn) (UnregisterOut, error) {
			return r.unregister(withActivityOptions(ctx), in)
		}, r.validateUnregister},
		{UpdateRebuy, func(ctx workflow.Context, in PlayerIn) (ChipsOut, error) {
			return r.rebuy(withActivityOptions(ctx), in, false)
		}, func(ctx workflow.Context, in PlayerIn) error { return r.validateRebuy(ctx, in, false) }},
		{UpdateAddOn, func(ctx workflow.Context, in PlayerIn) (ChipsOut, error) {
			return r.rebuy(withActivityOptions(ctx), in, true)
		}, func(ctx workflow.Context, in PlayerIn) error { return r.validateRebuy(ctx, in, true) }},
		{UpdatePause, func(ctx workflow.Context, in ReasonIn) error { return r.pause(withActivityOptions(ctx), in) }, r.validatePause},
		{UpdateResume, func(ctx workflow.Context, in ReasonIn) error { return r.resume(withActivityOptions(ctx)) }, r.validateResume},
		{UpdateCancel, func(ctx workflow.Context, in ReasonIn) error { return r.cancel(in) }, r.validateCancel},
		{UpdateDisqualify, func(ctx workflow.Context, in PlayerIn) error { return r.disqualify(withActivityOptions(ctx), in) }, r.validateDisqualify},
		{UpdatePenalize, func(ctx workflow.Context, in PenaltyIn) (PenaltyOut, error) {
			return r.penalize(withActivityOptions(ctx), in)
		}, r.validatePenalize},
	}
	for _, h := range regs {
		if err := workflow.SetUpdateHandlerWithOptions(ctx, h.name, h.handler, workflow.UpdateHandlerOptions{Validator: h.validate}); err != nil {
			return err
		}
	}
	return workflow.SetQueryHandler(ctx, QueryStandings, func() (Standings, error) { return r.standings(ctx), nil })
}

func refuse(reason, format string, args ...any) error {
	return reject(apierr.Precondition(reason, format, args...))
}

// playerKey names a player in the run's locks, as Player.Key does.
func playerKey(in PlayerIn) string { return in.Partner + ":" + in.Player }

// lock waits until no other update of the player is in flight and takes his
// turn; the func returned gives it back. One player's updates so run one
// at a time whatever their idempotency keys, each decided on the state the
// one before left: a double click registers once, a refused attempt never
// undoes an accepted one (issue 11).
func (r *run) lock(ctx workflow.Context, in PlayerIn) (func(), error) {
	k := playerKey(in)
	if err := workflow.Await(ctx, func() bool { return !r.locked[k] }); err != nil {
		return nil, err
	}
	r.locked[k] = true
	return func() { delete(r.locked, k) }, nil
}

// queued reports whether another update of the player is in flight. His
// next one is then accepted on what does not depend on it and decided on
// his turn: a validator cannot wait.
func (r *run) queued(in PlayerIn) bool { return r.locked[playerKey(in)] }
