package history_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// The Greek heads-up hand (gr-regulation-1 B.57, §9 item 1): the button
// posts the big blind, which PokerStars never prints. The export writes
// what happened — the button seat in the header, the other player's small
// blind, the button's big blind, the summary's "(button) (big blind)", a
// pair FPDB's importer knows — and the chips add up.
func TestGreekHeadsUpButtonPostsBigBlind(t *testing.T) {
	r := rulesOf(t, profile.GR, profile.Holdem, betting.NoLimit, usd)
	tb := deal(t, r, 2, 10000, 0, hand.Post{Seat: 1, Kind: hand.SmallBlind}, hand.Post{Seat: 0, Kind: hand.BigBlind})
	if tb.s.ToAct() != 1 {
		t.Fatalf("seat %d to act first, want the small blind", tb.s.ToAct())
	}
	tb.checkDown()
	rec := poker.Record(tb.s)
	text := rec.PokerStars(history.PokerStarsOptions{Hero: 0})
	lines := strings.Split(text, "\n")
	for _, w := range []string{"Table 'Alpha' 10-max Seat #1 is the button", "P2: posts small blind $0.50", "P1: posts big blind $1"} {
		if !slices.Contains(lines, w) {
			t.Errorf("no %q:\n%s", w, text)
		}
	}
	found := false
	for _, l := range lines {
		found = found || strings.HasPrefix(l, "Seat 1: P1 (button) (big blind) ")
	}
	if !found {
		t.Errorf("the summary does not name the button the big blind:\n%s", text)
	}
	balances(t, rec, text)
}

// How a stud game opens: under the Greek rules the lowest up card must bet
// the table minimum (docs/rules/gr-variant-7-card-stud.md §3, R1), which is
// written as a bet on 3rd street, as PokerStars itself wrote a completed
// bring-in; no "brings in" line. The Russian bring-in is PokerStars' own.
func TestStudOpeningForms(t *testing.T) {
	for _, tc := range []struct {
		profile string
		stakes  profile.Stakes
		open    betting.Kind
		amount  int64
		want    string // the opener's line, after his name
	}{
		{profile.GR, profile.Stakes{Currency: "USD", Exponent: 2, Unit: 25, Ante: 25, SmallBet: 100, BigBet: 200}, betting.Bet, 100, ": bets $1"},
		{profile.RUSport, studUSD, betting.BringIn, 50, ": brings in for $0.50"},
	} {
		tb := deal(t, rulesOf(t, tc.profile, profile.SevenCardStud, betting.FixedLimit, tc.stakes), 4, 10000, 0)
		opener := tb.s.ToAct()
		tb.act(opener, tc.open, tc.amount)
		tb.checkDown()
		rec := poker.Record(tb.s)
		text := rec.PokerStars(history.PokerStarsOptions{Hero: -1})
		_, third, _ := strings.Cut(text, "*** 3rd STREET ***\n")
		var first string
		for _, l := range strings.Split(third, "\n") {
			if !strings.HasPrefix(l, "Dealt to ") {
				first = l
				break
			}
		}
		if want := rec.Seat(opener).Name + tc.want; first != want {
			t.Errorf("%s: the first action is %q, want %q:\n%s", tc.profile, first, want, text)
		}
		if tc.open != betting.BringIn && strings.Contains(text, "brings in") {
			t.Errorf("%s: a bring-in line:\n%s", tc.profile, text)
		}
		balances(t, rec, text)
	}
}

