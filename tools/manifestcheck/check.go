package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// finding is one problem found in the input.
type finding struct {
	// Where locates the document ("stdin doc 3 (croupier/templates/x.yaml)").
	Where string
	// Ref names the object ("Deployment/croupier-rng"), or "" when the
	// document did not decode far enough to have one.
	Ref string
	Msg string
}

// String is the finding on one line (decoder messages may span several).
func (f finding) String() string {
	msg := strings.Join(strings.Fields(f.Msg), " ")
	if f.Ref == "" {
		return f.Where + ": " + msg
	}
	return f.Where + ": " + f.Ref + ": " + msg
}

// workload is a controller that runs pods: what Services, budgets,
// autoscalers and network policies select.
type workload struct {
	object
	selector *metav1.LabelSelector
	template corev1.PodTemplateSpec
	// replicas is nil for a DaemonSet.
	replicas *int32
	// bare is a Pod of its own (a helm test hook): it runs to completion,
	// so it needs no liveness or readiness probe.
	bare bool
}

// release is the set of objects one render produced, indexed for the
// cross-object checks.
type release struct {
	objects   []object
	workloads []workload
	services  map[string]*corev1.Service // namespace/name
	secrets   map[string]*corev1.Secret
	configs   map[string]*corev1.ConfigMap
	accounts  map[string]bool
	hpas      map[string]*autoscalingv2.HorizontalPodAutoscaler // by target namespace/kind/name
}

func key(ns, name string) string { return ns + "/" + name }

func newRelease(objs []object) *release {
	r := &release{
		objects:  objs,
		services: map[string]*corev1.Service{},
		secrets:  map[string]*corev1.Secret{},
		configs:  map[string]*corev1.ConfigMap{},
		accounts: map[string]bool{},
		hpas:     map[string]*autoscalingv2.HorizontalPodAutoscaler{},
	}
	for _, o := range objs {
		ns := o.Meta.GetNamespace()
		switch v := o.Obj.(type) {
		case *appsv1.Deployment:
			r.workloads = append(r.workloads, workload{o, v.Spec.Selector, v.Spec.Template, v.Spec.Replicas, false})
		case *appsv1.StatefulSet:
			r.workloads = append(r.workloads, workload{o, v.Spec.Selector, v.Spec.Template, v.Spec.Replicas, false})
		case *appsv1.DaemonSet:
			r.workloads = append(r.workloads, workload{o, v.Spec.Selector, v.Spec.Template, nil, false})
		case *corev1.Pod:
			// Selected by its own labels: policies and Services see it as
			// they would see a controller's pod.
			one := int32(1)
			sel := &metav1.LabelSelector{MatchLabels: v.Labels}
			tmpl := corev1.PodTemplateSpec{ObjectMeta: v.ObjectMeta, Spec: v.Spec}
			r.workloads = append(r.workloads, workload{o, sel, tmpl, &one, true})
		case *corev1.Service:
			r.services[key(ns, v.Name)] = v
		case *corev1.Secret:
			r.secrets[key(ns, v.Name)] = v
		case *corev1.ConfigMap:
			r.configs[key(ns, v.Name)] = v
		case *corev1.ServiceAccount:
			r.accounts[key(ns, v.Name)] = true
		case *autoscalingv2.HorizontalPodAutoscaler:
			t := v.Spec.ScaleTargetRef
			r.hpas[key(ns, t.Kind+"/"+t.Name)] = v
		}
	}
	return r
}

// checkRelease runs the semantic checks the strict decoder cannot: each
// object against itself and against the rest of the release.
func checkRelease(objs []object) []finding {
	r := newRelease(objs)
	var out []finding
	add := func(o object, format string, args ...any) {
		out = append(out, finding{Where: o.Doc.location(), Ref: o.ref(), Msg: fmt.Sprintf(format, args...)})
	}
	seen := map[string]object{}
	for _, o := range objs {
		id := o.GVK.GroupKind().String() + " " + key(o.Meta.GetNamespace(), o.Meta.GetName())
		if first, dup := seen[id]; dup {
			add(o, "duplicate of %s (same kind, namespace and name)", first.Doc.location())
			continue
		}
		seen[id] = o
	}
	for _, w := range r.workloads {
		r.checkWorkload(w, add)
	}
	r.checkSigningKeys(add)
	for _, o := range objs {
		switch v := o.Obj.(type) {
		case *corev1.Service:
			r.checkService(o, v, add)
		case *autoscalingv2.HorizontalPodAutoscaler:
			r.checkHPA(o, v, add)
		case *policyv1.PodDisruptionBudget:
			r.checkPDB(o, v, add)
		case *networkingv1.NetworkPolicy:
			r.checkNetworkPolicy(o, v, add)
		case *networkingv1.Ingress:
			r.checkIngress(o, v, add)
		case *ServiceMonitor:
			r.checkServiceMonitor(o, v, add)
		case *PodMonitor:
			r.checkPodMonitor(o, v, add)
		}
	}
	return out
}

