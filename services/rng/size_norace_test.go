//go:build !race

package rng

// statSamples is the size of every chi-square test: the full 1,000,000 of
// the acceptance criteria. `make test` runs with -race and the smaller size
// in size_race_test.go; `make rng-stat` (mk/rng.mk, part of `make test`)
// runs this full size without the race detector.
const statSamples = 1_000_000
