package oasis

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
)

// Move is one command a player may send now, as Legal lists it.
type Move struct {
	Kind CommandKind `json:"kind"`
	Box  int         `json:"box"`
	// Spot is a placement's or a cancel's ("box:3/ante"), BetID the bet a
	// cancel takes back.
	Spot   string `json:"spot,omitempty"`
	BetID  string `json:"bet_id,omitempty"`
	Action Action `json:"action,omitempty"`
	// Min and Max bound the command's Amount: a bet's, the Bet's (exactly
	// 2 × Ante), an exchange's (one Ante a card, one or two cards), a
	// buy's (one Ante).
	Min int64 `json:"min,omitempty"`
	Max int64 `json:"max,omitempty"`
	// Seq is the wait a decision is for (Command.Seq).
	Seq int `json:"seq,omitempty"`
}

// Legal lists what player may do now, in box order: while bets are open,
// an Ante on each box that is his or has room for him (§2.5), a Royal Bonus where he has an
// Ante and the table offers it, a dark Bet there where the table has
// dark boxes, and the cancel of each of his bets; in
// the turn of a box he owns, pass, bet, or (once) exchange one or two of
// its cards; on the dealer's no game, stop or buy. A decision's bounds
// are the owner's stakes'. Every move it lists, sent as a
// command within its bounds (an exchange with as many of the box's cards
// as its Amount pays for), is accepted by Apply.
func Legal(r Rules, s *State, player string) []Move {
	switch s.Phase {
	case round.Betting:
		return s.legalBets(&r, player)
	case round.Closed:
		t := &s.Turn
		if t.Box == 0 || t.Player != player || player == "" {
			return nil
		}
		b := s.box(t.Box)
		ante := b.Bettors[0].Ante
		if s.Stage == Buying {
			return []Move{
				{Kind: CmdDecide, Box: b.N, Action: Stop, Seq: t.Seq},
				{Kind: CmdDecide, Box: b.N, Action: Buy, Min: ante, Max: ante, Seq: t.Seq},
			}
		}
		moves := []Move{
			{Kind: CmdDecide, Box: b.N, Action: Pass, Seq: t.Seq},
			{Kind: CmdDecide, Box: b.N, Action: Bet, Min: 2 * ante, Max: 2 * ante, Seq: t.Seq},
		}
		if !b.Exchanged {
			moves = append(moves, Move{Kind: CmdDecide, Box: b.N, Action: Exchange, Min: ante, Max: MaxExchange * ante, Seq: t.Seq})
		}
		return moves
	}
	return nil
}

// legalBets are the placements and cancels open to player.
func (s *State) legalBets(r *Rules, player string) []Move {
	if player == "" {
		return nil
	}
	var moves []Move
	for n := 1; n <= r.Boxes; n++ {
		sh := r.sharing()
		if !sh.Seat(layout, s.Bets, n, player) {
			continue
		}
		lo, hi := r.limit(BetAnte)
		if lo, hi := sh.Room(layout, s.Bets, n, player, lo, hi); lo <= hi {
			moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetAnte), Min: lo, Max: hi})
		}
		if r.Paytables.OffersRoyalBonus() && layout.Has(player, n, BetAnte, s.Bets) {
			lo, hi := r.limit(BetRoyalBonus)
			moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetRoyalBonus), Min: lo, Max: hi})
		}
		if i := slices.IndexFunc(s.Bets, func(b round.Bet) bool { return b.Player == player && b.Spot == Spot(n, BetAnte) }); i >= 0 && r.Options.DarkBoxes {
			bet := 2 * s.Bets[i].Amount
			moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetBet), Min: bet, Max: bet})
		}
		for _, b := range s.Bets {
			if m, _ := spotBox(b.Spot); m == n && b.Player == player {
				moves = append(moves, Move{Kind: CmdCancel, Box: n, Spot: b.Spot, BetID: b.ID})
			}
		}
	}
	return moves
}
