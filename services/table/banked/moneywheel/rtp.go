package moneywheel

import (
	"math/big"

	"github.com/croupier/croupier/services/table/banked/round"
)

// BoxReturn is the exact return to player of a bet on one box.
type BoxReturn struct {
	Box string
	// RTP is what a bet on the box pays back, stake included, per unit
	// staked, over one valid spin with every field equally likely
	// (cz-money-wheel.md §5: the box's fields × (N+1) / 30).
	RTP *big.Rat
}

// BoxRTP is the exact return to player of a bet on box: what Settle pays
// it back (winnings and stake) summed over every field of the wheel, over
// the stake times the fields. A void spin settles nothing (§4.4: the bets
// are carried or refunded), so it is not a result here. An unknown box is
// ParseSpot's BAD_SPOT error.
func BoxRTP(r Rules, box string) (*big.Rat, error) {
	if _, err := ParseSpot(box); err != nil {
		return nil, err
	}
	bet := []round.Bet{{ID: "b", Player: "p", Spot: box, Amount: 1}}
	var back int64
	for f := range r.Wheel.Size() {
		for _, l := range Settle(r, bet, r.Symbol(f)).Lines {
			back += l.Won + l.Returned
		}
	}
	return big.NewRat(back, int64(r.Wheel.Size())), nil
}

// RTP prices every box by enumerating the wheel's fields, in the layout's
// order (Boxes), and returns the table's figure: the best return a player
// can get at it (§5: cherries and melon, 90 %).
func RTP(r Rules) ([]BoxReturn, *big.Rat, error) {
	out := make([]BoxReturn, 0, len(Boxes()))
	best := new(big.Rat)
	for _, b := range Boxes() {
		got, err := BoxRTP(r, b)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, BoxReturn{Box: b, RTP: got})
		if got.Cmp(best) > 0 {
			best = got
		}
	}
	return out, best, nil
}
