package config

import (
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestFlagBeatsEnvBeatsDefault(t *testing.T) {
	var addr, name string
	var n int
	var d time.Duration
	var b bool
	l := New("svc", env(map[string]string{"ADDR": ":9", "N": "7", "D": "3s", "B": "true"}))
	l.String(&addr, "addr", "ADDR", ":8080", "listen address")
	l.String(&name, "name", "NAME", "dflt", "name")
	l.Int(&n, "n", "N", 1, "n")
	l.Duration(&d, "d", "D", time.Second, "d")
	l.Bool(&b, "b", "B", false, "b")
	if err := l.Parse([]string{"-n", "42"}); err != nil {
		t.Fatal(err)
	}
	if addr != ":9" || name != "dflt" || n != 42 || d != 3*time.Second || !b {
		t.Fatalf("got addr=%q name=%q n=%d d=%v b=%v", addr, name, n, d, b)
	}
}

func TestBadEnvIsReported(t *testing.T) {
	var n int
	var d time.Duration
	l := New("svc", env(map[string]string{"N": "x", "D": "forever"}))
	l.Int(&n, "n", "N", 1, "n")
	l.Duration(&d, "d", "D", time.Second, "d")
	err := l.Parse(nil)
	if err == nil || !strings.Contains(err.Error(), "N=\"x\"") || !strings.Contains(err.Error(), "D=\"forever\"") {
		t.Fatalf("err = %v", err)
	}
}

func TestUnknownFlagAndStrayArgs(t *testing.T) {
	l := New("svc", env(nil))
	if err := l.Parse([]string{"-nope"}); err == nil {
		t.Fatal("unknown flag accepted")
	}
	l = New("svc", env(nil))
	if err := l.Parse([]string{"stray"}); err == nil {
		t.Fatal("stray argument accepted")
	}
}

func TestCheck(t *testing.T) {
	var c Check
	c.That(true, "fine")
	if c.Err() != nil {
		t.Fatal("unexpected error")
	}
	c.That(false, "port %d out of range", 0)
	if c.Err() == nil || !strings.Contains(c.Err().Error(), "port 0") {
		t.Fatalf("err = %v", c.Err())
	}
}
