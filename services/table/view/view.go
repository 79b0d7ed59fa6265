// Package view turns a live table and its events into the public API's
// messages for one viewer. The hidden-information decisions are made in
// package live (Event.For, the seat cards); this package only converts, and
// never copies a card it was not given.
package view

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/displayname"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// Game converts a game.
func Game(g profile.Game) tablev1.Game {
	switch g {
	case profile.Holdem:
		return tablev1.Game_GAME_HOLDEM
	case profile.Omaha:
		return tablev1.Game_GAME_OMAHA
	case profile.FiveCardStud:
		return tablev1.Game_GAME_FIVE_CARD_STUD
	case profile.SevenCardStud:
		return tablev1.Game_GAME_SEVEN_CARD_STUD
	}
	return tablev1.Game_GAME_UNSPECIFIED
}

// GameOf converts an API game.
func GameOf(g tablev1.Game) (profile.Game, bool) {
	switch g {
	case tablev1.Game_GAME_HOLDEM:
		return profile.Holdem, true
	case tablev1.Game_GAME_OMAHA:
		return profile.Omaha, true
	case tablev1.Game_GAME_FIVE_CARD_STUD:
		return profile.FiveCardStud, true
	case tablev1.Game_GAME_SEVEN_CARD_STUD:
		return profile.SevenCardStud, true
	}
	return 0, false
}

// Structure converts a betting structure.
func Structure(s betting.Structure) tablev1.BettingStructure {
	switch s {
	case betting.FixedLimit:
		return tablev1.BettingStructure_BETTING_STRUCTURE_FIXED_LIMIT
	case betting.SpreadLimit:
		return tablev1.BettingStructure_BETTING_STRUCTURE_SPREAD_LIMIT
	case betting.PotLimit:
		return tablev1.BettingStructure_BETTING_STRUCTURE_POT_LIMIT
	case betting.NoLimit:
		return tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT
	}
	return tablev1.BettingStructure_BETTING_STRUCTURE_UNSPECIFIED
}

// StructureOf converts an API betting structure.
func StructureOf(s tablev1.BettingStructure) (betting.Structure, bool) {
	switch s {
	case tablev1.BettingStructure_BETTING_STRUCTURE_FIXED_LIMIT:
		return betting.FixedLimit, true
	case tablev1.BettingStructure_BETTING_STRUCTURE_SPREAD_LIMIT:
		return betting.SpreadLimit, true
	case tablev1.BettingStructure_BETTING_STRUCTURE_POT_LIMIT:
		return betting.PotLimit, true
	case tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT:
		return betting.NoLimit, true
	}
	return 0, false
}

// Action converts an action kind.
func Action(k betting.Kind) tablev1.ActionKind {
	switch k {
	case betting.Fold:
		return tablev1.ActionKind_ACTION_KIND_FOLD
	case betting.Check:
		return tablev1.ActionKind_ACTION_KIND_CHECK
	case betting.Call:
		return tablev1.ActionKind_ACTION_KIND_CALL
	case betting.Bet:
		return tablev1.ActionKind_ACTION_KIND_BET
	case betting.Raise:
		return tablev1.ActionKind_ACTION_KIND_RAISE
	case betting.AllIn:
		return tablev1.ActionKind_ACTION_KIND_ALL_IN
	case betting.BringIn:
		return tablev1.ActionKind_ACTION_KIND_BRING_IN
	case betting.Complete:
		return tablev1.ActionKind_ACTION_KIND_COMPLETE
	}
	return tablev1.ActionKind_ACTION_KIND_UNSPECIFIED
}

// ActionOf converts an API action kind a player may send.
func ActionOf(k tablev1.ActionKind) (betting.Kind, bool) {
	switch k {
	case tablev1.ActionKind_ACTION_KIND_FOLD:
		return betting.Fold, true
	case tablev1.ActionKind_ACTION_KIND_CHECK:
		return betting.Check, true
	case tablev1.ActionKind_ACTION_KIND_CALL:
		return betting.Call, true
	case tablev1.ActionKind_ACTION_KIND_BET:
		return betting.Bet, true
	case tablev1.ActionKind_ACTION_KIND_RAISE:
		return betting.Raise, true
	case tablev1.ActionKind_ACTION_KIND_ALL_IN:
		return betting.AllIn, true
	case tablev1.ActionKind_ACTION_KIND_BRING_IN:
		return betting.BringIn, true
	case tablev1.ActionKind_ACTION_KIND_COMPLETE:
		return betting.Complete, true
	}
	return 0, false
}

