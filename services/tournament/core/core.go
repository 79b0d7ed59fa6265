// Package core is the tournament service's logic behind the API: it starts
// one workflow per tournament and drives it with updates (register,
// withdraw, rebuy, add-on, pause, resume, cancel, disqualify) and the
// standings query. An update's id is derived from the caller's idempotency
// key, so a retried request is answered once: Temporal deduplicates
// updates by id.
package core

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/metric"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Config configures the core.
type Config struct {
	TaskQueue string
	// Log receives what an answer leaves out: the detail of a failure
	// that is not the workflow's refusal (discarded when nil).
	Log *slog.Logger
	// Workflow are the workflow's own settings given to each tournament.
	Workflow tournament.Options
	// Meter creates the service's instruments (metrics.go); none when nil.
	Meter metric.Meter
	// UpdatesInFlight bounds the requests that change a tournament
	// (registrations, rebuys, ...) this replica has in flight to one
	// tournament; more wait their turn (DefaultUpdatesInFlight when 0).
	UpdatesInFlight int
}

// Service is the core.
type Service struct {
	c     client.Client
	cfg   Config
	m     *metrics
	gates *gate
}

// New returns the core on a Temporal client.
func New(c client.Client, cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	// The names are constants; for a bad one the SDK reports through
	// otel's error handler and still returns a working instrument.
	m, _ := newMetrics(cfg.Meter)
	return &Service{c: c, cfg: cfg, m: m, gates: newGate(cfg.UpdatesInFlight)}
}

// Create validates the terms and starts the tournament's workflow. The same
// idempotency key returns the same tournament.
func (s *Service) Create(ctx context.Context, t terms.Terms, key string) (tournament.Standings, error) {
	t.Defaults()
	if err := t.Validate(); err != nil {
		return tournament.Standings{}, err
	}
	if !t.StartAt.After(time.Now()) {
		return tournament.Standings{}, apierr.Invalid("START_IN_PAST", "the start %s has passed", t.StartAt.Format(time.RFC3339))
	}
	id := "tour-" + randomID()
	if key != "" {
		sum := sha256.Sum256([]byte("create:" + key))
		id = "tour-" + hex.EncodeToString(sum[:10])
	}
	_, err := s.c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: id, TaskQueue: s.cfg.TaskQueue,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
	}, tournament.WorkflowName, tournament.State{ID: id, Terms: t, Options: s.cfg.Workflow})
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if err != nil && !errors.As(err, &started) {
		return tournament.Standings{}, fmt.Errorf("start tournament workflow: %w", err)
	}
	if err == nil {
		s.m.created.Add(ctx, 1)
	}
	return s.Standings(ctx, id)
}

func randomID() string {
	sum := sha256.Sum256([]byte(fmt.Sprint(time.Now().UnixNano())))
	return hex.EncodeToString(sum[:10])
}

// Standings queries a tournament.
func (s *Service) Standings(ctx context.Context, id string) (tournament.Standings, error) {
	var st tournament.Standings
	v, err := s.c.QueryWorkflow(ctx, id, "", tournament.QueryStandings)
	if err != nil {
		return st, s.mapErr(ctx, err)
	}
	if err := v.Get(&st); err != nil {
		return st, err
	}
	return st, nil
}

// update runs one update to completion.
func (s *Service) update(ctx context.Context, id, name, key string, arg, out any) (err error) {
	defer func() { s.m.updated(ctx, name, err) }()
	uid := ""
	if key != "" {
		sum := sha256.Sum256([]byte(name + "\x00" + key))
		uid = name + "-" + hex.EncodeToString(sum[:12])
	}
	leave, err := s.gates.enter(ctx, id)
	if err != nil {
		return err
	}
	defer leave()
	h, err := s.c.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{WorkflowID: id, UpdateName: name, UpdateID: uid, Args: []any{arg},
		WaitForStage: client.WorkflowUpdateStageCompleted})
	if err != nil {
		return s.mapErr(ctx, err)
	}
	if err := h.Get(ctx, out); err != nil {
		return s.mapErr(ctx, err)
	}
	return nil
}

// Register puts a player on the entrants' list.
func (s *Service) Register(ctx context.Context, id string, p tournament.PlayerIn, key string) (tournament.RegisterOut, error) {
	var out tournament.RegisterOut
	err := s.update(ctx, id, tournament.UpdateRegister, scoped(p, key), p, &out)
	return out, err
}

