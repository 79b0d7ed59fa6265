package table

import (
	"context"
	"errors"
	"sync"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/trace"
)

// metrics are the table service's instruments (OpenTelemetry).
type metrics struct {
	commands       metric.Int64Counter
	commandLatency metric.Float64Histogram
	conflicts      metric.Int64Counter
	loads          metric.Int64Counter
	hands          metric.Int64Counter
	rounds         metric.Int64Counter
	roundsEnded    metric.Int64Counter
	payouts        metric.Int64Counter
	handsEnded     metric.Int64Counter
	showdowns      metric.Int64Counter
	rankMismatches metric.Int64Counter
	pots           metric.Int64Histogram
	rake           metric.Int64Counter
	intents        metric.Int64Counter
	clockFired     metric.Int64Counter
	timeouts       metric.Int64Counter
	escrowChecks   metric.Int64Counter
	rewinds        metric.Int64Counter
	freezes        metric.Int64Counter
	overrides      metric.Int64Counter
	escrowDiff     metric.Int64ObservableGauge
	subscribers    metric.Int64ObservableGauge
	streamSends    metric.Int64Counter
	streamEvents   metric.Int64Counter

	// byKind holds each command kind's attribute set, built once per kind:
	// building one per commit (metric.WithAttributes sorts and allocates)
	// was a measurable part of a commit's cost.
	byKind sync.Map // command kind -> metric.MeasurementOption

	mu    sync.Mutex
	diffs map[string]int64
}

func newMetrics(m metric.Meter) (*metrics, error) {
	if m == nil {
		m = noop.NewMeterProvider().Meter("table")
	}
	x := &metrics{diffs: map[string]int64{}}
	var errs []error
	add := func(err error) { errs = append(errs, err) }
	var err error
	x.commands, err = m.Int64Counter("croupier.table.commands", metric.WithDescription("Commands committed, by kind"))
	add(err)
	x.commandLatency, err = m.Float64Histogram("croupier.table.command.duration", metric.WithUnit("ms"),
		metric.WithDescription("Time from accepting a command to its commit"),
		metric.WithExplicitBucketBoundaries(0.25, 0.5, 1, 2, 3, 5, 7.5, 10, 15, 25, 50, 100, 250, 1000))
	add(err)
	x.conflicts, err = m.Int64Counter("croupier.table.conflicts", metric.WithDescription("Commits lost to another replica (retried)"))
	add(err)
	x.loads, err = m.Int64Counter("croupier.table.loads", metric.WithDescription("Tables loaded from their snapshot"))
	add(err)
	x.hands, err = m.Int64Counter("croupier.table.hands.dealt", metric.WithDescription("Hands dealt (rate = hands/s)"))
	add(err)
	x.rounds, err = m.Int64Counter("croupier.table.rounds.opened", metric.WithDescription("Banked rounds opened (rate = rounds/s)"))
	add(err)
	x.roundsEnded, err = m.Int64Counter("croupier.table.rounds.ended", metric.WithDescription("Banked rounds ended, by verdict (valid, void)"))
	add(err)
	x.payouts, err = m.Int64Counter("croupier.table.payouts", metric.WithDescription("Winnings paid from the house bank at banked tables, in minor units"))
	add(err)
	x.handsEnded, err = m.Int64Counter("croupier.table.hands.ended", metric.WithDescription("Hands ended, by result"))
	add(err)
	x.showdowns, err = m.Int64Counter("croupier.table.showdowns", metric.WithDescription("Showdowns ranked by the evaluator service"))
	add(err)
	x.rankMismatches, err = m.Int64Counter("croupier.table.rank_mismatches", metric.WithDescription("Showdowns where the evaluator service and the engine disagreed (never expected)"))
	add(err)
	x.pots, err = m.Int64Histogram("croupier.table.pot.size", metric.WithDescription("Pots awarded, in minor units"))
	add(err)
	x.rake, err = m.Int64Counter("croupier.table.rake", metric.WithDescription("Rake moved to the house, in minor units"))
	add(err)
	x.intents, err = m.Int64Counter("croupier.table.money_intents", metric.WithDescription("Money intents carried out at the wallet, by kind"))
	add(err)
	x.clockFired, err = m.Int64Counter("croupier.table.deadlines.fired", metric.WithDescription("Deadline entries claimed and fired"))
	add(err)
	x.timeouts, err = m.Int64Counter("croupier.table.timeouts", metric.WithDescription("Actions taken by the clock"))
	add(err)
	x.escrowChecks, err = m.Int64Counter("croupier.table.escrow.checks", metric.WithDescription("Escrow checks (at deals and by the periodic audit), by result (match, mismatch, inconclusive) and trigger (deal, audit)"))
	add(err)
	x.rewinds, err = m.Int64Counter("croupier.table.state_rewinds",
		metric.WithDescription("Tables found gone back in Redis (older, or another history) by a replica that had seen them newer: alert on any"))
	add(err)
	x.freezes, err = m.Int64Counter("croupier.table.freezes",
		metric.WithDescription("Tables frozen for review, by reason (STATE_REWOUND, ESCROW_MISMATCH): alert on any"))
	add(err)
	x.overrides, err = m.Int64Counter("croupier.table.house_edge_overrides",
		metric.WithDescription("Banked tables opened on an operator's override of the house-edge check, by refusal lifted (HOUSE_EDGE_BELOW_MINIMUM, HOUSE_EDGE_UNKNOWN)"))
	add(err)
	x.escrowDiff, err = m.Int64ObservableGauge("croupier.table.escrow.difference",
		metric.WithDescription("Escrow balance minus the chips at the table at the last conclusive check (0 expected)"))
	add(err)
	x.subscribers, err = m.Int64ObservableGauge("croupier.table.subscribers", metric.WithDescription("Event streams served by this replica"))
	add(err)
	// The event streams are left out of the per-call RPC instrumentation
	// (see telemetry.Interceptor): these two say what they carry.
	x.streamSends, err = m.Int64Counter("croupier.table.stream.messages", metric.WithDescription("Messages sent on event streams"))
	add(err)
	x.streamEvents, err = m.Int64Counter("croupier.table.stream.events", metric.WithDescription("Events sent on event streams"))
	add(err)
	return x, errors.Join(errs...)
}