// Stakes converts stakes with the table's buy-in bounds.
func Stakes(s profile.Stakes, minBuyIn, maxBuyIn int64) *tablev1.Stakes {
	return &tablev1.Stakes{Currency: s.Currency, SmallBlind: s.SmallBlind, BigBlind: s.BigBlind, Ante: s.Ante,
		SmallBet: s.SmallBet, BigBet: s.BigBet, BringIn: s.BringIn, MinBuyIn: minBuyIn, MaxBuyIn: maxBuyIn,
		Unit: s.Unit, SpreadMin: s.SpreadMin, SpreadMax: s.SpreadMax, Exponent: int32(s.Exponent)}
}

// StakesOf converts API stakes.
func StakesOf(s *tablev1.Stakes) profile.Stakes {
	return profile.Stakes{Currency: s.GetCurrency(), Exponent: int(s.GetExponent()), Unit: s.GetUnit(),
		SmallBlind: s.GetSmallBlind(), BigBlind: s.GetBigBlind(), Ante: s.GetAnte(), SmallBet: s.GetSmallBet(),
		BigBet: s.GetBigBet(), SpreadMin: s.GetSpreadMin(), SpreadMax: s.GetSpreadMax(), BringIn: s.GetBringIn()}
}

// Clock converts a clock.
func Clock(c live.Clock) *tablev1.Clock {
	return &tablev1.Clock{ActionSeconds: int32(c.Action / time.Second), TimeBankSeconds: int32(c.Bank / time.Second),
		HandPauseMs: int32(c.Pause / time.Millisecond), TimeoutsToSitOut: int32(c.TimeoutsToSitOut),
		CalledClockSeconds: int32(c.Called / time.Second), CountdownSeconds: int32(c.Countdown / time.Second), ShotClockSeconds: int32(c.Shot / time.Second),
		TimeExtensions: int32(c.Extensions), TimeExtensionSeconds: int32(c.Extension / time.Second)}
}

// ClockOf converts an API clock (nil: 30 s, no bank, 2 s between hands).
func ClockOf(c *tablev1.Clock) live.Clock {
	if c == nil {
		return live.Clock{Action: 30 * time.Second, Pause: 2 * time.Second}
	}
	return live.Clock{Action: time.Duration(c.GetActionSeconds()) * time.Second, Bank: time.Duration(c.GetTimeBankSeconds()) * time.Second,
		Pause: time.Duration(c.GetHandPauseMs()) * time.Millisecond, TimeoutsToSitOut: int(c.GetTimeoutsToSitOut()),
		Called: time.Duration(c.GetCalledClockSeconds()) * time.Second, Countdown: time.Duration(c.GetCountdownSeconds()) * time.Second,
		Shot: time.Duration(c.GetShotClockSeconds()) * time.Second, Extensions: int(c.GetTimeExtensions()),
		Extension: time.Duration(c.GetTimeExtensionSeconds()) * time.Second}
}

func status(s live.Status) tablev1.TableStatus {
	switch s {
	case live.Open:
		return tablev1.TableStatus_TABLE_STATUS_OPEN
	case live.Paused:
		return tablev1.TableStatus_TABLE_STATUS_PAUSED
	case live.Closing:
		return tablev1.TableStatus_TABLE_STATUS_CLOSING
	case live.Closed:
		return tablev1.TableStatus_TABLE_STATUS_CLOSED
	}
	return tablev1.TableStatus_TABLE_STATUS_UNSPECIFIED
}

func seatStatus(s live.SeatStatus) tablev1.SeatStatus {
	switch s {
	case live.SeatEmpty:
		return tablev1.SeatStatus_SEAT_STATUS_EMPTY
	case live.SeatPlaying:
		return tablev1.SeatStatus_SEAT_STATUS_PLAYING
	case live.SeatSittingOut:
		return tablev1.SeatStatus_SEAT_STATUS_SITTING_OUT
	case live.SeatReserved:
		return tablev1.SeatStatus_SEAT_STATUS_RESERVED
	case live.SeatWaiting:
		return tablev1.SeatStatus_SEAT_STATUS_WAITING
	}
	return tablev1.SeatStatus_SEAT_STATUS_UNSPECIFIED
}

