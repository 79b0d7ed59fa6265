package api

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/services/rng"
	"github.com/croupier/croupier/services/rng/drbg"
	"github.com/croupier/croupier/services/rng/drbg/drbgtest"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/shared/proof"
)

// rpcEnv is the RNG served the way cmd/rng serves it, on a real loopback
// listener.
type rpcEnv struct {
	svc     *rng.Service
	baseURL string
	rt      *boot.Runtime
	token   func(auth.Principal) string
}

func startRPC(t testing.TB, cfg rng.Config, interval time.Duration) *rpcEnv {
	t.Helper()
	if cfg.SelfTestShuffles == 0 {
		cfg.SelfTestShuffles = 2000
	}
	common := boot.Common{Addr: "127.0.0.1:0", LogLevel: "error", Keys: boot.DevKeys("rng-test", "table"), ShutdownTimeout: 2 * time.Second}
	rt, err := boot.Start(context.Background(), "rng-test", common, io.Discard, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	m, err := Mount(rt, Deps{Config: cfg, CheckInterval: interval})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Stop)
	svc := m.Core
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- rt.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	return &rpcEnv{svc: svc, baseURL: "http://" + ln.Addr().String(), rt: rt, token: func(p auth.Principal) string {
		tok, err := rt.Auth.Issue(p, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}}
}

// client returns an RNG client speaking gRPC over h2c, as the table service
// does, authenticated as p (no credentials for the zero Principal).
func (e *rpcEnv) client(p auth.Principal) rngv1connect.RngServiceClient {
	var tok string
	if p.Role != "" {
		tok = e.token(p)
	}
	return rngv1connect.NewRngServiceClient(client.NewHTTPClient(), e.baseURL,
		connect.WithGRPC(), connect.WithInterceptors(auth.NewTokenInterceptor(func() string { return tok })))
}

// health asks the real gRPC health endpoint, exactly as the README's curl.
func (e *rpcEnv) health(t testing.TB, service string) string {
	t.Helper()
	res, err := http.Post(e.baseURL+"/grpc.health.v1.Health/Check", "application/json", strings.NewReader(`{"service":"`+service+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct{ Status string }
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out.Status
}

var tableService = auth.Principal{Role: auth.RoleService, Subject: "table"}

func TestRPCShuffleRevealVerifies(t *testing.T) {
	e := startRPC(t, rng.Config{}, time.Hour)
	c := e.client(tableService)
	ctx := context.Background()
	res, err := c.Shuffle(ctx, connect.NewRequest(&rngv1.ShuffleRequest{Decks: 8, CutCard: &rngv1.CutCard{MinFromFront: 5, MinFromEnd: 52}, IdempotencyKey: "h1"}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Close(ctx, connect.NewRequest(&rngv1.CloseRequest{OutcomeId: res.Msg.GetOutcome().GetId()})); err != nil {
		t.Fatal(err)
	}
	rev, err := c.Reveal(ctx, connect.NewRequest(&rngv1.RevealRequest{OutcomeId: res.Msg.GetOutcome().GetId()}))
	if err != nil {
		t.Fatal(err)
	}
	if err := proof.Verify(rev.Msg); err != nil {
		t.Fatalf("reveal over RPC does not verify: %v", err)
	}
	audit, err := c.ReadAudit(ctx, connect.NewRequest(&rngv1.ReadAuditRequest{Limit: 10}))
	if err != nil {
		t.Fatal(err)
	}
	if got := audit.Msg.GetRecords()[0].GetRequestedBy(); got != "service table" {
		t.Fatalf("requested_by = %q, want the authenticated caller", got)
	}
}

func TestRPCIsInternalOnly(t *testing.T) {
	e := startRPC(t, rng.Config{}, time.Hour)
	ctx := context.Background()
	req := &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN}
	_, err := e.client(auth.Principal{}).Spin(ctx, connect.NewRequest(req))
	if apierr.Code(err) != connect.CodeUnauthenticated {
		t.Fatalf("no credentials: %v", err)
	}
	_, err = e.client(auth.Principal{Role: auth.RolePlayer, PlayerID: "p1", PartnerID: "x"}).Spin(ctx, connect.NewRequest(req))
	if apierr.Code(err) != connect.CodePermissionDenied || apierr.Reason(err) != "ROLE_NOT_ALLOWED" {
		t.Fatalf("player: %v", err)
	}
	if _, err := e.client(auth.Principal{Role: auth.RoleOperator, Subject: "ops:alice"}).VerifyAudit(ctx, connect.NewRequest(&rngv1.VerifyAuditRequest{})); err != nil {
		t.Fatalf("operator: %v", err)
	}
}

// The acceptance check: an entropy source that gets stuck while the
// service runs flips croupier.rng.v1.RngService, and so the process, to
// NOT_SERVING on the real health endpoint, and outcomes are refused with
// UNAVAILABLE and a reason.
func TestStuckSourceFlipsHealthEndpointToNotServing(t *testing.T) {
	// Good bytes until the test sticks it: with a 5 ms health period, a
	// source that ran out of good bytes by itself could be stuck before
	// the first health query on a busy machine.
	src := &drbgtest.StuckAfter{N: 1 << 30}
	e := startRPC(t, rng.Config{DRBG: drbg.Config{Entropy: src}}, 5*time.Millisecond)
	if got := e.health(t, rngv1connect.RngServiceName); got != "SERVING_STATUS_SERVING" {
		t.Fatalf("before the failure: %s", got)
	}
	src.Stick()
	deadline := time.Now().Add(10 * time.Second)
	for e.health(t, rngv1connect.RngServiceName) != "SERVING_STATUS_NOT_SERVING" {
		if time.Now().After(deadline) {
			t.Fatal("health never turned NOT_SERVING after the source got stuck")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got := e.health(t, ""); got != "SERVING_STATUS_NOT_SERVING" {
		t.Fatalf("process health: %s", got)
	}
	_, err := e.client(tableService).Shuffle(context.Background(), connect.NewRequest(&rngv1.ShuffleRequest{Decks: 1}))
	if apierr.Code(err) != connect.CodeUnavailable || apierr.Reason(err) != "RNG_UNHEALTHY" {
		t.Fatalf("shuffle after the failure: %v", err)
	}
}

func TestStuckSourceAtStartIsNotServingOnEndpoint(t *testing.T) {
	e := startRPC(t, rng.Config{DRBG: drbg.Config{Entropy: &drbgtest.StuckAfter{}}}, time.Hour)
	if got := e.health(t, rngv1connect.RngServiceName); got != "SERVING_STATUS_NOT_SERVING" {
		t.Fatalf("health with a source stuck from the start: %s", got)
	}
}

// The policy: auditors read (Reveal, Open, the audit log) and create or
// close nothing; players and partners call nothing.
func TestPolicyLetsAuditorsReadOnly(t *testing.T) {
	p := Policy()
	for proc, want := range map[string]bool{
		rngv1connect.RngServiceRevealProcedure:      true,
		rngv1connect.RngServiceOpenProcedure:        true,
		rngv1connect.RngServiceReadAuditProcedure:   true,
		rngv1connect.RngServiceVerifyAuditProcedure: true,
		rngv1connect.RngServiceShuffleProcedure:     false,
		rngv1connect.RngServiceCloseProcedure:       false,
	} {
		if got := slices.Contains(p[proc], auth.RoleAuditor); got != want {
			t.Errorf("%s allows the auditor: %v, want %v", proc, got, want)
		}
		if slices.Contains(p[proc], auth.RolePlayer) || slices.Contains(p[proc], auth.RolePartner) {
			t.Errorf("%s open to players or partners", proc)
		}
	}
}
