package house

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
)

// A table's snapshot decodes to the same table, which encodes to the same
// bytes and plays on the same way, for both games, mid-round with bets,
// stakes, intents, sums and results in it.
func TestTableSnapshotRoundTrip(t *testing.T) {
	for _, g := range []string{GameRoulette, GameMoneyWheel} {
		p := newProp(t, 5, config(t, g, "cz", ResultRNG, map[string]string{"min_revolutions": "7"}))
		p.table()
		for _, who := range p.players {
			p.apply(&Command{Kind: CmdJoin, Who: who, Name: who, Account: "acct-" + who})
		}
		for p.rounds < 40 {
			p.step()
			data := encode(t, p.h.tb)
			back, err := Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			if again := encode(t, back); !bytes.Equal(data, again) {
				t.Fatalf("%s: snapshot\n%s\ndecodes and encodes to\n%s", g, data, again)
			}
			if tag, _ := game.Tag(data); tag != game.Round {
				t.Fatalf("tag %q", tag)
			}
			// The decoded table carries on as the original would.
			p.h.tb = back
			p.h.last = nil
		}
	}
}

// Decode refuses what is not a house table's snapshot.
func TestDecodeRefusesOtherSnapshots(t *testing.T) {
	good := encode(t, New(config(t, GameRoulette, "ru", ResultDealer, nil)))
	for _, data := range [][]byte{
		[]byte(`{"config":{}}`), // a poker snapshot: untagged
		game.Tagged(game.Round, []byte(`{"config":{"game":"blackjack"}}`)),
		game.Tagged(game.Round, []byte(`{"config":{"game":"roulette"}}`)),
		game.Tagged(game.Round, []byte(`{"config":{"game":"money_wheel","wheel":{}},"roulette":{}}`)),
		game.Tagged(game.Round, []byte(`not json`)),
		bytes.Replace(good, []byte(`"status":"open"`), []byte(`"status":"ajar"`), 1),
	} {
		if _, err := Decode(data); err == nil {
			t.Errorf("decoded %s", data)
		}
	}
	if _, err := Decode(good); err != nil {
		t.Fatal(err)
	}
}

// A command encodes for the log and decodes to the same command, kinds
// and enums as their names.
func TestCommandRoundTrip(t *testing.T) {
	for _, c := range []Command{
		{Kind: CmdOpen, At: 1, Round: 2, Draw: &Draw{Outcome: "o", Commitment: []byte{9, 8}, Pocket: 3, Label: "15"}},
		{Kind: CmdPlace, At: 2, Round: 2, Who: "a:ann", Bets: []round.Bet{{ID: "b", Player: "a:ann", Spot: "red", Amount: 5}}, Hold: "h", Amount: 5},
		{Kind: CmdResult, Round: 2, Roulette: &roulette.Spin{Pocket: 1, Dealer: true, Wheel: round.Clockwise, Ball: round.Anticlockwise,
			Revolutions: 11, Reported: []roulette.Fault{roulette.Declared}}},
		{Kind: CmdResult, Round: 2, Wheel: &moneywheel.Spin{Source: moneywheel.FromDealer, Field: 4, Revolutions: 6, Direction: round.Clockwise, Peg: true}},
		{Kind: CmdChoose, Who: "a:ann", Choice: moneywheel.Refund},
		{Kind: CmdIntentsDone, Done: []string{"x"}, Failed: map[string]string{"y": "HOLD_EXPIRED"}},
		{Kind: CmdSettings, Window: 20 * time.Second, Pause: time.Second},
	} {
		data, err := c.Encode()
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeCommand(data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*back, c) {
			t.Fatalf("%s decodes to %+v, was %+v", data, *back, c)
		}
		var raw map[string]any
		if err := json.Unmarshal(data, &raw); err != nil || raw["kind"] != c.Kind.String() {
			t.Fatalf("%s: kind %v", data, raw["kind"])
		}
		if c.Op() != c.Kind.String() {
			t.Fatalf("op %q", c.Op())
		}
	}
	if _, err := DecodeCommand([]byte(`{"kind":"explode"}`)); err == nil {
		t.Fatal("an unknown kind decoded")
	}
}
