package main

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// The services with an image, and where their files go. The Dockerfile puts
// the same files at the same paths.
var allServices = []string{"rng", "evaluator", "table", "wallet", "tournament"}

const (
	binDir     = "/usr/local/bin"
	probePath  = binDir + "/croupier-healthprobe"
	caPath     = "/etc/ssl/certs/ca-certificates.crt"
	homeDir    = "/home/nonroot"
	nonrootID  = 65532
	userString = "65532:65532"
)

// entrypoint is the service binary's path in its image.
func entrypoint(svc string) string { return binDir + "/croupier-" + svc }

// imageSpec is one service's image.
type imageSpec struct {
	service  string
	ref      string
	arch     string
	binary   []byte
	probe    []byte
	caCerts  []byte // nil: no bundle
	created  time.Time
	version  string
	revision string
	source   string
}

// writeImage writes the image as a tarball at path and returns its manifest
// digest.
func writeImage(s imageSpec, path string) (v1.Hash, error) {
	img, err := buildImage(s)
	if err != nil {
		return v1.Hash{}, err
	}
	tag, err := name.NewTag(s.ref, name.StrictValidation)
	if err != nil {
		return v1.Hash{}, fmt.Errorf("image name %q: %w", s.ref, err)
	}
	if err := tarball.WriteToFile(path, tag, img); err != nil {
		return v1.Hash{}, fmt.Errorf("write %s: %w", path, err)
	}
	return img.Digest()
}

// buildImage is the image: one layer on an empty base, OCI media types.
func buildImage(s imageSpec) (v1.Image, error) {
	fsTar, err := rootfs(s)
	if err != nil {
		return nil, err
	}
	layer, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(fsTar)), nil
	}, tarball.WithMediaType(types.OCILayer))
	if err != nil {
		return nil, fmt.Errorf("layer: %w", err)
	}
	base := mutate.MediaType(empty.Image, types.OCIManifestSchema1)
	base = mutate.ConfigMediaType(base, types.OCIConfigJSON)
	img, err := mutate.Append(base, mutate.Addendum{
		Layer:     layer,
		MediaType: types.OCILayer,
		History: v1.History{
			Created:   v1.Time{Time: s.created},
			CreatedBy: "tools/imagebuild",
			Comment:   "croupier-" + s.service + " static binary on an empty base",
		},
	})
	if err != nil {
		return nil, fmt.Errorf("append layer: %w", err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	cf = cf.DeepCopy()
	cf.Architecture = s.arch
	cf.OS = "linux"
	cf.Created = v1.Time{Time: s.created}
	cf.Author = "Croupier maintainers"
	cf.Config = v1.Config{
		Entrypoint: []string{entrypoint(s.service)},
		User:       userString,
		WorkingDir: homeDir,
		Env: []string{
			"PATH=" + binDir,
			"HOME=" + homeDir,
			"SSL_CERT_FILE=" + caPath,
		},
		// 8080 serves gRPC, gRPC-Web and Connect; 9464 is the optional
		// Prometheus scrape endpoint (OTEL_METRICS_EXPORTER=prometheus).
		ExposedPorts: map[string]struct{}{"8080/tcp": {}, "9464/tcp": {}},
		Labels:       labels(s),
	}
	img, err = mutate.ConfigFile(img, cf)
	if err != nil {
		return nil, fmt.Errorf("set config: %w", err)
	}
	return img, nil
}

// labels are the OCI annotations keys the registries and scanners read.
func labels(s imageSpec) map[string]string {
	l := map[string]string{
		"org.opencontainers.image.title":       "croupier-" + s.service,
		"org.opencontainers.image.description": "Croupier " + s.service + " service",
		"org.opencontainers.image.source":      s.source,
		"org.opencontainers.image.version":     s.version,
		"org.opencontainers.image.created":     s.created.Format(time.RFC3339),
		"org.opencontainers.image.vendor":      "Croupier",
	}
	if s.revision != "" {
		l["org.opencontainers.image.revision"] = s.revision
	}
	return l
}

// rootfs is the layer's tar: every file owned by root except the home
// directory, every time the fixed creation time, so the same sources give
// the same digest.
func rootfs(s imageSpec) ([]byte, error) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	dir := func(name string, mode int64, uid int) error {
		return tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: name + "/", Mode: mode,
			Uid: uid, Gid: uid, ModTime: s.created, Format: tar.FormatPAX})
	}
	file := func(name string, mode int64, data []byte) error {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: name, Mode: mode,
			Size: int64(len(data)), ModTime: s.created, Format: tar.FormatPAX}); err != nil {
			return err
		}
		_, err := tw.Write(data)
		return err
	}
	passwd := fmt.Sprintf("root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:%d:%d:nonroot:%s:/sbin/nologin\n", nonrootID, nonrootID, homeDir)
	group := fmt.Sprintf("root:x:0:\nnonroot:x:%d:\n", nonrootID)
	steps := []func() error{
		func() error { return dir("etc", 0o755, 0) },
		func() error { return file("etc/passwd", 0o644, []byte(passwd)) },
		func() error { return file("etc/group", 0o644, []byte(group)) },
		func() error { return dir("etc/ssl", 0o755, 0) },
		func() error { return dir("etc/ssl/certs", 0o755, 0) },
		func() error {
			if s.caCerts == nil {
				return nil
			}
			return file(caPath[1:], 0o644, s.caCerts)
		},
		func() error { return dir("home", 0o755, 0) },
		func() error { return dir(homeDir[1:], 0o700, nonrootID) },
		// The chart mounts an emptyDir here (read-only root filesystem);
		// under plain docker run it is the image's own, world-writable.
		func() error { return dir("tmp", 0o1777, 0) },
		func() error { return dir("usr", 0o755, 0) },
		func() error { return dir("usr/local", 0o755, 0) },
		func() error { return dir(binDir[1:], 0o755, 0) },
		func() error { return file(entrypoint(s.service)[1:], 0o755, s.binary) },
		func() error { return file(probePath[1:], 0o755, s.probe) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, fmt.Errorf("layer tar: %w", err)
		}
	}
	if err := tw.Close(); err != nil {
		return nil, fmt.Errorf("layer tar: %w", err)
	}
	return buf.Bytes(), nil
}
