package house

import "github.com/croupier/croupier/services/table/banked/round"

// DueKind is the work a table's clock owes.
type DueKind uint8

// Kinds of due work.
const (
	DueNone DueKind = iota
	// DueIntents: money intents wait for the wallet (Runnable).
	DueIntents
	// DueOpen: the next round is to open (CmdOpen, with the RNG's draw
	// at an rng table).
	DueOpen
	// DueClose: the betting window is over (CmdClose).
	DueClose
	// DueResult: an rng round has closed and its draw is to be applied
	// (CmdResult).
	DueResult
	// DueFinish: a closing table has nothing left to do (CmdFinishClose).
	DueFinish
	// DueShuffle: an rng card table needs a new shoe from the RNG
	// (CmdPlay with the shuffle and the RNG's Shoe).
	DueShuffle
	// DueTimeout: a player's decision clock ran out (CmdPlay with the
	// engine's timeout).
	DueTimeout
)

var dueNames = round.Enum[DueKind]{Type: "due", Names: []string{"none", "intents", "open", "close", "result", "finish", "shuffle", "timeout"}}

func (k DueKind) String() string { return dueNames.String(k) }

// Due is the earliest work the table's clock owes: when (Unix ms) and
// what.
type Due struct {
	At   int64
	Kind DueKind
}

// NextDue returns the table's earliest due work; false when nothing is
// due until a command changes the table. A frozen or closed table owes
// nothing.
func (t *Table) NextDue() (Due, bool) {
	best, found := Due{}, false
	t.eachDue(func(d Due) {
		if !found || d.At < best.At {
			best, found = d, true
		}
	})
	return best, found
}

// eachDue calls f with each piece of work the table owes.
func (t *Table) eachDue(f func(Due)) {
	if t.Status == Closed || t.Review != "" {
		return
	}
	t.eachRunnable(func(in Intent) { f(Due{At: in.Due, Kind: DueIntents}) })
	switch p := t.Phase(); {
	case p == round.Betting:
		f(Due{At: t.ClosesAt, Kind: DueClose})
	case p == round.Closed && t.cards() != nil:
		// A card game plays on move by move: it owes a shoe, or the
		// default of a decision whose clock ran out; a dealer table's
		// cards are its dealer's.
		if t.NeedsShoe() {
			f(Due{At: t.ClosedAt, Kind: DueShuffle})
		}
		if at := t.Deadline(); at > 0 {
			f(Due{At: at, Kind: DueTimeout})
		}
	case p == round.Closed && t.Config.Source == ResultRNG:
		f(Due{At: t.ClosedAt, Kind: DueResult})
	case p == round.Closed:
		// A dealer table waits for its dealer's result.
	case t.Status == Open:
		at := t.LastEnd + t.pause()
		if t.LastEnd == 0 {
			at = 0
		}
		f(Due{At: at, Kind: DueOpen})
	case t.Status == Closing && len(t.Intents) == 0:
		f(Due{At: t.LastEnd, Kind: DueFinish})
	}
}
