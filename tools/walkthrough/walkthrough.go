// Package walkthrough keeps the README's walk-throughs true. Each one is a
// shell script under docs/walkthrough/; the README shows it as ```sh blocks,
// each right after a marker line naming the script:
//
//	<!-- walkthrough: docs/walkthrough/table.sh -->
//
// and a script is exactly its blocks, in README order (TestReadmeMatchesScripts).
// The integration test starts the dev stack as `make run` does and runs
// every script, step by step, checking each step's exit status and the
// output its "#   " comment lines show (Steps).
package walkthrough

import (
	"bufio"
	"fmt"
	"regexp"
	"strings"
)

// Marker starts the line before a walk-through block in the README.
const Marker = "<!-- walkthrough: "

// Blocks returns the README's walk-through blocks joined per script (paths
// as the markers name them, relative to the repository root) and the
// scripts in the order the README first shows them.
func Blocks(readme string) (map[string]string, []string, error) {
	scripts := map[string]string{}
	var order []string
	lines := strings.Split(readme, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, Marker) {
			continue
		}
		path := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(l, Marker), "-->"))
		if i+1 >= len(lines) || strings.TrimSpace(lines[i+1]) != "```sh" {
			return nil, nil, fmt.Errorf("README line %d: marker for %s not followed by a ```sh block", i+1, path)
		}
		var b strings.Builder
		j := i + 2
		for ; j < len(lines) && strings.TrimSpace(lines[j]) != "```"; j++ {
			b.WriteString(lines[j])
			b.WriteByte('\n')
		}
		if j == len(lines) {
			return nil, nil, fmt.Errorf("README line %d: block for %s never closed", i+1, path)
		}
		if _, ok := scripts[path]; !ok {
			order = append(order, path)
		}
		scripts[path] += b.String()
		i = j
	}
	return scripts, order, nil
}

// Step is one step of a script: the lines up to the next run of expected
// output, and that output's fragments.
type Step struct {
	// Line is the step's first line in the script, 1-based.
	Line int
	// Script is the step's shell text.
	Script string
	// Expect are the fragments its output must hold, in this order.
	Expect []string
}

// expectLine is a comment showing output: "#" and at least three spaces.
var expectLine = regexp.MustCompile(`^\s*#   +(.*)$`)

// elision separates the fragments of an expected line: "...", "…", a
// placeholder like <outcome id>, or two spaces and more.
var elision = regexp.MustCompile(`\.\.\.|…|<[^<>]*>|\s{2,}`)

// Steps splits a script into steps. A step ends after the expected-output
// lines that follow it, so these may only follow a complete command; a step
// that shows no output is the script's last.
func Steps(script string) []Step {
	var steps []Step
	cur := Step{Line: 1}
	var text strings.Builder
	expecting := false
	flush := func(next int) {
		cur.Script = text.String()
		if strings.TrimSpace(cur.Script) != "" || len(cur.Expect) > 0 {
			steps = append(steps, cur)
		}
		cur = Step{Line: next}
		text.Reset()
		expecting = false
	}
	sc := bufio.NewScanner(strings.NewReader(script))
	n := 0
	for sc.Scan() {
		n++
		l := sc.Text()
		if m := expectLine.FindStringSubmatch(l); m != nil {
			expecting = true
			cur.Expect = append(cur.Expect, Fragments(m[1])...)
			continue
		}
		if expecting {
			flush(n)
		}
		text.WriteString(l)
		text.WriteByte('\n')
	}
	flush(n + 1)
	return steps
}

// Fragments splits one line of expected output into the pieces an actual
// output must contain.
func Fragments(expected string) []string {
	var out []string
	for _, f := range elision.Split(expected, -1) {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Missing returns the first fragment not found in output after the ones
// before it, and false when all are there in order. Whitespace does not
// count on either side: protojson (grpcurl, the Connect JSON codec) puts a
// space after a comma or colon or not, on purpose differently from one
// build to the next, so `{"a":1,"b":2}` and `{"a":1, "b":2}` are the same.
func Missing(output string, expect []string) (string, bool) {
	rest := squeeze(output)
	for _, f := range expect {
		i := strings.Index(rest, squeeze(f))
		if i < 0 {
			return f, true
		}
		rest = rest[i+len(squeeze(f)):]
	}
	return "", false
}

func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }
