// Package banked ranks the hands of the house-banked poker games: the
// player against the dealer, the dealer's qualification ("minimum game"),
// the paytable line each hand hits, Russian poker's two combinations,
// Split poker's small hands and the side bets decided by hand rank (AA
// Bonus, Bonus, Royal Bonus, Trips).
//
// It says what the hands are; settlement (multiples, pushes, fees, caps)
// belongs to the table service's banked-game engines, which hold the
// operator's paytables.
package banked

import (
	"fmt"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/reason"
)

// Game is a house-banked poker game.
type Game uint8

// The banked games of docs/rules.
const (
	// CasinoHoldem: docs/rules/gr-casino-holdem.md. Best five of seven; the dealer
	// qualifies with a pair of fours; AA Bonus on the first five cards.
	CasinoHoldem Game = iota + 1
	// CasinoTexasHoldem: docs/rules/cz-casino-texas-holdem.md (Ultimate-style). Best
	// five of seven; the dealer qualifies with any pair; Blind and Trips
	// paytables on the final hand.
	CasinoTexasHoldem
	// TexasHoldemVsCasino: docs/rules/ru-texas-holdem-casino.md. Two hole cards and
	// three board cards (§3.21, N1 default; Options.BestOfSeven is the
	// alternative), for the player and the dealer alike; the dealer
	// qualifies with a pair of fours; Bonus on the first five cards.
	TexasHoldemVsCasino
	// Oasis: docs/rules/ru-oasis-poker.md. Five cards each; the dealer qualifies with
	// Ace-King; Royal Bonus on the first five dealt.
	Oasis
	// Russian: docs/rules/ru-russian-poker.md. Five or six player cards, five dealer
	// cards; the dealer qualifies with Ace-King; up to two combinations;
	// Royal Bonus on the first five dealt.
	Russian
	// Split: docs/rules/ru-split-poker.md. A five-card big hand and a two-card small
	// hand each; the dealer qualifies with a pair of twos; Royal Bonus on
	// the first five dealt.
	Split
)

func (g Game) String() string {
	switch g {
	case CasinoHoldem:
		return "casino hold'em"
	case CasinoTexasHoldem:
		return "casino texas hold'em"
	case TexasHoldemVsCasino:
		return "texas hold'em vs casino"
	case Oasis:
		return "oasis poker"
	case Russian:
		return "russian poker"
	case Split:
		return "split poker"
	}
	return fmt.Sprintf("Game(%d)", uint8(g))
}

// Qualifier returns the game's dealer qualification rule.
func (g Game) Qualifier() Qualifier {
	switch g {
	case CasinoHoldem, TexasHoldemVsCasino:
		return PairOfFoursOrBetter
	case CasinoTexasHoldem, Split:
		return AnyPair
	case Oasis, Russian:
		return AceKingOrBetter
	}
	return 0
}

// Hand is one box against the dealer. Leave Dealer empty to rank the
// player's side alone (for example the AA Bonus at the flop).
type Hand struct {
	// Player: 2 hole cards (the hold'em games), 5 (Oasis, Split's big
	// hand) or 5..6 (Russian, after an exchange or a sixth card).
	Player []card.Card
	// Dealer: 2 hole cards (hold'em games) or 5 cards; or none.
	Dealer []card.Card
	// Board: hold'em games only, 3 (flop) or 5 cards.
	Board []card.Card
	// FirstFive: the five cards first dealt to the box, for the Royal
	// Bonus (Oasis, Russian, Split). Empty means Player, when it has five.
	FirstFive []card.Card
	// PlayerSmall and DealerSmall: Split poker's two-card small hands.
	PlayerSmall, DealerSmall []card.Card
}