type report func(o object, format string, args ...any)

func (r *release) checkWorkload(w workload, add report) {
	ns := w.Meta.GetNamespace()
	switch sel, err := metav1.LabelSelectorAsSelector(w.selector); {
	case err != nil:
		add(w.object, "spec.selector: %v", err)
	case w.selector == nil || sel.Empty():
		add(w.object, "spec.selector is empty: it would select every pod in the namespace")
	case !sel.Matches(labels.Set(w.template.Labels)):
		add(w.object, "spec.selector %q does not match the pod template labels %v", sel, w.template.Labels)
	}
	spec := w.template.Spec
	if sa := spec.ServiceAccountName; sa != "" && sa != "default" && !r.accounts[key(ns, sa)] {
		add(w.object, "serviceAccountName %q is not among the manifests", sa)
	}
	if len(spec.Containers) == 0 {
		add(w.object, "the pod template has no containers")
	}
	for _, c := range spec.InitContainers {
		r.checkContainer(w, c, false, add)
	}
	for _, c := range spec.Containers {
		r.checkContainer(w, c, !w.bare, add)
	}
}

func (r *release) checkContainer(w workload, c corev1.Container, main bool, add report) {
	ns := w.Meta.GetNamespace()
	where := "container " + c.Name
	req, lim := c.Resources.Requests, c.Resources.Limits
	for _, res := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		if _, ok := req[res]; !ok {
			add(w.object, "%s: resources.requests.%s is not set", where, res)
		}
	}
	if _, ok := lim[corev1.ResourceMemory]; !ok {
		add(w.object, "%s: resources.limits.memory is not set", where)
	}
	for res, l := range lim {
		if q, ok := req[res]; ok && q.Cmp(l) > 0 {
			add(w.object, "%s: resources.requests.%s (%s) is above the limit (%s)", where, res, q.String(), l.String())
		}
	}
	if main {
		if c.ReadinessProbe == nil {
			add(w.object, "%s: no readinessProbe", where)
		}
		if c.LivenessProbe == nil {
			add(w.object, "%s: no livenessProbe", where)
		}
	}
	for name, p := range map[string]*corev1.Probe{"startupProbe": c.StartupProbe, "livenessProbe": c.LivenessProbe, "readinessProbe": c.ReadinessProbe} {
		if p == nil {
			continue
		}
		var port intstr.IntOrString
		switch {
		case p.GRPC != nil:
			port = intstr.FromInt32(p.GRPC.Port)
		case p.HTTPGet != nil:
			port = p.HTTPGet.Port
		case p.TCPSocket != nil:
			port = p.TCPSocket.Port
		default:
			continue
		}
		if !containerHasPort(c, port) {
			add(w.object, "%s: %s probes port %s, which the container does not declare", where, name, port.String())
		}
	}
	names := map[string]bool{}
	for _, e := range c.Env {
		if names[e.Name] {
			add(w.object, "%s: env %s is set twice (the last one wins silently)", where, e.Name)
		}
		names[e.Name] = true
		if e.ValueFrom == nil {
			continue
		}
		if ref := e.ValueFrom.SecretKeyRef; ref != nil {
			if s, ok := r.secrets[key(ns, ref.Name)]; ok && !secretHas(s, ref.Key) {
				add(w.object, "%s: env %s reads key %q of Secret %s, which has no such key", where, e.Name, ref.Key, ref.Name)
			}
		}
		if ref := e.ValueFrom.ConfigMapKeyRef; ref != nil {
			if cm, ok := r.configs[key(ns, ref.Name)]; ok && !configMapHas(cm, ref.Key) {
				add(w.object, "%s: env %s reads key %q of ConfigMap %s, which has no such key", where, e.Name, ref.Key, ref.Name)
			}
		}
	}
}

// signingKeyEnvs are the variables carrying a Croupier token signing key.
// Each key belongs to one issuer: a service's key signs only that service's
// tokens and the session key is the table's, so two workloads reading the
// same Secret key means one pod could sign as another.
var signingKeyEnvs = map[string]bool{"CROUPIER_TOKEN_SIGNING_KEY": true, "CROUPIER_SESSION_SIGNING_KEY": true}

