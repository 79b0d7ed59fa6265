package api

import (
	"errors"
	"time"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/displayname"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/view"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/ident"
)

// Bounds of request fields.
const (
	maxIDLen    = 64
	maxHandLen  = 96
	maxKeyLen   = 128
	maxNameLen  = 32
	maxText     = 200
	maxAmount   = 1_000_000_000_000_000
	maxSeq      = 1_000_000
	maxOptions  = 32
	maxPageSize = 500
)

// Ids are 1..n characters of the wallet's id alphabet (ident.Printable), so
// an id that passes here passes there.

func checkTable(id string) error {
	if !ident.Printable(id, maxIDLen) {
		return apierr.Invalid("BAD_TABLE_ID", "table_id must be 1-%d printable characters", maxIDLen)
	}
	return nil
}

func checkHand(id string) error {
	if !ident.Printable(id, maxHandLen) {
		return apierr.Invalid("BAD_HAND_ID", "hand_id must be 1-%d printable characters", maxHandLen)
	}
	return nil
}

// checkKey applies the wallet's key rule (package ident): the table stores
// its keys and hands them on. An optional key may be left out.
func checkKey(k string, required bool) error {
	if !(ident.KeyRule{Max: ident.MaxKey, Optional: !required}).Allows(k) {
		return apierr.Invalid("BAD_IDEMPOTENCY_KEY", "idempotency_key must be 1-%d printable characters", ident.MaxKey)
	}
	return nil
}

func checkSeat(seat int32, any bool) error {
	if (any && seat == -1) || (seat >= 0 && seat < live.MaxSeats) {
		return nil
	}
	return apierr.Invalid("BAD_SEAT", "seat %d: want 0..%d%s", seat, live.MaxSeats-1, map[bool]string{true: " or -1", false: ""}[any])
}

func checkAmount(field string, a int64) error {
	if a <= 0 || a > maxAmount {
		return apierr.Invalid("BAD_AMOUNT", "%s %d: want 1..%d", field, a, int64(maxAmount))
	}
	return nil
}

// checkText accepts free text (names, reasons) up to n runes, without
// control characters.
func checkText(field, s string, n int) error {
	switch (ident.TextRule{MaxRunes: n, UTF8: true, NoControl: true}).Check(s) {
	case ident.NotUTF8, ident.TooLong:
		return apierr.Invalid("BAD_TEXT", "%s must be valid UTF-8 of at most %d characters", field, n)
	case ident.Control:
		return apierr.Invalid("BAD_TEXT", "%s contains a control character", field)
	}
	return nil
}

func validateTakeSeat(m *tablev1.TakeSeatRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if err := checkSeat(m.GetSeat(), true); err != nil {
		return err
	}
	if m.GetBuyIn() == nil {
		return apierr.Invalid("NO_BUY_IN", "buy_in is required")
	}
	if err := checkAmount("buy_in", m.GetBuyIn().GetAmount()); err != nil {
		return err
	}
	if err := checkKey(m.GetIdempotencyKey(), true); err != nil {
		return err
	}
	return checkDisplayName(m.GetDisplayName())
}

// checkDisplayName applies package displayname's rule (a blank name is
// allowed: the seat shows an anonymous label).
func checkDisplayName(name string) error {
	if _, err := displayname.Normalize(name); err != nil && !errors.Is(err, displayname.ErrEmpty) {
		return apierr.Invalid("BAD_DISPLAY_NAME", "display_name: %v", err)
	}
	return nil
}

func validateAddChips(m *tablev1.AddChipsRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if m.GetAmount() == nil {
		return apierr.Invalid("NO_AMOUNT", "amount is required")
	}
	if err := checkAmount("amount", m.GetAmount().GetAmount()); err != nil {
		return err
	}
	return checkKey(m.GetIdempotencyKey(), true)
}

func validateStandUp(m *tablev1.StandUpRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	return checkKey(m.GetIdempotencyKey(), false)
}

func validateAct(m *tablev1.ActRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if err := checkHand(m.GetHandId()); err != nil {
		return err
	}
	if m.GetActionSeq() < 0 || m.GetActionSeq() > maxSeq {
		return apierr.Invalid("BAD_SEQ", "action_seq %d: want 0..%d", m.GetActionSeq(), maxSeq)
	}
	if _, ok := view.ActionOf(m.GetKind()); !ok {
		return apierr.Invalid("UNKNOWN_ACTION", "kind %v is not an action a player takes", m.GetKind())
	}
	if m.GetAmount() < 0 || m.GetAmount() > maxAmount {
		return apierr.Invalid("BAD_AMOUNT", "amount %d: want 0..%d", m.GetAmount(), int64(maxAmount))
	}
	return nil
}

