package proof

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/shared/card"
)

func deckStrings(decks int) []string {
	var out []string
	for range decks {
		for _, c := range card.Deck(1) {
			out = append(out, c.String())
		}
	}
	return out
}

func mustShoe(t testing.TB, cards []string, cut int) *Shoe {
	t.Helper()
	sh, err := NewShoe("o-test", cards, cut, salt())
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// Issue 11 (fairness proof): any set of positions opens and verifies
// against the root, and the proof holds the cards of exactly those
// positions, whatever the tree's shape.
func TestShoeProofOfAnyPositionsVerifies(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	for _, tc := range []struct {
		name  string
		cards []string
		cut   int
	}{
		{"one card", []string{"As"}, 0},
		{"two cards", []string{"As", "Kd"}, 0},
		{"three cards", []string{"As", "Kd", "2c"}, 0},
		{"one deck", deckStrings(1), 0},
		{"one deck and a cut card", deckStrings(1), 40},
		{"eight decks", deckStrings(8), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := mustShoe(t, tc.cards, tc.cut)
			n := len(tc.cards)
			sets := [][]int32{nil, {0}, {int32(n - 1)}}
			all := make([]int32, n)
			for i := range all {
				all[i] = int32(i)
			}
			sets = append(sets, all)
			for range 20 {
				var s []int32
				for _, p := range r.Perm(n)[:r.IntN(n)+1] {
					s = append(s, int32(p))
				}
				sets = append(sets, s)
			}
			for _, set := range sets {
				p, err := sh.Open(set)
				if err != nil {
					t.Fatal(err)
				}
				if err := VerifyShoe(p, sh.Root(), 8); err != nil {
					t.Fatalf("positions %v: %v", set, err)
				}
				want := slices.Clone(set)
				slices.Sort(want)
				var got []int32
				for _, o := range p.GetOpenings() {
					got = append(got, o.GetPosition())
					if o.GetCard() != tc.cards[o.GetPosition()] {
						t.Fatalf("position %d opened as %s, is %s", o.GetPosition(), o.GetCard(), tc.cards[o.GetPosition()])
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("asked %v, opened %v", want, got)
				}
				if len(set) == n && tc.cut == 0 && len(p.GetHashes()) != 0 {
					t.Fatalf("every position opened, still %d hashes", len(p.GetHashes()))
				}
			}
		})
	}
}

// A proof is no bigger than it must be: one hash per subtree without an
// opening, about log2(52) = 6 for one card of a deck.
func TestShoeProofOfOneCardHasLogHashes(t *testing.T) {
	sh := mustShoe(t, deckStrings(1), 0)
	p, err := sh.Open([]int32{17})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.GetHashes()) > 6 {
		t.Fatalf("%d hashes for one of 52 leaves", len(p.GetHashes()))
	}
}

func TestShoeOpenRefusesBadPositions(t *testing.T) {
	sh := mustShoe(t, deckStrings(1), 40)
	for _, set := range [][]int32{{-1}, {52}, {3, 3}} {
		if _, err := sh.Open(set); err == nil {
			t.Errorf("Open(%v) accepted", set)
		}
	}
}

