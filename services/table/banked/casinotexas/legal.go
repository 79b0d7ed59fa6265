package casinotexas

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
	// Min and Max bound the command's Amount: a bet's, a Play's (one
	// size: 3 and 4 × Ante before the flop are two moves).
	Min int64 `json:"min,omitempty"`
	Max int64 `json:"max,omitempty"`
	// Seq is the wait a decision is for (Command.Seq).
	Seq int `json:"seq,omitempty"`
}

// Legal lists what player may do now, in box order: while bets are open,
// an Ante on each box that is free or his (his one box, unless
// SeveralBoxes), Trips where he has an Ante (anywhere he may bet, under
// TripsAlone), and the cancel of each of his bets (an Ante's takes its
// Blind); on his box's turn, the street's decisions: Play at each of its
// sizes, and check (before the river) or fold (at it). Every move it
// lists, sent as a command within its bounds, is accepted by Apply, and
// the timeouts aside nothing a player sends after the bets close is
// accepted unless listed.
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
		var moves []Move
		for _, k := range multiples(s.Street) {
			moves = append(moves, Move{Kind: CmdDecide, Box: b.N, Action: Play, Min: k * b.Ante, Max: k * b.Ante, Seq: t.Seq})
		}
		other := Check
		if s.Street == River {
			other = Fold
		}
		return append(moves, Move{Kind: CmdDecide, Box: b.N, Action: other, Seq: t.Seq})
	}
	return nil
}

// legalBets are the placements and cancels open to player.
func (s *State) legalBets(r *Rules, player string) []Move {
	if player == "" {
		return nil
	}
	mine := layout.BoxOf(s.Bets, player)
	var moves []Move
	for n := 1; n <= r.Boxes; n++ {
		if owner := s.Owner(n); (owner != "" && owner != player) || (!r.Options.SeveralBoxes && mine != 0 && mine != n) {
			continue
		}
		lo, hi := r.limit(BetAnte)
		moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetAnte), Min: lo, Max: hi})
		if r.Options.TripsAlone || layout.Has(player, n, BetAnte, s.Bets) {
			lo, hi := r.limit(BetTrips)
			moves = append(moves, Move{Kind: CmdPlace, Box: n, Spot: Spot(n, BetTrips), Min: lo, Max: hi})
		}
		for _, b := range s.Bets {
			if m, k := spotBox(b.Spot); m == n && k != BetBlind && b.Player == player {
				moves = append(moves, Move{Kind: CmdCancel, Box: n, Spot: b.Spot, BetID: b.ID})
			}
		}
	}
	return moves
}
