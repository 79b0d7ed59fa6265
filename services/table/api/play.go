package api

import (
	"context"
	"errors"
	"io"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/codes"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/server"
)

// Play serves a player's session at one table on one bidirectional stream:
// the first request subscribes, the events come down as Subscribe sends
// them, and each later request is a command answered by a result on the
// stream. Commands run one at a time, in the order they came, on their own
// goroutine, so a slow command never holds up the events. A command's
// failure is its result's error; the stream ends when the client closes
// its side, the subscriber falls behind, or the caller's token expires.
//
// A command over the stream costs one message each way, where Act costs a
// request with its own headers, routing, authentication and a handler
// goroutine: at the same load the stream uses about a third less CPU per
// action (docs/table.md, "Throughput").
func (h *TableHandler) Play(ctx context.Context, stream *connect.BidiStream[tablev1.PlayRequest, tablev1.PlayResponse]) error {
	first, err := stream.Receive()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil
		}
		return err
	}
	release, err := h.streams.acquire(ctx)
	if err != nil {
		return apierr.Connect(err)
	}
	defer release()
	sm := first.GetSubscribe()
	if sm == nil {
		return apierr.Connect(apierr.Invalid("SUBSCRIBE_FIRST", "the first request of a Play stream subscribes"))
	}
	sub, v, firstEvents, err := h.subscribe(ctx, sm)
	if err != nil {
		return err
	}
	defer sub.Close()
	who, err := caller(ctx)
	if err != nil {
		return apierr.Connect(err)
	}
	p, _ := auth.FromContext(ctx)
	id := sm.GetTableId()

	// One goroutine sends (events and results); the commands run on
	// another, in order, so a slow command never holds up the events.
	send := func(evs []*tablev1.TableEvent, r *tablev1.PlayResult) error {
		m := &tablev1.PlayResponse{Result: r}
		if len(evs) > 0 {
			m.Events = &tablev1.SubscribeResponse{Events: evs}
		}
		return stream.Send(m)
	}
	if firstEvents != nil {
		if err := send(firstEvents, nil); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan *tablev1.PlayResult, 16)
	done := make(chan error, 1)
	go func() {
		done <- h.playCommands(ctx, stream, results, id, who, p.Expires)
	}()
	return h.stream(ctx, sub, id, v, results, done, send)
}

// playCommands reads and answers commands until the client closes its
// side (nil), the stream breaks, or the token expires.
func (h *TableHandler) playCommands(ctx context.Context, stream *connect.BidiStream[tablev1.PlayRequest, tablev1.PlayResponse],
	results chan<- *tablev1.PlayResult, id string, who table.Caller, expires time.Time) error {
	send := func(r *tablev1.PlayResult) error {
		select {
		case results <- r:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	for {
		req, err := stream.Receive()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if !expires.IsZero() && !time.Now().Before(expires) {
			err := tokenExpired()
			_ = send(playResult(req.GetCommandId(), nil, err))
			return apierr.Connect(err)
		}
		cctx, span := h.core.StartSpan(ctx, commandSpan(req))
		res, err := h.playCommand(cctx, id, who, req)
		if err != nil {
			span.SetStatus(codes.Error, apierr.Reason(err))
			// A fault's own message stays on the span; the player sees
			// the public text (issue 11).
			err = server.PublicError(cctx, err)
		}
		span.End()
		if err := send(playResult(req.GetCommandId(), res, err)); err != nil {
			return err
		}
	}
}

// commandSpan names a command's span after the unary call it stands for.
func commandSpan(req *tablev1.PlayRequest) string {
	switch req.GetCommand().(type) {
	case *tablev1.PlayRequest_Act:
		return "croupier.table.v1.TableService/Play.Act"
	case *tablev1.PlayRequest_UseTimeBank:
		return "croupier.table.v1.TableService/Play.UseTimeBank"
	}
	return "croupier.table.v1.TableService/Play"
}

// playCommand runs one command of a Play stream. res is the result's
// outcome when err is nil.
func (h *TableHandler) playCommand(ctx context.Context, id string, who table.Caller, req *tablev1.PlayRequest) (res any, err error) {
	if err := validatePlay(id, req); err != nil {
		return nil, err
	}
	switch c := req.GetCommand().(type) {
	case *tablev1.PlayRequest_Act:
		return h.act(ctx, who, c.Act)
	case *tablev1.PlayRequest_UseTimeBank:
		return h.useTimeBank(ctx, who, c.UseTimeBank)
	}
	return nil, apierr.Invalid("NO_COMMAND", "the request carries no command")
}

// validatePlay checks a command of the Play stream at table id, filling in
// an empty table id with the stream's.
func validatePlay(id string, req *tablev1.PlayRequest) error {
	same := func(t *string) error {
		if *t == "" {
			*t = id
		}
		if *t != id {
			return apierr.Invalid("TABLE_MISMATCH", "table_id %q: this stream plays table %q", *t, id)
		}
		return nil
	}
	switch c := req.GetCommand().(type) {
	case *tablev1.PlayRequest_Act:
		if c.Act == nil {
			return apierr.Invalid("NO_COMMAND", "the act command is empty")
		}
		if err := same(&c.Act.TableId); err != nil {
			return err
		}
		return validateAct(c.Act)
	case *tablev1.PlayRequest_UseTimeBank:
		if c.UseTimeBank == nil {
			return apierr.Invalid("NO_COMMAND", "the use_time_bank command is empty")
		}
		if err := same(&c.UseTimeBank.TableId); err != nil {
			return err
		}
		return validateUseTimeBank(c.UseTimeBank)
	case *tablev1.PlayRequest_Subscribe:
		return apierr.Invalid("ALREADY_SUBSCRIBED", "only the first request of a Play stream subscribes")
	}
	return apierr.Invalid("NO_COMMAND", "the request carries no command")
}

// playResult builds a command's result: its outcome, or err as the unary
// call would have returned it (code, reason, and a message that never
// carries internal detail).
func playResult(commandID uint64, res any, err error) *tablev1.PlayResult {
	r := &tablev1.PlayResult{CommandId: commandID}
	switch x := res.(type) {
	case *tablev1.ActResponse:
		if err == nil {
			r.Outcome = &tablev1.PlayResult_Act{Act: x}
		}
	case *tablev1.UseTimeBankResponse:
		if err == nil {
			r.Outcome = &tablev1.PlayResult_UseTimeBank{UseTimeBank: x}
		}
	}
	if err != nil {
		var ce *connect.Error
		if !errors.As(apierr.Connect(err), &ce) {
			ce = connect.NewError(connect.CodeInternal, errors.New("INTERNAL"))
		}
		r.Outcome = &tablev1.PlayResult_Error{Error: &tablev1.PlayError{Code: ce.Code().String(), Reason: apierr.Reason(ce), Message: ce.Message()}}
	}
	return r
}
