package round

import (
	"encoding/json"
	"strings"
	"testing"
)

// A ratio reads and writes as a paytable prints it, bounded as a paytable
// line; a payout rounds down to the minor unit.
func TestRatio(t *testing.T) {
	for _, s := range []string{"25:1", "3:2", "0:1", "1000:1"} {
		var q Ratio
		if err := q.UnmarshalText([]byte(s)); err != nil || q.String() != s {
			t.Errorf("%s: %v %s", s, err, q)
		}
	}
	for _, s := range []string{"2", "1:0", "-1:1", "1001:1", "1:1001", "a:b", ""} {
		q := Ratio{7, 1}
		if err := q.UnmarshalText([]byte(s)); err == nil || q != (Ratio{7, 1}) {
			t.Errorf("%s read as %s", s, q)
		}
	}
	if err := (Ratio{}).Check(MaxRatio); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("the zero ratio: %v", err)
	}
	if err := (Ratio{600, 1}).Check(500); err == nil {
		t.Error("600:1 within 500")
	}
	for _, tc := range []struct {
		q           Ratio
		stake, want int64
	}{{Ratio{3, 2}, 5, 7}, {Ratio{500, 1}, 10, 5000}, {Ratio{0, 1}, 10, 0}, {Ratio{1000, 1}, 1 << 40, 1000 << 40}} {
		if got := tc.q.Pay(tc.stake); got != tc.want {
			t.Errorf("%s of %d: %d, want %d", tc.q, tc.stake, got, tc.want)
		}
	}
	b, err := json.Marshal(map[string]Ratio{"flush": {3, 2}})
	if err != nil || string(b) != `{"flush":"3:2"}` {
		t.Fatalf("%s %v", b, err)
	}
}
