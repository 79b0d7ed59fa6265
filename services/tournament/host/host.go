// Package host runs the tournament worker: the Temporal worker that
// executes the tournament workflows and their activities, with Temporal's
// OpenTelemetry interceptor so workflow and activity spans join the traces
// of the calls that started them.
package host

import (
	"fmt"

	"go.opentelemetry.io/otel/trace"
	"go.temporal.io/sdk/client"
	otelinterceptor "go.temporal.io/sdk/contrib/opentelemetry"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/interceptor"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament"
)

// Tracing returns Temporal's OpenTelemetry interceptor on tp, for clients
// and workers.
func Tracing(tp trace.TracerProvider) (interceptor.Interceptor, error) {
	opts := otelinterceptor.TracerOptions{}
	if tp != nil {
		opts.Tracer = tp.Tracer("croupier/tournament/temporal")
	}
	return otelinterceptor.NewTracingInterceptor(opts)
}

// Options configures a worker.
type Options struct {
	TaskQueue string
	// Activities are the activities with their backends.
	Activities *tournament.Activities
	// MaxConcurrentActivities bounds the activities run at once (0: SDK
	// default).
	MaxConcurrentActivities int
}

// Worker is a started tournament worker.
type Worker struct {
	w worker.Worker
}

// Start registers the workflow and activities and starts polling.
func Start(c client.Client, o Options) (*Worker, error) {
	if o.TaskQueue == "" || o.Activities == nil {
		return nil, fmt.Errorf("host: a task queue and activities are required")
	}
	w := worker.New(c, o.TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: o.MaxConcurrentActivities,
		// A workflow that panics or replays differently is failed, not
		// left retrying its task forever.
		WorkflowPanicPolicy: worker.BlockWorkflow,
	})
	w.RegisterWorkflowWithOptions(tournament.Workflow, workflow.RegisterOptions{Name: tournament.WorkflowName})
	w.RegisterActivity(o.Activities)
	if err := w.Start(); err != nil {
		return nil, err
	}
	return &Worker{w: w}, nil
}

// Stop stops the worker; workflows continue on any other worker.
func (w *Worker) Stop() { w.w.Stop() }

// DataConverter is the payload converter every tournament client and worker
// uses: JSON compressed with zlib, so a 10,000-player state carried across
// continue-as-new and the per-poll hand results stay well under Temporal's
// payload limits. Clients and workers must agree on it.
func DataConverter() converter.DataConverter {
	return converter.NewCodecDataConverter(converter.GetDefaultDataConverter(), converter.NewZlibCodec(converter.ZlibCodecOptions{AlwaysEncode: true}))
}
