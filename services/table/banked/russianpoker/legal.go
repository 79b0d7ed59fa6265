package russianpoker

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
	// Min and Max bound the command's Amount: a bet's, the Bet's (exactly
	// 2 × Ante), an improvement's or a buy's (one Ante).
	Min int64 `json:"min,omitempty"`
	Max int64 `json:"max,omitempty"`
	// InsuranceMin and InsuranceMax bound a Bet's Insurance where the
	// hand may be insured (§3.29–3.33), none otherwise.
	InsuranceMin int64 `json:"insurance_min,omitempty"`
	InsuranceMax int64 `json:"insurance_max,omitempty"`
	// Seq is the wait a decision is for (Command.Seq).
	Seq int `json:"seq,omitempty"`
}

// Legal lists what player may do now, in box order: while bets are open,
// an Ante on each box that is his or has room for him (§2.5), a Royal
// Bonus where he has an Ante and the table offers it, and the cancel of
// each of his bets; in the turn of a box he owns, pass, bet (with an
// insurance within its bounds, or none), or improve (an exchange of one
// to five of its cards, a sixth card) as the rules allow; on the
// dealer's no game, stop or buy. A decision's bounds are the owner's
// stakes'. Every move it lists, sent as a command within its bounds, is
// accepted by Apply.
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
		bet := Move{Kind: CmdDecide, Box: b.N, Action: Bet, Min: 2 * ante, Max: 2 * ante, Seq: t.Seq}
		if insurable(&r, b) {
			bet.InsuranceMin, bet.InsuranceMax = insuranceBounds(&r, b)
		}
		moves := []Move{{Kind: CmdDecide, Box: b.N, Action: Pass, Seq: t.Seq}, bet}
		for _, a := range []Action{Exchange, Sixth} {
			if s.mayImprove(&r, b, a) {
				moves = append(moves, Move{Kind: CmdDecide, Box: b.N, Action: a, Min: ante, Max: ante, Seq: t.Seq})
			}
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
		for _, b := range s.Bets {
			if m, _ := spotBox(b.Spot); m == n && b.Player == player {
				moves = append(moves, Move{Kind: CmdCancel, Box: n, Spot: b.Spot, BetID: b.ID})
			}
		}
	}
	return moves
}
