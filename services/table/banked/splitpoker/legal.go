package splitpoker

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
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
	// 2 × Ante), a buy's (one Ante).
	Min int64 `json:"min,omitempty"`
	Max int64 `json:"max,omitempty"`
	// Cards is a bought box's play's partition as dealt (its first five
	// the big hand, the two bought the small); any other partition of its
	// seven is as legal (N1, T14).
	Cards []card.Card `json:"cards,omitempty"`
	// Seq is the wait a decision is for (Command.Seq).
	Seq int `json:"seq,omitempty"`
}

// Legal lists what player may do now, in box order: while bets are open,
// an Ante on each box that is free or his, a Royal Bonus (and a dark Bet,
// where allowed) where he has an Ante, and the cancel of each of his
// bets; in his box's turn, pass, play, or (once) buy two cards; on the
// dealer's no game, stop or buy the game. Every decision it lists, sent
// as a command within its bounds, is accepted by Apply; an Ante on a new
// box is listed while the player has no light box (§2.4), and a
// placement checks the rest (his dark boxes, §2.5).
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
		if s.Stage == Buying {
			return []Move{
				{Kind: CmdDecide, Box: b.N, Action: Stop, Seq: t.Seq},
				{Kind: CmdDecide, Box: b.N, Action: BuyGame, Min: b.Ante, Max: b.Ante, Seq: t.Seq},
			}
		}
		play := Move{Kind: CmdDecide, Box: b.N, Action: Play, Min: 2 * b.Ante, Max: 2 * b.Ante, Seq: t.Seq}
		if b.Bought {
			play.Cards = slices.Clone(b.Cards)
		}
		moves := []Move{{Kind: CmdDecide, Box: b.N, Action: Pass, Seq: t.Seq}, play}
		if !b.Bought {
			moves = append(moves, Move{Kind: CmdDecide, Box: b.N, Action: BuyCards, Min: b.Ante, Max: b.Ante, Seq: t.Seq})
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
	light := false // §2.4: one box in the light a player
	for n := 1; n <= MaxBoxes; n++ {
		light = light || s.anteOn(player, n) > 0 && !layout.Has(player, n, BetBet, s.Bets)
	}
	for n := 1; n <= r.Boxes; n++ {
		if owner := s.Owner(n); owner != "" && owner != player {
			continue
		}
		ante := s.anteOn(player, n)
		if lo, hi := r.limit(BetAnte); ante > 0 || !light {
			moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetAnte), Min: lo, Max: hi})
		}
		if ante > 0 {
			lo, hi := r.limit(BetRoyalBonus)
			moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetRoyalBonus), Min: lo, Max: hi})
			if r.Options.MaxDarkBoxes > 0 && !layout.Has(player, n, BetBet, s.Bets) {
				moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetBet), Min: 2 * ante, Max: 2 * ante})
			}
		}
		for _, b := range s.Bets {
			if m, _ := spotBox(b.Spot); m == n && b.Player == player {
				moves = append(moves, Move{Kind: CmdCancel, Box: n, Spot: b.Spot, BetID: b.ID})
			}
		}
	}
	return moves
}

// anteOn is player's Ante on box n while bets are open, 0 for none.
func (s *State) anteOn(player string, n int) int64 {
	spot := Spot(n, BetAnte)
	for _, b := range s.Bets {
		if b.Spot == spot && b.Player == player {
			return b.Amount
		}
	}
	return 0
}
