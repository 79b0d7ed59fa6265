package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// The Prometheus Operator's scrape objects (monitoring.coreos.com/v1) are
// custom resources: client-go's scheme does not know them, and importing
// the operator's module would pull its whole dependency graph into the
// workspace. These types hold the fields of ServiceMonitor and PodMonitor a
// chart sets for a plain scrape (names and JSON tags as in the operator's
// CRDs), so the strict decoder refuses a misspelt or misplaced field as it
// does for the built-in kinds; a field of the CRD outside this subset is
// refused too, as "unknown to this validator": add it here when a chart
// needs it.
var monitoringGV = schema.GroupVersion{Group: "monitoring.coreos.com", Version: "v1"}

func addMonitoringTypes(s *runtime.Scheme) {
	s.AddKnownTypes(monitoringGV, &ServiceMonitor{}, &PodMonitor{})
}

// ServiceMonitor scrapes the endpoints of the Services its selector picks.
type ServiceMonitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ServiceMonitorSpec `json:"spec"`
}

// ServiceMonitorSpec is the scrape: which Services, which of their ports.
type ServiceMonitorSpec struct {
	JobLabel          string               `json:"jobLabel,omitempty"`
	TargetLabels      []string             `json:"targetLabels,omitempty"`
	PodTargetLabels   []string             `json:"podTargetLabels,omitempty"`
	Selector          metav1.LabelSelector `json:"selector"`
	NamespaceSelector NamespaceSelector    `json:"namespaceSelector,omitempty"`
	Endpoints         []Endpoint           `json:"endpoints"`
	SampleLimit       *uint64              `json:"sampleLimit,omitempty"`
}

// PodMonitor scrapes the pods its selector picks directly.
type PodMonitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PodMonitorSpec `json:"spec"`
}

// PodMonitorSpec is the scrape: which pods, which of their container ports.
type PodMonitorSpec struct {
	JobLabel            string               `json:"jobLabel,omitempty"`
	PodTargetLabels     []string             `json:"podTargetLabels,omitempty"`
	Selector            metav1.LabelSelector `json:"selector"`
	NamespaceSelector   NamespaceSelector    `json:"namespaceSelector,omitempty"`
	PodMetricsEndpoints []Endpoint           `json:"podMetricsEndpoints"`
	SampleLimit         *uint64              `json:"sampleLimit,omitempty"`
}

// NamespaceSelector says where the selected objects live.
type NamespaceSelector struct {
	Any        bool     `json:"any,omitempty"`
	MatchNames []string `json:"matchNames,omitempty"`
}

// Endpoint is one scrape target (ServiceMonitor endpoints and PodMonitor
// podMetricsEndpoints share these fields).
type Endpoint struct {
	Port            string              `json:"port,omitempty"`
	TargetPort      *intstr.IntOrString `json:"targetPort,omitempty"`
	Path            string              `json:"path,omitempty"`
	Scheme          string              `json:"scheme,omitempty"`
	Params          map[string][]string `json:"params,omitempty"`
	Interval        string              `json:"interval,omitempty"`
	ScrapeTimeout   string              `json:"scrapeTimeout,omitempty"`
	HonorLabels     bool                `json:"honorLabels,omitempty"`
	HonorTimestamps *bool               `json:"honorTimestamps,omitempty"`
	Relabelings     []map[string]any    `json:"relabelings,omitempty"`
	MetricRelabels  []map[string]any    `json:"metricRelabelings,omitempty"`
}

// DeepCopyObject copies through JSON: the validator copies rarely, and a
// hand-written copy of every field would be one more place to forget one.
func (m *ServiceMonitor) DeepCopyObject() runtime.Object { return jsonCopy(m, &ServiceMonitor{}) }

// DeepCopyObject copies through JSON (see ServiceMonitor).
func (m *PodMonitor) DeepCopyObject() runtime.Object { return jsonCopy(m, &PodMonitor{}) }

func jsonCopy[T runtime.Object](from, to T) runtime.Object {
	b, err := json.Marshal(from)
	if err != nil {
		panic(fmt.Sprintf("copy %T: %v", from, err))
	}
	if err := json.Unmarshal(b, to); err != nil {
		panic(fmt.Sprintf("copy %T: %v", from, err))
	}
	return to
}

