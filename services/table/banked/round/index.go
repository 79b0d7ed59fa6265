package round

// Index finds one player's bets among a round's without scanning them
// all: at a table of thousands of players every placement looks up its
// player's book (round.Book) and would otherwise read every bet in the
// round, under the table's lock. It is a cache beside the bets, never
// stored: built when first asked, extended as bets are appended (a
// placement), and rebuilt when they changed otherwise (a cancel takes
// bets out and shifts the rest; a new round starts a new slice), which
// it detects by the lengths it indexed and the bet it saw last in each
// list, at the same place: a bet is known by its player and id, so the
// same one cannot stand at that place after a change in front of it.
type Index struct {
	live, cancelled list
}

type list struct {
	n        int
	last     Bet
	byPlayer map[string][]int32
}

// sync brings l up to date with bets.
func (l *list) sync(bets []Bet) {
	if l.byPlayer == nil || len(bets) < l.n || (l.n > 0 && bets[l.n-1] != l.last) {
		l.byPlayer, l.n = map[string][]int32{}, 0
	}
	for i := l.n; i < len(bets); i++ {
		p := bets[i].Player
		l.byPlayer[p] = append(l.byPlayer[p], int32(i))
	}
	l.n = len(bets)
	if l.n > 0 {
		l.last = bets[l.n-1]
	}
}

// mine is player's bets in bets, in order: the list's own copy. It
// checks that each place it indexed still holds the player's bet (bets
// reordered in place) and rebuilds the index if one does not.
func (l *list) mine(player string, bets []Bet) []Bet {
	for range 2 {
		at := l.byPlayer[player]
		if len(at) == 0 {
			return nil
		}
		out := make([]Bet, len(at))
		ok := true
		for i, j := range at {
			if bets[j].Player != player {
				ok = false
				break
			}
			out[i] = bets[j]
		}
		if ok {
			return out
		}
		l.byPlayer = nil
		l.sync(bets)
	}
	return nil
}

// Book is BookOf(player, live, cancelled), found through the index. A nil
// Index scans.
func (x *Index) Book(player string, live, cancelled []Bet) Book {
	if x == nil {
		return BookOf(player, live, cancelled)
	}
	x.live.sync(live)
	x.cancelled.sync(cancelled)
	return Book{Player: player, Live: x.live.mine(player, live), Cancelled: x.cancelled.mine(player, cancelled)}
}
