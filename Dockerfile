# Container images for an operator's CI (Docker/BuildKit, Buildah, kaniko):
# one target per service, the five binaries compiled once in a shared stage.
#
#   docker build --target rng --build-arg VERSION=0.1.0 \
#     --build-arg REVISION=$(git rev-parse HEAD) -t ghcr.io/croupier/croupier-rng:0.1.0 .
#   (targets: rng evaluator table wallet tournament)
#
# The images match what `make images` builds here without a daemon
# (tools/imagebuild): a static binary at /usr/local/bin/croupier-<service>,
# the gRPC health probe at /usr/local/bin/croupier-healthprobe (the chart's
# `helm test` pods), user 65532:65532, no shell, CA certificates.

ARG GO_IMAGE=golang:1.26
ARG BASE_IMAGE=gcr.io/distroless/static-debian12:nonroot

FROM ${GO_IMAGE} AS build
WORKDIR /src
ENV CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-buildvcs=false
# Module downloads first, cached apart from the sources.
COPY go.work go.work.sum ./
COPY gen/go.mod gen/go.sum gen/
COPY shared/go.mod shared/go.sum shared/
COPY services/evaluator/go.mod services/evaluator/go.sum services/evaluator/
COPY services/rng/go.mod services/rng/go.sum services/rng/
COPY services/table/go.mod services/table/go.sum services/table/
COPY services/tournament/go.mod services/tournament/go.sum services/tournament/
COPY services/wallet/go.mod services/wallet/go.sum services/wallet/
COPY tools/go.mod tools/go.sum tools/
COPY workflows/go.mod workflows/go.sum workflows/
COPY web/go.mod web/
RUN go mod download
COPY . .
ARG VERSION=dev
ARG TARGETARCH
# One go build: the packages compile in parallel. Plain RUN (no BuildKit
# cache mounts) so Buildah and kaniko build it as Docker does.
RUN GOARCH=${TARGETARCH} go build -trimpath \
      -ldflags "-s -w -X github.com/croupier/croupier/shared/boot.Version=${VERSION}" -o /out/ \
      ./services/rng/cmd/rng ./services/evaluator/cmd/evaluator ./services/table/cmd/table \
      ./services/wallet/cmd/wallet ./services/tournament/cmd/tournament ./tools/healthprobe && \
    for b in rng evaluator table wallet tournament healthprobe; do mv /out/$b /out/croupier-$b; done

FROM ${BASE_IMAGE} AS runtime
ARG VERSION=dev
ARG REVISION=""
LABEL org.opencontainers.image.source="https://github.com/croupier/croupier" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.vendor="Croupier"
COPY --from=build /out/croupier-healthprobe /usr/local/bin/croupier-healthprobe
USER 65532:65532
WORKDIR /home/nonroot
# 8080: gRPC, gRPC-Web and Connect; 9464: the optional Prometheus endpoint.
EXPOSE 8080/tcp 9464/tcp

FROM runtime AS rng
LABEL org.opencontainers.image.title="croupier-rng"
COPY --from=build /out/croupier-rng /usr/local/bin/croupier-rng
ENTRYPOINT ["/usr/local/bin/croupier-rng"]

FROM runtime AS evaluator
LABEL org.opencontainers.image.title="croupier-evaluator"
COPY --from=build /out/croupier-evaluator /usr/local/bin/croupier-evaluator
ENTRYPOINT ["/usr/local/bin/croupier-evaluator"]

FROM runtime AS table
LABEL org.opencontainers.image.title="croupier-table"
COPY --from=build /out/croupier-table /usr/local/bin/croupier-table
ENTRYPOINT ["/usr/local/bin/croupier-table"]

FROM runtime AS wallet
LABEL org.opencontainers.image.title="croupier-wallet"
COPY --from=build /out/croupier-wallet /usr/local/bin/croupier-wallet
ENTRYPOINT ["/usr/local/bin/croupier-wallet"]

FROM runtime AS tournament
LABEL org.opencontainers.image.title="croupier-tournament"
COPY --from=build /out/croupier-tournament /usr/local/bin/croupier-tournament
ENTRYPOINT ["/usr/local/bin/croupier-tournament"]
