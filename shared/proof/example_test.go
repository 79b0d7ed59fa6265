package proof_test

import (
	"fmt"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/shared/proof"
)

// A third party checks a revealed spin: re-encode, hash with the salt,
// compare with the commitment published before the spin.
func ExampleVerify() {
	o := &rngv1.Outcome{
		Id: "o-1", Kind: rngv1.OutcomeKind_OUTCOME_KIND_SPIN,
		CreatedAt: timestamppb.New(time.Unix(1_800_000_000, 5)),
		Wheel:     rngv1.Wheel_WHEEL_EUROPEAN, WheelLayout: "european", PocketIndex: 13, PocketLabel: "36",
	}
	salt := make([]byte, proof.SaltSize)
	enc, _ := proof.Encode(o)
	o.Commitment = proof.Commit(enc, salt) // what the RNG published

	fmt.Println(proof.Verify(&rngv1.RevealResponse{Outcome: o, Salt: salt}))
	o.PocketIndex, o.PocketLabel = 0, "0" // someone claims the ball landed on zero
	fmt.Println(proof.Verify(&rngv1.RevealResponse{Outcome: o, Salt: salt}))
	// Output:
	// <nil>
	// commitment does not match the revealed outcome
}
