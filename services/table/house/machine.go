package house

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/shared/apierr"
)

var _ game.Table = (*Table)(nil)

// Revision is the number of commands applied since the table was created.
func (t *Table) Revision() uint64 { return t.Version }

// Step applies one command and says what it did. A refused command
// returns an *apierr.Error and leaves the table exactly as it was; a
// command that changes nothing (Same) returns an empty step and the
// version stays. Events are a []Event.
func (t *Table) Step(gc game.Command) (game.Step, error) {
	c, ok := gc.(*Command)
	if !ok || c == nil {
		return game.Step{}, apierr.Invalid(ReasonUnknownCommand, "not a house command: %T", gc)
	}
	// A placement finds out it is a replay itself (place): checking it
	// twice would parse every spot twice.
	if c.Kind != CmdPlace && t.Same(c) {
		return game.Step{Events: []Event(nil)}, nil
	}
	a := &applier{t: t, c: c}
	if err := a.apply(); err != nil {
		return game.Step{}, refusal(err)
	}
	if a.replay {
		return game.Step{Events: []Event(nil)}, nil
	}
	if err := a.deal(); err != nil {
		return game.Step{}, refusal(err)
	}
	a.settleLate()
	t.prune()
	t.Version++
	a.step.Events, a.step.N = a.events, len(a.events)
	a.step.Only = onlyFor(a.events)
	return a.step, nil
}

// onlyFor is the one player a command's events all concern (his own
// placement, cancel, choice, payment), so that the core hands them to his
// streams alone; "" when others are shown any.
func onlyFor(evs []Event) string {
	who := ""
	for _, e := range evs {
		p := e.Player
		if p == "" && (e.Kind == EvPlaced || e.Kind == EvCancelled) {
			p = e.Who
		}
		if p == "" || (who != "" && p != who) {
			return ""
		}
		who = p
	}
	return who
}

// refusal is err as the *apierr.Error the core expects: an engine's
// refusal wrapped with context ("bet b1: BAD_SPOT: …") keeps its code and
// reason and reads as the whole message.
func refusal(err error) error {
	var ae *apierr.Error
	if !errors.As(err, &ae) {
		return apierr.New(connect.CodeInternal, ReasonInconsistent, "%v", err)
	}
	if ae == err {
		return ae
	}
	return &apierr.Error{Code: ae.Code, Reason: ae.Reason, Message: strings.Replace(err.Error(), ae.Error(), ae.Message, 1)}
}

// Same reports a command that would change nothing: a replayed open,
// placement, cancel, choice, close, result or void, a wallet answer about
// intents the table no longer holds, an operator repeating himself. The
// core answers it like a replay and does not log it.
func (t *Table) Same(gc game.Command) bool {
	c, ok := gc.(*Command)
	if !ok || c == nil {
		return false
	}
	if t.Status == Closed {
		// Closing a closed table again changes nothing (as at a poker
		// table); anything else is refused.
		return c.Kind == CmdCloseTable
	}
	if t.Review != "" && !allowedFrozen(c.Kind) {
		return false
	}
	e := t.engine()
	thisRound := c.Round == 0 || c.Round == e.round()
	joined := t.Players[c.Who] != nil
	switch c.Kind {
	case CmdOpen:
		return c.Round != 0 && c.Round == e.round()
	case CmdJoin:
		p := t.Players[c.Who]
		return p != nil && c.Account != "" && p.Name == c.Name && p.Account == c.Account
	case CmdPlace:
		fresh, err := t.CheckPlace(c.Who, c.Round, c.Bets)
		return err == nil && fresh == nil
	case CmdCancel:
		return joined && e.sameCancel(c.Who, c.Round, c.BetIDs)
	case CmdChoose:
		return joined && e.sameChoose(c.Who, c.Round, c.Choice)
	case CmdClose:
		return thisRound && e.phase() == round.Closed
	case CmdResult:
		if !thisRound || !e.phase().Over() {
			return false
		}
		sp, err := e.spin(t.Config.Source, t.Draw, c)
		return err == nil && e.sameResult(sp)
	case CmdVoid:
		return c.Reason != "" && thisRound && e.phase() == round.Voided && len(e.carried()) == 0
	case CmdIntentsDone:
		return checkAnswers(c) == nil && !t.answersChange(c)
	case CmdPause:
		return t.Status == Paused
	case CmdResume:
		return t.Status == Open && t.Review == ""
	case CmdCloseTable:
		return t.Status == Closing
	case CmdFreeze:
		return t.Review != ""
	case CmdSettings:
		return c.Window == t.Config.Window && c.Pause == t.Config.Pause
	}
	return false
}

// Due is when the table next owes work to its clock (NextDue).
func (t *Table) Due() (int64, bool) {
	d, ok := t.NextDue()
	return d.At, ok
}

// Encode is the table's snapshot: its JSON, tagged game.Round.
func (t *Table) Encode() ([]byte, error) {
	data, err := json.Marshal(t)
	if err != nil {
		return nil, fmt.Errorf("house table %s: %w", t.Config.ID, err)
	}
	return game.Tagged(game.Round, data), nil
}

// Decode reads a snapshot Encode wrote.
func Decode(data []byte) (*Table, error) {
	tag, rest := game.Tag(data)
	if tag != game.Round {
		return nil, fmt.Errorf("house table: a %q snapshot", tag)
	}
	t := new(Table)
	if err := json.Unmarshal(rest, t); err != nil {
		return nil, fmt.Errorf("house table: %w", err)
	}
	states := map[string]bool{GameRoulette: t.Roulette != nil, GameMoneyWheel: t.Wheel != nil, GameBlackjack: t.Blackjack != nil,
		GameCasinoHoldem: t.CasinoHoldem != nil, GameCasinoTexas: t.CasinoTexas != nil,
		GameOasis: t.Oasis != nil, GameRussian: t.Russian != nil, GameSplit: t.Split != nil}
	if _, known := states[t.Config.Game]; !known {
		return nil, fmt.Errorf("house table %s: unknown game %q", t.Config.ID, t.Config.Game)
	}
	for g, ok := range states {
		if ok != (g == t.Config.Game) {
			return nil, fmt.Errorf("house table %s: a %s table without its rules and round, or with another game's", t.Config.ID, t.Config.Game)
		}
	}
	if !t.Config.rulesOnly() {
		return nil, fmt.Errorf("house table %s: a %s table without its rules, or with another game's", t.Config.ID, t.Config.Game)
	}
	return t, nil
}

// MoneyPending reports a money intent recorded and not yet carried out.
func (t *Table) MoneyPending() bool { return len(t.Intents) > 0 }

// Escrow is what the round escrow should hold when no intent is pending;
// false once the table has closed.
func (t *Table) Escrow() (game.Escrow, bool) {
	if t.Status == Closed {
		return game.Escrow{}, false
	}
	return game.Escrow{Kind: game.RoundEscrow, Currency: t.Config.Currency, Amount: t.Escrowed}, true
}

// Frozen is why the table is held for review ("" when it is not).
func (t *Table) Frozen() string { return t.Review }

// Closed reports a table that has closed for good.
func (t *Table) Closed() bool { return t.Status == Closed }

// Freeze is the command that holds the table for review for reason.
func (t *Table) Freeze(reason string) game.Command { return &Command{Kind: CmdFreeze, Reason: reason} }
