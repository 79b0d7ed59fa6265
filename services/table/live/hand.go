package live

import (
	"fmt"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/seating"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// SeatRank is one seat's hand value at a showdown, as the evaluator service
// ranked it.
type SeatRank struct {
	Seat  int        `json:"s"`
	Value rank.Value `json:"v"`
}

// Input is one accepted input of a hand with what it needed from outside.
type Input struct {
	Action hand.Action `json:"a"`
	// Ranks are the showdown ranks this input needed, if it reached one.
	Ranks    []SeatRank `json:"r,omitempty"`
	TimedOut bool       `json:"to,omitempty"`
}

// Hand is the hand in progress, or the last one, persisted as what it
// started from and its inputs: the engine's state is rebuilt by replaying
// them, so snapshots stay small and independent of the engine's layout.
type Hand struct {
	ID     string        `json:"id"`
	Number uint64        `json:"number"`
	Rules  profile.Rules `json:"rules"`
	Plan   seating.Plan  `json:"plan"`
	Setup  hand.Setup    `json:"setup"`
	// Outcome is the RNG outcome id of the shoe.
	Outcome string `json:"outcome,omitempty"`
	// StartRanks are ranks the deal itself needed (everyone all-in on the
	// forced bets).
	StartRanks []SeatRank `json:"start_ranks,omitempty"`
	Inputs     []Input    `json:"inputs,omitempty"`
	// TurnAt is when the seat to act got the turn, Deadline when it runs
	// out (ms); BankFrom is when his claimed time bank started (0: none).
	TurnAt   int64 `json:"turn_at,omitempty"`
	Deadline int64 `json:"deadline,omitempty"`
	BankFrom int64 `json:"bank_from,omitempty"`
	// Called is when the clock was called on the seat to act (0: not
	// called); Clocks are the seats whose clock was called in the hand.
	Called int64 `json:"called,omitempty"`
	Clocks []int `json:"clocks,omitempty"`
	// Extended: the seat to act has used an extension period this turn.
	Extended bool  `json:"extended,omitempty"`
	EndedAt  int64 `json:"ended_at,omitempty"`
	// Finished: the table applied the hand's end (stacks, rake, leavers).
	Finished bool `json:"finished,omitempty"`

	state *hand.State
}

// State is the engine's state of the hand (rebuilt on load).
func (h *Hand) State() *hand.State { return h.state }

// Over reports whether the hand has ended (a pot held in a dispute is not
// over until it is awarded).
func (h *Hand) Over() bool { return h.state == nil || h.Finished }

// Record is the complete record of the hand (every card).
func (h *Hand) Record() *history.Record { return poker.Record(h.state) }

// ranks checks the showdown ranks the in-process engine computes against
// the ones the command carries (the evaluator service's), and records what
// it ranked.
type ranks struct {
	given []SeatRank
	used  []SeatRank
	err   error
}

func (v *ranks) check(seat int, val rank.Value) rank.Value {
	if v.given != nil {
		found := false
		for _, g := range v.given {
			if g.Seat == seat {
				found = true
				if g.Value != val && v.err == nil {
					v.err = internal("RANK_MISMATCH", "seat %d: the evaluator service ranks %d, the engine %d", seat, g.Value, val)
				}
				val = g.Value
			}
		}
		if !found && v.err == nil {
			v.err = internal("RANK_MISSING", "no service rank for seat %d", seat)
		}
	}
	v.used = append(v.used, SeatRank{Seat: seat, Value: val})
	return val
}

// start deals the hand. ranks are the ranks the command carries (nil on the
// first application: the ranks used are returned).
func (h *Hand) start(given []SeatRank) ([]hand.Event, []SeatRank, error) {
	v := &ranks{given: given}
	h.state = new(hand.State)
	ev, err := poker.Start(h.Rules, h.Setup, h.state, poker.CheckRanks(v.check))
	if err != nil {
		h.state = nil
		return nil, nil, err
	}
	if v.err != nil {
		return nil, nil, v.err
	}
	return ev, v.used, nil
}

// apply applies one input. On a rejection the state is unchanged.
func (h *Hand) apply(a hand.Action, given []SeatRank) ([]hand.Event, []SeatRank, error) {
	v := &ranks{given: given}
	ev, err := poker.Apply(h.state, a, poker.CheckRanks(v.check))
	if err != nil {
		return nil, nil, err
	}
	if v.err != nil {
		return nil, nil, v.err
	}
	return ev, v.used, nil
}

// rebuild replays the hand from its setup and inputs (after a snapshot
// load).
func (h *Hand) rebuild() error {
	if _, _, err := h.start(h.StartRanks); err != nil {
		return fmt.Errorf("rebuild hand %s: start: %w", h.ID, err)
	}
	for i, in := range h.Inputs {
		if _, _, err := h.apply(in.Action, in.Ranks); err != nil {
			return fmt.Errorf("rebuild hand %s: input %d: %w", h.ID, i, err)
		}
	}
	return nil
}

// HandID names hand number n of a table.
func HandID(table string, n uint64) string { return fmt.Sprintf("%s-%d", table, n) }

// ShowdownCards returns what the evaluator service needs to rank seat at a
// showdown: the seat's cards and the board.
func ShowdownCards(s *hand.State, seat int) (hole, board []card.Card) {
	return s.Seats[seat].Cards.Slice(), s.Board.Slice()
}

// Rebuild replays a hand decoded from storage.
func (h *Hand) Rebuild() error { return h.rebuild() }
