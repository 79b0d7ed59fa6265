package roulette

import (
	"fmt"
	"math/bits"
	"strconv"
)

// Number is a number on the layout: 0 to 36, and N00 for 00.
type Number int8

// N00 is the 00 of the 0/00 wheel.
const N00 Number = 37

func (n Number) String() string {
	if n == N00 {
		return "00"
	}
	return strconv.Itoa(int(n))
}

// MarshalText writes the number ("17", "00").
func (n Number) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// UnmarshalText reads a number of either wheel.
func (n *Number) UnmarshalText(b []byte) error {
	v, ok := parseNumber(string(b), DoubleZero)
	if !ok {
		return fmt.Errorf("roulette: %q is not a number of the layout", b)
	}
	*n = v
	return nil
}

// order is the layout's reading order, which canonical spot names use:
// 0, 00, then 1 to 36.
func (n Number) order() int {
	switch n {
	case 0:
		return 0
	case N00:
		return 1
	}
	return int(n) + 1
}

// zero reports 0 or 00.
func (n Number) zero() bool { return n == 0 || n == N00 }

// row and col place 1–36 on the layout: row k (0–11) is {3k+1, 3k+2,
// 3k+3}; col 0 is the first column (1, 4, …, 34).
func (n Number) row() int { return (int(n) - 1) / 3 }
func (n Number) col() int { return (int(n) - 1) % 3 }

// red is the standard colour set (cz §1.1, ru §1.1; neither source gives
// it, both assume it).
const red = 1<<1 | 1<<3 | 1<<5 | 1<<7 | 1<<9 | 1<<12 | 1<<14 | 1<<16 | 1<<18 |
	1<<19 | 1<<21 | 1<<23 | 1<<25 | 1<<27 | 1<<30 | 1<<32 | 1<<34 | 1<<36

// Red reports whether n is red; 0 and 00 are green.
func (n Number) Red() bool { return n >= 1 && n <= 36 && red&(uint64(1)<<n) != 0 }

