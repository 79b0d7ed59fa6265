package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/telemetry"
)

// asRole stands in for the telemetry and auth interceptors: it starts the
// request's span and puts the principal named by the X-Test-Role header in
// the context (none when the header is absent).
func asRole(tp *sdktrace.TracerProvider) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			ctx, span := tp.Tracer("test").Start(ctx, req.Spec().Procedure)
			defer span.End()
			if r := req.Header().Get("X-Test-Role"); r != "" {
				ctx = auth.WithPrincipal(ctx, auth.Principal{Role: auth.Role(r), PartnerID: "pa", PlayerID: "alice", Subject: "x"})
			}
			return next(ctx, req)
		}
	}
}

// lockedBuffer is a log sink the server's goroutines and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.Reset()
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// refusedDial is a real driver error: a dial to a port nobody listens on.
func refusedDial(t *testing.T) error {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	c, err := net.Dial("tcp", addr)
	if err == nil {
		c.Close()
		t.Fatal("dial to a closed port succeeded")
	}
	return err
}

// TestFaultMessagesReachOnlyOperatorsAndServices is issue 11 ("errors shown
// to players and partners carry infrastructure details"): a handler whose
// store fails with a driver error answers a player, a partner, an auditor
// or an anonymous caller with the code, the reason and a fixed text (plus
// the trace id), never the address or the driver's text; an operator or a
// service gets the original message; the log and the span always hold it.
func TestFaultMessagesReachOnlyOperatorsAndServices(t *testing.T) {
	dial := refusedDial(t)
	faults := map[string]error{
		"unavailable": apierr.Unavailable("STORE_UNAVAILABLE", "%v", dial),
		"internal":    apierr.New(connect.CodeInternal, "BAD_SNAPSHOT", "table t1: %v", dial),
		"deadline":    apierr.New(connect.CodeDeadlineExceeded, "TIMEOUT", "%v", dial),
		"data loss":   apierr.New(connect.CodeDataLoss, "LOG_GAP", "table t1 at 127.0.0.1: %v", dial),
		"plain error": fmt.Errorf("redis: %w", dial),
		"connect err": connect.NewError(connect.CodeUnknown, dial),
	}
	logs := &lockedBuffer{}
	log := telemetry.NewLogger(logs, -8, "test")
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	s := New(Config{Addr: "127.0.0.1:0", ShutdownTimeout: 2e9}, log)
	h := connect.NewUnaryHandler(echoProc, func(ctx context.Context, req *connect.Request[wrapperspb.StringValue]) (*connect.Response[wrapperspb.StringValue], error) {
		if req.Msg.Value == "refused" {
			return nil, apierr.Connect(apierr.Precondition("SEAT_TAKEN", "seat 3 is taken"))
		}
		return nil, apierr.Connect(faults[req.Msg.Value])
	}, HandlerOptions(log, asRole(tp))...)
	s.Register("test.v1.EchoService", "/test.v1.EchoService/", h)
	addr, cancel, done := serve(t, s)
	t.Cleanup(func() { cancel(); <-done })
	c := connect.NewClient[wrapperspb.StringValue, wrapperspb.StringValue](http.DefaultClient, "http://"+addr+echoProc)

	leaks := []string{"127.0.0.1", "dial tcp", "connection refused", "redis", "table t1"}
	roles := []struct {
		role       string
		seesDetail bool
	}{
		{"", false},
		{string(auth.RolePlayer), false},
		{string(auth.RolePartner), false},
		{"auditor", false},
		{string(auth.RoleOperator), true},
		{string(auth.RoleService), true},
	}
	for name, fault := range faults {
		wantCode := apierr.Code(apierr.Connect(fault))
		wantReason := apierr.Reason(apierr.Connect(fault))
		for _, r := range roles {
			logs.Reset()
			req := connect.NewRequest(wrapperspb.String(name))
			if r.role != "" {
				req.Header().Set("X-Test-Role", r.role)
			}
			_, err := c.CallUnary(context.Background(), req)
			var ce *connect.Error
			if !errors.As(err, &ce) {
				t.Fatalf("%s as %q: %v", name, r.role, err)
			}
			what := fmt.Sprintf("%s seen by %q", name, r.role)
			if ce.Code() != wantCode || apierr.Reason(err) != wantReason {
				t.Errorf("%s: %v %q, want %v %q", what, ce.Code(), apierr.Reason(err), wantCode, wantReason)
			}
			leaked := ""
			for _, l := range leaks {
				if strings.Contains(ce.Message(), l) {
					leaked = l
				}
			}
			switch {
			case r.seesDetail && wantReason != "INTERNAL" && !strings.Contains(ce.Message(), "connection refused"):
				t.Errorf("%s: the operator lost the detail: %q", what, ce.Message())
			case !r.seesDetail && leaked != "":
				t.Errorf("%s: the message carries %q: %q", what, leaked, ce.Message())
			case !r.seesDetail && !strings.Contains(ce.Message(), "(trace "):
				t.Errorf("%s: the message has no trace id: %q", what, ce.Message())
			}
			line := logs.String()
			if !strings.Contains(line, "connection refused") || !strings.Contains(line, `"trace_id"`) {
				t.Errorf("%s: the log does not hold the original with its trace id: %s", what, line)
			}
		}
	}
	// The span of each call recorded the original error.
	recorded := 0
	for _, sp := range rec.Ended() {
		for _, ev := range sp.Events() {
			for _, a := range ev.Attributes {
				if a.Key == "exception.message" && strings.Contains(a.Value.AsString(), "connection refused") {
					recorded++
				}
			}
		}
	}
	if want := len(faults) * len(roles); recorded < want {
		t.Errorf("%d spans recorded the original error, want %d", recorded, want)
	}

	// A refusal's message is the caller's: unchanged for a player.
	req := connect.NewRequest(wrapperspb.String("refused"))
	req.Header().Set("X-Test-Role", string(auth.RolePlayer))
	_, err := c.CallUnary(context.Background(), req)
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != connect.CodeFailedPrecondition || ce.Message() != "SEAT_TAKEN: seat 3 is taken" {
		t.Errorf("refusal seen by a player: %v", err)
	}
}
