package core

import (
	"context"
	"encoding/json"
	"fmt"

	"go.temporal.io/api/workflowservice/v1"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament"
)

// The lobby filters on what the workflows hold (their state is not a
// search attribute the visibility query could filter on), so a page is
// filled by reading Temporal's pages on until it is full. One call reads
// at most maxListPages of them: a filter that matches few of very many
// tournaments answers a short page with a token, and the client pages on.
const (
	defaultListSize = 100
	maxListSize     = 500
	maxListPages    = 10
)

// cursor is a position in the list: Temporal's page token and how many
// of that page's workflows an earlier call already went through.
type cursor struct {
	Token []byte `json:"t,omitempty"`
	Skip  int    `json:"s,omitempty"`
}

// ListResumesAt is Temporal's page token a List page token resumes from,
// or BAD_PAGE_TOKEN for bytes that are no page token.
func ListResumesAt(b []byte) ([]byte, error) {
	c, err := parseCursor(b)
	return c.Token, err
}

// parseCursor reads a page token List returned (empty: the start).
func parseCursor(b []byte) (cursor, error) {
	var c cursor
	if len(b) == 0 {
		return c, nil
	}
	if err := json.Unmarshal(b, &c); err != nil || c.Skip < 0 || c.Skip > maxListSize {
		return cursor{}, apierr.Invalid("BAD_PAGE_TOKEN", "page token is not from a previous response")
	}
	return c, nil
}

func (c cursor) encode() []byte {
	b, _ := json.Marshal(c)
	return b
}

type listRequest struct {
	query string
	size  int32
	token []byte
}

func (l listRequest) proto() *workflowservice.ListWorkflowExecutionsRequest {
	size := l.size
	if size <= 0 || size > maxListSize {
		size = defaultListSize
	}
	return &workflowservice.ListWorkflowExecutionsRequest{Query: l.query, PageSize: size, NextPageToken: l.token}
}

// List returns up to pageSize tournaments that keep accepts (nil: all), in
// Temporal's order, and the token of the rest (nil at the end). The filter
// runs before the page is cut: a page is short only at the end of the list
// or when the call has read maxListPages of Temporal's pages.
func (s *Service) List(ctx context.Context, pageSize int, token []byte, keep func(tournament.Standings) bool) ([]tournament.Standings, []byte, error) {
	if pageSize <= 0 || pageSize > maxListSize {
		pageSize = defaultListSize
	}
	at, err := parseCursor(token)
	if err != nil {
		return nil, nil, err
	}
	var out []tournament.Standings
	for pages := 0; pages < maxListPages; pages++ {
		res, err := s.c.ListWorkflow(ctx, listRequest{query: fmt.Sprintf("WorkflowType = '%s'", tournament.WorkflowName),
			size: int32(pageSize), token: at.Token}.proto())
		if err != nil {
			return nil, nil, s.mapErr(ctx, err)
		}
		execs := res.GetExecutions()
		for i := at.Skip; i < len(execs); i++ {
			st, err := s.Standings(ctx, execs[i].GetExecution().GetWorkflowId())
			if err != nil || keep != nil && !keep(st) {
				continue // one whose worker cannot answer now is left out
			}
			out = append(out, st)
			if len(out) == pageSize {
				next := cursor{Token: at.Token, Skip: i + 1}
				if i+1 == len(execs) {
					next = cursor{Token: res.GetNextPageToken()}
					if len(next.Token) == 0 {
						return out, nil, nil
					}
				}
				return out, next.encode(), nil
			}
		}
		if len(res.GetNextPageToken()) == 0 {
			return out, nil, nil
		}
		at = cursor{Token: res.GetNextPageToken()}
	}
	return out, at.encode(), nil
}
