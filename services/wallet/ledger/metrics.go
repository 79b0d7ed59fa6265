package ledger

import (
	"context"
	"errors"
	"sync"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/metric/noop"

	"github.com/croupier/croupier/shared/apierr"
)

// Operations, as the metrics name them.
const (
	opTransferName    = "transfer"
	opBatchName       = "batch"
	opHoldName        = "hold"
	opPostHoldName    = "post_hold"
	opPostHoldsName   = "post_holds"
	opVoidHoldName    = "void_hold"
	opExpireHoldsName = "expire_holds"
	opReconcileName   = "reconcile"
)

// kindNames are the transfer kinds as the metrics name them (the proto
// names, lower case, without the prefix).
var kindNames = [...]string{
	TransferDeposit: "deposit", TransferWithdrawal: "withdrawal", TransferBuyIn: "buy_in", TransferCashOut: "cash_out",
	TransferRake: "rake", TransferStake: "stake", TransferPayout: "payout", TransferTournamentEntry: "tournament_entry",
	TransferTournamentFee: "tournament_fee", TransferPrize: "prize", TransferRefund: "refund", TransferAdjustment: "adjustment",
}

// metrics are the ledger's instruments (OpenTelemetry):
//
//	croupier.wallet.transfers                   transfers posted, by kind
//	croupier.wallet.transfer.amount             minor units moved, by kind and currency
//	croupier.wallet.replays                     requests answered from their key's earlier result, by operation
//	croupier.wallet.refusals                    requests refused or failed, by operation and reason
//	croupier.wallet.holds                       hold events: created, posted, voided, expired
//	croupier.wallet.reconciliations             reconciliation runs, by result
//	croupier.wallet.reconciliation.mismatches   accounts (or currencies) a run found wrong, by check
//
// Each hold of a PostHolds call counts as a post_hold request would.
type metrics struct {
	transfers    metric.Int64Counter
	amount       metric.Int64Counter
	replays      metric.Int64Counter
	refusals     metric.Int64Counter
	holds        metric.Int64Counter
	reconciled   metric.Int64Counter
	mismatches   metric.Int64Counter
	byKind       [len(kindNames)]metric.MeasurementOption
	holdEvent    map[string]metric.MeasurementOption
	replayByOp   map[string]metric.MeasurementOption
	reconcileRes map[string]metric.MeasurementOption
	// byKindCurrency caches the amount's attribute set per kind and
	// currency (amountKey -> metric.MeasurementOption): few currencies, so
	// it stays small, and a transfer builds no set.
	byKindCurrency sync.Map
}

type amountKey struct {
	kind     TransferKind
	currency string
}

func newMetrics(m metric.Meter) (*metrics, error) {
	if m == nil {
		m = noop.NewMeterProvider().Meter("wallet")
	}
	x := &metrics{holdEvent: map[string]metric.MeasurementOption{}, replayByOp: map[string]metric.MeasurementOption{},
		reconcileRes: map[string]metric.MeasurementOption{}}
	// Attribute sets built once: a transfer's measurements then allocate
	// nothing (the table service measured the difference on its commits).
	for k, name := range kindNames {
		x.byKind[k] = metric.WithAttributeSet(attribute.NewSet(attribute.String("kind", name)))
	}
	for _, e := range []string{"created", "posted", "voided", "expired"} {
		x.holdEvent[e] = metric.WithAttributeSet(attribute.NewSet(attribute.String("event", e)))
	}
	for _, op := range []string{opTransferName, opBatchName, opHoldName, opPostHoldName, opVoidHoldName} {
		x.replayByOp[op] = metric.WithAttributeSet(attribute.NewSet(attribute.String("operation", op)))
	}
	for _, r := range []string{"balanced", "mismatch", "error"} {
		x.reconcileRes[r] = metric.WithAttributeSet(attribute.NewSet(attribute.String("result", r)))
	}
	var errs []error
	add := func(err error) { errs = append(errs, err) }
	var err error
	x.transfers, err = m.Int64Counter("croupier.wallet.transfers", metric.WithUnit("{transfer}"),
		metric.WithDescription("Transfers posted, by kind (a replayed request is not counted again)"))
	add(err)
	x.amount, err = m.Int64Counter("croupier.wallet.transfer.amount", metric.WithUnit("{minor_unit}"),
		metric.WithDescription("Money moved by posted transfers, in minor units, by kind and currency"))
	add(err)
	x.replays, err = m.Int64Counter("croupier.wallet.replays", metric.WithUnit("{request}"),
		metric.WithDescription("Requests answered with the earlier result of their idempotency key (retries), by operation"))
	add(err)
	x.refusals, err = m.Int64Counter("croupier.wallet.refusals", metric.WithUnit("{request}"),
		metric.WithDescription("Requests refused or failed, by operation and reason (the ErrorInfo reason the caller receives; INTERNAL for a fault)"))
	add(err)
	x.holds, err = m.Int64Counter("croupier.wallet.holds", metric.WithUnit("{hold}"),
		metric.WithDescription("Hold events: created, posted, voided, expired"))
	add(err)
	x.reconciled, err = m.Int64Counter("croupier.wallet.reconciliations", metric.WithUnit("{run}"),
		metric.WithDescription("Ledger reconciliation runs, by result (balanced, mismatch, error): alert on any mismatch"))
	add(err)
	x.mismatches, err = m.Int64Counter("croupier.wallet.reconciliation.mismatches", metric.WithUnit("{account}"),
		metric.WithDescription("What reconciliation runs found wrong, by check: balance (balance != sum of entries), held (held != pending holds), negative (a non-negative account below zero), total (a currency's balances not summing to zero; counts currencies)"))
	add(err)
	return x, errors.Join(errs...)
}