func validateUseTimeBank(m *tablev1.UseTimeBankRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if err := checkHand(m.GetHandId()); err != nil {
		return err
	}
	if m.GetActionSeq() < 0 || m.GetActionSeq() > maxSeq {
		return apierr.Invalid("BAD_SEQ", "action_seq %d: want 0..%d", m.GetActionSeq(), maxSeq)
	}
	return nil
}

func validateSubscribe(m *tablev1.SubscribeRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if a := m.GetAfterEventId(); a != "" && !ident.Printable(a, 40) {
		return apierr.Invalid("BAD_EVENT_ID", "after_event_id: want the id of an event this stream sent")
	}
	return nil
}

func validateHistory(m *tablev1.GetHandHistoryRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if m.GetHandId() != "" {
		if err := checkHand(m.GetHandId()); err != nil {
			return err
		}
	}
	switch m.GetFormat() {
	case "", "json", "pokerstars":
		return nil
	}
	return apierr.Invalid("BAD_FORMAT", "format %q: want json or pokerstars", m.GetFormat())
}

func validateProof(m *tablev1.GetFairnessProofRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	return checkHand(m.GetHandId())
}

func validateList(m *tablev1.ListTablesRequest) error {
	if m.GetPageSize() < 0 || m.GetPageSize() > maxPageSize {
		return apierr.Invalid("BAD_PAGE_SIZE", "page_size %d: want 0..%d", m.GetPageSize(), maxPageSize)
	}
	if t := m.GetPageToken(); t != "" && !ident.Printable(t, maxIDLen) {
		return apierr.Invalid("BAD_PAGE_TOKEN", "page_token is not one this service issued")
	}
	if c := m.GetCurrency(); c != "" && !ident.Printable(c, 3) {
		return apierr.Invalid("BAD_CURRENCY", "currency %q", c)
	}
	if t := m.GetTournamentId(); t != "" && !ident.Printable(t, maxIDLen) {
		return apierr.Invalid("BAD_TOURNAMENT_ID", "tournament_id must be 1-%d printable characters", maxIDLen)
	}
	return nil
}

func validateSession(m *tablev1.CreatePlayerSessionRequest) error {
	if !ident.Printable(m.GetPlayerId(), maxKeyLen) {
		return apierr.Invalid("BAD_PLAYER_ID", "player_id must be 1-%d printable characters", maxKeyLen)
	}
	if p := m.GetPartnerId(); p != "" && (!ident.Printable(p, maxIDLen) || containsColon(p)) {
		return apierr.Invalid("BAD_PARTNER_ID", "partner_id must be 1-%d printable characters without ':'", maxIDLen)
	}
	if ttl := m.GetTtlSeconds(); ttl != 0 && (ttl < 60 || ttl > 86400) {
		return apierr.Invalid("BAD_TTL", "ttl_seconds %d: want 60..86400", ttl)
	}
	return nil
}

func containsColon(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			return true
		}
	}
	return false
}

func validateClock(c *tablev1.Clock) error {
	if c == nil {
		return nil
	}
	if err := view.ClockOf(c).Validate(); err != nil {
		return apierr.Invalid("BAD_CLOCK", "%v", err)
	}
	return nil
}

func validateStakes(s *tablev1.Stakes) error {
	if s == nil {
		return apierr.Invalid("NO_STAKES", "stakes are required")
	}
	for _, v := range []int64{s.GetSmallBlind(), s.GetBigBlind(), s.GetAnte(), s.GetSmallBet(), s.GetBigBet(), s.GetBringIn(),
		s.GetMinBuyIn(), s.GetMaxBuyIn(), s.GetUnit(), s.GetSpreadMin(), s.GetSpreadMax()} {
		if v < 0 || v > maxAmount {
			return apierr.Invalid("BAD_STAKES", "stake amounts must be 0..%d", int64(maxAmount))
		}
	}
	if s.GetExponent() < 0 || s.GetExponent() > 4 {
		return apierr.Invalid("BAD_STAKES", "exponent %d: want 0..4", s.GetExponent())
	}
	if c := s.GetCurrency(); c != "" && !ident.Printable(c, 3) {
		return apierr.Invalid("BAD_CURRENCY", "currency %q", c)
	}
	return nil
}

