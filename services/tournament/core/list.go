package core

import (
	"go.temporal.io/api/workflowservice/v1"
)

type listRequest struct {
	query string
	size  int32
	token []byte
}

func (l listRequest) proto() *workflowservice.ListWorkflowExecutionsRequest {
	size := l.size
	if size <= 0 || size > 500 {
		size = 100
	}
	return &workflowservice.ListWorkflowExecutionsRequest{Query: l.query, PageSize: size, NextPageToken: l.token}
}