// Summary converts a lobby entry.
func Summary(s live.Summary) *tablev1.TableSummary {
	return &tablev1.TableSummary{TableId: s.ID, Name: s.Name, Game: Game(s.Game), Structure: Structure(s.Structure),
		Stakes: Stakes(s.Stakes, s.MinBuyIn, s.MaxBuyIn), MaxSeats: int32(s.MaxSeats), Seated: int32(s.Seated),
		Waiting: int32(s.Waiting), Status: status(s.Status), Profile: s.Profile, TournamentId: s.Tournament,
		Clock: Clock(s.Clock), HandsPlayed: s.Hands}
}

// cards writes cards, "??" for hidden ones.
func cards(cs hand.Cards) []string {
	out := make([]string, cs.N)
	for i := range out {
		out[i] = cs.C[i].String()
	}
	return out
}

// seat converts a seat; the cards are the ones the caller was given for
// this viewer.
func seat(s live.SeatView, v live.Viewer) *tablev1.Seat {
	name := s.Name
	if name == "" && s.Status != live.SeatEmpty {
		// No name given: the seat, never the player id (issue 11).
		name = displayname.SeatLabel(s.Seat)
	}
	out := &tablev1.Seat{Seat: int32(s.Seat), Status: seatStatus(s.Status), DisplayName: name, Stack: s.Stack,
		Bet: s.Bet, InHand: s.InHand, Folded: s.Folded, AllIn: s.AllIn, UpMask: uint32(s.Up),
		TimeBankSeconds: int32(s.Bank / 1000), PendingChips: s.TopUp, Leaving: s.Leaving}
	if s.Cards.N > 0 {
		out.Cards = cards(s.Cards)
	}
	if v.SeesPlayerID(s.Player) {
		_, out.PlayerId = live.SplitKey(s.Player)
	}
	return out
}

// Table is the table as v may see it.
func Table(t *live.Table, v live.Viewer) *tablev1.TableView {
	sum := t.Summarize()
	out := &tablev1.TableView{Summary: Summary(sum), Version: t.Version, YourSeat: -1,
		WaitingPosition: int32(t.WaitingPosition(v.Player)), DealHeld: t.Held}
	if v.Player != "" {
		out.YourSeat = int32(t.SeatOf(v.Player))
	}
	for _, sv := range t.SeatViews(v) {
		out.Seats = append(out.Seats, seat(sv, v))
	}
	if h := t.Hand; h != nil && h.State() != nil {
		out.Hand = handState(h, t)
	}
	return out
}

func handState(h *live.Hand, t *live.Table) *tablev1.HandState {
	st := h.State()
	v, _ := poker.VariantOf(h.Rules.Game)
	out := &tablev1.HandState{HandId: h.ID, HandNumber: h.Number, Board: cards(st.Board), ButtonSeat: int32(st.Setup.Button),
		ToActSeat: int32(st.ToAct()), ActionSeq: int64(st.Seq), ShoeCommitment: h.Setup.Commitment, Phase: st.Phase.String()}
	if v != nil {
		out.Street = hand.StreetName(v, st.Street)
	}
	var pot int64
	for i := range st.Round.Seats {
		pot += st.Round.Seats[i].Total
	}
	out.PotTotal = pot + st.Held
	if seat := st.ToAct(); seat >= 0 {
		out.ActionDeadline = timestamppb.New(time.UnixMilli(h.Deadline))
		out.LegalActions = legal(st.Legal(seat, nil))
	}
	for _, p := range st.Pots {
		pp := &tablev1.Pot{Amount: p.Amount}
		for _, s := range p.Eligible.List() {
			pp.EligibleSeats = append(pp.EligibleSeats, int32(s))
		}
		out.Pots = append(out.Pots, pp)
	}
	return out
}

func legal(ls []betting.Legal) []*tablev1.LegalAction {
	out := make([]*tablev1.LegalAction, len(ls))
	for i, l := range ls {
		out[i] = &tablev1.LegalAction{Kind: Action(l.Kind), MinAmount: l.Min, MaxAmount: l.Max, Step: l.Step}
	}
	return out
}
