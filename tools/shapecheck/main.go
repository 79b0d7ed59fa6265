// Command shapecheck checks the repository's shape, the rules that keep the
// module graph the service graph and the code readable (make lint runs it):
//
//   - no package under services/X imports a package under services/Y (X ≠ Y),
//     and nothing under shared/, gen/ or workflows/ imports a service: the
//     services talk over gRPC, and what several of them need in-process is a
//     library in shared/ (tools/ may import anything: it wires the platform);
//   - no service module's go.mod requires or replaces another service module
//     or the tools module, directly or as an indirect requirement;
//   - no non-generated, non-test Go file is longer than -max-file lines, and
//     no function in one is longer than -max-func lines.
//
// Findings print as file:line: message; the exit status is 1 when there are
// any, 2 on usage or read errors.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: arguments, streams, exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shapecheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", ".", "repository root (holds go.work)")
	maxFile := fs.Int("max-file", 600, "longest non-generated, non-test Go file, in lines")
	maxFunc := fs.Int("max-func", 120, "longest function in such a file, in lines")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	findings, err := Check(*root, Limits{FileLines: *maxFile, FuncLines: *maxFunc})
	if err != nil {
		fmt.Fprintln(stderr, "shapecheck:", err)
		return 2
	}
	for _, f := range findings {
		fmt.Fprintln(stdout, f)
	}
	if len(findings) > 0 {
		fmt.Fprintf(stderr, "shapecheck: %d findings\n", len(findings))
		return 1
	}
	return 0
}
