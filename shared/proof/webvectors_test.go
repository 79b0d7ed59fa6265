package proof

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
)

var updateVectors = flag.Bool("update-web-vectors", false, "rewrite web/test/testdata/shoe-proofs.json")

// webVectorsPath is the file the web client's own checker
// (web/src/proof.ts, test/proof.test.mjs) reads: proofs this package
// makes, so the two implementations are held to the same answers.
const webVectorsPath = "../../web/test/testdata/shoe-proofs.json"

type webVector struct {
	Name       string          `json:"name"`
	Commitment []byte          `json:"commitment"`
	Decks      int             `json:"decks"`
	Proof      json.RawMessage `json:"proof"`
}

func webVectors(t *testing.T) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(18, 18))
	var out []webVector
	for _, tc := range []struct {
		name  string
		cards []string
		cut   int
		decks int
		open  []int32
	}{
		{"one card, opened", []string{"As"}, 0, 1, []int32{0}},
		{"hold'em, two players' view: hole cards and board", deckStrings(1), 0, 1, []int32{0, 2, 5, 6, 7, 9, 11}},
		{"one deck, nothing opened", deckStrings(1), 0, 1, nil},
		{"one deck, every position", deckStrings(1), 0, 1, seq(52)},
		{"six decks and a cut card", deckStrings(6), 250, 6, []int32{1, 3, 100, 311}},
	} {
		cards := append([]string(nil), tc.cards...)
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		sh, err := NewShoe("o-web-"+tc.name[:3], cards, tc.cut, salt())
		if err != nil {
			t.Fatal(err)
		}
		p, err := sh.Open(tc.open)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyShoe(p, sh.Root(), tc.decks); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		js, err := protojson.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, webVector{Name: tc.name, Commitment: sh.Root(), Decks: tc.decks, Proof: js})
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

func seq(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(i)
	}
	return s
}

// The web client re-implements VerifyShoe in TypeScript; it is tested on
// these proofs (and tampered copies of them). The file must be what this
// package makes today, so a change of the scheme cannot leave the browser
// checking an old one.
func TestWebClientProofVectorsAreCurrent(t *testing.T) {
	want := webVectors(t)
	if *updateVectors {
		if err := os.MkdirAll(filepath.Dir(webVectorsPath), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(webVectorsPath, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(webVectorsPath)
	if err != nil {
		t.Fatalf("%v (go test ./shared/proof -run WebClient -update-web-vectors writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: go test ./shared/proof -run WebClient -update-web-vectors", webVectorsPath)
	}
}
