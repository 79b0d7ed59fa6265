// Package stat holds the chi-square goodness-of-fit test the RNG uses for
// its start-up self-test and its statistical test suite. P-values come from
// gonum's chi-square distribution (the regularized upper incomplete gamma
// function), not from a table or a normal approximation.
package stat

import (
	"fmt"

	"gonum.org/v1/gonum/stat/distuv"
)

// Result is one chi-square test.
type Result struct {
	Stat float64
	DF   int
	P    float64
}

func (r Result) String() string {
	return fmt.Sprintf("chi2=%.1f df=%d p=%.4f", r.Stat, r.DF, r.P)
}

// ChiSquare tests observed counts against expected counts with df degrees
// of freedom. P is the probability of a statistic at least this large if
// the counts came from the expected distribution.
func ChiSquare(observed []uint64, expected []float64, df int) Result {
	if len(observed) != len(expected) {
		panic("stat: observed and expected differ in length")
	}
	var x float64
	for i, o := range observed {
		d := float64(o) - expected[i]
		x += d * d / expected[i]
	}
	return Result{Stat: x, DF: df, P: pValue(x, df)}
}

// pValue is the upper tail P(X >= x) of the chi-square distribution with df
// degrees of freedom.
func pValue(x float64, df int) float64 {
	return distuv.ChiSquared{K: float64(df)}.Survival(x)
}

// Uniform tests counts against equal expected counts, with len-1 degrees
// of freedom.
func Uniform(counts []uint64) Result {
	var total uint64
	for _, c := range counts {
		total += c
	}
	exp := make([]float64, len(counts))
	for i := range exp {
		exp[i] = float64(total) / float64(len(counts))
	}
	return ChiSquare(counts, exp, len(counts)-1)
}

// Positions counts where each of n items lands over many permutations:
// Cell(item, position). With every row and column total fixed by the
// number of permutations, the test has (n-1)^2 degrees of freedom.
type Positions struct {
	n      int
	counts []uint64
	perms  uint64
}

// NewPositions returns an empty table for permutations of n items.
func NewPositions(n int) *Positions {
	return &Positions{n: n, counts: make([]uint64, n*n)}
}

// Add records one permutation: perm[pos] is the item at pos.
func (p *Positions) Add(perm []int) {
	for pos, item := range perm {
		p.counts[item*p.n+pos]++
	}
	p.perms++
}

// AddCell records one (item, position) observation; callers that add
// cells directly must add n cells per permutation and call Done.
func (p *Positions) AddCell(item, pos int) { p.counts[item*p.n+pos]++ }

// Done counts one permutation added cell by cell.
func (p *Positions) Done() { p.perms++ }

// Test runs the chi-square test over every (item, position) cell.
func (p *Positions) Test() Result {
	exp := make([]float64, len(p.counts))
	for i := range exp {
		exp[i] = float64(p.perms) / float64(p.n)
	}
	return ChiSquare(p.counts, exp, (p.n-1)*(p.n-1))
}
