package core

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/metric/embedded"
	"go.opentelemetry.io/otel/metric/noop"
	"go.temporal.io/api/serviceerror"

	"github.com/croupier/croupier/services/tournament/core/coretest"
	"github.com/croupier/croupier/workflows/tournament"
)

// recMeter records what the core's instruments are given: counter adds,
// and the gauges' callbacks, which collect runs as a reader would.
type recMeter struct {
	noop.Meter

	mu        sync.Mutex
	adds      []added
	callbacks []metric.Callback
}

type added struct {
	name  string
	n     int64
	attrs attribute.Set
}

type recCounter struct {
	noop.Int64Counter
	name string
	m    *recMeter
}

func (c *recCounter) Add(_ context.Context, n int64, opts ...metric.AddOption) {
	c.m.mu.Lock()
	defer c.m.mu.Unlock()
	c.m.adds = append(c.m.adds, added{c.name, n, metric.NewAddConfig(opts).Attributes()})
}

func (m *recMeter) Int64Counter(name string, _ ...metric.Int64CounterOption) (metric.Int64Counter, error) {
	return &recCounter{name: name, m: m}, nil
}

type recGauge struct {
	noop.Int64ObservableGauge
	name string
}

func (m *recMeter) Int64ObservableGauge(name string, _ ...metric.Int64ObservableGaugeOption) (metric.Int64ObservableGauge, error) {
	return &recGauge{name: name}, nil
}

func (m *recMeter) RegisterCallback(cb metric.Callback, _ ...metric.Observable) (metric.Registration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.callbacks = append(m.callbacks, cb)
	return noop.Registration{}, nil
}

// counted returns the adds to counter name, as "attr=value,..." → sum.
func (m *recMeter) counted(name string) map[string]int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]int64{}
	for _, a := range m.adds {
		if a.name != name {
			continue
		}
		var kv []string
		for _, x := range a.attrs.ToSlice() {
			kv = append(kv, string(x.Key)+"="+x.Value.Emit())
		}
		out[strings.Join(kv, ",")] += a.n
	}
	return out
}

// collect runs every callback once: gauge name → phase → value.
func (m *recMeter) collect(t *testing.T) map[string]map[string]int64 {
	t.Helper()
	o := &recObserver{got: map[string]map[string]int64{}}
	m.mu.Lock()
	cbs := append([]metric.Callback(nil), m.callbacks...)
	m.mu.Unlock()
	for _, cb := range cbs {
		if err := cb(context.Background(), o); err != nil {
			t.Fatal(err)
		}
	}
	return o.got
}

type recObserver struct {
	embedded.Observer
	got map[string]map[string]int64
}

func (o *recObserver) ObserveFloat64(metric.Float64Observable, float64, ...metric.ObserveOption) {}

func (o *recObserver) ObserveInt64(obs metric.Int64Observable, v int64, opts ...metric.ObserveOption) {
	name := obs.(*recGauge).name
	attrs := metric.NewObserveConfig(opts).Attributes()
	phase, _ := attrs.Value("phase")
	if o.got[name] == nil {
		o.got[name] = map[string]int64{}
	}
	o.got[name][phase.AsString()] = v
}

// Every update answered counts once, by update and by result: accepted,
// the reason of the answer (a fault is counted under the reason mapErr
// gave it), CANCELED for a caller who left (docs/observability.md,
// croupier.tournament.updates).
func TestUpdatesCountedByResult(t *testing.T) {
	f := coretest.NewTemporal()
	m := &recMeter{}
	s := New(f, Config{TaskQueue: "tq", Meter: m})
	ctx := context.Background()
	p := tournament.PlayerIn{Partner: "pa", Player: "p1"}
	f.UpdateOut[tournament.UpdateRegister] = tournament.RegisterOut{Entrants: 1}
	if _, err := s.Register(ctx, "tour-1", p, "k1"); err != nil {
		t.Fatal(err)
	}
	f.UpdateCallErr = serviceerror.NewNotFound("workflow not found")
	_, _ = s.Register(ctx, "tour-1", p, "k2")
	f.UpdateCallErr = context.Canceled
	_, _ = s.Rebuy(ctx, "tour-1", p, "k3")
	f.UpdateCallErr = errors.New("history service down")
	_ = s.Pause(ctx, "tour-1", "")
	want := map[string]int64{
		"result=accepted,update=register":             1,
		"result=TOURNAMENT_NOT_FOUND,update=register": 1,
		"result=CANCELED,update=rebuy":                1,
		"result=TOURNAMENT_FAILED,update=pause":       1,
	}
	got := m.counted("croupier.tournament.updates")
	if len(got) != len(want) {
		t.Errorf("updates %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("updates[%s] = %d, want %d (all: %v)", k, got[k], n, got)
		}
	}
}

