package main

import (
	"errors"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"
)

// object is a decoded manifest: the typed Kubernetes object and where it
// came from.
type object struct {
	Doc  document
	GVK  schema.GroupVersionKind
	Obj  runtime.Object
	Meta metav1.Object
}

// ref names an object in messages: Kind/name, or Kind/namespace/name.
func (o object) ref() string {
	if ns := o.Meta.GetNamespace(); ns != "" {
		return o.GVK.Kind + "/" + ns + "/" + o.Meta.GetName()
	}
	return o.GVK.Kind + "/" + o.Meta.GetName()
}

// decoder turns YAML documents into typed objects of the built-in
// Kubernetes API groups with the API server's own strictness: a field the
// type does not have, a field given twice, or a value of the wrong type is
// an error, and so is a kind the scheme does not know.
type decoder struct {
	scheme *runtime.Scheme
	codec  runtime.Decoder
}

// newDecoder builds a decoder over every group client-go registers (apps/v1,
// core/v1, policy/v1, autoscaling/v2, networking.k8s.io/v1, ...). It builds
// its own scheme so nothing is shared with other users of client-go.
func newDecoder() (*decoder, error) {
	s := runtime.NewScheme()
	if err := scheme.AddToScheme(s); err != nil {
		return nil, fmt.Errorf("building the Kubernetes scheme: %w", err)
	}
	// And the custom resources a chart may render (monitoring.go).
	addMonitoringTypes(s)
	// UniversalDeserializer decodes into the version the document names,
	// without conversion or defaulting: what is checked is what was written.
	codecs := serializer.NewCodecFactory(s, serializer.EnableStrict)
	return &decoder{scheme: s, codec: codecs.UniversalDeserializer()}, nil
}

// decode strictly decodes one document.
func (d *decoder) decode(doc document) (object, error) {
	obj, gvk, err := d.codec.Decode(doc.Raw, nil, nil)
	switch {
	case err == nil:
	case runtime.IsMissingKind(err), runtime.IsMissingVersion(err):
		// The decoder's message quotes the whole document; say it shortly.
		return object{}, errors.New("apiVersion and kind are required")
	case runtime.IsNotRegisteredError(err):
		return object{}, fmt.Errorf("unknown kind (not a built-in Kubernetes API type this validator knows): %w", err)
	default:
		// Strict errors (unknown or duplicate fields) and type errors; the
		// finding names the object already.
		return object{}, err
	}
	meta, ok := obj.(metav1.Object)
	if !ok {
		return object{}, fmt.Errorf("%s has no object metadata", gvk.Kind)
	}
	if meta.GetName() == "" {
		return object{}, errors.New("metadata.name is empty")
	}
	return object{Doc: doc, GVK: *gvk, Obj: obj, Meta: meta}, nil
}

// identify names a document's object as Kind/name (or Kind/namespace/name)
// from a lenient read of its type and metadata, for messages about a
// document that did not decode strictly; "" when even that fails.
func identify(doc document) string {
	var head struct {
		Kind     string `json:"kind"`
		Metadata struct {
			Name      string `json:"name"`
			Namespace string `json:"namespace"`
		} `json:"metadata"`
	}
	if err := yaml.Unmarshal(doc.Raw, &head); err != nil || head.Kind == "" {
		return ""
	}
	if head.Metadata.Namespace != "" {
		return head.Kind + "/" + head.Metadata.Namespace + "/" + head.Metadata.Name
	}
	return head.Kind + "/" + head.Metadata.Name
}

// errNoObjects is returned when a stream holds no manifest at all: an empty
// render is a broken pipeline, not a valid chart.
var errNoObjects = errors.New("no Kubernetes objects in the input")
