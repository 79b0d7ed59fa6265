package main

import (
	"context"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/services/evaluator/api"
)

// mountEvaluator serves the hand evaluator. It holds no state and calls no
// other service; its lookup tables were built when the package loaded.
func mountEvaluator(_ context.Context, st *stack) (func(), error) {
	measure, err := api.Metrics(st.rt.Telemetry.Meter("croupier/evaluator"))
	if err != nil {
		return nil, err
	}
	opts := append(st.rt.HandlerOptions(api.Policy()), connect.WithInterceptors(measure))
	path, h := evaluatorv1connect.NewEvaluatorServiceHandler(api.New(api.DefaultLimits), opts...)
	st.rt.Server.Register(evaluatorv1connect.EvaluatorServiceName, path, h)
	return nil, nil
}
