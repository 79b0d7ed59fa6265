package main

import (
	"archive/tar"
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// repoRoot is the repository holding this module (tools/imagebuild).
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Fatalf("repository root: %v", err)
	}
	return root
}

// rngTarball is the rng image tarball `make images` wrote
// (CROUPIER_IMAGE_DIR), or, run alone, one this test builds the same way.
func rngTarball(t *testing.T, root string) string {
	t.Helper()
	if dir := os.Getenv("CROUPIER_IMAGE_DIR"); dir != "" {
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(root, dir)
		}
		return filepath.Join(dir, "croupier-rng.tar")
	}
	out := t.TempDir()
	if err := run(context.Background(), []string{"-repo", root, "-out", out, "-services", "rng", "-revision", "test"}, io.Discard); err != nil {
		t.Fatalf("build the rng image: %v", err)
	}
	return filepath.Join(out, "croupier-rng.tar")
}

// TestRngImage inspects the rng image as a runtime would see it: its name,
// config, and the flattened filesystem.
func TestRngImage(t *testing.T) {
	root := repoRoot(t)
	path := rngTarball(t, root)
	chart, err := readChart(filepath.Join(root, "charts", "croupier"))
	if err != nil {
		t.Fatal(err)
	}

	// The name is the chart's default image for the rng service.
	m, err := tarball.LoadManifest(func() (io.ReadCloser, error) { return os.Open(path) })
	if err != nil {
		t.Fatalf("tarball manifest: %v", err)
	}
	registry, tag := chart.registry, chart.appVersion
	if r := os.Getenv("CROUPIER_IMAGE_REGISTRY"); r != "" {
		registry = r
	}
	if tg := os.Getenv("CROUPIER_IMAGE_TAG"); tg != "" {
		tag = tg
	}
	wantRef := registry + "/" + chart.repositories["rng"] + ":" + tag
	if len(m) != 1 || len(m[0].RepoTags) != 1 || m[0].RepoTags[0] != wantRef {
		t.Fatalf("tarball names %+v, want the one image %s", m, wantRef)
	}

	img, err := tarball.ImageFromPath(path, nil)
	if err != nil {
		t.Fatalf("open image: %v", err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	c := cf.Config
	if got := strings.Join(c.Entrypoint, " "); got != "/usr/local/bin/croupier-rng" {
		t.Errorf("entrypoint %q, want the rng binary", got)
	}
	if len(c.Cmd) != 0 {
		t.Errorf("cmd %q, want none", c.Cmd)
	}
	if c.User != "65532:65532" {
		t.Errorf("user %q, want 65532:65532", c.User)
	}
	if c.WorkingDir != "/home/nonroot" {
		t.Errorf("working dir %q", c.WorkingDir)
	}
	if _, ok := c.ExposedPorts["8080/tcp"]; !ok {
		t.Errorf("exposed ports %v lack 8080/tcp", c.ExposedPorts)
	}
	if cf.OS != "linux" || cf.Architecture == "" {
		t.Errorf("platform %s/%s", cf.OS, cf.Architecture)
	}
	for _, k := range []string{"source", "version", "revision", "title"} {
		if c.Labels["org.opencontainers.image."+k] == "" {
			t.Errorf("label org.opencontainers.image.%s missing; labels %v", k, c.Labels)
		}
	}
	if got := c.Labels["org.opencontainers.image.title"]; got != "croupier-rng" {
		t.Errorf("title label %q", got)
	}

	files := flatten(t, img)
	for _, shell := range []string{"bin/sh", "bin/bash", "bin/busybox", "usr/bin/env"} {
		if _, ok := files[shell]; ok {
			t.Errorf("%s present: the image must have no shell", shell)
		}
	}
	for _, bin := range []string{"usr/local/bin/croupier-rng", "usr/local/bin/croupier-healthprobe"} {
		f, ok := files[bin]
		if !ok {
			t.Errorf("%s absent", bin)
			continue
		}
		if f.hdr.Mode&0o111 == 0 || f.hdr.Mode&0o022 != 0 || f.hdr.Uid != 0 {
			t.Errorf("%s mode %o uid %d: want executable, writable by root only", bin, f.hdr.Mode, f.hdr.Uid)
		}
		assertStatic(t, bin, f.data, cf.Architecture)
	}
	if f := files["etc/passwd"]; !strings.Contains(string(f.data), "nonroot:x:65532:65532:") {
		t.Errorf("/etc/passwd %q lacks the nonroot user", f.data)
	}
	if f := files["etc/group"]; !strings.Contains(string(f.data), "nonroot:x:65532:") {
		t.Errorf("/etc/group %q lacks the nonroot group", f.data)
	}
	if f, ok := files["tmp"]; !ok || f.hdr.Mode&0o1777 != 0o1777 {
		t.Errorf("/tmp missing or not world-writable sticky")
	}
	if f, ok := files["home/nonroot"]; !ok || f.hdr.Uid != 65532 {
		t.Errorf("/home/nonroot missing or not owned by 65532")
	}
	if _, err := os.Stat("/etc/ssl/certs/ca-certificates.crt"); err == nil {
		if f := files["etc/ssl/certs/ca-certificates.crt"]; !bytes.Contains(f.data, []byte("BEGIN CERTIFICATE")) {
			t.Errorf("the machine has a CA bundle, the image does not")
		}
	}
}

type entry struct {
	hdr  *tar.Header
	data []byte
}

// flatten reads the image's filesystem as a container runtime unpacks it.
func flatten(t *testing.T, img v1.Image) map[string]entry {
	t.Helper()
	rc := mutate.Extract(img)
	defer rc.Close()
	files := map[string]entry{}
	tr := tar.NewReader(rc)
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return files
		}
		if err != nil {
			t.Fatalf("image filesystem: %v", err)
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatalf("image filesystem %s: %v", hdr.Name, err)
		}
		files[strings.Trim(hdr.Name, "/")] = entry{hdr: hdr, data: data}
	}
}

