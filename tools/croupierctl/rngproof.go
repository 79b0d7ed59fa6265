package main

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"flag"
	"fmt"
	"strings"

	"google.golang.org/protobuf/encoding/protojson"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/shared/proof"
)

// rngVerifyProof checks a viewer's fairness proof offline: the JSON
// TableService/GetFairnessProof returns. Every opening must recompute the
// commitment published in HandStarted (given with --commitment, as the
// viewer saw it at hand start; the proof's own copy otherwise).
func rngVerifyProof(_ context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("rng verify-proof", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	commitment := fs.String("commitment", "", "the shoe commitment from HandStarted (hex or base64); default: the proof's")
	decks := fs.Int("decks", 1, "decks in the shoe: no card may be opened more often")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	file := "-"
	switch fs.NArg() {
	case 0:
	case 1:
		file = fs.Arg(0)
	default:
		fmt.Fprintf(e.stderr, "croupierctl rng verify-proof: one proof file at most, got %q\n", fs.Args())
		return errUsage
	}
	data, err := e.readInput(file)
	if err != nil {
		return err
	}
	var r tablev1.GetFairnessProofResponse
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(data, &r); err != nil {
		fmt.Fprintf(e.stdout, "FAILED: the proof is not a GetFairnessProof JSON: %v\n", err)
		return errFailed
	}
	root := r.GetCommitment()
	if *commitment != "" {
		if root, err = decodeBytes(*commitment); err != nil {
			return fmt.Errorf("--commitment: %w", err)
		}
		if len(r.GetCommitment()) > 0 && hex.EncodeToString(r.GetCommitment()) != hex.EncodeToString(root) {
			fmt.Fprintf(e.stdout, "FAILED hand %s: the proof's commitment %x is not the one published at hand start %x\n", r.GetHandId(), r.GetCommitment(), root)
			return errFailed
		}
	}
	if !r.GetRevealed() || r.GetProof() == nil {
		fmt.Fprintf(e.stdout, "FAILED hand %s: the proof holds no openings (is the hand over?)\n", r.GetHandId())
		return errFailed
	}
	p := r.GetProof()
	if p.GetOutcomeId() != r.GetRngOutcomeId() {
		fmt.Fprintf(e.stdout, "FAILED hand %s: the proof is for outcome %q, the hand's is %q\n", r.GetHandId(), p.GetOutcomeId(), r.GetRngOutcomeId())
		return errFailed
	}
	if err := proof.VerifyShoe(p, root, *decks); err != nil {
		fmt.Fprintf(e.stdout, "FAILED hand %s: %v\n", r.GetHandId(), err)
		return errFailed
	}
	var cards []string
	for _, o := range p.GetOpenings() {
		cards = append(cards, fmt.Sprintf("%d:%s", o.GetPosition(), o.GetCard()))
	}
	fmt.Fprintf(e.stdout, "OK hand %s: %d of %d shoe positions open to commitment %s: %s\n", r.GetHandId(), len(p.GetOpenings()), p.GetLeaves(),
		hex.EncodeToString(root), strings.Join(cards, " "))
	return nil
}

// decodeBytes reads hex, or base64 as protojson writes bytes.
func decodeBytes(s string) ([]byte, error) {
	if b, err := hex.DecodeString(s); err == nil {
		return b, nil
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("%q is neither hex nor base64", s)
}
