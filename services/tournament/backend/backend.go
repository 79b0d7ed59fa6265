// Package backend connects the tournament activities to the services they
// call over Connect: the wallet (croupier.wallet.v1), the table service's
// admin API (croupier.table.v1) and the RNG (croupier.rng.v1). Each adapter
// implements one of the small interfaces the activities declare
// (tournament.Wallet, tournament.Tables, tournament.RNG), keeps every
// idempotency key the workflow gives it, and turns a business refusal into
// an error carrying its reason so the workflow does not retry it.
package backend

import (
	"errors"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/apierr"
)

// refusal is a refused request: its reason is kept for the workflow.
type refusal struct {
	reason string
	err    error
}

func (r *refusal) Error() string  { return r.err.Error() }
func (r *refusal) Unwrap() error  { return r.err }
func (r *refusal) Reason() string { return r.reason }

// classify keeps transient errors as they are (the activity retries them)
// and wraps refusals (invalid argument, failed precondition, not found,
// permission denied) with their reason.
func classify(err error) error {
	if err == nil {
		return nil
	}
	switch connect.CodeOf(err) {
	case connect.CodeInvalidArgument, connect.CodeFailedPrecondition, connect.CodeNotFound, connect.CodePermissionDenied, connect.CodeAlreadyExists:
		reason := apierr.Reason(err)
		if reason == "" {
			reason = connect.CodeOf(err).String()
		}
		return &refusal{reason: reason, err: err}
	}
	return err
}

// reasonOf returns a refusal's reason, or "".
func reasonOf(err error) string {
	var r *refusal
	if errors.As(err, &r) {
		return r.reason
	}
	return apierr.Reason(err)
}
