// Package host runs the tournament worker: the Temporal worker that
// executes the tournament workflows and their activities, with Temporal's
// OpenTelemetry interceptor so workflow and activity spans join the traces
// of the calls that started them.
package host

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"sync"

	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"
	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/sdk/client"
	otelinterceptor "go.temporal.io/sdk/contrib/opentelemetry"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/interceptor"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
	"google.golang.org/protobuf/proto"

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

// Metrics returns the Temporal SDK's metrics handler on mp (workflow and
// activity task latencies, poller and cache gauges), for the client's
// MetricsHandler; the worker created from the client reports through it.
// A failed instrument is reported to onError (the SDK's default panics).
func Metrics(mp metric.MeterProvider, onError func(error)) client.MetricsHandler {
	return otelinterceptor.NewMetricsHandler(otelinterceptor.MetricsHandlerOptions{
		Meter:   mp.Meter("croupier/tournament/temporal"),
		OnError: onError,
	})
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
		// A workflow task that panics or replays differently is retried
		// until a fixed worker takes it, never failed: a failed tournament
		// would strand the money it holds.
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
// uses: JSON, compressed with zlib from 1 KiB up, so a 10,000-player state
// carried across continue-as-new and the per-poll hand results stay well
// under Temporal's payload limits while the many small payloads (a
// registration, a seat) skip the compressor. The format is the SDK's zlib
// codec's ("binary/zlib", the payload marshalled then compressed), so
// either decodes the other's. Clients and workers must agree on it.
func DataConverter() converter.DataConverter {
	return converter.NewCodecDataConverter(converter.GetDefaultDataConverter(), NewCodec(1024))
}

// Codec is the zlib payload codec with pooled compressors: a compressor
// costs about as much to set up as to compress a few KiB with, and the SDK's
// codec sets one up for every payload.
type Codec struct {
	min     int
	writers sync.Pool
	sdk     converter.PayloadCodec
}

// NewCodec compresses payloads of at least min bytes (marshalled).
func NewCodec(min int) *Codec {
	return &Codec{min: min, sdk: converter.NewZlibCodec(converter.ZlibCodecOptions{})}
}

const zlibEncoding = "binary/zlib"

// Encode implements converter.PayloadCodec.
func (c *Codec) Encode(payloads []*commonpb.Payload) ([]*commonpb.Payload, error) {
	out := make([]*commonpb.Payload, len(payloads))
	for i, p := range payloads {
		b, err := proto.Marshal(p)
		if err != nil {
			return payloads, fmt.Errorf("host: marshal payload: %w", err)
		}
		if len(b) < c.min {
			out[i] = p
			continue
		}
		var buf bytes.Buffer
		w, _ := c.writers.Get().(*zlib.Writer)
		if w == nil {
			w = zlib.NewWriter(&buf)
		} else {
			w.Reset(&buf)
		}
		_, err = w.Write(b)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		c.writers.Put(w)
		if err != nil {
			return payloads, fmt.Errorf("host: compress payload: %w", err)
		}
		out[i] = &commonpb.Payload{Metadata: map[string][]byte{converter.MetadataEncoding: []byte(zlibEncoding)}, Data: buf.Bytes()}
	}
	return out, nil
}

// Decode implements converter.PayloadCodec: the SDK's zlib decoder, which
// passes other encodings through.
func (c *Codec) Decode(payloads []*commonpb.Payload) ([]*commonpb.Payload, error) {
	return c.sdk.Decode(payloads)
}
