package server

import (
	"context"
	"sync"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"
)

// Health is the gRPC health checker of one process. Each service reports
// its own status; the empty service name ("") is the whole process and is
// SERVING only while every registered service is, which is what a
// Kubernetes probe without a service name sees. The name "liveness" is
// SERVING for as long as the process answers at all, for liveness probes
// that must not restart a pod merely because a service is NOT_SERVING or
// draining.
type Health struct {
	mu       sync.RWMutex
	statuses map[string]grpchealth.Status
	draining bool
}

// LivenessService is the health service name a liveness probe asks for.
const LivenessService = "liveness"

// NewHealth returns a checker with no services.
func NewHealth() *Health { return &Health{statuses: map[string]grpchealth.Status{}} }

// Set records the status of one service ("croupier.rng.v1.RngService").
func (h *Health) Set(service string, s grpchealth.Status) {
	h.mu.Lock()
	h.statuses[service] = s
	h.mu.Unlock()
}

// Drain marks everything NOT_SERVING, for graceful shutdown.
func (h *Health) Drain() {
	h.mu.Lock()
	h.draining = true
	h.mu.Unlock()
}

// Status returns the status of one service, or of the process for "".
func (h *Health) Status(service string) (grpchealth.Status, bool) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	if service == LivenessService {
		return grpchealth.StatusServing, true
	}
	if service == "" {
		if h.draining {
			return grpchealth.StatusNotServing, true
		}
		for _, s := range h.statuses {
			if s != grpchealth.StatusServing {
				return grpchealth.StatusNotServing, true
			}
		}
		return grpchealth.StatusServing, true
	}
	s, ok := h.statuses[service]
	if ok && h.draining {
		s = grpchealth.StatusNotServing
	}
	return s, ok
}

// Check implements grpchealth.Checker.
func (h *Health) Check(_ context.Context, req *grpchealth.CheckRequest) (*grpchealth.CheckResponse, error) {
	s, ok := h.Status(req.Service)
	if !ok {
		return nil, connect.NewError(connect.CodeNotFound, nil)
	}
	return &grpchealth.CheckResponse{Status: s}, nil
}
