package live

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/seating"
	"github.com/croupier/croupier/shared/card"
)

// sameAsEncodingJSON fails t unless AppendJSON writes c as encoding/json
// does, after a prefix it must leave alone.
func sameAsEncodingJSON(t testing.TB, c *Command) {
	t.Helper()
	want, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.AppendJSON([]byte("prefix"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, append([]byte("prefix"), want...)) {
		t.Fatalf("AppendJSON wrote\n%s\nencoding/json writes\nprefix%s", got, want)
	}
}

// Every command of played sessions (seats, stand-ups, deals, actions,
// settlements) is written as encoding/json writes it: the log's format.
func TestAppendJSONWritesPlayedCommandsAsEncodingJSON(t *testing.T) {
	plain := 0
	for seed := range uint64(10) {
		s := newSim(t, cashConfig(t, profile.Holdem))
		s.rng = rand.New(rand.NewPCG(seed, 11))
		players := []string{"p:a", "p:b", "p:c", "q:d"}
		for i, p := range players[:3] {
			s.seat(p, i*2, 10000)
		}
		for step := 0; step < 30; step++ {
			if s.rng.IntN(5) == 0 {
				who := players[s.rng.IntN(len(players))]
				s.apply(&Command{Kind: CmdStandUp, Who: who, Key: fmt.Sprint("s", step)})
			}
			s.settle()
			if s.tab.CanDeal() {
				s.deal()
				s.play()
			}
			s.settle()
			s.now += 2000
		}
		for _, c := range s.log {
			sameAsEncodingJSON(t, c)
			if ok, _ := c.plain(); ok {
				plain++
			}
		}
	}
	if plain == 0 {
		t.Fatal("no played command took the written-out path")
	}
}

func TestAppendJSONEdgeCases(t *testing.T) {
	bank, ext := int64(30000), 2
	for _, c := range []*Command{
		{},
		{Kind: CmdAct, At: -5, Seat: -1, Seq: -3, Amount: -7, Action: betting.Raise},
		{Kind: 255, Action: 200, Entry: seating.Entry(3), Return: hand.VoidReturn(2), Serial: 1<<64 - 1},
		{Who: `a"b`, Name: `back\slash`, Hand: "<h>", Key: "&", Reason: "caf\u00e9", Account: "tab\t", Hold: "\u2028", Intent: "\xff"},
		{Flag: true, MissHand: true, DeadBig: true, Shot: true, Outcome: "o-1", Fingerprint: "fp", Intent: "i"},
		{Bank: &bank, Ext: &ext},
		{Awards: []int64{1, 2}},
		{Shoe: []card.Card{1, 2, 3}, Commitment: []byte{9, 9}},
		{Ranks: []SeatRank{{}}},
		{Clock: &Clock{}},
	} {
		sameAsEncodingJSON(t, c)
	}
}

// A field added to Command that AppendJSON does not know would be dropped
// from the log: each field set alone must come out as encoding/json
// writes it.
func TestAppendJSONKnowsEveryField(t *testing.T) {
	typ := reflect.TypeFor[Command]()
	for i := range typ.NumField() {
		var c Command
		f := reflect.ValueOf(&c).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Int, reflect.Int64:
			f.SetInt(3)
		case reflect.Uint8, reflect.Uint64:
			f.SetUint(3)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		default:
			t.Fatalf("field %s is a %s: teach this test (and AppendJSON) about it", typ.Field(i).Name, f.Kind())
		}
		sameAsEncodingJSON(t, &c)
	}
}

func FuzzAppendJSON(f *testing.F) {
	f.Add(uint8(CmdAct), int64(1_800_000_000_000), "p:a", "bob", 3, "t-1", 7, uint8(betting.Bet), int64(200), uint8(5), "", uint64(12), uint8(0), false)
	f.Add(uint8(0), int64(0), "", "", 0, "", 0, uint8(0), int64(0), uint8(0), "x<y", uint64(0), uint8(2), true)
	f.Fuzz(func(t *testing.T, kind uint8, at int64, who, name string, seat int, handID string, seq int, action uint8,
		amount int64, flags uint8, reason string, serial uint64, small uint8, pointer bool) {
		c := &Command{Kind: CommandKind(kind), At: at, Who: who, Name: name, Seat: seat, Hand: handID, Seq: seq,
			Action: betting.Kind(action), Amount: amount, Key: reason + "k", Fingerprint: who + name,
			Flag: flags&1 != 0, MissHand: flags&2 != 0, DeadBig: flags&4 != 0, Shot: flags&8 != 0,
			Reason: reason, Account: name, Hold: handID, Intent: reason, Entry: seating.Entry(small),
			Return: hand.VoidReturn(small >> 1), Outcome: who, Serial: serial}
		if pointer {
			c.Ext = &seat
		}
		sameAsEncodingJSON(t, c)
	})
}

// go test -run XXX -bench CommandJSON ./services/table/live
func BenchmarkCommandJSON(b *testing.B) {
	c := &Command{Kind: CmdAct, At: 1_800_000_000_000, Who: "p1:lg-t1-2", Seat: 2, Hand: "t1-000042", Seq: 7, Action: betting.Raise, Amount: 600}
	b.Run("encoding/json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("AppendJSON", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := c.AppendJSON(nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
