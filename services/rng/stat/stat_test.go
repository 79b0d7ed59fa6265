package stat

import (
	"math"
	"testing"
)

// Reference values of the chi-square upper tail: P(X >= 3.841) = 0.05 for
// df 1, P(X >= 124.342) = 0.05 for df 100 (standard tables).
func TestChiSquarePValueMatchesTables(t *testing.T) {
	for _, c := range []struct {
		stat float64
		df   int
		p    float64
	}{{3.841459, 1, 0.05}, {124.342, 100, 0.05}, {10.828, 1, 0.001}} {
		if p := pValue(c.stat, c.df); math.Abs(p-c.p) > 5e-4 {
			t.Errorf("p(chi2=%v, df=%d) = %v, want %v", c.stat, c.df, p, c.p)
		}
	}
}

func TestUniformFlagsBias(t *testing.T) {
	if r := Uniform([]uint64{1000, 1000, 1000}); r.Stat != 0 || r.P != 1 {
		t.Fatalf("perfectly even counts: %s", r)
	}
	if r := Uniform([]uint64{1100, 1000, 900}); r.P > 0.001 {
		t.Fatalf("10%% bias over 3000 draws not flagged: %s", r)
	}
}

func TestPositionsDegreesOfFreedom(t *testing.T) {
	p := NewPositions(3)
	for _, perm := range [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}} {
		p.Add(perm)
	}
	r := p.Test()
	if r.DF != 4 || r.Stat != 0 {
		t.Fatalf("balanced Latin square: %s", r)
	}
}
