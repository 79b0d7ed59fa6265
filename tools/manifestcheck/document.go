package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
)

// document is one YAML document of a multi-document stream.
type document struct {
	// Source names the stream: a file name, or "stdin".
	Source string
	// Index counts the documents of the stream that hold an object, from 1.
	Index int
	// Template is the chart template that rendered it, from the
	// "# Source: chart/templates/x.yaml" comment helm template writes.
	Template string
	// Raw is the document as read, comments included.
	Raw []byte
}

// location says where a document came from, for error messages.
func (d document) location() string {
	loc := fmt.Sprintf("%s doc %d", d.Source, d.Index)
	if d.Template != "" {
		loc += " (" + d.Template + ")"
	}
	return loc
}

// maxDocumentBytes bounds one document; a rendered chart is far smaller.
const maxDocumentBytes = 4 << 20

// splitDocuments reads a "---"-separated YAML stream. Documents holding only
// comments or whitespace (helm renders those for disabled templates) are
// dropped and not counted.
func splitDocuments(source string, r io.Reader) ([]document, error) {
	reader := utilyaml.NewYAMLReader(bufio.NewReaderSize(r, 64<<10))
	var docs []document
	for {
		raw, err := reader.Read()
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return docs, fmt.Errorf("%s: reading document %d: %w", source, len(docs)+1, err)
		}
		if len(raw) > maxDocumentBytes {
			return docs, fmt.Errorf("%s: document %d is larger than %d bytes", source, len(docs)+1, maxDocumentBytes)
		}
		if blank(raw) {
			continue
		}
		docs = append(docs, document{
			Source:   source,
			Index:    len(docs) + 1,
			Template: templateOf(raw),
			Raw:      bytes.Clone(raw),
		})
	}
}

// blank reports whether a document holds nothing but comments, whitespace
// and document markers ("---" or "..." alone or followed by a comment).
func blank(raw []byte) bool {
	for line := range bytes.SplitSeq(raw, []byte("\n")) {
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' || marker(line, "---") || marker(line, "...") {
			continue
		}
		return false
	}
	return true
}

// marker reports whether a line is the document marker m at column 0,
// alone or followed by a comment (what the stream reader splits on).
func marker(line []byte, m string) bool {
	rest, ok := bytes.CutPrefix(line, []byte(m))
	if !ok {
		return false
	}
	rest = bytes.TrimSpace(rest)
	return len(rest) == 0 || rest[0] == '#'
}

// templateOf returns the template path helm template records in a
// "# Source:" comment, or "".
func templateOf(raw []byte) string {
	for line := range strings.SplitSeq(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "# Source:"); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}
