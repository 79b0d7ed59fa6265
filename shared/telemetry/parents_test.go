package telemetry

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/protobuf/types/known/emptypb"
)

type callerKey struct{}

// identify stands in for the authenticating interceptor: it records, in
// the context, whether the caller said it is a service.
type identify struct{}

func (identify) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		return next(context.WithValue(ctx, callerKey{}, req.Header().Get("X-Test-Caller") == "service"), req)
	}
}
func (identify) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}
func (identify) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return next
}

// TestTrustParents: a service caller's traceparent is the server span's
// parent; anyone else's is only a link and the server span is a new root.
func TestTrustParents(t *testing.T) {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	tel, err := Setup(context.Background(), Config{ServiceName: "test", TracerProvider: tp})
	if err != nil {
		t.Fatal(err)
	}
	otelI, err := tel.Interceptor()
	if err != nil {
		t.Fatal(err)
	}
	trusted := func(ctx context.Context) bool { v, _ := ctx.Value(callerKey{}).(bool); return v }
	mux := http.NewServeMux()
	mux.Handle("/test.v1.Svc/Do", connect.NewUnaryHandler("/test.v1.Svc/Do",
		func(context.Context, *connect.Request[emptypb.Empty]) (*connect.Response[emptypb.Empty], error) {
			return connect.NewResponse(&emptypb.Empty{}), nil
		}, connect.WithInterceptors(identify{}, tel.TrustParents(trusted), otelI)))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	for _, tc := range []struct {
		caller     string
		wantParent bool
	}{
		{"service", true},
		{"player", false},
		{"", false},
	} {
		t.Run("caller="+tc.caller, func(t *testing.T) {
			exp.Reset()
			remote, span := tp.Tracer("caller").Start(context.Background(), "remote")
			span.End()
			rsc := trace.SpanContextFromContext(remote)
			cl := connect.NewClient[emptypb.Empty, emptypb.Empty](srv.Client(), srv.URL+"/test.v1.Svc/Do")
			req := connect.NewRequest(&emptypb.Empty{})
			propagation.TraceContext{}.Inject(remote, propagation.HeaderCarrier(req.Header()))
			if tc.caller != "" {
				req.Header().Set("X-Test-Caller", tc.caller)
			}
			if _, err := cl.CallUnary(context.Background(), req); err != nil {
				t.Fatal(err)
			}
			var server tracetest.SpanStub
			for _, s := range exp.GetSpans() {
				if s.SpanKind == trace.SpanKindServer {
					server = s
				}
			}
			if server.Name == "" {
				t.Fatal("no server span")
			}
			gotParent := server.Parent.SpanID() == rsc.SpanID() && server.SpanContext.TraceID() == rsc.TraceID()
			if gotParent != tc.wantParent {
				t.Fatalf("server span parent %s in trace %s; remote %s/%s; want parent=%v",
					server.Parent.SpanID(), server.SpanContext.TraceID(), rsc.TraceID(), rsc.SpanID(), tc.wantParent)
			}
			if !tc.wantParent {
				if server.Parent.IsValid() {
					t.Fatalf("untrusted caller: server span has parent %s, want a new root", server.Parent.SpanID())
				}
				linked := false
				for _, l := range server.Links {
					linked = linked || l.SpanContext.SpanID() == rsc.SpanID()
				}
				if !linked {
					t.Fatalf("untrusted caller's traceparent is not a link of the server span (links %v)", server.Links)
				}
			}
		})
	}
}
