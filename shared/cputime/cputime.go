// Package cputime measures the CPU time work costs, for benchmarks run on
// a shared machine: there wall-clock ns/op also counts the time other
// processes held the core, and CPU time does not.
package cputime

import (
	"runtime"
	"testing"
)

// Report starts measuring the whole process's CPU time (user and system)
// and returns the function that reports it per iteration as cpu-ns/op:
// for work spread over goroutines. Use as `defer cputime.Report(b)()`.
func Report(b *testing.B) (stop func()) {
	start := Process()
	return func() {
		b.ReportMetric(float64(Process()-start)/float64(b.N), "cpu-ns/op")
	}
}

// ReportThread is Report for work done on the benchmark's own goroutine:
// it locks that goroutine to its OS thread and counts only the thread's
// CPU time, so the runtime's background work is left out. Where the
// system has no per-thread clock it counts the process.
func ReportThread(b *testing.B) (stop func()) {
	runtime.LockOSThread()
	start, ok := Thread()
	if !ok {
		runtime.UnlockOSThread()
		return Report(b)
	}
	return func() {
		end, _ := Thread()
		runtime.UnlockOSThread()
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}
