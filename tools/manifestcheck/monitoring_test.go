package main

import (
	"strings"
	"testing"
)

// scraped is a release with a metrics port on the pods and the Service, a
// ServiceMonitor and a PodMonitor on it, and a helm test Pod with the
// NetworkPolicy that confines it.
const scraped = `apiVersion: v1
kind: Service
metadata:
  name: croupier-rng
  labels: {app.kubernetes.io/name: croupier, app.kubernetes.io/component: rng}
spec:
  selector: {app.kubernetes.io/name: croupier, app.kubernetes.io/component: rng}
  ports:
    - {name: grpc, port: 8080, targetPort: grpc}
    - {name: metrics, port: 9464, targetPort: metrics}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: croupier-rng
spec:
  replicas: 2
  selector:
    matchLabels: {app.kubernetes.io/name: croupier, app.kubernetes.io/component: rng}
  template:
    metadata:
      labels: {app.kubernetes.io/name: croupier, app.kubernetes.io/component: rng}
    spec:
      containers:
        - name: rng
          image: ghcr.io/croupier/croupier-rng:0.1.0
          ports:
            - {name: grpc, containerPort: 8080}
            - {name: metrics, containerPort: 9464}
          readinessProbe: {grpc: {port: 8080}}
          livenessProbe: {grpc: {port: 8080}}
          resources:
            requests: {cpu: 10m, memory: 16Mi}
            limits: {memory: 32Mi}
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: croupier-rng
  labels: {release: kube-prometheus-stack}
spec:
  jobLabel: app.kubernetes.io/component
  selector:
    matchLabels: {app.kubernetes.io/name: croupier, app.kubernetes.io/component: rng}
  namespaceSelector: {matchNames: [croupier]}
  endpoints:
    - {port: metrics, path: /metrics, scheme: http, interval: 30s, scrapeTimeout: 10s}
---
apiVersion: monitoring.coreos.com/v1
kind: PodMonitor
metadata:
  name: croupier-rng
spec:
  selector:
    matchLabels: {app.kubernetes.io/component: rng}
  podMetricsEndpoints:
    - {port: metrics, interval: 1m}
---
apiVersion: v1
kind: Pod
metadata:
  name: croupier-rng-test
  labels: {app.kubernetes.io/name: croupier, app.kubernetes.io/component: helm-test}
  annotations: {helm.sh/hook: test}
spec:
  restartPolicy: Never
  containers:
    - name: health
      image: ghcr.io/croupier/croupier-rng:0.1.0
      command: [/usr/local/bin/croupier-healthprobe]
      resources:
        requests: {cpu: 10m, memory: 16Mi}
        limits: {memory: 32Mi}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: croupier-test
spec:
  podSelector:
    matchLabels: {app.kubernetes.io/component: helm-test}
  policyTypes: [Ingress, Egress]
  egress:
    - ports: [{port: 8080}]
      to:
        - podSelector:
            matchLabels: {app.kubernetes.io/component: rng}
`

func TestScrapedReleasePasses(t *testing.T) {
	if fs := findingsFor(t, scraped); len(fs) != 0 {
		t.Fatalf("findings:\n%s", strings.Join(fs, "\n"))
	}
}

// TestMonitoringDefects: each edit of the scraped release is one defect the
// check must name.
func TestMonitoringDefects(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"misspelt ServiceMonitor field", "  endpoints:\n", "  endpoint:\n",
			[]string{"ServiceMonitor/croupier-rng", `unknown field "spec.endpoint"`}},
		{"misplaced PodMonitor field", "    - {port: metrics, interval: 1m}", "    - {port: metrics, interval: 1m, honourLabels: true}",
			[]string{"PodMonitor/croupier-rng", `unknown field "spec.podMetricsEndpoints[0].honourLabels"`}},
		{"wrong type", "scheme: http, interval: 30s", "scheme: http, interval: 30s, honorLabels: yes please",
			[]string{"ServiceMonitor/croupier-rng", "honorLabels"}},
		{"ServiceMonitor port the Service lacks", "    - {port: metrics, path", "    - {port: metric, path",
			[]string{"ServiceMonitor/croupier-rng", `endpoint port "metric" is not a port of Service croupier-rng`}},
		{"ServiceMonitor selecting nothing", "    matchLabels: {app.kubernetes.io/name: croupier, app.kubernetes.io/component: rng}\n  namespaceSelector",
			"    matchLabels: {app.kubernetes.io/name: croupier, app.kubernetes.io/component: rgn}\n  namespaceSelector",
			[]string{"ServiceMonitor/croupier-rng", "matches no Service"}},
		{"PodMonitor port the pods lack", "    - {port: metrics, interval: 1m}", "    - {port: prom, interval: 1m}",
			[]string{"PodMonitor/croupier-rng", `endpoint port "prom" is not a container port of Deployment/croupier-rng`}},
		{"bad duration", "interval: 30s, scrapeTimeout: 10s", "interval: 30 s, scrapeTimeout: 10s",
			[]string{"ServiceMonitor/croupier-rng", `interval "30 s" is not a Prometheus duration`}},
		{"timeout beyond interval", "interval: 30s, scrapeTimeout: 10s", "interval: 30s, scrapeTimeout: 45s",
			[]string{"ServiceMonitor/croupier-rng", "scrapeTimeout 45s exceeds interval 30s"}},
		{"bare Pod without resources", "      command: [/usr/local/bin/croupier-healthprobe]\n      resources:\n        requests: {cpu: 10m, memory: 16Mi}\n",
			"      command: [/usr/local/bin/croupier-healthprobe]\n      resources:\n        requests: {memory: 16Mi}\n",
			[]string{"Pod/croupier-rng-test", "resources.requests.cpu is not set"}},
		{"policy for test pods that are not there", "matchLabels: {app.kubernetes.io/component: helm-test}", "matchLabels: {app.kubernetes.io/component: helm-tests}",
			[]string{"NetworkPolicy/croupier-test", "matches no workload"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(scraped, tc.old) {
				t.Fatalf("%q is not in the scraped release", tc.old)
			}
			fs := findingsFor(t, strings.Replace(scraped, tc.old, tc.new, 1))
			for _, f := range fs {
				ok := true
				for _, w := range tc.want {
					ok = ok && strings.Contains(f, w)
				}
				if ok {
					return
				}
			}
			t.Fatalf("no finding with %q among:\n%s", tc.want, strings.Join(fs, "\n"))
		})
	}
}
