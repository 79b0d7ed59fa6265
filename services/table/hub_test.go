package table

import "testing"

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
	} {
		v, i, err := ParseEventID(tc.id)
		if (err != nil) != tc.bad || (!tc.bad && (v != tc.v || i != tc.index)) {
			t.Fatalf("%q: %d %d %v", tc.id, v, i, err)
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
