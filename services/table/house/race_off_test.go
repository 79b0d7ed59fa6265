//go:build !race

package house

// raceEnabled: the race detector slows every memory access; the
// property run compares the table's encodings more sparsely then.
const raceEnabled = false
