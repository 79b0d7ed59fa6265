package house

import (
	"encoding/binary"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
)

// byteSource is a rand.Source that reads the fuzzer's bytes, so that the
// fuzzer steers the property run's choices; a PCG once they run out (a
// constant source would make rand's rejection sampling loop forever).
type byteSource struct {
	b    []byte
	rest rand.PCG
}

func (s *byteSource) Uint64() uint64 {
	if len(s.b) == 0 {
		return s.rest.Uint64()
	}
	var buf [8]byte
	n := copy(buf[:], s.b)
	s.b = s.b[n:]
	return binary.LittleEndian.Uint64(buf[:]) ^ s.rest.Uint64()
}

// FuzzCommandSequence: random bytes steer a property run (the first
// picks the game, profile and source): whatever the commands, nothing
// panics, every invariant of the property test holds after each one, and
// once the table is drained and closed every stake is accounted for.
func FuzzCommandSequence(f *testing.F) {
	for _, seed := range []string{"", "\x00", "\x01\x02\x03", "\x03abcdefghijklmnopqrstuvwxyz0123456789", "\x02\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		games := []struct{ game, profile string }{{GameRoulette, roulette.CZ}, {GameRoulette, roulette.RU}, {GameMoneyWheel, moneywheel.CZ}}
		g := games[int(data[0]>>1)%len(games)]
		src := []Source{ResultRNG, ResultDealer}[data[0]&1]
		p := newProp(t, 0, config(t, g.game, g.profile, src, nil))
		bytes := &byteSource{b: data[1:]}
		p.rng = rand.New(bytes)
		p.table()
		p.h.sample = 1
		for _, who := range p.players[:3] {
			p.apply(&Command{Kind: CmdJoin, Who: who, Name: who, Account: "acct-" + who})
		}
		for steps := 0; len(bytes.b) > 0 && steps < 2000; steps++ {
			p.step()
		}
		p.drain()
	})
}

// FuzzDecodeCommand: any bytes either fail to decode or decode to a
// command that encodes and decodes back to itself; applied to a table
// mid-round it is applied or refused without a panic, and a refusal
// changes nothing.
func FuzzDecodeCommand(f *testing.F) {
	for _, seed := range []string{
		`{"kind":"open","round":2,"draw":{"outcome":"o","commitment":"AQI=","pocket":3}}`,
		`{"kind":"place","who":"a:ann","round":1,"bets":[{"id":"x","spot":"red","amount":5}],"hold":"h","amount":5}`,
		`{"kind":"result","round":1,"roulette":{"pocket":3,"dealer":true,"wheel":"clockwise","ball":"anticlockwise","reported":["declared"]}}`,
		`{"kind":"intents_done","done":["a"],"failed":{"b":"X"}}`,
		`{"kind":"settings","window":5000000000}`,
		`{"kind":"choose","choice":"refund","who":"a:ann"}`,
		`{"kind":17}`, `[]`, `{"failed":{"":""}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := DecodeCommand(data)
		if err != nil {
			return
		}
		enc, err := c.Encode()
		if err != nil {
			return // a value with no name (a kind past the list) is not for the log
		}
		back, err := DecodeCommand(enc)
		if err != nil || !reflect.DeepEqual(normalize(back), normalize(c)) {
			t.Fatalf("%s decodes to %+v, encodes to %s, decodes to %+v (%v)", data, c, enc, back, err)
		}
		for _, cfg := range []Config{config(t, GameRoulette, "cz", ResultRNG, nil), config(t, GameMoneyWheel, "cz", ResultDealer, nil)} {
			h := newHarness(t, cfg)
			h.join("a:ann")
			h.open("1")
			h.do(&Command{Kind: CmdPlace, Who: "a:ann", Round: 1, Bets: []round.Bet{bet("a1", "bell", 5)}, Hold: "h0", Amount: 5})
			h.do(c)
		}
	})
}

// normalize is c with empty slices and maps as nil, as JSON with
// omitempty writes them.
func normalize(c *Command) Command {
	n := *c
	if len(n.Bets) == 0 {
		n.Bets = nil
	}
	if len(n.BetIDs) == 0 {
		n.BetIDs = nil
	}
	if len(n.Done) == 0 {
		n.Done = nil
	}
	if len(n.Failed) == 0 {
		n.Failed = nil
	}
	return n
}
