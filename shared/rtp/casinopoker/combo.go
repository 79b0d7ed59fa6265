package casinopoker

import (
	"sync"

	"github.com/croupier/croupier/shared/card"
)

// Sizes of the sets the enumerations walk: two-card holdings, three-card
// flops and five-card boards of one deck, and what is left around them.
const (
	numPairs     = 52 * 51 / 2                  // 1,326 two-card holdings
	numFlops     = 52 * 51 * 50 / 6             // 22,100 three-card sets
	numBoards    = 2_598_960                    // five-card sets
	restPairs    = 47 * 46 / 2                  // 1,081 holdings left beside a board
	dealerHold   = 45 * 44 / 2                  // 990 dealer holdings beside a board and a player's holding
	turnRivers   = restPairs                    // 1,081 turn and river cards beside a hole and a flop
	flopsBeside  = 50 * 49 * 48 / 6             // 19,600 flops beside a holding
	boardsBeside = 50 * 49 * 48 * 47 * 46 / 120 // 2,118,760 boards beside a holding
)

// pairIndex numbers a two-card set in colex order: 0..1325 for a < b.
func pairIndex(a, b card.Card) int {
	if a > b {
		a, b = b, a
	}
	return int(b)*(int(b)-1)/2 + int(a)
}

// flopIndex numbers a three-card set in colex order: 0..22099.
func flopIndex(a, b, c card.Card) int {
	a, b, c = sort3(a, b, c)
	x, y, z := int(a), int(b), int(c)
	return z*(z-1)*(z-2)/6 + y*(y-1)/2 + x
}

func sort3(a, b, c card.Card) (card.Card, card.Card, card.Card) {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return a, b, c
}

// suitPerms are the 24 permutations of the four suits. Poker hands and
// every paytable here are blind to which suit is which, so a hand and
// its image under a permutation are worth the same: the enumerations
// visit one board of each class and weigh it by the class's size.
var suitPerms = func() (ps [24][4]card.Suit) {
	n := 0
	for a := range card.Suit(4) {
		for b := range card.Suit(4) {
			for c := range card.Suit(4) {
				d := 6 - a - b - c
				if a == b || a == c || b == c {
					continue
				}
				ps[n] = [4]card.Suit{a, b, c, d}
				n++
			}
		}
	}
	return ps
}()

// permCard[p][c] is card c with its suit permuted by suitPerms[p].
var permCard = func() (t [24][card.NumCards]card.Card) {
	for p, perm := range suitPerms {
		for c := range card.Card(card.NumCards) {
			t[p][c] = card.New(c.Rank(), perm[c.Suit()])
		}
	}
	return t
}()

// pairCards and flopCards list the sets by index.
var pairCards, flopCards = func() (ps [numPairs][2]card.Card, fs [numFlops][3]card.Card) {
	for b := range card.Card(card.NumCards) {
		for a := range b {
			ps[pairIndex(a, b)] = [2]card.Card{a, b}
			for c := b + 1; c < card.NumCards; c++ {
				fs[flopIndex(a, b, c)] = [3]card.Card{a, b, c}
			}
		}
	}
	return ps, fs
}()

// symmetry holds the suit permutations' action on holdings and flops,
// and the classes of each under them: the 169 starting hands and the
// 1,755 kinds of flop.
type symmetry struct {
	pairPerm [24][numPairs]uint16
	// pairClass[h] is the class of holding h; pairToCanon[h] a
	// permutation taking h to its class's representative classPair[c].
	pairClass   [numPairs]uint8
	pairToCanon [numPairs]uint8
	classPair   []uint16
	classSize   []int
	// flopClass[f] is the class of flop f; flopToCanon[f] a permutation
	// taking f to its class's representative classFlop[c];
	// flopStab[c] the permutations that fix classFlop[c].
	flopClass   [numFlops]uint16
	flopToCanon [numFlops]uint8
	classFlop   []uint16
	flopStab    [][]uint8
}

var (
	symOnce sync.Once
	sym     *symmetry
)

func symmetries() *symmetry {
	symOnce.Do(func() { sym = newSymmetry() })
	return sym
}

