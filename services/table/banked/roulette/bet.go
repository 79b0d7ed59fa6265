package roulette

import (
	"fmt"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// maxStake bounds one stake so that no payout overflows (35 × maxStake
// summed over a round's bets stays far inside int64), whatever the limits.
const maxStake = 1 << 48

// Kind is a kind of bet: the layout bets with their payouts, and the
// announced bets, which are bundles of layout bets.
type Kind uint8

// Bet kinds.
const (
	Straight Kind = iota + 1
	Split
	// Street is a row of three, or a trio with a zero (same payout).
	Street
	// Corner is four numbers, or the first four 0/1/2/3.
	Corner
	SixLine
	// TopLine is 0-00-1-2-3 on the 0/00 wheel.
	TopLine
	Dozen
	Column
	EvenChance
	Neighbours
	ZeroGame
	Voisins
	Tiers
	Orphelins
)

var kindNames = round.Enum[Kind]{Type: "bet kind", Names: []string{"", "straight", "split", "street", "corner", "sixline", "topline", "dozen", "column",
	"even_chance", "neighbours", "zero_game", "voisins", "tiers", "orphelins"}}

func (k Kind) String() string { return kindNames.String(k) }

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return kindNames.Text(k) }

// Announced reports a racetrack bet (a bundle of pieces).
func (k Kind) Announced() bool { return k >= Neighbours }

// Ratio is what one unit on a winning layout bet of kind k wins, the stake
// staying the player's (cz §3, ru §4.1, §5.2): 35, 17, 11, 8, 5, 2, 2, 1,
// and 6 for the top line.
func (k Kind) Ratio() int64 {
	switch k {
	case Straight:
		return 35
	case Split:
		return 17
	case Street:
		return 11
	case Corner:
		return 8
	case TopLine:
		return 6
	case SixLine:
		return 5
	case Dozen, Column:
		return 2
	case EvenChance:
		return 1
	}
	return 0
}

// Spot is a parsed bet position.
type Spot struct {
	Kind Kind
	// Name is the canonical spot: what round.Bet.Spot holds.
	Name string
	// covers is what a layout bet wins on; for an announced bet, the union
	// of its pieces.
	covers set
	// center is the number of a neighbours bet.
	center Number
}

// Numbers lists the numbers the spot covers, in layout order.
func (s Spot) Numbers() []Number { return s.covers.numbers() }

// Covers reports whether the spot covers n.
func (s Spot) Covers(n Number) bool { return s.covers.has(n) }

func layoutSpot(k Kind, s set) Spot { return Spot{Kind: k, Name: layoutName(k, s), covers: s} }

// badSpot is the error of a spot that names no bet of the table.
func badSpot(spot, format string, args ...any) error {
	if len(spot) > 40 {
		spot = spot[:40] + "…"
	}
	return apierr.Invalid(round.ReasonBadSpot, "spot %q: %s", spot, fmt.Sprintf(format, args...))
}

// ParseSpot reads a spot ("straight:17", "split:5-2", "voisins") into its
// canonical form, checking it against the table's layout: its wheel, and
// the bets the table offers. An unknown or impossible spot is a BAD_SPOT
// error.
func ParseSpot(r Rules, s string) (Spot, error) {
	name, arg, hasArg := strings.Cut(s, ":")
	switch name {
	case "red", "black", "odd", "even", "low", "high":
		if hasArg {
			return Spot{}, badSpot(s, "%s takes no argument", name)
		}
		return evenChance(name), nil
	case "dozen", "column":
		if len(arg) != 1 || arg[0] < '1' || arg[0] > '3' {
			return Spot{}, badSpot(s, "want %s:1, %s:2 or %s:3", name, name, name)
		}
		if name == "dozen" {
			return dozenSpot(int(arg[0] - '0')), nil
		}
		return columnSpot(int(arg[0] - '0')), nil
	case "topline":
		if hasArg && arg != "0-00-1-2-3" {
			return Spot{}, badSpot(s, "the top line is 0-00-1-2-3")
		}
		if r.Wheel != DoubleZero || !r.Options.TopLine {
			return Spot{}, badSpot(s, "the table does not offer the top line")
		}
		return layoutSpot(TopLine, topLine), nil
	case "straight", "split", "street", "trio", "corner", "sixline":
		if !hasArg {
			return Spot{}, badSpot(s, "%s needs its numbers", name)
		}
		return parseInside(r.Wheel, s, name, arg)
	}
	return parseAnnounced(r, s, name, arg, hasArg)
}

