# Helm chart targets (charts/croupier, deploy/).

HELM_CHART := charts/croupier
HELM_VALUES := deploy/values-dev.yaml deploy/values-production.yaml
# The Kubernetes version the chart is linted for. Rendering without
# --kube-version must work too (helm-lint checks it): helm's release builds
# set the version `helm template` assumes offline from the client-go they
# are built with (v0.37 for helm v3.22.0: Kubernetes 1.37), and so does
# $(BIN)/helm through these flags; a plain `go install` would leave helm's
# fallback, v1.20, which the chart's kubeVersion (>= 1.27: native gRPC
# probes) rightly refuses. Keep HELM_DEFAULT_KUBE_MINOR in step with
# HELM_VERSION's k8s.io/client-go.
HELM_KUBE_VERSION := 1.33.0
HELM_DEFAULT_KUBE_MINOR := 37
HELM_LDFLAGS := $(foreach pkg,chartutil lint/rules,-X helm.sh/helm/v3/pkg/$(pkg).k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/$(pkg).k8sVersionMinor=$(HELM_DEFAULT_KUBE_MINOR))
# A $(BIN)/helm from before these flags is replaced once: the stamp names
# the flags, and making it removes the old binary.
HELM_STAMP := $(BIN)/.helm-$(HELM_VERSION)-kube-1.$(HELM_DEFAULT_KUBE_MINOR)
$(BIN)/helm: $(HELM_STAMP)
$(HELM_STAMP):
	@mkdir -p $(BIN) && rm -f $(BIN)/helm && touch $@
HELM_RELEASE := croupier
HELM_NAMESPACE := croupier

HELM_REJECT := $(sort $(wildcard $(HELM_CHART)/testdata/reject/*.yaml))

.PHONY: helm-lint helm-reject helm-template manifestcheck

## manifestcheck: the offline manifest validator (tools/manifestcheck).
manifestcheck:
	go build -o $(BIN)/manifestcheck ./tools/manifestcheck

## helm-lint: for each values file, `helm lint --strict` (values.schema.json
## included), then the rendered manifests through manifestcheck (strict
## decoding against the Kubernetes API types, cross-object checks); then the
## values the chart must refuse (helm-reject).
helm-lint: $(BIN)/helm manifestcheck helm-reject
	@for values in $(HELM_VALUES); do \
	  echo "helm lint --strict $(HELM_CHART) -f $$values"; \
	  $(BIN)/helm lint --strict --quiet --kube-version $(HELM_KUBE_VERSION) $(HELM_CHART) -f $$values; \
	  echo "helm template $(HELM_CHART) -f $$values | manifestcheck"; \
	  $(BIN)/helm template $(HELM_RELEASE) $(HELM_CHART) --namespace $(HELM_NAMESPACE) \
	    --kube-version $(HELM_KUBE_VERSION) -f $$values | $(BIN)/manifestcheck; \
	  echo "helm template $(HELM_CHART) -f $$values (no --kube-version)"; \
	  $(BIN)/helm template $(HELM_CHART) -f $$values >/dev/null || { \
	    echo "helm template without --kube-version failed: $(BIN)/helm from before HELM_LDFLAGS? rm $(BIN)/helm; make tools"; exit 1; }; \
	done

## helm-template: print the rendered manifests (VALUES=deploy/values-dev.yaml).
VALUES ?= deploy/values-dev.yaml
helm-template: $(BIN)/helm
	$(BIN)/helm template $(HELM_RELEASE) $(HELM_CHART) --namespace $(HELM_NAMESPACE) \
	  --kube-version $(HELM_KUBE_VERSION) -f $(VALUES)

## helm-reject: every file in charts/croupier/testdata/reject, layered on the
## dev values, must fail to render with the message on its "# expect:" line.
helm-reject: $(BIN)/helm
	@n=0; for f in $(HELM_REJECT); do \
	  want=$$(sed -n 's/^# expect: //p' $$f); \
	  if [ -z "$$want" ]; then echo "$$f: no '# expect:' line"; exit 1; fi; \
	  if out=$$($(BIN)/helm template $(HELM_RELEASE) $(HELM_CHART) --kube-version $(HELM_KUBE_VERSION) \
	      -f deploy/values-dev.yaml -f $$f 2>&1); then \
	    echo "$$f: rendered, but the chart must refuse it ($$want)"; exit 1; fi; \
	  case "$$out" in *"$$want"*) ;; *) echo "$$f: failed without \"$$want\":"; echo "$$out"; exit 1;; esac; \
	  n=$$((n+1)); \
	done; echo "helm-reject: $$n bad values files refused with the expected message"
