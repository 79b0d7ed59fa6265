package view

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/hand"
)

// EventID names event i of version v ("<version>-<index>").
type EventID func(v uint64, i int) string

// Events converts the events of version v from index from on, as v may
// see them. Events a viewer has no use for are left out.
func Events(table string, version uint64, events []live.Event, from int, v live.Viewer, id EventID) []*tablev1.TableEvent {
	return AppendEvents(nil, table, version, events, from, v, id, nil)
}

// AppendEvents is Events appending to out and taking the events every
// viewer sees alike from public (Public's conversion of the same events;
// nil: convert them all for v).
func AppendEvents(out []*tablev1.TableEvent, table string, version uint64, events []live.Event, from int, v live.Viewer, id EventID,
	public []*tablev1.TableEvent) []*tablev1.TableEvent {
	for i := from; i < len(events); i++ {
		if public != nil && Alike(&events[i]) {
			if te := public[i]; te != nil {
				out = append(out, te)
			}
			continue
		}
		if te := convert(table, version, i, &events[i], v, id); te != nil {
			out = append(out, te)
		}
	}
	return out
}

// Public converts, once for every subscriber of a table, the events each
// viewer sees alike (Alike); the others, and those shown to nobody, are
// nil. The messages are shared: they must not be changed, only marshalled
// (which protobuf allows concurrently).
func Public(table string, version uint64, events []live.Event, id EventID) []*tablev1.TableEvent {
	out := make([]*tablev1.TableEvent, len(events))
	for i := range events {
		if Alike(&events[i]) {
			// Converted for an anonymous observer, the least any viewer sees.
			out[i] = convert(table, version, i, &events[i], live.Viewer{}, id)
		}
	}
	return out
}

// Alike reports whether every viewer sees e the same: it carries no cards
// but face-up ones or a hand shown at the showdown, and no seat (whose
// player id only some viewers may see). A seat's own cards (hole cards,
// stud down cards) are never alike: they are converted per viewer.
func Alike(e *live.Event) bool {
	switch e.Kind {
	case live.EvTurn, live.EvTable:
		return true
	case live.EvHand:
		x := &e.Engine
		switch {
		case x.Cards.N == 0:
			return true
		case x.Kind == hand.EvShown:
			return true
		case x.Kind == hand.EvDealt && x.Seat == hand.ToBoard:
			return true
		}
	}
	return false
}

// convert is event i of version as v may see it, nil if v has no use for it.
func convert(table string, version uint64, i int, ev *live.Event, v live.Viewer, id EventID) *tablev1.TableEvent {
	e := ev.For(v)
	te := event(&e, v)
	if te == nil {
		return nil
	}
	te.EventId, te.TableId, te.HandId = id(version, i), table, e.Hand
	te.At = timestamppb.New(time.UnixMilli(e.At))
	return te
}

func event(e *live.Event, v live.Viewer) *tablev1.TableEvent {
	switch e.Kind {
	case live.EvHandStarted:
		hs := &tablev1.HandStarted{HandNumber: e.Number, ButtonSeat: int32(e.Button), ShoeCommitment: e.Commitment}
		if v.Internal {
			// Only operators and services can call the RNG with it; a
			// viewer's proof names the outcome once the hand is over.
			hs.RngOutcomeId = e.Outcome
		}
		for _, s := range e.Seats {
			hs.Seats = append(hs.Seats, seat(s, v))
		}
		if e.Stakes != nil {
			hs.Stakes = Stakes(*e.Stakes, 0, 0)
		}
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_HandStarted{HandStarted: hs}}
	case live.EvTurn:
		ts := &tablev1.TurnStarted{Seat: int32(e.Seat), ActionSeq: int64(e.Seq), Deadline: timestamppb.New(time.UnixMilli(e.Deadline)),
			LegalActions: legal(e.Legal), TimeBankSeconds: int32(e.Bank / 1000)}
		if e.Reason == "clock_called" {
			ts.CountdownAt = timestamppb.New(time.UnixMilli(e.Amount))
		}
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_TurnStarted{TurnStarted: ts}}
	case live.EvHandEnded:
		he := &tablev1.HandEnded{Result: e.Result, Rake: e.Rake, Reason: e.Reason}
		for _, s := range e.Seats {
			he.Seats = append(he.Seats, seat(s, v))
		}
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_HandEnded{HandEnded: he}}
	case live.EvSeat:
		sc := &tablev1.SeatChanged{Change: e.Change}
		if len(e.Seats) > 0 {
			sc.Seat = seat(e.Seats[0], v)
		}
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_SeatChanged{SeatChanged: sc}}
	case live.EvTable:
		tc := &tablev1.TableChanged{Status: status(e.Status), Reason: e.Reason, DealHeld: e.Held}
		if e.Stakes != nil {
			tc.Stakes = Stakes(*e.Stakes, 0, 0)
		}
		if e.Clock != nil {
			tc.Clock = Clock(*e.Clock)
		}
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_TableChanged{TableChanged: tc}}
	case live.EvHand:
		return engineEvent(e)
	}
	return nil
}

func engineEvent(e *live.Event) *tablev1.TableEvent {
	x := &e.Engine
	switch x.Kind {
	case hand.EvPosted:
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_BlindPosted{BlindPosted: &tablev1.BlindPosted{
			Seat: int32(x.Seat), Kind: x.Post.String(), Amount: x.Amount, Stack: x.Stack, AllIn: x.AllIn}}}
	case hand.EvDealt:
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_CardsDealt{CardsDealt: &tablev1.CardsDealt{
			Seat: int32(x.Seat), Cards: cards(x.Cards), UpMask: uint32(x.Up), Street: e.Street}}}
	case hand.EvStreetStarted:
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_StreetStarted{StreetStarted: &tablev1.StreetStarted{Street: e.Street}}}
	case hand.EvActed, hand.EvChipsOwed:
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_ActionTaken{ActionTaken: &tablev1.ActionTaken{
			Seat: int32(x.Seat), Kind: Action(x.Action), Amount: x.Amount, Paid: x.Paid, Stack: x.Stack, AllIn: x.AllIn,
			ActionSeq: int64(x.Seq - 1), TimedOut: e.TimedOut}}}
	case hand.EvReturned:
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_BetReturned{BetReturned: &tablev1.BetReturned{
			Seat: int32(x.Seat), Amount: x.Amount, Stack: x.Stack}}}
	case hand.EvShown:
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_HandShown{HandShown: &tablev1.HandShown{
			Seat: int32(x.Seat), Cards: cards(x.Cards), HandName: x.Value.Name(), Value: uint32(x.Value)}}}
	case hand.EvMucked:
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_HandMucked{HandMucked: &tablev1.HandMucked{Seat: int32(x.Seat)}}}
	case hand.EvWon:
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_PotAwarded{PotAwarded: &tablev1.PotAwarded{
			PotIndex: int32(x.Pot), Seat: int32(x.Seat), Amount: x.Amount, Rake: x.Rake, Stack: x.Stack}}}
	case hand.EvHandVoided:
		return &tablev1.TableEvent{Event: &tablev1.TableEvent_PlayerHandVoided{PlayerHandVoided: &tablev1.PlayerHandVoided{
			Seat: int32(x.Seat), Returned: x.Amount}}}
	}
	// Burns, the end of the engine's hand (HandEnded follows from the
	// table), misdeals and disputes are reported by HandEnded.
	return nil
}
