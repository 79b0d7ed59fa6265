package live

import (
	"encoding/json"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/shared/apierr"
)

// The poker table as the table core drives it (game.Table): one engine
// behind the core's interface, as the banked games are others.
var (
	_ game.Table   = (*Table)(nil)
	_ game.Command = (*Command)(nil)
)

// Stamp gives the command its time (game.Command).
func (c *Command) Stamp(at int64) { c.At = at }

// Op is the command's kind (game.Command).
func (c *Command) Op() string { return c.Kind.String() }

// Revision is the table's version (game.Table).
func (t *Table) Revision() uint64 { return t.Version }

// HandRecord is a finished hand as the table keeps it: what it started
// from and its inputs (the complete record is rebuilt from them), and its
// result.
type HandRecord struct {
	Hand   *Hand       `json:"hand"`
	Result *HandResult `json:"result,omitempty"`
}

// Step applies a poker command (game.Table): Apply, and what the core
// does beyond storing it — a snapshot at a deal, the record and the shoe's
// outcome of a hand that just finished (played out, misdealt or voided),
// the lobby entry after a seat or table change or a hand's end.
func (t *Table) Step(gc game.Command) (game.Step, error) {
	c, ok := gc.(*Command)
	if !ok {
		return game.Step{}, apierr.New(connect.CodeInternal, "WRONG_GAME", "a poker table cannot apply a %T", gc)
	}
	intents := len(t.Intents)
	var handBefore string
	finishedBefore := false
	if t.Hand != nil {
		handBefore, finishedBefore = t.Hand.ID, t.Hand.Finished
	}
	events, err := t.Apply(c)
	if err != nil {
		return game.Step{}, err
	}
	st := game.Step{Events: events, N: len(events), Money: len(t.Intents) != intents,
		Snapshot: c.Kind == CmdDeal, Lobby: lobbyChanged(events)}
	if h := t.Hand; h != nil && h.Finished && (h.ID != handBefore || !finishedBefore) {
		st.Record = &game.Record{ID: h.ID, Value: HandRecord{Hand: h}}
		st.Outcome = h.Outcome
	}
	return st, nil
}

func lobbyChanged(events []Event) bool {
	for _, e := range events {
		switch e.Kind {
		case EvSeat, EvTable, EvHandEnded:
			return true
		}
	}
	return false
}

// Same reports a command that changes nothing (game.Table, Unchanged).
func (t *Table) Same(gc game.Command) bool {
	c, ok := gc.(*Command)
	return ok && t.Unchanged(c)
}

// Due is when the table next owes work (game.Table, NextDue).
func (t *Table) Due() (int64, bool) {
	d, ok := t.NextDue()
	return d.At, ok
}

// Encode is the table's snapshot (game.Table): untagged JSON.
func (t *Table) Encode() ([]byte, error) { return t.MarshalSnapshot() }

// MoneyPending reports a money intent not yet carried out (game.Table).
func (t *Table) MoneyPending() bool { return len(t.Intents) > 0 }

// Escrow is what the cash table's escrow holds: its chips (game.Table).
// Tournament tables and closed ones have none to check.
func (t *Table) Escrow() (game.Escrow, bool) {
	if !t.Config.Cash() || t.Status == Closed {
		return game.Escrow{}, false
	}
	return game.Escrow{Kind: game.TableEscrow, Currency: t.Config.Currency, Amount: t.Chips()}, true
}

// Frozen is why the table is held for review (game.Table).
func (t *Table) Frozen() string { return t.FrozenFor }

// Closed reports a closed table (game.Table).
func (t *Table) Closed() bool { return t.Status == Closed }

// Freeze is the command that holds the table for review (game.Table).
func (t *Table) Freeze(reason string) game.Command { return &Command{Kind: CmdFreeze, Reason: reason} }

// Lobby is the table's lobby entry (game.Table): its summary as JSON,
// untagged; none once it is closed.
func (t *Table) Lobby() ([]byte, bool) {
	sum := t.Summarize()
	if sum.Status == Closed {
		return nil, false
	}
	b, err := json.Marshal(sum)
	return b, err == nil
}
