package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	reflectpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
)

const echoProc = "/test.v1.EchoService/Echo"

func startServer(t *testing.T, opts ...connect.HandlerOption) (string, *Server, context.CancelFunc, chan error) {
	t.Helper()
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	s := New(Config{Addr: "127.0.0.1:0", ShutdownTimeout: 2 * time.Second}, log)
	h := connect.NewUnaryHandler(echoProc, func(ctx context.Context, req *connect.Request[wrapperspb.StringValue]) (*connect.Response[wrapperspb.StringValue], error) {
		if req.Msg.Value == "bad" {
			return nil, apierr.Connect(apierr.Invalid("BAD_VALUE", "value is bad"))
		}
		who := "anonymous"
		if p, ok := auth.FromContext(ctx); ok {
			who = p.String()
		}
		return connect.NewResponse(wrapperspb.String(req.Msg.Value + " from " + who)), nil
	}, append(HandlerOptions(log), opts...)...)
	s.Register("test.v1.EchoService", "/test.v1.EchoService/", h)
	addr, cancel, done := serve(t, s)
	t.Cleanup(func() { cancel(); <-done })
	return addr, s, cancel, done
}

// serve serves s on a free port until cancel; done reports Serve's result.
func serve(t testing.TB, s *Server) (addr string, cancel context.CancelFunc, done chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done = make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	return ln.Addr().String(), cancel, done
}

