// Package blackjack computes the return to player of a European no-hole-card
// blackjack table (docs/rules/cz-blackjack.md, docs/rules/ru-blackjack.md)
// for its exact rule options, and the basic strategy that return assumes.
//
// Compute(r) returns the return to player (RTP, per unit of initial stake)
// and house edge of a player who plays the derived total-dependent basic
// strategy (Result.Strategy, playable with Strategy.Decide) off the top of a
// freshly shuffled shoe, with the composition-dependent optimum beside it.
// The table service prices every blackjack table with Cached when it is
// created (services/table/rtp) and refuses one whose house edge is
// negative, or below the operator's minimum, unless overridden. Simulate checks RTP by Monte Carlo (see below); so
// must the engine's simulation (services/table/banked/blackjack) playing
// Strategy.Decide.
//
// # Method: combinatorial analysis, not simulation
//
// The dealer has no hole card: his second card is drawn after every box has
// acted, from the shoe less every card dealt. For one up card the dealer's
// finishing hands are enumerated once as compositions with the number of
// orders in which he draws them (dealer.go); the probability of each from a
// given shoe is a product of falling factorials, so the dealer's outcome
// distribution (17..21, bust, blackjack) is recomputed exactly for every
// player hand composition: the up card and all the player's cards, drawn
// ones included, are out of the shoe (full removal). A dealer blackjack is
// an outcome of its own, taking the doubled and split stakes too unless
// Rules.LoseAllToBlackjack is off.
//
// The player's hand is valued by recursion over compositions (player.go):
// stand from the dealer distribution, hit as the probability-weighted value
// of the hand one card larger, double as one card for two units, early
// surrender as -1/2 whatever the dealer then makes, a blackjack at
// Rules.BlackjackPays pushed by a dealer blackjack, the 7-7-7 bonus paid on
// top. For the original hand this is exact: the figure is the exact
// expected return of one hand dealt from a full shoe. Other players at the
// table change nothing on average: their cards are unseen by basic strategy
// and as random as the shoe.
//
// Splits are the one approximation (split.go), the usual one of published
// combinatorial analysers: each split hand is valued as if the only cards
// out were the up card, the pair cards dealt so far and its own cards; the
// non-pair cards of the other split hands are ignored. The number of pair
// cards out is tracked exactly, which fixes the chances of resplitting to
// the hand limit and each hand's shoe; a split hand's dealer distribution is
// that of its first two cards and the pair cards out. Its size is bounded by
// comparison: the six- and eight-deck no-hole-card figures of the Wizard of
// Odds' Blackjack Appendix 9, made with the same kind of split
// approximation, agree within 1e-5; per-hand values without a split agree to
// the 6 decimals published; with an infinite shoe, where split hands are
// independent and the method is exact, the published 0.511734 % house edge
// is matched to 1e-7 (see publish_test.go).
//
// # The basic strategy
//
// Strategy is total-dependent: one play per up card and hard total, soft
// total or pair. A cell plays many compositions, so each cell takes the play
// that maximises the return summed over the hands it plays, each weighted by
// how often it occurs: a two-card hand by its deal probability, a larger one
// by the probability of reaching it under the chart. Cells are chosen from
// hard total 21 down, so a hit's outcomes are already settled; then the
// pair cells (split valued with the chart, resplitting whenever allowed);
// then the reach probabilities are recomputed and the pass repeated until
// the chart stops changing (two passes in practice). Split hands play the
// total cells but do not weigh in their choice. RTP is the exact (up to the
// split approximation) return of playing exactly this chart, so a
// simulation of Strategy.Decide measures the same number; OptimalRTP, the
// composition-dependent optimum, is at most a few 1e-5 above it for six or
// more decks.
//
// A simulation that reshuffles every round measures RTP itself; one that
// deals a shoe down to a cut card measures slightly less (the cut-card
// effect, which shrinks as the decks grow).
//
// # Checking by simulation
//
// Simulate plays rounds of the Rules by the same chart, one box, every
// round off a freshly shuffled shoe as Compute assumes, by the specs'
// procedure rather than Compute's recursion (simround.go: the deal order,
// splits left to right to MaxHands, doubles, early surrender, the 7-7-7
// bonus, the dealer's no-hole-card blackjack taking all or the original
// stake), and returns the mean return with its standard error. It is exact
// where Compute approximates (splits), so they agree within the standard
// error: 0.011 % at 10^8 rounds, which tools/bjsim deals in 20 to 30 s on
// two shared cores. docs/rtp-blackjack.md records the runs.
//
// Compute takes well under a second of one core (the up cards are priced
// in parallel); Cached remembers results per Rules value.
package blackjack