func validateCreate(m *tablev1.CreateTableRequest) error {
	if err := checkText("name", m.GetName(), 64); err != nil {
		return err
	}
	if _, ok := view.GameOf(m.GetGame()); !ok {
		return apierr.Invalid("BAD_GAME", "game is required")
	}
	if _, ok := view.StructureOf(m.GetStructure()); !ok {
		return apierr.Invalid("BAD_STRUCTURE", "structure is required")
	}
	if err := validateStakes(m.GetStakes()); err != nil {
		return err
	}
	if m.GetMaxSeats() < 0 || m.GetMaxSeats() > live.MaxSeats {
		return apierr.Invalid("BAD_MAX_SEATS", "max_seats %d: want 0..%d", m.GetMaxSeats(), live.MaxSeats)
	}
	if p := m.GetProfile(); p != "" && !ident.Printable(p, 16) {
		return apierr.Invalid("BAD_PROFILE", "profile %q", p)
	}
	if len(m.GetOptions()) > maxOptions {
		return apierr.Invalid("BAD_OPTIONS", "at most %d options", maxOptions)
	}
	for k, v := range m.GetOptions() {
		if !ident.Printable(k, 40) || !ident.Printable(v, 40) {
			return apierr.Invalid("BAD_OPTIONS", "options are short printable names and values")
		}
	}
	if err := validateClock(m.GetClock()); err != nil {
		return err
	}
	if err := checkKey(m.GetIdempotencyKey(), false); err != nil {
		return err
	}
	if t := m.GetTournamentId(); t != "" && !ident.Printable(t, maxIDLen) {
		return apierr.Invalid("BAD_TOURNAMENT_ID", "tournament_id must be 1-%d printable characters", maxIDLen)
	}
	if b := m.GetFirstButton(); b < 0 || b >= live.MaxSeats {
		return apierr.Invalid("BAD_SEAT", "first_button %d", b)
	}
	return nil
}

func validateSeatPlayer(m *tablev1.SeatPlayerRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if err := checkSeat(m.GetSeat(), true); err != nil {
		return err
	}
	if !ident.Printable(m.GetPlayerId(), maxKeyLen) || !ident.Printable(m.GetPartnerId(), maxIDLen) || containsColon(m.GetPartnerId()) {
		return apierr.Invalid("BAD_PLAYER", "player_id and partner_id are required")
	}
	if err := checkDisplayName(m.GetDisplayName()); err != nil {
		return err
	}
	if err := checkAmount("chips", m.GetChips()); err != nil {
		return err
	}
	if (m.GetMissNextHand() || m.GetPostDeadBigBlind()) && m.GetEntry() != tablev1.Entry_ENTRY_EXEMPT {
		return apierr.Invalid("BAD_ENTRY", "miss_next_hand and post_dead_big_blind are a moved player's terms (entry ENTRY_EXEMPT)")
	}
	if m.TimeExtensions != nil && (m.GetTimeExtensions() < 0 || m.GetTimeExtensions() > live.MaxExtensions) {
		return apierr.Invalid("BAD_TIME_EXTENSIONS", "time_extensions %d outside 0..%d", m.GetTimeExtensions(), live.MaxExtensions)
	}
	if m.TimeBankMs != nil && (m.GetTimeBankMs() < 0 || m.GetTimeBankMs() > live.MaxTimeBank.Milliseconds()) {
		return apierr.Invalid("BAD_TIME_BANK", "time_bank_ms %d outside 0..%d", m.GetTimeBankMs(), live.MaxTimeBank.Milliseconds())
	}
	return checkKey(m.GetIdempotencyKey(), true)
}

func validateRemovePlayer(m *tablev1.RemovePlayerRequest) error {
	if err := checkTable(m.GetTableId()); err != nil {
		return err
	}
	if !ident.Printable(m.GetPlayerId(), maxKeyLen) || !ident.Printable(m.GetPartnerId(), maxIDLen) || containsColon(m.GetPartnerId()) {
		return apierr.Invalid("BAD_PLAYER", "player_id and partner_id are required")
	}
	return checkKey(m.GetIdempotencyKey(), true)
}

func checkSeq(seq int64) error {
	if seq < 0 || seq > maxSeq {
		return apierr.Invalid("BAD_SEQ", "action_seq %d: want 0..%d", seq, maxSeq)
	}
	return nil
}

func validatePenalize(m *tablev1.PenalizePlayerRequest) error {
	if err := validateRemovePlayer(&tablev1.RemovePlayerRequest{TableId: m.GetTableId(), PlayerId: m.GetPlayerId(),
		PartnerId: m.GetPartnerId(), IdempotencyKey: m.GetIdempotencyKey()}); err != nil {
		return err
	}
	if m.GetRounds() < 1 || m.GetRounds() > live.MaxPenaltyRounds {
		return apierr.Invalid("BAD_ROUNDS", "rounds %d outside 1..%d", m.GetRounds(), live.MaxPenaltyRounds)
	}
	return checkText("reason", m.GetReason(), maxText)
}

func msTime(ms int64) time.Time { return time.UnixMilli(ms) }