// Unregister withdraws a player before the start.
func (s *Service) Unregister(ctx context.Context, id string, p tournament.PlayerIn, key string) (tournament.UnregisterOut, error) {
	var out tournament.UnregisterOut
	err := s.update(ctx, id, tournament.UpdateUnregister, scoped(p, key), p, &out)
	return out, err
}

// Rebuy buys a rebuy.
func (s *Service) Rebuy(ctx context.Context, id string, p tournament.PlayerIn, key string) (tournament.ChipsOut, error) {
	var out tournament.ChipsOut
	err := s.update(ctx, id, tournament.UpdateRebuy, scoped(p, key), p, &out)
	return out, err
}

// AddOn buys the add-on.
func (s *Service) AddOn(ctx context.Context, id string, p tournament.PlayerIn, key string) (tournament.ChipsOut, error) {
	var out tournament.ChipsOut
	err := s.update(ctx, id, tournament.UpdateAddOn, scoped(p, key), p, &out)
	return out, err
}

// Pause pauses a tournament.
func (s *Service) Pause(ctx context.Context, id, reason string) error {
	return s.update(ctx, id, tournament.UpdatePause, "", tournament.ReasonIn{Reason: reason}, nil)
}

// Resume resumes it.
func (s *Service) Resume(ctx context.Context, id string) error {
	return s.update(ctx, id, tournament.UpdateResume, "", tournament.ReasonIn{}, nil)
}

// Cancel cancels it with refunds.
func (s *Service) Cancel(ctx context.Context, id, reason string) error {
	return s.update(ctx, id, tournament.UpdateCancel, "cancel", tournament.ReasonIn{Reason: reason}, nil)
}

// Disqualify removes a player without refund.
func (s *Service) Disqualify(ctx context.Context, id string, p tournament.PlayerIn) error {
	return s.update(ctx, id, tournament.UpdateDisqualify, scoped(p, "dq"), p, nil)
}

// Penalize imposes a penalty on a seated player; a retry with the same key
// applies nothing twice.
func (s *Service) Penalize(ctx context.Context, id string, in tournament.PenaltyIn, key string) (tournament.PenaltyOut, error) {
	var out tournament.PenaltyOut
	err := s.update(ctx, id, tournament.UpdatePenalize, scoped(in.PlayerIn, "pen\x00"+key), in, &out)
	return out, err
}

// scoped ties an idempotency key to the player, so one player's key can
// never answer for another.
func scoped(p tournament.PlayerIn, key string) string {
	if key == "" {
		return ""
	}
	return p.Partner + "\x00" + p.Player + "\x00" + key
}

// mapErr turns Temporal errors into API errors. Only the workflow's own
// refusals keep their message; anything else is answered without its
// detail (an activity's failure may name internal accounts or hosts),
// which goes to the log.
func (s *Service) mapErr(ctx context.Context, err error) error {
	if ae, ok := tournament.Rejection(err); ok {
		return ae
	}
	var nf *serviceerror.NotFound
	if errors.As(err, &nf) {
		return apierr.NotFound("TOURNAMENT_NOT_FOUND", "no such tournament")
	}
	var closed *serviceerror.WorkflowNotReady
	var exhausted *serviceerror.ResourceExhausted
	if errors.As(err, &closed) || errors.As(err, &exhausted) {
		// Not ready, or more updates in flight than Temporal admits for
		// one workflow (history.maxInFlightUpdates): a retry succeeds.
		return apierr.Unavailable("TOURNAMENT_BUSY", "the tournament cannot answer now; retry")
	}
	var waited *client.WorkflowUpdateServiceTimeoutOrCanceledError
	if errors.As(err, &waited) && ctx.Err() == nil {
		// The update was not accepted within Temporal's long poll (a
		// minute); it may still run, and a retry with the same idempotency
		// key answers with its outcome rather than running it twice.
		s.cfg.Log.WarnContext(ctx, "tournament update timed out", "error", err)
		return apierr.Unavailable("TOURNAMENT_BUSY", "the tournament did not answer in time; retry with the same idempotency key")
	}
	s.cfg.Log.ErrorContext(ctx, "tournament request failed", "error", err)
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var unavailable *serviceerror.Unavailable
	if errors.As(err, &unavailable) {
		return apierr.Unavailable("TOURNAMENT_UNAVAILABLE", "the tournament service cannot answer now; retry")
	}
	return apierr.New(connect.CodeInternal, "TOURNAMENT_FAILED", "the tournament could not carry out the request")
}
