package roulette

import (
	"fmt"
	"slices"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// CommandKind names what a command does.
type CommandKind uint8

// Commands.
const (
	// CmdOpen opens the next round once the last has ended, carrying the
	// table's last physical spin for the direction rule (cz §5.2). It is
	// the only command a zero State takes.
	CmdOpen CommandKind = iota + 1
	// CmdPlace places a batch of one player's bets, all or nothing. A bet
	// is known by its player and id (round.Book): placed again with the
	// same content it is a replay.
	CmdPlace
	// CmdCancel takes back bets of the player by id, while betting is open.
	CmdCancel
	// CmdClose is "no more bets" (cz §5.4, ru §3.23).
	CmdClose
	// CmdResult reports a spin.
	CmdResult
	// CmdVoid is the operator voiding the round for Reason, which he must
	// give (round.CheckVoidReason): every bet is returned (cz §8: a spin or
	// the whole game declared void).
	CmdVoid
)

var commandNames = round.Enum[CommandKind]{Type: "command", Names: []string{"", "open", "place", "cancel", "close", "result", "void"}}

func (k CommandKind) String() string { return commandNames.String(k) }

// MarshalText writes the command's name.
func (k CommandKind) MarshalText() ([]byte, error) { return commandNames.Text(k) }

// UnmarshalText reads a command's name.
func (k *CommandKind) UnmarshalText(b []byte) error { return commandNames.Parse(b, k) }

// Command is one input to a round.
type Command struct {
	Kind CommandKind `json:"kind"`
	// Round, when set, is the round the command is for, so that a command
	// retried after its round ended cannot land in the next one: for
	// CmdOpen the round it opens (opened already, it is a replay).
	Round int64 `json:"round,omitempty"`
	// Player places or cancels.
	Player string `json:"player,omitempty"`
	// Bets are placed (CmdPlace); a bet without a player is the command's.
	Bets []round.Bet `json:"bets,omitempty"`
	// BetIDs are cancelled (CmdCancel).
	BetIDs []string `json:"bet_ids,omitempty"`
	// Spin is the result (CmdResult); for CmdOpen, the table's last
	// physical spin when the State does not hold it (the first round
	// opened on a zero State of a wheel that has spun before).
	Spin *Spin `json:"spin,omitempty"`
	// Reason is why the operator voids the round (CmdVoid): required.
	Reason string `json:"reason,omitempty"`
}

// Apply applies one command to the round. It mutates s and returns what
// happened; a refused command returns an *apierr.Error (wrapped) with a
// stable reason and leaves s exactly as it was. A retried open, place or
// cancel that already took effect, or a second close, changes nothing and
// returns no events.
func Apply(r Rules, s *State, c Command) ([]Event, error) {
	if replay, err := round.CheckRound(c.Kind, c.Kind == CmdOpen, c.Round, s.Round); replay || err != nil {
		return nil, err
	}
	var evs []Event
	var err error
	switch c.Kind {
	case CmdOpen:
		evs, err = s.open(c)
	case CmdPlace:
		evs, err = s.place(r, c)
	case CmdCancel:
		evs, err = s.cancel(c)
	case CmdClose:
		evs, err = s.close()
	case CmdResult:
		evs, err = s.result(r, c)
	case CmdVoid:
		evs, err = s.void(c)
	default:
		err = apierr.Invalid(round.ReasonUnknownCommand, "command %v", c.Kind)
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
		// The result comes strictly after "no more bets" (ru N4).
		return apierr.Precondition(reason, "%s: no result before no more bets", what)
	case round.Closed:
		// ru §3.25, T18: a bet after "no more bets" does not play and is
		// returned: refused, it never was in play.
		return apierr.Precondition(reason, "%s: no more bets", what)
	}
	return apierr.Precondition(reason, "%s: round %d is %v", what, s.Round, s.Phase)
}

// open starts the next round once the last has ended, carrying the
// table's last physical spin, which the direction rule compares the next
// dealer spin with (cz §5.2): the command's, when it brings one, else the
// last spin the state holds.
func (s *State) open(c Command) ([]Event, error) {
	if s.Phase != 0 && !s.Phase.Over() {
		return nil, apierr.Precondition(round.ReasonRoundRunning, "round %d is %v", s.Round, s.Phase)
	}
	prev := s.last()
	if c.Spin != nil {
		prev = c.Spin
	}
	next := State{Round: s.Round + 1, Phase: round.Betting}
	ev := Event{Kind: EvOpened}
	if prev != nil {
		p, shown := prev.clone(), prev.clone()
		next.Prev, ev.Spin = &p, &shown
	}
	*s = next
	return []Event{ev}, nil
}

// CheckPlace says what Apply would do with c as a CmdPlace (its Kind is
// not read), without changing s: the bets it would put in play, in batch
// order and with their spots canonical, nil for a replay (every bet placed
// already with the same content), or the refusal Apply would return. It
// runs every check a placement makes — the round, each bet and its spot,
// replays and id conflicts (round.Book.Fresh), the phase, the spot
// maximums — so that a caller can reserve the money first and commit
// after.
func CheckPlace(r Rules, s *State, c Command) ([]round.Bet, error) {
	if _, err := round.CheckRound(CmdPlace, false, c.Round, s.Round); err != nil {
		return nil, err
	}
	return s.checkPlace(r, c)
}

// place puts a batch of one player's bets in play, all or nothing
// (checkPlace).
func (s *State) place(r Rules, c Command) ([]Event, error) {
	fresh, err := s.checkPlace(r, c)
	if err != nil || len(fresh) == 0 {
		return nil, err
	}
	s.Bets = append(s.Bets, fresh...)
	return []Event{{Kind: EvPlaced, Player: c.Player, Bets: slices.Clone(fresh)}}, nil
}

// checkPlace is a placement's checks, changing nothing. Every bet is
// checked and its spot made canonical first, so that a replay spelt
// otherwise ("split:5-2" for "split:2-5") is recognised; round.Book.Fresh
// then sorts out replays and conflicts. It returns the new bets, a slice
// of its own.
func (s *State) checkPlace(r Rules, c Command) ([]round.Bet, error) {
	if c.Player == "" {
		return nil, apierr.Invalid(round.ReasonBadBet, "a placement names its player")
	}
	batch := make([]round.Bet, 0, len(c.Bets))
	spotOf := map[string]Spot{}
	for _, b := range c.Bets {
		if b.Player == "" {
			b.Player = c.Player
		}
		if b.Player != c.Player {
			return nil, apierr.Invalid(round.ReasonBadBet, "bet %s is for %s, not %s", b.ID, b.Player, c.Player)
		}
		sp, err := CheckBet(r, b)
		if err != nil {
			return nil, err
		}
		b.Spot = sp.Name
		batch = append(batch, b)
		spotOf[b.ID] = sp
	}
	k := s.book(c.Player)
	fresh, err := k.Fresh(batch)
	if err != nil || len(fresh) == 0 {
		return nil, err
	}
	if s.Phase != round.Betting {
		return nil, s.wrongPhase("bet")
	}
	spots := make([]Spot, len(fresh))
	for i, b := range fresh {
		spots[i] = spotOf[b.ID]
	}
	if err := checkSpots(r, c.Player, k.Live, fresh, spots); err != nil {
		return nil, err
	}
	return fresh, nil
}

// checkSpots keeps each of the player's spots within the spot maximum:
// chips stacked on one spot are one bet (ru §3.5–3.6). Track pieces count
// too unless the track cap settles their excess (ru §4.4).
func checkSpots(r Rules, player string, placed, bets []round.Bet, spots []Spot) error {
	total := map[string]int64{}
	kinds := map[string]Kind{}
	addBet := func(b round.Bet, sp Spot) {
		if !sp.Kind.Announced() {
			total[sp.Name] += b.Amount
			kinds[sp.Name] = sp.Kind
			return
		}
		if r.Options.TrackCap {
			return
		}
		units := sp.Units(r)
		for _, p := range sp.Pieces(r) {
			total[p.Name] += b.Amount / units * p.Chips
			kinds[p.Name] = p.Kind
		}
	}
	for i, b := range bets {
		addBet(b, spots[i])
	}
	for _, b := range placed {
		if sp, err := ParseSpot(r, b.Spot); err == nil {
			addBet(b, sp)
		}
	}
	for name, amt := range total {
		if max := r.Limits.SpotMax(kinds[name]); max > 0 && amt > max {
			return apierr.Invalid(round.ReasonBetOutsideLimits, "%s would hold %d of %s's, over the spot maximum %d", name, amt, player, max)
		}
	}
	return nil
}

// cancel takes back bets of the player while betting is open
// (round.Book.Cancels: a bet already cancelled is a replay); the event's
// lines refund them.
func (s *State) cancel(c Command) ([]Event, error) {
	gone, err := s.book(c.Player).Cancels(c.BetIDs)
	if err != nil || len(gone) == 0 {
		return nil, err
	}
	if s.Phase != round.Betting {
		return nil, s.wrongPhase("cancel")
	}
	ev := Event{Kind: EvCancelled, Player: c.Player}
	s.Bets = slices.DeleteFunc(s.Bets, func(b round.Bet) bool {
		if b.Player == c.Player && slices.Contains(gone, b.ID) {
			ev.Bets = append(ev.Bets, b)
			ev.Lines = append(ev.Lines, round.Refund(b))
			return true
		}
		return false
	})
	s.Cancelled = append(s.Cancelled, ev.Bets...)
	s.Lines = append(s.Lines, ev.Lines...)
	return []Event{ev}, nil
}

// close is "no more bets"; closing a closed round changes nothing.
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

// result judges a spin and settles, voids or re-opens the round.
func (s *State) result(r Rules, c Command) ([]Event, error) {
	switch {
	case s.Phase != round.Closed:
		return nil, s.wrongPhase("result")
	case c.Spin == nil:
		return nil, apierr.Invalid(round.ReasonBadSpin, "no spin")
	}
	sp := c.Spin.clone()
	if err := CheckSpin(r, sp); err != nil {
		return nil, err
	}
	v, faults := Validate(r, s.last(), sp)
	won, err := sp.number(r.Wheel)
	winner := ""
	switch {
	case err == nil:
		sp.Label = won.String()
		winner = sp.Label
	case v == round.Valid:
		return nil, err
	}
	s.Spins = append(s.Spins, sp)
	if v != round.Respin {
		res := sp.clone()
		s.Result, s.Verdict, s.Winner = &res, v, winner
	}
	shown := sp.clone()
	ev := Event{Spin: &shown, Verdict: v, Winner: winner, Faults: slices.Clone(faults)}
	switch v {
	case round.Respin:
		// ru §3.22: "no game", spin again; bets stay and may be changed.
		s.Phase = round.Betting
		ev.Kind = EvNoSpin
	case round.Void:
		ev.Kind, ev.Lines, ev.Reason = EvVoided, s.refund(fmt.Sprintf("invalid spin: %s", faultList(faults))), s.Reason
	default:
		lines := Settle(r, s.Bets, won).Lines
		s.Lines = append(s.Lines, lines...)
		s.Phase = round.Settled
		ev.Kind, ev.Lines = EvSettled, lines
	}
	return []Event{ev}, nil
}

// void is the operator voiding the round (cz §8).
func (s *State) void(c Command) ([]Event, error) {
	if err := round.CheckVoidReason(c.Reason); err != nil {
		return nil, err
	}
	if s.Phase != round.Betting && s.Phase != round.Closed {
		return nil, s.wrongPhase("void")
	}
	return []Event{{Kind: EvVoided, Lines: s.refund(c.Reason), Reason: s.Reason}}, nil
}

// refund voids the round: every bet in play goes back whole. It returns
// the refunds, the event's own copy.
func (s *State) refund(reason string) []round.Line {
	lines := make([]round.Line, 0, len(s.Bets))
	for _, b := range s.Bets {
		lines = append(lines, round.Refund(b))
	}
	s.Lines = append(s.Lines, lines...)
	s.Phase, s.Reason = round.Voided, reason
	return lines
}

func faultList(fs []Fault) string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.String()
	}
	return strings.Join(names, ", ")
}
