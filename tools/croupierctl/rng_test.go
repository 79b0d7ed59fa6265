package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/rng"
	rngapi "github.com/croupier/croupier/services/rng/api"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
)

type served struct {
	svc   *rng.Service
	addr  string
	token string
}

// serve starts the RNG as the dev stack does, on a loopback listener.
func serve(t *testing.T) served {
	t.Helper()
	rt, err := boot.Start(context.Background(), "ctl-test", boot.Common{Addr: "127.0.0.1:0", LogLevel: "error", Keys: boot.DevKeys("ctl-test"), ShutdownTimeout: time.Second}, io.Discard, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	m, err := rngapi.Mount(rt, rngapi.Deps{Config: rng.Config{SelfTestShuffles: 2000}})
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
	tok, err := rt.Auth.Issue(auth.Principal{Role: auth.RoleOperator, Subject: "ops:test"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return served{svc: svc, addr: "http://" + ln.Addr().String(), token: tok}
}

func ctl(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
	return out.String() + errb.String(), err
}

func revealJSON(t *testing.T, s served, o *rngv1.Outcome) string {
	t.Helper()
	closeOutcome(t, s, o)
	r, err := s.svc.Reveal(context.Background(), &rngv1.RevealRequest{OutcomeId: o.GetId()})
	if err != nil {
		t.Fatal(err)
	}
	b, err := protojson.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// closeOutcome closes o as its owner (the in-process caller that made it).
func closeOutcome(t *testing.T, s served, o *rngv1.Outcome) {
	t.Helper()
	if _, err := s.svc.Close(context.Background(), &rngv1.CloseRequest{OutcomeId: o.GetId()}); err != nil {
		t.Fatal(err)
	}
}

func TestRngVerifyFromFileAndStdin(t *testing.T) {
	s := serve(t)
	o, err := s.svc.Shuffle(context.Background(), &rngv1.ShuffleRequest{Decks: 6, CutCard: &rngv1.CutCard{MinFromFront: 1, MinFromEnd: 52}})
	if err != nil {
		t.Fatal(err)
	}
	js := revealJSON(t, s, o)
	out, err := ctl(t, js, "rng", "verify")
	if err != nil || !strings.HasPrefix(out, "OK outcome "+o.GetId()) {
		t.Fatalf("stdin: %v\n%s", err, out)
	}
	path := filepath.Join(t.TempDir(), "reveal.json")
	if err := os.WriteFile(path, []byte(js), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := ctl(t, "", "rng", "verify", "--file", path); err != nil {
		t.Fatalf("file: %v\n%s", err, out)
	}
	if out, err := ctl(t, "", "rng", "verify", path); err != nil {
		t.Fatalf("file as argument: %v\n%s", err, out)
	}
	// Tampered: the first two cards of the shoe swapped.
	var r rngv1.RevealResponse
	if err := protojson.Unmarshal([]byte(js), &r); err != nil {
		t.Fatal(err)
	}
	c := r.Outcome.Cards
	c[0], c[1] = c[1], c[0]
	if c[0] == c[1] {
		c[1], c[2] = c[2], c[1] // 6 decks: the top two may be the same card
	}
	tampered, _ := protojson.Marshal(&r)
	bad := string(tampered)
	out, err = ctl(t, bad, "rng", "verify")
	if !errors.Is(err, errFailed) || !strings.HasPrefix(out, "FAILED") {
		t.Fatalf("tampered reveal: %v\n%s", err, out)
	}
	if _, err := ctl(t, "{not json", "rng", "verify"); err == nil || errors.Is(err, errFailed) {
		t.Fatalf("bad JSON: %v", err)
	}
}

func TestRngVerifyAgainstRunningService(t *testing.T) {
	s := serve(t)
	o, err := s.svc.Spin(context.Background(), &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN})
	if err != nil {
		t.Fatal(err)
	}
	// A live outcome is not revealed, not even to an operator.
	if out, err := ctl(t, "", "rng", "verify", "--addr", s.addr, "--id", o.GetId(), "--token", s.token); err == nil || !strings.Contains(err.Error(), "OUTCOME_OPEN") {
		t.Fatalf("live outcome revealed: %v\n%s", err, out)
	}
	closeOutcome(t, s, o)
	out, err := ctl(t, "", "rng", "verify", "--addr", s.addr, "--id", o.GetId(), "--token", s.token)
	if err != nil || !strings.Contains(out, "spin of european wheel") {
		t.Fatalf("verify --addr: %v\n%s", err, out)
	}
	if out, err := ctl(t, "", "rng", "verify", "--addr", s.addr, "--id", o.GetId()); err == nil {
		t.Fatalf("no token accepted: %s", out)
	}
	out, err = ctl(t, "", "rng", "verify-audit", "--addr", s.addr, "--token", s.token)
	if err != nil || !strings.HasPrefix(out, "OK 1 records") {
		t.Fatalf("verify-audit: %v\n%s", err, out)
	}
}

func TestUsage(t *testing.T) {
	if _, err := ctl(t, ""); !errors.Is(err, errUsage) {
		t.Fatalf("no args: %v", err)
	}
	if _, err := ctl(t, "", "nope"); !errors.Is(err, errUsage) {
		t.Fatalf("unknown command: %v", err)
	}
	if _, err := ctl(t, "", "rng", "verify", "--addr", "x"); !errors.Is(err, errUsage) {
		t.Fatalf("--addr without --id: %v", err)
	}
}

// Issue 11: croupierctl checks a viewer's fairness proof offline, and a
// proof with any card, salt, hash or position changed fails with exit
// status 1 and a clear message.
func TestRngVerifyProof(t *testing.T) {
	s := serve(t)
	ctx := context.Background()
	o, err := s.svc.Shuffle(ctx, &rngv1.ShuffleRequest{Decks: 1})
	if err != nil {
		t.Fatal(err)
	}
	closeOutcome(t, s, o)
	res, err := s.svc.Open(ctx, &rngv1.OpenRequest{OutcomeId: o.GetId(), Positions: []int32{0, 2, 9, 10, 11, 13, 15}})
	if err != nil {
		t.Fatal(err)
	}
	resp := &tablev1.GetFairnessProofResponse{HandId: "t-1", Commitment: o.GetCommitment(), RngOutcomeId: o.GetId(), Revealed: true, Proof: res.GetProof()}
	good, _ := protojson.Marshal(resp)
	out, err := ctl(t, string(good), "rng", "verify-proof")
	if err != nil || !strings.HasPrefix(out, "OK hand t-1: 7 of 52") || !strings.Contains(out, "0:"+o.GetCards()[0]) {
		t.Fatalf("good proof: %v\n%s", err, out)
	}
	if out, err := ctl(t, string(good), "rng", "verify-proof", "--commitment", hex.EncodeToString(o.GetCommitment())); err != nil {
		t.Fatalf("good proof with the published commitment: %v\n%s", err, out)
	}
	other := bytes.Repeat([]byte{7}, 32)
	if out, err := ctl(t, string(good), "rng", "verify-proof", "--commitment", hex.EncodeToString(other)); !errors.Is(err, errFailed) || !strings.HasPrefix(out, "FAILED") {
		t.Fatalf("another commitment accepted: %v\n%s", err, out)
	}
	tamper := []struct {
		name string
		f    func(p *rngv1.ShoeProof)
	}{
		{"card", func(p *rngv1.ShoeProof) { p.Openings[1].Card = o.GetCards()[1] }},
		{"salt", func(p *rngv1.ShoeProof) { p.Openings[2].Salt[0] ^= 1 }},
		{"hash", func(p *rngv1.ShoeProof) { p.Hashes[0][31] ^= 1 }},
		{"position", func(p *rngv1.ShoeProof) { p.Openings[6].Position = 16 }},
	}
	for _, tc := range tamper {
		r := proto.Clone(resp).(*tablev1.GetFairnessProofResponse)
		tc.f(r.Proof)
		b, _ := protojson.Marshal(r)
		out, err := ctl(t, string(b), "rng", "verify-proof")
		if !errors.Is(err, errFailed) || !strings.HasPrefix(out, "FAILED hand t-1") {
			t.Fatalf("tampered %s: %v\n%s", tc.name, err, out)
		}
	}
	if out, err := ctl(t, "{", "rng", "verify-proof"); !errors.Is(err, errFailed) {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
}
