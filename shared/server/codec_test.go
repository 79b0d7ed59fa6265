package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/typepb"

	"github.com/croupier/croupier/shared/apierr"
)

// The test procedures take a google.protobuf.Field: integers, a bool,
// strings, two enums and a nested message (options) cover every shape.
const (
	fieldCheck = "/test.v1.FieldService/Check"
	fieldPlay  = "/test.v1.FieldService/Play"
)

// fieldServer serves Check (unary) and Play (bidi) through HandlerOptions,
// counting the requests that reached the handlers.
func fieldServer(t testing.TB) (base string, reached *atomic.Int64) {
	t.Helper()
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	s := New(Config{Addr: "127.0.0.1:0", ShutdownTimeout: 2e9}, log)
	reached = new(atomic.Int64)
	opts := HandlerOptions(log)
	s.Register("test.v1.FieldService", fieldCheck, connect.NewUnaryHandler(fieldCheck,
		func(ctx context.Context, req *connect.Request[typepb.Field]) (*connect.Response[emptypb.Empty], error) {
			reached.Add(1)
			return connect.NewResponse(&emptypb.Empty{}), nil
		}, opts...))
	s.Register("test.v1.FieldService", fieldPlay, connect.NewBidiStreamHandler(fieldPlay,
		func(ctx context.Context, st *connect.BidiStream[typepb.Field, emptypb.Empty]) error {
			for {
				if _, err := st.Receive(); err != nil {
					if errors.Is(err, io.EOF) {
						return nil
					}
					return err
				}
				reached.Add(1)
				if err := st.Send(&emptypb.Empty{}); err != nil {
					return err
				}
			}
		}, opts...))
	addr, cancel, done := serve(t, s)
	t.Cleanup(func() { cancel(); <-done })
	return "http://" + addr, reached
}

// raw is a request body sent as is: the client's codec does not encode it.
type raw struct{ body []byte }

// rawCodec sends raw bodies under a codec name and decodes responses.
type rawCodec struct{ name string }

func (c rawCodec) Name() string { return c.name }
func (c rawCodec) Marshal(m any) ([]byte, error) {
	return m.(*raw).body, nil
}
func (c rawCodec) Unmarshal(b []byte, m any) error {
	if c.name == "proto" {
		return proto.Unmarshal(b, m.(proto.Message))
	}
	return protojson.Unmarshal(b, m.(proto.Message))
}

// h2c is an HTTP/2 cleartext client: gRPC and bidi streams need HTTP/2.
func h2c() *http.Client {
	p := new(http.Protocols)
	p.SetUnencryptedHTTP2(true)
	return &http.Client{Transport: &http.Transport{Protocols: p}}
}

// refusal is what a caller reads from err: code, ErrorInfo reason and
// domain, message.
type refusal struct {
	code           connect.Code
	reason, domain string
	message        string
}

func refusalOf(err error) refusal {
	if err == nil {
		return refusal{message: "accepted"}
	}
	var ce *connect.Error
	if !errors.As(err, &ce) {
		return refusal{code: connect.CodeUnknown, message: "not a connect error: " + err.Error()}
	}
	r := refusal{code: ce.Code(), message: ce.Message()}
	for _, d := range ce.Details() {
		if v, derr := d.Value(); derr == nil {
			if info, ok := v.(*errdetails.ErrorInfo); ok {
				r.reason, r.domain = info.Reason, info.Domain
			}
		}
	}
	return r
}

// call sends body to Check with the given protocol and codec, or as the
// first message of a Play stream.
func call(t *testing.T, base, protocol, codec string, stream bool, body []byte) error {
	t.Helper()
	opts := []connect.ClientOption{connect.WithCodec(rawCodec{name: codec})}
	switch protocol {
	case "grpc":
		opts = append(opts, connect.WithGRPC())
	case "grpc-web":
		opts = append(opts, connect.WithGRPCWeb())
	}
	hc := h2c()
	if !stream {
		_, err := connect.NewClient[raw, emptypb.Empty](hc, base+fieldCheck, opts...).CallUnary(context.Background(), connect.NewRequest(&raw{body}))
		return err
	}
	st := connect.NewClient[raw, emptypb.Empty](hc, base+fieldPlay, opts...).CallBidiStream(context.Background())
	if err := st.Send(&raw{body}); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	_ = st.CloseRequest()
	_, err := st.Receive()
	_ = st.CloseResponse()
	return err
}

