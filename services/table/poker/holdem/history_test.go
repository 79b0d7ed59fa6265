package holdem_test

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// sidePotHand plays the golden hand: a $0.50/$1 no-limit table under the
// Greek profile (5 % rake per pot in whole dollars, capped at 10 BB), four
// players all-in preflop at three levels.
func sidePotHand(t *testing.T) *hand.State {
	t.Helper()
	r, err := profile.Named(profile.GR, profile.Holdem, betting.NoLimit)
	if err != nil {
		t.Fatal(err)
	}
	r = r.WithStakes(profile.Stakes{Currency: "USD", Exponent: 2, Unit: 50, SmallBlind: 50, BigBlind: 100})
	r.MaxSeats = 6
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank"}
	stacks := []int64{2000, 5000, 10000, 3500, 20000, 8000}
	setup := hand.Setup{ID: "golden-1", Number: 1001, Table: "Alpha", Button: 0,
		At:         time.Date(2024, 1, 15, 14, 30, 0, 0, time.UTC),
		Posts:      []hand.Post{{Seat: 1, Kind: hand.SmallBlind}, {Seat: 2, Kind: hand.BigBlind}},
		Commitment: []byte{0xc0, 0xff, 0xee},
		Shoe: arrange(t, 0, []int{0, 1, 2, 3, 4, 5}, 2, map[int]string{
			0: "As Ad", 1: "Qs Qd", 2: "7c 2d", 3: "Kh Kc", 4: "Jh Jd", 5: "9c 8c"}, "2h 5c 9d 3s Th")}
	for i, n := range names {
		setup.Players = append(setup.Players, hand.Player{Seat: i, Player: "p" + n, Name: n, Stack: stacks[i]})
	}
	s, _, err := deal(t, r, setup)
	if err != nil {
		t.Fatal(err)
	}
	g := &game{t: t, s: s}
	g.act(3, betting.Raise, 300)
	g.act(4, betting.Raise, 1000)
	g.act(5, betting.Fold, 0)
	g.act(0, betting.AllIn, 0)
	g.act(1, betting.AllIn, 0)
	g.act(2, betting.Fold, 0)
	g.act(3, betting.AllIn, 0)
	g.act(4, betting.Call, 0)
	if s.Phase != hand.Complete {
		t.Fatalf("phase %s", s.Phase)
	}
	return s
}

// The PokerStars export of a multi-way all-in hand with side pots, checked
// line by line against a golden file.
func TestPokerStarsGoldenSidePots(t *testing.T) {
	s := sidePotHand(t)
	got := poker.Record(s).PokerStars(history.PokerStarsOptions{Hero: 3})
	b, err := os.ReadFile("testdata/pokerstars_sidepots.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
	for i := 0; i < max(len(want), len(lines)); i++ {
		var g, w string
		if i < len(lines) {
			g = lines[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("line %d:\n got  %q\n want %q", i+1, g, w)
		}
	}
}

// The pots, rake and winners of the golden hand, independently of the text.
func TestSidePotHandResult(t *testing.T) {
	s := sidePotHand(t)
	wantPots := []struct{ amount, rake int64 }{{8100, 400}, {4500, 200}, {3000, 100}}
	if len(s.Pots) != 3 {
		t.Fatalf("pots %+v", s.Pots)
	}
	for i, w := range wantPots {
		if s.Pots[i].Amount != w.amount || s.Pots[i].Rake != w.rake {
			t.Errorf("pot %d: %d rake %d, want %d rake %d", i, s.Pots[i].Amount, s.Pots[i].Rake, w.amount, w.rake)
		}
	}
	if s.Seats[0].Won != 7700 || s.Seats[3].Won != 4300 || s.Seats[1].Won != 2900 || s.Rake != 700 {
		t.Fatalf("won %d %d %d rake %d", s.Seats[0].Won, s.Seats[3].Won, s.Seats[1].Won, s.Rake)
	}
}

// The JSON record round-trips and replays to the same hand; a viewer's
// copy hides what he may not see.
func TestRecordJSONReplayAndViewer(t *testing.T) {
	s := sidePotHand(t)
	rec := poker.Record(s)
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var back history.Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, rec) {
		t.Fatalf("JSON round trip differs")
	}
	again, err := poker.Replay(&back)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Round, s.Round) || again.Rake != s.Rake {
		t.Fatal("replayed state differs")
	}
	back.Actions[3].Input.Kind = betting.Fold // tamper: Alice folds instead
	if _, err := poker.Replay(&back); err == nil {
		t.Fatal("a tampered record replayed")
	}

	// Frank folded with 9c 8c: nobody but Frank may see them.
	v := rec.For(2)
	if v.Shoe != nil || v.Seat(5).Cards[0] != "??" || v.Seat(2).Cards[0] != "7c" || v.Seat(0).Cards[0] != "As" {
		t.Fatalf("viewer copy: shoe %v frank %v carol %v alice %v", v.Shoe, v.Seat(5).Cards, v.Seat(2).Cards, v.Seat(0).Cards)
	}
	for _, d := range v.Deals {
		if d.To == 5 && d.Card != "??" {
			t.Fatal("Frank's card in Carol's deal list")
		}
		if d.To == -2 && d.Card != "??" {
			t.Fatal("burn card shown")
		}
	}
}

