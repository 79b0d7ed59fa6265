package main

import (
	"context"
	"errors"

	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/emptypb"

	// The generated descriptors of every Croupier service: the matrix is
	// built from what they register, so a new RPC is in it automatically.
	_ "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	_ "github.com/croupier/croupier/gen/croupier/rng/v1"
	_ "github.com/croupier/croupier/gen/croupier/table/v1"
	_ "github.com/croupier/croupier/gen/croupier/tournament/v1"
	_ "github.com/croupier/croupier/gen/croupier/wallet/v1"

	evalapi "github.com/croupier/croupier/services/evaluator/api"
	rngapi "github.com/croupier/croupier/services/rng/api"
	tableapi "github.com/croupier/croupier/services/table/api"
	tournamentapi "github.com/croupier/croupier/services/tournament/api"
	walletapi "github.com/croupier/croupier/services/wallet/api"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/shared/client"
)

// Partner API keys of the matrix's two partners.
const (
	keyP1 = "authz-partner-p1-key-0123456789"
	keyP2 = "authz-partner-p2-key-0123456789"
)

// authzStack is the whole platform in one process (the dev stack's mounts)
// with two partners, and the runtime whose authenticator signs the tokens.
type authzStack struct {
	rt    *boot.Runtime
	base  string
	hc    *http.Client
	creds []credential // issued once, by credentials
}

func startAuthzStack(t *testing.T) *authzStack {
	t.Helper()
	return startAuthzStackEnv(t, func(string) string { return "" })
}

// startAuthzStackEnv is startAuthzStack with the process environment the
// runtime reads (OTEL_* and the like) given by getenv.
func startAuthzStackEnv(t *testing.T, getenv func(string) string) *authzStack {
	t.Helper()
	t.Setenv("CROUPIER_DEMO_TABLES", "0")
	t.Setenv("CROUPIER_WEB_TABLES", "0") // the web lobby's tables are the browser tests' (web/e2e)
	ctx, cancel := context.WithCancel(context.Background())
	set := settings{dataDir: t.TempDir()}
	set.common = boot.Common{Addr: "127.0.0.1:0", LogLevel: "error", Keys: boot.DevKeys("croupier-devstack", "authz"),
		APIKeys: "p1:" + keyP1 + ",p2:" + keyP2, ShutdownTimeout: 5 * time.Second}
	rt, err := boot.Start(ctx, "croupier-devstack", set.common, io.Discard, getenv)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	ln, err := rt.Server.Listen()
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	stopServices, _, err := mountAll(ctx, rt, base, set)
	if err != nil {
		cancel()
		ln.Close()
		t.Fatalf("mount: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- rt.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		<-done
		stopServices()
	})
	return &authzStack{rt: rt, base: base, hc: client.NewHTTPClient()}
}

// token is the one place the test gets a signed token: when the signing
// scheme changes, only this function changes.
func (s *authzStack) token(p auth.Principal, ttl time.Duration) (string, error) {
	return s.rt.Auth.Issue(p, ttl)
}

// credential is one kind of caller: the header it sends and the role the
// platform must see (empty: it must not authenticate at all).
type credential struct {
	name   string
	header string
	value  string
	role   auth.Role
}

func (c credential) option() connect.ClientOption {
	return connect.WithInterceptors(connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if c.header != "" {
				req.Header().Set(c.header, c.value)
			}
			return next(ctx, req)
		}
	}), streamHeader{c})
}

// streamHeader sets the credential on streams too.
type streamHeader struct{ c credential }

func (h streamHeader) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc { return next }
func (h streamHeader) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return func(ctx context.Context, spec connect.Spec) connect.StreamingClientConn {
		conn := next(ctx, spec)
		if h.c.header != "" {
			conn.RequestHeader().Set(h.c.header, h.c.value)
		}
		return conn
	}
}
func (h streamHeader) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return next
}

