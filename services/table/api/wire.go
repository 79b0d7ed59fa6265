package api

import (
	"strings"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/view"
)

// An event a table's subscribers see alike (view.Public) is converted once
// per batch for all of them; it is also encoded once. Every viewer of a
// table gets it, so without this each stream marshalled the same message
// again (issue 19: a poker table's three viewers marshalled each public
// event three times).

// wireEvent is an event on its way to one viewer: the message and, for an
// event every viewer sees alike, its encoding as an element of
// SubscribeResponse.events (tag, length, message), made once for all.
type wireEvent struct {
	ev   *tablev1.TableEvent
	wire []byte // nil: encoded for this stream alone
}

// publicEvents are a batch's events every viewer sees alike, with their
// encodings: events[i] and wire[i] are nil for an event that is not.
type publicEvents struct {
	events []*tablev1.TableEvent
	wire   [][]byte
}

// eventsField is SubscribeResponse's field number of events.
const eventsField = 1

func encodePublic(events []*tablev1.TableEvent) *publicEvents {
	p := &publicEvents{events: events, wire: make([][]byte, len(events))}
	for i, e := range events {
		if e == nil {
			continue
		}
		// A message that does not encode is left to each stream, whose
		// codec reports the error as before.
		if b, err := appendEvent(nil, e); err == nil {
			p.wire[i] = b
		}
	}
	return p
}

// appendEvent appends e to b as an element of SubscribeResponse.events.
func appendEvent(b []byte, e *tablev1.TableEvent) ([]byte, error) {
	b = protowire.AppendTag(b, eventsField, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(proto.Size(e)))
	return proto.MarshalOptions{UseCachedSize: true}.MarshalAppend(b, e)
}

// batchEvents appends b's events as v may see them. The events every
// viewer sees alike are converted and encoded once per batch for all
// subscribers.
func batchEvents(out []wireEvent, id string, b table.Batch, v live.Viewer) []wireEvent {
	events, _ := b.Events.([]live.Event)
	var public *publicEvents
	if b.Shared != nil {
		public = b.Shared.Get(func() any { return encodePublic(view.Public(id, b.Version, events, table.EventID)) }).(*publicEvents)
	}
	var shared []*tablev1.TableEvent
	if public != nil {
		shared = public.events
	}
	start := len(out)
	for _, e := range view.AppendEvents(nil, id, b.Version, events, b.From, v, table.EventID, shared) {
		out = append(out, wireEvent{ev: e})
	}
	if public == nil {
		return out
	}
	// AppendEvents keeps the events' order, so the shared ones are found
	// in public.events with a cursor that only moves on.
	k := 0
	for i := start; i < len(out); i++ {
		for j := k; j < len(public.events); j++ {
			if public.events[j] == out[i].ev {
				out[i].wire, k = public.wire[j], j+1
				break
			}
		}
	}
	return out
}

// eventsMessage is the SubscribeResponse that carries evs to a stream.
// On a binary (protobuf) stream the shared events go as their encodings,
// spliced in as unknown fields: field 1 on the wire, which every decoder
// reads as events, in the order given (each event is then appended,
// encoded or not, in its place, and Events stays empty). A JSON stream
// gets the messages.
func eventsMessage(evs []wireEvent, binary bool) *tablev1.SubscribeResponse {
	m := &tablev1.SubscribeResponse{}
	spliced := false
	if binary {
		for _, e := range evs {
			if e.wire != nil {
				spliced = true
				break
			}
		}
	}
	if !spliced {
		m.Events = make([]*tablev1.TableEvent, len(evs))
		for i, e := range evs {
			m.Events[i] = e.ev
		}
		return m
	}
	n := 0
	for _, e := range evs {
		n += len(e.wire) + 64 // room for a small event of this stream's own
	}
	raw := make([]byte, 0, n)
	for _, e := range evs {
		if e.wire != nil {
			raw = append(raw, e.wire...)
			continue
		}
		var err error
		if raw, err = appendEvent(raw, e.ev); err != nil {
			// Not expected of a message built here; the codec reports it.
			m.Events = make([]*tablev1.TableEvent, len(evs))
			for i, e := range evs {
				m.Events[i] = e.ev
			}
			return m
		}
	}
	m.ProtoReflect().SetUnknown(raw)
	return m
}

// binaryCodec reports whether a stream's request Content-Type names the
// protobuf codec: "application/grpc" and "application/grpc-web" (protobuf
// by default), or a "+proto" suffix; "+json" and any other codec are not.
func binaryCodec(contentType string) bool {
	mt, _, _ := strings.Cut(contentType, ";")
	mt = strings.TrimSpace(strings.ToLower(mt))
	if i := strings.LastIndexByte(mt, '+'); i >= 0 {
		return mt[i+1:] == "proto"
	}
	return mt == "application/grpc" || mt == "application/grpc-web"
}