// parseInside reads the numbers of an inside bet and checks that they lie
// on the layout as the bet needs (adjacency, not just the count).
func parseInside(w WheelType, spot, name, arg string) (Spot, error) {
	parts := strings.Split(arg, "-")
	if len(parts) > 6 {
		return Spot{}, badSpot(spot, "too many numbers")
	}
	var s set
	for _, p := range parts {
		n, ok := parseNumber(p, w)
		if !ok {
			return Spot{}, badSpot(spot, "%q is not a number of the %s layout", p, w)
		}
		if s.has(n) {
			return Spot{}, badSpot(spot, "%v twice", n)
		}
		s |= setOf(n)
	}
	ns := s.numbers()
	var k Kind
	ok := false
	switch {
	case name == "straight" && len(ns) == 1:
		k, ok = Straight, true
	case name == "split" && len(ns) == 2:
		k, ok = Split, adjacent(w, ns[0], ns[1])
	case (name == "street" || name == "trio") && len(ns) == 3:
		k, ok = Street, isStreet(w, ns)
	case name == "corner" && len(ns) == 4:
		k, ok = Corner, isCorner(w, s)
	case name == "sixline" && len(ns) == 2:
		// First and last number: sixline:16-21 is 16 to 21.
		a := ns[0]
		if !a.zero() && ns[1] == a+5 {
			s = rangeSet(int(a), int(a)+5, 1)
		}
		k, ok = SixLine, !a.zero() && isSixLine(s)
	case name == "sixline" && len(ns) == 6:
		k, ok = SixLine, isSixLine(s)
	}
	if !ok {
		return Spot{}, badSpot(spot, "not a %s on the %s layout", name, w)
	}
	return layoutSpot(k, s), nil
}

// CheckBet parses a bet's spot and checks its amount against the limits:
// a layout bet within its kind's limit; an announced bet a multiple of its
// chip count (ru §4.2) with every piece within its own kind's limit.
func CheckBet(r Rules, b round.Bet) (Spot, error) {
	if b.ID == "" || b.Player == "" {
		return Spot{}, apierr.Invalid(round.ReasonBadBet, "a bet needs an id and a player")
	}
	sp, err := ParseSpot(r, b.Spot)
	if err != nil {
		return Spot{}, fmt.Errorf("bet %s: %w", b.ID, err)
	}
	outside := func(format string, args ...any) error {
		return apierr.Invalid(round.ReasonBetOutsideLimits, "bet %s on %s: %s", b.ID, sp.Name, fmt.Sprintf(format, args...))
	}
	if b.Amount <= 0 || b.Amount > maxStake {
		return Spot{}, outside("amount %d", b.Amount)
	}
	if !sp.Kind.Announced() {
		if lim := r.Limits.For(sp.Kind); !lim.Allows(b.Amount) {
			return Spot{}, outside("%d is outside %d–%d", b.Amount, lim.Min, lim.Max)
		}
		return sp, nil
	}
	units := sp.Units(r)
	if b.Amount%units != 0 {
		return Spot{}, outside("%d is not a multiple of its %d chips (ru-american-roulette.md §4.2)", b.Amount, units)
	}
	for _, p := range sp.Pieces(r) {
		stake := b.Amount / units * p.Chips
		if lim := r.Limits.For(p.Kind); !lim.Allows(stake) {
			return Spot{}, outside("piece %s of %d is outside %d–%d", p.Name, stake, lim.Min, lim.Max)
		}
	}
	return sp, nil
}
