// Command croupierctl is the operator's command line for Croupier. Each
// command group lives in its own file (rng.go, ...) and is listed in
// commands below; main only dispatches.
//
//	croupierctl rng verify --file reveal.json
//	croupierctl rng verify --commitment HEX round-proof.json
//	croupierctl rng verify --addr http://127.0.0.1:8080 --id o-...
//	croupierctl rng verify-proof --commitment HEX proof.json
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one command group: "croupierctl <name> <args...>".
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, env env) error
}

// env is what a command may touch: its streams and the environment.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
}

// commands lists the command groups. Add yours here, one line.
func commands() []command {
	return []command{
		rngCommand(),
		evalCommand(),
		tokenCommand(),
	}
}

// errUsage marks a usage error (exit status 2).
var errUsage = errors.New("usage")

// errFailed marks a check that ran and failed (exit status 1), as opposed
// to a command that could not run.
var errFailed = errors.New("check failed")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	err := run(ctx, os.Args[1:], env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv})
	stop()
	switch {
	case err == nil:
	case errors.Is(err, errUsage):
		os.Exit(2)
	default:
		if !errors.Is(err, errFailed) {
			fmt.Fprintln(os.Stderr, "croupierctl:", err)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, e env) error {
	cmds := commands()
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].name < cmds[j].name })
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(e.stderr, cmds)
		if len(args) == 0 {
			return errUsage
		}
		return nil
	}
	for _, c := range cmds {
		if c.name == args[0] {
			return c.run(ctx, args[1:], e)
		}
	}
	fmt.Fprintf(e.stderr, "croupierctl: unknown command %q\n", args[0])
	usage(e.stderr, cmds)
	return errUsage
}

func usage(w io.Writer, cmds []command) {
	fmt.Fprintln(w, "usage: croupierctl <command> [arguments]")
	fmt.Fprintln(w, "commands:")
	for _, c := range cmds {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
}

// maxInput bounds what a command reads from a file or standard input (a
// revealed 8-deck shoe or a fairness proof is a few kilobytes).
const maxInput = 16 << 20

// readInput reads the named file, or standard input for "-".
func (e env) readInput(name string) ([]byte, error) {
	var in io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in = f
	}
	return io.ReadAll(io.LimitReader(in, maxInput))
}
