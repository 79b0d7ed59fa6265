package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/proof"
	"github.com/croupier/croupier/shared/wheel"
)

// roundProof is what BankedTableService/GetRoundProof returns for round
// roundID after the round: a spin the RNG drew for it, closed and revealed.
func roundProof(t *testing.T, s served, roundID string) *tablev1.GetRoundProofResponse {
	t.Helper()
	o, err := s.svc.Spin(context.Background(), &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN,
		Context: &commonv1.Context{TableId: "t1", RoundId: roundID}})
	if err != nil {
		t.Fatal(err)
	}
	return revealedProof(t, s, roundID, o)
}

// revealedProof is round roundID's proof once outcome o is closed and
// revealed.
func revealedProof(t *testing.T, s served, roundID string, o *rngv1.Outcome) *tablev1.GetRoundProofResponse {
	t.Helper()
	closeOutcome(t, s, o)
	r, err := s.svc.Reveal(context.Background(), &rngv1.RevealRequest{OutcomeId: o.GetId()})
	if err != nil {
		t.Fatal(err)
	}
	return &tablev1.GetRoundProofResponse{RoundId: roundID, Commitment: o.GetCommitment(), RngOutcomeId: o.GetId(), Revealed: true, Reveal: r}
}

func marshal(t *testing.T, m proto.Message) string {
	t.Helper()
	b, err := protojson.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// croupierctl rng verify checks a banked round's proof: the reveal opens
// the commitment published when betting opened, and says what won.
func TestRngVerifyRoundProof(t *testing.T) {
	s := serve(t)
	p := roundProof(t, s, "t1-r1")
	o := p.GetReveal().GetOutcome()
	good := marshal(t, p)
	want := fmt.Sprintf("OK round t1-r1: european %s (pocket %d) opens commitment %s\n", o.GetPocketLabel(), o.GetPocketIndex(), hex.EncodeToString(p.GetCommitment()))
	out, err := ctl(t, good, "rng", "verify")
	if err != nil || out != want {
		t.Fatalf("good proof: %v\n%s\nwant %s", err, out, want)
	}
	path := filepath.Join(t.TempDir(), "proof.json")
	if err := os.WriteFile(path, []byte(good), 0o600); err != nil {
		t.Fatal(err)
	}
	// The commitment as the player saw it in RoundOpened: hex, or base64
	// as the JSON of the event carries it.
	for _, c := range []string{hex.EncodeToString(p.GetCommitment()), base64.StdEncoding.EncodeToString(p.GetCommitment())} {
		if out, err := ctl(t, "", "rng", "verify", "--commitment", c, path); err != nil || out != want {
			t.Fatalf("--commitment %s: %v\n%s", c, err, out)
		}
	}
	// The original proto field names are JSON too.
	orig, _ := protojson.MarshalOptions{UseProtoNames: true}.Marshal(p)
	if out, err := ctl(t, string(orig), "rng", "verify"); err != nil || out != want {
		t.Fatalf("proto field names: %v\n%s", err, out)
	}
	other := bytes.Repeat([]byte{7}, 32)
	out, err = ctl(t, good, "rng", "verify", "--commitment", hex.EncodeToString(other))
	if !errors.Is(err, errFailed) || !strings.HasPrefix(out, "FAILED round t1-r1: the proof's commitment") {
		t.Fatalf("another published commitment accepted: %v\n%s", err, out)
	}
	if _, err := ctl(t, good, "rng", "verify", "--commitment", "not-hex!"); err == nil || errors.Is(err, errFailed) {
		t.Fatalf("a --commitment neither hex nor base64: %v", err)
	}
}

// A round proof changed anywhere fails with exit status 1 and says why.
func TestRngVerifyRoundProofTampered(t *testing.T) {
	s := serve(t)
	p := roundProof(t, s, "t1-r1")
	q := roundProof(t, s, "t1-r2") // another round's honest proof
	o := p.GetReveal().GetOutcome()
	otherPocket := (o.GetPocketIndex() + 1) % 37
	tamper := []tampering{
		{"another result", func(r *tablev1.GetRoundProofResponse) {
			r.Reveal.Outcome.PocketIndex, r.Reveal.Outcome.PocketLabel = otherPocket, wheel.European().Labels[otherPocket]
			r.Reveal.CanonicalEncoding = nil
		}, "commitment does not match"},
		{"the label alone", func(r *tablev1.GetRoundProofResponse) {
			r.Reveal.Outcome.PocketLabel = wheel.European().Labels[otherPocket]
		}, "malformed"},
		{"the salt", func(r *tablev1.GetRoundProofResponse) { r.Reveal.Salt[0] ^= 1 }, "commitment does not match"},
		{"the encoding", func(r *tablev1.GetRoundProofResponse) { r.Reveal.CanonicalEncoding[30] ^= 1 }, "canonical encoding"},
		{"the round's commitment", func(r *tablev1.GetRoundProofResponse) { r.Commitment = q.GetCommitment() }, "the reveal opens commitment"},
		{"another round's reveal", func(r *tablev1.GetRoundProofResponse) { r.Reveal = q.GetReveal() }, "the reveal opens commitment"},
		{"another round's whole proof", func(r *tablev1.GetRoundProofResponse) {
			r.Commitment, r.RngOutcomeId, r.Reveal = q.GetCommitment(), q.GetRngOutcomeId(), q.GetReveal()
		}, `the reveal is of round "t1-r2"`},
		{"the outcome id", func(r *tablev1.GetRoundProofResponse) { r.RngOutcomeId = q.GetRngOutcomeId() }, "the reveal is of outcome"},
		{"not revealed", func(r *tablev1.GetRoundProofResponse) { r.Revealed, r.Reveal = false, nil }, "no reveal (is the round over?)"},
		{"no commitment", func(r *tablev1.GetRoundProofResponse) { r.Commitment = nil }, "no commitment"},
		{"no salt", func(r *tablev1.GetRoundProofResponse) { r.Reveal.Salt = nil }, "salt is 0 bytes"},
		{"not a spin", func(r *tablev1.GetRoundProofResponse) { r.Reveal.Outcome.Kind = rngv1.OutcomeKind_OUTCOME_KIND_DRAW }, "not a spin"},
	}
	expectTampered(t, p, tamper)
	if _, err := ctl(t, `{"reveal": 5}`, "rng", "verify"); err == nil || errors.Is(err, errFailed) {
		t.Fatalf("a round proof that is not one: %v", err)
	}
}

// A plain reveal is still a reveal (it has its outcome at the top level),
// and --commitment checks it too.
func TestRngVerifyRevealWithCommitment(t *testing.T) {
	s := serve(t)
	p := roundProof(t, s, "t1-r1")
	js := marshal(t, p.GetReveal())
	c := hex.EncodeToString(p.GetCommitment())
	if out, err := ctl(t, js, "rng", "verify", "--commitment", c); err != nil || !strings.HasPrefix(out, "OK outcome "+p.GetRngOutcomeId()) {
		t.Fatalf("reveal with its commitment: %v\n%s", err, out)
	}
	other := roundProof(t, s, "t1-r2")
	out, err := ctl(t, js, "rng", "verify", "--commitment", hex.EncodeToString(other.GetCommitment()))
	if !errors.Is(err, errFailed) || !strings.HasPrefix(out, "FAILED outcome ") {
		t.Fatalf("reveal with another commitment: %v\n%s", err, out)
	}
}

// shoeRoundProof is what GetRoundProof returns for a blackjack round
// dealt from shoe o of table t1 once the shoe has ended.
func shoeRoundProof(t *testing.T, s served, table, roundID string) *tablev1.GetRoundProofResponse {
	t.Helper()
	o, err := s.svc.Shuffle(context.Background(), &rngv1.ShuffleRequest{Decks: 6, Context: &commonv1.Context{TableId: table},
		CutCard: &rngv1.CutCard{MinFromFront: 234, MinFromEnd: 52}})
	if err != nil {
		t.Fatal(err)
	}
	return revealedProof(t, s, roundID, o)
}

// A card table's round is proved by its shoe: the reveal of the whole
// shoe opens the commitment published when the shoe started; a card
// moved, another table's shoe or a shoe not yet revealed fails.
func TestRngVerifyShoeRoundProof(t *testing.T) {
	s := serve(t)
	p := shoeRoundProof(t, s, "t1", "t1-r7")
	out, err := ctl(t, marshal(t, p), "rng", "verify", "--commitment", hex.EncodeToString(p.GetCommitment()))
	want := fmt.Sprintf("OK round t1-r7: shuffle of 6 decks, top card %s, cut card at %d opens commitment %s\n",
		p.GetReveal().GetOutcome().GetCards()[0], p.GetReveal().GetOutcome().GetCutCardPosition(), hex.EncodeToString(p.GetCommitment()))
	if err != nil || out != want {
		t.Fatalf("good shoe proof: %v\n%s\nwant %s", err, out, want)
	}
	other := shoeRoundProof(t, s, "t2", "t2-r7")
	tamper := []tampering{
		{"two cards swapped", func(r *tablev1.GetRoundProofResponse) {
			c := r.Reveal.Outcome.Cards
			i := 1
			for c[i] == c[0] {
				i++
			}
			c[0], c[i] = c[i], c[0]
		}, "commitment does not match"},
		{"another table's shoe", func(r *tablev1.GetRoundProofResponse) {
			r.Commitment, r.RngOutcomeId, r.Reveal = other.GetCommitment(), other.GetRngOutcomeId(), other.GetReveal()
		}, `the reveal is of table "t2"'s shoe`},
		{"not revealed", func(r *tablev1.GetRoundProofResponse) { r.Revealed, r.Reveal = false, nil }, "no reveal"},
	}
	expectTampered(t, p, tamper)
}

// tampering is a change to an honest round proof, and what `rng verify`
// must say of it.
type tampering struct {
	name string
	f    func(r *tablev1.GetRoundProofResponse)
	why  string
}

// expectTampered checks that every tampering of p fails verification
// with exit status 1, naming the round and saying why.
func expectTampered(t *testing.T, p *tablev1.GetRoundProofResponse, tamper []tampering) {
	t.Helper()
	for _, tc := range tamper {
		r := proto.Clone(p).(*tablev1.GetRoundProofResponse)
		tc.f(r)
		out, err := ctl(t, marshal(t, r), "rng", "verify")
		if !errors.Is(err, errFailed) || !strings.HasPrefix(out, "FAILED round "+p.GetRoundId()+": ") || !strings.Contains(out, tc.why) {
			t.Errorf("tampered %s: %v\n%s", tc.name, err, out)
		}
	}
}

// A casino poker round's proof opens the deck positions its caller saw:
// they verify against the deck's commitment; a card changed, a position
// moved or another deck's commitment fails.
func TestRngVerifyOpenedRoundProof(t *testing.T) {
	deck := card.Strings(card.Deck(1))
	sh, err := proof.NewShoe("deck-1", deck, 0, bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	op, err := sh.Open([]int32{0, 1, 6, 7, 8})
	if err != nil {
		t.Fatal(err)
	}
	p := &tablev1.GetRoundProofResponse{RoundId: "t1-r3", Commitment: sh.Root(), RngOutcomeId: "deck-1", Opened: op}
	out, err := ctl(t, marshal(t, p), "rng", "verify", "--commitment", hex.EncodeToString(sh.Root()))
	want := fmt.Sprintf("OK round t1-r3: deck positions 1:%s 2:%s 7:%s 8:%s 9:%s open commitment %s\n",
		deck[0], deck[1], deck[6], deck[7], deck[8], hex.EncodeToString(sh.Root()))
	if err != nil || out != want {
		t.Fatalf("good opened proof: %v\n%s\nwant %s", err, out, want)
	}
	other, err := proof.NewShoe("deck-2", deck, 0, bytes.Repeat([]byte{9}, 32))
	if err != nil {
		t.Fatal(err)
	}
	expectTampered(t, p, []tampering{
		{"a card changed", func(r *tablev1.GetRoundProofResponse) { r.Opened.Openings[2].Card = deck[20] }, "do not verify"},
		{"a position moved", func(r *tablev1.GetRoundProofResponse) { r.Opened.Openings[1].Position = 5 }, "do not verify"},
		{"another deck's commitment", func(r *tablev1.GetRoundProofResponse) { r.Commitment = other.Root() }, "do not verify"},
	})
}
