package codec

import (
	"bytes"
	"sort"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	// Every Croupier package, so that their messages are registered.
	_ "github.com/croupier/croupier/gen/croupier/common/v1"
	_ "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	_ "github.com/croupier/croupier/gen/croupier/rng/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	_ "github.com/croupier/croupier/gen/croupier/tournament/v1"
	_ "github.com/croupier/croupier/gen/croupier/wallet/v1"
)

// croupierTypes are every message type of Croupier's API, in name order.
func croupierTypes(t testing.TB) []protoreflect.MessageType {
	var types []protoreflect.MessageType
	protoregistry.GlobalTypes.RangeMessages(func(mt protoreflect.MessageType) bool {
		if strings.HasPrefix(string(mt.Descriptor().FullName()), "croupier.") {
			types = append(types, mt)
		}
		return true
	})
	sort.Slice(types, func(i, j int) bool {
		return types[i].Descriptor().FullName() < types[j].Descriptor().FullName()
	})
	if len(types) < 100 {
		t.Fatalf("only %d Croupier message types registered", len(types))
	}
	return types
}

// TestEveryMessageHasTheGeneratedMethods: a message without them would
// silently take protobuf-go's slower path (gen/ not regenerated).
func TestEveryMessageHasTheGeneratedMethods(t *testing.T) {
	for _, mt := range croupierTypes(t) {
		m := mt.New().Interface()
		_, w := m.(vtMarshaler)
		_, r := m.(vtUnmarshaler)
		if !w || !r {
			t.Errorf("%s: MarshalVT %v, UnmarshalVT %v", mt.Descriptor().FullName(), w, r)
		}
	}
}

// checkAgainstProtobufGo decodes data as a message of type mt with both
// decoders and, where protobuf-go accepts it, checks both read the same
// message and write the same bytes.
func checkAgainstProtobufGo(t *testing.T, mt protoreflect.MessageType, data []byte) {
	want := mt.New().Interface()
	errPB := proto.Unmarshal(data, want)
	got := mt.New().Interface()
	// Something already in the message must not survive: Unmarshal
	// replaces, as proto.Unmarshal does.
	proto.Merge(got, want)
	errVT := Unmarshal(data, got)
	name := mt.Descriptor().FullName()
	switch {
	case errPB != nil && errVT == nil:
		// The leniencies: strings are not checked for UTF-8, and loose
		// wire format in an unknown field is skipped.
		if !strings.Contains(errPB.Error(), "UTF-8") && !looseWire(data, mt.Descriptor()) {
			t.Fatalf("%s: protobuf-go refuses %x (%v), the generated decoder accepts it", name, data, errPB)
		}
		return
	case errPB == nil && errVT != nil:
		t.Fatalf("%s: the generated decoder refuses %x (%v), protobuf-go accepts it", name, data, errVT)
	case errPB != nil:
		return
	}
	canonical(want.ProtoReflect())
	canonical(got.ProtoReflect())
	if !proto.Equal(want, got) {
		t.Fatalf("%s: decoded %x differently:\nprotobuf-go %v\ngenerated   %v", name, data, want, got)
	}
	wantBytes, err := proto.Marshal(want)
	if err != nil {
		t.Fatalf("%s: protobuf-go cannot write what it read: %v", name, err)
	}
	prefix := []byte("kept")
	gotBytes, err := Append(bytes.Clone(prefix), got)
	if err != nil {
		t.Fatalf("%s: Append: %v", name, err)
	}
	if !bytes.Equal(gotBytes[:len(prefix)], prefix) {
		t.Fatalf("%s: Append changed what dst held: %x", name, gotBytes)
	}
	if bytes.Equal(gotBytes[len(prefix):], wantBytes) {
		return
	}
	// Neither encoder orders a map's entries: then the bytes may differ,
	// the message they hold may not.
	again := mt.New().Interface()
	if !hasMapOfSeveral(want.ProtoReflect()) || proto.Unmarshal(gotBytes[len(prefix):], again) != nil || !proto.Equal(again, want) {
		t.Fatalf("%s: wrote %x, protobuf-go %x", name, gotBytes[len(prefix):], wantBytes)
	}
}

// eachMessage calls f with m and every message under it: in message
// fields, lists and map values.
func eachMessage(m protoreflect.Message, f func(protoreflect.Message)) {
	f(m)
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsMap():
			if fd.MapValue().Message() != nil {
				v.Map().Range(func(_ protoreflect.MapKey, mv protoreflect.Value) bool {
					eachMessage(mv.Message(), f)
					return true
				})
			}
		case fd.IsList() && fd.Message() != nil:
			for i := range v.List().Len() {
				eachMessage(v.List().Get(i).Message(), f)
			}
		case fd.Message() != nil:
			eachMessage(v.Message(), f)
		}
		return true
	})
}

