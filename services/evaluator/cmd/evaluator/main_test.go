package main

import (
	"io"
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
