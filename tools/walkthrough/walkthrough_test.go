package walkthrough

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/walkthrough/*.sh from the README's blocks")

// root is the repository root, two levels above this package.
const root = "../.."

// Scripts is every walk-through, in the order they run against one stack.
var Scripts = []string{
	"docs/walkthrough/setup.sh",
	"docs/walkthrough/rng.sh",
	"docs/walkthrough/evaluator.sh",
	"docs/walkthrough/table.sh",
	"docs/walkthrough/roulette.sh",
	"docs/walkthrough/blackjack.sh",
	"docs/walkthrough/casinoholdem.sh",
	"docs/walkthrough/tournament.sh",
}

// TestReadmeMatchesScripts: the README's walk-through blocks are the
// scripts the integration test runs, word for word, and every script is
// shown (README order is run order).
func TestReadmeMatchesScripts(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks, order, err := Blocks(string(readme))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(order, Scripts) {
		t.Errorf("README shows walk-throughs %q, want %q", order, Scripts)
	}
	files, _ := filepath.Glob(filepath.Join(root, "docs/walkthrough/*.sh"))
	for _, f := range files {
		rel := "docs/walkthrough/" + filepath.Base(f)
		if !slices.Contains(Scripts, rel) {
			t.Errorf("%s is in no walk-through the tests run", rel)
		}
	}
	for _, path := range order {
		file := filepath.Join(root, path)
		if *update {
			if err := os.WriteFile(file, []byte(blocks[path]), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("README shows %s: %v", path, err)
			continue
		}
		if string(got) != blocks[path] {
			t.Errorf("%s differs from the README's blocks for it (go test ./tools/walkthrough -update rewrites it); first differing line:\n%s", path, firstDiff(string(got), blocks[path]))
		}
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "script: " + x + "\nREADME: " + y
		}
	}
	return ""
}

func TestBlocks(t *testing.T) {
	readme := "intro\n" + Marker + "a.sh -->\n```sh\none\n```\nprose\n```sh\nnot marked\n```\n" +
		Marker + "b.sh -->\n```sh\ntwo\n```\n" + Marker + "a.sh -->\n```sh\nthree\nfour\n```\n"
	blocks, order, err := Blocks(readme)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"a.sh": "one\nthree\nfour\n", "b.sh": "two\n"}; !reflect.DeepEqual(blocks, want) {
		t.Errorf("blocks %q, want %q", blocks, want)
	}
	if !slices.Equal(order, []string{"a.sh", "b.sh"}) {
		t.Errorf("order %q", order)
	}
	for _, bad := range []string{Marker + "a.sh -->\nprose\n", Marker + "a.sh -->\n```sh\nnever closed\n"} {
		if _, _, err := Blocks(bad); err == nil {
			t.Errorf("Blocks(%q) accepted", bad)
		}
	}
}

func TestSteps(t *testing.T) {
	script := "A=1\necho $A \\\n  two\n#   1 two\nfor i in 1 2; do\n  echo $i\ndone\n#   1\n#   2\n# a comment, not output\necho last\n"
	want := []Step{
		{Line: 1, Script: "A=1\necho $A \\\n  two\n", Expect: []string{"1 two"}},
		{Line: 5, Script: "for i in 1 2; do\n  echo $i\ndone\n", Expect: []string{"1", "2"}},
		{Line: 10, Script: "# a comment, not output\necho last\n"},
	}
	if got := Steps(script); !reflect.DeepEqual(got, want) {
		t.Errorf("Steps:\n got %+v\nwant %+v", got, want)
	}
}

func TestFragmentsAndMissing(t *testing.T) {
	tests := []struct {
		expected, output string
		missing          string // "" when the output matches
	}{
		{`{"id":"...","cards":416}`, `{"id":"abc","cards":416}`, ""},
		{`{"id":"...","cards":416}`, `{"id":"abc","cards":415}`, `","cards":416}`},
		{`{"handId":"<T>-1","handNumber":"1"}`, `{"handId":"t9-1","handNumber":"1"}`, ""},
		{`OK hand …: 7 of 52`, `OK hand t-1: 7 of 52 shoe`, ""},
		{`a  b`, `b a`, "b"}, // in order
		{`Alice: raises ... Bob: folds`, "Alice: raises €2\nBob: folds", ""},
		// protojson's deliberately unstable spacing is not a difference.
		{`{"seat":1,"stack":"10000"}`, `{"seat":1, "stack":"10000"}`, ""},
		{`{"seat":1,"stack":"10000"}`, `{"seat":2, "stack":"10000"}`, `{"seat":1,"stack":"10000"}`},
	}
	for _, tt := range tests {
		got, missing := Missing(tt.output, Fragments(tt.expected))
		if missing != (tt.missing != "") || got != tt.missing {
			t.Errorf("Missing(%q, %q) = %q, %t; want %q", tt.output, tt.expected, got, missing, tt.missing)
		}
	}
}
