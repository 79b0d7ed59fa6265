//go:build !linux

package cputime

import "time"

// Thread is not available here: callers fall back to Process.
func Thread() (time.Duration, bool) { return 0, false }