// parseNumber reads "0"–"36", and "00" on the 0/00 wheel. Leading zeros,
// signs and spaces are not numbers.
func parseNumber(s string, w WheelType) (Number, bool) {
	if s == "00" {
		return N00, w == DoubleZero
	}
	if len(s) == 0 || len(s) > 2 || (len(s) == 2 && s[0] == '0') {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return Number(v), v <= 36
}

// set is a set of numbers, bit n for Number n.
type set uint64

func setOf(ns ...Number) set {
	var s set
	for _, n := range ns {
		s |= 1 << uint(n)
	}
	return s
}

func (s set) has(n Number) bool { return s&(1<<uint(n)) != 0 }
func (s set) len() int          { return bits.OnesCount64(uint64(s)) }

// numbers lists the set in layout order (0, 00, 1 … 36).
func (s set) numbers() []Number {
	var out []Number
	for _, n := range []Number{0, N00} {
		if s.has(n) {
			out = append(out, n)
		}
	}
	for n := Number(1); n <= 36; n++ {
		if s.has(n) {
			out = append(out, n)
		}
	}
	return out
}

// rangeSet is lo..hi stepping by step.
func rangeSet(lo, hi, step int) set {
	var s set
	for n := lo; n <= hi; n += step {
		s |= 1 << uint(n)
	}
	return s
}

// The layout the engine assumes (standard; neither source draws it):
// 12 rows of three, row k = {3k+1, 3k+2, 3k+3}, and the zero(s) at the head
// next to the first row (ru §1.1). On the single-zero layout 0 touches 1,
// 2 and 3 (ru §4.1: splits 0/1, 0/2, 0/3). On the 0/00 layout (ru N1 leaves
// its bets to be specified) 0 sits over 1 and half of 2 and 00 over 3 and
// the other half of 2, side by side: 0 touches 1, 2 and 00; 00 touches 2, 3
// and 0.
func zeroNeighbours(w WheelType, z Number) set {
	switch {
	case w == SingleZero && z == 0:
		return setOf(1, 2, 3)
	case w == DoubleZero && z == 0:
		return setOf(1, 2, N00)
	case w == DoubleZero && z == N00:
		return setOf(0, 2, 3)
	}
	return 0
}

// adjacent reports two numbers that share an edge of the layout, the
// numbers a split may be placed between.
func adjacent(w WheelType, a, b Number) bool {
	switch {
	case a == b:
		return false
	case a.zero():
		return zeroNeighbours(w, a).has(b)
	case b.zero():
		return zeroNeighbours(w, b).has(a)
	}
	dr, dc := a.row()-b.row(), a.col()-b.col()
	return (dr == 0 && (dc == 1 || dc == -1)) || (dc == 0 && (dr == 1 || dr == -1))
}

// isStreet: a row of three, or a trio, three numbers with a zero that all
// touch each other (single zero: 0/1/2, 0/2/3, ru §4.1; 0/00: 0/1/2,
// 0/00/2, 00/2/3).
func isStreet(w WheelType, ns []Number) bool {
	a, b, c := ns[0], ns[1], ns[2]
	if a.zero() || b.zero() || c.zero() {
		return adjacent(w, a, b) && adjacent(w, a, c) && adjacent(w, b, c)
	}
	return a.row() == b.row() && b.row() == c.row()
}

// isCorner: four numbers meeting at one point: a 2×2 square of the
// numbered rows, or the first four 0/1/2/3 of the single-zero layout (ru
// §4.1, cz §3). The 0/00 layout has no four-number bet at its head.
func isCorner(w WheelType, s set) bool {
	ns := s.numbers()
	if ns[0] == 0 {
		return w == SingleZero && s == setOf(0, 1, 2, 3)
	}
	if ns[0].zero() {
		return false
	}
	a := ns[0]
	return a.col() < 2 && a.row() < 11 && s == setOf(a, a+1, a+3, a+4)
}

// isSixLine: two whole adjacent rows.
func isSixLine(s set) bool {
	ns := s.numbers()
	a := ns[0]
	return !a.zero() && a.col() == 0 && a.row() < 11 && s == rangeSet(int(a), int(a)+5, 1)
}

// topLine is the five-number bet 0-00-1-2-3 of the 0/00 layout.
const topLine set = 1<<0 | 1<<N00 | 1<<1 | 1<<2 | 1<<3

// Spots enumerates every layout bet of the wheel, by construction from
// the rows and columns (TestSpotsAreWhatParseAccepts checks it against
// the parser's adjacency rules).
func Spots(r Rules) []Spot {
	w := r.Wheel
	var out []Spot
	add := func(k Kind, ns ...Number) { out = append(out, layoutSpot(k, setOf(ns...))) }
	zeros := []Number{0}
	if w == DoubleZero {
		zeros = append(zeros, N00)
	}
	for _, z := range zeros {
		add(Straight, z)
	}
	for n := Number(1); n <= 36; n++ {
		add(Straight, n)
	}
	if w == DoubleZero {
		add(Split, 0, N00)
		add(Split, 0, 1)
		add(Split, 0, 2)
		add(Split, N00, 2)
		add(Split, N00, 3)
	} else {
		add(Split, 0, 1)
		add(Split, 0, 2)
		add(Split, 0, 3)
	}
	for n := Number(1); n <= 36; n++ {
		if n.col() < 2 {
			add(Split, n, n+1)
		}
		if n.row() < 11 {
			add(Split, n, n+3)
		}
	}
	if w == DoubleZero {
		add(Street, 0, 1, 2)
		add(Street, 0, N00, 2)
		add(Street, N00, 2, 3)
	} else {
		add(Street, 0, 1, 2)
		add(Street, 0, 2, 3)
	}
	for k := Number(0); k < 12; k++ {
		add(Street, 3*k+1, 3*k+2, 3*k+3)
	}
	if w == SingleZero {
		add(Corner, 0, 1, 2, 3)
	}
	for n := Number(1); n <= 32; n++ {
		if n.col() < 2 {
			add(Corner, n, n+1, n+3, n+4)
		}
	}
	for k := 0; k < 11; k++ {
		out = append(out, layoutSpot(SixLine, rangeSet(3*k+1, 3*k+6, 1)))
	}
	if w == DoubleZero && r.Options.TopLine {
		out = append(out, layoutSpot(TopLine, topLine))
	}
	for i := 1; i <= 3; i++ {
		out = append(out, dozenSpot(i))
	}
	for i := 1; i <= 3; i++ {
		out = append(out, columnSpot(i))
	}
	for _, name := range evenChances() {
		out = append(out, evenChance(name))
	}
	return out
}

// dozenSpot is dozen i (1: 1–12, 2: 13–24, 3: 25–36).
func dozenSpot(i int) Spot {
	return Spot{Kind: Dozen, Name: "dozen:" + strconv.Itoa(i), covers: rangeSet(12*i-11, 12*i, 1)}
}

// columnSpot is column i (1: 1, 4, …, 34; cz §1.2).
func columnSpot(i int) Spot {
	return Spot{Kind: Column, Name: "column:" + strconv.Itoa(i), covers: rangeSet(i, 33+i, 3)}
}

// evenChances are the six 1:1 bets, by their canonical names.
func evenChances() []string { return []string{"red", "black", "odd", "even", "low", "high"} }

// evenChance is the spot of an even-chance name; 0 and 00 are in none,
// so zero takes them in full (cz §3, §7; ru §4.5).
func evenChance(name string) Spot {
	var s set
	for n := Number(1); n <= 36; n++ {
		var in bool
		switch name {
		case "red":
			in = n.Red()
		case "black":
			in = !n.Red()
		case "odd":
			in = n%2 == 1
		case "even":
			in = n%2 == 0
		case "low":
			in = n <= 18 // 1–18 (cz §1.2 assumes the standard range)
		case "high":
			in = n >= 19
		}
		if in {
			s |= 1 << uint(n)
		}
	}
	return Spot{Kind: EvenChance, Name: name, covers: s}
}

// layoutName is the canonical name of a layout bet on s.
func layoutName(k Kind, s set) string {
	ns := s.numbers()
	switch k {
	case SixLine:
		return fmt.Sprintf("sixline:%v-%v", ns[0], ns[5])
	case TopLine:
		return "topline"
	case Street:
		if ns[0].zero() {
			return "trio:" + join(ns)
		}
	}
	return k.String() + ":" + join(ns)
}

func join(ns []Number) string {
	var b []byte
	for i, n := range ns {
		if i > 0 {
			b = append(b, '-')
		}
		b = append(b, n.String()...)
	}
	return string(b)
}
