package rng

import (
	"context"
	"fmt"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng/audit"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/wheel"
)

var (
	european = wheel.European()
	american = wheel.American()
)

// MaxAuditPage is the most records one ReadAudit returns.
const MaxAuditPage = 1000

// ReadAudit returns a page of the audit log.
func (s *Service) ReadAudit(ctx context.Context, req *rngv1.ReadAuditRequest) (*rngv1.ReadAuditResponse, error) {
	limit := int(req.GetLimit())
	if limit < 1 || limit > MaxAuditPage {
		return nil, apierr.Invalid("LIMIT_OUT_OF_RANGE", "limit %d: want 1..%d", limit, MaxAuditPage)
	}
	from := req.GetFromSeq()
	if from == 0 {
		from = 1
	}
	recs, last, err := s.store.Read(ctx, from, limit)
	if err != nil {
		return nil, fmt.Errorf("rng: read audit: %w", err)
	}
	return &rngv1.ReadAuditResponse{Records: recs, LastSeq: last}, nil
}

// VerifyAudit re-computes the hash chain over [from_seq, to_seq]. A range
// that does not start at 1 is anchored on the record before it, whose own
// hash is taken as given.
func (s *Service) VerifyAudit(ctx context.Context, req *rngv1.VerifyAuditRequest) (*rngv1.VerifyAuditResponse, error) {
	from, to := req.GetFromSeq(), req.GetToSeq()
	if from == 0 {
		from = 1
	}
	if to != 0 && to < from {
		return nil, apierr.Invalid("RANGE_INVALID", "to_seq %d is before from_seq %d", to, from)
	}
	var anchor audit.Head
	if from > 1 {
		recs, _, err := s.store.Read(ctx, from-1, 1)
		if err != nil {
			return nil, fmt.Errorf("rng: verify audit: %w", err)
		}
		if len(recs) == 0 || recs[0].GetSeq() != from-1 {
			return &rngv1.VerifyAuditResponse{Ok: false, FirstBadSeq: from - 1, Reason: fmt.Sprintf("record %d (the anchor of the range) is missing", from-1)}, nil
		}
		anchor = audit.Head{Seq: recs[0].GetSeq(), Hash: recs[0].GetHash()}
	}
	v := audit.NewVerifier(anchor)
	next := from
	var last uint64
	for {
		recs, l, err := s.store.Read(ctx, next, MaxAuditPage)
		if err != nil {
			return nil, fmt.Errorf("rng: verify audit: %w", err)
		}
		if last == 0 {
			last = l
		}
		if to == 0 {
			to = last
		}
		done := len(recs) == 0
		for _, r := range recs {
			if r.GetSeq() > to && r.GetSeq() >= next {
				done = true
				break
			}
			if !v.Add(r) {
				done = true
				break
			}
			next = r.GetSeq() + 1
		}
		if len(recs) < MaxAuditPage || next > to {
			done = true
		}
		if done {
			break
		}
	}
	ok, checked, bad, reason, head := v.Result()
	if ok && head.Seq < to {
		// The log ends (or was cut) before the range does.
		ok, bad, reason = false, head.Seq+1, fmt.Sprintf("record %d is missing: the log ends at %d", head.Seq+1, head.Seq)
	}
	return &rngv1.VerifyAuditResponse{Ok: ok, RecordsChecked: checked, FirstBadSeq: bad, Reason: reason, LastHash: head.Hash}, nil
}
