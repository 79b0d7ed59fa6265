package api

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/shared/card"
)

// wireBatch is a batch of a hand's start: a board card (seen alike), the
// hole cards of two players (each seen only by his own), and a turn.
func wireBatch(t *testing.T) table.Batch {
	t.Helper()
	cards, err := card.ParseList(strings.Fields("As Kd 7h 2c 9s"))
	if err != nil {
		t.Fatal(err)
	}
	events := []live.Event{
		{Kind: live.EvHand, Hand: "h1", Player: "p:ann", Engine: hand.Event{Kind: hand.EvDealt, Seat: 0, Cards: hand.CardsOf(cards[0], cards[1])}},
		{Kind: live.EvHand, Hand: "h1", Player: "p:bob", Engine: hand.Event{Kind: hand.EvDealt, Seat: 1, Cards: hand.CardsOf(cards[2], cards[3])}},
		{Kind: live.EvHand, Hand: "h1", Engine: hand.Event{Kind: hand.EvDealt, Seat: hand.ToBoard, Cards: hand.CardsOf(cards[4]), Up: 1}},
		{Kind: live.EvTurn, Hand: "h1", Seat: 0, Seq: 1, Deadline: 1_800_000_030_000},
	}
	return table.Batch{Version: 7, Events: events, N: len(events), Shared: &table.Shared{}}
}

// decode is what a client reads from m's binary encoding.
func decode(t *testing.T, m *tablev1.SubscribeResponse) *tablev1.SubscribeResponse {
	t.Helper()
	b, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var got tablev1.SubscribeResponse
	if err := proto.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	return &got
}

func plain(evs []wireEvent) *tablev1.SubscribeResponse {
	m := &tablev1.SubscribeResponse{}
	for _, e := range evs {
		m.Events = append(m.Events, e.ev)
	}
	return m
}

// The events every viewer sees alike are encoded once per batch and sent
// as those bytes; a client decodes the same events, in the same order, as
// from the messages, and a viewer's own cards are encoded for him alone.
func TestSharedEventsEncodedOnceAndDecodeAlike(t *testing.T) {
	b := wireBatch(t)
	ann := live.Viewer{Player: "p:ann", Partner: "p"}
	bob := live.Viewer{Player: "p:bob", Partner: "p"}
	forAnn := batchEvents(nil, "t1", b, ann)
	forBob := batchEvents(nil, "t1", b, bob)
	if len(forAnn) != 4 || len(forBob) != 4 {
		t.Fatalf("events: ann %d, bob %d; want 4 each", len(forAnn), len(forBob))
	}
	for i, shared := range []bool{false, false, true, true} {
		if got := forAnn[i].wire != nil; got != shared {
			t.Errorf("event %d encoded once for all: %v, want %v", i, got, shared)
		}
		if shared && (forAnn[i].ev != forBob[i].ev || &forAnn[i].wire[0] != &forBob[i].wire[0]) {
			t.Errorf("event %d: the viewers got their own copies of an event they see alike", i)
		}
		if !shared && forAnn[i].ev == forBob[i].ev {
			t.Errorf("event %d: a seat's cards were shared between viewers", i)
		}
	}
	for _, c := range []struct {
		who  string
		evs  []wireEvent
		sees string
		not  string
	}{{"ann", forAnn, "As", "7h"}, {"bob", forBob, "7h", "As"}} {
		want := plain(c.evs)
		got := decode(t, eventsMessage(c.evs, true))
		if !proto.Equal(got, want) {
			t.Errorf("%s decodes\n%v\nwant\n%v", c.who, got, want)
		}
		text := got.String()
		if !strings.Contains(text, c.sees) || strings.Contains(text, c.not) {
			t.Errorf("%s's stream: want %s and no %s in %s", c.who, c.sees, c.not, text)
		}
		// Byte for byte what the messages encode to.
		a, _ := proto.Marshal(eventsMessage(c.evs, true))
		w, _ := proto.Marshal(want)
		if string(a) != string(w) {
			t.Errorf("%s: spliced encoding differs from the messages' (%d bytes, want %d)", c.who, len(a), len(w))
		}
		// A JSON stream gets the messages themselves.
		j := eventsMessage(c.evs, false)
		if len(j.GetEvents()) != 4 || len(j.ProtoReflect().GetUnknown()) != 0 {
			t.Errorf("%s: a JSON stream's message carries %d events and %d unknown bytes", c.who, len(j.GetEvents()), len(j.ProtoReflect().GetUnknown()))
		}
		if out, err := protojson.Marshal(j); err != nil || !strings.Contains(string(out), c.sees) {
			t.Errorf("%s: JSON %s (%v)", c.who, out, err)
		}
	}
}

// A resumed subscriber (From) gets only the events it still needs, the
// shared ones still from the batch's encodings.
func TestSharedEventsFromResumePoint(t *testing.T) {
	b := wireBatch(t)
	b.From = 3
	evs := batchEvents(nil, "t1", b, live.Viewer{Player: "p:ann", Partner: "p"})
	if len(evs) != 1 || evs[0].ev.GetTurnStarted() == nil || evs[0].wire == nil {
		t.Fatalf("resumed at 3: %v", evs)
	}
	if got := decode(t, eventsMessage(evs, true)); !proto.Equal(got, plain(evs)) {
		t.Fatalf("decoded %v", got)
	}
}

func TestBinaryCodec(t *testing.T) {
	for ct, want := range map[string]bool{
		"application/connect+proto":               true,
		"application/grpc":                        true,
		"application/grpc+proto":                  true,
		"application/grpc-web":                    true,
		"application/grpc-web+proto":              true,
		"Application/Connect+Proto":               true,
		"application/connect+json":                false,
		"application/connect+json; charset=utf-8": false,
		"application/grpc+json":                   false,
		"application/grpc-web+json":               false,
		"application/json":                        false,
		"application/proto":                       false,
		"":                                        false,
	} {
		if got := binaryCodec(ct); got != want {
			t.Errorf("binaryCodec(%q) = %v, want %v", ct, got, want)
		}
	}
}
