package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunExitStatus(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte(strings.Replace(goodRelease(t), "  replicas: 3\n", "  replica: 3\n", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name       string
		args       []string
		stdin      string
		code       int
		wantStdout string
	}{
		{"good file", []string{"testdata/good.yaml"}, "", 0, "manifestcheck: 8 object(s) valid"},
		{"good stdin", nil, goodRelease(t), 0, "manifestcheck: 8 object(s) valid"},
		{"quiet", []string{"-q", "testdata/good.yaml"}, "", 0, ""},
		{"bad file named in finding", []string{bad}, "", 1, bad + ` doc 4 (croupier/templates/deployment.yaml): Deployment/croupier-rng: strict decoding error: unknown field "spec.replica"`},
		{"good then bad file", []string{"testdata/good.yaml", bad}, "", 1, bad + " doc 4"},
		{"missing file", []string{filepath.Join(dir, "nope.yaml")}, "", 2, ""},
		{"unknown flag", []string{"-x"}, "", 2, ""},
		{"empty stdin", nil, "", 1, "no Kubernetes objects"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, tc.code, stdout.String(), stderr.String())
			}
			if tc.wantStdout == "" && tc.code == 0 && stdout.Len() != 0 {
				t.Errorf("stdout %q, want nothing", stdout.String())
			}
			if !strings.Contains(stdout.String(), tc.wantStdout) {
				t.Errorf("stdout %q does not contain %q", stdout.String(), tc.wantStdout)
			}
		})
	}
}
