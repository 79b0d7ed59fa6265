package blackjack

import "github.com/croupier/croupier/services/table/banked/round"

// Move is one command a player may send now, as Legal lists it.
type Move struct {
	Kind   CommandKind `json:"kind"`
	Box    int         `json:"box"`
	Hand   int         `json:"hand,omitempty"`
	Action Action      `json:"action,omitempty"`
	// Min and Max bound the command's Amount: a bet's, an insurance's, a
	// double's, a follow's. Decline is the refusal of an offer (an
	// insurance, even money, a follow).
	Min     int64 `json:"min,omitempty"`
	Max     int64 `json:"max,omitempty"`
	Decline bool  `json:"decline,omitempty"`
	// Seq is the wait a decision is for (Command.Seq).
	Seq int `json:"seq,omitempty"`
}

// Legal lists what player may do now, in box order: bet or change his bet
// on a box and cancel it while bets are open; then insure, take or
// decline even money, surrender, answer the owner's double or split, and,
// as the box owner whose turn it is, hit, stand, double or split. Every
// move it lists, sent as a command within its bounds, is accepted by
// Apply, and the timeouts aside nothing else a player sends is.
func Legal(r Rules, s *State, player string) []Move {
	switch s.Phase {
	case round.Betting:
		return s.legalBets(&r, player)
	case round.Closed:
		var moves []Move
		for i := range s.Boxes {
			if b := &s.Boxes[i]; b.bettor(player) >= 0 {
				moves = s.legalOnBox(&r, b, b.bettor(player), moves)
			}
		}
		return moves
	}
	return nil
}

// legalBets are the placements and cancels open to player: on each box
// where he has a bet or a place is free, up to what keeps the box within
// its maximum (the owner with priority up to the maximum itself, cz §4).
func (s *State) legalBets(r *Rules, player string) []Move {
	var moves []Move
	for n := 1; n <= r.Boxes; n++ {
		spot := BoxSpot(n)
		var others int64
		count, mine, first := 0, -1, -1
		for i, b := range s.Bets {
			if b.Spot != spot {
				continue
			}
			if first < 0 {
				first = i
			}
			count++
			if b.Player == player {
				mine = i
			} else {
				others += b.Amount
			}
		}
		if mine >= 0 {
			moves = append(moves, Move{Kind: CmdCancel, Box: n})
		} else if count >= r.MaxBettors {
			continue
		}
		hi := r.boxMax() - others
		if r.Options.OwnerPriority && first >= 0 && first == mine {
			hi = r.boxMax()
		}
		if hi >= r.tableMin() {
			moves = append(moves, Move{Kind: CmdPlace, Box: n, Min: r.tableMin(), Max: hi})
		}
	}
	return moves
}

// legalOnBox appends what bettor k may do on box b.
func (s *State) legalOnBox(r *Rules, b *Box, k int, moves []Move) []Move {
	bt := &b.Bettors[k]
	if s.Stage == Window {
		if lo, hi, no := s.insuranceOffer(r, b, k); no == 0 && bt.Insurance == 0 && !bt.NoInsurance {
			moves = append(moves,
				Move{Kind: CmdInsure, Box: b.N, Hand: 1, Action: Insure, Min: lo, Max: hi},
				Move{Kind: CmdInsure, Box: b.N, Hand: 1, Action: Insure, Decline: true})
		}
		if s.evenMoneyOffer(r, b, k) == 0 && !bt.NoEvenMoney {
			moves = append(moves, Move{Kind: CmdEvenMoney, Box: b.N, Hand: 1, Action: EvenMoney})
			if s.upAce() {
				moves = append(moves, Move{Kind: CmdEvenMoney, Box: b.N, Hand: 1, Action: EvenMoney, Decline: true})
			}
		}
	}
	if s.surrenderOpen(r, b, k) == 0 {
		moves = append(moves, Move{Kind: CmdSurrender, Box: b.N, Hand: 1, Action: Surrender})
	}
	t := &s.Turn
	if t.Follow != 0 && t.Box == b.N && t.Answers[k] == Asked {
		h, _ := b.hand(t.Hand)
		lo, hi := h.Stakes[k].Base, h.Stakes[k].Base
		if t.Follow == Double {
			lo, hi = doubleRange(r, hi)
		}
		moves = append(moves,
			Move{Kind: CmdFollow, Box: b.N, Hand: t.Hand, Action: t.Follow, Min: lo, Max: hi},
			Move{Kind: CmdFollow, Box: b.N, Hand: t.Hand, Action: t.Follow, Decline: true})
	}
	if t.Player == bt.Player && t.Box == b.N {
		for _, a := range []Action{Hit, Stand, Double, Split} {
			c := Command{Player: bt.Player, Box: b.N, Hand: t.Hand, Action: a}
			h, amount, err := s.checkDecision(r, b, &c)
			if err != nil {
				continue
			}
			m := Move{Kind: CmdDecide, Box: b.N, Hand: t.Hand, Action: a, Seq: t.Seq, Min: amount, Max: amount}
			if a == Double {
				m.Min, m.Max = doubleRange(r, h.Stakes[b.decider()].Base)
			}
			moves = append(moves, m)
		}
	}
	return moves
}
