package rank

import (
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// cpuTime starts measuring the benchmark goroutine's own CPU time and
// returns the function that reports it as cpu-ns/op. On a shared machine
// the wall-clock ns/op also counts the time other processes held the core;
// this does not.
func cpuTime(b *testing.B) (stop func()) {
	runtime.LockOSThread()
	start := threadNanos()
	return func() {
		d := threadNanos() - start
		runtime.UnlockOSThread()
		b.ReportMetric(float64(d)/float64(b.N), "cpu-ns/op")
	}
}

func threadNanos() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return ts.Nano()
}

// processCPUTime is cpuTime for work that runs on several goroutines: the
// whole process's CPU time (user and system) per op.
func processCPUTime(b *testing.B) (stop func()) {
	start := processNanos()
	return func() {
		b.ReportMetric(float64(processNanos()-start)/float64(b.N), "cpu-ns/op")
	}
}

func processNanos() int64 {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
