package moneywheel

import (
	"fmt"
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// CommandKind names a command.
type CommandKind uint8

// Commands; the comment says what each carries.
const (
	NoCommand CommandKind = iota
	// CmdOpen opens the next round ("your bets, please", cz-money-wheel.md
	// §4.1), with the bets a void round before carried in.
	CmdOpen
	// CmdPlace: Player's batch of Bets, placed all or none. A bet is known
	// by its player and id; placed again with the same spot and amount it
	// is a replay and changes nothing, with other content it is refused.
	CmdPlace
	// CmdCancel: Player's bets BetIDs, while bets are open.
	CmdCancel
	// CmdClose: no more bets (§4.2).
	CmdClose
	// CmdResult: the Spin.
	CmdResult
	// CmdChoose: Player's Choice for a void spin (§4.4 (a)/(b)), before the
	// result or after a void one.
	CmdChoose
	// CmdVoid: the operator voids the round for Reason; every bet still in
	// it is refunded.
	CmdVoid
)

var commandKindEnum = enum{"command", []string{"none", "open", "place", "cancel", "close", "result", "choose", "void"}}

func (k CommandKind) String() string { return commandKindEnum.name(uint8(k)) }

// MarshalText writes the name.
func (k CommandKind) MarshalText() ([]byte, error) { return commandKindEnum.text(uint8(k)) }

// UnmarshalText reads a name.
func (k *CommandKind) UnmarshalText(b []byte) error {
	x, err := commandKindEnum.parse(b)
	if err == nil {
		*k = CommandKind(x)
	}
	return err
}

// Command is one input to a table's round.
type Command struct {
	Kind CommandKind `json:"kind"`
	// Round, when set, is the round the command is for, so that a command
	// retried after its round ended cannot land in the next one: for
	// CmdOpen the round it opens (opened already, it is a replay).
	Round  int64  `json:"round,omitempty"`
	Player string `json:"player,omitempty"`
	// Bets are a placement's; a bet's Player may be left empty.
	Bets   []round.Bet `json:"bets,omitempty"`
	BetIDs []string    `json:"bet_ids,omitempty"`
	Spin   Spin        `json:"spin,omitzero"`
	Choice VoidChoice  `json:"choice,omitempty"`
	Reason string      `json:"reason,omitempty"`
}

// Apply applies one command to the round in s and returns what happened.
// A refused command returns an *apierr.Error with a stable reason and
// leaves s exactly as it was; a repeated one (a replayed placement, a
// second close) returns no events and no error.
func Apply(r Rules, s *State, c Command) ([]Event, error) {
	if c.Round != 0 {
		want := s.Round
		if c.Kind == CmdOpen {
			if c.Round == s.Round {
				return nil, nil // opened already
			}
			want++
		}
		if c.Round != want {
			return nil, apierr.Precondition(ReasonWrongRound, "%s for round %d: the table is at round %d", c.Kind, c.Round, s.Round)
		}
	}
	var evs []Event
	var err error
	switch c.Kind {
	case CmdOpen:
		evs, err = s.open()
	case CmdPlace:
		evs, err = s.place(r, c)
	case CmdCancel:
		evs, err = s.cancel(r, c)
	case CmdClose:
		evs, err = s.close()
	case CmdResult:
		evs, err = s.result(r, c.Spin)
	case CmdChoose:
		evs, err = s.choose(r, c)
	case CmdVoid:
		evs, err = s.void(c.Reason)
	default:
		err = apierr.Invalid(ReasonBadCommand, "unknown command %d", c.Kind)
	}
	if err != nil {
		return nil, err
	}
	for i := range evs {
		evs[i].Round = s.Round
	}
	return evs, nil
}

// wrongPhase refuses a command the round's phase does not allow, with
// the reason the phase gives.
func (s *State) wrongPhase(what string) error {
	switch s.Phase {
	case 0:
		return apierr.Precondition(ReasonNoRound, "%s: no round has opened", what)
	case round.Betting:
		return apierr.Precondition(ReasonNotClosed, "%s: bets are open in round %d (cz-money-wheel.md §4.2-4.3: no more bets, then the spin)", what, s.Round)
	case round.Closed:
		return apierr.Precondition(ReasonBettingClosed, "%s: round %d has no more bets (cz-money-wheel.md §4.2)", what, s.Round)
	}
	return apierr.Precondition(ReasonRoundOver, "%s: round %d is %s", what, s.Round, s.Phase)
}

// open starts the next round, taking in a void round's carried bets
// (cz-money-wheel.md §4.4 (a): the original bet, at the same amount, for
// the new game). Their players' void choices stay with them.
func (s *State) open() ([]Event, error) {
	if s.Phase != 0 && !s.Phase.Over() {
		return nil, apierr.Precondition(ReasonRoundRunning, "round %d is %s", s.Round, s.Phase)
	}
	carried := s.Carried
	var choices map[string]VoidChoice
	for _, b := range carried {
		if c, ok := s.Choices[b.Player]; ok {
			if choices == nil {
				choices = map[string]VoidChoice{}
			}
			choices[b.Player] = c
		}
	}
	*s = State{Round: s.Round + 1, Phase: round.Betting, Bets: carried, Choices: choices}
	return []Event{{Kind: EvOpened, Bets: slices.Clone(carried)}}, nil
}

// close ends the betting (cz-money-wheel.md §4.2: no further bets are
// accepted).
func (s *State) close() ([]Event, error) {
	switch s.Phase {
	case round.Closed:
		return nil, nil
	case round.Betting:
		s.Phase = round.Closed
		return []Event{{Kind: EvClosed}}, nil
	}
	return nil, s.wrongPhase("close")
}

// placement is a batch sorted out against the round: the player's bets
// already in it and the new ones.
type placement struct {
	mine  []round.Bet
	fresh []round.Bet
}

// place adds a player's batch, all or none.
func (s *State) place(r Rules, c Command) ([]Event, error) {
	p, err := s.sortBatch(c)
	if err != nil {
		return nil, err
	}
	if len(p.fresh) == 0 {
		return nil, nil // every bet a replay: an acknowledged retry
	}
	if s.Phase != round.Betting {
		return nil, s.wrongPhase("bet")
	}
	for _, b := range p.fresh {
		if _, err := ParseSpot(b.Spot); err != nil {
			return nil, fmt.Errorf("bet %s: %w", b.ID, err)
		}
		if err := checkStake(b); err != nil {
			return nil, err
		}
	}
	if err := checkLimits(r, append(p.mine, p.fresh...), c.Player); err != nil {
		return nil, err
	}
	s.Bets = append(s.Bets, p.fresh...)
	return []Event{{Kind: EvPlaced, Player: c.Player, Bets: slices.Clone(p.fresh)}}, nil
}

// sortBatch checks a batch's bets belong to its player, each once, and
// splits them into replays, which it drops, and new bets. A known id with
// other content is refused.
func (s *State) sortBatch(c Command) (placement, error) {
	if c.Player == "" {
		return placement{}, apierr.Invalid(ReasonBadBet, "a placement names its player")
	}
	if len(c.Bets) == 0 {
		return placement{}, apierr.Invalid(ReasonBadBet, "an empty placement")
	}
	known := s.playerBets(c.Player)
	p := placement{mine: known.live}
	seen := map[string]bool{}
	for _, b := range c.Bets {
		if b.Player == "" {
			b.Player = c.Player
		}
		switch {
		case b.Player != c.Player:
			return placement{}, apierr.Invalid(ReasonBadBet, "bet %s is %s's, not %s's", b.ID, b.Player, c.Player)
		case b.ID == "":
			return placement{}, apierr.Invalid(ReasonBadBet, "a bet without an id")
		case seen[b.ID]:
			return placement{}, apierr.Invalid(ReasonBadBet, "bet %s twice in one placement", b.ID)
		}
		seen[b.ID] = true
		old, ok := known.find(b.ID)
		switch {
		case !ok:
			p.fresh = append(p.fresh, b)
		case old != b:
			return placement{}, apierr.Conflict(ReasonBetConflict, "bet %s was placed as %d on %s", b.ID, old.Amount, old.Spot)
		}
	}
	return p, nil
}

// known is a player's bets in the round: live ones and cancelled ones.
type known struct {
	live      []round.Bet
	cancelled []round.Bet
}

func (k known) find(id string) (round.Bet, bool) {
	for _, set := range [][]round.Bet{k.live, k.cancelled} {
		if i := slices.IndexFunc(set, func(b round.Bet) bool { return b.ID == id }); i >= 0 {
			return set[i], true
		}
	}
	return round.Bet{}, false
}

// playerBets finds player's bets in one pass over the round. A line of a
// bet no longer in Bets is a cancel's refund.
func (s *State) playerBets(player string) known {
	var k known
	for _, b := range s.Bets {
		if b.Player == player {
			k.live = append(k.live, b)
		}
	}
	for _, l := range s.Lines {
		if l.Player != player || slices.ContainsFunc(k.live, func(b round.Bet) bool { return b.ID == l.BetID }) {
			continue
		}
		k.cancelled = append(k.cancelled, round.Bet{ID: l.BetID, Player: l.Player, Spot: l.Spot, Amount: l.Stake})
	}
	return k
}

// cancel takes a player's bets back while bets are open, all or none; a
// bet already cancelled is a replay.
func (s *State) cancel(r Rules, c Command) ([]Event, error) {
	if c.Player == "" || len(c.BetIDs) == 0 {
		return nil, apierr.Invalid(ReasonBadBet, "a cancel names its player and bets")
	}
	k := s.playerBets(c.Player)
	drop := map[string]bool{}
	for _, id := range c.BetIDs {
		switch {
		case drop[id]:
			return nil, apierr.Invalid(ReasonBadBet, "bet %s twice in one cancel", id)
		case slices.ContainsFunc(k.live, func(b round.Bet) bool { return b.ID == id }):
			drop[id] = true
		case slices.ContainsFunc(k.cancelled, func(b round.Bet) bool { return b.ID == id }):
			// cancelled before: a replay
		default:
			return nil, apierr.NotFound(ReasonUnknownBet, "%s has no bet %s in round %d", c.Player, id, s.Round)
		}
	}
	if len(drop) == 0 {
		return nil, nil
	}
	if s.Phase != round.Betting {
		return nil, s.wrongPhase("cancel")
	}
	gone := func(b round.Bet) bool { return b.Player == c.Player && drop[b.ID] }
	left := slices.DeleteFunc(slices.Clone(k.live), gone)
	if err := checkLimits(r, left, c.Player); err != nil {
		return nil, fmt.Errorf("cancel would leave %w", err)
	}
	ev := Event{Kind: EvCancelled, Player: c.Player}
	for _, b := range s.Bets {
		if gone(b) {
			ev.Bets = append(ev.Bets, b)
			ev.Lines = append(ev.Lines, round.Refund(b))
		}
	}
	s.Bets = slices.DeleteFunc(s.Bets, gone)
	s.Lines = append(s.Lines, ev.Lines...)
	return []Event{ev}, nil
}
