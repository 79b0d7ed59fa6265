package casinopoker

import (
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// The numbering of holdings and flops is a bijection onto 0..n-1.
func TestIndicesNumberEverySetOnce(t *testing.T) {
	seen := map[int]bool{}
	for b := range card.Card(card.NumCards) {
		for a := range b {
			if i := pairIndex(a, b); i != pairIndex(b, a) || seen[i] || i < 0 || i >= numPairs {
				t.Fatalf("pair %v %v: index %d", a, b, i)
			} else {
				seen[i] = true
			}
		}
	}
	for f, fc := range flopCards {
		if flopIndex(fc[2], fc[0], fc[1]) != f || fc[0] >= fc[1] || fc[1] >= fc[2] {
			t.Fatalf("flop %d: %v", f, fc)
		}
	}
}

// Suit classes: 169 starting hands (13 pairs of 6 holdings, 78 suited
// of 4, 78 offsuit of 12), 1,755 kinds of flop, 134,459 kinds of board
// whose sizes add up to every board once.
func TestSuitClasses(t *testing.T) {
	sy := symmetries()
	sizes := map[int]int{}
	total := 0
	for _, n := range sy.classSize {
		sizes[n]++
		total += n
	}
	if len(sy.classPair) != 169 || sizes[6] != 13 || sizes[4] != 78 || sizes[12] != 78 || total != numPairs {
		t.Errorf("starting hands: %d classes, sizes %v, total %d", len(sy.classPair), sizes, total)
	}
	flops := 0
	for c, stab := range sy.flopStab {
		if 24%len(stab) != 0 || sy.flopClass[sy.classFlop[c]] != uint16(c) {
			t.Fatalf("flop class %d: stabiliser %d", c, len(stab))
		}
		flops += 24 / len(stab)
	}
	if len(sy.classFlop) != 1755 || flops != numFlops {
		t.Errorf("flops: %d classes holding %d flops", len(sy.classFlop), flops)
	}
	// every flop is carried onto its class's representative
	for f, fc := range flopCards {
		p := sy.flopToCanon[f]
		if img := flopIndex(permCard[p][fc[0]], permCard[p][fc[1]], permCard[p][fc[2]]); img != int(sy.classFlop[sy.flopClass[f]]) {
			t.Fatalf("flop %v goes to %d, not its class's %d", fc, img, sy.classFlop[sy.flopClass[f]])
		}
	}
	bs := canonicalBoards()
	boards := 0
	for _, b := range bs {
		boards += int(b.weight)
	}
	if len(bs) != 134_459 || boards != numBoards {
		t.Errorf("boards: %d classes holding %d boards", len(bs), boards)
	}
}