// Posts PokerStars has no line for. A blind made up dead (Greek rule,
// gr-regulation-1 B.37: both missed blinds dead) is written as an ante, the
// dead post every tracker knows: written as a blind it would be counted
// live and the raise "to" an amount read against it. A dead small blind
// with a live big one is PokerStars' own "small & big blinds". Blinds in a
// stud game (gr-variant-7-card-stud.md vector 2) come before "*** 3rd
// STREET ***" and count in its betting, as hold'em's do before "*** HOLE
// CARDS ***".
func TestPostsPokerStarsNeverPrints(t *testing.T) {
	for _, tc := range []struct {
		name    string
		profile string
		game    profile.Game
		st      betting.Structure
		stakes  profile.Stakes
		posts   []hand.Post
		raise   int64 // seat 3's raise to
		want    []string
	}{{
		name: "dead make-up", profile: profile.GR, game: profile.Holdem, st: betting.NoLimit, stakes: usd,
		posts: []hand.Post{{Seat: 1, Kind: hand.SmallBlind}, {Seat: 2, Kind: hand.BigBlind}, {Seat: 3, Kind: hand.DeadSmall}, {Seat: 3, Kind: hand.DeadBig}},
		raise: 300,
		want:  []string{"P4: posts the ante $0.50", "P4: posts the ante $1", "P4: raises $2 to $3"},
	}, {
		name: "dead small, live big", profile: profile.RUSport, game: profile.Holdem, st: betting.NoLimit, stakes: usd,
		posts: []hand.Post{{Seat: 1, Kind: hand.SmallBlind}, {Seat: 2, Kind: hand.BigBlind}, {Seat: 3, Kind: hand.DeadSmall}, {Seat: 3, Kind: hand.LiveBlind}},
		raise: 300,
		want:  []string{"P4: posts small & big blinds $1.50", "P4: raises $2 to $3"},
	}, {
		name: "stud with blinds", profile: profile.GR, game: profile.SevenCardStud, st: betting.FixedLimit,
		stakes: profile.Stakes{Currency: "USD", Exponent: 2, Unit: 25, SmallBlind: 50, BigBlind: 100},
		posts:  []hand.Post{{Seat: 1, Kind: hand.SmallBlind}, {Seat: 2, Kind: hand.BigBlind}},
		raise:  200,
		want:   []string{"P3: posts big blind $1", "*** 3rd STREET ***", "P4: raises $1 to $2"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			tb := deal(t, rulesOf(t, tc.profile, tc.game, tc.st, tc.stakes), 4, 10000, 0, tc.posts...)
			tb.act(3, betting.Raise, tc.raise)
			tb.checkDown()
			rec := poker.Record(tb.s)
			text := rec.PokerStars(history.PokerStarsOptions{Hero: -1})
			lines := strings.Split(text, "\n")
			at := -1
			for _, w := range tc.want {
				i := slices.Index(lines, w)
				if i < 0 || i < at {
					t.Errorf("no %q after line %d:\n%s", w, at+1, text)
				}
				at = i
			}
			balances(t, rec, text)
		})
	}
}

// An insufficient call under the Russian rules
// (docs/rules/betting-rules-ru-sports.md §4.13): the chips stay in whether
// he completes or folds. Completed, one call line says them all; folded,
// the chips he forfeits are written as the call they made before the fold,
// so that the text's chips still add up.
func TestInsufficientCallForms(t *testing.T) {
	stakes := profile.Stakes{Currency: "USD", Exponent: 2, Unit: 5, SmallBlind: 5, BigBlind: 10}
	for _, tc := range []struct {
		then betting.Kind
		want []string
	}{
		{betting.Call, []string{"P1: raises $0.90 to $1", "P2: calls $0.95", "P3: folds"}},
		{betting.Fold, []string{"P1: raises $0.90 to $1", "P2: calls $0.20", "P2: folds"}},
	} {
		tb := deal(t, rulesOf(t, profile.RUSport, profile.Holdem, betting.NoLimit, stakes), 3, 10000, 0,
			hand.Post{Seat: 1, Kind: hand.SmallBlind}, hand.Post{Seat: 2, Kind: hand.BigBlind})
		tb.act(0, betting.Raise, 100)
		tb.do(hand.Action{Seat: 1, Chips: &betting.Chips{Chips: []int64{20}, Declared: betting.Call}})
		if tb.s.ToAct() != 1 {
			t.Fatalf("seat %d to act after the insufficient call, want seat 1 to complete or fold", tb.s.ToAct())
		}
		tb.act(1, tc.then, 0)
		tb.act(2, betting.Fold, 0)
		tb.checkDown()
		rec := poker.Record(tb.s)
		text := rec.PokerStars(history.PokerStarsOptions{Hero: -1})
		_, body, _ := strings.Cut(text, "*** HOLE CARDS ***\n")
		if got := strings.Split(body, "\n")[:len(tc.want)]; !slices.Equal(got, tc.want) {
			t.Errorf("then %s: %q, want %q:\n%s", tc.then, got, tc.want, text)
		}
		balances(t, rec, text)
	}
}
