# Croupier — every command a developer or CI needs. Only Go is required: the
# tools below are built from the Go module proxy into ./bin at pinned versions.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
export GOTOOLCHAIN := local
# -ldflags=-w: binaries and test binaries without DWARF, which stack traces
# and race reports do not use (a debugger does: build for it yourself). A
# test binary that embeds the Temporal server links in 8.5 s instead of
# 15.4 s, and CI links a few hundred test binaries.
export GOFLAGS := -buildvcs=false -ldflags=-w

BIN := $(CURDIR)/bin
BUF_VERSION := v1.75.0
PROTOC_GEN_GO_VERSION := v1.36.12
PROTOC_GEN_GO_GRPC_VERSION := v1.6.1
PROTOC_GEN_CONNECT_GO_VERSION := v1.19.1
# The version tools/ already requires (one version in the workspace).
PROTOC_GEN_GO_VTPROTO_VERSION := v0.6.1-0.20240319094008-0393e58bdf10
HELM_VERSION := v3.22.0
GRPCURL_VERSION := v1.9.3

# Every package of every module in go.work.
MODULES := $(shell go list -m -f '{{.Path}}')
PKGS := $(addsuffix /...,$(MODULES))
TEST_TIMEOUT ?= 25m

.PHONY: all run test integration bench codec-fuzz generate lint tools fmt help
all: test lint

help:
	@echo "make run          start the whole platform in one process (127.0.0.1:8080)"
	@echo "make test         every module's tests with -race"
	@echo "make integration  tests against the real Redis and PostgreSQL (127.0.0.1)"
	@echo "make bench        Go benchmarks"
	@echo "make generate     regenerate gen/ from proto/"
	@echo "make images       one OCI image tarball per service in out/images (no Docker daemon)"
	@echo "make lint         gofmt, go vet, buf lint, shapecheck, helm lint --strict, manifest validation"
	@echo "make tools        build the pinned tools into ./bin"

## run: the dev stack — every service in one process with embedded defaults.
## Flags go through ARGS: make run ARGS="-addr 127.0.0.1:9090 -log-level debug".
run:
	@echo 'make run: building the dev stack; the first build compiles the embedded Temporal server and takes a few minutes (later runs start in seconds). Flags: make run ARGS="-addr 127.0.0.1:9090"' >&2
	go run ./tools/devstack $(ARGS)

## test: the whole unit and property suite, race detector on, after the
## suites that run large without it (test-full: each mk/*.mk adds its
## own). Those are one busy process each, so they run two at a time. The
## banked games' and the poker engines' property runs are CI-sized here
## (CI_PROPERTY_ROUNDS rounds per game and profile, CI_PROPERTY_HANDS
## hands): the 1,000,000 of each are `make banked-full` and `make
## engines-property` (10 and 6 CPU-minutes), and `make test
## CI_PROPERTY_ROUNDS= CI_PROPERTY_HANDS=` runs them in this suite.
## The race run takes four packages at a time and eight parallel tests
## in each (go test's defaults are the number of cores, 2 here): many
## tests wait on clocks (betting windows, a table's action clock, the
## tournament's timers), and at the defaults the CPU was idle for about
## a third of the run, the last 90 s almost wholly (six casino poker
## tables waiting out 5-s windows, two at a time). Measured 2026-12-08 in
## clean-clone CI runs on a warm cache: `make test` 583 s at the defaults,
## 455 s this way, the CPU busy but for the last minute.
CI_PROPERTY_ROUNDS ?= 250000
CI_PROPERTY_HANDS ?= 250000
RACE_PACKAGES ?= 4
RACE_PARALLEL ?= 8
test:
	$(MAKE) --no-print-directory -j2 --output-sync=target test-full PROPERTY_ROUNDS=$(CI_PROPERTY_ROUNDS) PROPERTY_HANDS=$(CI_PROPERTY_HANDS)
	go test -race -count=1 -p $(RACE_PACKAGES) -parallel $(RACE_PARALLEL) -timeout $(TEST_TIMEOUT) $(PKGS)

.PHONY: test-full
test-full:

# Packages holding tests tagged "integration" (the rest of the suite already
# ran in `make test`; running it again here would only double CI's time).
INTEGRATION_FILES = $(shell grep -rl --include='*_test.go' --exclude-dir=bin --exclude-dir=.git --exclude-dir=node_modules '^//go:build integration' .)
INTEGRATION_PKGS = $(sort $(dir $(INTEGRATION_FILES)))
# The tests those files hold: their packages' other tests ran under -race
# in `make test` already (none of them needs a server), so the integration
# run names only these (running them again cost about 80 s of CI).
INTEGRATION_TESTS = $(shell sed -nE 's/^func (Test[A-Za-z0-9_]+)[(].*[)].*/\1/p' $(INTEGRATION_FILES) | sort -u | paste -sd'|')

# Suites `make integration` runs elsewhere, so its run over every package
# leaves them out: the table service's, its store's and the RNG store's run
# under -race on a Redis Cluster (table-cluster-integration; the two
# request-refusal tests it leaves out run here on one Redis), the load
# tests run at full size without -race (table-integration) and the pod-loss
# test under -race on the cluster, and the wallet's model test on
# PostgreSQL at full size without -race (wallet-model-postgres; under
# -race it runs on SQLite in `make test`).
# The README walk-throughs (tools/walkthrough) drive a dev stack binary
# with curl and mostly wait: they run beside the busy suites, without
# -race (the stack they drive is built without it either way). So do, under
# -race, the suites that mostly wait on clocks (WAITING_TESTS and the
# tournament's end-to-end run, whose blind levels and betting windows are
# timers: about two minutes each, most of it idle); with that,
# tools/loadgen/load has no test left for the run over every package.
CLUSTERED_PKGS = ./tools/tabletest/ ./services/table/store/ ./services/rng/redisstore/
SIDE_PKGS = ./tools/walkthrough/ ./tools/tournament/e2e/ ./tools/loadgen/load/
WAITING_TESTS = TestBankedRoundsThroughTheAPI
FULL_SIZE_TESTS = TestPodLoss|TestNoHiddenCardLeaks|TestNoUndealtCardInBlackjackStreams|TestNoHiddenCardInCasinoPokerStreams|TestBankedPodLoss|TestConcurrentModelOnPostgres

