// Command evaluator serves the hand evaluator (croupier.evaluator.v1.
// EvaluatorService) alone: gRPC, gRPC-Web and Connect on one port. It holds
// no state: its lookup tables are built at start-up (a few milliseconds)
// and it scales out by adding replicas. With -dev it runs alone on a laptop:
// throwaway token keys, the credentials to call it printed at start.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/services/evaluator/api"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/shared/config"
	"github.com/croupier/croupier/shared/rank"
)

// settings is the evaluator binary's configuration.
type settings struct {
	common        boot.Common
	maxHands      int
	maxBoxes      int
	maxPots       int
	publicSamples int
}

func main() {
	if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "evaluator:", err)
		os.Exit(1)
	}
}

func load(args []string, getenv func(string) string, stderr io.Writer) (settings, error) {
	var s settings
	l := config.New("evaluator", getenv)
	s.common.Bind(l, ":8080")
	s.common.BindDev(l)
	l.Int(&s.maxHands, "max-hands", "CROUPIER_EVALUATOR_MAX_HANDS", api.DefaultLimits.MaxHands, "most hands one Evaluate or RankUpCards call may carry")
	l.Int(&s.maxBoxes, "max-boxes", "CROUPIER_EVALUATOR_MAX_BOXES", api.DefaultLimits.MaxBoxes, "most boxes one EvaluateBanked call may carry")
	l.Int(&s.maxPots, "max-pots", "CROUPIER_EVALUATOR_MAX_POTS", api.DefaultLimits.MaxPots, "most pots one Showdown call may carry")
	l.Int(&s.publicSamples, "max-public-samples", "CROUPIER_EVALUATOR_MAX_PUBLIC_SAMPLES", int(api.DefaultLimits.MaxPublicSamples), "most Monte Carlo samples a player or partner may ask Equity for")
	if err := l.Parse(args); err != nil {
		l.Usage(stderr)
		return s, err
	}
	if err := s.common.ApplyDev(); err != nil {
		return s, err
	}
	return s, s.validate()
}

func (s settings) validate() error {
	var c config.Check
	c.That(s.maxHands >= 1 && s.maxHands <= 1_000_000, "max hands %d: want 1 to 1000000", s.maxHands)
	c.That(s.maxBoxes >= 1 && s.maxBoxes <= 1024, "max boxes %d: want 1 to 1024", s.maxBoxes)
	c.That(s.maxPots >= 1 && s.maxPots <= 1024, "max pots %d: want 1 to 1024", s.maxPots)
	c.That(s.publicSamples >= 1000 && s.publicSamples <= 10_000_000, "max public samples %d: want 1000 to 10000000", s.publicSamples)
	return c.Err()
}

func (s settings) limits() api.Limits {
	return api.Limits{MaxHands: s.maxHands, MaxBoxes: s.maxBoxes, MaxPots: s.maxPots, MaxPublicSamples: uint64(s.publicSamples)}
}

func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	set, err := load(args, getenv, stderr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	rt, err := boot.Start(ctx, "croupier-evaluator", set.common, stderr, getenv)
	if err != nil {
		return err
	}
	measure, err := api.Metrics(rt.Telemetry.Meter("croupier/evaluator"))
	if err != nil {
		return err
	}
	opts := append(rt.HandlerOptions(api.Policy()), connect.WithInterceptors(measure))
	path, h := evaluatorv1connect.NewEvaluatorServiceHandler(api.New(set.limits()), opts...)
	rt.Server.Register(evaluatorv1connect.EvaluatorServiceName, path, h)
	rt.Log.Info("evaluator ready", "table_bytes", rank.TableBytes)
	if err := boot.PrintDev(stderr, set.common, rt); err != nil {
		return err
	}
	if err := rt.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}
