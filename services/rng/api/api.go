// Package api is the RNG service's Connect surface: the access Policy, the
// Handler that decodes requests, calls the core (package rng) and maps its
// errors, and Mount, which builds the service and registers it on a
// process's server (cmd/rng, the in-process platform and tests call it).
package api

import (
	"context"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/services/rng"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/server"
)

// Policy opens the RNG to internal callers only: the table and tournament
// services and operators create and close outcomes; operators, auditors
// (auth.RoleAuditor) and services read closed ones and the audit log. Partners
// and players never call the RNG; they see outcomes and proofs through the
// table service. The core adds the object-level rules: only an outcome's
// owner closes it, a service reads only the outcomes it owns, and nobody
// reads a live one.
func Policy() auth.Policy {
	readers := append([]auth.Role{auth.RoleAuditor}, auth.Internal...)
	return auth.Policy{}.Allow(auth.Internal,
		rngv1connect.RngServiceShuffleProcedure,
		rngv1connect.RngServiceSpinProcedure,
		rngv1connect.RngServiceDrawProcedure,
		rngv1connect.RngServiceCloseProcedure,
		rngv1connect.RngServiceCloseManyProcedure,
	).Allow(readers,
		rngv1connect.RngServiceRevealProcedure,
		rngv1connect.RngServiceOpenProcedure,
		rngv1connect.RngServiceReadAuditProcedure,
		rngv1connect.RngServiceVerifyAuditProcedure,
	)
}

// Handler is the Connect handler: it decodes, calls the core and maps errors.
type Handler struct {
	svc *rng.Service
}

// New returns the handler for svc.
func New(svc *rng.Service) *Handler { return &Handler{svc: svc} }

var _ rngv1connect.RngServiceHandler = (*Handler)(nil)

// Shuffle implements rngv1connect.RngServiceHandler.
func (h *Handler) Shuffle(ctx context.Context, req *connect.Request[rngv1.ShuffleRequest]) (*connect.Response[rngv1.ShuffleResponse], error) {
	o, err := h.svc.Shuffle(ctx, req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&rngv1.ShuffleResponse{Outcome: o}), nil
}

// Spin implements rngv1connect.RngServiceHandler.
func (h *Handler) Spin(ctx context.Context, req *connect.Request[rngv1.SpinRequest]) (*connect.Response[rngv1.SpinResponse], error) {
	o, err := h.svc.Spin(ctx, req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&rngv1.SpinResponse{Outcome: o}), nil
}

// Draw implements rngv1connect.RngServiceHandler.
func (h *Handler) Draw(ctx context.Context, req *connect.Request[rngv1.DrawRequest]) (*connect.Response[rngv1.DrawResponse], error) {
	o, err := h.svc.Draw(ctx, req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(&rngv1.DrawResponse{Outcome: o}), nil
}

// Reveal implements rngv1connect.RngServiceHandler.
func (h *Handler) Reveal(ctx context.Context, req *connect.Request[rngv1.RevealRequest]) (*connect.Response[rngv1.RevealResponse], error) {
	r, err := h.svc.Reveal(ctx, req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(r), nil
}

// Close implements rngv1connect.RngServiceHandler.
func (h *Handler) Close(ctx context.Context, req *connect.Request[rngv1.CloseRequest]) (*connect.Response[rngv1.CloseResponse], error) {
	r, err := h.svc.Close(ctx, req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(r), nil
}

// CloseMany implements rngv1connect.RngServiceHandler.
func (h *Handler) CloseMany(ctx context.Context, req *connect.Request[rngv1.CloseManyRequest]) (*connect.Response[rngv1.CloseManyResponse], error) {
	r, err := h.svc.CloseMany(ctx, req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(r), nil
}

// Open implements rngv1connect.RngServiceHandler.
func (h *Handler) Open(ctx context.Context, req *connect.Request[rngv1.OpenRequest]) (*connect.Response[rngv1.OpenResponse], error) {
	r, err := h.svc.Open(ctx, req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(r), nil
}

// ReadAudit implements rngv1connect.RngServiceHandler.
func (h *Handler) ReadAudit(ctx context.Context, req *connect.Request[rngv1.ReadAuditRequest]) (*connect.Response[rngv1.ReadAuditResponse], error) {
	r, err := h.svc.ReadAudit(ctx, req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(r), nil
}

// VerifyAudit implements rngv1connect.RngServiceHandler.
func (h *Handler) VerifyAudit(ctx context.Context, req *connect.Request[rngv1.VerifyAuditRequest]) (*connect.Response[rngv1.VerifyAuditResponse], error) {
	r, err := h.svc.VerifyAudit(ctx, req.Msg)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	return connect.NewResponse(r), nil
}

// register mounts the service on srv with opts (rt.HandlerOptions(Policy())),
// ties its gRPC health status to the RNG's health tests (a failure turns
// croupier.rng.v1.RngService, and so the whole process, NOT_SERVING) and
// publishes its metrics through the global OpenTelemetry meter provider.
func register(srv *server.Server, svc *rng.Service, opts ...connect.HandlerOption) error {
	if err := rng.Instrument(svc, nil); err != nil {
		return err
	}
	path, h := rngv1connect.NewRngServiceHandler(New(svc), opts...)
	srv.Register(rngv1connect.RngServiceName, path, h)
	svc.OnHealth(func(serving bool, _ string) {
		st := grpchealth.StatusServing
		if !serving {
			st = grpchealth.StatusNotServing
		}
		srv.Health().Set(rngv1connect.RngServiceName, st)
	})
	return nil
}
