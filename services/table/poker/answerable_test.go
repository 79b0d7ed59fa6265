package poker

import (
	"encoding/json"
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/rake"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// A raise nobody can answer is neither offered nor accepted (issue 21):
// when every other player still in is all in for no more than the bet a
// player faces, betting is closed for him — call or fold — because an
// all-in answers nothing and reopens nothing (betting-rules-ru-sports §4.9.8,
// §5 of its spec; gr-regulation-2 A1–A2; cz-cash-game-texas-holdem
// "All-in"). With one other player who has chips behind, the raise is
// offered: the control that shows the test can tell the two apart. Every
// profile, Hold'em and Omaha, every structure it plays.
func TestNoRaiseNobodyCanAnswer(t *testing.T) {
	for _, name := range []string{profile.GR, profile.RUSport, profile.RUClub, profile.CZ} {
		for _, g := range []profile.Game{profile.Holdem, profile.Omaha} {
			for _, st := range structures {
				r, err := profile.Named(name, g, st)
				if err != nil {
					continue // the profile does not play it
				}
				stakes := profile.Stakes{Unit: 5, SmallBlind: 50, BigBlind: 100}
				switch st {
				case betting.FixedLimit:
					stakes.SmallBet, stakes.BigBet = 100, 200
				case betting.SpreadLimit:
					stakes.SpreadMin, stakes.SpreadMax, stakes.MinBet = 100, 500, 100
				}
				r = r.WithStakes(stakes)
				if r.Options.RakeRequired {
					r.Rake = rake.Config{Mode: rake.PotPercent, BasisPoints: 500, Unit: 5, Cap: 500}
				}
				if err := r.Validate(); err != nil {
					t.Fatalf("%s %s %s: %v", name, g, st, err)
				}
				short := int64(300) // an all-in raise every structure allows
				if st == betting.FixedLimit {
					short = 200
				}
				label := name + " " + g.String() + " " + st.String()
				t.Run(label+" heads-up", func(t *testing.T) {
					// Seat 0 the button; who posts which blind is the profile's.
					sb, bb := 1, 0
					if r.Options.HeadsUp == profile.HeadsUpButtonSmallBlind {
						sb, bb = 0, 1
					}
					stacks := map[int]int64{sb: short, bb: 1000}
					s := startAnswerable(t, r, stacks, hand.Post{Seat: sb, Kind: hand.SmallBlind}, hand.Post{Seat: bb, Kind: hand.BigBlind})
					goAllIn(t, s, sb, short)
					closedFor(t, s, bb)
				})
				t.Run(label+" three-handed, the other folds", func(t *testing.T) {
					s := startAnswerable(t, r, map[int]int64{0: short, 1: 1000, 2: 1000},
						hand.Post{Seat: 1, Kind: hand.SmallBlind}, hand.Post{Seat: 2, Kind: hand.BigBlind})
					goAllIn(t, s, 0, short)
					apply(t, s, hand.Action{Seat: 1, Kind: betting.Fold})
					closedFor(t, s, 2)
				})
				t.Run(label+" three-handed, the other calls (control)", func(t *testing.T) {
					s := startAnswerable(t, r, map[int]int64{0: short, 1: 1000, 2: 1000},
						hand.Post{Seat: 1, Kind: hand.SmallBlind}, hand.Post{Seat: 2, Kind: hand.BigBlind})
					goAllIn(t, s, 0, short)
					apply(t, s, hand.Action{Seat: 1, Kind: betting.Call})
					if !offersMore(s.Legal(2, nil)) {
						t.Fatalf("seat 1 has chips behind to answer a raise, but seat 2 is offered none: %+v", s.Legal(2, nil))
					}
				})
			}
		}
	}
}

func startAnswerable(t *testing.T, r profile.Rules, stacks map[int]int64, posts ...hand.Post) *hand.State {
	t.Helper()
	su := hand.Setup{ID: "h", Button: 0, Shoe: card.Deck(1), Posts: posts}
	for seat := range len(stacks) {
		su.Players = append(su.Players, hand.Player{Seat: seat, Stack: stacks[seat]})
	}
	s := new(hand.State)
	if _, err := Start(r, su, s); err != nil {
		t.Fatal(err)
	}
	return s
}

func apply(t *testing.T, s *hand.State, a hand.Action) {
	t.Helper()
	if _, err := Apply(s, a); err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
}

// goAllIn has seat put his whole stack in as the raise it is.
func goAllIn(t *testing.T, s *hand.State, seat int, stack int64) {
	t.Helper()
	if s.ToAct() != seat {
		t.Fatalf("seat %d to act, want %d", s.ToAct(), seat)
	}
	for _, l := range s.Legal(seat, nil) {
		switch {
		case l.Kind == betting.AllIn:
			apply(t, s, hand.Action{Seat: seat, Kind: betting.AllIn, Amount: l.Max})
			return
		case (l.Kind == betting.Raise || l.Kind == betting.Bet) && l.Max >= stack:
			apply(t, s, hand.Action{Seat: seat, Kind: l.Kind, Amount: stack})
			return
		}
	}
	t.Fatalf("seat %d cannot go all in for %d: %+v", seat, stack, s.Legal(seat, nil))
}

// closedFor checks that seat may only call or fold, and that a raise, a
// bet and an all-in beyond the call are refused with a reason and change
// nothing.
func closedFor(t *testing.T, s *hand.State, seat int) {
	t.Helper()
	if s.ToAct() != seat {
		t.Fatalf("seat %d to act, want %d", s.ToAct(), seat)
	}
	legal := s.Legal(seat, nil)
	if offersMore(legal) {
		t.Fatalf("every other player is all in for no more than seat %d faces, yet he is offered %+v", seat, legal)
	}
	before, _ := json.Marshal(s)
	for _, a := range []hand.Action{
		{Seat: seat, Kind: betting.Raise, Amount: 600},
		{Seat: seat, Kind: betting.Bet, Amount: 600},
		{Seat: seat, Kind: betting.AllIn, Amount: 1000},
	} {
		_, err := Apply(s, a)
		if err == nil || apierr.Reason(err) == "" {
			t.Fatalf("%+v: accepted or refused without a reason (%v)", a, err)
		}
		if after, _ := json.Marshal(s); string(after) != string(before) {
			t.Fatalf("the refused %+v changed the hand", a)
		}
	}
}

// offersMore reports whether legal puts in more than a call.
func offersMore(legal []betting.Legal) bool {
	for _, l := range legal {
		if l.Kind == betting.Raise || l.Kind == betting.Bet || l.Kind == betting.AllIn {
			return true
		}
	}
	return false
}
