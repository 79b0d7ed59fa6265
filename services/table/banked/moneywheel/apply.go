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
	// CmdOpen opens the next round ("your bets, please", cz-money-wheel.md
	// §4.1), with the bets a void round before carried in. It is the only
	// command a zero State takes.
	CmdOpen CommandKind = iota + 1
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
	// CmdVoid: the operator voids the round for Reason, which he must give
	// (round.CheckVoidReason); every bet still in it is refunded.
	CmdVoid
)

var commandNames = round.Enum[CommandKind]{Type: "command", Names: []string{"", "open", "place", "cancel", "close", "result", "choose", "void"}}

func (k CommandKind) String() string { return commandNames.String(k) }

// MarshalText writes the name.
func (k CommandKind) MarshalText() ([]byte, error) { return commandNames.Text(k) }

// UnmarshalText reads a name.
func (k *CommandKind) UnmarshalText(b []byte) error { return commandNames.Parse(b, k) }

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
	if replay, err := round.CheckRound(c.Kind, c.Kind == CmdOpen, c.Round, s.Round); replay || err != nil {
		return nil, err
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
		err = apierr.Invalid(round.ReasonUnknownCommand, "unknown command %d", c.Kind)
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
// the reason the phase gives (round.Phase.Refusal).
func (s *State) wrongPhase(what string) error {
	reason := s.Phase.Refusal()
	switch s.Phase {
	case 0:
		return apierr.Precondition(reason, "%s: no round has opened", what)
	case round.Betting:
		return apierr.Precondition(reason, "%s: bets are open in round %d (cz-money-wheel.md §4.2-4.3: no more bets, then the spin)", what, s.Round)
	case round.Closed:
		return apierr.Precondition(reason, "%s: round %d has no more bets (cz-money-wheel.md §4.2)", what, s.Round)
	}
	return apierr.Precondition(reason, "%s: round %d is %s", what, s.Round, s.Phase)
}

// open starts the next round, taking in a void round's carried bets
// (cz-money-wheel.md §4.4 (a): the original bet, at the same amount, for
// the new game). Their players' void choices stay with them.
func (s *State) open() ([]Event, error) {
	if s.Phase != 0 && !s.Phase.Over() {
		return nil, apierr.Precondition(round.ReasonRoundRunning, "round %d is %s", s.Round, s.Phase)
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

// CheckPlace says what Apply would do with c as a CmdPlace (its Kind is
// not read), without changing s: the bets it would put in play, in batch
// order, nil for a replay (every bet placed already with the same
// content), or the refusal Apply would return. It runs every check a
// placement makes — the round, replays and id conflicts
// (round.Book.Fresh), the phase, each bet, the box and table limits — so
// that a caller can reserve the money first and commit after.
func CheckPlace(r Rules, s *State, c Command) ([]round.Bet, error) {
	if _, err := round.CheckRound(CmdPlace, false, c.Round, s.Round); err != nil {
		return nil, err
	}
	return s.checkPlace(r, c)
}

// place adds a player's batch, all or none (checkPlace).
func (s *State) place(r Rules, c Command) ([]Event, error) {
	fresh, err := s.checkPlace(r, c)
	if err != nil || len(fresh) == 0 {
		return nil, err // no bets: every one a replay, an acknowledged retry
	}
	s.Bets = append(s.Bets, fresh...)
	return []Event{{Kind: EvPlaced, Player: c.Player, Bets: slices.Clone(fresh)}}, nil
}

// checkPlace is a placement's checks, changing nothing; it returns the
// new bets, a slice of its own (round.Book.Fresh sorts out replays and
// conflicts).
func (s *State) checkPlace(r Rules, c Command) ([]round.Bet, error) {
	k := s.book(c.Player)
	fresh, err := k.Fresh(c.Bets)
	if err != nil || len(fresh) == 0 {
		return nil, err
	}
	if s.Phase != round.Betting {
		return nil, s.wrongPhase("bet")
	}
	for _, b := range fresh {
		if _, err := CheckBet(r, b); err != nil {
			return nil, err
		}
	}
	// k.Live is the book's own slice: appending to it touches no state.
	if err := checkLimits(r, append(k.Live, fresh...), c.Player); err != nil {
		return nil, err
	}
	return fresh, nil
}

// book is player's bets in the round, in play and cancelled.
func (s *State) book(player string) round.Book {
	if s.index == nil {
		s.index = &round.Index{}
	}
	return s.index.Book(player, s.Bets, s.Cancelled)
}

// cancel takes a player's bets back while bets are open, all or none; a
// bet already cancelled is a replay.
func (s *State) cancel(r Rules, c Command) ([]Event, error) {
	k := s.book(c.Player)
	ids, err := k.Cancels(c.BetIDs)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	if s.Phase != round.Betting {
		return nil, s.wrongPhase("cancel")
	}
	gone := func(b round.Bet) bool { return b.Player == c.Player && slices.Contains(ids, b.ID) }
	left := slices.DeleteFunc(slices.Clone(k.Live), gone)
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
	s.Cancelled = append(s.Cancelled, ev.Bets...)
	s.Lines = append(s.Lines, ev.Lines...)
	return []Event{ev}, nil
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

// result takes the spin once bets are closed: a valid one settles the
// round, a void one (cz-money-wheel.md §4.4) refunds or carries each
// player's bets as he chose. The same spin reported again is a replay.
func (s *State) result(r Rules, spin Spin) ([]Event, error) {
	if s.Phase.Over() && s.Result != nil && *s.Result == spin {
		return nil, nil
	}
	if s.Phase != round.Closed {
		return nil, s.wrongPhase("result")
	}
	if err := CheckSpin(r, spin); err != nil {
		return nil, err
	}
	res, shown := spin, spin // the event's own copy
	s.Result, s.Verdict, s.Winner = &res, Validate(r, spin), r.Symbol(Winner(r, spin))
	evs := []Event{{Kind: EvResult, Spin: &shown, Verdict: s.Verdict, Winner: s.Winner}}
	if s.Verdict == round.Valid {
		lines := Settle(r, s.Bets, s.Winner).Lines
		s.Lines = append(s.Lines, lines...)
		s.Phase = round.Settled
		return append(evs, Event{Kind: EvSettled, Lines: lines}), nil
	}
	ev := Event{Kind: EvVoided, Reason: fmt.Sprintf("the wheel made %d revolutions, fewer than %d (cz-money-wheel.md §4.4)", spin.Revolutions, r.Options.MinRevolutions)}
	for _, b := range s.Bets {
		if s.choice(r, b.Player) == Refund {
			ev.Lines = append(ev.Lines, round.Refund(b))
		} else {
			ev.Bets = append(ev.Bets, b)
		}
	}
	s.Lines = append(s.Lines, ev.Lines...)
	s.Carried = slices.Clone(ev.Bets)
	s.Phase, s.Reason = round.Voided, ev.Reason
	return append(evs, ev), nil
}

// void is the operator voiding the round: every bet still in it is
// refunded, whatever its player chose (cz-european-roulette.md §8, which
// the issue applies to every wheel game). After a void spin it refunds
// the carried bets, voiding the game they were kept for.
func (s *State) void(reason string) ([]Event, error) {
	if err := round.CheckVoidReason(reason); err != nil {
		return nil, err
	}
	var refund []round.Bet
	switch s.Phase {
	case round.Betting, round.Closed:
		refund = s.Bets
	case round.Voided:
		if len(s.Carried) == 0 {
			return nil, nil
		}
		refund = s.Carried
	default:
		return nil, s.wrongPhase("void")
	}
	ev := Event{Kind: EvVoided, Reason: reason}
	for _, b := range refund {
		ev.Lines = append(ev.Lines, round.Refund(b))
	}
	s.Lines = append(s.Lines, ev.Lines...)
	s.Carried = nil
	s.Phase, s.Reason = round.Voided, reason
	return []Event{ev}, nil
}
