# Container images (tools/imagebuild, Dockerfile).

IMAGE_DIR := out/images
# Empty: the chart's defaults (image.registry, appVersion), so a default
# install runs what `make images` built. `make images IMAGE_TAG=dev ...`
# names them otherwise.
IMAGE_REGISTRY ?=
IMAGE_TAG ?=
IMAGE_ARCH ?= $(shell go env GOARCH)
IMAGE_REVISION ?= $(shell git rev-parse HEAD 2>/dev/null)
# Every timestamp in the images is the commit's: the same commit builds the
# same digests.
IMAGE_CREATED ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)

.PHONY: images images-test

## images: one image tarball per service in out/images (docker/podman load,
## kind load image-archive), built without a Docker daemon or a base image;
## then the test that inspects the rng image.
images:
	cd tools/imagebuild && GOWORK=off go build -o $(BIN)/imagebuild .
	$(BIN)/imagebuild -repo . -out $(IMAGE_DIR) -arch $(IMAGE_ARCH) \
	  -registry "$(IMAGE_REGISTRY)" -tag "$(IMAGE_TAG)" \
	  -revision "$(IMAGE_REVISION)" -created "$(IMAGE_CREATED)"
	$(MAKE) --no-print-directory images-test

## images-test: tools/imagebuild's tests, on the tarballs in out/images.
images-test:
	cd tools/imagebuild && GOWORK=off go vet . && \
	  CROUPIER_IMAGE_DIR=$(CURDIR)/$(IMAGE_DIR) CROUPIER_IMAGE_REGISTRY="$(IMAGE_REGISTRY)" CROUPIER_IMAGE_TAG="$(IMAGE_TAG)" \
	  GOWORK=off go test -count=1 .
