package client

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
)

// prefix is a message's envelope prefix (no flags).
func prefix(m []byte) (p [5]byte) {
	binary.BigEndian.PutUint32(p[1:], uint32(len(m)))
	return p
}

// writeMessages writes each message to w as Connect does: the 5-byte
// prefix and the body in two writes.
func writeMessages(w *io.PipeWriter, msgs [][]byte) {
	for _, m := range msgs {
		p := prefix(m)
		if _, err := w.Write(p[:]); err != nil {
			return
		}
		if len(m) > 0 {
			if _, err := w.Write(m); err != nil {
				return
			}
		}
	}
	w.Close()
}

func randomMessages(rng *rand.Rand, n, maxSize int) ([][]byte, []byte) {
	var msgs [][]byte
	var all bytes.Buffer
	for i := range n {
		m := make([]byte, rng.IntN(maxSize+1))
		for j := range m {
			m[j] = byte(i + j)
		}
		msgs = append(msgs, m)
		p := prefix(m)
		all.Write(p[:])
		all.Write(m)
	}
	return msgs, all.Bytes()
}

// Every read that starts a message returns it whole when it fits, and the
// bytes read are the bytes written, whatever the read sizes.
func TestMessageBodyReadsWholeMessages(t *testing.T) {
	for seed := range uint64(50) {
		rng := rand.New(rand.NewPCG(seed, 7))
		msgs, want := randomMessages(rng, 1+rng.IntN(20), 300)
		r, w := io.Pipe()
		go writeMessages(w, msgs)
		body := &messageBody{body: r}
		var got bytes.Buffer
		starts := map[int]int{}
		for off, i := 0, 0; i < len(msgs); i++ {
			starts[off] = len(msgs[i])
			off += 5 + len(msgs[i])
		}
		big := seed%2 == 0 // even seeds read with room for any message
		for {
			size := 320
			if !big {
				size = 5 + rng.IntN(200)
			}
			p := make([]byte, size)
			n, err := body.Read(p)
			if m, ok := starts[got.Len()]; ok && n > 0 && n != min(5+m, size) {
				t.Fatalf("seed %d: a read at a message's start (body %d bytes, buffer %d) returned %d bytes", seed, m, size, n)
			}
			got.Write(p[:n])
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("seed %d: read %d bytes that differ from the %d written", seed, got.Len(), len(want))
		}
	}
}

// A read too small for a prefix loses track of the messages: the rest
// passes through unchanged.
func TestMessageBodySmallReadsPassThrough(t *testing.T) {
	msgs, want := randomMessages(rand.New(rand.NewPCG(1, 2)), 5, 40)
	r, w := io.Pipe()
	go writeMessages(w, msgs)
	body := &messageBody{body: r}
	var got bytes.Buffer
	p := make([]byte, 3)
	for {
		n, err := body.Read(p)
		got.Write(p[:n])
		if err != nil {
			break
		}
	}
	if !bytes.Equal(got.Bytes(), want) || !body.raw {
		t.Fatalf("read %q, want %q (raw %v)", got.Bytes(), want, body.raw)
	}
}

type recordingTransport struct {
	reads []int
	body  []byte
	seen  io.ReadCloser
}

func (t *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	t.seen = req.Body
	p := make([]byte, 16<<10)
	for {
		n, err := req.Body.Read(p)
		if n > 0 {
			t.reads = append(t.reads, n)
			t.body = append(t.body, p[:n]...)
		}
		if err != nil {
			break
		}
	}
	return &http.Response{StatusCode: 200, Body: http.NoBody}, nil
}

func TestWholeMessagesWrapsOnlyStreams(t *testing.T) {
	msgs, want := randomMessages(rand.New(rand.NewPCG(3, 4)), 8, 100)
	for _, tc := range []struct {
		contentType string
		length      int64
		wrapped     bool
	}{
		{"application/grpc", -1, true},
		{"application/grpc+proto", -1, true},
		{"application/connect+proto", -1, true},
		{"application/grpc-web+proto", -1, true},
		{"application/proto", -1, false},  // unary Connect: no envelopes
		{"application/grpc", 1000, false}, // a body of known length is sent as it is
	} {
		r, w := io.Pipe()
		go writeMessages(w, msgs)
		req, err := http.NewRequest(http.MethodPost, "http://example.test/x", r)
		if err != nil {
			t.Fatal(err)
		}
		req.ContentLength = tc.length
		req.Header.Set("Content-Type", tc.contentType)
		rec := &recordingTransport{}
		if _, err := (wholeMessages{next: rec}).RoundTrip(req); err != nil {
			t.Fatal(err)
		}
		if _, wrapped := rec.seen.(*messageBody); wrapped != tc.wrapped {
			t.Errorf("%s, length %d: wrapped %v, want %v", tc.contentType, tc.length, wrapped, tc.wrapped)
		}
		if req.Body != io.ReadCloser(r) {
			t.Errorf("%s: the caller's request was changed", tc.contentType)
		}
		if !bytes.Equal(rec.body, want) {
			t.Errorf("%s: the transport read other bytes than were written", tc.contentType)
		}
		if tc.wrapped && len(rec.reads) != len(msgs) {
			t.Errorf("%s: %d messages came in %d reads %v, want one each", tc.contentType, len(msgs), len(rec.reads), rec.reads)
		}
	}
}

func TestEnveloped(t *testing.T) {
	for ct, want := range map[string]bool{
		"application/grpc": true, "application/grpc+json": true, "application/connect+json": true,
		"application/json": false, "application/proto": false, "": false, strings.Repeat("x", 3): false,
	} {
		if enveloped(ct) != want {
			t.Errorf("enveloped(%q) = %v", ct, !want)
		}
	}
}
