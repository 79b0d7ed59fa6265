// Package stream seeds the independent random streams a Monte Carlo
// simulation deals its chunks from: chunk k of a run seeded s always gets
// the same stream, whatever the number of workers, so a run's result
// depends on its seed and its rounds only.
package stream

// Seed is the PCG seed of chunk k's stream in a run seeded seed: both
// words through SplitMix64, so neighbouring chunks' streams start far
// apart.
func Seed(seed, k uint64) (uint64, uint64) {
	hi := splitMix64(seed ^ splitMix64(k))
	return hi, splitMix64(hi + k)
}

// splitMix64 is Steele, Lea and Flood's SplitMix64 finaliser.
func splitMix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
