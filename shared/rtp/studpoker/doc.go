// Package studpoker computes the return to player (RTP) of the
// house-banked five-card stud games: Oasis poker (ru-oasis-poker.md),
// Russian poker (ru-russian-poker.md) and Split poker
// (ru-split-poker.md), under a stated simple strategy and the paytables
// an engine ships, passed in as data (Paytable): this package imports
// no engine. Each engine's tests check that its default paytable is the
// one priced here.
//
//   - The Royal Bonus, on the first five cards dealt, exactly: every one
//     of the C(52,5) hands read by banked.RoyalBonus (RoyalBonus).
//   - Oasis and Russian poker never buying the dealer's game exactly
//     (ComputeExact): a round is then decided by the two fives alone, and
//     a sweep of the 2,598,960 fives in rank order counts, for each
//     player five, the dealer fives of the other 47 cards below, level
//     with and above it and those without a game, by inclusion–exclusion
//     over its cards (a brute force would settle C(52,5)·C(47,5), about
//     4·10^12 showdowns). About 3 s of one core, 0.2 GB.
//   - Every game and strategy by Monte Carlo simulation (Simulate):
//     rounds dealt from a fresh deck, the hands ranked by shared/rank and
//     read by shared/rank/banked (the games' qualifiers, LineOf,
//     CompareSmall), settled as the specs say. It is the only figure for
//     a bought game (each no game a player buys is priced over the 42
//     cards that may come) and for Split poker (its small hands), and
//     checks the exact ones by another road: the tests pin 2,000,000
//     seeded rounds of each.
//
// Every main-game figure is per Ante (Return.PerAnte = 1 + mean net in
// Antes, how a house edge "per Ante" is quoted) and per everything
// staked (PerStake: the Ante, the Bet and the fees for a bought game).
// docs/rtp-casino-poker.md records the figures; tools/pokersim
// recomputes them.
//
// # Strategies
//
// The specs state none. The ones here are simple enough to play from
// memory:
//
//   - Oasis and Russian: never exchange, never buy a sixth card, never
//     insure; Bet (2 Antes) with Ace-King or better, the dealer's
//     "minimum game", else pass. On the dealer's no game either never buy
//     his game (NeverBuy) or buy it when it pays by the numbers
//     (BuyByNumbers): the player sees both hands, and buys when the mean
//     over the 42 unseen cards that may replace the dealer's highest
//     card (and, in Russian poker, a card of the same rank after it, up
//     to three swaps) of what the round then pays, less the Ante's fee,
//     beats the Ante a stop is paid.
//   - Split: Bet as dealt with a pair or better (the minimum game, a pair
//     of twos), else pass; never buy small-hand cards; stop on the
//     dealer's no game.
//
// Under them every hand that wins the Royal Bonus (a pair of kings or
// better under either reading) is played, so the Royal Bonus's return is
// its exact one whatever the main bet's strategy.
package studpoker
