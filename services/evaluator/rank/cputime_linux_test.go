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