// Options are the rule-profile options of the banked games.
type Options struct {
	// BestOfSeven ranks TexasHoldemVsCasino hands as the best five of
	// seven instead of exactly two hole cards and three board cards
	// (docs/rules/ru-texas-holdem-casino.md N1 alternative).
	BestOfSeven bool
	// RoyalBonus picks the Royal Bonus reading (default literal).
	RoyalBonus RoyalBonusRule
}

// Bonus is a side bet the player's cards win, with the line it pays on.
type Bonus struct {
	Bet  string // "aa_bonus", "bonus", "royal_bonus", "trips", "blind"
	Line Line
}

// Result is what the hands are; the table service settles from it.
type Result struct {
	Player, Dealer         rank.Hand // the five cards each side plays
	PlayerLine, DealerLine Line
	DealerQualifies        bool
	// Comparison is +1 when the player's hand is higher, -1 when the
	// dealer's is, 0 when they are equal (suits never count) or when no
	// dealer hand was given.
	Comparison int
	// Main and Second are Russian poker's combinations; Second.Line is
	// NoLine when the box has none. Main is set for the other games too.
	Main, Second Combination
	// SmallComparison is Split poker's small-hand result, decided only when
	// the dealer qualifies and the player's big hand is higher: +1 when the
	// player's small hand is higher or equal (equal favours the player,
	// docs/rules/ru-split-poker.md §4.2 rule 4: the Bet is paid), -1 when the dealer's
	// is higher (the Ante is paid), 0 when not compared.
	SmallComparison int
	Bonuses         []Bonus
}

// Evaluate ranks a box against the dealer under the game's rules.
// Invalid hands return an *apierr.Error (reasons in package reason).
func Evaluate(g Game, h Hand, o Options) (Result, error) {
	if err := check(g, h); err != nil {
		return Result{}, err
	}
	var r Result
	var first []card.Card
	switch g {
	case CasinoHoldem, CasinoTexasHoldem, TexasHoldemVsCasino:
		eval := rank.GameHigh
		if g == TexasHoldemVsCasino && !o.BestOfSeven {
			eval = rank.GameTwoPlusThree
		}
		r.Player = eval.Describe(h.Player, h.Board)
		if len(h.Dealer) > 0 {
			r.Dealer = eval.Describe(h.Dealer, h.Board)
		}
		switch g {
		case CasinoHoldem:
			if l := AABonus(h.Player, h.Board[:3]); l != NoLine {
				r.Bonuses = append(r.Bonuses, Bonus{"aa_bonus", l})
			}
		case TexasHoldemVsCasino:
			if l := HoldemBonus(h.Player, h.Board[:3]); l != NoLine {
				r.Bonuses = append(r.Bonuses, Bonus{"bonus", l})
			}
		case CasinoTexasHoldem:
			// docs/rules/cz-casino-texas-holdem.md §6: Trips pays three of a kind or
			// better on the final hand; Blind pays a straight or better
			// (when the player wins; settlement decides).
			if c := r.Player.Category(); len(h.Board) == 5 && c >= rank.Trips {
				r.Bonuses = append(r.Bonuses, Bonus{"trips", LineOf(r.Player.Value)})
				if c >= rank.Straight {
					r.Bonuses = append(r.Bonuses, Bonus{"blind", LineOf(r.Player.Value)})
				}
			}
		}
	case Oasis, Split:
		r.Player = rank.Describe(h.Player...)
		if len(h.Dealer) > 0 {
			r.Dealer = rank.Describe(h.Dealer...)
		}
		first = h.Player
	case Russian:
		r.Player = rank.Describe(h.Player...)
		if len(h.Dealer) > 0 {
			r.Dealer = rank.Describe(h.Dealer...)
		}
		var ok bool
		r.Main, r.Second, ok = RussianCombinations(h.Player)
		if !ok {
			r.Second = Combination{}
		}
		if len(h.Player) == 5 {
			first = h.Player
		}
	}
	if g == Oasis || g == Russian || g == Split {
		if len(h.FirstFive) == 5 {
			first = h.FirstFive
		}
		if first != nil {
			if l := RoyalBonus(first, o.RoyalBonus); l != NoLine {
				r.Bonuses = append(r.Bonuses, Bonus{"royal_bonus", l})
			}
		}
	}
	if g != Russian {
		r.Main = Combination{Line: LineOf(r.Player.Value), strength: uint32(r.Player.Value)}
	}
	r.PlayerLine = LineOf(r.Player.Value)
	if len(h.Dealer) > 0 {
		r.DealerLine = LineOf(r.Dealer.Value)
		r.DealerQualifies = g.Qualifier().Qualifies(r.Dealer.Value)
		switch {
		case r.Player.Value > r.Dealer.Value:
			r.Comparison = 1
		case r.Player.Value < r.Dealer.Value:
			r.Comparison = -1
		}
		if g == Split && r.DealerQualifies && r.Comparison > 0 && len(h.PlayerSmall) == 2 && len(h.DealerSmall) == 2 {
			r.SmallComparison = 1
			if CompareSmall([2]card.Card(h.PlayerSmall), [2]card.Card(h.DealerSmall)) < 0 {
				r.SmallComparison = -1
			}
		}
	}
	return r, nil
}

