package roulette

import "slices"

// Piece is one layout bet of an announced bet, Chips units of the bet's
// unit: each piece is settled at its own ratio (cz §4, ru §4.3).
type Piece struct {
	Spot
	Chips int64
}

// pieceOf is a piece on numbers ns (the fixed compositions below, which
// TestPiecesAreLayoutBets parses back).
func pieceOf(k Kind, chips int64, ns ...Number) Piece {
	return Piece{Spot: layoutSpot(k, setOf(ns...)), Chips: chips}
}

// Pieces lists what the spot is made of: the announced bets' compositions
// (cz §4.2–4.5, ru §4.2), the neighbours' straights along the wheel; a
// layout bet is its own single piece of one chip.
func (s Spot) Pieces(r Rules) []Piece {
	switch s.Kind {
	case Neighbours:
		return neighbours(s.center, r.Options.Neighbours)
	case ZeroGame:
		// Zero game / zero spiel: 4 chips on the 7 numbers 12 to 15.
		return []Piece{
			pieceOf(Split, 1, 0, 3), pieceOf(Split, 1, 12, 15),
			pieceOf(Straight, 1, 26), pieceOf(Split, 1, 32, 35),
		}
	case Voisins:
		// Voisins du zéro: 9 chips, 2 on the trio and 2 on the corner.
		return []Piece{
			pieceOf(Street, 2, 0, 2, 3), pieceOf(Split, 1, 4, 7), pieceOf(Split, 1, 12, 15),
			pieceOf(Split, 1, 18, 21), pieceOf(Split, 1, 19, 22), pieceOf(Corner, 2, 25, 26, 28, 29),
			pieceOf(Split, 1, 32, 35),
		}
	case Tiers:
		// Tiers du cylindre: 6 splits.
		return []Piece{
			pieceOf(Split, 1, 5, 8), pieceOf(Split, 1, 10, 11), pieceOf(Split, 1, 13, 16),
			pieceOf(Split, 1, 23, 24), pieceOf(Split, 1, 27, 30), pieceOf(Split, 1, 33, 36),
		}
	case Orphelins:
		// Orphelins: 5 chips; 17 is on two splits (cz §10: not an OCR error).
		return []Piece{
			pieceOf(Straight, 1, 1), pieceOf(Split, 1, 6, 9), pieceOf(Split, 1, 14, 17),
			pieceOf(Split, 1, 17, 20), pieceOf(Split, 1, 31, 34),
		}
	}
	return []Piece{{Spot: s, Chips: 1}}
}

// Units is the spot's chip count: an announced bet's amount must be a
// multiple of it (ru §4.2); 1 for a layout bet.
func (s Spot) Units(r Rules) int64 {
	var u int64
	for _, p := range s.Pieces(r) {
		u += p.Chips
	}
	return u
}

// neighbours is a straight on c and on the k numbers each side of it on
// the single-zero wheel (cz §4.1: "5 and neighbours" is 23-10-5-24-16).
func neighbours(c Number, k int) []Piece {
	labels := SingleZero.Wheel().Labels
	at := slices.Index(labels, c.String())
	if at < 0 {
		return nil
	}
	out := make([]Piece, 0, 2*k+1)
	for d := -k; d <= k; d++ {
		i := ((at+d)%len(labels) + len(labels)) % len(labels)
		n, _ := parseNumber(labels[i], SingleZero)
		out = append(out, pieceOf(Straight, 1, n))
	}
	return out
}

// parseAnnounced reads a racetrack bet: "neighbours:<n>", "zero_game" (or
// "zero_spiel"), "voisins", "tiers", "orphelins". They are single-zero
// bets and only offered when the table takes them (ru N1).
func parseAnnounced(r Rules, spot, name, arg string, hasArg bool) (Spot, error) {
	var sp Spot
	switch name {
	case "neighbours":
		n, ok := parseNumber(arg, SingleZero)
		if !ok {
			return Spot{}, badSpot(spot, "want neighbours:<number>")
		}
		sp = Spot{Kind: Neighbours, Name: "neighbours:" + n.String(), center: n}
	case "zero_game", "zero_spiel":
		sp = Spot{Kind: ZeroGame, Name: "zero_game"}
	case "voisins":
		sp = Spot{Kind: Voisins, Name: "voisins"}
	case "tiers":
		sp = Spot{Kind: Tiers, Name: "tiers"}
	case "orphelins":
		sp = Spot{Kind: Orphelins, Name: "orphelins"}
	default:
		return Spot{}, badSpot(spot, "unknown bet")
	}
	if name != "neighbours" && hasArg {
		return Spot{}, badSpot(spot, "%s takes no argument", name)
	}
	if !r.TakesAnnounced() || r.Wheel != SingleZero {
		return Spot{}, badSpot(spot, "the table does not take announced bets")
	}
	if sp.Kind == Neighbours && r.Options.Neighbours < 1 || sp.Kind == Neighbours && 2*r.Options.Neighbours+1 > 37 {
		return Spot{}, badSpot(spot, "the table's neighbour count %d is not playable", r.Options.Neighbours)
	}
	for _, p := range sp.Pieces(r) {
		sp.covers |= p.covers
	}
	return sp, nil
}
