// Package casinopoker computes the return to player (RTP) of the
// house-banked casino poker games exactly, by enumerating every deal:
//
//   - the Trips side bet of cz-casino-texas-holdem.md §6 (Trips: every
//     seven-card hand) and the AA Bonus of gr-casino-holdem.md §6.3
//     (AABonus: every five-card hand), and ru-texas-holdem-casino.md's
//     Bonus (HoldemBonus);
//   - Casino Hold'em, gr-casino-holdem.md (ComputeHoldem, GreekHoldem),
//     and ru-texas-holdem-casino.md, the same game with the two-plus-three
//     hand rule (RussianHoldem): the mean net of calling for every (hole,
//     flop), so the optimal call-or-fold decision and the return of any
//     strategy (HoldemResult.Play);
//   - the Czech Casino Texas Hold'em main game, cz-casino-texas-holdem.md
//     (ComputeCasinoTexas): the optimal strategy by backward induction over
//     the river, flop and pre-flop decisions, and a given strategy.
//
// Every figure is per unit of the bet for the side bets, and for the
// main games both per Ante (Return.PerAnte = 1 + mean net in Antes; how
// a house edge "per Ante" is quoted) and per everything staked
// (Return.PerStake). docs/rtp-casino-poker.md records the figures, the
// specs' and their comparison; tools/pokersim recomputes them.
//
// # Method
//
// Hands are ranked by shared/rank (rank.Best, rank.TwoPlusThree) and
// read by shared/rank/banked (banked.LineOf, banked.AABonus,
// banked.Qualifier); this package only counts.
//
// A brute force of a main game would settle every (hole, flop, turn,
// river, dealer holding): about 10^12 showdowns. Instead, for each of the
// 134,459 classes of five-card boards under the permutations of the suits
// (every figure here is blind to which suit is which), the 1,081
// holdings of the 47 other cards are ranked once and sorted; a sweep in
// rank order with a counter per card gives, for each holding as the
// player's, the dealer holdings (of the 45 cards beside it) below, level
// with and above it, and how many of each fail to qualify: the holdings
// passed, less those passed that hold either of its two cards (none can
// hold both but itself). The qualifiers are thresholds on the rank
// order. From these counts follows, in closed form, the net of any bet
// summed over the 990 dealer holdings (callNet, texasNet; checked against
// a settlement of each dealer holding by the spec's table in the tests).
//
// Each board holds ten flops. The net is added, weighed by the board
// class's size, to a table of (flop, holding) sums; a flop is first
// carried, with the holdings, onto one flop of its kind (1,755 kinds), so
// the table is 1,755 × 1,326 sums. Averaging over the suit permutations
// that fix the kind's flop makes each sum the true sum over the 1,081
// turns and rivers (flopTable.symmetrize). The optimal decision at the
// flop compares it with the fold's. The sums are of whole numbers of
// eighths (paytables are validated so), hence exact and independent of
// the order the workers add them in.
//
// ComputeHoldem takes 8–15 s of two cores (0.1 GB). ComputeCasinoTexas
// keeps five sums per (flop, holding) and prices a given strategy's river
// decision on every (board, holding): 40 s for the optimal strategy alone,
// one and a half to six minutes (on two shared, loaded cores) with
// SimpleCasinoTexas's river rule, which counts the dealer's outs.
//
// # Strategies
//
// The specs state no strategy. SimpleHoldem and SimpleCasinoTexas are
// this package's, simple enough to play from memory; SimplePreflop is the
// optimal Casino Texas Hold'em pre-flop chart (the tests check it against
// the computed one). The Czech dealer's first card is dealt face up
// (cz-casino-texas-holdem.md §4 step 2, §9.4); no strategy here uses it,
// so the Czech figures are those of a player who ignores it, and a player
// who uses it does at least as well.
//
// # Checking by simulation
//
// SimulateHoldem and SimulateCasinoTexas deal rounds from a fresh deck and
// settle them by the spec's tables (settleCall, settle) from the two
// hands' ranks: none of the enumeration's counting or suit classes. The
// tests pin the exact figures and check that 2,000,000 simulated rounds
// agree within 3.5 standard errors, and that a neighbouring game does
// not.
package casinopoker