// promDuration is the Prometheus duration the CRDs accept.
var promDuration = regexp.MustCompile(`^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$`)

// checkEndpoints checks what the API server's CRD schema and Prometheus
// would refuse: bad durations and schemes, a timeout beyond the interval,
// an endpoint without a port.
func checkEndpoints(o object, field string, eps []Endpoint, add report) {
	if len(eps) == 0 {
		add(o, "spec.%s is empty: nothing is scraped", field)
	}
	for i, ep := range eps {
		at := fmt.Sprintf("spec.%s[%d]", field, i)
		if ep.Port == "" && ep.TargetPort == nil {
			add(o, "%s: no port", at)
		}
		if ep.Scheme != "" && ep.Scheme != "http" && ep.Scheme != "https" {
			add(o, "%s.scheme %q: want http or https", at, ep.Scheme)
		}
		var iv, to time.Duration
		for _, d := range []struct {
			name, v string
			out     *time.Duration
		}{{"interval", ep.Interval, &iv}, {"scrapeTimeout", ep.ScrapeTimeout, &to}} {
			if d.v == "" {
				continue
			}
			if !promDuration.MatchString(d.v) {
				add(o, "%s.%s %q is not a Prometheus duration", at, d.name, d.v)
				continue
			}
			if p, err := time.ParseDuration(d.v); err == nil {
				*d.out = p
			}
		}
		if iv > 0 && to > iv {
			add(o, "%s: scrapeTimeout %s exceeds interval %s (Prometheus refuses the target)", at, ep.ScrapeTimeout, ep.Interval)
		}
	}
}

// checkServiceMonitor: the selector picks Services of the release, and each
// endpoint names a port those Services have.
func (r *release) checkServiceMonitor(o object, m *ServiceMonitor, add report) {
	checkEndpoints(o, "endpoints", m.Spec.Endpoints, add)
	sel, err := metav1.LabelSelectorAsSelector(&m.Spec.Selector)
	if err != nil {
		add(o, "spec.selector: %v", err)
		return
	}
	if sel.Empty() {
		add(o, "spec.selector is empty: it would scrape every Service")
		return
	}
	var picked []*corev1.Service
	for _, s := range r.services {
		if s.Namespace == m.Namespace && sel.Matches(labels.Set(s.Labels)) {
			picked = append(picked, s)
		}
	}
	if len(picked) == 0 {
		add(o, "spec.selector %q matches no Service", sel)
		return
	}
	for _, ep := range m.Spec.Endpoints {
		if ep.Port == "" {
			continue
		}
		for _, s := range picked {
			if !serviceHasPortName(s, ep.Port) {
				add(o, "endpoint port %q is not a port of Service %s", ep.Port, s.Name)
			}
		}
	}
}

// checkPodMonitor: the selector picks pods of the release, and each
// endpoint names a container port they declare.
func (r *release) checkPodMonitor(o object, m *PodMonitor, add report) {
	checkEndpoints(o, "podMetricsEndpoints", m.Spec.PodMetricsEndpoints, add)
	sel, err := metav1.LabelSelectorAsSelector(&m.Spec.Selector)
	if err != nil {
		add(o, "spec.selector: %v", err)
		return
	}
	if sel.Empty() {
		add(o, "spec.selector is empty: it would scrape every pod")
		return
	}
	ws := r.selecting(m.Namespace, sel)
	if len(ws) == 0 {
		add(o, "spec.selector %q matches no workload", sel)
		return
	}
	for _, ep := range m.Spec.PodMetricsEndpoints {
		if ep.Port == "" {
			continue
		}
		for _, w := range ws {
			if !podHasPort(w.template.Spec, intstr.FromString(ep.Port)) {
				add(o, "endpoint port %q is not a container port of %s", ep.Port, w.ref())
			}
		}
	}
}

func serviceHasPortName(s *corev1.Service, name string) bool {
	for _, p := range s.Spec.Ports {
		if p.Name == name {
			return true
		}
	}
	return false
}
