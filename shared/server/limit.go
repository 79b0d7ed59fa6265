package server

import (
	"io"
	"mime"
	"net/http"

	"github.com/croupier/croupier/shared/apierr"
)

// limitUnaryBodies caps the body of a Connect unary request (one message,
// application/json or application/proto) at MaxRequestBytes, failing the
// read with REQUEST_TOO_LARGE in an ErrorInfo: connect-go passes a body
// reader's *connect.Error through unchanged, where its own size check would
// answer without one. Streams and gRPC carry several messages in one body
// and keep connect-go's per-message limit (a stream's Receive names it;
// see checkedConn).
func limitUnaryBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil &&
			(ct == "application/json" || ct == "application/proto") && r.Body != nil {
			r.Body = &limitedBody{ReadCloser: r.Body, left: MaxRequestBytes}
		}
		next.ServeHTTP(w, r)
	})
}

// limitedBody is http.MaxBytesReader with Croupier's error.
type limitedBody struct {
	io.ReadCloser
	left int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, apierr.Connect(tooLarge())
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.ReadCloser.Read(p)
	if int64(n) > b.left {
		n, b.left = int(b.left), -1
		return n, apierr.Connect(tooLarge())
	}
	b.left -= int64(n)
	return n, err
}
