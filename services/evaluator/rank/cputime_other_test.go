//go:build !linux

package rank

import "testing"

func cpuTime(b *testing.B) (stop func()) { return func() {} }

func processCPUTime(b *testing.B) (stop func()) { return func() {} }
