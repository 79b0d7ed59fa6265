package api

import (
	"strings"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/ident"
)

// Bounds of the banked API's fields.
const (
	maxRound   = 1 << 53
	maxSpotLen = 48
	maxBetID   = 64
	maxWindow  = 120_000
	maxPause   = 60_000
	// maxEventID bounds a resume point ("<version>-<index>") before it is
	// parsed and quoted back in a refusal.
	maxEventID = 40
)

func validateListBanked(m *tablev1.ListBankedTablesRequest) error {
	if m.GetPageSize() < 0 || m.GetPageSize() > maxPageSize {
		return apierr.Invalid("BAD_PAGE_SIZE", "page_size %d: want 0..%d", m.GetPageSize(), maxPageSize)
	}
	if t := m.GetPageToken(); t != "" {
		if err := checkTable(t); err != nil {
			return apierr.Invalid("BAD_PAGE_TOKEN", "page_token is a table id from a previous page")
		}
	}
	if c := m.GetCurrency(); c != "" && !isCurrency(c) {
		return apierr.Invalid("BAD_CURRENCY", "currency %q: want a 3-letter ISO 4217 code", c)
	}
	if _, ok := tablev1.BankedGame_name[int32(m.GetGame())]; !ok {
		return apierr.Invalid("BAD_GAME", "game %d is not a banked game", m.GetGame())
	}
	return nil
}