// checkSigningKeys reports a signing key read by more than one workload,
// and the shared HS256 key (CROUPIER_TOKEN_KEY) that let every pod sign
// every kind of token.
func (r *release) checkSigningKeys(add report) {
	readers := map[string]string{} // namespace/secret/key -> first workload
	for _, w := range r.workloads {
		ns := w.Meta.GetNamespace()
		for _, c := range append(slices.Clone(w.template.Spec.InitContainers), w.template.Spec.Containers...) {
			for _, e := range c.Env {
				if e.Name == "CROUPIER_TOKEN_KEY" {
					add(w.object, "container %s: env CROUPIER_TOKEN_KEY: the shared token key is no longer read; give the public key set and the service's own signing key", c.Name)
				}
				if !signingKeyEnvs[e.Name] || e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil {
					continue
				}
				ref := e.ValueFrom.SecretKeyRef
				id := key(ns, ref.Name) + "/" + ref.Key
				first, seen := readers[id]
				switch {
				case !seen:
					readers[id] = w.ref()
				case first != w.ref():
					add(w.object, "container %s: env %s reads key %q of Secret %s, as %s does: each service signs with its own key", c.Name, e.Name, ref.Key, ref.Name, first)
				}
			}
		}
	}
}

func containerHasPort(c corev1.Container, port intstr.IntOrString) bool {
	return slices.ContainsFunc(c.Ports, func(p corev1.ContainerPort) bool {
		if port.Type == intstr.String {
			return p.Name == port.StrVal
		}
		return p.ContainerPort == port.IntVal
	})
}

func podHasPort(spec corev1.PodSpec, port intstr.IntOrString) bool {
	return slices.ContainsFunc(spec.Containers, func(c corev1.Container) bool { return containerHasPort(c, port) })
}

func secretHas(s *corev1.Secret, k string) bool {
	_, inData := s.Data[k]
	_, inString := s.StringData[k]
	return inData || inString
}

func configMapHas(cm *corev1.ConfigMap, k string) bool {
	_, inData := cm.Data[k]
	_, inBinary := cm.BinaryData[k]
	return inData || inBinary
}

// selecting returns the workloads in ns whose pods sel selects.
func (r *release) selecting(ns string, sel labels.Selector) []workload {
	var out []workload
	for _, w := range r.workloads {
		if w.Meta.GetNamespace() == ns && sel.Matches(labels.Set(w.template.Labels)) {
			out = append(out, w)
		}
	}
	return out
}

func names(ws []workload) string {
	var n []string
	for _, w := range ws {
		n = append(n, w.ref())
	}
	sort.Strings(n)
	return strings.Join(n, ", ")
}

func (r *release) checkService(o object, s *corev1.Service, add report) {
	if s.Spec.Type == corev1.ServiceTypeExternalName {
		return
	}
	if len(s.Spec.Selector) == 0 {
		add(o, "spec.selector is empty: the Service selects no Deployment")
		return
	}
	ws := r.selecting(s.Namespace, labels.SelectorFromSet(s.Spec.Selector))
	if len(ws) == 0 {
		add(o, "spec.selector %v matches no workload's pod template", s.Spec.Selector)
		return
	}
	for _, p := range s.Spec.Ports {
		target := p.TargetPort
		if target.Type == intstr.Int && target.IntVal == 0 {
			target = intstr.FromInt32(p.Port)
		}
		for _, w := range ws {
			if !podHasPort(w.template.Spec, target) {
				add(o, "port %q targets %s, which %s does not declare", p.Name, target.String(), w.ref())
			}
		}
	}
}

func (r *release) checkHPA(o object, h *autoscalingv2.HorizontalPodAutoscaler, add report) {
	t := h.Spec.ScaleTargetRef
	var target *workload
	for i, w := range r.workloads {
		if w.GVK.Kind == t.Kind && w.Meta.GetName() == t.Name && w.Meta.GetNamespace() == h.Namespace {
			target = &r.workloads[i]
		}
	}
	if target == nil {
		add(o, "scaleTargetRef %s/%s is not among the manifests", t.Kind, t.Name)
		return
	}
	if h.Spec.MinReplicas != nil && *h.Spec.MinReplicas > h.Spec.MaxReplicas {
		add(o, "minReplicas %d is above maxReplicas %d", *h.Spec.MinReplicas, h.Spec.MaxReplicas)
	}
	if len(h.Spec.Metrics) == 0 {
		add(o, "no metrics")
	}
	// Utilization is a percentage of the request: without one the HPA
	// cannot compute it and never scales.
	for _, m := range h.Spec.Metrics {
		if m.Type != autoscalingv2.ResourceMetricSourceType || m.Resource == nil || m.Resource.Target.Type != autoscalingv2.UtilizationMetricType {
			continue
		}
		for _, c := range target.template.Spec.Containers {
			if _, ok := c.Resources.Requests[m.Resource.Name]; !ok {
				add(o, "scales on %s utilization but container %s of %s requests no %s", m.Resource.Name, c.Name, target.ref(), m.Resource.Name)
			}
		}
	}
}

