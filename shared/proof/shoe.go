package proof

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"math/bits"
	"sort"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/shared/card"
)

// The shoe commitment (docs/rng.md, "Shoe commitment"): every position of a
// shoe is a leaf
//
//	SHA-256(0x00 || LeafTag || string outcome_id || uint32 position || value[2] || salt[32])
//
// where value is the card's two ASCII bytes ("As") or, for the extra leaf
// of a shoe with a cut card (position = cards), the marker position as a
// big-endian uint16; salt is HMAC-SHA256(secret, SaltTag || uint32
// position) for the outcome's 32-byte secret. The leaves form an RFC 6962
// tree (a node is SHA-256(0x01 || left || right), split at the largest
// power of two below the size) whose root is the published commitment. A
// viewer gets the openings of the positions he saw and the roots of the
// subtrees that hold none of them, so he recomputes the root and learns
// nothing of any other position: each leaf hides its card behind a salt
// he cannot derive.
const (
	LeafTag = "croupier.rng.v1.ShoeLeaf\x00"
	SaltTag = "croupier.rng.v1.ShoeSalt\x00"
)

// Errors of VerifyShoe. Callers can test with errors.Is.
var (
	ErrProofMalformed = errors.New("malformed shoe proof")
	ErrRoot           = errors.New("the openings do not recompute the shoe commitment")
)

// MaxLeaves bounds the tree a proof may describe (8 decks and a cut card).
const MaxLeaves = 8*card.NumCards + 1

// PositionSalt derives the salt of a shoe position from the outcome's
// secret. HMAC keeps the salts independent: one opened salt says nothing
// about another.
func PositionSalt(secret []byte, position int) []byte {
	return (&hasher{mac: hmac.New(sha256.New, secret)}).salt(nil, position)
}

// Leaf returns the leaf hash of a position holding value (2 bytes).
func Leaf(outcomeID string, position int, value [2]byte, salt []byte) []byte {
	return (&hasher{h: sha256.New(), head: leafHead(outcomeID)}).leaf(nil, position, value, salt)
}

func node(left, right []byte) []byte { return (&hasher{h: sha256.New()}).node(nil, left, right) }

// hasher computes the definitions above, appending to dst, with hashes
// (mac: keyed with the secret) and a buffer it reuses: NewShoe computes
// hundreds of each with one.
type hasher struct {
	mac, h hash.Hash
	head   []byte // leafHead of the outcome
	b      []byte
}

// leafHead is what every leaf of an outcome's shoe starts with.
func leafHead(outcomeID string) []byte {
	b := binary.BigEndian.AppendUint32(append([]byte{0x00}, LeafTag...), uint32(len(outcomeID)))
	return append(b, outcomeID...)
}

func (x *hasher) salt(dst []byte, position int) []byte {
	x.b = binary.BigEndian.AppendUint32(append(x.b[:0], SaltTag...), uint32(position))
	return sum(dst, x.mac, x.b)
}

func (x *hasher) leaf(dst []byte, position int, value [2]byte, salt []byte) []byte {
	x.b = binary.BigEndian.AppendUint32(append(x.b[:0], x.head...), uint32(position))
	x.b = append(append(x.b, value[:]...), salt...)
	return sum(dst, x.h, x.b)
}

func (x *hasher) node(dst, left, right []byte) []byte {
	x.b = append(append(append(x.b[:0], 0x01), left...), right...)
	return sum(dst, x.h, x.b)
}

func sum(dst []byte, h hash.Hash, b []byte) []byte {
	h.Reset()
	h.Write(b)
	return h.Sum(dst)
}

// split is the size of the left subtree of a tree of n > 1 leaves: the
// largest power of two smaller than n (RFC 6962 §2.1).
func split(n int) int { return 1 << (bits.Len(uint(n-1)) - 1) }

// cardValue is a card's two ASCII bytes.
func cardValue(s string) ([2]byte, error) {
	c, err := card.Parse(s)
	if err != nil || c.String() != s || len(s) != 2 {
		return [2]byte{}, fmt.Errorf("card %q is not in canonical notation", s)
	}
	return [2]byte{s[0], s[1]}, nil
}