func isCurrency(c string) bool {
	if len(c) != 3 {
		return false
	}
	for _, r := range c {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

func checkRound(n int64) error {
	if n < 0 || n > maxRound {
		return apierr.Invalid("BAD_ROUND", "round %d: want 0 (the round open now) or a round number", n)
	}
	return nil
}

// validateJoinBanked applies the display-name rule of a poker seat
// (package displayname) here too, so that a name the core would refuse is
// refused at the edge with the same reason.
func validateJoinBanked(m *tablev1.JoinBankedTableRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if c := m.GetCurrency(); c != "" && !isCurrency(c) {
		return apierr.Invalid("BAD_CURRENCY", "currency %q: want a 3-letter ISO 4217 code", c)
	}
	return checkDisplayName(m.GetDisplayName())
}

// checkBetID applies the id alphabet to a bet id.
func checkBetID(id string) error {
	if !ident.Printable(id, maxBetID) {
		return apierr.Invalid("BAD_BET_ID", "bet_id must be 1-%d printable characters", maxBetID)
	}
	return nil
}

func validatePlaceBets(m *tablev1.PlaceBetsRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if err := checkRound(m.GetRound()); err != nil {
		return err
	}
	if err := checkKey(m.GetIdempotencyKey(), true); err != nil {
		return err
	}
	bets := m.GetBets()
	if len(bets) == 0 || len(bets) > table.MaxBatch {
		return apierr.Invalid("BAD_BETS", "a placement carries 1 to %d bets, not %d", table.MaxBatch, len(bets))
	}
	seen := map[string]bool{}
	for _, b := range bets {
		if err := checkBetID(b.GetBetId()); err != nil {
			return err
		}
		if seen[b.GetBetId()] {
			return apierr.Invalid("DUPLICATE_BET_ID", "bet_id %q twice in one placement", b.GetBetId())
		}
		seen[b.GetBetId()] = true
		if s := b.GetSpot(); s == "" || len(s) > maxSpotLen || !ident.Printable(s, maxSpotLen) {
			return apierr.Invalid("BAD_SPOT", "spot %q: want the game's notation (\"straight:17\", \"red\", \"cherries\")", b.GetSpot())
		}
		if err := checkAmount("amount", b.GetAmount()); err != nil {
			return err
		}
	}
	return nil
}

func validateCancelBets(m *tablev1.CancelBetsRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if err := checkRound(m.GetRound()); err != nil {
		return err
	}
	ids := m.GetBetIds()
	if len(ids) == 0 || len(ids) > table.MaxBatch {
		return apierr.Invalid("BAD_BETS", "a cancel names 1 to %d bets, not %d", table.MaxBatch, len(ids))
	}
	for _, id := range ids {
		if err := checkBetID(id); err != nil {
			return err
		}
	}
	return nil
}

func validateChoose(m *tablev1.ChooseVoidOptionRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if err := checkRound(m.GetRound()); err != nil {
		return err
	}
	switch m.GetOption() {
	case tablev1.VoidOption_VOID_OPTION_CARRY, tablev1.VoidOption_VOID_OPTION_REFUND:
		return nil
	}
	return apierr.Invalid("BAD_OPTION", "option %d: want CARRY or REFUND", m.GetOption())
}

func validateSubscribeRounds(m *tablev1.SubscribeRoundsRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if a := m.GetAfterEventId(); a != "" {
		if len(a) > maxEventID {
			return apierr.Invalid("BAD_EVENT_ID", "after_event_id: want the id of an event this stream sent")
		}
		if _, _, err := table.ParseEventID(a); err != nil {
			return apierr.Invalid("BAD_EVENT_ID", "%v", err)
		}
	}
	return nil
}

// validateRoundID checks a round id: the table's id and a round number.
func validateRoundID(tableID, roundID string) error {
	if err := checkTable(tableID); err != nil {
		return err
	}
	if !strings.HasPrefix(roundID, tableID+"-r") || !ident.Printable(roundID, maxHandLen) {
		return apierr.Invalid("BAD_ROUND_ID", "round_id %q: want \"%s-r<round>\" as ListRounds gives it", roundID, tableID)
	}
	return nil
}

func validateCreateBanked(m *tablev1.CreateBankedTableRequest) error {
	if err := checkText("name", m.GetName(), maxText); err != nil {
		return err
	}
	if _, ok := tablev1.BankedGame_name[int32(m.GetGame())]; !ok || m.GetGame() == tablev1.BankedGame_BANKED_GAME_UNSPECIFIED {
		return apierr.Invalid("BAD_GAME", "game: want ROULETTE, MONEY_WHEEL, BLACKJACK, CASINO_HOLDEM, CASINO_TEXAS_HOLDEM, OASIS_POKER, RUSSIAN_POKER or SPLIT_POKER")
	}
	switch m.GetSource() {
	case tablev1.ResultSource_RESULT_SOURCE_RNG, tablev1.ResultSource_RESULT_SOURCE_DEALER:
	default:
		return apierr.Invalid("BAD_SOURCE", "source: want RNG or DEALER")
	}
	if !isCurrency(m.GetCurrency()) {
		return apierr.Invalid("BAD_CURRENCY", "currency %q: want a 3-letter ISO 4217 code", m.GetCurrency())
	}
	if err := checkText("profile", m.GetProfile(), 16); err != nil {
		return err
	}
	if len(m.GetOptions()) > maxOptions {
		return apierr.Invalid("BAD_OPTION", "at most %d options", maxOptions)
	}
	for k, v := range m.GetOptions() {
		if !ident.Printable(k, 40) || !ident.Printable(v, 40) {
			return apierr.Invalid("BAD_OPTION", "option %q=%q: printable words of at most 40 characters", k, v)
		}
	}
	if err := checkLimits(m.GetLimits()); err != nil {
		return err
	}
	switch w := m.GetBettingWindowMs(); {
	case w != 0 && (w < int32(house.MinWindow.Milliseconds()) || w > maxWindow):
		return apierr.Invalid("BAD_WINDOW", "betting_window_ms %d: want %d..%d (0 = 15000)", w, house.MinWindow.Milliseconds(), maxWindow)
	case m.GetPauseMs() < -1 || m.GetPauseMs() > maxPause:
		return apierr.Invalid("BAD_PAUSE", "pause_ms %d: want -1..%d", m.GetPauseMs(), maxPause)
	case m.GetMaxPlayers() < 0 || m.GetMaxPlayers() > house.MaxPlayersCap:
		return apierr.Invalid("BAD_MAX_PLAYERS", "max_players %d: want 0..%d", m.GetMaxPlayers(), house.MaxPlayersCap)
	case m.GetMaxBets() < 0 || m.GetMaxBets() > house.MaxBetsCap:
		return apierr.Invalid("BAD_MAX_BETS", "max_bets %d: want 0..%d", m.GetMaxBets(), house.MaxBetsCap)
	case m.GetDecisionClockMs() != 0 && (m.GetDecisionClockMs() < int32(house.MinClock.Milliseconds()) || m.GetDecisionClockMs() > int32(house.MaxClock.Milliseconds())):
		return apierr.Invalid("BAD_CLOCK", "decision_clock_ms %d: want %d..%d (0 = 15000)", m.GetDecisionClockMs(), house.MinClock.Milliseconds(), house.MaxClock.Milliseconds())
	case len(m.GetWheelFields()) > 64:
		return apierr.Invalid("BAD_WHEEL", "wheel_fields: the money wheel has 30")
	}
	for _, f := range m.GetWheelFields() {
		if !ident.Printable(f, 16) {
			return apierr.Invalid("BAD_WHEEL", "wheel field %q: a symbol", f)
		}
	}
	if n := m.GetWheelName(); n != "" && !ident.Printable(n, 40) {
		return apierr.Invalid("BAD_WHEEL", "wheel_name %q: a word of at most 40 characters", n)
	}
	if err := checkOverride(m.GetAllowHouseEdgeBelowMinimum(), m.GetOverrideReason()); err != nil {
		return err
	}
	return checkKey(m.GetIdempotencyKey(), false)
}

// checkOverride checks an override of the house-edge check: it needs its
// reason, 1..200 characters of text, and a reason its override.
func checkOverride(allow bool, reason string) error {
	switch {
	case allow && strings.TrimSpace(reason) == "":
		return apierr.Invalid(house.ReasonBadOverride, "allow_house_edge_below_minimum needs override_reason: why the table opens anyway")
	case !allow && reason != "":
		return apierr.Invalid(house.ReasonBadOverride, "override_reason without allow_house_edge_below_minimum")
	}
	return checkText("override_reason", reason, maxText)
}

func checkLimits(l *tablev1.BetLimits) error {
	if l.GetTable().GetMin() <= 0 {
		return apierr.Invalid("BAD_LIMITS", "limits.table.min: a table must say its minimum stake")
	}
	all := []*tablev1.BetLimit{l.GetTable()}
	if len(l.GetByKind()) > 16 {
		return apierr.Invalid("BAD_LIMITS", "at most 16 kinds")
	}
	for k, v := range l.GetByKind() {
		if !ident.Printable(k, 16) {
			return apierr.Invalid("BAD_LIMITS", "kind %q: a bet kind's name", k)
		}
		all = append(all, v)
	}
	for _, v := range all {
		if v.GetMin() < 0 || v.GetMax() < 0 || v.GetMin() > maxAmount || v.GetMax() > maxAmount || (v.GetMax() > 0 && v.GetMin() > v.GetMax()) {
			return apierr.Invalid("BAD_LIMITS", "limit %d..%d: want 0 <= min <= max (0 = none)", v.GetMin(), v.GetMax())
		}
	}
	if l.GetSpotMax() < 0 || l.GetSpotMax() > maxAmount {
		return apierr.Invalid("BAD_LIMITS", "spot_max %d", l.GetSpotMax())
	}
	return nil
}

func validateVoidRound(m *tablev1.VoidRoundRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if err := checkRound(m.GetRound()); err != nil {
		return err
	}
	if strings.TrimSpace(m.GetReason()) == "" {
		return apierr.Invalid("NO_REASON", "an operator voiding a round gives the reason (cz-european-roulette.md §8)")
	}
	return checkText("reason", m.GetReason(), maxText)
}

func validateBankedSettings(m *tablev1.UpdateBankedTableSettingsRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if w := m.GetBettingWindowMs(); w != 0 && (w < int32(house.MinWindow.Milliseconds()) || w > maxWindow) {
		return apierr.Invalid("BAD_WINDOW", "betting_window_ms %d: want %d..%d (0 keeps the table's)", w, house.MinWindow.Milliseconds(), maxWindow)
	}
	if p := m.GetPauseMs(); p < -1 || p > maxPause {
		return apierr.Invalid("BAD_PAUSE", "pause_ms %d: want -1 (none)..%d (0 keeps the table's)", p, maxPause)
	}
	return nil
}

func validateReportSpin(m *tablev1.ReportSpinRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if err := checkRound(m.GetRound()); err != nil {
		return err
	}
	sp := m.GetSpin()
	switch {
	case sp == nil:
		return apierr.Invalid("BAD_SPIN", "a report carries the spin")
	case sp.GetPocket() < 0 || sp.GetPocket() > 64:
		return apierr.Invalid("BAD_SPIN", "pocket %d: an index in the wheel's order", sp.GetPocket())
	case sp.GetRevolutions() < 0 || sp.GetRevolutions() > 1000:
		return apierr.Invalid("BAD_SPIN", "revolutions %d: want 0..1000", sp.GetRevolutions())
	case len(sp.GetFaults()) > 8:
		return apierr.Invalid("BAD_SPIN", "at most 8 faults")
	case len(sp.GetLabel()) > 8:
		return apierr.Invalid("BAD_SPIN", "label %q: a pocket's number", sp.GetLabel())
	}
	for _, f := range sp.GetFaults() {
		if !ident.Printable(f, 32) {
			return apierr.Invalid("BAD_SPIN", "fault %q: a fault's name", f)
		}
	}
	return nil
}
