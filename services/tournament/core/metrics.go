package core

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/metric/noop"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament"
)

// metrics are the tournament service's instruments (OpenTelemetry):
//
//	croupier.tournament.created        tournaments created (a retried create counts again)
//	croupier.tournament.updates        updates answered, by update (register, unregister, rebuy, add_on, pause, ...) and result (accepted or the refusal reason)
//	croupier.tournament.tournaments    running tournaments, by phase (cluster-wide: every replica reports the same)
//	croupier.tournament.entrants       entrants of the running tournaments, by phase
//	croupier.tournament.players_left   players still in, by phase
//
// The workflow task latency and the other Temporal SDK metrics
// (temporal_*) come from the Temporal client's metrics handler.
type metrics struct {
	created metric.Int64Counter
	updates metric.Int64Counter
}

func newMetrics(m metric.Meter) (*metrics, error) {
	if m == nil {
		m = noop.NewMeterProvider().Meter("tournament")
	}
	x := &metrics{}
	var err1, err2 error
	x.created, err1 = m.Int64Counter("croupier.tournament.created", metric.WithUnit("{tournament}"),
		metric.WithDescription("Tournaments created"))
	x.updates, err2 = m.Int64Counter("croupier.tournament.updates", metric.WithUnit("{update}"),
		metric.WithDescription("Tournament updates answered, by update (register, unregister, rebuy, add_on, pause, resume, cancel, disqualify) and result (accepted, or the refusal reason)"))
	return x, errors.Join(err1, err2)
}

func (x *metrics) updated(ctx context.Context, name string, err error) {
	result := "accepted"
	if err != nil {
		result = "INTERNAL"
		var e *apierr.Error
		if errors.As(err, &e) {
			result = e.Reason
		} else if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			result = "CANCELED"
		}
	}
	x.updates.Add(ctx, 1, metric.WithAttributes(attribute.String("update", name), attribute.String("result", result)))
}

// Census bounds: how stale the running-tournament gauges may be, how many
// tournaments one census reads, and how long it may take.
const (
	censusEvery   = 15 * time.Second
	censusMax     = 500
	censusTimeout = 5 * time.Second
)

// census is the last count of the running tournaments, by phase.
type census struct {
	at                      time.Time
	tournaments, in, remain map[tournament.Phase]int64
}

// ObserveRunning publishes the running tournaments, their entrants and the
// players left, by phase, on meter. Temporal's workflow histories are the
// only record of them, so a collection asks Temporal: it lists the running
// tournament workflows (at most 500) and queries each one's standings, at
// most once every 15 s (a scrape in between gets the last census). Undo it
// with the registration's Unregister.
func (s *Service) ObserveRunning(meter metric.Meter) (metric.Registration, error) {
	count, err := meter.Int64ObservableGauge("croupier.tournament.tournaments", metric.WithUnit("{tournament}"),
		metric.WithDescription("Running tournaments, by phase (from Temporal: the same on every replica, aggregate with max)"))
	if err != nil {
		return nil, fmt.Errorf("tournament: metrics: %w", err)
	}
	entrants, err := meter.Int64ObservableGauge("croupier.tournament.entrants", metric.WithUnit("{player}"),
		metric.WithDescription("Entrants of the running tournaments, by phase"))
	if err != nil {
		return nil, fmt.Errorf("tournament: metrics: %w", err)
	}
	left, err := meter.Int64ObservableGauge("croupier.tournament.players_left", metric.WithUnit("{player}"),
		metric.WithDescription("Players still in the running tournaments, by phase"))
	if err != nil {
		return nil, fmt.Errorf("tournament: metrics: %w", err)
	}
	var mu sync.Mutex
	var last census
	return meter.RegisterCallback(func(ctx context.Context, o metric.Observer) error {
		mu.Lock()
		defer mu.Unlock()
		if time.Since(last.at) >= censusEvery {
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), censusTimeout)
			c, err := s.census(cctx)
			cancel()
			if err != nil {
				// Keep the last census: a gap would read as no tournaments.
				s.cfg.Log.Warn("tournament census failed", "error", err)
			} else {
				last = c
			}
		}
		for p, n := range last.tournaments {
			ph := metric.WithAttributes(attribute.String("phase", string(p)))
			o.ObserveInt64(count, n, ph)
			o.ObserveInt64(entrants, last.in[p], ph)
			o.ObserveInt64(left, last.remain[p], ph)
		}
		return nil
	}, count, entrants, left)
}

func (s *Service) census(ctx context.Context) (census, error) {
	c := census{at: time.Now(), tournaments: map[tournament.Phase]int64{}, in: map[tournament.Phase]int64{}, remain: map[tournament.Phase]int64{}}
	// Every phase a running workflow can be in has a series, zero or not.
	for _, p := range []tournament.Phase{tournament.Registering, tournament.Seating, tournament.Running, tournament.OnBreak, tournament.FinalTable, tournament.Paying} {
		c.tournaments[p] = 0
	}
	res, err := s.c.ListWorkflow(ctx, listRequest{
		query: fmt.Sprintf("WorkflowType = '%s' AND ExecutionStatus = 'Running'", tournament.WorkflowName), size: censusMax}.proto())
	if err != nil {
		return census{}, fmt.Errorf("list running tournaments: %w", err)
	}
	for _, e := range res.GetExecutions() {
		st, err := s.Standings(ctx, e.GetExecution().GetWorkflowId())
		if err != nil {
			continue // one that cannot answer now is left out
		}
		c.tournaments[st.Phase]++
		c.in[st.Phase] += int64(st.Entrants)
		c.remain[st.Phase] += int64(st.Left)
	}
	return c, nil
}
