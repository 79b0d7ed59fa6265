package platform

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
)

// inProcess is an HTTP transport that hands each request to a handler in
// this process: Connect clients of services mounted on the same server
// call them without a socket. Unary calls only (the table service calls
// its dependencies unary).
type inProcess struct {
	h atomic.Pointer[http.Handler]
}

func (t *inProcess) set(h http.Handler) { t.h.Store(&h) }

// RoundTrip implements http.RoundTripper.
func (t *inProcess) RoundTrip(req *http.Request) (*http.Response, error) {
	h := t.h.Load()
	if h == nil {
		return nil, http.ErrServerClosed
	}
	r := req.Clone(req.Context())
	r.RequestURI = req.URL.RequestURI()
	r.RemoteAddr = "127.0.0.1:0"
	if r.Body == nil {
		r.Body = http.NoBody
	}
	rec := httptest.NewRecorder()
	(*h).ServeHTTP(rec, r)
	res := rec.Result()
	res.Request = req
	return res, nil
}
