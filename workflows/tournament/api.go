package tournament

import (
	"errors"

	"connectrpc.com/connect"
	"go.temporal.io/sdk/temporal"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Names the workflow is registered and driven under.
const (
	WorkflowName     = "Tournament"
	UpdateRegister   = "register"
	UpdateUnregister = "unregister"
	UpdateRebuy      = "rebuy"
	UpdateAddOn      = "add_on"
	UpdatePause      = "pause"
	UpdateResume     = "resume"
	UpdateCancel     = "cancel"
	UpdateDisqualify = "disqualify"
	UpdatePenalize   = "penalize"
	QueryStandings   = "standings"
)

// PlayerIn names a player in an update.
type PlayerIn struct {
	Partner string `json:"partner"`
	Player  string `json:"player"`
	Name    string `json:"name,omitempty"`
	// Reason is an operator's reason for a disqualification, recorded
	// with it (docs/rules/tournaments.md §21).
	Reason string `json:"reason,omitempty"`
}

// RegisterOut answers a registration.
type RegisterOut struct {
	Entrants int  `json:"entrants"`
	Late     bool `json:"late,omitempty"`
}

// UnregisterOut answers a withdrawal: what the player gets back.
type UnregisterOut struct {
	Refunded int64 `json:"refunded"`
}

// ChipsOut answers a rebuy or an add-on: the chips bought.
type ChipsOut struct {
	Chips int64 `json:"chips"`
}

// ReasonIn carries an operator's reason.
type ReasonIn struct {
	Reason string `json:"reason,omitempty"`
}

// Result is the workflow's return value.
type Result struct {
	Phase           Phase       `json:"phase"`
	Entrants        int         `json:"entrants"`
	Money           terms.Money `json:"money"`
	Refunded        terms.Money `json:"refunded"`
	PrizeTotal      int64       `json:"prize_total"`
	Moves           int         `json:"moves"`
	Breaks          int         `json:"breaks"`
	Runs            int         `json:"runs"`
	MaxHistory      int         `json:"max_history"`
	MaxHistoryBytes int         `json:"max_history_bytes"`
}

// reject turns a rule refusal into an update error that keeps the Connect
// code and reason across Temporal (an application error whose type is the
// reason and whose details carry the code).
func reject(err *apierr.Error) error {
	return temporal.NewNonRetryableApplicationError(err.Message, err.Reason, nil, int(err.Code))
}

// Refusal recovers the *apierr.Error a workflow update refused with.
func Refusal(err error) (*apierr.Error, bool) {
	var app *temporal.ApplicationError
	if !errors.As(err, &app) || app.Type() == "" {
		return nil, false
	}
	var code int
	if app.HasDetails() && app.Details(&code) == nil && code > 0 {
		ae := apierr.Invalid(app.Type(), "%s", app.Message())
		ae.Code = codeOf(code)
		return ae, true
	}
	return apierr.Precondition(app.Type(), "%s", app.Message()), true
}

// Rejection recovers the refusal an update answered with, for its caller:
// only one the workflow made (reject keeps its code in the details). An
// activity's failure the update returned, or any other error, is none:
// its message may carry internal account ids or infrastructure details
// ("dial tcp ...: connection refused"), which stay in the logs (issue 11).
func Rejection(err error) (*apierr.Error, bool) {
	var act *temporal.ActivityError
	if errors.As(err, &act) {
		return nil, false
	}
	var app *temporal.ApplicationError
	if !errors.As(err, &app) || app.Type() == "" || !app.HasDetails() {
		return nil, false
	}
	var code int
	if app.Details(&code) != nil || code <= 0 {
		return nil, false
	}
	ae := apierr.Invalid(app.Type(), "%s", app.Message())
	ae.Code = codeOf(code)
	return ae, true
}

func codeOf(c int) connect.Code { return connect.Code(c) }