func TestHealthOverHTTP1JSON(t *testing.T) {
	addr, _, _, _ := startServer(t)
	// The exact call the README gives: Connect protocol, JSON, HTTP/1.1.
	res, err := http.Post("http://"+addr+"/grpc.health.v1.Health/Check", "application/json", strings.NewReader(`{"service":""}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !bytes.Contains(body, []byte("SERVING")) {
		t.Fatalf("status %d body %s", res.StatusCode, body)
	}
}

func TestGRPCClientOverH2C(t *testing.T) {
	addr, s, _, _ := startServer(t)
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx := context.Background()
	hc := healthpb.NewHealthClient(conn)
	r, err := hc.Check(ctx, &healthpb.HealthCheckRequest{Service: "test.v1.EchoService"})
	if err != nil || r.Status != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("r=%v err=%v", r, err)
	}
	s.Health().Set("test.v1.EchoService", grpchealth.StatusNotServing)
	r, err = hc.Check(ctx, &healthpb.HealthCheckRequest{})
	if err != nil || r.Status != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Fatalf("process status after a service failed: r=%v err=%v", r, err)
	}

	// A liveness probe still passes: the process answers.
	r, err = hc.Check(ctx, &healthpb.HealthCheckRequest{Service: LivenessService})
	if err != nil || r.Status != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("liveness after a service failed: r=%v err=%v", r, err)
	}

	// Reflection lists the registered service, health and reflection.
	rc, err := reflectpb.NewServerReflectionClient(conn).ServerReflectionInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := rc.Send(&reflectpb.ServerReflectionRequest{MessageRequest: &reflectpb.ServerReflectionRequest_ListServices{}}); err != nil {
		t.Fatal(err)
	}
	resp, err := rc.Recv()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, svc := range resp.GetListServicesResponse().GetService() {
		names = append(names, svc.Name)
	}
	got := strings.Join(names, ",")
	for _, want := range []string{"test.v1.EchoService", "grpc.health.v1.Health", "grpc.reflection.v1.ServerReflection"} {
		if !strings.Contains(got, want) {
			t.Fatalf("reflection lists %q, missing %q", got, want)
		}
	}
}

func TestGracefulShutdownDrainsHealth(t *testing.T) {
	_, s, cancel, done := startServer(t)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	done <- nil // let the cleanup's receive return
	if st, _ := s.Health().Status(""); st != grpchealth.StatusNotServing {
		t.Fatalf("status after shutdown = %v", st)
	}
}

func TestAuthInterceptorAndErrorReason(t *testing.T) {
	a, err := auth.NewAuthenticator(auth.Config{Keys: auth.DevKeyring(), APIKeys: map[string]string{"partner-a-key-0123456789": "pa"}})
	if err != nil {
		t.Fatal(err)
	}
	policy := auth.Policy{}.Allow([]auth.Role{auth.RolePartner, auth.RolePlayer}, echoProc)
	addr, _, _, _ := startServer(t, connect.WithInterceptors(auth.NewInterceptor(a, policy)))
	c := connect.NewClient[wrapperspb.StringValue, wrapperspb.StringValue](http.DefaultClient, "http://"+addr+echoProc)
	ctx := context.Background()

	_, err = c.CallUnary(ctx, connect.NewRequest(wrapperspb.String("hi")))
	if connect.CodeOf(err) != connect.CodeUnauthenticated || apierr.Reason(err) != "NO_CREDENTIALS" {
		t.Fatalf("no credentials: %v (%s)", err, apierr.Reason(err))
	}

	req := connect.NewRequest(wrapperspb.String("hi"))
	req.Header().Set(auth.HeaderAPIKey, "partner-a-key-0123456789")
	res, err := c.CallUnary(ctx, req)
	if err != nil || res.Msg.Value != "hi from partner pa" {
		t.Fatalf("res=%v err=%v", res, err)
	}

	op, _ := a.Issue(auth.Principal{Role: auth.RoleOperator, Subject: "ops"}, time.Minute)
	req = connect.NewRequest(wrapperspb.String("hi"))
	req.Header().Set(auth.HeaderAuthorization, "Bearer "+op)
	_, err = c.CallUnary(ctx, req)
	if connect.CodeOf(err) != connect.CodePermissionDenied || apierr.Reason(err) != "ROLE_NOT_ALLOWED" {
		t.Fatalf("operator on partner RPC: %v", err)
	}

	req = connect.NewRequest(wrapperspb.String("bad"))
	req.Header().Set(auth.HeaderAPIKey, "partner-a-key-0123456789")
	_, err = c.CallUnary(ctx, req)
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != connect.CodeInvalidArgument || apierr.Reason(err) != "BAD_VALUE" {
		t.Fatalf("bad value: %v", err)
	}
}

func TestClosedByDefault(t *testing.T) {
	a, _ := auth.NewAuthenticator(auth.Config{Keys: auth.DevKeyring()})
	addr, _, _, _ := startServer(t, connect.WithInterceptors(auth.NewInterceptor(a, auth.Policy{})))
	c := connect.NewClient[wrapperspb.StringValue, wrapperspb.StringValue](http.DefaultClient, "http://"+addr+echoProc)
	_, err := c.CallUnary(context.Background(), connect.NewRequest(wrapperspb.String("hi")))
	if apierr.Reason(err) != "PROCEDURE_CLOSED" {
		t.Fatalf("err = %v", err)
	}
}

func TestConfigValidate(t *testing.T) {
	if err := (Config{Addr: "nope", ShutdownTimeout: time.Second}).Validate(); err == nil {
		t.Fatal("bad address accepted")
	}
	if err := (Config{Addr: ":8080"}).Validate(); err == nil {
		t.Fatal("zero shutdown timeout accepted")
	}
	if err := (Config{Addr: "127.0.0.1:8080", ShutdownTimeout: time.Second}).Validate(); err != nil {
		t.Fatal(err)
	}
}

// A long-lived stream ends when a graceful shutdown starts, so the
// shutdown does not wait for its timeout (the table service's event
// streams end with UNAVAILABLE and their clients resume elsewhere).
func TestShutdownEndsStreamsThatWatchDraining(t *testing.T) {
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	s := New(Config{Addr: "127.0.0.1:0", ShutdownTimeout: 30 * time.Second}, log)
	opened := make(chan struct{})
	s.Handle("/stream", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		close(opened)
		select {
		case <-s.Draining():
		case <-r.Context().Done():
		}
	}))
	addr, cancel, done := serve(t, s)
	res, err := http.Get("http://" + addr + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	<-opened
	select {
	case <-s.Draining():
		t.Fatal("draining before the shutdown")
	default:
	}
	start := time.Now()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("shutdown took %s: the stream held it", d)
	}
}
