package cputime

import (
	"time"

	"golang.org/x/sys/unix"
)

// Thread is the CPU time the calling OS thread has used; ok is false
// where the system cannot tell. The caller locks its goroutine to the
// thread (runtime.LockOSThread) around the span it measures.
func Thread() (d time.Duration, ok bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