// Issue 11: tampering with any card, salt, hash, position, outcome id or
// tree size fails verification.
func TestTamperedShoeProofFails(t *testing.T) {
	sh := mustShoe(t, deckStrings(1), 0)
	root := sh.Root()
	base, err := sh.Open([]int32{0, 1, 20, 21, 22, 51})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		tamper func(p *rngv1.ShoeProof) []byte
		want   error
	}{
		{"card", func(p *rngv1.ShoeProof) []byte { p.Openings[2].Card = "Qh"; return root }, ErrRoot},
		{"card swapped with another opening", func(p *rngv1.ShoeProof) []byte {
			p.Openings[0].Card, p.Openings[1].Card = p.Openings[1].Card, p.Openings[0].Card
			return root
		}, ErrRoot},
		{"salt", func(p *rngv1.ShoeProof) []byte { p.Openings[3].Salt[5] ^= 1; return root }, ErrRoot},
		{"hash", func(p *rngv1.ShoeProof) []byte { p.Hashes[1][0] ^= 1; return root }, ErrRoot},
		{"position", func(p *rngv1.ShoeProof) []byte { p.Openings[5].Position = 50; return root }, ErrRoot},
		{"positions out of order", func(p *rngv1.ShoeProof) []byte {
			p.Openings[0], p.Openings[1] = p.Openings[1], p.Openings[0]
			return root
		}, ErrProofMalformed},
		{"position twice", func(p *rngv1.ShoeProof) []byte { p.Openings[1].Position = 0; return root }, ErrProofMalformed},
		{"position past the tree", func(p *rngv1.ShoeProof) []byte { p.Openings[5].Position = 52; return root }, ErrProofMalformed},
		{"outcome id", func(p *rngv1.ShoeProof) []byte { p.OutcomeId = "o-other"; return root }, ErrRoot},
		{"tree size", func(p *rngv1.ShoeProof) []byte { p.Leaves = 53; return root }, nil},
		{"a hash missing", func(p *rngv1.ShoeProof) []byte { p.Hashes = p.Hashes[1:]; return root }, ErrProofMalformed},
		{"a hash too many", func(p *rngv1.ShoeProof) []byte { p.Hashes = append(p.Hashes, root); return root }, ErrProofMalformed},
		{"short salt", func(p *rngv1.ShoeProof) []byte { p.Openings[0].Salt = p.Openings[0].Salt[:31]; return root }, ErrProofMalformed},
		{"card not canonical", func(p *rngv1.ShoeProof) []byte { p.Openings[0].Card = "as"; return root }, ErrProofMalformed},
		{"root of another shoe", func(p *rngv1.ShoeProof) []byte {
			other := deckStrings(1)
			other[30], other[31] = other[31], other[30]
			return mustShoe(t, other, 0).Root()
		}, ErrRoot},
		{"an opening dropped, its hash kept out", func(p *rngv1.ShoeProof) []byte { p.Openings = p.Openings[1:]; return root }, ErrProofMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := proto.Clone(base).(*rngv1.ShoeProof)
			commitment := c.tamper(p)
			err := VerifyShoe(p, commitment, 1)
			if err == nil || (c.want != nil && !errors.Is(err, c.want)) {
				t.Fatalf("VerifyShoe = %v, want %v", err, c.want)
			}
		})
	}
	if err := VerifyShoe(base, root, 1); err != nil {
		t.Fatalf("the untampered proof: %v", err)
	}
}

// The worked example of docs/rng.md ("Shoe commitment"): a three-card shoe
// under the secret 00 01 .. 1f. The values were computed by an independent
// Python implementation of the documented format.
func TestShoeCommitmentMatchesDocumentedExample(t *testing.T) {
	sh, err := NewShoe("o-1", []string{"As", "Td", "2c"}, 0, salt())
	if err != nil {
		t.Fatal(err)
	}
	if got := hex.EncodeToString(PositionSalt(salt(), 1)); got != docSalt1 {
		t.Errorf("salt of position 1 %s, want %s", got, docSalt1)
	}
	if got := hex.EncodeToString(sh.leaves[1]); got != docLeaf1 {
		t.Errorf("leaf 1 %s, want %s", got, docLeaf1)
	}
	if got := hex.EncodeToString(sh.Root()); got != docRoot {
		t.Errorf("root %s, want %s", got, docRoot)
	}
}