// TestUndecodableBodiesAreRefusedWithAReason: every shape of a body that
// does not decode, over every protocol, is INVALID_ARGUMENT with the
// ErrorInfo reason MALFORMED_REQUEST and a message naming the field, and
// no handler sees it.
func TestUndecodableBodiesAreRefusedWithAReason(t *testing.T) {
	base, reached := fieldServer(t)
	garbage := []byte{0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f} // a length past the end
	for _, tc := range []struct {
		name, protocol, codec string
		stream                bool
		body                  []byte
		message               []string // substrings of the message
		notInMessage          []string
	}{
		{"bad JSON syntax", "connect", "json", false, []byte(`{"number": 1`), []string{"MALFORMED_REQUEST: bad JSON"}, nil},
		{"not JSON at all", "connect", "json", false, []byte(`seat=1`), []string{"bad JSON (line 1, column 1)"}, nil},
		{"empty JSON body", "connect", "json", false, nil, []string{"the body is empty: want a JSON object"}, nil},
		{"string for an integer", "connect", "json", false, []byte(`{"number": "x"}`), []string{`field number: want an integer, got "x"`}, nil},
		{"fraction for an integer", "connect", "json", false, []byte(`{"number": 1.5}`), []string{"field number: want an integer, got 1.5"}, nil},
		{"integer out of range", "connect", "json", false, []byte(`{"number": 99999999999}`), []string{"field number: want an integer"}, nil},
		{"string for a bool", "connect", "json", false, []byte(`{"packed": "yes"}`), []string{`field packed: want true or false, got "yes"`}, nil},
		{"number for a string", "connect", "json", false, []byte(`{"name": 7}`), []string{"field name: want a string, got 7"}, nil},
		{"unknown enum name", "connect", "json", false, []byte(`{"kind": "TYPE_INTEGER"}`),
			[]string{`field kind: want one of TYPE_UNKNOWN, TYPE_DOUBLE, TYPE_FLOAT`, `got "TYPE_INTEGER"`}, nil},
		{"unknown enum name after an unknown field", "connect", "json", false, []byte(`{"newer": 1, "cardinality": "MANY"}`),
			[]string{`field cardinality: want one of CARDINALITY_UNKNOWN, CARDINALITY_OPTIONAL`, `got "MANY"`}, nil},
		{"Any with an unknown type", "connect", "json", false, []byte(`{"options": [{"name": "a", "value": {"@type": "nope"}}]}`),
			[]string{"nope"}, nil},
		{"binary garbage as proto", "connect", "proto", false, garbage, []string{"the body is not a google.protobuf.Field in binary protobuf"}, nil},
		{"JSON sent as proto", "connect", "proto", false, []byte(`{"number": 1}`), []string{"binary protobuf"}, nil},
		{"gRPC binary garbage", "grpc", "proto", false, garbage, []string{"binary protobuf"}, nil},
		{"gRPC-Web wrong type", "grpc-web", "json", false, []byte(`{"number": true}`), []string{"field number: want an integer, got true"}, nil},
		{"stream: bad JSON", "connect", "json", true, []byte(`{`), []string{"bad JSON"}, nil},
		{"stream: unknown enum", "connect", "json", true, []byte(`{"cardinality": "MANY"}`),
			[]string{"field cardinality: want one of CARDINALITY_UNKNOWN, CARDINALITY_OPTIONAL, CARDINALITY_REQUIRED, CARDINALITY_REPEATED"}, nil},
		{"gRPC stream: binary garbage", "grpc", "proto", true, garbage, []string{"binary protobuf"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := reached.Load()
			r := refusalOf(call(t, base, tc.protocol, tc.codec, tc.stream, tc.body))
			if r.code != connect.CodeInvalidArgument || r.reason != apierr.MalformedRequest || r.domain != apierr.Domain {
				t.Fatalf("refusal %+v, want invalid_argument %s (%s)", r, apierr.MalformedRequest, apierr.Domain)
			}
			t.Logf("%s", r.message)
			for _, s := range tc.message {
				if !strings.Contains(r.message, s) {
					t.Errorf("message %q lacks %q", r.message, s)
				}
			}
			// connect-go's and protobuf-go's own wording stays out.
			for _, s := range append(tc.notInMessage, "unmarshal", "proto:", "typepb", "*") {
				if strings.Contains(r.message, s) {
					t.Errorf("message %q holds %q", r.message, s)
				}
			}
			if n := reached.Load() - before; n != 0 {
				t.Errorf("the handler saw %d malformed requests", n)
			}
		})
	}
}

