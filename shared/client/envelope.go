package client

import (
	"encoding/binary"
	"io"
	"net/http"
	"strings"
)

// wholeMessages is a transport that sends each message of a streaming
// request in one piece. Connect writes a stream message's 5-byte envelope
// prefix and its body to the request as two writes, and Go's HTTP/2
// transport sends and flushes whatever one read of the body returns: each
// message went out as two DATA frames, in two write system calls, and cost
// the server two more reads. Reading the body a message at a time makes it
// one frame and one write.
type wholeMessages struct{ next http.RoundTripper }

// RoundTrip implements http.RoundTripper.
func (t wholeMessages) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.ContentLength != -1 || req.Body == nil || req.Body == http.NoBody || !enveloped(req.Header.Get("Content-Type")) {
		return t.next.RoundTrip(req)
	}
	// A RoundTripper does not change its caller's request: a shallow copy
	// carries the body's wrapper.
	r := *req
	r.Body = &messageBody{body: req.Body}
	return t.next.RoundTrip(&r)
}

// CloseIdleConnections lets http.Client.CloseIdleConnections reach the
// transport underneath.
func (t wholeMessages) CloseIdleConnections() {
	if c, ok := t.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// enveloped reports whether a request of this content type is a stream of
// length-prefixed messages (gRPC, gRPC-Web and Connect streaming).
func enveloped(contentType string) bool {
	return strings.HasPrefix(contentType, "application/grpc") || strings.HasPrefix(contentType, "application/connect+")
}

// messageBody reads a stream of enveloped messages so that a read that
// starts a message returns its prefix with as much of its body as fits.
// The rest of a message is already on its way (its writer is between the
// prefix and the body), so waiting for it cannot stall the stream.
type messageBody struct {
	body io.ReadCloser
	// left is what remains of the current message's body; raw is set once
	// a read too small for a prefix has lost track of where messages start:
	// from then on reads pass through.
	left int
	raw  bool
}

func (b *messageBody) Read(p []byte) (int, error) {
	switch {
	case b.raw:
		return b.body.Read(p)
	case b.left > 0:
		n, err := io.ReadFull(b.body, p[:min(len(p), b.left)])
		b.left -= n
		return n, err
	case len(p) < 5:
		b.raw = true
		return b.body.Read(p)
	}
	n, err := io.ReadFull(b.body, p[:5])
	if err != nil {
		return n, err
	}
	size := int(binary.BigEndian.Uint32(p[1:5]))
	k, err := io.ReadFull(b.body, p[5:5+min(size, len(p)-5)])
	b.left = size - k
	return 5 + k, err
}

func (b *messageBody) Close() error { return b.body.Close() }
