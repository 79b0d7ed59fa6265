package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"connectrpc.com/grpchealth"
)

// server is a gRPC health server over h2c, as the services run it
// (connectrpc.com/grpchealth behind an unencrypted HTTP/2 listener).
func server(t *testing.T, checker grpchealth.Checker) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle(grpchealth.NewHandler(checker))
	srv := httptest.NewUnstartedServer(mux)
	srv.Config.Protocols = new(http.Protocols)
	srv.Config.Protocols.SetHTTP1(true)
	srv.Config.Protocols.SetUnencryptedHTTP2(true)
	srv.Start()
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://")
}

func TestProbe(t *testing.T) {
	checker := grpchealth.NewStaticChecker("croupier.rng.v1.RngService")
	addr := server(t, checker)
	tests := []struct {
		name    string
		service string
		set     grpchealth.Status
		wantErr string
	}{
		{name: "process serving", service: ""},
		{name: "service serving", service: "croupier.rng.v1.RngService"},
		{name: "service not serving", service: "croupier.rng.v1.RngService", set: grpchealth.StatusNotServing, wantErr: "NOT_SERVING"},
		{name: "unknown service", service: "croupier.nope.v1.Nope", wantErr: "grpc-status 5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.set != 0 {
				checker.SetStatus(tt.service, tt.set)
				t.Cleanup(func() { checker.SetStatus(tt.service, grpchealth.StatusServing) })
			}
			err := run(context.Background(), []string{"-addr", addr, "-service", tt.service}, io.Discard)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("run: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("run = %v, want an error with %q", err, tt.wantErr)
			}
		})
	}
}

func TestProbeNoServer(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	addr := strings.TrimPrefix(srv.URL, "http://")
	srv.Close()
	if err := run(context.Background(), []string{"-addr", addr}, io.Discard); err == nil {
		t.Fatal("run against a closed port succeeded")
	}
}

func TestParseStatus(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want uint64
		bad  bool
	}{
		{name: "empty is UNKNOWN", in: nil, want: statusUnknown},
		{name: "serving", in: []byte{0x08, 0x01}, want: statusServing},
		{name: "unknown field skipped", in: []byte{0x12, 0x02, 'h', 'i', 0x08, 0x02}, want: statusNotServing},
		{name: "truncated varint", in: []byte{0x08}, bad: true},
		{name: "truncated bytes", in: []byte{0x12, 0x05, 'h'}, bad: true},
		{name: "fixed64 refused", in: []byte{0x09, 1, 2, 3, 4, 5, 6, 7, 8}, bad: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseStatus(tt.in)
			if tt.bad {
				if err == nil {
					t.Fatalf("parseStatus(%x) = %d, want an error", tt.in, got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("parseStatus(%x) = %d, %v; want %d", tt.in, got, err, tt.want)
			}
		})
	}
}