func (x *metrics) observe(s *Service) {
	// Registered on the meter the instruments came from; the noop meter
	// ignores it.
	if x.escrowDiff == nil {
		return
	}
	_ = x.register(s)
}

func (x *metrics) register(s *Service) error {
	m := s.deps.Meter
	if m == nil {
		return nil
	}
	_, err := m.RegisterCallback(func(_ context.Context, o metric.Observer) error {
		x.mu.Lock()
		for id, d := range x.diffs {
			o.ObserveInt64(x.escrowDiff, d, metric.WithAttributes(attribute.String("table", id)))
		}
		x.mu.Unlock()
		o.ObserveInt64(x.subscribers, int64(s.subscriberCount()))
		return nil
	}, x.escrowDiff, x.subscribers)
	return err
}

// StreamSent counts one message of an event stream carrying events events.
func (s *Service) StreamSent(ctx context.Context, events int) {
	s.m.streamSends.Add(ctx, 1)
	s.m.streamEvents.Add(ctx, int64(events))
}

func (x *metrics) setEscrowDiff(table string, d int64) {
	x.mu.Lock()
	x.diffs[table] = d
	x.mu.Unlock()
}

func (s *Service) subscriberCount() int {
	s.mu.Lock()
	rts := make([]*runtime, 0, len(s.tables))
	for _, rt := range s.tables {
		rts = append(rts, rt)
	}
	s.mu.Unlock()
	n := 0
	for _, rt := range rts {
		rt.hub.mu.Lock()
		n += len(rt.hub.subs)
		rt.hub.mu.Unlock()
	}
	return n
}

// kind is the measurement option naming command kind k (game.Command's
// Op).
func (x *metrics) kind(k string) metric.MeasurementOption {
	if o, ok := x.byKind.Load(k); ok {
		return o.(metric.MeasurementOption)
	}
	o, _ := x.byKind.LoadOrStore(k, metric.WithAttributeSet(attribute.NewSet(attribute.String("command", k))))
	return o.(metric.MeasurementOption)
}

func asConnect(err error, target **connect.Error) bool { return errors.As(err, target) }

// StartSpan starts a span for work a long-lived stream does on its own (a
// Play stream's commands, which the per-call RPC instrumentation does not
// see): a no-op without a tracer.
func (s *Service) StartSpan(ctx context.Context, name string) (context.Context, trace.Span) {
	if s.deps.Tracer == nil {
		return ctx, trace.SpanFromContext(ctx)
	}
	return s.deps.Tracer.Start(ctx, name, trace.WithSpanKind(trace.SpanKindServer))
}
