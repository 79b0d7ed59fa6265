package main

import (
	"os"
	"strings"
	"testing"
)

func goodRelease(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/good.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// findingsFor validates a YAML stream and returns the findings as strings.
func findingsFor(t testing.TB, input string) []string {
	t.Helper()
	dec, err := newDecoder()
	if err != nil {
		t.Fatal(err)
	}
	docs, err := splitDocuments("test.yaml", strings.NewReader(input))
	if err != nil {
		t.Fatalf("split: %v", err)
	}
	_, fs := validate(dec, docs)
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.String()
	}
	return out
}

func TestGoodReleasePasses(t *testing.T) {
	if fs := findingsFor(t, goodRelease(t)); len(fs) != 0 {
		t.Fatalf("the good release has findings:\n%s", strings.Join(fs, "\n"))
	}
}

// TestEachDefectIsCaught derives every bad manifest from the good release by
// one edit and requires a finding that names the defect and the object.
func TestEachDefectIsCaught(t *testing.T) {
	cases := []struct {
		name     string
		old, new string // replaced once; old must occur in the good release
		want     []string
	}{
		// Strict decoding: unknown fields, duplicate fields, wrong types.
		{"unknown field", "  replicas: 3\n", "  replica: 3\n",
			[]string{"doc 4 (croupier/templates/deployment.yaml): Deployment/croupier-rng:", `unknown field "spec.replica"`}},
		{"unknown nested field", "          ports:\n            - name: grpc\n              containerPort: 8080",
			"          ports:\n            - name: grpc\n              containerPort: 8080\n              hostPorts: 1",
			[]string{"Deployment/croupier-rng", `unknown field "spec.template.spec.containers[0].ports[0].hostPorts"`}},
		{"miscased field", "  minReplicas: 3", "  MinReplicas: 3",
			[]string{"HorizontalPodAutoscaler/croupier-rng", `unknown field "spec.MinReplicas"`}},
		{"duplicate field", "  replicas: 3\n", "  replicas: 3\n  replicas: 4\n",
			[]string{"Deployment/croupier-rng", `"replicas"`}},
		{"string for integer", "  replicas: 3\n", "  replicas: three\n",
			[]string{"Deployment/croupier-rng", "cannot unmarshal string", "spec.replicas of type int32"}},
		{"string for boolean", "  name: croupier-rng\nautomountServiceAccountToken: false", "  name: croupier-rng\nautomountServiceAccountToken: \"no\"",
			[]string{"ServiceAccount/croupier-rng", "cannot unmarshal string"}},
		{"scalar for list", "policyTypes: [Ingress, Egress]", "policyTypes: Ingress",
			[]string{"NetworkPolicy/croupier-rng", "cannot unmarshal string"}},
		{"bad quantity", "              cpu: 100m", "              cpu: lots",
			[]string{"Deployment/croupier-rng", "quantities must match"}},
		{"unknown kind", "kind: PodDisruptionBudget", "kind: PodDisruptionBudgets",
			[]string{"PodDisruptionBudgets/croupier-rng", "unknown kind"}},
		{"kind in the wrong version", "apiVersion: autoscaling/v2\n", "apiVersion: autoscaling/v3\n",
			[]string{"HorizontalPodAutoscaler/croupier-rng", "unknown kind"}},
		{"custom resource", "apiVersion: networking.k8s.io/v1\nkind: Ingress", "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute",
			[]string{"HTTPRoute/croupier", "unknown kind"}},
		{"missing kind", "kind: Secret\n", "",
			[]string{"doc 2 (croupier/templates/secret.yaml)", "apiVersion and kind are required"}},
		{"missing name", "  name: croupier\ntype: Opaque", "  labels: {}\ntype: Opaque",
			[]string{"Secret/", "metadata.name is empty"}},

		// Workloads.
		{"selector does not match template", "      labels:\n        app.kubernetes.io/name: croupier\n        app.kubernetes.io/component: rng",
			"      labels:\n        app.kubernetes.io/name: croupier\n        app.kubernetes.io/component: rgn",
			[]string{"Deployment/croupier-rng", "does not match the pod template labels"}},
		{"empty selector", "  selector:\n    matchLabels:\n      app.kubernetes.io/name: croupier\n      app.kubernetes.io/component: rng\n  template:",
			"  selector: {}\n  template:",
			[]string{"Deployment/croupier-rng", "spec.selector is empty"}},
		{"missing readiness probe", "          readinessProbe:\n            grpc:\n              port: 8080\n              service: croupier.rng.v1.RngService\n", "",
			[]string{"Deployment/croupier-rng", "container rng: no readinessProbe"}},
		{"missing liveness probe", "          livenessProbe:\n            grpc:\n              port: 8080\n              service: \"\"\n", "",
			[]string{"Deployment/croupier-rng", "container rng: no livenessProbe"}},
		{"probe on an undeclared port", "          livenessProbe:\n            grpc:\n              port: 8080", "          livenessProbe:\n            grpc:\n              port: 9090",
			[]string{"livenessProbe probes port 9090"}},
		{"missing cpu request", "              cpu: 100m\n", "",
			[]string{"resources.requests.cpu is not set", "scales on cpu utilization but container rng"}},
		{"missing memory limit", "            limits:\n              memory: 256Mi\n", "",
			[]string{"resources.limits.memory is not set"}},
		{"request above limit", "              memory: 64Mi", "              memory: 1Gi",
			[]string{"resources.requests.memory (1Gi) is above the limit (256Mi)"}},
		{"env set twice", "            - name: CROUPIER_ADDR\n              value: \":8080\"\n",
			"            - name: CROUPIER_ADDR\n              value: \":8080\"\n            - name: CROUPIER_ADDR\n              value: \":9090\"\n",
			[]string{"env CROUPIER_ADDR is set twice"}},
		{"secret key missing", "                  key: token-public-keys", "                  key: token_public_keys",
			[]string{`reads key "token_public_keys" of Secret croupier, which has no such key`}},
		// Issue 11: one key per issuer, and no shared HS256 key.
		{"shared token key", "            - name: CROUPIER_TOKEN_PUBLIC_KEYS\n", "            - name: CROUPIER_TOKEN_KEY\n",
			[]string{"env CROUPIER_TOKEN_KEY: the shared token key is no longer read"}},
		{"service account missing", "      serviceAccountName: croupier-rng", "      serviceAccountName: croupier-rgn",
			[]string{`serviceAccountName "croupier-rgn" is not among the manifests`}},

		// Services, autoscalers, budgets, network policies, ingresses.
		{"service selects nothing", "    app.kubernetes.io/component: rng\n  ports:", "    app.kubernetes.io/component: wallet\n  ports:",
			[]string{"Service/croupier-rng", "matches no workload"}},
		{"service target port undeclared", "      targetPort: grpc", "      targetPort: http",
			[]string{"Service/croupier-rng", `port "grpc" targets http, which Deployment/croupier-rng does not declare`}},
		{"autoscaler target missing", "    name: croupier-rng\n  minReplicas", "    name: croupier-wallet\n  minReplicas",
			[]string{"HorizontalPodAutoscaler/croupier-rng", "scaleTargetRef Deployment/croupier-wallet is not among the manifests"}},
		{"autoscaler min above max", "  maxReplicas: 9", "  maxReplicas: 2",
			[]string{"minReplicas 3 is above maxReplicas 2"}},
		{"budget blocks evictions", "  minAvailable: 2", "  minAvailable: 3",
			[]string{"PodDisruptionBudget/croupier-rng", "minAvailable 3 with 3 replica(s) of Deployment/croupier-rng blocks every voluntary eviction"}},
		{"budget selects nothing", "  minAvailable: 2\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: croupier\n      app.kubernetes.io/component: rng",
			"  minAvailable: 2\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: croupier\n      app.kubernetes.io/component: rgn",
			[]string{"PodDisruptionBudget/croupier-rng", "matches no workload"}},
		{"network policy selects nothing", "  podSelector:\n    matchLabels:\n      app.kubernetes.io/component: rng", "  podSelector:\n    matchLabels:\n      app.kubernetes.io/component: rgn",
			[]string{"NetworkPolicy/croupier-rng", "the policy protects nothing"}},
		{"network policy peer selects nothing", "        - podSelector:\n            matchLabels:\n              app.kubernetes.io/component: rng",
			"        - podSelector:\n            matchLabels:\n              app.kubernetes.io/component: tabel",
			[]string{"NetworkPolicy/croupier-rng", "ingress peer podSelector"}},
		{"network policy port name undeclared", "        - port: grpc\n          protocol: TCP", "        - port: http\n          protocol: TCP",
			[]string{`ingress port "http" is not a port of Deployment/croupier-rng`}},
		{"ingress backend missing", "                name: croupier-rng\n", "                name: croupier-wallet\n",
			[]string{"Ingress/croupier", "backend Service croupier-wallet is not among the manifests"}},
		{"ingress backend port missing", "                  name: grpc", "                  name: http",
			[]string{"backend Service croupier-rng has no port http"}},
		{"duplicate object", "---\n# Source: croupier/templates/secret.yaml",
			"---\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: croupier-rng\n---\n# Source: croupier/templates/secret.yaml",
			[]string{"doc 2: ServiceAccount/croupier-rng: duplicate of test.yaml doc 1"}},
	}
	good := goodRelease(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(good, tc.old) {
				t.Fatalf("the good release does not contain %q: fix the test", tc.old)
			}
			fs := findingsFor(t, strings.Replace(good, tc.old, tc.new, 1))
			if len(fs) == 0 {
				t.Fatal("no finding")
			}
			all := strings.Join(fs, "\n")
			t.Log(all)
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("no finding mentions %q; findings:\n%s", w, all)
				}
			}
		})
	}
}

