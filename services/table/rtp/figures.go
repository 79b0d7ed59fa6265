package rtp

import (
	"math/big"

	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/rtp/casinopoker"
	"github.com/croupier/croupier/shared/rtp/studpoker"
)

// The casino poker main games' figures for the paytables and options the
// engines ship, precomputed: the exact ones take from ten seconds
// (Casino Hold'em) to minutes (Casino Texas Hold'em) and the simulations a
// minute each, too long for a table's creation. figures_test.go recomputes
// every one (the long ones with CROUPIER_RTP_EXACT=1, `make
// rtp-agreement`); docs/rtp-casino-poker.md records how.

// mainFigure is a main game's return under one strategy, per round in
// Antes.
type mainFigure struct {
	// net is the mean net result, stake the mean staked (Ante and
	// everything the strategy adds).
	net, stake float64
	// A simulated figure: its rounds (seeded as the test says), the sum of
	// their nets in Antes (whole: the figure the test pins), the standard
	// error of net.
	rounds, sum int64
	se          float64
	// An exactly enumerated figure's net as the fraction num / den.
	num, den int64
}

// ret is the figure as a return of the main game.
func (f mainFigure) ret(strategy string) house.Return {
	r := house.Return{Bet: "main", RTP: 1 + f.net, Method: house.ExactCombinatorial, Strategy: strategy, Unit: house.UnitAnte,
		PerTotalStake: (f.stake + f.net) / f.stake}
	switch {
	case f.rounds > 0:
		r.Method, r.SE, r.Rounds = house.Simulation, f.se, f.rounds
	case f.den > 0:
		q := big.NewRat(f.den+f.num, f.den)
		r.RTP, _ = q.Float64()
		r.Exact, r.Method = q.RatString(), house.ExactEnumeration
	}
	return r
}

// simFigure is a simulated figure from its sum.
func simFigure(rounds, sum int64, se, stake float64) mainFigure {
	return mainFigure{net: float64(sum) / float64(rounds), stake: stake, rounds: rounds, sum: sum, se: se}
}

// holdemFigure is a main game's optimal and simple strategies' figures.
type holdemFigure struct{ optimal, simple mainFigure }

// holdemFigures are ComputeHoldem's, by holdemKey: gr-casino-holdem.md
// as written, and ru-texas-holdem-casino.md's default (two hole cards and
// three of the board, N1; the placeholder Ante table of §7).
var holdemFigures = map[string]holdemFigure{
	holdemKey(casinopoker.GreekHoldem()): {
		optimal: mainFigure{net: -0.021576458362, stake: 2.639811616954},
		simple:  mainFigure{net: -0.035678873253, stake: 2.571174931511},
	},
	holdemKey(casinopoker.RussianHoldem()): {
		optimal: mainFigure{net: -0.041589745572, stake: 2.587571336227},
		simple:  mainFigure{net: -0.054285889992, stake: 2.571174931511},
	},
}

// texasFigures are ComputeCasinoTexas's, by the Blind table:
// cz-casino-texas-holdem.md as written.
var texasFigures = map[string]holdemFigure{
	casinopoker.CzechCasinoTexas().Blind.String(): {
		optimal: mainFigure{net: -0.021849713763, stake: 4.152209545741},
		simple:  mainFigure{net: -0.023814000224, stake: 4.163320173725},
	},
}

// studFigure is a stud game's main figures: buying the dealer's game by
// the numbers (simulated) and never buying (exact), or Split's simple
// strategy (simulated).
type studFigure struct{ buy, never mainFigure }

// returns lists the figures as returns of the main game.
func (f studFigure) returns() []house.Return {
	if f.never.den == 0 {
		return []house.Return{f.buy.ret(splitSimple)}
	}
	return []house.Return{f.buy.ret(studBuy), f.never.ret(studNeverBuy)}
}

// The stud simulations: 10^8 rounds each, seeded as
// docs/rtp-casino-poker.md's runs (Oasis 1, Russian 2, Split 3).
const (
	studRounds                               = 100_000_000
	oasisSeed, russianSeed, splitSeed uint64 = 1, 2, 3
)

// studFigures are shared/rtp/studpoker's, by studKey, on the placeholder
// tables the engines ship (Oasis and Russian poker's Bet table, Split
// poker's "Bet or Ante" table).
var studFigures = map[string]studFigure{
	studKey(studpoker.Oasis, studpoker.PlaceholderBet()): {
		buy:   simFigure(studRounds, -5_271_338, 0.000231601425, 2.12948493),
		never: mainFigure{num: -226_520_040_708, den: 3_986_646_103_440, net: -226_520_040_708.0 / 3_986_646_103_440, stake: 2.126373626374},
	},
	studKey(studpoker.Russian, studpoker.PlaceholderBet()): {
		buy:   simFigure(studRounds, -18_712_294, 0.000210285500, 2.12960336),
		never: mainFigure{num: -761_270_260_996, den: 3_986_646_103_440, net: -761_270_260_996.0 / 3_986_646_103_440, stake: 2.126373626374},
	},
	studKey(studpoker.Split, studpoker.SplitPays()): {
		buy: simFigure(studRounds, -35_091_321, 0.000168812925, 1.99786094),
	},
}