// canonical rewrites the unknown fields in m, at every level, so that two
// decoders' copies compare equal when they hold the same fields: the
// well-known types' (google.protobuf.Timestamp ...) are dropped, as the
// generated decoder has nowhere to keep them (the type is protobuf-go's)
// and no Croupier service sends any; the others' tags are re-encoded in
// their shortest form (protobuf-go and the generated decoder keep a tag
// written longer than it needs differently).
func canonical(m protoreflect.Message) {
	eachMessage(m, func(m protoreflect.Message) {
		if strings.HasPrefix(string(m.Descriptor().FullName()), "google.protobuf.") {
			m.SetUnknown(nil)
			return
		}
		raw := m.GetUnknown()
		if len(raw) == 0 {
			return
		}
		var out []byte
		for len(raw) > 0 {
			num, typ, n := protowire.ConsumeTag(raw)
			k := protowire.ConsumeFieldValue(num, typ, raw[max(n, 0):])
			if n < 0 || k < 0 {
				out = append(out, raw...)
				break
			}
			out = protowire.AppendTag(out, num, typ)
			out = append(out, raw[n:n+k]...)
			raw = raw[n+k:]
		}
		m.SetUnknown(out)
	})
}

// looseWire reports whether data, read as a message of type md, holds
// wire format protobuf-go refuses and the generated decoder lets through:
// a group tag (proto3 never writes one; its end is not matched to its
// start), a field number above the largest valid one, or a ten-byte
// varint whose last byte overflows 64 bits, at the message's top or in a
// message field under it (a map entry is a message too).
func looseWire(data []byte, md protoreflect.MessageDescriptor) bool {
	for len(data) > 0 {
		v, n := protowire.ConsumeVarint(data)
		if n < 0 {
			return overflows(data)
		}
		num, typ := protowire.DecodeTag(v)
		if num < 0 || num > protowire.MaxValidNumber || typ == protowire.StartGroupType || typ == protowire.EndGroupType {
			return true
		}
		if typ == protowire.VarintType && overflows(data[n:]) {
			return true
		}
		m := protowire.ConsumeFieldValue(num, typ, data[n:])
		if m < 0 {
			return false
		}
		if fd := md.Fields().ByNumber(num); typ == protowire.BytesType && fd != nil && fd.Message() != nil {
			if b, k := protowire.ConsumeBytes(data[n:]); k >= 0 && looseWire(b, fd.Message()) {
				return true
			}
		}
		data = data[n+m:]
	}
	return false
}

// overflows reports whether b starts with a ten-byte varint whose last
// byte holds more than the 64th bit: protobuf-go refuses it, the generated
// decoder drops the excess bits.
func overflows(b []byte) bool {
	if len(b) < 10 {
		return false
	}
	for _, c := range b[:9] {
		if c < 0x80 {
			return false
		}
	}
	return b[9] > 1 && b[9] < 0x80
}

// hasMapOfSeveral reports whether m or a message in it holds a map field
// with two entries or more.
func hasMapOfSeveral(m protoreflect.Message) bool {
	found := false
	eachMessage(m, func(m protoreflect.Message) {
		m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
			found = found || fd.IsMap() && v.Map().Len() > 1
			return !found
		})
	})
	return found
}

// FuzzMatchesProtobufGo: for any bytes read as any Croupier message, the
// generated decoder accepts what protobuf-go accepts and reads the same
// message (unknown fields included, but inside the well-known types),
// refuses what it refuses but for text that is not UTF-8, and writes the
// same bytes as protobuf-go.
func FuzzMatchesProtobufGo(f *testing.F) {
	types := croupierTypes(f)
	index := map[protoreflect.FullName]byte{}
	for i, mt := range types {
		index[mt.Descriptor().FullName()] = byte(i)
	}
	for _, m := range []proto.Message{actionBatch(), dealBatch(), &tablev1.PlayRequest{CommandId: 3}} {
		b, err := proto.Marshal(m)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(append([]byte{index[m.ProtoReflect().Descriptor().FullName()]}, b...))
	}
	f.Add([]byte{0})
	f.Add([]byte{1, 0x0a, 0x02, 0xc3, 0x28}) // field 1, 2 bytes, not UTF-8
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		checkAgainstProtobufGo(t, types[int(in[0])%len(types)], in[1:])
	})
}
