package round

import (
	"errors"
	"fmt"
	"sort"
)

// Phase is where a round is.
type Phase uint8

// Phases.
const (
	// Betting: bets may be placed and cancelled.
	Betting Phase = iota + 1
	// Closed: no more bets; the result is awaited.
	Closed
	// Settled: the result is in and every stake has its line.
	Settled
	// Voided: the round did not take place; stakes are refunded or
	// carried into the next round.
	Voided
)

func (p Phase) String() string {
	switch p {
	case Betting:
		return "betting"
	case Closed:
		return "closed"
	case Settled:
		return "settled"
	case Voided:
		return "voided"
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// Over reports whether the round has ended (settled or voided).
func (p Phase) Over() bool { return p == Settled || p == Voided }

// Verdict is what a reported result (a spin, a deal) does to the round.
type Verdict uint8

// Verdicts. The zero Verdict is none: an event or a state without a
// result.
const (
	// Valid: the result stands and the round is settled on it.
	Valid Verdict = iota + 1
	// Void: the round is void; its bets are refunded or, where the game
	// lets a player keep them, carried into the next round.
	Void
	// Respin: the result does not count and the round goes back to
	// betting with its bets, to be closed and resulted again.
	Respin
	// Malformed: the report cannot be a result of the game; the engine
	// refuses it (BAD_SPIN) and the round waits for another.
	Malformed
)

var verdictNames = Enum[Verdict]{Type: "verdict", Names: []string{"", "valid", "void", "respin", "malformed"}}

func (v Verdict) String() string { return verdictNames.String(v) }

// MarshalText writes the verdict's name.
func (v Verdict) MarshalText() ([]byte, error) { return verdictNames.Text(v) }

// UnmarshalText reads a verdict's name.
func (v *Verdict) UnmarshalText(b []byte) error { return verdictNames.Parse(b, v) }

// Direction is which way a wheel or a ball turned, as the players see the
// wheel's face and as a live dealer's console reports it. The zero
// Direction is none: not reported (an RNG result turns no wheel).
type Direction uint8

// Directions.
const (
	Clockwise Direction = iota + 1
	Anticlockwise
)

var directionNames = Enum[Direction]{Type: "direction", Names: []string{"", "clockwise", "anticlockwise"}}

func (d Direction) String() string { return directionNames.String(d) }

// MarshalText writes the direction's name.
func (d Direction) MarshalText() ([]byte, error) { return directionNames.Text(d) }

// UnmarshalText reads a direction's name.
func (d *Direction) UnmarshalText(b []byte) error { return directionNames.Parse(b, d) }

// Bet is one stake a player placed in a round.
type Bet struct {
	// ID is the client's id for the bet, unique among the player's bets in
	// the round: a bet is known by its Player and ID, so that a retried
	// placement is recognised and a cancel names what it cancels.
	ID     string `json:"id"`
	Player string `json:"player"`
	// Spot is the game's canonical name of what the bet is on
	// ("straight:17", "split:2-5", "voisins", "cherries").
	Spot   string `json:"spot"`
	Amount int64  `json:"amount"`
}

// Line is what one stake did at settlement. A bundle bet (an announced
// roulette bet) has one line per piece, each with its own Spot and the
// bundle's BetID.
type Line struct {
	BetID  string `json:"bet_id"`
	Player string `json:"player"`
	Spot   string `json:"spot"`
	// Stake is the amount this line settles.
	Stake int64 `json:"stake"`
	// Won is paid from the house bank on top of the stake.
	Won int64 `json:"won,omitempty"`
	// Returned goes back to the player: a winning stake, a refund, the
	// excess over a limit.
	Returned int64 `json:"returned,omitempty"`
	// Lost is kept by the house.
	Lost int64 `json:"lost,omitempty"`
}

// Paid is what the player receives for the line.
func (l Line) Paid() int64 { return l.Won + l.Returned }

// Check reports a line that does not balance.
func (l Line) Check() error {
	if l.Stake < 0 || l.Won < 0 || l.Returned < 0 || l.Lost < 0 {
		return fmt.Errorf("bet %s %s: negative amount in %+v", l.BetID, l.Spot, l)
	}
	if l.Returned+l.Lost != l.Stake {
		return fmt.Errorf("bet %s %s: stake %d is not returned %d + lost %d", l.BetID, l.Spot, l.Stake, l.Returned, l.Lost)
	}
	return nil
}

// Settlement is a round's lines.
type Settlement struct {
	Lines []Line `json:"lines"`
}

// Check reports the first line that does not balance.
func (s Settlement) Check() error {
	var errs []error
	for _, l := range s.Lines {
		if err := l.Check(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Totals is one player's sums over a settlement.
type Totals struct {
	Player string `json:"player"`
	Stake  int64  `json:"stake"`
	Paid   int64  `json:"paid"`
}

// Net is the player's result: paid less staked.
func (t Totals) Net() int64 { return t.Paid - t.Stake }

// ByPlayer sums the lines per player, in player order: a player's stake
// and what he was paid over the lines given. Money moves by the events
// (doc.go); a settlement built from a round's State.Lines also holds the
// refunds of cancelled bets, which their cancel events have moved already,
// so it is a report, not a second transfer.
func (s Settlement) ByPlayer() []Totals {
	idx := map[string]int{}
	var out []Totals
	for _, l := range s.Lines {
		i, ok := idx[l.Player]
		if !ok {
			i = len(out)
			idx[l.Player] = i
			out = append(out, Totals{Player: l.Player})
		}
		out[i].Stake += l.Stake
		out[i].Paid += l.Paid()
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Player < out[b].Player })
	return out
}

// House is the house's result: stakes kept less winnings paid. Stakes in
// equal the payouts out plus the house result, for every round.
func (s Settlement) House() int64 {
	var h int64
	for _, l := range s.Lines {
		h += l.Lost - l.Won
	}
	return h
}

// Refund is a line that gives a whole stake back (a voided round, a late
// bet, a bet the dealer could not place).
func Refund(b Bet) Line {
	return Line{BetID: b.ID, Player: b.Player, Spot: b.Spot, Stake: b.Amount, Returned: b.Amount}
}

// Limit bounds one stake (a table sign's minimum and maximum for a kind of
// bet). A zero Max is no maximum.
type Limit struct {
	Min int64 `json:"min"`
	Max int64 `json:"max,omitempty"`
}

// Allows reports whether amount is within the limit.
func (l Limit) Allows(amount int64) bool {
	return amount >= max(l.Min, 1) && (l.Max == 0 || amount <= l.Max)
}

// Valid reports whether the limit is a range a table may set, under a
// cap on any one stake: neither bound negative, the maximum (if any) not
// below the minimum, the minimum not above the cap.
func (l Limit) Valid(most int64) bool {
	return l.Min >= 0 && l.Max >= 0 && (l.Max == 0 || l.Max >= l.Min) && l.Min <= most
}

// Bounds are the least and the most one stake may be under the limit and
// a cap on any one stake: the minimum, at least 1; the maximum, most
// where there is none or it is higher.
func (l Limit) Bounds(most int64) (lo, hi int64) {
	hi = most
	if l.Max > 0 {
		hi = min(l.Max, most)
	}
	return max(l.Min, 1), hi
}
