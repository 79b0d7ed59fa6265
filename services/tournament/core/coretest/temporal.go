// Package coretest is test support for the tournament core and the code
// built on it: an in-memory Temporal client to run a real core on. Only
// tests import it; no production code does.
package coretest

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/api/serviceerror"
	workflowpb "go.temporal.io/api/workflow/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"

	"github.com/croupier/croupier/workflows/tournament"
)

// Temporal is the Temporal client under a real core: it records every
// call the core makes and answers from memory, carrying every value
// through Temporal's default data converter as the real client does, so a
// value the client could not send or decode fails here too. Any client
// method the core is not expected to use panics (the embedded interface
// is nil), so code that reaches further than a test allows fails loudly.
//
// Set the answers before the calls; read the records after they return.
type Temporal struct {
	client.Client

	mu sync.Mutex

	// Calls names every client method called, in order.
	Calls []string
	// Starts are the ExecuteWorkflow options and StartInputs the workflow
	// input of each, in order.
	Starts      []client.StartWorkflowOptions
	StartInputs []tournament.State
	// Queries are the workflow ids of the standings queries, in order.
	Queries []string
	// Updates are the UpdateWorkflow calls.
	Updates []client.UpdateWorkflowOptions
	// Lists are the ListWorkflow requests.
	Lists []*workflowservice.ListWorkflowExecutionsRequest

	// Standings answers the standings query per workflow id; a missing id
	// is NOT_FOUND. ExecuteWorkflow adds the tournament it starts unless
	// the id is already known (a workflow that was already started).
	Standings map[string]tournament.Standings
	// StartErr fails ExecuteWorkflow; the tournament is still known to
	// queries.
	StartErr error
	// QueryErr fails the standings query of one workflow id.
	QueryErr map[string]error
	// UpdateOut answers an update by name; a missing name answers null.
	UpdateOut map[string]any
	// UpdateErr is the outcome of an update by name, as the workflow fails
	// or refuses it: the call succeeds and the handle's Get returns it.
	UpdateErr map[string]error
	// UpdateCallErr fails every UpdateWorkflow call itself, as Temporal
	// does when it cannot deliver the update (no such workflow, the
	// frontend down, the caller gone).
	UpdateCallErr error
	// ListIDs are the workflow ids ListWorkflow answers, ListToken its
	// next page token; ListErr fails it.
	ListIDs   []string
	ListToken []byte
	ListErr   error
	// ListAll, when set, is every workflow id in order, answered a page of
	// the request's size at a time (ListIDs and ListToken are then unused).
	ListAll []string
}

// NewTemporal returns a client that knows no workflow and fails nothing.
func NewTemporal() *Temporal {
	return &Temporal{
		Standings: map[string]tournament.Standings{},
		QueryErr:  map[string]error{},
		UpdateOut: map[string]any{},
		UpdateErr: map[string]error{},
	}
}

// record notes a call; the caller holds mu.
func (f *Temporal) record(name string) { f.Calls = append(f.Calls, name) }

// ExecuteWorkflow starts the tournament workflow with its one input,
// refusing anything else and what the data converter cannot encode.
func (f *Temporal) ExecuteWorkflow(_ context.Context, opts client.StartWorkflowOptions, wf any, args ...any) (client.WorkflowRun, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("ExecuteWorkflow")
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
	f.Starts = append(f.Starts, opts)
	f.StartInputs = append(f.StartInputs, st)
	if _, ok := f.Standings[opts.ID]; !ok {
		f.Standings[opts.ID] = tournament.Standings{ID: opts.ID, Name: st.Terms.Name, Terms: st.Terms, Phase: tournament.Registering}
	}
	if f.StartErr != nil {
		return nil, f.StartErr
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

// QueryWorkflow answers the standings query of the latest run from
// Standings.
func (f *Temporal) QueryWorkflow(_ context.Context, id, runID, query string, args ...any) (converter.EncodedValue, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("QueryWorkflow")
	f.Queries = append(f.Queries, id)
	if runID != "" || query != tournament.QueryStandings || len(args) != 0 {
		return nil, fmt.Errorf("fake: query %q of run %q with %d args", query, runID, len(args))
	}
	if err := f.QueryErr[id]; err != nil {
		return nil, err
	}
	st, ok := f.Standings[id]
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

// UpdateWorkflow delivers the update unless UpdateCallErr says it cannot;
// its outcome is UpdateErr's or UpdateOut's for the update's name.
func (f *Temporal) UpdateWorkflow(_ context.Context, opts client.UpdateWorkflowOptions) (client.WorkflowUpdateHandle, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("UpdateWorkflow")
	f.Updates = append(f.Updates, opts)
	if _, err := converter.GetDefaultDataConverter().ToPayloads(opts.Args...); err != nil {
		return nil, err
	}
	if f.UpdateCallErr != nil {
		return nil, f.UpdateCallErr
	}
	if err, ok := f.UpdateErr[opts.UpdateName]; ok {
		return updateHandle{opts: opts, err: err}, nil
	}
	out, err := encode(f.UpdateOut[opts.UpdateName])
	if err != nil {
		return nil, err
	}
	return updateHandle{opts: opts, out: out}, nil
}

// ListWorkflow answers one page: ListIDs, then ListToken.
func (f *Temporal) ListWorkflow(_ context.Context, req *workflowservice.ListWorkflowExecutionsRequest) (*workflowservice.ListWorkflowExecutionsResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("ListWorkflow")
	f.Lists = append(f.Lists, req)
	if f.ListErr != nil {
		return nil, f.ListErr
	}
	if f.ListAll != nil {
		// Pages of the request's size over ListAll; a token is the offset.
		from, _ := strconv.Atoi(string(req.GetNextPageToken()))
		to := min(from+int(req.GetPageSize()), len(f.ListAll))
		out := &workflowservice.ListWorkflowExecutionsResponse{}
		if to < len(f.ListAll) {
			out.NextPageToken = []byte(strconv.Itoa(to))
		}
		for _, id := range f.ListAll[from:to] {
			out.Executions = append(out.Executions, &workflowpb.WorkflowExecutionInfo{Execution: &commonpb.WorkflowExecution{WorkflowId: id}})
		}
		return out, nil
	}
	out := &workflowservice.ListWorkflowExecutionsResponse{NextPageToken: f.ListToken}
	for _, id := range f.ListIDs {
		out.Executions = append(out.Executions, &workflowpb.WorkflowExecutionInfo{Execution: &commonpb.WorkflowExecution{WorkflowId: id}})
	}
	return out, nil
}