// FuzzVerifyShoe feeds arbitrary proof messages against the root of a real
// shoe. The verifier must never panic, and whatever it accepts must open
// each position to the card really there, with its real salt: no forged
// opening verifies.
func FuzzVerifyShoe(f *testing.F) {
	cards := deckStrings(1)
	r := rand.New(rand.NewPCG(1, 2))
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	sh := mustShoe(f, cards, 0)
	root := sh.Root()
	for _, set := range [][]int32{nil, {0}, {51}, {3, 4, 5, 30}, {0, 1, 2, 3, 4, 5, 6, 7, 8}} {
		p, _ := sh.Open(set)
		b, _ := proto.Marshal(p)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p rngv1.ShoeProof
		if proto.Unmarshal(data, &p) != nil {
			return
		}
		if VerifyShoe(&p, root, 1) != nil {
			return
		}
		// A proof that opens nothing claims nothing (it is the root itself,
		// whatever it names); one that opens a position is bound to the
		// outcome by every leaf.
		if len(p.GetOpenings()) > 0 && p.GetOutcomeId() != "o-test" {
			t.Fatalf("accepted openings for outcome %q", p.GetOutcomeId())
		}
		for _, o := range p.GetOpenings() {
			if cards[o.GetPosition()] != o.GetCard() || !bytes.Equal(o.GetSalt(), PositionSalt(salt(), int(o.GetPosition()))) {
				t.Fatalf("accepted position %d as %s, the shoe holds %s", o.GetPosition(), o.GetCard(), cards[o.GetPosition()])
			}
		}
	})
}

// docs/rng.md, "Shoe commitment", worked example.
const (
	docSalt1 = "d83d259415d6b3352102e928b047826f85006489b1d23af59a1974910b7a6df1"
	docLeaf1 = "842f957c6add9d8f5560f5cfc6933d28994fa85aa5d65225560c6f89a14d8e5a"
	docRoot  = "e6dea1a5b2b4773ede6f9739109dc862cff8cb4494a31f8e3984e965c7be0c61"
)

// BenchmarkNewShoe builds a shoe's tree and its root, as the RNG does for
// every Shuffle (one deck: Hold'em; eight decks and a cut card: blackjack).
func BenchmarkNewShoe(b *testing.B) {
	secret := bytes.Repeat([]byte{7}, SaltSize)
	for _, decks := range []int{1, 8} {
		cards := make([]string, 0, decks*card.NumCards)
		for range decks {
			for _, c := range card.Deck(1) {
				cards = append(cards, c.String())
			}
		}
		cut := 0
		if decks > 1 {
			cut = len(cards) - 60
		}
		b.Run(fmt.Sprintf("decks=%d", decks), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, err := NewShoe("o-1234567890", cards, cut, secret)
				if err != nil {
					b.Fatal(err)
				}
				if len(s.Root()) != sha256.Size {
					b.Fatal("root")
				}
			}
		})
	}
}

// NewShoe computes what the commitment's definition says (PositionSalt,
// Leaf, node), for shoes of every size a Shuffle makes, with and without a
// cut card.
func TestNewShoeMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	deck := make([]string, 0, 8*card.NumCards)
	for range 8 {
		for _, c := range card.Deck(1) {
			deck = append(deck, c.String())
		}
	}
	var root func(leaves [][]byte) []byte
	root = func(leaves [][]byte) []byte {
		if len(leaves) == 1 {
			return leaves[0]
		}
		k := split(len(leaves))
		return node(root(leaves[:k]), root(leaves[k:]))
	}
	for _, n := range []int{1, 2, 3, 52, 53, 104, 312, 416} {
		for _, cut := range []int{0, n / 2} {
			if cut == 0 && n == 1 {
				continue
			}
			secret := make([]byte, SaltSize)
			for i := range secret {
				secret[i] = byte(rng.Uint32())
			}
			cards := slices.Clone(deck[:n])
			rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
			id := fmt.Sprintf("o-%d-%d", n, cut)
			s, err := NewShoe(id, cards, cut, secret)
			if err != nil {
				t.Fatal(err)
			}
			var want [][]byte
			for i := range s.leaves {
				v := cutValue(cut)
				if i < len(cards) {
					v = [2]byte{cards[i][0], cards[i][1]}
				}
				salt := PositionSalt(secret, i)
				if !bytes.Equal(s.salts[i], salt) {
					t.Fatalf("%d cards, cut %d: salt %d differs from PositionSalt", n, cut, i)
				}
				want = append(want, Leaf(id, i, v, salt))
				if !bytes.Equal(s.leaves[i], want[i]) {
					t.Fatalf("%d cards, cut %d: leaf %d differs from Leaf", n, cut, i)
				}
			}
			if got := s.Root(); !bytes.Equal(got, root(want)) {
				t.Fatalf("%d cards, cut %d: root %x, want %x", n, cut, got, root(want))
			}
		}
	}
}
