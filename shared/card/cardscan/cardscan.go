// Package cardscan finds card notations anywhere in a protobuf message. The
// leak tests read every event, view and proof a viewer receives through it,
// so a card carried in a field nobody expected is still found: they look at
// what was sent, not at the fields they know.
package cardscan

import (
	"regexp"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// notation is a whole string that is one card in the shared notation ("As").
var notation = regexp.MustCompile(`^[2-9TJQKA][cdhs]$`)

// Cards returns every string field of m, at any depth (lists and map values
// included), that holds exactly one card, in the order the fields are met.
func Cards(m proto.Message) []string {
	var out []string
	value := func(fd protoreflect.FieldDescriptor, v protoreflect.Value, walk func(protoreflect.Message)) {
		switch fd.Kind() {
		case protoreflect.StringKind:
			if s := v.String(); notation.MatchString(s) {
				out = append(out, s)
			}
		case protoreflect.MessageKind, protoreflect.GroupKind:
			walk(v.Message())
		}
	}
	var walk func(protoreflect.Message)
	walk = func(m protoreflect.Message) {
		m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
			switch {
			case fd.IsMap():
				v.Map().Range(func(_ protoreflect.MapKey, mv protoreflect.Value) bool {
					value(fd.MapValue(), mv, walk)
					return true
				})
			case fd.IsList():
				l := v.List()
				for i := 0; i < l.Len(); i++ {
					value(fd, l.Get(i), walk)
				}
			default:
				value(fd, v, walk)
			}
			return true
		})
	}
	if m != nil {
		walk(m.ProtoReflect())
	}
	return out
}