func cutValue(pos int) [2]byte {
	var v [2]byte
	binary.BigEndian.PutUint16(v[:], uint16(pos))
	return v
}

// Shoe is a committed shoe: its leaves and the tree above them.
type Shoe struct {
	id     string
	cards  []string
	salts  [][]byte
	leaves [][]byte
}

// NewShoe builds the tree of a shoe (cards top first; cut is the cut-card
// position, 0 for none) under an outcome's secret.
func NewShoe(outcomeID string, cards []string, cut int, secret []byte) (*Shoe, error) {
	if len(secret) != SaltSize {
		return nil, fmt.Errorf("%w: secret is %d bytes, want %d", ErrMalformed, len(secret), SaltSize)
	}
	n := len(cards)
	if cut > 0 {
		n++
	}
	if n == 0 || n > MaxLeaves {
		return nil, fmt.Errorf("%w: %d leaves", ErrMalformed, n)
	}
	s := &Shoe{id: outcomeID, cards: cards, salts: make([][]byte, n), leaves: make([][]byte, n)}
	// One hasher for every position, the hashes in two arrays: a Shuffle
	// builds 52 to 417 of each.
	salts := make([]byte, 0, n*sha256.Size)
	leaves := make([]byte, 0, n*sha256.Size)
	x := &hasher{mac: hmac.New(sha256.New, secret), h: sha256.New(), head: leafHead(outcomeID)}
	for i := range n {
		var v [2]byte
		if i < len(cards) {
			var err error
			if v, err = cardValue(cards[i]); err != nil {
				return nil, fmt.Errorf("%w: position %d: %v", ErrMalformed, i, err)
			}
		} else {
			v = cutValue(cut)
		}
		at := len(salts)
		salts = x.salt(salts, i)
		s.salts[i] = salts[at:len(salts):len(salts)]
		leaves = x.leaf(leaves, i, v, s.salts[i])
		s.leaves[i] = leaves[at:len(leaves):len(leaves)]
	}
	return s, nil
}

// Root is the shoe commitment.
func (s *Shoe) Root() []byte { return newTree(s).hash(0, len(s.leaves)) }

// tree hashes subtrees of a shoe with one hasher.
type tree struct {
	s *Shoe
	x *hasher
}

func newTree(s *Shoe) *tree { return &tree{s: s, x: &hasher{h: sha256.New()}} }

// hash is the hash of leaves [lo, hi).
func (t *tree) hash(lo, hi int) []byte {
	if hi-lo == 1 {
		return t.s.leaves[lo]
	}
	k := split(hi - lo)
	return t.x.node(nil, t.hash(lo, lo+k), t.hash(lo+k, hi))
}

// Open returns the proof of positions (each a card position, at most once,
// any order): their openings in increasing order and the hashes of the
// subtrees without an opened position, depth first, left to right.
func (s *Shoe) Open(positions []int32) (*rngv1.ShoeProof, error) {
	open := make([]bool, len(s.leaves))
	for _, p := range positions {
		if p < 0 || int(p) >= len(s.cards) {
			return nil, fmt.Errorf("position %d outside the %d cards of the shoe", p, len(s.cards))
		}
		if open[p] {
			return nil, fmt.Errorf("position %d asked twice", p)
		}
		open[p] = true
	}
	pr := &rngv1.ShoeProof{OutcomeId: s.id, Root: s.Root(), Leaves: int32(len(s.leaves))}
	for i, o := range open {
		if o {
			pr.Openings = append(pr.Openings, &rngv1.ShoeOpening{Position: int32(i), Card: s.cards[i], Salt: bytes.Clone(s.salts[i])})
		}
	}
	// prefix[i] counts opened positions below i, so a subtree's openings
	// are known in constant time.
	prefix := make([]int, len(open)+1)
	for i, o := range open {
		prefix[i+1] = prefix[i]
		if o {
			prefix[i+1]++
		}
	}
	t := newTree(s)
	var walk func(lo, hi int)
	walk = func(lo, hi int) {
		switch {
		case prefix[hi] == prefix[lo]:
			pr.Hashes = append(pr.Hashes, t.hash(lo, hi))
		case hi-lo == 1:
			// An opened leaf: the verifier computes it.
		default:
			k := split(hi - lo)
			walk(lo, lo+k)
			walk(lo+k, hi)
		}
	}
	walk(0, len(s.leaves))
	return pr, nil
}