// Seat lines, in the header and in the summary, come in seat order as
// PokerStars prints them, wherever the button is (issue 21: they started
// after the button).
func TestPokerStarsSeatLinesInSeatOrder(t *testing.T) {
	r, err := profile.Named(profile.GR, profile.Holdem, betting.NoLimit)
	if err != nil {
		t.Fatal(err)
	}
	r = r.WithStakes(profile.Stakes{Currency: "USD", Exponent: 2, Unit: 50, SmallBlind: 50, BigBlind: 100})
	r.MaxSeats = 6
	for button := range 6 {
		sb, bb := (button+1)%6, (button+2)%6
		setup := hand.Setup{ID: "order", Number: 7, Table: "Beta", Button: button,
			At:    time.Date(2024, 1, 15, 14, 30, 0, 0, time.UTC),
			Posts: []hand.Post{{Seat: sb, Kind: hand.SmallBlind}, {Seat: bb, Kind: hand.BigBlind}},
			Shoe:  arrange(t, button, []int{0, 1, 2, 3, 4, 5}, 2, nil, "2h 5c 9d 3s Th")}
		for k := 1; k <= 6; k++ { // listed from the button's left, as the table service deals them
			i := (button + k) % 6
			setup.Players = append(setup.Players, hand.Player{Seat: i, Player: "p" + string(rune('A'+i)), Name: string(rune('A' + i)), Stack: 5000})
		}
		s, _, err := deal(t, r, setup)
		if err != nil {
			t.Fatal(err)
		}
		g := &game{t: t, s: s}
		for k := 3; k <= 7; k++ { // everyone folds to the big blind
			g.act((button+k)%6, betting.Fold, 0)
		}
		text := poker.Record(s).PokerStars(history.PokerStarsOptions{Hero: bb})
		var header, summary []string
		inSummary := false
		for _, l := range strings.Split(text, "\n") {
			if l == "*** SUMMARY ***" {
				inSummary = true
			}
			if strings.HasPrefix(l, "Seat ") && strings.Contains(l, ": ") {
				if inSummary {
					summary = append(summary, l[:7])
				} else {
					header = append(header, l[:7])
				}
			}
		}
		want := []string{"Seat 1:", "Seat 2:", "Seat 3:", "Seat 4:", "Seat 5:", "Seat 6:"}
		if !reflect.DeepEqual(header, want) || !reflect.DeepEqual(summary, want) {
			t.Errorf("button %d: header %v, summary %v, want %v\n%s", button, header, summary, want, text)
		}
	}
}
