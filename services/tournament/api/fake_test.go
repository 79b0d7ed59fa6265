package api

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/api/serviceerror"
	workflowpb "go.temporal.io/api/workflow/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"

	"github.com/croupier/croupier/services/tournament/core"
	"github.com/croupier/croupier/workflows/tournament"
)

// fakeTemporal is the Temporal client under a real core: it records every
// call the core makes and answers from memory. Any client method the core
// is not expected to use panics (the embedded interface is nil), so a
// handler that reaches further than the test allows fails loudly.
type fakeTemporal struct {
	client.Client

	mu sync.Mutex
	// calls names every client method called, in order.
	calls []string
	// started are the workflow inputs of ExecuteWorkflow.
	started []tournament.State
	// updates are the UpdateWorkflow calls.
	updates []client.UpdateWorkflowOptions
	// lists are the ListWorkflow requests.
	lists []*workflowservice.ListWorkflowExecutionsRequest
	// standings answers the standings query per workflow id; a missing id
	// is NOT_FOUND. ExecuteWorkflow adds the tournament it starts.
	standings map[string]tournament.Standings
	// order is the ListWorkflow answer.
	order []string
	// updateOut answers an update by name (JSON of the out value); a
	// missing name is the workflow NOT_FOUND.
	updateOut map[string]any
	// updateErr fails an update by name as the workflow does: the handle's
	// Get returns the error.
	updateErr map[string]error
}

func newFake() *fakeTemporal {
	return &fakeTemporal{standings: map[string]tournament.Standings{}, updateOut: map[string]any{}, updateErr: map[string]error{}}
}

// handler is the real handler on a real core on the fake client.
func (f *fakeTemporal) handler() *Handler {
	return New(core.New(f, core.Config{TaskQueue: "tournament-test"}))
}

func (f *fakeTemporal) record(name string) {
	f.mu.Lock()
	f.calls = append(f.calls, name)
	f.mu.Unlock()
}

func (f *fakeTemporal) ncalls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

// ExecuteWorkflow encodes its input with Temporal's default data converter,
// as the real client does before sending it, and refuses what it cannot
// encode.
func (f *fakeTemporal) ExecuteWorkflow(_ context.Context, opts client.StartWorkflowOptions, wf any, args ...any) (client.WorkflowRun, error) {
	f.record("ExecuteWorkflow")
	if wf != tournament.WorkflowName || len(args) != 1 {
		return nil, fmt.Errorf("fake: unexpected workflow %v with %d args", wf, len(args))
	}
	if _, err := converter.GetDefaultDataConverter().ToPayloads(args...); err != nil {
		return nil, err
	}
	st := args[0].(tournament.State)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.started = append(f.started, st)
	f.standings[opts.ID] = tournament.Standings{ID: opts.ID, Name: st.Terms.Name, Terms: st.Terms, Phase: tournament.Registering}
	return nil, nil
}

type encodedStandings tournament.Standings

func (e encodedStandings) HasValue() bool { return true }

func (e encodedStandings) Get(v any) error {
	p, ok := v.(*tournament.Standings)
	if !ok {
		return fmt.Errorf("fake: query into %T", v)
	}
	*p = tournament.Standings(e)
	return nil
}

func (f *fakeTemporal) QueryWorkflow(_ context.Context, id, _, query string, _ ...any) (converter.EncodedValue, error) {
	f.record("QueryWorkflow")
	f.mu.Lock()
	defer f.mu.Unlock()
	st, ok := f.standings[id]
	if !ok || query != tournament.QueryStandings {
		return nil, serviceerror.NewNotFound("workflow not found")
	}
	return encodedStandings(st), nil
}

type updateHandle struct {
	opts client.UpdateWorkflowOptions
	out  []byte
	err  error
}

func (u updateHandle) WorkflowID() string { return u.opts.WorkflowID }
func (u updateHandle) RunID() string      { return "" }
func (u updateHandle) UpdateID() string   { return u.opts.UpdateID }
func (u updateHandle) Get(_ context.Context, v any) error {
	if u.err != nil {
		return u.err
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal(u.out, v)
}

func (f *fakeTemporal) UpdateWorkflow(_ context.Context, opts client.UpdateWorkflowOptions) (client.WorkflowUpdateHandle, error) {
	f.record("UpdateWorkflow")
	f.mu.Lock()
	defer f.mu.Unlock()
	f.updates = append(f.updates, opts)
	if err, ok := f.updateErr[opts.UpdateName]; ok {
		return updateHandle{opts: opts, err: err}, nil
	}
	out, ok := f.updateOut[opts.UpdateName]
	if !ok {
		return nil, serviceerror.NewNotFound("workflow not found")
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	return updateHandle{opts: opts, out: b}, nil
}

func (f *fakeTemporal) ListWorkflow(_ context.Context, req *workflowservice.ListWorkflowExecutionsRequest) (*workflowservice.ListWorkflowExecutionsResponse, error) {
	f.record("ListWorkflow")
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lists = append(f.lists, req)
	out := &workflowservice.ListWorkflowExecutionsResponse{NextPageToken: []byte("next\x00page")}
	for _, id := range f.order {
		out.Executions = append(out.Executions, &workflowpb.WorkflowExecutionInfo{Execution: &commonpb.WorkflowExecution{WorkflowId: id}})
	}
	return out, nil
}
