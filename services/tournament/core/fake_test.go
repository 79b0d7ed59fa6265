package core

import (
	"context"
	"fmt"
	"sync"

	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/api/serviceerror"
	workflowpb "go.temporal.io/api/workflow/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"

	"github.com/croupier/croupier/workflows/tournament"
)

// fakeTemporal is the Temporal client under the core: it records what the
// core asks and answers from memory, encoding every value with Temporal's
// default data converter as the real client does. A client method the
// core is not expected to call panics (the embedded interface is nil).
type fakeTemporal struct {
	client.Client

	mu sync.Mutex
	// starts are the ExecuteWorkflow calls, with their one argument.
	starts    []client.StartWorkflowOptions
	startArgs []tournament.State
	// startErr fails ExecuteWorkflow; the tournament is still known to
	// queries (a workflow that was already started).
	startErr error
	// standings answers the standings query per workflow id; a missing id
	// is NOT_FOUND. ExecuteWorkflow adds the tournament it starts.
	standings map[string]tournament.Standings
	// queryErr fails the query of one workflow id.
	queryErr map[string]error
	queries  []string
	// updates are the UpdateWorkflow calls; updateErr fails the call,
	// getErr the handle's Get, and updateOut is the update's answer.
	updates   []client.UpdateWorkflowOptions
	updateErr error
	getErr    error
	updateOut any
	// lists are the ListWorkflow requests; listIDs and listToken answer
	// them, listErr fails them.
	lists     []*workflowservice.ListWorkflowExecutionsRequest
	listIDs   []string
	listToken []byte
	listErr   error
}

func newFake() *fakeTemporal {
	return &fakeTemporal{standings: map[string]tournament.Standings{}, queryErr: map[string]error{}}
}

func (f *fakeTemporal) ExecuteWorkflow(_ context.Context, opts client.StartWorkflowOptions, wf any, args ...any) (client.WorkflowRun, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(args) != 1 {
		return nil, fmt.Errorf("fake: %d workflow arguments", len(args))
	}
	st, ok := args[0].(tournament.State)
	if !ok || wf != tournament.WorkflowName {
		return nil, fmt.Errorf("fake: workflow %v(%T)", wf, args[0])
	}
	if _, err := converter.GetDefaultDataConverter().ToPayloads(args...); err != nil {
		return nil, err
	}
	f.starts = append(f.starts, opts)
	f.startArgs = append(f.startArgs, st)
	if _, ok := f.standings[opts.ID]; !ok {
		f.standings[opts.ID] = tournament.Standings{ID: opts.ID, Name: st.Terms.Name, Phase: tournament.Registering}
	}
	if f.startErr != nil {
		return nil, f.startErr
	}
	return nil, nil
}

// encoded is a value as Temporal carries it: a payload of the default
// data converter.
type encoded struct{ p *commonpb.Payload }

func encode(v any) (encoded, error) {
	p, err := converter.GetDefaultDataConverter().ToPayload(v)
	return encoded{p}, err
}

func (e encoded) HasValue() bool { return e.p != nil }
func (e encoded) Get(v any) error {
	return converter.GetDefaultDataConverter().FromPayload(e.p, v)
}

func (f *fakeTemporal) QueryWorkflow(_ context.Context, id, runID, query string, args ...any) (converter.EncodedValue, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.queries = append(f.queries, id)
	if runID != "" || query != tournament.QueryStandings || len(args) != 0 {
		return nil, fmt.Errorf("fake: query %q of run %q with %d args", query, runID, len(args))
	}
	if err := f.queryErr[id]; err != nil {
		return nil, err
	}
	st, ok := f.standings[id]
	if !ok {
		return nil, serviceerror.NewNotFound("workflow not found")
	}
	return encode(st)
}

type updateHandle struct {
	opts client.UpdateWorkflowOptions
	out  encoded
	err  error
}

func (u updateHandle) WorkflowID() string { return u.opts.WorkflowID }
func (u updateHandle) RunID() string      { return "" }
func (u updateHandle) UpdateID() string   { return u.opts.UpdateID }
func (u updateHandle) Get(_ context.Context, v any) error {
	if u.err != nil || v == nil {
		return u.err
	}
	return u.out.Get(v)
}

func (f *fakeTemporal) UpdateWorkflow(_ context.Context, opts client.UpdateWorkflowOptions) (client.WorkflowUpdateHandle, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.updates = append(f.updates, opts)
	if _, err := converter.GetDefaultDataConverter().ToPayloads(opts.Args...); err != nil {
		return nil, err
	}
	if f.updateErr != nil {
		return nil, f.updateErr
	}
	out, err := encode(f.updateOut)
	if err != nil {
		return nil, err
	}
	return updateHandle{opts: opts, out: out, err: f.getErr}, nil
}

func (f *fakeTemporal) ListWorkflow(_ context.Context, req *workflowservice.ListWorkflowExecutionsRequest) (*workflowservice.ListWorkflowExecutionsResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lists = append(f.lists, req)
	if f.listErr != nil {
		return nil, f.listErr
	}
	out := &workflowservice.ListWorkflowExecutionsResponse{NextPageToken: f.listToken}
	for _, id := range f.listIDs {
		out.Executions = append(out.Executions, &workflowpb.WorkflowExecutionInfo{Execution: &commonpb.WorkflowExecution{WorkflowId: id}})
	}
	return out, nil
}
