# Helm chart targets (charts/croupier, deploy/).

HELM_CHART := charts/croupier
HELM_VALUES := deploy/values-dev.yaml deploy/values-production.yaml
# The Kubernetes version the chart is linted and rendered for. A helm built
# with `go install` reports v1.20 by default, below the chart's kubeVersion
# (>= 1.27: native gRPC probes).
HELM_KUBE_VERSION := 1.33.0
HELM_RELEASE := croupier
HELM_NAMESPACE := croupier

.PHONY: helm-lint helm-template manifestcheck

## manifestcheck: the offline manifest validator (tools/manifestcheck).
manifestcheck:
	go build -o $(BIN)/manifestcheck ./tools/manifestcheck

## helm-lint: for each values file, `helm lint --strict` (values.schema.json
## included), then the rendered manifests through manifestcheck (strict
## decoding against the Kubernetes API types, cross-object checks).
helm-lint: $(BIN)/helm manifestcheck
	@for values in $(HELM_VALUES); do \
	  echo "helm lint --strict $(HELM_CHART) -f $$values"; \
	  $(BIN)/helm lint --strict --quiet --kube-version $(HELM_KUBE_VERSION) $(HELM_CHART) -f $$values; \
	  echo "helm template $(HELM_CHART) -f $$values | manifestcheck"; \
	  $(BIN)/helm template $(HELM_RELEASE) $(HELM_CHART) --namespace $(HELM_NAMESPACE) \
	    --kube-version $(HELM_KUBE_VERSION) -f $$values | $(BIN)/manifestcheck; \
	done

## helm-template: print the rendered manifests (VALUES=deploy/values-dev.yaml).
VALUES ?= deploy/values-dev.yaml
helm-template: $(BIN)/helm
	$(BIN)/helm template $(HELM_RELEASE) $(HELM_CHART) --namespace $(HELM_NAMESPACE) \
	  --kube-version $(HELM_KUBE_VERSION) -f $(VALUES)
