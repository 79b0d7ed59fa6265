package stattest

import (
	"testing"

	"github.com/croupier/croupier/services/rng/stat"
)

// recorder is a testing.TB that notes a failure instead of stopping.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Logf(string, ...any)   {}
func (r *recorder) Fatalf(string, ...any) { r.failed = true }

// One low sample is forgiven once; two in a row fail, and a pass takes
// exactly one sample.
func TestUniformFailsOnlyTwoLowSamplesInARow(t *testing.T) {
	for _, c := range []struct {
		ps      []float64
		fails   bool
		samples int
	}{
		{[]float64{0.5}, false, 1},
		{[]float64{MinP}, false, 1},
		{[]float64{0.0009, 0.4}, false, 2},
		{[]float64{0.0009, 0.0002}, true, 2},
		{[]float64{1e-9, 1e-12}, true, 2},
	} {
		taken := 0
		r := &recorder{TB: t}
		Uniform(r, "sample", func() stat.Result {
			p := c.ps[taken]
			taken++
			return stat.Result{P: p}
		})
		if r.failed != c.fails || taken != c.samples {
			t.Errorf("p values %v: failed %v after %d samples, want %v after %d", c.ps, r.failed, taken, c.fails, c.samples)
		}
	}
}
