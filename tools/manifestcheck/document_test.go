package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestSplitDocumentsCountsOnlyObjects(t *testing.T) {
	in := strings.Join([]string{
		"# leading comment",
		"---",
		"# Source: croupier/templates/a.yaml",
		"apiVersion: v1",
		"kind: ConfigMap",
		"metadata: {name: a}",
		"---",
		"# Source: croupier/templates/empty.yaml",
		"---",
		"",
		"--- # a separator with a comment",
		"apiVersion: v1",
		"kind: ConfigMap",
		"metadata: {name: b}",
		"...",
		"",
	}, "\n")
	docs, err := splitDocuments("in.yaml", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 {
		t.Fatalf("got %d documents, want 2: %+v", len(docs), docs)
	}
	if docs[0].Index != 1 || docs[1].Index != 2 {
		t.Errorf("indexes %d, %d; want 1, 2", docs[0].Index, docs[1].Index)
	}
	if docs[0].Template != "croupier/templates/a.yaml" || docs[1].Template != "" {
		t.Errorf("templates %q, %q", docs[0].Template, docs[1].Template)
	}
	if got := docs[0].location(); got != "in.yaml doc 1 (croupier/templates/a.yaml)" {
		t.Errorf("location %q", got)
	}
	if !bytes.Contains(docs[1].Raw, []byte("name: b")) {
		t.Errorf("second document %q", docs[1].Raw)
	}
}

func TestSplitDocumentsRejectsOversizedDocument(t *testing.T) {
	big := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  k: " + strings.Repeat("x", maxDocumentBytes) + "\n"
	if _, err := splitDocuments("big.yaml", strings.NewReader(big)); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("err = %v, want a size error", err)
	}
}

// FuzzSplitDocuments: splitting never panics, never yields a blank
// document, numbers documents 1..n, and is stable: joining the documents
// again with separators and splitting gives the same documents.
func FuzzSplitDocuments(f *testing.F) {
	f.Add(goodRelease(f))
	f.Add("---\n---\n# c\n---\na: 1\n")
	f.Add("a: 1\n--- \nb: 2\n...\n---\n")
	f.Add("---a\n----\n- x\n")
	f.Add("\t---\n  key: |\n    ---\n    not a separator\n")
	f.Fuzz(func(t *testing.T, in string) {
		docs, err := splitDocuments("fuzz", strings.NewReader(in))
		if err != nil {
			return
		}
		var joined bytes.Buffer
		for i, d := range docs {
			if d.Index != i+1 {
				t.Fatalf("document %d has index %d", i, d.Index)
			}
			if blank(d.Raw) {
				t.Fatalf("blank document %q kept", d.Raw)
			}
			joined.WriteString("---\n")
			joined.Write(d.Raw)
			if !bytes.HasSuffix(d.Raw, []byte("\n")) {
				joined.WriteString("\n")
			}
		}
		again, err := splitDocuments("fuzz", &joined)
		if err != nil {
			t.Fatalf("re-split: %v", err)
		}
		if len(again) != len(docs) {
			t.Fatalf("re-split gives %d documents, want %d", len(again), len(docs))
		}
		for i := range docs {
			if body(again[i].Raw) != body(docs[i].Raw) {
				t.Fatalf("document %d changed: %q -> %q", i+1, docs[i].Raw, again[i].Raw)
			}
		}
	})
}

// FuzzValidate: arbitrary input never panics the decoder or the release
// checks, and every finding says where it is.
func FuzzValidate(f *testing.F) {
	good := goodRelease(f)
	f.Add(good)
	f.Add(strings.Replace(good, "replicas: 3", "replicas: [3]", 1))
	f.Add(strings.Replace(good, "  selector:\n    matchLabels:", "  selector:\n    matchExpressions: [{key: a, operator: Bogus}]\n    matchLabels:", 1))
	f.Add("apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec: {selector: {a: b}, ports: [{port: 1}]}\n")
	f.Add("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {}\n")
	f.Add("kind: List\napiVersion: v1\nitems: []\n")
	f.Add("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"}}")
	dec, err := newDecoder()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in string) {
		docs, err := splitDocuments("fuzz", strings.NewReader(in))
		if err != nil {
			return
		}
		objs, fs := validate(dec, docs)
		for _, fd := range fs {
			if fd.Where == "" || fd.Msg == "" {
				t.Fatalf("finding without location or message: %+v", fd)
			}
			if strings.Contains(fd.String(), "\n") {
				t.Fatalf("finding spans lines: %q", fd.String())
			}
		}
		for _, o := range objs {
			if o.GVK.Kind == "" || o.Meta.GetName() == "" {
				t.Fatalf("object without kind or name: %+v", o)
			}
		}
		if len(fs) == 0 && len(objs) == 0 {
			t.Fatal("no objects and no finding")
		}
	})
}

// body is a document without the separator line the reader keeps at the
// start of a stream, and without trailing newlines.
func body(raw []byte) string {
	s := string(raw)
	if first, rest, ok := strings.Cut(s, "\n"); ok && marker([]byte(first), "---") {
		s = rest
	}
	return strings.TrimRight(s, "\n")
}