// The running-tournament gauges come from one census of Temporal: each
// running tournament's standings, summed by phase, every phase a running
// workflow can be in reported (zero or not), and a collection within 15 s
// of the last census reuses it instead of asking Temporal again.
func TestObserveRunningPublishesTheCensus(t *testing.T) {
	f := coretest.NewTemporal()
	f.ListIDs = []string{"tour-a", "tour-b", "tour-c", "tour-gone"}
	f.Standings["tour-a"] = tournament.Standings{ID: "tour-a", Phase: tournament.Running, Entrants: 9, Left: 4}
	f.Standings["tour-b"] = tournament.Standings{ID: "tour-b", Phase: tournament.Running, Entrants: 20, Left: 11}
	f.Standings["tour-c"] = tournament.Standings{ID: "tour-c", Phase: tournament.Registering, Entrants: 3, Left: 3}
	m := &recMeter{}
	s := New(f, Config{TaskQueue: "tq", Log: slog.New(slog.DiscardHandler)})
	if _, err := s.ObserveRunning(m); err != nil {
		t.Fatal(err)
	}
	got := m.collect(t)
	want := map[string]map[string]int64{
		"croupier.tournament.tournaments":  {"registering": 1, "seating": 0, "running": 2, "break": 0, "final_table": 0, "paying": 0},
		"croupier.tournament.entrants":     {"registering": 3, "seating": 0, "running": 29, "break": 0, "final_table": 0, "paying": 0},
		"croupier.tournament.players_left": {"registering": 3, "seating": 0, "running": 15, "break": 0, "final_table": 0, "paying": 0},
	}
	for name, phases := range want {
		if len(got[name]) != len(phases) {
			t.Errorf("%s: %v, want %v", name, got[name], phases)
		}
		for p, n := range phases {
			if v, ok := got[name][p]; !ok || v != n {
				t.Errorf("%s{phase=%s} = %d (reported %v), want %d", name, p, v, ok, n)
			}
		}
	}
	if len(f.Lists) != 1 || f.Lists[0].GetPageSize() != censusMax ||
		f.Lists[0].GetQuery() != "WorkflowType = 'Tournament' AND ExecutionStatus = 'Running'" {
		t.Fatalf("census listed %v", f.Lists)
	}
	f.Standings["tour-c"] = tournament.Standings{ID: "tour-c", Phase: tournament.Seating, Entrants: 3, Left: 3}
	if again := m.collect(t); again["croupier.tournament.tournaments"]["registering"] != 1 || len(f.Lists) != 1 {
		t.Errorf("a second collection at once took a new census: %v, %d lists", again, len(f.Lists))
	}
}

// A census that cannot list the tournaments fails whole (the gauges keep
// the last one) rather than reporting none running.
func TestCensusFailsWhenTheListFails(t *testing.T) {
	f := coretest.NewTemporal()
	f.ListErr = serviceerror.NewUnavailable("frontend down")
	_, err := New(f, Config{}).census(context.Background())
	var un *serviceerror.Unavailable
	if !errors.As(err, &un) || !strings.Contains(err.Error(), "list running tournaments") {
		t.Fatalf("census error %v", err)
	}
}

// A create counts when the server accepts the start (a retry the server
// answers with the running workflow, USE_EXISTING, counts again, as
// metrics.go says), not when the key names a closed tournament and the
// start is refused as already started (REJECT_DUPLICATE).
func TestCreatedCountsAcceptedStarts(t *testing.T) {
	f := coretest.NewTemporal()
	m := &recMeter{}
	s := New(f, Config{TaskQueue: "tq", Meter: m})
	ctx := context.Background()
	if _, err := s.Create(ctx, validTerms(), "k1"); err != nil {
		t.Fatal(err)
	}
	f.StartErr = serviceerror.NewWorkflowExecutionAlreadyStarted("started", "", "run-1")
	if _, err := s.Create(ctx, validTerms(), "k1"); err != nil {
		t.Fatal(err)
	}
	if got := m.counted("croupier.tournament.created"); got[""] != 1 {
		t.Errorf("created %v, want 1", got)
	}
}
