// Package config reads a binary's settings once, in main: each setting is a
// command-line flag whose default comes from an environment variable, so the
// same binary is configured by flags on a laptop and by env in Kubernetes.
// A flag given on the command line wins over the environment.
//
// Values are validated in Parse (type errors) and by the caller (ranges)
// before anything starts; nothing below main reads the environment.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Loader binds flags to environment variables.
type Loader struct {
	fs     *flag.FlagSet
	getenv func(string) string
	errs   []error
	envs   []string
}

// New returns a Loader for the program name. getenv is os.Getenv in main and
// a map lookup in tests.
func New(name string, getenv func(string) string) *Loader {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &Loader{fs: fs, getenv: getenv}
}

// FlagSet exposes the underlying flags, for usage output.
func (l *Loader) FlagSet() *flag.FlagSet { return l.fs }

func (l *Loader) env(name string) (string, bool) {
	if name == "" {
		return "", false
	}
	l.envs = append(l.envs, name)
	v := l.getenv(name)
	return v, v != ""
}

func (l *Loader) usage(env, usage string) string {
	if env == "" {
		return usage
	}
	return fmt.Sprintf("%s (env %s)", usage, env)
}

// String binds a string setting.
func (l *Loader) String(p *string, name, env, def, usage string) {
	if v, ok := l.env(env); ok {
		def = v
	}
	l.fs.StringVar(p, name, def, l.usage(env, usage))
}

// Int binds an integer setting.
func (l *Loader) Int(p *int, name, env string, def int, usage string) {
	if v, ok := l.env(env); ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			l.errs = append(l.errs, fmt.Errorf("%s=%q: not an integer", env, v))
		} else {
			def = n
		}
	}
	l.fs.IntVar(p, name, def, l.usage(env, usage))
}

// Bool binds a boolean setting.
func (l *Loader) Bool(p *bool, name, env string, def bool, usage string) {
	if v, ok := l.env(env); ok {
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			l.errs = append(l.errs, fmt.Errorf("%s=%q: not a boolean", env, v))
		} else {
			def = b
		}
	}
	l.fs.BoolVar(p, name, def, l.usage(env, usage))
}

// Duration binds a duration setting ("30s", "5m").
func (l *Loader) Duration(p *time.Duration, name, env string, def time.Duration, usage string) {
	if v, ok := l.env(env); ok {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil {
			l.errs = append(l.errs, fmt.Errorf("%s=%q: not a duration", env, v))
		} else {
			def = d
		}
	}
	l.fs.DurationVar(p, name, def, l.usage(env, usage))
}

// Parse parses args (without the program name) and returns every error found
// in the environment and the flags together.
func (l *Loader) Parse(args []string) error {
	if err := l.fs.Parse(args); err != nil {
		l.errs = append(l.errs, err)
	}
	if l.fs.NArg() > 0 {
		l.errs = append(l.errs, fmt.Errorf("unexpected arguments: %q", l.fs.Args()))
	}
	return errors.Join(l.errs...)
}

// Usage writes the flags and their environment variables to w.
func (l *Loader) Usage(w io.Writer) {
	l.fs.SetOutput(w)
	l.fs.PrintDefaults()
	l.fs.SetOutput(io.Discard)
}

// Check collects validation failures: Check(port > 0, "port must be positive").
type Check struct{ errs []error }

// That records msg when ok is false.
func (c *Check) That(ok bool, format string, args ...any) {
	if !ok {
		c.errs = append(c.errs, fmt.Errorf(format, args...))
	}
}

// Err returns all recorded failures, or nil.
func (c *Check) Err() error { return errors.Join(c.errs...) }
