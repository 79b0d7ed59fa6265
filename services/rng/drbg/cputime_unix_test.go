//go:build unix

package drbg

import (
	"syscall"
	"testing"
)

// cpuTime reports the process's CPU time (user + system) per operation
// next to ns/op. On a shared machine ns/op includes time spent waiting
// for a core; cpu-ns/op is what the operation itself costs.
func cpuTime(b *testing.B) func() {
	start := processCPU()
	return func() {
		b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
	}
}

func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
