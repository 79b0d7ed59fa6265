package main

import (
	"context"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/services/evaluator/api"
)

// mountEvaluator serves the hand evaluator. It holds no state and calls no
// other service; its lookup tables were built when the package loaded.
func mountEvaluator(_ context.Context, st *stack) (func(), error) {
	path, h := evaluatorv1connect.NewEvaluatorServiceHandler(api.New(api.DefaultLimits), st.rt.HandlerOptions(api.Policy())...)
	st.rt.Server.Register(evaluatorv1connect.EvaluatorServiceName, path, h)
	return nil, nil
}
