package poker

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// FuzzHand drives the engines with arbitrary input sequences: the first
// eight bytes seed the table (game, structure, profile, stakes, seats,
// stacks, shoe), then every four bytes are one input — any seat, any
// action kind, any amount, chips or an operator command — legal or not.
// Whatever comes in: no panic; a rejected input carries a reason and
// changes nothing; an accepted one keeps every chip accounted for; a hand
// that ends replays from its record to the same result.
func FuzzHand(f *testing.F) {
	f.Add([]byte("\x01\x02\x03\x04\x05\x06\x07\x08\x00\x02\x00\x00\x01\x03\x00\x00\x02\x04\x10\x00"))
	f.Add([]byte("seed0001\x03\x05\xff\xff\x04\x01\x00\x00\x00\x00\x00\x00\x09\x09\x09\x09"))
	f.Add([]byte("\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8" + "\x00\x03\x00\x00\x01\x03\x00\x00\x02\x03\x00\x00\x03\x03\x00\x00"))
	f.Add([]byte("\x10\x20\x30\x40\x50\x60\x70\x80" + "\x00\x06\x00\x00\x01\x06\x00\x00\x02\x06\x00\x00\x03\x06\x00\x00\x04\x06\x00\x00"))
	for i := range 16 {
		var b [8 + 4*40]byte
		r := rand.New(rand.NewPCG(uint64(i), 7))
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		f.Add(b[:])
	}
	f.Fuzz(fuzzBody)
}

func fuzzBody(t *testing.T, data []byte) {
	{
		if len(data) < 8 {
			return
		}
		seed := binary.LittleEndian.Uint64(data[:8])
		rng := rand.New(rand.NewPCG(seed, seed>>7))
		g := games[rng.IntN(len(games))]
		st := structures[rng.IntN(len(structures))]
		rules := randomRules(rng, g, st)
		setup := randomSetup(rng, rules, shuffle(rng, make([]card.Card, 0, card.NumCards)))
		s := new(hand.State)
		if _, err := Start(rules, setup, s); err != nil {
			t.Fatalf("start: %v", err)
		}
		var total int64
		for _, p := range setup.Players {
			total += p.Stack
		}
		unit := rules.Stakes.Unit
		for in := data[8:]; len(in) >= 4; in = in[4:] {
			a := hand.Action{Seat: int(in[0] % 12), Kind: betting.Kind(in[1] % 10),
				Amount: int64(binary.LittleEndian.Uint16(in[2:4])) * unit / 4}
			switch {
			case in[1] >= 250:
				a = hand.Action{Command: hand.Command(in[1] - 249), Seat: int(in[0] % 12), Return: hand.VoidReturn(in[2] % 4),
					Awards: []int64{int64(in[3]) * unit}}
			case in[1] >= 200:
				a.Kind = 0
				a.Chips = &betting.Chips{Chips: []int64{int64(in[2]) * unit, int64(in[3]%4) * unit}, Declared: betting.Kind(in[1] % 9)}
			case in[1] >= 100:
				// Steer towards the legal menu so fuzzing reaches deep streets.
				if seat := s.ToAct(); seat >= 0 {
					if legal := s.Legal(seat, nil); len(legal) > 0 {
						l := legal[int(in[2])%len(legal)]
						a = hand.Action{Seat: seat, Kind: l.Kind, Amount: l.Min}
					}
				}
			}
			before := fingerprintOf(s)
			_, err := Apply(s, a)
			if err != nil {
				if apierr.Reason(err) == "" {
					t.Fatalf("%+v rejected without a reason: %v", a, err)
				}
				if fingerprintOf(s) != before {
					t.Fatalf("rejected %+v changed the state", a)
				}
				continue
			}
			if got := chips(s); got != total {
				t.Fatalf("after %+v %d chips, want %d", a, got, total)
			}
		}
		if s.Phase.Over() {
			if err := checkEnd(s, "fuzz", total); err != nil {
				t.Fatal(err)
			}
		}
	}
}
