package rng

import (
	"bytes"
	"context"
	"strings"
	"testing"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng/audit"
	"github.com/croupier/croupier/services/rng/store"
	"github.com/croupier/croupier/shared/auth"
)

// auditedService returns a service whose memory store holds n outcomes.
func auditedService(t *testing.T, n int) (*Service, *store.Memory) {
	t.Helper()
	mem := store.NewMemory()
	s := newService(t, Config{Store: mem})
	ctx := auth.WithPrincipal(context.Background(), auth.Principal{Role: auth.RoleService, Subject: "table"})
	for i := range n {
		c := &commonv1.Context{TableId: "t-1", HandId: string(rune('a' + i))}
		var err error
		switch i % 3 {
		case 0:
			_, err = s.Shuffle(ctx, &rngv1.ShuffleRequest{Decks: 1, Context: c})
		case 1:
			_, err = s.Spin(ctx, &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN, Context: c})
		default:
			_, err = s.Draw(ctx, &rngv1.DrawRequest{N: 10, K: 2, Context: c, IdempotencyKey: "draw-" + c.GetHandId()})
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return s, mem
}

func verify(t *testing.T, s *Service, from, to uint64) *rngv1.VerifyAuditResponse {
	t.Helper()
	r, err := s.VerifyAudit(context.Background(), &rngv1.VerifyAuditRequest{FromSeq: from, ToSeq: to})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestAuditRecordsEveryOutcomeWithContext(t *testing.T) {
	s, _ := auditedService(t, 6)
	r, err := s.ReadAudit(context.Background(), &rngv1.ReadAuditRequest{FromSeq: 1, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.GetRecords()) != 6 || r.GetLastSeq() != 6 {
		t.Fatalf("%d records, last %d; want 6", len(r.GetRecords()), r.GetLastSeq())
	}
	prev := audit.Genesis
	for i, rec := range r.GetRecords() {
		if rec.GetSeq() != uint64(i+1) || !bytes.Equal(rec.GetPrevHash(), prev) {
			t.Fatalf("record %d: seq %d, prev_hash does not chain", i, rec.GetSeq())
		}
		if rec.GetContext().GetTableId() != "t-1" || rec.GetRequestedBy() != "service table" {
			t.Fatalf("record %d lost its request context: %v", i, rec)
		}
		owner := auth.WithPrincipal(context.Background(), auth.Principal{Role: auth.RoleService, Subject: "table"})
		if _, err := s.Close(owner, &rngv1.CloseRequest{OutcomeId: rec.GetOutcomeId()}); err != nil {
			t.Fatal(err)
		}
		out, err := s.Reveal(context.Background(), &rngv1.RevealRequest{OutcomeId: rec.GetOutcomeId()})
		if err != nil || !bytes.Equal(out.GetOutcome().GetCommitment(), rec.GetCommitment()) {
			t.Fatalf("record %d: commitment is not the outcome's (%v)", i, err)
		}
		prev = rec.GetHash()
	}
	if rec := r.GetRecords()[2]; rec.GetIdempotencyKey() != "draw-c" {
		t.Fatalf("idempotency key not recorded: %q", rec.GetIdempotencyKey())
	}
	// Paging.
	p, _ := s.ReadAudit(context.Background(), &rngv1.ReadAuditRequest{FromSeq: 4, Limit: 2})
	if len(p.GetRecords()) != 2 || p.GetRecords()[0].GetSeq() != 4 {
		t.Fatalf("page from 4: %v", p.GetRecords())
	}
}

func TestVerifyAuditAcceptsIntactChain(t *testing.T) {
	s, _ := auditedService(t, 10)
	r := verify(t, s, 0, 0)
	if !r.GetOk() || r.GetRecordsChecked() != 10 {
		t.Fatalf("intact chain: %v", r)
	}
	tail, _ := s.ReadAudit(context.Background(), &rngv1.ReadAuditRequest{FromSeq: 10, Limit: 1})
	if !bytes.Equal(r.GetLastHash(), tail.GetRecords()[0].GetHash()) {
		t.Fatal("last_hash is not the hash of record 10")
	}
	if r := verify(t, s, 4, 7); !r.GetOk() || r.GetRecordsChecked() != 4 {
		t.Fatalf("range 4..7: %v", r)
	}
}

func TestVerifyAuditDetectsTampering(t *testing.T) {
	cases := []struct {
		name    string
		tamper  func([]*rngv1.AuditRecord) []*rngv1.AuditRecord
		wantBad uint64
		reason  string
	}{
		{"modified context", func(r []*rngv1.AuditRecord) []*rngv1.AuditRecord {
			r[4].Context.HandId = "someone-else"
			return r
		}, 5, "modified"},
		{"modified commitment", func(r []*rngv1.AuditRecord) []*rngv1.AuditRecord {
			r[6].Commitment[0] ^= 1
			return r
		}, 7, "modified"},
		{"modified and rehashed", func(r []*rngv1.AuditRecord) []*rngv1.AuditRecord {
			// Someone who recomputes the record's own hash still breaks
			// the link from the next record.
			r[3].Context.TableId = "t-9"
			r[3].Hash = audit.Hash(r[3])
			return r
		}, 5, "deleted, inserted or moved"},
		{"deleted", func(r []*rngv1.AuditRecord) []*rngv1.AuditRecord {
			return append(r[:2:2], r[3:]...)
		}, 4, "deleted, inserted or moved"},
		{"deleted and renumbered", func(r []*rngv1.AuditRecord) []*rngv1.AuditRecord {
			r = append(r[:2:2], r[3:]...)
			for i := 2; i < len(r); i++ {
				r[i].Seq--
			}
			return r
		}, 3, "deleted, inserted or moved"},
		{"reordered", func(r []*rngv1.AuditRecord) []*rngv1.AuditRecord {
			r[5], r[6] = r[6], r[5]
			return r
		}, 7, "deleted, inserted or moved"},
		{"tail cut", func(r []*rngv1.AuditRecord) []*rngv1.AuditRecord {
			return r[:8]
		}, 9, "missing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, mem := auditedService(t, 10)
			mem.Tamper(c.tamper)
			r := verify(t, s, 0, 10)
			if r.GetOk() {
				t.Fatalf("tampered log verified: %v", r)
			}
			if r.GetFirstBadSeq() != c.wantBad || !strings.Contains(r.GetReason(), c.reason) {
				t.Fatalf("first bad %d (%q), want %d (%q)", r.GetFirstBadSeq(), r.GetReason(), c.wantBad, c.reason)
			}
		})
	}
}

func TestReadAuditRejectsBadLimit(t *testing.T) {
	s, _ := auditedService(t, 1)
	for _, l := range []int32{0, -1, 1001} {
		_, err := s.ReadAudit(context.Background(), &rngv1.ReadAuditRequest{Limit: l})
		if err == nil {
			t.Errorf("limit %d accepted", l)
		}
	}
	if _, err := s.VerifyAudit(context.Background(), &rngv1.VerifyAuditRequest{FromSeq: 5, ToSeq: 2}); err == nil {
		t.Error("reversed range accepted")
	}
}
