package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/codec"
)

// A request body that does not decode (bad JSON, a string where the schema
// has an integer, an enum name that does not exist, binary garbage) is
// refused with INVALID_ARGUMENT, the reason MALFORMED_REQUEST in an
// ErrorInfo, and a message naming the field: "field seat: want an
// integer, got \"x\"".
//
// connect-go decodes a unary request before any interceptor runs and wraps
// a codec's error in its own ("unmarshal message: ..."), dropping any
// details the codec attached. So the codecs here never fail: a body that
// does not decode leaves the message empty but for a mark (an unknown
// field holding a per-process secret and the refusal's text), and the
// interceptor that comes with them refuses a marked message before the
// handler sees it, unary or streamed (Play). A caller cannot forge the mark
// without the secret; if he did, he would only be refused.
//
// Unknown JSON fields are ignored, as connect-go's own codec does (a
// client built on a newer schema still talks to an older server); binary
// protobuf keeps them as unknown fields, as protobuf does.

// MaxRequestBytes is the largest request message a handler reads.
const MaxRequestBytes = 4 << 20

// markField is the field number of the mark: the largest valid one, which
// no Croupier message uses.
const markField = protowire.MaxValidNumber

// malformed marks and recognises the requests that did not decode.
type malformed struct {
	secret []byte
}

func newMalformed() *malformed {
	secret := make([]byte, 16)
	_, _ = rand.Read(secret) // crypto/rand.Read never fails (Go 1.24+)
	return &malformed{secret: secret}
}

// options are the handler options installing the codecs and the
// interceptor: the interceptor is added after (inside) every other one, so
// a malformed request is authenticated, logged and traced as any refusal.
func (m *malformed) options() []connect.HandlerOption {
	return []connect.HandlerOption{
		connect.WithCodec(requestCodec{name: codec.Name, binary: true, m: m}),
		connect.WithCodec(requestCodec{name: "json", m: m}),
		// connect-go registers JSON under both names.
		connect.WithCodec(requestCodec{name: "json; charset=utf-8", m: m}),
		connect.WithInterceptors(malformedInterceptor{m: m}),
	}
}

// mark empties msg and records why it did not decode.
func (m *malformed) mark(msg proto.Message, why string) {
	proto.Reset(msg)
	b := protowire.AppendTag(nil, markField, protowire.BytesType)
	b = protowire.AppendBytes(b, append(bytes.Clone(m.secret), why...))
	msg.ProtoReflect().SetUnknown(b)
}

// refusal is the MALFORMED_REQUEST error of a marked msg, nil otherwise.
func (m *malformed) refusal(msg any) error {
	pm, ok := msg.(proto.Message)
	if !ok {
		return nil
	}
	raw := pm.ProtoReflect().GetUnknown()
	num, typ, n := protowire.ConsumeTag(raw)
	if n < 0 || num != markField || typ != protowire.BytesType {
		return nil
	}
	v, k := protowire.ConsumeBytes(raw[n:])
	if k < 0 || n+k != len(raw) || !bytes.HasPrefix(v, m.secret) {
		return nil
	}
	return apierr.Connect(apierr.Invalid(apierr.MalformedRequest, "%s", v[len(m.secret):]))
}

// requestCodec is connect-go's protobuf codec (binary or JSON, same
// options) whose Unmarshal marks instead of failing.
type requestCodec struct {
	name   string
	binary bool
	m      *malformed
}

var _ connect.Codec = requestCodec{}

func (c requestCodec) Name() string { return c.name }

// IsBinary tells connect-go how to carry the message in a GET URL.
func (c requestCodec) IsBinary() bool { return c.binary }

func (c requestCodec) Marshal(msg any) ([]byte, error) {
	return c.MarshalAppend(nil, msg)
}

func (c requestCodec) MarshalAppend(dst []byte, msg any) ([]byte, error) {
	pm, ok := msg.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("codec %s: %T is not a protobuf message", c.name, msg)
	}
	if c.binary {
		// Responses and stream messages are written with the generated
		// methods (shared/codec); requests are still read by protobuf-go,
		// which checks every string a caller sends is UTF-8.
		return codec.Append(dst, pm)
	}
	return protojson.MarshalOptions{}.MarshalAppend(dst, pm)
}

func (c requestCodec) Unmarshal(data []byte, msg any) error {
	pm, ok := msg.(proto.Message)
	if !ok {
		return fmt.Errorf("codec %s: %T is not a protobuf message", c.name, msg)
	}
	var err error
	if c.binary {
		err = proto.Unmarshal(data, pm)
	} else {
		err = unmarshalJSON(data, pm)
	}
	if err != nil {
		c.m.mark(pm, describe(err, pm.ProtoReflect().Descriptor(), c.binary))
	}
	return nil
}

