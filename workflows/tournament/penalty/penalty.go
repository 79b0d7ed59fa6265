// Package penalty is the arithmetic of the penalties a tournament floor
// imposes (docs/rules/tournaments.md §19): the Russian "round" counted in hands
// (RU §7.1.2 note), and the Greek killed hand's refund of an uncalled raise
// (GR H.25). The table applies the penalty; these say how long and how much.
package penalty

// HandsToMiss is a "miss N rounds" penalty in hands: one round is as many
// hands as there are players at the table when it is imposed, the penalised
// player included (RU §7.1.2 note; docs/rules/tournaments.md T27).
func HandsToMiss(rounds, playersAtTable int) int {
	if rounds <= 0 || playersAtTable <= 0 {
		return 0
	}
	return rounds * playersAtTable
}

// KilledHandReturn is what a player whose hand is killed for an infraction
// gets back (GR H.25; T28): the part of his bet above what he needed to
// call, if nobody has called it; everything else stays in the pot.
func KilledHandReturn(bet, facing int64, called bool) int64 {
	if called || bet <= facing {
		return 0
	}
	return bet - facing
}
