// Package proof is the provable-fairness scheme: the canonical encoding of
// a spin or a draw and its commitment SHA-256(encoding || salt); the shoe
// commitment, a Merkle tree of salted per-position commitments (shoe.go),
// with the openings a viewer checks; and the checks a third party runs on
// a revealed outcome or a viewer's proof. docs/rng.md specifies the
// encoding byte by byte so it can be re-implemented without this code;
// croupierctl rng verify uses this package.
package proof

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/wheel"
)

// Tag opens every canonical outcome encoding (24 bytes, NUL-terminated), so
// an encoding can never be mistaken for another kind of message.
const Tag = "croupier.rng.v1.Outcome\x00"

// SaltSize is the salt length in bytes.
const SaltSize = 32

// Errors returned by Verify and Encode. Callers can test with errors.Is.
var (
	ErrMalformed        = errors.New("malformed outcome")
	ErrEncodingMismatch = errors.New("canonical encoding does not match the outcome")
	ErrCommitment       = errors.New("commitment does not match the revealed outcome")
)

// Encode returns the canonical encoding of o. Every integer is big-endian;
// a string is its byte length (uint32) then its UTF-8 bytes:
//
//	Tag
//	string id, uint8 kind
//	string table_id, hand_id, round_id, tournament_id, partner_id, player_id
//	int64  created_at as Unix nanoseconds
//	shuffle: uint8 decks, uint32 card count, 2 ASCII bytes per card ("As"),
//	         uint32 cut_card_position (0 = none)
//	spin:    uint8 wheel, string wheel_layout, uint32 pocket_index,
//	         string pocket_label
//	draw:    uint32 n, uint32 k, k x uint32 values in draw order
func Encode(o *rngv1.Outcome) ([]byte, error) {
	b := make([]byte, 0, 128+2*len(o.GetCards())+4*len(o.GetValues()))
	b = append(b, Tag...)
	b = appendString(b, o.GetId())
	b = append(b, byte(o.GetKind()))
	c := o.GetContext()
	if c == nil {
		c = &commonv1.Context{}
	}
	for _, s := range []string{c.GetTableId(), c.GetHandId(), c.GetRoundId(), c.GetTournamentId(), c.GetPartnerId(), c.GetPlayerId()} {
		b = appendString(b, s)
	}
	if o.GetCreatedAt() == nil {
		return nil, fmt.Errorf("%w: no created_at", ErrMalformed)
	}
	b = binary.BigEndian.AppendUint64(b, uint64(o.GetCreatedAt().AsTime().UnixNano()))
	switch o.GetKind() {
	case rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE:
		if o.GetDecks() < 1 || o.GetDecks() > 8 {
			return nil, fmt.Errorf("%w: decks %d", ErrMalformed, o.GetDecks())
		}
		b = append(b, byte(o.GetDecks()))
		b = binary.BigEndian.AppendUint32(b, uint32(len(o.GetCards())))
		for _, s := range o.GetCards() {
			if len(s) != 2 {
				return nil, fmt.Errorf("%w: card %q is not two characters", ErrMalformed, s)
			}
			b = append(b, s...)
		}
		b = binary.BigEndian.AppendUint32(b, uint32(o.GetCutCardPosition()))
	case rngv1.OutcomeKind_OUTCOME_KIND_SPIN:
		b = append(b, byte(o.GetWheel()))
		b = appendString(b, o.GetWheelLayout())
		b = binary.BigEndian.AppendUint32(b, uint32(o.GetPocketIndex()))
		b = appendString(b, o.GetPocketLabel())
	case rngv1.OutcomeKind_OUTCOME_KIND_DRAW:
		b = binary.BigEndian.AppendUint32(b, uint32(o.GetN()))
		b = binary.BigEndian.AppendUint32(b, uint32(len(o.GetValues())))
		for _, v := range o.GetValues() {
			b = binary.BigEndian.AppendUint32(b, uint32(v))
		}
	default:
		return nil, fmt.Errorf("%w: kind %v", ErrMalformed, o.GetKind())
	}
	return b, nil
}

func appendString(b []byte, s string) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

// Commit returns SHA-256(encoding || salt).
func Commit(encoding, salt []byte) []byte {
	h := sha256.New()
	h.Write(encoding)
	h.Write(salt)
	return h.Sum(nil)
}

