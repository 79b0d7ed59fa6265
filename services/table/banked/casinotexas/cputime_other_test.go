//go:build !unix

package casinotexas

import "time"

// cpuTime is not measured here: the benchmark reports no rate per CPU
// second.
func cpuTime() time.Duration { return 0 }
