package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"google.golang.org/protobuf/encoding/protojson"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/shared/proof"
	"github.com/croupier/croupier/shared/wheel"
)

// isRoundProof tells the two JSON shapes `rng verify` reads apart: a
// RevealResponse has its outcome at the top level, the round proof
// BankedTableService/GetRoundProof returns holds a reveal (once the round
// is over) and names its round.
func isRoundProof(data []byte) bool {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return false
	}
	if _, ok := top["outcome"]; ok {
		return false
	}
	for _, k := range []string{"reveal", "opened", "roundId", "round_id"} {
		if _, ok := top[k]; ok {
			return true
		}
	}
	return false
}

// verifyRoundProof checks a banked round's fairness proof offline: the
// RNG's reveal verifies (proof.Verify), it opens the commitment the round
// published when betting opened (and the one the player saw in
// RoundOpened, given as published), and it is the reveal of this round's
// outcome. It prints one line, OK or FAILED.
func verifyRoundProof(data []byte, published []byte, layouts []wheel.Wheel, out io.Writer) error {
	var r tablev1.GetRoundProofResponse
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(data, &r); err != nil {
		return fmt.Errorf("round proof JSON: %w", err)
	}
	if op := r.GetOpened(); op != nil {
		// A casino poker round: the positions the caller saw, opened
		// against the deck's commitment (one deck a round).
		if err := checkOpened(&r, published); err != nil {
			fmt.Fprintf(out, "FAILED round %s: %v\n", r.GetRoundId(), err)
			return errFailed
		}
		var cards []string
		for _, o := range op.GetOpenings() {
			cards = append(cards, fmt.Sprintf("%d:%s", o.GetPosition()+1, o.GetCard()))
		}
		fmt.Fprintf(out, "OK round %s: deck positions %s open commitment %s\n", r.GetRoundId(), strings.Join(cards, " "), hex.EncodeToString(r.GetCommitment()))
		return nil
	}
	if err := checkRoundProof(&r, published, layouts); err != nil {
		fmt.Fprintf(out, "FAILED round %s: %v\n", r.GetRoundId(), err)
		return errFailed
	}
	o := r.GetReveal().GetOutcome()
	if o.GetKind() == rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE {
		fmt.Fprintf(out, "OK round %s: %s opens commitment %s\n", r.GetRoundId(), describe(o), hex.EncodeToString(r.GetCommitment()))
		return nil
	}
	fmt.Fprintf(out, "OK round %s: %s %s (pocket %d) opens commitment %s\n", r.GetRoundId(), o.GetWheelLayout(), o.GetPocketLabel(),
		o.GetPocketIndex(), hex.EncodeToString(r.GetCommitment()))
	return nil
}

func checkRoundProof(r *tablev1.GetRoundProofResponse, published []byte, layouts []wheel.Wheel) error {
	rv := r.GetReveal()
	if !r.GetRevealed() || rv == nil {
		return fmt.Errorf("the proof holds no reveal (is the round over?)")
	}
	if len(r.GetCommitment()) == 0 {
		return fmt.Errorf("the proof holds no commitment")
	}
	if published != nil && !bytes.Equal(published, r.GetCommitment()) {
		return fmt.Errorf("the proof's commitment %x is not the one published when betting opened %x", r.GetCommitment(), published)
	}
	o := rv.GetOutcome()
	// A wheel's round is proved by its spin, a card table's by the shoe
	// it was dealt from.
	if k := o.GetKind(); k != rngv1.OutcomeKind_OUTCOME_KIND_SPIN && k != rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE {
		return fmt.Errorf("the reveal is a %v, not a spin or a shoe", o.GetKind())
	}
	if err := proof.Verify(rv, layouts...); err != nil {
		return err
	}
	// The reveal is sound; is it this round's? Its commitment must be the
	// round's, and its id and context (hashed into the commitment) too.
	if !bytes.Equal(o.GetCommitment(), r.GetCommitment()) {
		return fmt.Errorf("the reveal opens commitment %x, the round published %x", o.GetCommitment(), r.GetCommitment())
	}
	if id := r.GetRngOutcomeId(); id != "" && o.GetId() != id {
		return fmt.Errorf("the reveal is of outcome %q, the round's is %q", o.GetId(), id)
	}
	if rid := o.GetContext().GetRoundId(); rid != "" && rid != r.GetRoundId() {
		return fmt.Errorf("the reveal is of round %q", rid)
	}
	// A shoe serves many rounds of one table: its context names the
	// table, whose rounds are "<table>-r<n>".
	if tid := o.GetContext().GetTableId(); tid != "" && !strings.HasPrefix(r.GetRoundId(), tid+"-r") {
		return fmt.Errorf("the reveal is of table %q's shoe", tid)
	}
	return nil
}

// checkOpened checks a casino poker round's opened positions: they
// verify against the proof's commitment (and the one published when the
// deck was shuffled, given as published).
func checkOpened(r *tablev1.GetRoundProofResponse, published []byte) error {
	if len(r.GetCommitment()) == 0 {
		return fmt.Errorf("the proof holds no commitment")
	}
	if published != nil && !bytes.Equal(published, r.GetCommitment()) {
		return fmt.Errorf("the proof's commitment %x is not the one published when the deck was shuffled %x", r.GetCommitment(), published)
	}
	if err := proof.VerifyShoe(r.GetOpened(), r.GetCommitment(), 1); err != nil {
		return fmt.Errorf("the opened positions do not verify: %w", err)
	}
	return nil
}