// assertStatic fails unless the ELF binary needs no dynamic loader.
func assertStatic(t *testing.T, name string, data []byte, arch string) {
	t.Helper()
	for _, p := range elfProblems(data, arch) {
		t.Errorf("%s: %s", name, p)
	}
}

// elfProblems says why a binary would not run on an empty base: a
// PT_INTERP program header or a dynamic section (CGO_ENABLED=0 failed), or
// another architecture than the image's.
func elfProblems(data []byte, arch string) []string {
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return []string{"not an ELF binary: " + err.Error()}
	}
	defer f.Close()
	var out []string
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
			out = append(out, "dynamically linked: "+p.Type.String()+" program header")
		}
	}
	if s := f.Section(".dynamic"); s != nil {
		out = append(out, "dynamically linked: .dynamic section")
	}
	want := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[arch]
	if want != 0 && f.Machine != want {
		out = append(out, "built for "+f.Machine.String()+", the image is "+arch)
	}
	return out
}

// TestElfProblemsSeesDynamicBinaries: the static check is not vacuous; the
// machine's own shell is dynamically linked.
func TestElfProblemsSeesDynamicBinaries(t *testing.T) {
	sh, err := os.ReadFile("/bin/sh")
	if err != nil {
		t.Fatalf("this test needs the machine's /bin/sh: %v", err)
	}
	probs := strings.Join(elfProblems(sh, runtime.GOARCH), "; ")
	if !strings.Contains(probs, "PT_INTERP") {
		t.Fatalf("elfProblems(/bin/sh) = %q, want PT_INTERP reported", probs)
	}
	if p := elfProblems([]byte("#!/bin/sh\n"), runtime.GOARCH); len(p) != 1 {
		t.Fatalf("elfProblems(script) = %q, want not an ELF binary", p)
	}
}

// TestRootfsReproducible: the same inputs give the same image digest, and
// another creation time another one (the time is in every header).
func TestRootfsReproducible(t *testing.T) {
	spec := imageSpec{service: "rng", ref: "example.test/croupier-rng:1", arch: "amd64",
		binary: []byte("bin"), probe: []byte("probe"), version: "1", source: "s"}
	digest := func(s imageSpec) string {
		img, err := buildImage(s)
		if err != nil {
			t.Fatal(err)
		}
		d, err := img.Digest()
		if err != nil {
			t.Fatal(err)
		}
		return d.String()
	}
	img, err := buildImage(spec)
	if err != nil {
		t.Fatal(err)
	}
	// The docker-save tarball does not keep the manifest; the image pushed
	// from it (crane push, ggcr) does: OCI.
	if mt, err := img.MediaType(); err != nil || mt != types.OCIManifestSchema1 {
		t.Errorf("manifest media type %q, %v; want %q", mt, err, types.OCIManifestSchema1)
	}
	a, b := digest(spec), digest(spec)
	if a != b {
		t.Fatalf("two builds of the same inputs: %s and %s", a, b)
	}
	later := spec
	later.created = later.created.Add(1e9)
	if digest(later) == a {
		t.Fatal("another creation time gave the same digest")
	}
}

func TestParseRefusesUnknownService(t *testing.T) {
	if _, err := parse([]string{"-services", "rng,croupierd"}); err == nil || !strings.Contains(err.Error(), "croupierd") {
		t.Fatalf("parse = %v, want the unknown service named", err)
	}
}

// TestDockerfileAndChartAgree: the Dockerfile an operator's CI builds puts
// the binaries where these images do, and the chart's helm test pods run the
// probe from there.
func TestDockerfileAndChartAgree(t *testing.T) {
	root := repoRoot(t)
	read := func(p string) string {
		b, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	dockerfile := read("Dockerfile")
	for _, svc := range allServices {
		for _, want := range []string{
			"FROM runtime AS " + svc + "\n",
			`ENTRYPOINT ["` + entrypoint(svc) + `"]`,
			"/out/croupier-" + svc + " " + entrypoint(svc),
		} {
			if !strings.Contains(dockerfile, want) {
				t.Errorf("Dockerfile lacks %q", want)
			}
		}
	}
	for _, want := range []string{"/out/croupier-healthprobe " + probePath, "USER " + userString} {
		if !strings.Contains(dockerfile, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	if test := read("charts/croupier/templates/tests/health.yaml"); !strings.Contains(test, `command: ["`+probePath+`"]`) {
		t.Errorf("the chart's helm test pods do not run %s", probePath)
	}
}
