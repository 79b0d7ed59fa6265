package proof

import (
	"encoding/hex"
	"errors"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/wheel"
)

var at = timestamppb.New(time.Date(2026, 11, 30, 12, 0, 0, 123456789, time.UTC))

func salt() []byte {
	s := make([]byte, SaltSize)
	for i := range s {
		s[i] = byte(i)
	}
	return s
}

// reveal builds a genuine reveal for o.
func reveal(t testing.TB, o *rngv1.Outcome) *rngv1.RevealResponse {
	t.Helper()
	if o.GetKind() == rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE {
		sh, err := NewShoe(o.GetId(), o.GetCards(), int(o.GetCutCardPosition()), salt())
		if err != nil {
			t.Fatal(err)
		}
		o.Commitment = sh.Root()
		return &rngv1.RevealResponse{Outcome: o, Salt: salt()}
	}
	enc, err := Encode(o)
	if err != nil {
		t.Fatal(err)
	}
	o.Commitment = Commit(enc, salt())
	return &rngv1.RevealResponse{Outcome: o, Salt: salt(), CanonicalEncoding: enc}
}

func shoe() *rngv1.Outcome {
	cards := make([]string, 0, 52)
	for _, c := range card.Deck(1) {
		cards = append(cards, c.String())
	}
	cards[0], cards[51] = cards[51], cards[0]
	return &rngv1.Outcome{Id: "o-shoe", Kind: rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE, CreatedAt: at, Decks: 1, Cards: cards, CutCardPosition: 40,
		Context: &commonv1.Context{TableId: "bj-1", HandId: "77"}}
}

func spin() *rngv1.Outcome {
	return &rngv1.Outcome{Id: "o-spin", Kind: rngv1.OutcomeKind_OUTCOME_KIND_SPIN, CreatedAt: at,
		Wheel: rngv1.Wheel_WHEEL_EUROPEAN, WheelLayout: "european", PocketIndex: 2, PocketLabel: "15"}
}

func draw() *rngv1.Outcome {
	return &rngv1.Outcome{Id: "o-draw", Kind: rngv1.OutcomeKind_OUTCOME_KIND_DRAW, CreatedAt: at, N: 10, Values: []int32{7, 0, 3}}
}

// The worked example of docs/rng.md ("Canonical encoding"): a spin of the
// European wheel. The bytes were produced by an independent Python
// implementation of the documented format, so this pins the document and
// the code to each other.
func TestEncodingMatchesDocumentedExample(t *testing.T) {
	o := &rngv1.Outcome{Id: "o-1", Kind: rngv1.OutcomeKind_OUTCOME_KIND_SPIN,
		CreatedAt: timestamppb.New(time.Unix(1_800_000_000, 5).UTC()),
		Context:   &commonv1.Context{TableId: "r1", HandId: "9"},
		Wheel:     rngv1.Wheel_WHEEL_EUROPEAN, WheelLayout: "european", PocketIndex: 13, PocketLabel: "36"}
	enc, err := Encode(o)
	if err != nil {
		t.Fatal(err)
	}
	const want = "63726f75706965722e726e672e76312e4f7574636f6d6500" + // tag
		"000000036f2d31" + "02" + // id "o-1", kind SPIN
		"000000027231" + "0000000139" + "00000000" + "00000000" + "00000000" + "00000000" + // context
		"18fae27693b40005" + // created_at ns
		"01" + "000000086575726f7065616e" + "0000000d" + "000000023336" // wheel, layout, index, label
	if got := hex.EncodeToString(enc); got != want {
		t.Fatalf("encoding\n got %s\nwant %s", got, want)
	}
	const wantCommit = "dd03c00af37be8ba9356a450bd6168305d86d09000de24e830a627236b7857d2"
	if got := hex.EncodeToString(Commit(enc, salt())); got != wantCommit {
		t.Fatalf("commitment %s, want %s", got, wantCommit)
	}
}

func TestRevealRoundTripVerifies(t *testing.T) {
	for _, o := range []*rngv1.Outcome{shoe(), spin(), draw()} {
		if err := Verify(reveal(t, o)); err != nil {
			t.Errorf("%v: %v", o.GetKind(), err)
		}
		// A reveal without the encoding is checked on the re-computed one.
		r := reveal(t, o)
		r.CanonicalEncoding = nil
		if err := Verify(r); err != nil {
			t.Errorf("%v without encoding: %v", o.GetKind(), err)
		}
	}
}