// unmarshalJSON decodes data into msg ignoring unknown fields, as
// connect-go's codec does, but refusing an enum name that names no value:
// protojson, told to discard unknown fields, would silently read it as the
// enum's zero value. The strict decode is the common path (one parse); the
// lenient one and the search for a bad enum name only run for a body with
// a field this schema does not know.
func unmarshalJSON(data []byte, msg proto.Message) error {
	if len(data) == 0 {
		return errEmptyJSON
	}
	strict := protojson.Unmarshal(data, msg)
	if strict == nil {
		return nil
	}
	proto.Reset(msg)
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(data, msg); err != nil {
		return err
	}
	// The strict decode failed on an unknown field or an unknown enum name.
	if _, body, _, _ := protoText(strict); strings.HasPrefix(body, "invalid value for enum field") {
		return strict
	}
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		return err
	}
	if e := findUnknownEnum(doc, msg.ProtoReflect().Descriptor()); e != nil {
		return e
	}
	return nil
}

// unknownEnum is an enum field given a name none of its values has.
type unknownEnum struct {
	field protoreflect.FieldDescriptor
	got   string
}

func (e *unknownEnum) Error() string {
	return fmt.Sprintf("field %s: unknown enum name %q", e.field.JSONName(), e.got)
}

// findUnknownEnum walks the decoded JSON doc along desc for an enum field
// holding a name that is none of its values.
func findUnknownEnum(doc any, desc protoreflect.MessageDescriptor) *unknownEnum {
	obj, ok := doc.(map[string]any)
	// These well-known types hold JSON objects whose keys are not their
	// fields.
	switch desc.FullName() {
	case "google.protobuf.Any", "google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue":
		return nil
	}
	if !ok {
		return nil
	}
	fields := desc.Fields()
	for key, val := range obj {
		fd := fields.ByJSONName(key)
		if fd == nil {
			fd = fields.ByTextName(key)
		}
		if fd == nil {
			continue
		}
		vals := []any{val}
		switch {
		case fd.IsMap():
			m, _ := val.(map[string]any)
			vals = vals[:0]
			for _, v := range m {
				vals = append(vals, v)
			}
			fd = fd.MapValue()
		case fd.IsList():
			vals, _ = val.([]any)
		}
		for _, v := range vals {
			switch {
			case fd.Enum() != nil:
				if name, ok := v.(string); ok && fd.Enum().Values().ByName(protoreflect.Name(name)) == nil {
					return &unknownEnum{field: fd, got: name}
				}
			case fd.Message() != nil:
				if e := findUnknownEnum(v, fd.Message()); e != nil {
					return e
				}
			}
		}
	}
	return nil
}

var errEmptyJSON = errors.New("empty")

// malformedInterceptor refuses marked requests and stream messages.
type malformedInterceptor struct{ m *malformed }

func (i malformedInterceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if !req.Spec().IsClient {
			if err := i.m.refusal(req.Any()); err != nil {
				return nil, err
			}
		}
		return next(ctx, req)
	}
}

func (i malformedInterceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (i malformedInterceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		return next(ctx, checkedConn{StreamingHandlerConn: conn, m: i.m})
	}
}

// checkedConn is a handler's stream whose Receive refuses a message that
// did not decode, and names a message over MaxRequestBytes.
type checkedConn struct {
	connect.StreamingHandlerConn
	m *malformed
}

func (c checkedConn) Receive(msg any) error {
	if err := c.StreamingHandlerConn.Receive(msg); err != nil {
		var ce *connect.Error
		if errors.As(err, &ce) && ce.Code() == connect.CodeResourceExhausted && len(ce.Details()) == 0 {
			return apierr.Connect(tooLarge())
		}
		return err
	}
	return c.m.refusal(msg)
}

// tooLarge is the refusal of a message over MaxRequestBytes.
func tooLarge() *apierr.Error {
	return apierr.New(connect.CodeResourceExhausted, apierr.RequestTooLarge, "a request message holds at most %d bytes", MaxRequestBytes)
}

