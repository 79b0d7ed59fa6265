package audit

import (
	"bytes"
	"testing"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
)

func chain(n int) []*rngv1.AuditRecord {
	var head Head
	out := make([]*rngv1.AuditRecord, n)
	for i := range out {
		out[i] = &rngv1.AuditRecord{OutcomeId: string(rune('a' + i)), Commitment: bytes.Repeat([]byte{byte(i)}, 32)}
		head = Seal(head, out[i])
	}
	return out
}

func TestSealChainsFromGenesis(t *testing.T) {
	recs := chain(3)
	if !bytes.Equal(recs[0].GetPrevHash(), Genesis) || recs[0].GetSeq() != 1 {
		t.Fatalf("first record: seq %d prev %x", recs[0].GetSeq(), recs[0].GetPrevHash())
	}
	for i := 1; i < 3; i++ {
		if !bytes.Equal(recs[i].GetPrevHash(), recs[i-1].GetHash()) || recs[i].GetSeq() != uint64(i+1) {
			t.Fatalf("record %d does not chain", i+1)
		}
	}
}

// Every field the record carries is covered by its hash.
func TestHashCoversEveryField(t *testing.T) {
	base := chain(1)[0]
	base.RequestedBy, base.IdempotencyKey = "service table", "k"
	h := Hash(base)
	mutate := []func(r *rngv1.AuditRecord){
		func(r *rngv1.AuditRecord) { r.Seq++ },
		func(r *rngv1.AuditRecord) { r.OutcomeId += "x" },
		func(r *rngv1.AuditRecord) { r.Kind = rngv1.OutcomeKind_OUTCOME_KIND_DRAW },
		func(r *rngv1.AuditRecord) { r.Commitment[0] ^= 1 },
		func(r *rngv1.AuditRecord) { r.PrevHash[0] ^= 1 },
		func(r *rngv1.AuditRecord) { r.RequestedBy = "operator x" },
		func(r *rngv1.AuditRecord) { r.IdempotencyKey = "j" },
	}
	for i, m := range mutate {
		r := chain(1)[0]
		r.RequestedBy, r.IdempotencyKey = "service table", "k"
		m(r)
		if bytes.Equal(Hash(r), h) {
			t.Errorf("mutation %d does not change the hash", i)
		}
	}
}

func TestVerifierFromAnchor(t *testing.T) {
	recs := chain(6)
	v := NewVerifier(Head{Seq: 3, Hash: recs[2].GetHash()})
	for _, r := range recs[3:] {
		if !v.Add(r) {
			_, _, bad, reason, _ := v.Result()
			t.Fatalf("record %d: %s", bad, reason)
		}
	}
	ok, checked, _, _, last := v.Result()
	if !ok || checked != 3 || last.Seq != 6 {
		t.Fatalf("ok %v checked %d last %d", ok, checked, last.Seq)
	}
	// A wrong anchor is caught at the first record.
	v = NewVerifier(Head{Seq: 3, Hash: recs[1].GetHash()})
	if v.Add(recs[3]) {
		t.Fatal("record 4 verified against the wrong anchor")
	}
}
