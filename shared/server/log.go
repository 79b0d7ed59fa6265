package server

import (
	"context"
	"log/slog"
	"time"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/apierr"
)

// NewLogInterceptor logs every handled call: rejected requests at INFO with
// their code and reason, server faults at ERROR (but a stream ended by the
// shutdown, apierr.ShuttingDown, and a call whose caller has gone), successes
// at DEBUG.
func NewLogInterceptor(log *slog.Logger) connect.Interceptor {
	return &logInterceptor{log: log}
}

type logInterceptor struct{ log *slog.Logger }

func (l *logInterceptor) record(ctx context.Context, procedure string, start time.Time, err error) {
	d := time.Since(start)
	if err == nil {
		l.log.DebugContext(ctx, "call", "procedure", procedure, "duration_ms", float64(d.Microseconds())/1000)
		return
	}
	code := apierr.Code(err)
	level := slog.LevelInfo
	switch code {
	case connect.CodeInternal, connect.CodeUnknown, connect.CodeDataLoss, connect.CodeUnavailable:
		level = slog.LevelError
	}
	if apierr.Reason(err) == apierr.ShuttingDown || ctx.Err() != nil {
		// A stream this replica ends because it stops (its client resumes
		// elsewhere), or a call whose caller left or was stopped while it
		// ran (its wallet call then fails "canceled"), is the shutdown or
		// the caller at work, not a fault (issue 12).
		level = slog.LevelInfo
	}
	l.log.Log(ctx, level, "call failed", "procedure", procedure, "code", code.String(),
		"reason", apierr.Reason(err), "error", apierr.Detail(err), "duration_ms", float64(d.Microseconds())/1000)
}

func (l *logInterceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if req.Spec().IsClient {
			return next(ctx, req)
		}
		start := time.Now()
		res, err := next(ctx, req)
		l.record(ctx, req.Spec().Procedure, start, err)
		return res, err
	}
}

func (l *logInterceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (l *logInterceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		start := time.Now()
		err := next(ctx, conn)
		l.record(ctx, conn.Spec().Procedure, start, err)
		return err
	}
}
