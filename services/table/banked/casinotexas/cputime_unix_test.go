//go:build unix

package casinotexas

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, user and system: the
// benchmark's rate per CPU second holds on a machine others load too.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
