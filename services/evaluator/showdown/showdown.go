// Package showdown splits pots between the best hands: each pot goes to
// the best hand among the seats eligible for it, ties share it equally in
// multiples of the table's smallest chip, and the indivisible remainder
// goes where the rule profile's odd-chip rule says: the splitting is
// shared/split's, the one the table's engine settles its hands with. The
// amounts of a pot always sum to the pot.
package showdown

import (
	"fmt"
	"slices"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/reason"
	"github.com/croupier/croupier/shared/split"
)

// MaxTableSize bounds the table size a request may name.
const MaxTableSize = 64

// Pot is one pot (main or side) and the seats that may win it.
type Pot struct {
	// Amount in the smallest money unit.
	Amount int64
	// Eligible lists the seats that contest the pot (still in the hand and
	// all in for at least its level).
	Eligible []int
}

// Seat is a seat's cards at the showdown.
type Seat struct {
	Seat int
	// Hole holds the seat's own cards: 2 (Hold'em), 4 (Omaha), or a stud
	// hand's 5..7 cards.
	Hole []card.Card
}

// Request is one hand's showdown.
type Request struct {
	Game  rank.Game
	Pots  []Pot
	Seats []Seat
	// Board is the community cards (none in stud unless a shortage dealt
	// one).
	Board   []card.Card
	OddChip split.OddChip
	// Button is the dealer button's seat. Seats are numbered 1..TableSize
	// clockwise. HighestSuit does not need a button (0).
	Button    int
	TableSize int
	// ChipUnit is the table's smallest chip: every winner's share is a
	// multiple of it and only the remainder goes by the odd-chip rule
	// (gr-regulation-1 §6.6). 0 means 1.
	ChipUnit int64
}

// Award is what one seat wins from one pot.
type Award struct {
	Seat   int
	Amount int64
}

// PotResult is how one pot is split.
type PotResult struct {
	// Awards list the winners clockwise from the button; they sum to the
	// pot's Amount.
	Awards []Award
	// Winning is the winning hand's Value (0 for a pot nobody could win).
	Winning rank.Value
}

// Result is the whole showdown: one PotResult per pot in request order and
// every seat's hand.
type Result struct {
	Pots  []PotResult
	Hands map[int]rank.Hand
}

// Settle ranks every seat's hand and splits each pot. Errors are
// *apierr.Error with a reason from package reason; a rejected request
// computes nothing.
func Settle(req Request) (Result, error) {
	if err := validate(&req); err != nil {
		return Result{}, err
	}
	unit := req.ChipUnit
	if unit == 0 {
		unit = 1
	}
	res := Result{Hands: make(map[int]rank.Hand, len(req.Seats)), Pots: make([]PotResult, len(req.Pots))}
	for _, s := range req.Seats {
		res.Hands[s.Seat] = req.Game.Describe(s.Hole, req.Board)
	}
	for i, p := range req.Pots {
		var best rank.Value
		var winners []int
		for _, s := range p.Eligible {
			switch v := res.Hands[s].Value; {
			case v > best:
				best, winners = v, append(winners[:0], s)
			case v == best:
				winners = append(winners, s)
			}
		}
		res.Pots[i] = PotResult{Winning: best, Awards: divide(p.Amount, unit, req.clockwise(winners), req.OddChip, res.Hands)}
	}
	return res, nil
}

// clockwise orders seats starting with the first one after the button.
func (req *Request) clockwise(seats []int) []int {
	out := slices.Clone(seats)
	n := req.TableSize
	after := func(s int) int { return ((s-req.Button-1)%n + n) % n }
	slices.SortFunc(out, func(a, b int) int { return after(a) - after(b) })
	return out
}

// divide splits amount between winners (in clockwise order from the
// button) into their awards by rule.
func divide(amount, unit int64, winners []int, rule split.OddChip, hands map[int]rank.Hand) []Award {
	if len(winners) == 0 {
		return nil
	}
	top := 0
	if rule == split.HighestSuit {
		for i, s := range winners {
			if highCard(hands[s]) > highCard(hands[winners[top]]) {
				top = i
			}
		}
	}
	out := make([]Award, len(winners))
	for i, s := range winners {
		out[i] = Award{Seat: s, Amount: split.Share(amount, unit, len(winners), i, rule, top)}
	}
	return out
}

// highCard is the highest card of a hand's five by rank, then suit; the
// card integer order is exactly that.
func highCard(h rank.Hand) card.Card { return slices.Max(h.Cards[:]) }

func validate(req *Request) error {
	switch req.Game {
	case rank.GameHigh, rank.GameOmaha, rank.GameTwoPlusThree:
	default:
		return apierr.Invalid(reason.UnknownGame, "game %d is not a showdown game", uint8(req.Game))
	}
	switch req.OddChip {
	case split.FirstAfterButton, split.WorstPosition, split.HighestSuit, split.OneAtATime:
	default:
		return apierr.Invalid(reason.BadOption, "odd-chip rule %d is not known", uint8(req.OddChip))
	}
	if req.ChipUnit < 0 {
		return apierr.Invalid(reason.BadPot, "chip unit %d is negative", req.ChipUnit)
	}
	if req.TableSize < 2 || req.TableSize > MaxTableSize {
		return apierr.Invalid(reason.BadSeat, "table size %d, want 2 to %d", req.TableSize, MaxTableSize)
	}
	if req.OddChip != split.HighestSuit || req.Button != 0 {
		if req.Button < 1 || req.Button > req.TableSize {
			return apierr.Invalid(reason.BadSeat, "button seat %d is not one of 1..%d", req.Button, req.TableSize)
		}
	}
	if len(req.Seats) == 0 {
		return apierr.Invalid(reason.BadSeat, "no seat shows cards")
	}
	seen := map[int]bool{}
	lists := [][]card.Card{req.Board}
	for _, s := range req.Seats {
		if s.Seat < 1 || s.Seat > req.TableSize {
			return apierr.Invalid(reason.BadSeat, "seat %d is not one of 1..%d", s.Seat, req.TableSize)
		}
		if seen[s.Seat] {
			return apierr.Invalid(reason.BadSeat, "seat %d is listed twice", s.Seat)
		}
		seen[s.Seat] = true
		if err := req.Game.Check(s.Hole, req.Board); err != nil {
			return reason.Of(fmt.Errorf("seat %d: %w", s.Seat, err))
		}
		lists = append(lists, s.Hole)
	}
	if err := rank.CheckDistinct(lists...); err != nil {
		return reason.Of(err)
	}
	for i, p := range req.Pots {
		if p.Amount < 0 {
			return apierr.Invalid(reason.BadPot, "pot %d: amount %d is negative", i, p.Amount)
		}
		if len(p.Eligible) == 0 {
			return apierr.Invalid(reason.BadPot, "pot %d: no eligible seat", i)
		}
		in := map[int]bool{}
		for _, s := range p.Eligible {
			if !seen[s] {
				return apierr.Invalid(reason.BadPot, "pot %d: eligible seat %d shows no cards", i, s)
			}
			if in[s] {
				return apierr.Invalid(reason.BadPot, "pot %d: seat %d is eligible twice", i, s)
			}
			in[s] = true
		}
	}
	return nil
}
