package hand

import (
	"encoding/json"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// Cards round-trip through JSON as notations, hidden ones as "??".
func TestCardsJSON(t *testing.T) {
	cs := CardsOf(card.MustParse("As"), Hidden, card.MustParse("2c"))
	b, err := json.Marshal(cs)
	if err != nil || string(b) != `["As","??","2c"]` {
		t.Fatalf("%s %v", b, err)
	}
	var back Cards
	if err := json.Unmarshal(b, &back); err != nil || back != cs {
		t.Fatalf("%v %v", back, err)
	}
	if err := json.Unmarshal([]byte(`["Zz"]`), &back); err == nil {
		t.Fatal("bad card accepted")
	}
}

// A private event shows its face-down cards only to its seat; up cards to
// everyone.
func TestEventFor(t *testing.T) {
	e := Event{Kind: EvDealt, Seat: 2, Private: true, Up: 0b100,
		Cards: CardsOf(card.MustParse("As"), card.MustParse("Kd"), card.MustParse("7h"))}
	if e.For(2) != e {
		t.Fatal("the seat sees its cards")
	}
	o := e.For(3)
	if o.Cards.C[0] != Hidden || o.Cards.C[1] != Hidden || o.Cards.C[2] != card.MustParse("7h") || o.Cards.N != 3 {
		t.Fatalf("other viewer sees %s", o.Cards)
	}
	pub := Event{Kind: EvDealt, Seat: -1, Cards: CardsOf(card.MustParse("2c"))}
	if pub.For(5) != pub {
		t.Fatal("the board is public")
	}
}
