package table

import (
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/game"
)

func TestEventIDs(t *testing.T) {
	for _, tc := range []struct {
		id    string
		v     uint64
		index int
		bad   bool
	}{
		{EventID(12, 3), 12, 3, false},
		{SnapshotID(40), 40, maxIndex, false},
		{"x", 0, 0, true},
		{"12-", 0, 0, true},
		{"12--1", 0, 0, true},
		{"-3", 0, 0, true},
		{"abc", 0, 0, true},
		{"99999999999999999999", 0, 0, true},
		{"1-99999999", 0, 0, true},
	} {
		v, i, err := ParseEventID(tc.id)
		if (err != nil) != tc.bad || (!tc.bad && (v != tc.v || i != tc.index)) {
			t.Fatalf("%q: %d %d %v", tc.id, v, i, err)
		}
		// The message reaches a partner (BAD_EVENT_ID): it names the id
		// and what an id is, not strconv's parse error.
		if err != nil {
			msg := err.Error()
			if !strings.Contains(msg, "want the id of an event this stream sent") ||
				!strings.Contains(msg, "\""+tc.id+"\"") || strings.Contains(msg, "strconv") || strings.Contains(msg, "syntax") || strings.Contains(msg, "range") {
				t.Errorf("%q: message %q", tc.id, msg)
			}
		}
	}
}

func FuzzParseEventID(f *testing.F) {
	f.Add("12-3")
	f.Add("7")
	f.Add("")
	f.Fuzz(func(t *testing.T, id string) {
		v, i, err := ParseEventID(id)
		if err != nil {
			return
		}
		if i < 0 || i > maxIndex {
			t.Fatalf("%q: index %d", id, i)
		}
		if i == maxIndex && SnapshotID(v) != id && EventID(v, i) != id {
			// Either form round-trips to the same position.
			if v2, i2, _ := ParseEventID(SnapshotID(v)); v2 != v || i2 != i {
				t.Fatalf("%q", id)
			}
		}
	})
}

func TestHubKeepsTheLastBatches(t *testing.T) {
	var h hub
	h.init(4)
	for v := uint64(1); v <= 10; v++ {
		h.publish(v, game.Step{})
		kept := h.kept()
		if want := min(int(v), 4); len(kept) != want {
			t.Fatalf("after v%d: %d batches kept, want %d", v, len(kept), want)
		}
		for i, b := range kept {
			if want := v - uint64(len(kept)-1-i); b.Version != want {
				t.Fatalf("after v%d: batch %d is v%d, want v%d", v, i, b.Version, want)
			}
		}
	}
	h.publish(10, game.Step{}) // published already: ignored
	if kept := h.kept(); kept[len(kept)-1].Version != 10 || kept[0].Version != 7 {
		t.Fatalf("kept %v", kept)
	}
}