// reason is the ErrorInfo reason a caller receives for err (as
// apierr.Connect maps it), so the metric and the answer agree.
func reason(err error) string {
	var e *apierr.Error
	switch {
	case errors.As(err, &e):
		return e.Reason
	case errors.Is(err, context.Canceled):
		return "CANCELED"
	case errors.Is(err, context.DeadlineExceeded):
		return "DEADLINE_EXCEEDED"
	}
	return "INTERNAL"
}

func (x *metrics) refused(ctx context.Context, op string, err error) {
	x.refusals.Add(ctx, 1, metric.WithAttributes(attribute.String("operation", op), attribute.String("reason", reason(err))))
}

// posted counts transfers that moved money now.
func (x *metrics) posted(ctx context.Context, ts []Transfer) {
	for i := range ts {
		t := &ts[i]
		if !t.Kind.Valid() {
			continue
		}
		x.transfers.Add(ctx, 1, x.byKind[t.Kind])
		x.amount.Add(ctx, t.Amount, x.kindCurrency(t.Kind, t.Currency))
	}
}

func (x *metrics) kindCurrency(k TransferKind, currency string) metric.MeasurementOption {
	key := amountKey{k, currency}
	if o, ok := x.byKindCurrency.Load(key); ok {
		return o.(metric.MeasurementOption)
	}
	o := metric.WithAttributeSet(attribute.NewSet(attribute.String("kind", kindNames[k]), attribute.String("currency", currency)))
	x.byKindCurrency.Store(key, o)
	return o
}

// applied records what an Apply (transfer, batch, hold) did.
func (x *metrics) applied(ctx context.Context, op string, r Result, err error) {
	switch {
	case err != nil:
		x.refused(ctx, op, err)
	case r.Replayed:
		x.replays.Add(ctx, 1, x.replayByOp[op])
	default:
		x.posted(ctx, r.Transfers)
		if r.Hold != nil {
			x.holds.Add(ctx, 1, x.holdEvent["created"])
		}
	}
}

// released records a hold's post or void.
func (x *metrics) released(ctx context.Context, op, event string, t *Transfer, replayed bool, err error) {
	switch {
	case err != nil:
		x.refused(ctx, op, err)
	case replayed:
		x.replays.Add(ctx, 1, x.replayByOp[op])
	default:
		x.holds.Add(ctx, 1, x.holdEvent[event])
		if t != nil && t.ID != 0 {
			x.posted(ctx, []Transfer{*t})
		}
	}
}

// postedMany records a PostHolds call: each hold as PostHold would count it
// alone (operation post_hold), or the refusal of the whole request once
// (operation post_holds).
func (x *metrics) postedMany(ctx context.Context, out []PostOutcome, err error) {
	if err != nil {
		x.refused(ctx, opPostHoldsName, err)
		return
	}
	for i := range out {
		o := &out[i]
		x.released(ctx, opPostHoldName, "posted", &o.Transfer, o.Replayed, o.Err)
	}
}

func (x *metrics) expired(ctx context.Context, n int, err error) {
	if err != nil {
		x.refused(ctx, opExpireHoldsName, err)
	}
	if n > 0 {
		x.holds.Add(ctx, int64(n), x.holdEvent["expired"])
	}
}

func (x *metrics) reconciledRun(ctx context.Context, r Reconciliation, err error) {
	if err != nil {
		x.refused(ctx, opReconcileName, err)
		x.reconciled.Add(ctx, 1, x.reconcileRes["error"])
		return
	}
	res := "balanced"
	if !r.OK() {
		res = "mismatch"
	}
	x.reconciled.Add(ctx, 1, x.reconcileRes[res])
	totals := 0
	for _, t := range r.Totals {
		if t.Sum != 0 {
			totals++
		}
	}
	for check, n := range map[string]int{"balance": len(r.Mismatched), "held": len(r.HeldMismatched), "negative": len(r.Negative), "total": totals} {
		// Zero too, so every check has a series from the first run on.
		x.mismatches.Add(ctx, int64(n), metric.WithAttributes(attribute.String("check", check)))
	}
}
