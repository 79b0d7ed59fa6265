package main

import (
	"io"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/evaluator/api"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoadDefaultsAndOverrides(t *testing.T) {
	s, err := load(nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if s.limits() != api.DefaultLimits || s.common.Addr != ":8080" {
		t.Errorf("defaults: %+v addr %q", s.limits(), s.common.Addr)
	}
	s, err = load([]string{"-max-hands", "500"}, env(map[string]string{"CROUPIER_EVALUATOR_MAX_BOXES": "8", "CROUPIER_EVALUATOR_MAX_HANDS": "9"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if l := s.limits(); l.MaxHands != 500 || l.MaxBoxes != 8 {
		t.Errorf("flag must win over env, env over default: %+v", l)
	}
}

func TestLoadRejectsBadLimits(t *testing.T) {
	for _, args := range [][]string{{"-max-hands", "0"}, {"-max-boxes", "5000"}, {"-max-pots", "-1"}, {"-max-public-samples", "10"}} {
		if _, err := load(args, env(nil), io.Discard); err == nil || !strings.Contains(err.Error(), args[0][1:4]) {
			t.Errorf("load(%v) = %v, want an error about it", args, err)
		}
	}
}

// The evaluator is built with its profile (default.pgo, `make
// evaluator-pgo`): go build takes it from this directory unless told
// -pgo=off, which neither the Makefile nor the images' build says. Moving
// the main package or losing the file would drop the inlining the equity
// loops are measured with (README, evaluator section), and nothing else
// would say so.
func TestBuiltWithTheEvaluatorProfile(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("no build information in the binary")
	}
	for _, s := range info.Settings {
		if s.Key == "-pgo" {
			if filepath.Base(s.Value) != "default.pgo" {
				t.Errorf("built with the profile %s, want this directory's default.pgo", s.Value)
			}
			return
		}
	}
	t.Error("built without a profile: default.pgo is missing here, or the build said -pgo=off")
}