func TestEmptyInputIsAnError(t *testing.T) {
	for _, in := range []string{"", "# only a comment\n", "---\n---\n"} {
		fs := findingsFor(t, in)
		if len(fs) != 1 || !strings.Contains(fs[0], "no Kubernetes objects") {
			t.Errorf("%q: findings %q, want one about no objects", in, fs)
		}
	}
}

// TestDecodeErrorsSkipReleaseChecks: a document that fails to decode must
// not also be reported missing by the objects that refer to it.
func TestDecodeErrorsSkipReleaseChecks(t *testing.T) {
	bad := strings.Replace(goodRelease(t), "  replicas: 3\n", "  replicas: 3\n  paused: maybe\n", 1)
	fs := findingsFor(t, bad)
	if len(fs) != 1 {
		t.Fatalf("want exactly the decode error, got:\n%s", strings.Join(fs, "\n"))
	}
}

// Issue 11: each service signs with its own key. A second workload reading
// the rng's signing key is reported; one with its own key is not.
func TestSigningKeySharedByTwoWorkloads(t *testing.T) {
	good := goodRelease(t)
	var deployment string
	for _, doc := range strings.Split(good, "---\n") {
		if strings.Contains(doc, "\nkind: Deployment\n") {
			deployment = doc
		}
	}
	if deployment == "" {
		t.Fatal("no Deployment in the good release")
	}
	copyAs := func(signingKey string) string {
		d := strings.Replace(deployment, "  name: croupier-rng\nspec:", "  name: croupier-wallet\nspec:", 1)
		return strings.Replace(d, "                  key: token-signing-key", "                  key: "+signingKey, 1)
	}
	shared := findingsFor(t, good+"---\n"+copyAs("token-signing-key"))
	want := `env CROUPIER_TOKEN_SIGNING_KEY reads key "token-signing-key" of Secret croupier, as Deployment/croupier-rng does`
	if !strings.Contains(strings.Join(shared, "\n"), want) {
		t.Fatalf("no finding %q in:\n%s", want, strings.Join(shared, "\n"))
	}
	own := strings.Replace(good, "  token-signing-key: ZGV2", "  token-signing-key: ZGV2\n  wallet-signing-key: ZGV2", 1)
	for _, f := range findingsFor(t, own+"---\n"+copyAs("wallet-signing-key")) {
		if strings.Contains(f, "signs with its own key") {
			t.Fatalf("own key reported: %s", f)
		}
	}
}
