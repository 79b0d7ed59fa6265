package round

import (
	"encoding/json"
	"strings"
	"testing"
)

type line string

var lines = []line{"trips", "straight", "flush"}

func table() Paytable[line] {
	return Paytable[line]{Pays: map[line]Ratio{"trips": {3, 1}, "straight": {4, 1}, "flush": {7, 1}}, Source: "spec §6"}
}

// A paytable pays its lines; a hand below them is the bet's to decide.
func TestPaytablePay(t *testing.T) {
	p := table()
	if won, ok := p.Pay("flush", 5); !ok || won != 35 {
		t.Errorf("flush: %d %v", won, ok)
	}
	if won, ok := p.Pay("pair", 5); ok || won != 0 {
		t.Errorf("a line the table has not: %d %v", won, ok)
	}
}

// Set makes the table the operator's and never writes into a map a copy
// shares; it takes only the bet's lines and a ratio in bounds.
func TestPaytableSet(t *testing.T) {
	p := table()
	q := p
	if err := q.Set(lines, "flush", "6:1"); err != nil {
		t.Fatal(err)
	}
	if p.Pays["flush"] != (Ratio{7, 1}) || p.Source != "spec §6" {
		t.Fatalf("the copy's Set changed the original: %+v", p)
	}
	if q.Pays["flush"] != (Ratio{6, 1}) || q.Source != SourceOperator {
		t.Fatalf("%+v", q)
	}
	for _, kv := range [][2]string{{"pair", "1:1"}, {"flush", "1001:1"}, {"flush", "x"}} {
		if err := q.Set(lines, line(kv[0]), kv[1]); err == nil {
			t.Errorf("%s=%s set", kv[0], kv[1])
		}
	}
	var empty Paytable[line]
	if err := empty.Set(lines, "trips", "3:1"); err != nil || empty.Pays["trips"] != (Ratio{3, 1}) {
		t.Fatalf("%v %+v", err, empty)
	}
}

// Validate reports every line missing, out of bounds or not the bet's,
// and a table without its source, at once.
func TestPaytableValidate(t *testing.T) {
	if err := table().Validate("side", lines, MaxRatio); err != nil {
		t.Fatal(err)
	}
	p := Paytable[line]{Pays: map[line]Ratio{"trips": {3, 1}, "flush": {700, 1}, "pair": {1, 1}}}
	err := p.Validate("side", lines, 500)
	for _, want := range []string{"side paytable straight: missing", "side paytable flush: ratio 700:1", "side paytable pair: not a line", "side paytable without its source"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q not in %v", want, err)
		}
	}
	b, err := json.Marshal(table())
	if err != nil || !strings.Contains(string(b), `"flush":"7:1"`) || !strings.Contains(string(b), `"source":"spec §6"`) {
		t.Fatalf("%s %v", b, err)
	}
	var back Paytable[line]
	if err := json.Unmarshal(b, &back); err != nil || back.Pays["straight"] != (Ratio{4, 1}) || back.Source != "spec §6" {
		t.Fatalf("%+v %v", back, err)
	}
}
