package poker

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/poker/history/historytest"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/card"
)

// The PokerStars export of random hands (issue 21), read back line by line:
// every player's chips add up — his stack, less what the text shows him
// putting in, plus what it shows coming back and what he collected, is
// his stack after the hand in the record — and the money put in, less the
// uncalled bets returned, is the summary's total pot. Tracking tools total
// a hand the same way, so a line that moves chips the record does not (a
// void written as a fold, a refund left out) fails here.
//
// With CROUPIER_HH_EXPORT=file the exports are also written there, one JSON
// object a line with what the record says they must total, for a
// third-party parser to read (make hh-check; tools/hhcheck).
func TestPokerStarsExportAddsUp(t *testing.T) {
	hands := exportHands
	if testing.Short() {
		hands /= 10
	}
	var out *bufio.Writer
	if path := os.Getenv("CROUPIER_HH_EXPORT"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			if err := out.Flush(); err != nil {
				t.Error(err)
			}
			if err := f.Close(); err != nil {
				t.Error(err)
			}
		}()
		out = bufio.NewWriter(f)
	}
	rng := rand.New(rand.NewPCG(21, 0x5eed))
	var shoe []card.Card
	var legal []betting.Legal
	kinds := map[string]int{}
	for i := range hands {
		seed := rng.Uint64()
		hr := rand.New(rand.NewPCG(seed, uint64(i)))
		g := games[hr.IntN(len(games))]
		st := structures[hr.IntN(len(structures))]
		// Half the hands No-Limit Hold'em, the game every tracker reads.
		if hr.IntN(2) == 0 {
			g, st = profile.Holdem, betting.NoLimit
		}
		shoe = shuffle(hr, shoe)
		rec, err := playForExport(hr, g, st, append([]card.Card(nil), shoe...), &legal, uint64(1_000_000+i))
		if err != nil {
			t.Fatalf("hand seed %#x (#%d): %v", seed, i, err)
		}
		kinds[rec.Result]++
		for _, view := range exportViews(rec) {
			text := rec.For(view).PokerStars(history.PokerStarsOptions{Hero: view})
			if err := historytest.Check(rec, text); err != nil {
				acts, _ := json.Marshal(rec.Actions)
				t.Fatalf("hand seed %#x (#%d), %s %s in %s, viewer %d: %v\n%s\nactions: %s", seed, i, g, st, rec.Rules.Stakes.Currency, view, err, text, acts)
			}
			if out != nil {
				if err := writeExport(out, rec, view, text); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d random hands exported and totalled (results: %v)", hands, kinds)
}

// exportViews are the viewers a hand is exported for: an observer and one
// player who was dealt in.
func exportViews(rec *history.Record) []int {
	return []int{-1, rec.Seats[int(rec.Number)%len(rec.Seats)].Seat}
}

var currencies = []struct {
	code string
	exp  int
}{{"USD", 2}, {"EUR", 2}, {"GBP", 2}, {"CZK", 2}, {"RUB", 2}, {"CZK", 0}, {"", 0}}

var exportNames = []string{"Alice", "Bob Smith", "Jiří Novák", "Ελένη", "Дмитрий", "o'Hara", "x_y-z", "Player 9", "Zoë", "Kateřina", "Γιώργος", "Ольга"}

// playForExport plays a random hand with names, a currency, a serial and
// a table name, and returns its full record.
func playForExport(rng *rand.Rand, g profile.Game, st betting.Structure, shoe []card.Card, legal *[]betting.Legal, serial uint64) (*history.Record, error) {
	rules := randomRules(rng, g, st)
	c := currencies[rng.IntN(len(currencies))]
	rules.Stakes.Currency, rules.Stakes.Exponent = c.code, c.exp
	setup := randomSetup(rng, rules, shoe)
	setup.ID, setup.Number, setup.Serial = fmt.Sprintf("t1-h%d", serial), serial%1000+1, serial
	setup.Table, setup.TableName = "t1", pick(rng, "Athina 1", "Praha's table", "Москва")
	setup.At = time.Date(2026, 12, 6, 1, 0, 0, 0, time.UTC).Add(time.Duration(serial%1_000_000) * time.Minute)
	for i, k := range rng.Perm(len(exportNames))[:len(setup.Players)] {
		setup.Players[i].Name = exportNames[k]
		setup.Players[i].Player = fmt.Sprintf("p%d", k)
	}
	s := new(hand.State)
	if _, err := Start(rules, setup, s); err != nil {
		return nil, fmt.Errorf("start: %v", err)
	}
	for step := 0; s.Phase == hand.Betting; step++ {
		if step > 600 {
			return nil, fmt.Errorf("the hand did not end")
		}
		*legal = s.Legal(s.ToAct(), (*legal)[:0])
		a := randomAction(rng, s, *legal, true)
		if _, err := Apply(s, a); err != nil && a.Chips == nil {
			return nil, fmt.Errorf("listed action %+v rejected: %v", a, err)
		}
	}
	return Record(s), nil
}

// writeExport writes one export and what it must total, for
// tools/hhcheck.
func writeExport(w *bufio.Writer, rec *history.Record, view int, text string) error {
	type player struct {
		Stack int64 `json:"stack"`
		Final int64 `json:"final"`
	}
	var pot int64
	for _, p := range rec.Pots {
		pot += p.Amount
	}
	e := struct {
		Game      string            `json:"game"`
		Structure string            `json:"structure"`
		Currency  string            `json:"currency"`
		Exponent  int               `json:"exponent"`
		Serial    uint64            `json:"serial"`
		Result    string            `json:"result"`
		Viewer    int               `json:"viewer"`
		Hero      string            `json:"hero,omitempty"`
		Pot       int64             `json:"pot"`
		Rake      int64             `json:"rake"`
		Players   map[string]player `json:"players"`
		Text      string            `json:"text"`
	}{Game: rec.Rules.Game.String(), Structure: rec.Rules.Structure.String(), Currency: rec.Rules.Stakes.Currency,
		Exponent: rec.Rules.Stakes.Exponent, Serial: rec.Serial, Result: rec.Result, Viewer: view, Pot: pot, Rake: rec.Rake,
		Players: map[string]player{}, Text: text}
	for _, s := range rec.Seats {
		e.Players[s.Name] = player{Stack: s.Stack, Final: s.Final}
		if s.Seat == view {
			e.Hero = s.Name
		}
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}
