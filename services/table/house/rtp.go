package house

import (
	"fmt"
	"math/big"
)

// Method is how a return to player was found.
type Method string

// Methods.
const (
	// ExactEnumeration: every result counted once with its probability
	// (the wheel's pockets or fields, every hand a side bet is settled
	// on). Exact, with the fraction.
	ExactEnumeration Method = "exact_enumeration"
	// ExactCombinatorial: a combinatorial analysis of every deal
	// (shared/rtp/blackjack, shared/rtp/casinopoker, shared/rtp/studpoker).
	ExactCombinatorial Method = "exact_combinatorial"
	// Simulation: a Monte Carlo simulation, with its standard error.
	Simulation Method = "simulation"
	// NotComputed: the table has options no calculator prices.
	NotComputed Method = "not_computed"
)

// Units of a return: what one unit staked is.
const (
	// UnitBet: the stake itself (the wheels, side bets, insurance).
	UnitBet = "bet"
	// UnitInitialStake: blackjack's initial stake (doubles and splits
	// not counted).
	UnitInitialStake = "initial stake"
	// UnitAnte: a casino poker main game's Ante (Blind, Call, Play, Bet
	// not counted).
	UnitAnte = "ante"
)

// Return is one return-to-player figure: what a bet returns, stake
// included, per unit of its opening stake, on average over every result,
// under Strategy. House edge = 1 − RTP.
type Return struct {
	// Bet is the bet the figure is of: "" for a table's figure, else the
	// roulette kind, the money wheel box, "main", "insurance", the side
	// bet.
	Bet string `json:"bet,omitempty"`
	// RTP is the return as a fraction (0 when not computed); Exact the
	// same as a reduced fraction ("36/37") when the method is an exact
	// enumeration.
	RTP    float64 `json:"rtp"`
	Exact  string  `json:"exact,omitempty"`
	Method Method  `json:"method"`
	// Strategy is the reference strategy the figure assumes, in words.
	Strategy string `json:"strategy,omitempty"`
	// SE is a simulated figure's standard error; Rounds its rounds.
	SE     float64 `json:"se,omitempty"`
	Rounds int64   `json:"rounds,omitempty"`
	// Unit is what one unit staked is (UnitBet, UnitInitialStake,
	// UnitAnte).
	Unit string `json:"unit,omitempty"`
	// PerTotalStake is the return per unit of everything staked, where
	// the stake grows with the player's decisions (0: not computed).
	PerTotalStake float64 `json:"per_total_stake,omitempty"`
	// Unpriced are the options (by their create-request names) that move
	// this return and that no calculator prices.
	Unpriced []string `json:"unpriced,omitempty"`
}

// ExactReturn is an exactly enumerated figure of bet.
func ExactReturn(bet string, q *big.Rat, strategy, unit string) Return {
	f, _ := q.Float64()
	return Return{Bet: bet, RTP: f, Exact: q.RatString(), Method: ExactEnumeration, Strategy: strategy, Unit: unit}
}

// Known reports a computed figure.
func (r Return) Known() bool { return r.Method != NotComputed && r.Method != "" }

// Rat is the figure as a rational: the exact fraction when there is one,
// else the float's value.
func (r Return) Rat() *big.Rat {
	if q, ok := new(big.Rat).SetString(r.Exact); ok && r.Exact != "" {
		return q
	}
	q := new(big.Rat)
	q.SetFloat64(r.RTP)
	return q
}

// HouseEdge is 1 − RTP, exact when the figure is.
func (r Return) HouseEdge() *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), r.Rat()) }

// HouseEdgeText writes HouseEdge as a record keeps it: the reduced
// fraction when the figure is exact ("1/37"), else a decimal to 12 places.
func (r Return) HouseEdgeText() string {
	if r.Exact != "" {
		return r.HouseEdge().RatString()
	}
	return r.HouseEdge().FloatString(12)
}

// Percent is the figure in percent to four decimals ("97.2973").
func (r Return) Percent() string {
	if !r.Known() {
		return ""
	}
	return new(big.Rat).Mul(r.Rat(), big.NewRat(100, 1)).FloatString(4)
}

// String is the figure as a message shows it: "97.2973 % (36/37, exact
// enumeration)", "99.5 % ± 0.03 % (simulation, 1000000 rounds)".
func (r Return) String() string {
	switch {
	case !r.Known():
		return fmt.Sprintf("not computed (unpriced options %v)", r.Unpriced)
	case r.Method == Simulation:
		return fmt.Sprintf("%s %% ± %.4f %% (simulation, %d rounds)", r.Percent(), 100*r.SE, r.Rounds)
	case r.Exact != "":
		return fmt.Sprintf("%s %% (%s, %s)", r.Percent(), r.Exact, r.Method)
	}
	return fmt.Sprintf("%s %% (%s)", r.Percent(), r.Method)
}

// Returns are a table's return to player as computed when it was created
// (package services/table/rtp): the table's figure, the best a player can
// get at it, and each bet's.
type Returns struct {
	Table Return   `json:"table"`
	Bets  []Return `json:"bets,omitempty"`
}

// HouseEdgeOverride records a table opened although its house edge was
// below the minimum the service required, or could not be computed, on
// an operator's explicit override.
type HouseEdgeOverride struct {
	// Refusal is the refusal the override lifted: ReasonHouseEdgeBelowMinimum
	// or ReasonHouseEdgeUnknown.
	Refusal string `json:"refusal"`
	// HouseEdge is the table's (Return.HouseEdgeText: "1/37" when exact,
	// else a decimal), "" when unknown; Minimum the service's minimum as a
	// reduced fraction ("1/200").
	HouseEdge string `json:"house_edge,omitempty"`
	Minimum   string `json:"minimum"`
	// Reason is the operator's; Operator who created the table.
	Reason   string `json:"reason"`
	Operator string `json:"operator,omitempty"`
	// At is when (ms).
	At int64 `json:"at"`
}
