// Package audit is the RNG's hash-chained audit log: every outcome becomes a
// record holding its commitment, its request context and the hash of the
// record before it, so that changing, deleting or reordering a record
// breaks the chain at that point. Stores (memory, Redis) keep the records;
// this package seals and verifies them.
package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
)

// Tag opens every record encoding.
const Tag = "croupier.rng.v1.AuditRecord\x00"

// Genesis is the prev_hash of the first record: 32 zero bytes.
var Genesis = make([]byte, sha256.Size)

// Head is the end of the chain: the last record's sequence number and hash
// (0 and Genesis for an empty log).
type Head struct {
	Seq  uint64
	Hash []byte
}

// Encode returns the canonical encoding of r that its hash covers (every
// field except hash). Integers are big-endian; strings and byte strings are
// a uint32 length and the bytes:
//
//	Tag, uint64 seq, string outcome_id, uint8 kind,
//	string table_id, hand_id, round_id, tournament_id, partner_id, player_id,
//	bytes commitment, int64 created_at (Unix ns),
//	string requested_by, string idempotency_key, bytes prev_hash
func Encode(r *rngv1.AuditRecord) []byte {
	b := make([]byte, 0, 256)
	b = append(b, Tag...)
	b = binary.BigEndian.AppendUint64(b, r.GetSeq())
	b = appendBytes(b, []byte(r.GetOutcomeId()))
	b = append(b, byte(r.GetKind()))
	c := r.GetContext()
	if c == nil {
		c = &commonv1.Context{}
	}
	for _, s := range []string{c.GetTableId(), c.GetHandId(), c.GetRoundId(), c.GetTournamentId(), c.GetPartnerId(), c.GetPlayerId()} {
		b = appendBytes(b, []byte(s))
	}
	b = appendBytes(b, r.GetCommitment())
	var ns int64
	if r.GetCreatedAt() != nil {
		ns = r.GetCreatedAt().AsTime().UnixNano()
	}
	b = binary.BigEndian.AppendUint64(b, uint64(ns))
	b = appendBytes(b, []byte(r.GetRequestedBy()))
	b = appendBytes(b, []byte(r.GetIdempotencyKey()))
	b = appendBytes(b, r.GetPrevHash())
	return b
}

func appendBytes(b, s []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

// Hash returns SHA-256 of r's encoding.
func Hash(r *rngv1.AuditRecord) []byte {
	sum := sha256.Sum256(Encode(r))
	return sum[:]
}

// Seal makes r the record after head: it sets seq, prev_hash and hash and
// returns the new head.
func Seal(head Head, r *rngv1.AuditRecord) Head {
	prev := head.Hash
	if head.Seq == 0 {
		prev = Genesis
	}
	r.Seq = head.Seq + 1
	r.PrevHash = bytes.Clone(prev)
	r.Hash = Hash(r)
	return Head{Seq: r.Seq, Hash: bytes.Clone(r.Hash)}
}

// Verifier checks a run of records fed to it in log order.
type Verifier struct {
	prev    Head
	started bool
	checked uint64
	bad     uint64
	reason  string
}

// NewVerifier starts a verification after prev: the record with sequence
// number prev.Seq (Head{} to start at the beginning of the log, where the
// first record must point to Genesis).
func NewVerifier(prev Head) *Verifier {
	if prev.Seq == 0 {
		prev.Hash = Genesis
	}
	return &Verifier{prev: prev}
}

// Add checks the next record and reports whether the chain still holds.
// After the first failure it ignores further records.
func (v *Verifier) Add(r *rngv1.AuditRecord) bool {
	if v.bad != 0 {
		return false
	}
	fail := func(format string, args ...any) bool {
		v.bad = r.GetSeq()
		if v.bad == 0 {
			v.bad = v.prev.Seq + 1
		}
		v.reason = fmt.Sprintf(format, args...)
		return false
	}
	switch {
	case r.GetSeq() != v.prev.Seq+1:
		return fail("record %d follows record %d: a record was deleted, inserted or moved", r.GetSeq(), v.prev.Seq)
	case !bytes.Equal(r.GetPrevHash(), v.prev.Hash):
		return fail("record %d: prev_hash is not the hash of record %d: a record was deleted, inserted or moved", r.GetSeq(), v.prev.Seq)
	case !bytes.Equal(Hash(r), r.GetHash()):
		return fail("record %d: hash does not match its contents: the record was modified", r.GetSeq())
	}
	v.prev = Head{Seq: r.GetSeq(), Hash: r.GetHash()}
	v.checked++
	return true
}

// Result returns whether everything added verified, how many records did,
// the first bad sequence number and why (when not ok), and the last good head.
func (v *Verifier) Result() (ok bool, checked, firstBad uint64, reason string, last Head) {
	return v.bad == 0, v.checked, v.bad, v.reason, v.prev
}
