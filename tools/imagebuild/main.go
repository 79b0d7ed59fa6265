// Command imagebuild builds the services' container images as image tarballs
// without a Docker daemon and without a base image: each image is one layer
// on an empty base holding a static binary, the health probe, the machine's
// CA bundle, passwd/group entries for the non-root user 65532 and a writable
// /tmp. The tarballs load with `docker load`, `podman load` and
// `kind load image-archive`; their names are the chart's defaults
// (charts/croupier: image.registry, services.<name>.image.repository,
// appVersion), so a chart installed with its defaults runs them.
//
// Operators building in their own CI use the Dockerfile instead; both put
// the same files at the same paths.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "imagebuild:", err)
		os.Exit(1)
	}
}

// options is what one run builds.
type options struct {
	repo     string // repository root (go.work)
	out      string
	arch     string
	services []string
	// registry and tag override the chart's defaults when not empty.
	registry string
	tag      string
	version  string
	revision string
	source   string
	caCerts  string
	created  time.Time
}

func parse(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("imagebuild", flag.ContinueOnError)
	fs.StringVar(&o.repo, "repo", ".", "repository root (holding go.work and charts/croupier)")
	fs.StringVar(&o.out, "out", "out/images", "directory the tarballs are written to")
	fs.StringVar(&o.arch, "arch", runtime.GOARCH, "GOARCH of the binaries and the images")
	svcs := fs.String("services", strings.Join(allServices, ","), "comma-separated services")
	fs.StringVar(&o.registry, "registry", "", "image registry prefix (default: the chart's image.registry)")
	fs.StringVar(&o.tag, "tag", "", "image tag (default: the chart's appVersion)")
	fs.StringVar(&o.version, "version", "", "version label and boot.Version (default: the tag)")
	fs.StringVar(&o.revision, "revision", "", "source revision label (git commit)")
	fs.StringVar(&o.source, "source", "https://github.com/croupier/croupier", "source label")
	fs.StringVar(&o.caCerts, "ca-certs", "/etc/ssl/certs/ca-certificates.crt", "CA bundle copied into the images when present")
	epoch := fs.String("created", os.Getenv("SOURCE_DATE_EPOCH"), "creation time, Unix seconds, of every file and the config (default 0: reproducible)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	o.created = time.Unix(0, 0).UTC()
	if *epoch != "" {
		sec, err := strconv.ParseInt(*epoch, 10, 64)
		if err != nil {
			return o, fmt.Errorf("created %q: want Unix seconds: %w", *epoch, err)
		}
		o.created = time.Unix(sec, 0).UTC()
	}
	for _, s := range strings.Split(*svcs, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if !known(s) {
			return o, fmt.Errorf("unknown service %q: want one of %s", s, strings.Join(allServices, ", "))
		}
		o.services = append(o.services, s)
	}
	if len(o.services) == 0 {
		return o, errors.New("no service to build")
	}
	return o, nil
}

func known(s string) bool {
	for _, k := range allServices {
		if k == s {
			return true
		}
	}
	return false
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	o, err := parse(args)
	if err != nil {
		return err
	}
	chart, err := readChart(filepath.Join(o.repo, "charts", "croupier"))
	if err != nil {
		return err
	}
	if o.registry == "" {
		o.registry = chart.registry
	}
	if o.tag == "" {
		o.tag = chart.appVersion
	}
	if o.version == "" {
		o.version = o.tag
	}
	bins, err := os.MkdirTemp("", "imagebuild-")
	if err != nil {
		return fmt.Errorf("temporary directory: %w", err)
	}
	defer os.RemoveAll(bins)
	start := time.Now()
	if err := buildBinaries(ctx, o, bins); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "imagebuild: %d binaries built in %s\n", len(o.services)+1, time.Since(start).Round(time.Millisecond))
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return fmt.Errorf("output directory: %w", err)
	}
	ca, err := os.ReadFile(o.caCerts)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("CA bundle: %w", err)
		}
		fmt.Fprintf(stdout, "imagebuild: %s absent: images without a CA bundle (TLS to Redis, PostgreSQL, Temporal or OTLP then needs a mounted one)\n", o.caCerts)
		ca = nil
	}
	probe, err := os.ReadFile(filepath.Join(bins, "healthprobe"))
	if err != nil {
		return fmt.Errorf("health probe binary: %w", err)
	}
	for _, svc := range o.services {
		repo, ok := chart.repositories[svc]
		if !ok {
			return fmt.Errorf("charts/croupier/values.yaml has no services.%s.image.repository", svc)
		}
		bin, err := os.ReadFile(filepath.Join(bins, svc))
		if err != nil {
			return fmt.Errorf("%s binary: %w", svc, err)
		}
		ref := fmt.Sprintf("%s/%s:%s", strings.TrimSuffix(o.registry, "/"), repo, o.tag)
		spec := imageSpec{
			service: svc, ref: ref, arch: o.arch, binary: bin, probe: probe, caCerts: ca,
			created: o.created, version: o.version, revision: o.revision, source: o.source,
		}
		path := filepath.Join(o.out, repo+".tar")
		digest, err := writeImage(spec, path)
		if err != nil {
			return fmt.Errorf("%s image: %w", svc, err)
		}
		st, err := os.Stat(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "imagebuild: %s %s %s (%.1f MiB)\n", path, ref, digest, float64(st.Size())/(1<<20))
	}
	return nil
}

// buildBinaries compiles every service and the health probe in one go build
// (the packages compile in parallel), static and stripped.
func buildBinaries(ctx context.Context, o options, dir string) error {
	args := []string{"build", "-trimpath", "-buildvcs=false",
		"-ldflags", "-s -w -X github.com/croupier/croupier/shared/boot.Version=" + o.version,
		"-o", dir + string(filepath.Separator)}
	for _, svc := range o.services {
		args = append(args, "./"+servicePackage(svc))
	}
	args = append(args, "./tools/healthprobe")
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = o.repo
	// The services' module graph is the workspace's, whatever the caller's
	// GOWORK (this tool itself is built with GOWORK=off).
	cmd.Env = append(withoutEnv(os.Environ(), "GOWORK", "GOFLAGS"), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+o.arch)
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return nil
}

func servicePackage(svc string) string { return "services/" + svc + "/cmd/" + svc }

func withoutEnv(env []string, names ...string) []string {
	out := env[:0:0]
next:
	for _, kv := range env {
		for _, n := range names {
			if strings.HasPrefix(kv, n+"=") {
				continue next
			}
		}
		out = append(out, kv)
	}
	return out
}
