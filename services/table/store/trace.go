package store

import (
	"context"
	"net"
	"strings"

	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// Instrument traces every Redis command and pipeline of rdb with spans from
// tp (db.system=redis, the command names), so a trace shows a player's
// action from the API through the table service into Redis. It is a small
// go-redis hook instead of redisotel, whose releases require a newer
// OpenTelemetry than the workspace may use.
func Instrument(rdb redis.UniversalClient, tp trace.TracerProvider) {
	if tp == nil {
		return
	}
	rdb.AddHook(hook{tracer: tp.Tracer("croupier/table/redis")})
}

type hook struct {
	tracer trace.Tracer
}

var dbSystem = attribute.String("db.system", "redis")

func (h hook) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) { return next(ctx, network, addr) }
}

func (h hook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if !trace.SpanFromContext(ctx).IsRecording() {
			return next(ctx, cmd)
		}
		ctx, span := h.tracer.Start(ctx, "redis "+cmd.Name(), trace.WithSpanKind(trace.SpanKindClient),
			trace.WithAttributes(dbSystem, attribute.String("db.operation.name", cmd.Name())))
		defer span.End()
		err := next(ctx, cmd)
		if err != nil && err != redis.Nil {
			span.RecordError(err)
			span.SetStatus(codes.Error, err.Error())
		}
		return err
	}
}

func (h hook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if !trace.SpanFromContext(ctx).IsRecording() {
			return next(ctx, cmds)
		}
		names := make([]string, len(cmds))
		for i, c := range cmds {
			names[i] = c.Name()
		}
		ctx, span := h.tracer.Start(ctx, "redis pipeline", trace.WithSpanKind(trace.SpanKindClient),
			trace.WithAttributes(dbSystem, attribute.String("db.operation.name", strings.Join(names, " ")),
				attribute.Int("db.operation.batch.size", len(cmds))))
		defer span.End()
		err := next(ctx, cmds)
		if err != nil && err != redis.Nil {
			span.RecordError(err)
			span.SetStatus(codes.Error, err.Error())
		}
		return err
	}
}
