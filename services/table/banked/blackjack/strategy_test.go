package blackjack

import "github.com/croupier/croupier/shared/card"

// A fixed basic strategy for the benchmark's players: six to eight decks,
// the dealer standing on soft 17 with no hole card (so no double of 11
// or 10 against a ten or an ace, no split of aces or eights against an
// ace), doubles after splits. Charts are by the player's total and the
// dealer's up card, its columns 2 3 4 5 6 7 8 9 T A. H hit, S stand, D
// double or else hit, d double or else stand, R surrender or else hit,
// P split.
var (
	hardChart = [22]string{
		9:  "HDDDDHHHHH",
		10: "DDDDDDDDHH",
		11: "DDDDDDDDHH",
		12: "HHSSSHHHHH",
		13: "SSSSSHHHHH",
		14: "SSSSSHHHHH",
		15: "SSSSSHHHRH",
		16: "SSSSSHHHRH",
	}
	softChart = [22]string{
		13: "HHHDDHHHHH",
		14: "HHHDDHHHHH",
		15: "HHDDDHHHHH",
		16: "HHDDDHHHHH",
		17: "HDDDDHHHHH",
		18: "SddddSSHHH",
	}
	pairChart = [12]string{ // by the pair's points
		2:  "PPPPPPHHHH",
		3:  "PPPPPPHHHH",
		4:  "HHHPPHHHHH",
		6:  "PPPPPHHHHH",
		7:  "PPPPPPHHHH",
		8:  "PPPPPPPPHH",
		9:  "PPPPPSPPSS",
		11: "PPPPPPPPPH",
	}
)

// chart is the cell of cards against the up card: the pair's, the soft
// total's or the hard total's.
func chart(cards []card.Card, up card.Card, pairs bool) byte {
	col := Points(up) - 2
	if pairs && len(cards) == 2 && Points(cards[0]) == Points(cards[1]) {
		if row := pairChart[Points(cards[0])]; row != "" && row[col] == 'P' {
			return 'P'
		}
	}
	total, soft := Value(cards)
	switch {
	case soft && total >= 19, !soft && total >= 17:
		return 'S'
	case soft:
		if row := softChart[total]; row != "" {
			return row[col]
		}
		return 'H'
	case total <= 8:
		return 'H'
	}
	return hardChart[total][col]
}

// basicPlay is the strategy's decision for hand h of box b against the
// dealer's up card, within what the rules let the hand do; surrender
// reports that it would rather surrender, when it still may.
func basicPlay(r *Rules, b *Box, h *Hand, up card.Card) (a Action, surrender bool) {
	two := len(h.Cards) == 2
	splits := len(b.Hands) < r.MaxHands && (!h.Aces || r.Options.ResplitAces)
	if h.Aces { // split aces: one card each, or another split of a new ace pair
		if splits && two && isAce(h.Cards[1]) && chart(h.Cards, up, true) == 'P' {
			return Split, false
		}
		return Stand, false
	}
	doubles := two && (!h.Split || r.Options.DoubleAfterSplit)
	switch chart(h.Cards, up, splits) {
	case 'P':
		return Split, false
	case 'D':
		if doubles {
			return Double, false
		}
		return Hit, false
	case 'd':
		if doubles {
			return Double, false
		}
		return Stand, false
	case 'R':
		return Hit, two && !h.Split && !h.Acted
	case 'S':
		return Stand, false
	}
	return Hit, false
}