// credentials are the matrix's columns (issue 11: every credential kind).
func (s *authzStack) credentials(t *testing.T) []credential {
	t.Helper()
	if s.creds != nil {
		return s.creds
	}
	bearer := func(p auth.Principal, ttl time.Duration) string {
		tok, err := s.token(p, ttl)
		if err != nil {
			t.Fatalf("issue a token for %v: %v", p, err)
		}
		return "Bearer " + tok
	}
	creds := []credential{
		{name: "none"},
		{name: "malformed bearer", header: auth.HeaderAuthorization, value: "Bearer not.a.token"},
		{name: "unknown API key", header: auth.HeaderAPIKey, value: "authz-unknown-key-0123456789"},
		{name: "expired token", header: auth.HeaderAuthorization, value: bearer(auth.Principal{Role: auth.RoleOperator, Subject: "ops"}, -time.Minute)},
		{name: "player alice@p1", header: auth.HeaderAuthorization, value: bearer(auth.Principal{Role: auth.RolePlayer, PartnerID: "p1", PlayerID: "alice"}, time.Hour), role: auth.RolePlayer},
		{name: "player bob@p1", header: auth.HeaderAuthorization, value: bearer(auth.Principal{Role: auth.RolePlayer, PartnerID: "p1", PlayerID: "bob"}, time.Hour), role: auth.RolePlayer},
		{name: "player carol@p2", header: auth.HeaderAuthorization, value: bearer(auth.Principal{Role: auth.RolePlayer, PartnerID: "p2", PlayerID: "carol"}, time.Hour), role: auth.RolePlayer},
		{name: "partner p1", header: auth.HeaderAPIKey, value: keyP1, role: auth.RolePartner},
		{name: "partner p2", header: auth.HeaderAPIKey, value: keyP2, role: auth.RolePartner},
		{name: "operator", header: auth.HeaderAuthorization, value: bearer(auth.Principal{Role: auth.RoleOperator, Subject: "ops:authz"}, time.Hour), role: auth.RoleOperator},
		{name: "service", header: auth.HeaderAuthorization, value: bearer(auth.Principal{Role: auth.RoleService, Subject: "authz"}, time.Hour), role: auth.RoleService},
		{name: "auditor", header: auth.HeaderAuthorization, value: bearer(auth.Principal{Role: auth.RoleAuditor, Subject: "regulator"}, time.Hour), role: auth.RoleAuditor},
	}
	s.creds = creds
	return creds
}

// procedure is one RPC found in the generated descriptors.
type procedure struct {
	name                    string // "/croupier.wallet.v1.WalletService/Transfer"
	service                 string
	clientStream, srvStream bool
}

// procedures enumerates every method of every croupier.* service that the
// generated code registered.
func procedures() []procedure {
	var out []procedure
	protoregistry.GlobalFiles.RangeFiles(func(fd protoreflect.FileDescriptor) bool {
		if !strings.HasPrefix(string(fd.Package()), "croupier.") {
			return true
		}
		for i := 0; i < fd.Services().Len(); i++ {
			sd := fd.Services().Get(i)
			for j := 0; j < sd.Methods().Len(); j++ {
				md := sd.Methods().Get(j)
				out = append(out, procedure{
					name:    "/" + string(sd.FullName()) + "/" + string(md.Name()),
					service: string(sd.FullName()), clientStream: md.IsStreamingClient(), srvStream: md.IsStreamingServer(),
				})
			}
		}
		return true
	})
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// policies is every service's Policy, merged.
func policies(t *testing.T) auth.Policy {
	all := auth.Policy{}
	for _, p := range []auth.Policy{rngapi.Policy(), evalapi.Policy(), walletapi.Policy(), tableapi.Policy(), tournamentapi.Policy()} {
		for proc, roles := range p {
			if _, dup := all[proc]; dup {
				t.Errorf("%s is in two policies", proc)
			}
			all[proc] = roles
		}
	}
	return all
}

// call invokes proc with an empty request (every field unset) as the
// credential's caller and returns the call's error: unary, server stream
// or bidirectional stream, as the descriptor says.
func (s *authzStack) call(ctx context.Context, p procedure, c credential) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	url := s.base + p.name
	opts := []connect.ClientOption{connect.WithGRPC(), c.option()}
	cl := connect.NewClient[emptypb.Empty, emptypb.Empty](s.hc, url, opts...)
	switch {
	case p.clientStream && p.srvStream:
		st := cl.CallBidiStream(ctx)
		if err := st.Send(&emptypb.Empty{}); err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		_ = st.CloseRequest()
		for {
			if _, err := st.Receive(); err != nil {
				_ = st.CloseResponse()
				if errors.Is(err, io.EOF) {
					return nil
				}
				return err
			}
		}
	case p.srvStream:
		st, err := cl.CallServerStream(ctx, connect.NewRequest(&emptypb.Empty{}))
		if err != nil {
			return err
		}
		defer st.Close()
		for st.Receive() {
			// A stream the caller may open may stay open: reaching it is
			// what the matrix checks; stop at the first message.
			return nil
		}
		return st.Err()
	case p.clientStream:
		st := cl.CallClientStream(ctx)
		_ = st.Send(&emptypb.Empty{})
		_, err := st.CloseAndReceive()
		return err
	}
	_, err := cl.CallUnary(ctx, connect.NewRequest(&emptypb.Empty{}))
	return err
}