// check validates the card counts of the game and that no card repeats
// (FirstFive may repeat the player's own cards: it is the same deal).
func check(g Game, h Hand) error {
	count := func(what string, cs []card.Card, ok ...int) error {
		for _, n := range ok {
			if len(cs) == n {
				return nil
			}
		}
		return apierr.Invalid(reason.WrongCardCount, "%s: %d %s cards, want %v", g, len(cs), what, ok)
	}
	var errs []error
	switch g {
	case CasinoHoldem, CasinoTexasHoldem, TexasHoldemVsCasino:
		errs = append(errs, count("player", h.Player, 2), count("dealer", h.Dealer, 0, 2), count("board", h.Board, 3, 5))
	case Oasis:
		errs = append(errs, count("player", h.Player, 5), count("dealer", h.Dealer, 0, 5))
	case Russian:
		errs = append(errs, count("player", h.Player, 5, 6), count("dealer", h.Dealer, 0, 5))
	case Split:
		errs = append(errs, count("player", h.Player, 5), count("dealer", h.Dealer, 0, 5),
			count("player small", h.PlayerSmall, 0, 2), count("dealer small", h.DealerSmall, 0, 2))
	default:
		return apierr.Invalid(reason.UnknownGame, "unknown banked game %d", uint8(g))
	}
	if g == CasinoHoldem || g == CasinoTexasHoldem || g == TexasHoldemVsCasino {
		// A showdown needs the whole board; the flop alone ranks the
		// first-five side bets.
		if len(h.Dealer) > 0 && len(h.Board) != 5 {
			errs = append(errs, apierr.Invalid(reason.WrongCardCount, "%s: the dealer's hand needs all 5 board cards", g))
		}
	} else if len(h.Board) != 0 {
		errs = append(errs, apierr.Invalid(reason.WrongCardCount, "%s has no board", g))
	}
	if g == Oasis || g == Russian || g == Split {
		errs = append(errs, count("first five", h.FirstFive, 0, 5))
	} else if len(h.FirstFive) != 0 {
		errs = append(errs, apierr.Invalid(reason.WrongCardCount, "%s takes no first-five cards", g))
	}
	if g != Split && len(h.PlayerSmall)+len(h.DealerSmall) != 0 {
		errs = append(errs, apierr.Invalid(reason.WrongCardCount, "%s has no small hands", g))
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	if err := rank.CheckDistinct(h.Player, h.Dealer, h.Board, h.PlayerSmall, h.DealerSmall); err != nil {
		return reason.Of(err)
	}
	if err := rank.CheckDistinct(h.FirstFive, h.Dealer, h.Board, h.DealerSmall); err != nil {
		return reason.Of(err)
	}
	return nil
}