// TestDecodableBodiesStillReachTheHandler: what decodes is served, unknown
// JSON fields are ignored (as connect-go's own codec does: a client on a
// newer schema still talks to an older server), and a client cannot make
// a good request look malformed by sending the mark's field number.
func TestDecodableBodiesStillReachTheHandler(t *testing.T) {
	base, reached := fieldServer(t)
	forged := []byte{0xfa, 0xff, 0xff, 0xff, 0x0f, 0x03, 'a', 'b', 'c'} // field 536870911, bytes "abc"
	for _, tc := range []struct {
		name, protocol, codec string
		stream                bool
		body                  []byte
	}{
		{"JSON", "connect", "json", false, []byte(`{"number": 3, "kind": "TYPE_INT32", "name": "seat"}`)},
		{"quoted integer", "connect", "json", false, []byte(`{"number": "3"}`)},
		{"unknown JSON field ignored", "connect", "json", false, []byte(`{"number": 3, "newer_field": {"x": 1}}`)},
		{"empty proto", "connect", "proto", false, nil},
		{"forged mark", "connect", "proto", false, forged},
		{"stream", "connect", "json", true, []byte(`{"number": 3}`)},
		{"gRPC stream", "grpc", "proto", true, forged},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := reached.Load()
			if err := call(t, base, tc.protocol, tc.codec, tc.stream, tc.body); err != nil {
				t.Fatalf("refused: %v", err)
			}
			if reached.Load() != before+1 {
				t.Error("the handler did not see the request")
			}
		})
	}
}

// TestOversizedRequestsAreRefusedWithAReason: a message over
// MaxRequestBytes is RESOURCE_EXHAUSTED with REQUEST_TOO_LARGE, unary
// (Connect) and streamed. A gRPC unary call keeps connect-go's own
// refusal (same code, no ErrorInfo): its body is not one message.
func TestOversizedRequestsAreRefusedWithAReason(t *testing.T) {
	base, reached := fieldServer(t)
	big := []byte(`{"name": "` + strings.Repeat("x", MaxRequestBytes) + `"}`)
	for _, tc := range []struct {
		name, protocol string
		stream         bool
		reason         string
	}{
		{"Connect unary", "connect", false, apierr.RequestTooLarge},
		{"Connect stream", "connect", true, apierr.RequestTooLarge},
		{"gRPC stream", "grpc", true, apierr.RequestTooLarge},
		{"gRPC unary", "grpc", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := refusalOf(call(t, base, tc.protocol, "json", tc.stream, big))
			if r.code != connect.CodeResourceExhausted || r.reason != tc.reason {
				t.Fatalf("refusal %+v, want resource_exhausted %q", r, tc.reason)
			}
		})
	}
	if n := reached.Load(); n != 0 {
		t.Errorf("the handler saw %d oversized requests", n)
	}
}

// FuzzRequestBodies sends arbitrary bodies to a JSON (or binary) endpoint,
// unary and streamed: every answer is either served (the handler saw the
// request) or refused with a Connect code and an ErrorInfo reason, and a
// refused request never reached the handler.
func FuzzRequestBodies(f *testing.F) {
	base, reached := fieldServer(f)
	f.Add([]byte(`{"number": 3, "kind": "TYPE_INT32"}`), false, false)
	f.Add([]byte(`{"number": "x"}`), false, false)
	f.Add([]byte(`{"kind": "NOPE", "extra": [1, 2]}`), false, true)
	f.Add([]byte(`{"options": [{"value": {"@type": "type.googleapis.com/google.protobuf.Empty"}}]}`), false, false)
	f.Add([]byte("\x0a\xff\xff\xff\xff\x0f"), true, false)
	f.Add([]byte("\x08\x03\x12\x01a"), true, true)
	f.Add([]byte{}, false, false)
	f.Fuzz(func(t *testing.T, body []byte, binary, stream bool) {
		codec := "json"
		if binary {
			codec = "proto"
		}
		before := reached.Load()
		err := call(t, base, "connect", codec, stream, body)
		if err == nil {
			if reached.Load() != before+1 {
				t.Fatalf("served %q without the handler", body)
			}
			return
		}
		r := refusalOf(err)
		if r.code == connect.CodeUnknown || r.code == connect.CodeInternal || r.reason == "" || r.domain != apierr.Domain {
			t.Fatalf("body %q: refusal %+v lacks a code or a reason", body, r)
		}
		if reached.Load() != before {
			t.Fatalf("body %q refused (%+v) after the handler saw it", body, r)
		}
	})
}
