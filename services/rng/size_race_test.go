//go:build race

package rng

// statSamples under the race detector, which slows the draw loop about
// tenfold; the full size runs without -race in `make rng-stat`.
const statSamples = 200_000
