// Package card is the one card notation every Croupier service shares.
//
// A card is written as a rank and a suit: "As", "Td", "2c". Ranks are
// 2 3 4 5 6 7 8 9 T J Q K A; suits are c d h s (clubs, diamonds, hearts,
// spades). Parsing is case-insensitive on the suit and accepts "10" for
// the ten; formatting is always the two-letter form, so Parse and String
// round-trip.
//
// In memory a Card is a small integer, rank*4 + suit, with the suits in the
// order clubs < diamonds < hearts < spades. That order is the stud
// tie-break order of docs/rules/gr-variant-5-card-stud.md (♠ > ♥ > ♦ > ♣), so two cards
// compare by rank first and suit second with a plain integer comparison.
package card

import (
	"errors"
	"fmt"
	"strings"
)

// Card is one playing card, 0..51. The zero value is the Two of clubs; use
// Valid to tell real cards from out-of-range values.
type Card uint8

// Rank is 0 (Two) .. 12 (Ace).
type Rank uint8

// Suit is 0 (clubs) .. 3 (spades).
type Suit uint8

// Ranks, lowest first.
const (
	Two Rank = iota
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
)

// Suits in stud tie-break order, lowest first.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// NumCards is the number of cards in one standard deck.
const NumCards = 52

const (
	rankChars = "23456789TJQKA"
	suitChars = "cdhs"
)

// Errors returned by Parse. Callers can test with errors.Is.
var (
	ErrBadNotation = errors.New("bad card notation")
	ErrDuplicate   = errors.New("duplicate card")
)

// New returns the card of rank r and suit s.
func New(r Rank, s Suit) Card { return Card(uint8(r)<<2 | uint8(s)) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c & 3) }

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool { return c < NumCards }

// String returns the two-letter notation, or "??" for an invalid card.
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return string([]byte{rankChars[c.Rank()], suitChars[c.Suit()]})
}

// Char returns the rank's notation character ('2'..'A').
func (r Rank) Char() byte { return rankChars[r] }

// Name returns the rank's English name ("Ace", "Ten").
func (r Rank) Name() string { return rankNames[r] }

// Plural returns the rank's English plural ("Aces", "Sixes").
func (r Rank) Plural() string { return rankPlurals[r] }

// Char returns the suit's notation character ('c', 'd', 'h', 's').
func (s Suit) Char() byte { return suitChars[s] }

// Name returns the suit's English name ("spades").
func (s Suit) Name() string { return suitNames[s] }

var (
	rankNames   = [13]string{"Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"}
	rankPlurals = [13]string{"Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces"}
	suitNames   = [4]string{"clubs", "diamonds", "hearts", "spades"}
)

// Parse reads one card in notation ("As", "td", "10h").
func Parse(s string) (Card, error) {
	if len(s) == 3 && s[0] == '1' && s[1] == '0' {
		s = "T" + s[2:]
	}
	if len(s) != 2 {
		return 0, fmt.Errorf("%w: %q: want rank and suit, like \"As\"", ErrBadNotation, s)
	}
	r := strings.IndexByte(rankChars, upper(s[0]))
	if r < 0 {
		return 0, fmt.Errorf("%w: %q: rank %q is not one of 23456789TJQKA", ErrBadNotation, s, s[0])
	}
	u := strings.IndexByte(suitChars, lower(s[1]))
	if u < 0 {
		return 0, fmt.Errorf("%w: %q: suit %q is not one of cdhs", ErrBadNotation, s, s[1])
	}
	return New(Rank(r), Suit(u)), nil
}

// MustParse is Parse for constants in tests and examples; it panics on a bad card.
func MustParse(s string) Card {
	c, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}

// ParseList reads cards from a slice of notations and rejects duplicates.
func ParseList(ss []string) ([]Card, error) {
	out := make([]Card, len(ss))
	var seen Set
	for i, s := range ss {
		c, err := Parse(s)
		if err != nil {
			return nil, err
		}
		if seen.Has(c) {
			return nil, fmt.Errorf("%w: %s", ErrDuplicate, c)
		}
		seen = seen.Add(c)
		out[i] = c
	}
	return out, nil
}

// ParseString reads cards separated by spaces or commas ("As Kd, 2c"), or
// written together ("AsKd2c"), and rejects duplicates.
func ParseString(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	var toks []string
	for _, f := range fields {
		if len(f) > 3 || (len(f) == 3 && !strings.HasPrefix(f, "10")) {
			if len(f)%2 != 0 {
				return nil, fmt.Errorf("%w: %q", ErrBadNotation, f)
			}
			for i := 0; i < len(f); i += 2 {
				toks = append(toks, f[i:i+2])
			}
			continue
		}
		toks = append(toks, f)
	}
	return ParseList(toks)
}

// Strings formats cards as notations.
func Strings(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// Join formats cards separated by single spaces.
func Join(cs []Card) string { return strings.Join(Strings(cs), " ") }

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

func lower(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b - 'A' + 'a'
	}
	return b
}
