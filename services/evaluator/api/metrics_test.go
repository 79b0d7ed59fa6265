package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"connectrpc.com/connect"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/services/evaluator/api"
	"github.com/croupier/croupier/shared/rank/reason"
	"github.com/croupier/croupier/shared/telemetry"
	"github.com/croupier/croupier/shared/telemetry/telemetrytest"
)

func TestMetricsCountEvaluationsBatchesAndErrors(t *testing.T) {
	env := map[string]string{"OTEL_METRICS_EXPORTER": "prometheus", "OTEL_EXPORTER_PROMETHEUS_HOST": "127.0.0.1", "OTEL_EXPORTER_PROMETHEUS_PORT": "0"}
	tel, err := telemetry.Setup(context.Background(), telemetry.Config{ServiceName: "croupier-evaluator", Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	defer tel.Shutdown(context.Background())
	mi, err := api.Metrics(tel.Meter("croupier/evaluator"))
	if err != nil {
		t.Fatal(err)
	}
	path, h := evaluatorv1connect.NewEvaluatorServiceHandler(api.New(api.Limits{MaxHands: 100}), connect.WithInterceptors(mi))
	mux := http.NewServeMux()
	mux.Handle(path, h)
	hs := httptest.NewServer(mux)
	defer hs.Close()
	c := evaluatorv1connect.NewEvaluatorServiceClient(http.DefaultClient, hs.URL)
	ctx := context.Background()
	if _, err := c.Evaluate(ctx, connect.NewRequest(&evaluatorv1.EvaluateRequest{Game: evaluatorv1.Game_GAME_HIGH,
		Hands: []*evaluatorv1.Hand{hand("As Ks", "Qs Js Ts 2c 3d"), hand("Kd 4c", "Ks 9h Kh 4s 2d"), hand("2c 3c", "Qs Js Ts 2h 3d")}})); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Evaluate(ctx, connect.NewRequest(&evaluatorv1.EvaluateRequest{Game: evaluatorv1.Game_GAME_HIGH,
		Hands: []*evaluatorv1.Hand{hand("As Kx", "2c 3c 4c")}})); err == nil {
		t.Fatal("bad notation accepted")
	}
	sc, err := telemetrytest.Get(tel.MetricsAddr())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		labels []string
		want   float64
	}{
		{"croupier_evaluator_evaluations_total", []string{"kind", "evaluate", "game", "GAME_HIGH"}, 2},
		{"croupier_evaluator_batch_size", []string{"kind", "evaluate"}, 2},
		{"croupier_evaluator_errors_total", []string{"kind", "evaluate", "reason", reason.BadCardNotation}, 1},
		{"croupier_evaluator_errors_total", nil, 1},
	} {
		if got, ok := sc.Value(c.name, c.labels...); !ok || got != c.want {
			t.Errorf("%s%v = %v (found %v), want %v", c.name, c.labels, got, ok, c.want)
		}
	}
	if sum, _ := sc.HistogramSum("croupier_evaluator_batch_size", "kind", "evaluate"); sum != 4 {
		t.Errorf("hands evaluated = %v, want 3 + 1", sum)
	}
}
