// Its own module, outside go.work: go-containerregistry would move shared
// dependencies of the workspace (klauspost/compress and others), and the
// workspace keeps one version of each. Build it with GOWORK=off (mk/images.mk).
module github.com/croupier/croupier/tools/imagebuild

go 1.26.8

require (
	github.com/google/go-containerregistry v0.22.1
	go.yaml.in/yaml/v3 v3.0.4
)

require (
	github.com/klauspost/compress v1.19.2 // indirect
	github.com/opencontainers/go-digest v1.0.0 // indirect
	github.com/opencontainers/image-spec v1.1.1 // indirect
)
