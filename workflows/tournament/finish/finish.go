// Package finish ranks eliminated players (GR H.30–H.32; docs/rules/tournaments.md
// §17; docs/rules/cz-tournaments.md §1: standings are the reverse order of
// elimination). Players busted together share the block of places they
// leave: at one table in one hand, the larger stack at the start of the hand
// finishes higher (H.30), equal stacks tie; at different tables in the same
// hand-for-hand hand, players take the same place whatever their stacks
// (H.31), and in a mixed case a player is tied with the players ranked like
// him at the other tables (docs/rules/tournaments.md §17.2 DEFAULT).
package finish

import "sort"

// Bust is a player who lost his last chip in a hand.
type Bust struct {
	Player string `json:"p"`
	Table  string `json:"t"`
	// Start is his stack at the start of the hand (H.30; §24 note 6).
	Start int64 `json:"s"`
}

// Places ranks one elimination event: players busted in the same hand at
// one table, or in the same synchronised hand across tables under
// hand-for-hand. left is how many players were still in before it. It
// returns each bust's place, in the order given; tied players share the
// better place (docs/rules/tournaments.md §17.2 DEFAULT).
func Places(left int, busts []Bust) []int {
	g := len(busts)
	tier := make([]int, g)
	for i, b := range busts {
		for _, o := range busts {
			if o.Table == b.Table && o.Start > b.Start {
				tier[i]++
			}
		}
	}
	idx := make([]int, g)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return tier[idx[a]] < tier[idx[b]] })
	places := make([]int, g)
	p := left - g + 1
	for k := 0; k < g; {
		j := k
		for j < g && tier[idx[j]] == tier[idx[k]] {
			j++
		}
		for m := k; m < j; m++ {
			places[idx[m]] = p
		}
		p += j - k
		k = j
	}
	return places
}

// Stack is a player still in when play stops, with his chips.
type Stack struct {
	Player string `json:"p"`
	Chips  int64  `json:"c"`
}

// Winners ranks the players still in when play stops: by chips, more
// first (H.32: the last player or the last W players form a ranking
// order). Equal chips share the place. It returns each one's place, in the
// order given.
func Winners(stacks []Stack) []int {
	idx := make([]int, len(stacks))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, y := stacks[idx[a]], stacks[idx[b]]
		if x.Chips != y.Chips {
			return x.Chips > y.Chips
		}
		return x.Player < y.Player
	})
	out := make([]int, len(stacks))
	for k, i := range idx {
		if k > 0 && stacks[i].Chips == stacks[idx[k-1]].Chips {
			out[i] = out[idx[k-1]]
		} else {
			out[i] = k + 1
		}
	}
	return out
}