// roleRefusal reports whether err is the auth interceptor's refusal: no or
// bad credentials, a role the policy does not name, or a closed procedure.
func roleRefusal(err error) (unauthenticated, denied bool) {
	switch apierr.Reason(err) {
	case "ROLE_NOT_ALLOWED", "PROCEDURE_CLOSED":
		return false, connect.CodeOf(err) == connect.CodePermissionDenied
	}
	return connect.CodeOf(err) == connect.CodeUnauthenticated, false
}

// TestAuthorizationMatrix is issue 11's matrix: every procedure of every
// service (from the generated descriptors) × every kind of credential,
// asserted against the services' Policy() on the whole stack in one
// process, and every procedure in some policy.
func TestAuthorizationMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("starts every service and a Temporal server")
	}
	s := startAuthzStack(t)
	ctx := context.Background()
	procs := procedures()
	policy := policies(t)
	if len(procs) < 50 {
		t.Fatalf("found only %d procedures in the descriptors", len(procs))
	}
	served := s.rt.Server.Services()
	for _, p := range procs {
		if _, ok := policy[p.name]; !ok {
			t.Errorf("%s is in no Policy(): closed to every caller, or a policy forgot it", p.name)
		}
		if !slices.Contains(served, p.service) {
			t.Errorf("%s: the stack does not serve %s", p.name, p.service)
		}
	}
	for proc := range policy {
		if !slices.ContainsFunc(procs, func(p procedure) bool { return p.name == proc }) {
			t.Errorf("policy names %s, which no descriptor has", proc)
		}
	}
	creds := s.credentials(t)
	cells := 0
	for _, p := range procs {
		roles := policy[p.name]
		for _, c := range creds {
			err := s.call(ctx, p, c)
			cells++
			unauth, denied := roleRefusal(err)
			switch {
			case c.role == "":
				if !unauth {
					t.Errorf("%s as %s: got %v (reason %q), want UNAUTHENTICATED", p.name, c.name, err, apierr.Reason(err))
				}
			case slices.Contains(roles, c.role):
				if unauth || denied {
					t.Errorf("%s as %s: the policy allows %s but the call was refused: %v (reason %q)", p.name, c.name, c.role, err, apierr.Reason(err))
				}
			default:
				if !denied {
					t.Errorf("%s as %s: the policy does not allow %s, got %v (reason %q), want PERMISSION_DENIED ROLE_NOT_ALLOWED", p.name, c.name, c.role, err, apierr.Reason(err))
				}
			}
		}
	}
	t.Logf("%d procedures × %d credentials = %d calls", len(procs), len(creds), cells)
}

// objectRule is one object-level rule: beyond the role, whose object a
// caller may touch. where cites the code that enforces it.
type objectRule struct {
	rule  string
	where string
	as    string // credential name
	call  func(ctx context.Context, w *authzWorld, c connect.ClientOption) error
	code  connect.Code // connect.Code(0): allowed
	// reason is the refusal's reason ("" for an allowed call).
	reason string
}

// names a credential by its name.
func (s *authzStack) credential(t *testing.T, name string) credential {
	for _, c := range s.credentials(t) {
		if c.name == name {
			return c
		}
	}
	t.Fatalf("no credential %q", name)
	return credential{}
}

func fmtCode(c connect.Code) string {
	if c == 0 {
		return "allowed"
	}
	return c.String()
}
