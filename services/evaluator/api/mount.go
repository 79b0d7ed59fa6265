package api

import (
	"connectrpc.com/connect"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/shared/boot"
)

// Deps is what the evaluator is built from. It holds no state and calls no
// other service: its lookup tables were built when shared/rank loaded.
type Deps struct {
	// Limits bound each request (DefaultLimits for zero fields).
	Limits Limits
}

// Mounted is a mounted evaluator.
type Mounted struct{}

// Stop does nothing: the evaluator starts no background work. It is there
// so that every service's Mount is stopped the same way.
func (*Mounted) Stop() {}

// Mount registers the evaluator on rt's server behind Policy, with its
// request metrics.
func Mount(rt *boot.Runtime, d Deps) (*Mounted, error) {
	measure, err := Metrics(rt.Telemetry.Meter("croupier/evaluator"))
	if err != nil {
		return nil, err
	}
	opts := append(rt.HandlerOptions(Policy()), connect.WithInterceptors(measure))
	path, h := evaluatorv1connect.NewEvaluatorServiceHandler(New(d.Limits), opts...)
	rt.Server.Register(evaluatorv1connect.EvaluatorServiceName, path, h)
	return &Mounted{}, nil
}