// VerifyShoe checks a shoe proof against the commitment published before
// the hand: every opening is a card in canonical notation at a distinct
// position, in increasing order, and the openings with the hashes recompute
// the root, which equals commitment. It returns nil only if all of that
// holds. decks, when positive, also limits how often one card may appear.
func VerifyShoe(p *rngv1.ShoeProof, commitment []byte, decks int) error {
	if p == nil {
		return fmt.Errorf("%w: no proof", ErrProofMalformed)
	}
	n := int(p.GetLeaves())
	if n < 1 || n > MaxLeaves {
		return fmt.Errorf("%w: %d leaves, want 1..%d", ErrProofMalformed, n, MaxLeaves)
	}
	if len(commitment) != sha256.Size {
		return fmt.Errorf("%w: commitment is %d bytes, want %d", ErrProofMalformed, len(commitment), sha256.Size)
	}
	if len(p.GetRoot()) != 0 && !bytes.Equal(p.GetRoot(), commitment) {
		return fmt.Errorf("%w: the proof's root is not the published commitment", ErrRoot)
	}
	ops := p.GetOpenings()
	if len(ops) > n {
		return fmt.Errorf("%w: %d openings for %d leaves", ErrProofMalformed, len(ops), n)
	}
	leaves := make(map[int][]byte, len(ops))
	opened := make([]int, 0, len(ops)) // increasing
	count := map[string]int{}
	last := -1
	for _, o := range ops {
		pos := int(o.GetPosition())
		if pos <= last || pos >= n {
			return fmt.Errorf("%w: opening at position %d (after %d, of %d leaves): positions must increase within the tree", ErrProofMalformed, pos, last, n)
		}
		last = pos
		if len(o.GetSalt()) != SaltSize {
			return fmt.Errorf("%w: position %d: salt is %d bytes, want %d", ErrProofMalformed, pos, len(o.GetSalt()), SaltSize)
		}
		v, err := cardValue(o.GetCard())
		if err != nil {
			return fmt.Errorf("%w: position %d: %v", ErrProofMalformed, pos, err)
		}
		if count[o.GetCard()]++; decks > 0 && count[o.GetCard()] > decks {
			return fmt.Errorf("%w: %s opened more than %d times", ErrProofMalformed, o.GetCard(), decks)
		}
		leaves[pos] = Leaf(p.GetOutcomeId(), pos, v, o.GetSalt())
		opened = append(opened, pos)
	}
	hashes := p.GetHashes()
	if len(hashes) > 2*n {
		return fmt.Errorf("%w: %d hashes for %d leaves", ErrProofMalformed, len(hashes), n)
	}
	next := 0
	var walk func(lo, hi int) ([]byte, error)
	walk = func(lo, hi int) ([]byte, error) {
		i := sort.SearchInts(opened, lo)
		switch {
		case i == len(opened) || opened[i] >= hi:
			if next >= len(hashes) {
				return nil, fmt.Errorf("%w: too few hashes", ErrProofMalformed)
			}
			h := hashes[next]
			next++
			if len(h) != sha256.Size {
				return nil, fmt.Errorf("%w: hash %d is %d bytes", ErrProofMalformed, next-1, len(h))
			}
			return h, nil
		case hi-lo == 1:
			return leaves[lo], nil
		}
		k := split(hi - lo)
		l, err := walk(lo, lo+k)
		if err != nil {
			return nil, err
		}
		r, err := walk(lo+k, hi)
		if err != nil {
			return nil, err
		}
		return node(l, r), nil
	}
	root, err := walk(0, n)
	if err != nil {
		return err
	}
	if next != len(hashes) {
		return fmt.Errorf("%w: %d hashes left over", ErrProofMalformed, len(hashes)-next)
	}
	if subtle.ConstantTimeCompare(root, commitment) != 1 {
		return ErrRoot
	}
	return nil
}