func TestTamperedRevealIsRejected(t *testing.T) {
	cases := []struct {
		name   string
		base   func() *rngv1.Outcome
		tamper func(r *rngv1.RevealResponse)
		want   error
	}{
		{"swapped two cards", shoe, func(r *rngv1.RevealResponse) {
			c := r.Outcome.Cards
			c[1], c[2] = c[2], c[1]
		}, ErrCommitment},
		{"shoe with an encoding", shoe, func(r *rngv1.RevealResponse) {
			r.CanonicalEncoding, _ = Encode(r.Outcome)
		}, ErrEncodingMismatch},
		{"moved cut card", shoe, func(r *rngv1.RevealResponse) {
			r.Outcome.CutCardPosition = 41
		}, ErrCommitment},
		{"other outcome id", shoe, func(r *rngv1.RevealResponse) {
			r.Outcome.Id = "o-other"
		}, ErrCommitment},
		{"other shoe secret", shoe, func(r *rngv1.RevealResponse) { r.Salt[0] ^= 1 }, ErrCommitment},
		{"other pocket", spin, func(r *rngv1.RevealResponse) {
			r.Outcome.PocketIndex, r.Outcome.PocketLabel = 3, "19"
			r.CanonicalEncoding = nil
		}, ErrCommitment},
		{"label not at index", spin, func(r *rngv1.RevealResponse) { r.Outcome.PocketLabel = "0" }, ErrMalformed},
		{"other salt", draw, func(r *rngv1.RevealResponse) { r.Salt[31] ^= 1 }, ErrCommitment},
		{"short salt", draw, func(r *rngv1.RevealResponse) { r.Salt = r.Salt[:16] }, ErrMalformed},
		{"other commitment", draw, func(r *rngv1.RevealResponse) { r.Outcome.Commitment[0] ^= 1 }, ErrCommitment},
		{"repeated value", draw, func(r *rngv1.RevealResponse) { r.Outcome.Values[1] = 7 }, ErrMalformed},
		{"value out of range", draw, func(r *rngv1.RevealResponse) { r.Outcome.Values[1] = 10 }, ErrMalformed},
		{"duplicate card", shoe, func(r *rngv1.RevealResponse) { r.Outcome.Cards[1] = r.Outcome.Cards[2] }, ErrMalformed},
		{"short shoe", shoe, func(r *rngv1.RevealResponse) { r.Outcome.Cards = r.Outcome.Cards[:51] }, ErrMalformed},
		{"card not canonical", shoe, func(r *rngv1.RevealResponse) { r.Outcome.Cards[0] = "aS" }, ErrMalformed},
		{"no outcome", draw, func(r *rngv1.RevealResponse) { r.Outcome = nil }, ErrMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := reveal(t, c.base())
			c.tamper(r)
			err := Verify(r)
			if !errors.Is(err, c.want) {
				t.Fatalf("Verify = %v, want %v", err, c.want)
			}
		})
	}
}

func TestOperatorMoneyWheelLayout(t *testing.T) {
	order := "x,x,x,x,seven,star,star,melon,melon,melon,grapes,grapes,grapes,grapes,grapes," +
		"bell,bell,bell,bell,bell,bell,cherries,cherries,cherries,cherries,cherries,cherries,cherries,cherries,cherries"
	w, err := wheel.ParseMoney("casino-a", order)
	if err != nil {
		t.Fatal(err)
	}
	o := &rngv1.Outcome{Id: "o-m", Kind: rngv1.OutcomeKind_OUTCOME_KIND_SPIN, CreatedAt: at,
		Wheel: rngv1.Wheel_WHEEL_MONEY, WheelLayout: "casino-a", PocketIndex: 4, PocketLabel: "seven"}
	if err := Verify(reveal(t, o), w); err != nil {
		t.Fatal(err)
	}
	// Without the layout the checker still knows the symbols.
	if err := Verify(reveal(t, proto.Clone(o).(*rngv1.Outcome))); err != nil {
		t.Fatal(err)
	}
	o.PocketLabel = "x"
	if err := Verify(reveal(t, o), w); !errors.Is(err, ErrMalformed) {
		t.Fatalf("wrong label for the layout: %v", err)
	}
}

// FuzzVerifyJSON feeds arbitrary JSON through the path croupierctl takes:
// protojson into a RevealResponse, then Verify. It must never panic, and it
// must never accept a reveal whose commitment it did not recompute.
func FuzzVerifyJSON(f *testing.F) {
	for _, o := range []*rngv1.Outcome{shoe(), spin(), draw()} {
		b, _ := protojson.Marshal(reveal(f, o))
		f.Add(b)
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"outcome":{"kind":"OUTCOME_KIND_SHUFFLE","decks":9}}`))
	f.Add([]byte(`{"outcome":{"kind":"OUTCOME_KIND_SPIN","wheel":"WHEEL_MONEY","pocketIndex":-1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r rngv1.RevealResponse
		if protojson.Unmarshal(data, &r) != nil {
			return
		}
		if Verify(&r) != nil {
			return
		}
		if o := r.GetOutcome(); o.GetKind() == rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE {
			sh, err := NewShoe(o.GetId(), o.GetCards(), int(o.GetCutCardPosition()), r.GetSalt())
			if err != nil || string(sh.Root()) != string(o.GetCommitment()) {
				t.Fatal("verified a shoe whose root does not match")
			}
			return
		}
		enc, err := Encode(r.GetOutcome())
		if err != nil {
			t.Fatalf("verified but does not encode: %v", err)
		}
		if string(Commit(enc, r.GetSalt())) != string(r.GetOutcome().GetCommitment()) {
			t.Fatal("verified a reveal whose commitment does not match")
		}
	})
}
