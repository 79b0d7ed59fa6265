//go:build integration

package walkthrough

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestWalkthroughsAgainstTheDevStack starts the dev stack as `make run`
// does (the same package built and run, every default kept, demo bots
// included) on a free port, runs the commands its banner prints, then every
// walk-through script in one shell, in README order: each step must exit 0
// and print the fragments its "#   " lines show, and none may print a
// Connect error it does not show. The scripts are the README's text; only
// 127.0.0.1:8080 (the stack's address) and /tmp/ (a scratch directory)
// are replaced, and `make run` in them prints what the stack printed.
func TestWalkthroughsAgainstTheDevStack(t *testing.T) {
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"bash", "curl", "jq", "go", "sed"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the README's walk-throughs need %s on PATH: %v", tool, err)
		}
	}
	grpcurl := filepath.Join(abs, "bin", "grpcurl")
	if _, err := os.Stat(grpcurl); err != nil {
		// What `make tools` builds; CI runs it before the tests.
		if out, err := exec.Command("make", "-C", abs, grpcurl).CombinedOutput(); err != nil {
			t.Fatalf("make %s: %v\n%s", grpcurl, err, out)
		}
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	bin := filepath.Join(dir, "devstack")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./tools/devstack")
	build.Dir = abs
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the dev stack: %v\n%s", err, out)
	}
	started := time.Now()
	addr, banner := startStack(t, bin, dir)
	bannerFile := filepath.Join(dir, "banner.txt")
	if err := os.WriteFile(bannerFile, []byte(banner), 0o644); err != nil {
		t.Fatal(err)
	}

	// The commands the banner prints, as printed.
	for _, label := range []string{"health", "list"} {
		m := regexp.MustCompile(`(?m)^  ` + label + ` +(.+)$`).FindStringSubmatch(banner)
		if m == nil {
			t.Errorf("the banner prints no %s command:\n%s", label, banner)
			continue
		}
		c := exec.CommandContext(ctx, "bash", "-eo", "pipefail", "-c", m[1])
		c.Dir = abs
		out, err := c.CombinedOutput()
		want := map[string]string{"health": "SERVING_STATUS_SERVING", "list": "croupier.table.v1.TableService"}[label]
		if err != nil || !strings.Contains(string(out), want) {
			t.Errorf("banner command %q: %v, output %q lacks %q", m[1], err, out, want)
		}
	}

	var steps []Step
	var where []string
	for _, path := range Scripts {
		b, err := os.ReadFile(filepath.Join(abs, path))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(string(b), "127.0.0.1:8080", addr)
		text = strings.ReplaceAll(text, "/tmp/", dir+"/")
		for _, s := range Steps(text) {
			steps = append(steps, s)
			where = append(where, fmt.Sprintf("%s:%d", path, s.Line))
		}
	}
	var runner strings.Builder
	fmt.Fprintf(&runner, "set -eo pipefail\n")
	fmt.Fprintf(&runner, "make() { if [ \"$*\" = run ]; then cat %q; else echo \"walk-through runs make $*: only make run is part of one\" >&2; return 1; fi; }\n", bannerFile)
	for i, s := range steps {
		fmt.Fprintf(&runner, "{\n%s} >%q 2>&1\necho %d >>%q\n", s.Script, stepOut(dir, i), i, filepath.Join(dir, "done"))
	}
	fmt.Fprintf(&runner, "kill $(jobs -p) 2>/dev/null || true\n")
	script := filepath.Join(dir, "walkthrough.sh")
	if err := os.WriteFile(script, []byte(runner.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	run := exec.CommandContext(ctx, "bash", script)
	run.Dir = abs
	runOut, runErr := run.CombinedOutput()
	doneText, _ := os.ReadFile(filepath.Join(dir, "done"))
	done := len(strings.Fields(string(doneText)))

	for i, s := range steps {
		out, _ := os.ReadFile(stepOut(dir, i))
		if i >= done {
			if i == done {
				t.Errorf("step at %s failed (%v):\n%s\noutput:\n%s%s", where[i], runErr, s.Script, out, runOut)
			}
			break
		}
		if f, missing := Missing(string(out), s.Expect); missing {
			t.Errorf("step at %s: output lacks %q:\n%s\noutput:\n%s", where[i], f, s.Script, out)
		}
		if strings.Contains(string(out), `{"code":"`) && !strings.Contains(strings.Join(s.Expect, " "), `"code"`) {
			t.Errorf("step at %s printed an error it does not show:\n%s\noutput:\n%s", where[i], s.Script, out)
		}
	}
	t.Logf("%d steps of %d scripts against the dev stack in %s (stack start included)", len(steps), len(Scripts), time.Since(started).Round(time.Second))
}

func stepOut(dir string, i int) string { return filepath.Join(dir, fmt.Sprintf("step-%03d.out", i)) }

// startStack runs the built dev stack on a free port until the test ends and
// returns its address and what it printed up to the credentials.
func startStack(t *testing.T, bin, dir string) (string, string) {
	t.Helper()
	// Not CommandContext: the stack is stopped as Ctrl-C stops `make run`,
	// and must then exit 0 on its own.
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "CROUPIER_DATA_DIR="+dir)
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("dev stack stopped with %v; its log:\n%s", err, stderr.String())
			}
		case <-time.After(time.Minute):
			_ = cmd.Process.Kill()
			t.Errorf("dev stack still running a minute after SIGINT; its log:\n%s", stderr.String())
		}
	})
	var banner strings.Builder
	var addr string
	listening := regexp.MustCompile(`listening on (\S+) `)
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		l := lines.Text()
		banner.WriteString(l + "\n")
		if m := listening.FindStringSubmatch(l); m != nil {
			addr = m[1]
		}
		if strings.Contains(l, "auditor token") {
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	if addr == "" || !strings.Contains(banner.String(), "auditor token") {
		t.Fatalf("the dev stack printed no address or credentials:\n%s\nlog:\n%s", banner.String(), stderr.String())
	}
	return addr, banner.String()
}

// lockedBuffer is a bytes.Buffer the process writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
