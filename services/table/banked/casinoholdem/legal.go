package casinoholdem

import "github.com/croupier/croupier/services/table/banked/round"

// Move is one command a player may send now, as Legal lists it.
type Move struct {
	Kind CommandKind `json:"kind"`
	Box  int         `json:"box"`
	// Spot is a placement's or a cancel's ("box:3/ante"), BetID the bet a
	// cancel takes back.
	Spot   string `json:"spot,omitempty"`
	BetID  string `json:"bet_id,omitempty"`
	Action Action `json:"action,omitempty"`
	// Min and Max bound the command's Amount: a bet's, the Call's
	// (exactly 2 × Ante).
	Min int64 `json:"min,omitempty"`
	Max int64 `json:"max,omitempty"`
	// Seq is the wait a decision is for (Command.Seq).
	Seq int `json:"seq,omitempty"`
}

// Legal lists what player may do now, in box order: while bets are open,
// an Ante on each box that is free or his, an AA Bonus (and a dark Bet,
// where allowed) where he has an Ante, and the cancel of each of his bets; after the flop, on his box's
// turn, call (exactly 2 × Ante) or fold. Every move it lists, sent as a
// command within its bounds, is accepted by Apply, and the timeouts aside
// nothing a player sends after the bets close is accepted unless listed.
func Legal(r Rules, s *State, player string) []Move {
	switch s.Phase {
	case round.Betting:
		return s.legalBets(&r, player)
	case round.Closed:
		t := &s.Turn
		if s.Stage != Deciding || t.Player != player || player == "" {
			return nil
		}
		b := s.box(t.Box)
		return []Move{
			{Kind: CmdDecide, Box: b.N, Action: Call, Min: 2 * b.Ante, Max: 2 * b.Ante, Seq: t.Seq},
			{Kind: CmdDecide, Box: b.N, Action: Fold, Seq: t.Seq},
		}
	}
	return nil
}

// legalBets are the placements and cancels open to player; where the
// rules allow dark play, the dark Bet on each of his boxes (ru §3.10).
// An Ante on a new box is listed while he may play another light one
// (ru §2.4), at his light boxes' Ante where they must be equal (§2.5);
// a placement checks the rest (checkBoxes).
func (s *State) legalBets(r *Rules, player string) []Move {
	if player == "" {
		return nil
	}
	var moves []Move
	light, at := s.light(player)
	o := &r.Options
	for n := 1; n <= r.Boxes; n++ {
		if owner := s.Owner(n); owner != "" && owner != player {
			continue
		}
		lo, hi := r.limit(BetAnte)
		mine := s.anteOn(player, n) > 0
		switch {
		case !mine && o.LightBoxes > 0 && light >= o.LightBoxes:
			hi = 0 // no more light boxes (ru §2.4)
		case o.EqualAntes && at != 0 && (at != n || light > 1):
			lo, hi = max(lo, s.anteOn(player, at)), min(hi, s.anteOn(player, at)) // equal Antes (ru §2.5)
		}
		if lo <= hi {
			moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetAnte), Min: lo, Max: hi})
		}
		if s.hasAnte(player, n, nil) {
			lo, hi := r.limit(BetAABonus)
			moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetAABonus), Min: lo, Max: hi})
			if ante := s.anteOn(player, n); r.Options.MaxDarkBoxes > 0 && !layout.Has(player, n, BetCall, s.Bets) {
				moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetCall), Min: 2 * ante, Max: 2 * ante})
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

// light is how many light boxes player has while bets are open (an Ante
// without a dark Call) and the first of them, 0 for none.
func (s *State) light(player string) (n, first int) {
	for m := 1; m <= MaxBoxes; m++ {
		if s.anteOn(player, m) > 0 && !layout.Has(player, m, BetCall, s.Bets) {
			if n++; first == 0 {
				first = m
			}
		}
	}
	return n, first
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
