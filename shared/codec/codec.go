// Package codec writes and reads Croupier's protobuf messages in the
// binary wire format with the methods protoc-gen-go-vtproto generates
// beside protoc-gen-go's code (MarshalToSizedBufferVT, SizeVT,
// UnmarshalVT), falling back to protobuf-go for any other message.
//
// Why: protobuf-go's encoder and decoder walk a message through reflection
// tables; the generated methods are straight-line code. On the table
// service's Play streams every event is encoded once per viewer and decoded
// by every client, and in the default load run the clients' decoding alone
// was 8.7 % of the process's CPU (docs/table.md, "Throughput").
//
// What differs from protobuf-go, and why it is acceptable here:
//   - Unmarshal accepts what protobuf-go accepts (it falls back to
//     protobuf-go where the generated decoder refuses), and reads it the
//     same, unknown fields included, but for unknown fields inside a
//     well-known type (a google.protobuf.Timestamp with a field 3): the
//     generated code has nowhere to keep them, and no service sends any.
//   - Malformed wire format protobuf-go refuses, Unmarshal lets through:
//     a group (a wire type proto3 never writes) whose end tag does not
//     match its start, a field number above the largest valid one, a
//     ten-byte varint that overflows 64 bits (its high bits dropped).
//     No encoder writes these.
//   - Unmarshal does not check that proto3 string fields hold valid UTF-8.
//     It is used to read what a Croupier service wrote. Handlers keep
//     protobuf-go's strict decoding for requests (shared/server): a
//     caller's text is checked where it enters.
//   - Marshal does not check UTF-8 either: the text it writes is the
//     servers' own or a request's, checked on the way in.
//
// The wire bytes are the same (but for the order of a map's entries, which
// neither fixes): FuzzMatchesProtobufGo pins both directions against
// protobuf-go for every Croupier message type.
package codec

import (
	"fmt"
	"slices"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
)

// Name is the codec's name in Connect: it replaces connect-go's own
// binary protobuf codec.
const Name = "proto"

// vtMarshaler is a message with protoc-gen-go-vtproto's marshal methods.
type vtMarshaler interface {
	SizeVT() int
	MarshalToSizedBufferVT(dAtA []byte) (int, error)
}

// vtUnmarshaler is a message with protoc-gen-go-vtproto's unmarshal method.
type vtUnmarshaler interface {
	UnmarshalVT(dAtA []byte) error
}

// Append appends msg's binary encoding to dst.
func Append(dst []byte, msg proto.Message) ([]byte, error) {
	m, ok := msg.(vtMarshaler)
	if !ok {
		return proto.MarshalOptions{}.MarshalAppend(dst, msg)
	}
	n := m.SizeVT()
	start := len(dst)
	dst = slices.Grow(dst, n)[:start+n]
	// MarshalToSizedBufferVT fills the buffer from its end: it must be
	// exactly n bytes long.
	if _, err := m.MarshalToSizedBufferVT(dst[start:]); err != nil {
		return dst[:start], err
	}
	return dst, nil
}

// Unmarshal replaces msg with the message data encodes, as proto.Unmarshal
// does (UnmarshalVT alone merges into what msg holds).
func Unmarshal(data []byte, msg proto.Message) error {
	m, ok := msg.(vtUnmarshaler)
	if !ok {
		return proto.Unmarshal(data, msg)
	}
	proto.Reset(msg)
	if err := m.UnmarshalVT(data); err != nil {
		// The generated decoder refuses a known field sent with another
		// wire type, which protobuf-go keeps as an unknown field (a peer
		// on a schema that changed the field): protobuf-go decides, on
		// this rare path only.
		return proto.Unmarshal(data, msg)
	}
	return nil
}

// Binary is the Connect codec for clients reading Croupier's services:
// connect.WithCodec(codec.Binary{}) on a client replaces connect-go's
// binary protobuf codec.
type Binary struct{}

var _ connect.Codec = Binary{}

func (Binary) Name() string { return Name }

// IsBinary tells connect-go how to carry a message in a GET URL.
func (Binary) IsBinary() bool { return true }

func (b Binary) Marshal(msg any) ([]byte, error) { return b.MarshalAppend(nil, msg) }

// MarshalAppend lets connect-go write into its pooled buffers.
func (Binary) MarshalAppend(dst []byte, msg any) ([]byte, error) {
	pm, ok := msg.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("codec: %T is not a protobuf message", msg)
	}
	return Append(dst, pm)
}

func (Binary) Unmarshal(data []byte, msg any) error {
	pm, ok := msg.(proto.Message)
	if !ok {
		return fmt.Errorf("codec: %T is not a protobuf message", msg)
	}
	return Unmarshal(data, pm)
}