func newSymmetry() *symmetry {
	s := &symmetry{}
	for p := range suitPerms {
		for h, pc := range pairCards {
			s.pairPerm[p][h] = uint16(pairIndex(permCard[p][pc[0]], permCard[p][pc[1]]))
		}
	}
	for h := range numPairs {
		canon, to := h, 0
		for p := range suitPerms {
			if img := int(s.pairPerm[p][h]); img < canon {
				canon, to = img, p
			}
		}
		if canon == h {
			s.classPair = append(s.classPair, uint16(h))
			s.classSize = append(s.classSize, 0)
			s.pairClass[h] = uint8(len(s.classPair) - 1)
		} else {
			s.pairClass[h] = s.pairClass[canon] // canon < h: classed already
		}
		s.pairToCanon[h] = uint8(to)
		s.classSize[s.pairClass[h]]++
	}
	for f, fc := range flopCards {
		canon, to := f, 0
		var fixed []uint8
		for p := range suitPerms {
			switch img := flopIndex(permCard[p][fc[0]], permCard[p][fc[1]], permCard[p][fc[2]]); {
			case img < canon:
				canon, to = img, p
			case img == f:
				fixed = append(fixed, uint8(p))
			}
		}
		if canon == f {
			s.classFlop = append(s.classFlop, uint16(f))
			s.flopStab = append(s.flopStab, fixed)
			s.flopClass[f] = uint16(len(s.classFlop) - 1)
		} else {
			s.flopClass[f] = s.flopClass[canon]
		}
		s.flopToCanon[f] = uint8(to)
	}
	return s
}

// canonBoard is one board of a class of boards equal up to the suits,
// and the class's size.
type canonBoard struct {
	cards  [5]card.Card
	weight uint8
}

var (
	boardsOnce sync.Once
	boards     []canonBoard
)

// canonicalBoards returns one board of each of the 134,459 classes of
// five-card boards under the suit permutations, the lowest-numbered, with
// the class's size; the sizes add up to 2,598,960.
func canonicalBoards() []canonBoard {
	boardsOnce.Do(func() { boards = newCanonicalBoards() })
	return boards
}

func newCanonicalBoards() []canonBoard {
	out := make([]canonBoard, 0, 134_459)
	var b [5]card.Card
	for b[4] = 4; b[4] < card.NumCards; b[4]++ {
		for b[3] = 3; b[3] < b[4]; b[3]++ {
			for b[2] = 2; b[2] < b[3]; b[2]++ {
				for b[1] = 1; b[1] < b[2]; b[1]++ {
					for b[0] = 0; b[0] < b[1]; b[0]++ {
						if w := classWeight(&b); w > 0 {
							out = append(out, canonBoard{b, uint8(w)})
						}
					}
				}
			}
		}
	}
	return out
}

// classWeight returns the size of b's class when b (sorted) is its
// class's lowest-numbered board, 0 otherwise.
func classWeight(b *[5]card.Card) int {
	own := boardIndex(*b)
	fixed := 0
	for p := range suitPerms {
		var img [5]card.Card
		for i, c := range b {
			img[i] = permCard[p][c]
		}
		sortCards(img[:])
		switch x := boardIndex(img); {
		case x < own:
			return 0
		case x == own:
			fixed++
		}
	}
	return len(suitPerms) / fixed
}

// boardIndex numbers a sorted five-card set in colex order.
func boardIndex(b [5]card.Card) int {
	x := 0
	for i, c := range b {
		x += binom[c][i+1]
	}
	return x
}

// binom[n][k] is n choose k for the colex numbering.
var binom = func() (t [card.NumCards + 1][6]int) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k < 6 && n > 0; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

func sortCards(cs []card.Card) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j] < cs[j-1]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// boardFlops are the ten ways a sorted board splits into a flop (three
// positions) and a turn and river (the other two).
var boardFlops = func() (fs [10][3]uint8) {
	n := 0
	for a := range uint8(5) {
		for b := a + 1; b < 5; b++ {
			for c := b + 1; c < 5; c++ {
				fs[n] = [3]uint8{a, b, c}
				n++
			}
		}
	}
	return fs
}()