func (r *release) checkPDB(o object, p *policyv1.PodDisruptionBudget, add report) {
	sel, err := metav1.LabelSelectorAsSelector(p.Spec.Selector)
	if err != nil {
		add(o, "spec.selector: %v", err)
		return
	}
	if p.Spec.Selector == nil || sel.Empty() {
		add(o, "spec.selector is empty")
		return
	}
	if p.Spec.MinAvailable != nil && p.Spec.MaxUnavailable != nil {
		add(o, "sets both minAvailable and maxUnavailable")
	}
	ws := r.selecting(p.Namespace, sel)
	if len(ws) == 0 {
		add(o, "spec.selector %q matches no workload's pod template", sel)
		return
	}
	// A budget that allows no eviction at the smallest scale blocks every
	// node drain and cluster upgrade.
	for _, w := range ws {
		least, ok := r.leastReplicas(w)
		if !ok {
			continue
		}
		if m := p.Spec.MinAvailable; m != nil && m.Type == intstr.Int && m.IntVal >= least {
			add(o, "minAvailable %d with %d replica(s) of %s blocks every voluntary eviction", m.IntVal, least, w.ref())
		}
		if m := p.Spec.MaxUnavailable; m != nil && m.Type == intstr.Int && m.IntVal == 0 {
			add(o, "maxUnavailable 0 blocks every voluntary eviction of %s", w.ref())
		}
	}
}

// leastReplicas is the smallest replica count a workload runs at: its HPA's
// minReplicas, or its own replicas.
func (r *release) leastReplicas(w workload) (int32, bool) {
	if h, ok := r.hpas[key(w.Meta.GetNamespace(), w.GVK.Kind+"/"+w.Meta.GetName())]; ok {
		if h.Spec.MinReplicas != nil {
			return *h.Spec.MinReplicas, true
		}
		return 1, true
	}
	if w.replicas == nil {
		if w.GVK.Kind == "DaemonSet" {
			return 0, false
		}
		return 1, true // the API server's default
	}
	return *w.replicas, true
}

func (r *release) checkNetworkPolicy(o object, np *networkingv1.NetworkPolicy, add report) {
	sel, err := metav1.LabelSelectorAsSelector(&np.Spec.PodSelector)
	if err != nil {
		add(o, "spec.podSelector: %v", err)
		return
	}
	ws := r.selecting(np.Namespace, sel)
	if !sel.Empty() && len(ws) == 0 {
		add(o, "spec.podSelector %q matches no workload: the policy protects nothing", sel)
	}
	// A peer with only a podSelector means "these pods in this namespace":
	// one that matches nothing is a typo that silently blocks traffic.
	peers := func(dir string, ps []networkingv1.NetworkPolicyPeer) {
		for _, p := range ps {
			if p.PodSelector == nil || p.NamespaceSelector != nil || p.IPBlock != nil {
				continue
			}
			psel, err := metav1.LabelSelectorAsSelector(p.PodSelector)
			if err != nil {
				add(o, "%s peer podSelector: %v", dir, err)
				continue
			}
			if !psel.Empty() && len(r.selecting(np.Namespace, psel)) == 0 {
				add(o, "%s peer podSelector %q matches no workload", dir, psel)
			}
		}
	}
	for _, rule := range np.Spec.Ingress {
		peers("ingress", rule.From)
		for _, p := range rule.Ports {
			if p.Port == nil || p.Port.Type != intstr.String {
				continue
			}
			for _, w := range ws {
				if !podHasPort(w.template.Spec, *p.Port) {
					add(o, "ingress port %q is not a port of %s", p.Port.StrVal, w.ref())
				}
			}
		}
	}
	for _, rule := range np.Spec.Egress {
		peers("egress", rule.To)
	}
}

func (r *release) checkIngress(o object, ing *networkingv1.Ingress, add report) {
	backend := func(b *networkingv1.IngressBackend) {
		if b == nil || b.Service == nil {
			return
		}
		s, ok := r.services[key(ing.Namespace, b.Service.Name)]
		if !ok {
			add(o, "backend Service %s is not among the manifests", b.Service.Name)
			return
		}
		if !slices.ContainsFunc(s.Spec.Ports, func(p corev1.ServicePort) bool {
			if b.Service.Port.Name != "" {
				return p.Name == b.Service.Port.Name
			}
			return p.Port == b.Service.Port.Number
		}) {
			port := b.Service.Port.Name
			if port == "" {
				port = fmt.Sprint(b.Service.Port.Number)
			}
			add(o, "backend Service %s has no port %s", b.Service.Name, port)
		}
	}
	backend(ing.Spec.DefaultBackend)
	for _, rule := range ing.Spec.Rules {
		if rule.HTTP == nil {
			continue
		}
		for _, p := range rule.HTTP.Paths {
			backend(&p.Backend)
		}
	}
}
