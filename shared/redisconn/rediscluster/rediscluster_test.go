package rediscluster

import "testing"

func TestAtLeast7(t *testing.T) {
	for v, want := range map[string]bool{
		"Redis server v=7.0.15 sha=00000000:0 malloc=jemalloc-5.3.0 bits=64": true,
		"Redis server v=8.2.1 sha=00000000:0":                                true,
		"Redis server v=6.2.6 sha=00000000:0":                                false,
		"Valkey server v=x":                                                  false,
		"":                                                                   false,
	} {
		if got := atLeast7(v); got != want {
			t.Errorf("%q: %v", v, got)
		}
	}
}