var (
	// protobuf-go prefixes its errors with "proto:" and, at random, a space
	// or a no-break space, so that nobody relies on their text; what
	// follows is matched loosely and anything unmatched is passed on
	// cleaned of the prefix.
	protoPrefix  = regexp.MustCompile(`^proto:[\s\x{00a0}]*`)
	jsonPosition = regexp.MustCompile(`^(syntax error )?\(line (\d+):(\d+)\): (.*)$`)
	invalidValue = regexp.MustCompile(`^invalid value for (\w+) field (\w+): (.*)$`)
	badUTF8      = regexp.MustCompile(`field ([\w.]+) contains invalid UTF-8`)
)

// protoText is a protojson error's text without protobuf-go's prefix and
// its position (" (line 1, column 10)"), when it has one.
func protoText(err error) (at, body string, syntax, ok bool) {
	text := protoPrefix.ReplaceAllString(err.Error(), "")
	m := jsonPosition.FindStringSubmatch(text)
	if m == nil {
		return "", text, false, false
	}
	return fmt.Sprintf(" (line %s, column %s)", m[2], m[3]), m[4], m[1] != "", true
}

// describe turns a protobuf decoding error into a message for the caller.
func describe(err error, desc protoreflect.MessageDescriptor, binary bool) string {
	if binary {
		if m := badUTF8.FindStringSubmatch(err.Error()); m != nil {
			name := m[1][strings.LastIndexByte(m[1], '.')+1:]
			return fmt.Sprintf("field %s: want valid UTF-8 text", name)
		}
		return "the body is not a " + string(desc.FullName()) + " in binary protobuf"
	}
	if errors.Is(err, errEmptyJSON) {
		return "the body is empty: want a JSON object"
	}
	var ue *unknownEnum
	if errors.As(err, &ue) {
		return fmt.Sprintf("field %s: want one of %s, got %q", ue.field.JSONName(), enumValues(ue.field.Enum()), ue.got)
	}
	at, body, syntax, ok := protoText(err)
	if !ok {
		if strings.Contains(body, "unexpected EOF") {
			return "bad JSON: the body ends too soon"
		}
		return "bad JSON: " + body
	}
	if syntax {
		return "bad JSON" + at + ": " + body
	}
	v := invalidValue.FindStringSubmatch(body)
	if v == nil {
		return body + at
	}
	kind, field, got := v[1], v[2], v[3]
	return fmt.Sprintf("field %s: %s, got %s%s", field, want(kind, field, desc), got, at)
}

// want says what a field of the given kind accepts.
func want(kind, field string, desc protoreflect.MessageDescriptor) string {
	switch kind {
	case "int32", "int64", "uint32", "uint64", "sint32", "sint64",
		"fixed32", "fixed64", "sfixed32", "sfixed64":
		return "want an integer"
	case "float", "double":
		return "want a number"
	case "bool":
		return "want true or false"
	case "string":
		return "want a string"
	case "bytes":
		return "want base64-encoded bytes"
	case "enum":
		if names := enumNames(field, desc); names != "" {
			return "want one of " + names
		}
		return "want the name of one of its values"
	}
	return "want a " + kind
}

// enumNames lists the names of the enum field named field (JSON or proto
// name) in desc or a message under it, without the unspecified zero value
// a request never means.
func enumNames(field string, desc protoreflect.MessageDescriptor) string {
	fd := findField(field, desc, map[protoreflect.FullName]bool{})
	if fd == nil || fd.Enum() == nil {
		return ""
	}
	return enumValues(fd.Enum())
}

// enumValues lists the names of ed's values but the unspecified zero.
func enumValues(ed protoreflect.EnumDescriptor) string {
	values := ed.Values()
	var names []string
	for i := range values.Len() {
		v := values.Get(i)
		if v.Number() == 0 && strings.HasSuffix(string(v.Name()), "_UNSPECIFIED") {
			continue
		}
		names = append(names, string(v.Name()))
	}
	const most = 16
	if len(names) > most {
		return strings.Join(names[:most], ", ") + ", ..."
	}
	return strings.Join(names, ", ")
}

func findField(name string, desc protoreflect.MessageDescriptor, seen map[protoreflect.FullName]bool) protoreflect.FieldDescriptor {
	if seen[desc.FullName()] {
		return nil
	}
	seen[desc.FullName()] = true
	fields := desc.Fields()
	for i := range fields.Len() {
		if fd := fields.Get(i); fd.Kind() == protoreflect.EnumKind && (fd.JSONName() == name || string(fd.Name()) == name) {
			return fd
		}
	}
	for i := range fields.Len() {
		if md := fields.Get(i).Message(); md != nil {
			if fd := findField(name, md, seen); fd != nil {
				return fd
			}
		}
	}
	return nil
}