// Verify checks a revealed outcome: the outcome is well formed (a shoe holds
// every card exactly once per deck, a pocket exists on its wheel, drawn
// values are distinct and in range), its canonical encoding is the one
// given (when given), and SHA-256(encoding || salt) equals the outcome's
// commitment. moneyWheels lists the money-wheel layouts the checker knows
// (nil: the labelled placeholder only); an unknown layout is checked for its
// label being a money-wheel symbol.
func Verify(r *rngv1.RevealResponse, moneyWheels ...wheel.Wheel) error {
	o := r.GetOutcome()
	if o == nil {
		return fmt.Errorf("%w: no outcome", ErrMalformed)
	}
	if len(r.GetSalt()) != SaltSize {
		return fmt.Errorf("%w: salt is %d bytes, want %d", ErrMalformed, len(r.GetSalt()), SaltSize)
	}
	if len(o.GetCommitment()) != sha256.Size {
		return fmt.Errorf("%w: commitment is %d bytes, want %d", ErrMalformed, len(o.GetCommitment()), sha256.Size)
	}
	if err := checkContent(o, moneyWheels); err != nil {
		return err
	}
	if o.GetKind() == rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE {
		// A shoe is committed position by position: the secret derives every
		// salt, and the tree over the leaves must give the commitment.
		if len(r.GetCanonicalEncoding()) > 0 {
			return ErrEncodingMismatch
		}
		shoe, err := NewShoe(o.GetId(), o.GetCards(), int(o.GetCutCardPosition()), r.GetSalt())
		if err != nil {
			return err
		}
		if subtle.ConstantTimeCompare(shoe.Root(), o.GetCommitment()) != 1 {
			return ErrCommitment
		}
		return nil
	}
	enc, err := Encode(o)
	if err != nil {
		return err
	}
	if len(r.GetCanonicalEncoding()) > 0 && !bytes.Equal(enc, r.GetCanonicalEncoding()) {
		return ErrEncodingMismatch
	}
	if subtle.ConstantTimeCompare(Commit(enc, r.GetSalt()), o.GetCommitment()) != 1 {
		return ErrCommitment
	}
	return nil
}

func checkContent(o *rngv1.Outcome, moneyWheels []wheel.Wheel) error {
	switch o.GetKind() {
	case rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE:
		return checkShoe(o)
	case rngv1.OutcomeKind_OUTCOME_KIND_SPIN:
		return checkSpin(o, moneyWheels)
	case rngv1.OutcomeKind_OUTCOME_KIND_DRAW:
		return checkDraw(o)
	}
	return fmt.Errorf("%w: kind %v", ErrMalformed, o.GetKind())
}

func checkShoe(o *rngv1.Outcome) error {
	decks := int(o.GetDecks())
	if decks < 1 || decks > 8 {
		return fmt.Errorf("%w: decks %d, want 1..8", ErrMalformed, decks)
	}
	n := decks * card.NumCards
	if len(o.GetCards()) != n {
		return fmt.Errorf("%w: %d cards for %d decks, want %d", ErrMalformed, len(o.GetCards()), decks, n)
	}
	var count [card.NumCards]int
	for i, s := range o.GetCards() {
		c, err := card.Parse(s)
		if err != nil || c.String() != s {
			return fmt.Errorf("%w: card %d %q is not in canonical notation", ErrMalformed, i, s)
		}
		count[c]++
		if count[c] > decks {
			return fmt.Errorf("%w: %s appears more than %d times", ErrMalformed, s, decks)
		}
	}
	if p := int(o.GetCutCardPosition()); p < 0 || p > n {
		return fmt.Errorf("%w: cut card position %d outside 0..%d", ErrMalformed, p, n)
	}
	return nil
}

func checkSpin(o *rngv1.Outcome, moneyWheels []wheel.Wheel) error {
	var candidates []wheel.Wheel
	switch o.GetWheel() {
	case rngv1.Wheel_WHEEL_EUROPEAN:
		candidates = []wheel.Wheel{wheel.European()}
	case rngv1.Wheel_WHEEL_AMERICAN:
		candidates = []wheel.Wheel{wheel.American()}
	case rngv1.Wheel_WHEEL_MONEY:
		candidates = append([]wheel.Wheel{wheel.MoneyPlaceholder()}, moneyWheels...)
	default:
		return fmt.Errorf("%w: wheel %v", ErrMalformed, o.GetWheel())
	}
	i := int(o.GetPocketIndex())
	for _, w := range candidates {
		if w.Name != o.GetWheelLayout() {
			continue
		}
		if i < 0 || i >= len(w.Labels) {
			return fmt.Errorf("%w: pocket %d outside the %d pockets of %s", ErrMalformed, i, len(w.Labels), w.Name)
		}
		if w.Labels[i] != o.GetPocketLabel() {
			return fmt.Errorf("%w: pocket %d of %s is %q, not %q", ErrMalformed, i, w.Name, w.Labels[i], o.GetPocketLabel())
		}
		return nil
	}
	if o.GetWheel() != rngv1.Wheel_WHEEL_MONEY {
		return fmt.Errorf("%w: layout %q is not the %v layout", ErrMalformed, o.GetWheelLayout(), o.GetWheel())
	}
	// An operator's money-wheel layout the checker was not given: the
	// segment must still be one of the wheel's symbols on one of 30 fields.
	if i < 0 || i >= wheel.MoneySegments || !slices.Contains(wheel.MoneySymbols(), o.GetPocketLabel()) {
		return fmt.Errorf("%w: money-wheel segment %d %q", ErrMalformed, i, o.GetPocketLabel())
	}
	return nil
}

func checkDraw(o *rngv1.Outcome) error {
	n := o.GetN()
	if n < 1 {
		return fmt.Errorf("%w: n %d", ErrMalformed, n)
	}
	if len(o.GetValues()) < 1 || len(o.GetValues()) > int(n) {
		return fmt.Errorf("%w: %d values drawn from %d", ErrMalformed, len(o.GetValues()), n)
	}
	seen := make(map[int32]bool, len(o.GetValues()))
	for _, v := range o.GetValues() {
		if v < 0 || v >= n {
			return fmt.Errorf("%w: value %d outside [0, %d)", ErrMalformed, v, n)
		}
		if seen[v] {
			return fmt.Errorf("%w: value %d drawn twice", ErrMalformed, v)
		}
		seen[v] = true
	}
	return nil
}