## integration: the suites tagged "integration", against real servers. Two
## lines of work side by side: the CPU-bound suites one after another
## (integration-cpu), and beside them what waits on PostgreSQL's fsyncs, on
## a dev stack or on clocks (integration-io).
integration:
	$(MAKE) --no-print-directory -j2 --output-sync=line integration-cpu integration-io

.PHONY: integration-cpu integration-io integration-race integration-waiting walkthrough-integration
integration-cpu:
	$(MAKE) --no-print-directory table-integration
	$(MAKE) --no-print-directory table-cluster-integration
	$(MAKE) --no-print-directory integration-race
integration-io:
	$(MAKE) --no-print-directory wallet-model-postgres
	$(MAKE) --no-print-directory walkthrough-integration
	$(MAKE) --no-print-directory integration-waiting

integration-race:
	go test -race -count=1 -timeout $(TEST_TIMEOUT) -tags integration -p 1 -run '^($(INTEGRATION_TESTS))$$' -skip '^($(FULL_SIZE_TESTS))$$' \
	  $(filter-out $(CLUSTERED_PKGS) $(SIDE_PKGS),$(INTEGRATION_PKGS))
	go test -race -count=1 -timeout $(TEST_TIMEOUT) -tags integration \
	  -run '^(TestRefusalChangesNothing|TestIdempotencyKeyIsOneRequest)$$' ./tools/tabletest/

walkthrough-integration:
	cd tools && go test -count=1 -timeout 15m -tags integration ./walkthrough/

## integration-waiting: the integration suites that mostly wait on clocks,
## under -race (make integration runs them beside the busy suites).
integration-waiting:
	go test -race -count=1 -timeout $(TEST_TIMEOUT) -tags integration -run '^($(INTEGRATION_TESTS))$$' ./tools/tournament/e2e/
	go test -race -count=1 -timeout $(TEST_TIMEOUT) -tags integration -run '^($(WAITING_TESTS))$$' ./tools/loadgen/load/

## bench: every Go benchmark, one pass each.
bench:
	go test -run '^$$' -bench . -benchmem -count=1 -timeout 60m $(BENCH_FLAGS) $(PKGS)

## codec-fuzz: shared/codec against protobuf-go, every Croupier message type
## (FUZZTIME, default 5m).
codec-fuzz:
	go test -run '^$$' -fuzz FuzzMatchesProtobufGo -fuzztime $(FUZZTIME) ./shared/codec/

## generate: gen/ from proto/ with local plugins only.
generate: tools
	$(BIN)/buf generate
	cd gen && go mod tidy

## lint: formatting, vet, proto lint, the repository's shape (tools/shapecheck:
## no service imports or requires another service, files <= 600 lines,
## functions <= 120), chart lint and offline manifest validation.
lint: tools
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^gen/')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	go vet $(PKGS)
	$(BIN)/buf lint
	$(BIN)/buf format --diff --exit-code proto
	cd tools && go run ./shapecheck -root ..
	$(MAKE) --no-print-directory helm-lint

fmt:
	gofmt -w $$(git ls-files '*.go' | grep -v '^gen/')
	$(BIN)/buf format -w proto

tools: $(BIN)/buf $(BIN)/protoc-gen-go $(BIN)/protoc-gen-go-grpc $(BIN)/protoc-gen-connect-go $(BIN)/protoc-gen-go-vtproto $(BIN)/helm $(BIN)/grpcurl

$(BIN)/buf:
	GOBIN=$(BIN) go install github.com/bufbuild/buf/cmd/buf@$(BUF_VERSION)
$(BIN)/protoc-gen-go:
	GOBIN=$(BIN) go install google.golang.org/protobuf/cmd/protoc-gen-go@$(PROTOC_GEN_GO_VERSION)
$(BIN)/protoc-gen-go-grpc:
	GOBIN=$(BIN) go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@$(PROTOC_GEN_GO_GRPC_VERSION)
$(BIN)/protoc-gen-connect-go:
	GOBIN=$(BIN) go install connectrpc.com/connect/cmd/protoc-gen-connect-go@$(PROTOC_GEN_CONNECT_GO_VERSION)
$(BIN)/protoc-gen-go-vtproto:
	GOBIN=$(BIN) go install github.com/planetscale/vtprotobuf/cmd/protoc-gen-go-vtproto@$(PROTOC_GEN_GO_VTPROTO_VERSION)
$(BIN)/helm:
	GOBIN=$(BIN) go install -ldflags '$(HELM_LDFLAGS)' helm.sh/helm/v3/cmd/helm@$(HELM_VERSION)
$(BIN)/grpcurl:
	GOBIN=$(BIN) go install github.com/fullstorydev/grpcurl/cmd/grpcurl@$(GRPCURL_VERSION)

# Per-area targets (helm-lint, rng-report, e2e-tournament, ...) live in mk/.
include $(wildcard mk/*.mk)
