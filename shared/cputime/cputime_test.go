package cputime

import (
	"runtime"
	"testing"
	"time"
)

// work does a fixed amount of computation: whatever else the machine is
// doing, it costs the same CPU time (tens of milliseconds here).
func work() uint64 {
	x := uint64(1)
	for i := 0; i < 100_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

var sink uint64

// The clocks count work, not wall time: a fixed computation moves them,
// sleeping does not move the thread's.
func TestClocksCountWorkNotSleep(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p0 := Process()
	th0, ok := Thread()
	sink += work()
	p1 := Process()
	th1, _ := Thread()
	if p1-p0 < time.Millisecond {
		t.Errorf("process clock moved %v over 10^8 multiply-adds", p1-p0)
	}
	if !ok {
		return // no per-thread clock on this system: Process was checked
	}
	spent := th1 - th0
	if spent < time.Millisecond {
		t.Errorf("thread clock moved %v over 10^8 multiply-adds", spent)
	}
	time.Sleep(2 * spent)
	th2, _ := Thread()
	if slept := th2 - th1; slept >= spent {
		t.Errorf("thread clock moved %v while sleeping, %v while working", slept, spent)
	}
}

func BenchmarkReportThread(b *testing.B) {
	defer ReportThread(b)()
	for b.Loop() {
		_ = Process()
	}
}
