package api

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng"
	"github.com/croupier/croupier/shared/cputime"
)

// One RPC round trip: a 52-card Shuffle over gRPC (h2c) on a real loopback
// listener, through auth, logging, telemetry and recovery interceptors.
func BenchmarkRPCShuffle52(b *testing.B) {
	e := startRPC(b, rng.Config{}, time.Hour)
	c := e.client(tableService)
	req := connect.NewRequest(&rngv1.ShuffleRequest{Decks: 1})
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := c.Shuffle(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRPCSpin(b *testing.B) {
	e := startRPC(b, rng.Config{}, time.Hour)
	c := e.client(tableService)
	req := connect.NewRequest(&rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN})
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := c.Spin(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}
