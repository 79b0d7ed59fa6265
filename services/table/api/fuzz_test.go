package api

import (
	"strings"
	"testing"
	"unicode"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/shared/apierr"
)

// checkRefusal: a validation error is INVALID_ARGUMENT with a reason.
func checkRefusal(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if apierr.Code(err) != connect.CodeInvalidArgument || apierr.Reason(err) == "" {
		t.Fatalf("%s: refusal %v is not INVALID_ARGUMENT with a reason", what, err)
	}
}

// badName: a display name the table must not show (issue 11): one with a
// bidi control, a zero-width character or a control inside it.
func badName(name string) bool {
	for _, r := range strings.TrimSpace(name) {
		switch {
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r >= 0x200b && r <= 0x200f,
			r == 0xfeff, r == 0x00ad, r == 0x061c, unicode.IsControl(r):
			return true
		}
	}
	return false
}

// FuzzRequestValidation feeds every public and admin request shape random
// fields: validation never panics, refuses with INVALID_ARGUMENT and a
// reason, and what it accepts stays within the documented bounds.
func FuzzRequestValidation(f *testing.F) {
	f.Add("t1", "t1-1", "key", "Alice", "json", int32(0), int64(100), int64(0), int32(1), int32(30))
	f.Add("", "", "", "", "xml", int32(-2), int64(-1), int64(-5), int32(99), int32(4))
	f.Add(strings.Repeat("x", 65), "h\x00", "k e y", "\u202e\x07", "pokerstars", int32(10), int64(1<<62), int64(2_000_000), int32(6), int32(61))
	f.Add("tabc", "tabc-9", "ok", "名前", "", int32(-1), int64(5000), int64(999_999), int32(3), int32(60))
	f.Fuzz(func(t *testing.T, table, hand, key, name, format string, seat int32, amount, seq int64, kind int32, secs int32) {
		err := validateTakeSeat(&tablev1.TakeSeatRequest{TableId: table, Seat: seat, BuyIn: &commonv1.Money{Amount: amount, Currency: "EUR"}, IdempotencyKey: key, DisplayName: name})
		checkRefusal(t, "TakeSeat", err)
		if err == nil && (amount <= 0 || seat < -1 || seat > 9 || len(table) == 0 || len(key) == 0 || badName(name)) {
			t.Fatalf("TakeSeat accepted seat %d amount %d table %q key %q", seat, amount, table, key)
		}
		err = validateAct(&tablev1.ActRequest{TableId: table, HandId: hand, ActionSeq: seq, Kind: tablev1.ActionKind(kind), Amount: amount})
		checkRefusal(t, "Act", err)
		if err == nil && (seq < 0 || amount < 0 || kind <= 0 || kind == int32(tablev1.ActionKind_ACTION_KIND_POST) || kind > 9 || hand == "") {
			t.Fatalf("Act accepted seq %d amount %d kind %d hand %q", seq, amount, kind, hand)
		}
		checkRefusal(t, "AddChips", validateAddChips(&tablev1.AddChipsRequest{TableId: table, Amount: &commonv1.Money{Amount: amount}, IdempotencyKey: key}))
		checkRefusal(t, "AddChips(nil)", validateAddChips(&tablev1.AddChipsRequest{TableId: table, IdempotencyKey: key}))
		checkRefusal(t, "StandUp", validateStandUp(&tablev1.StandUpRequest{TableId: table, IdempotencyKey: key}))
		checkRefusal(t, "UseTimeBank", validateUseTimeBank(&tablev1.UseTimeBankRequest{TableId: table, HandId: hand, ActionSeq: seq}))
		checkRefusal(t, "Subscribe", validateSubscribe(&tablev1.SubscribeRequest{TableId: table, AfterEventId: hand}))
		err = validateHistory(&tablev1.GetHandHistoryRequest{TableId: table, HandId: hand, Format: format})
		checkRefusal(t, "GetHandHistory", err)
		if err == nil && format != "" && format != "json" && format != "pokerstars" {
			t.Fatalf("history format %q accepted", format)
		}
		checkRefusal(t, "GetFairnessProof", validateProof(&tablev1.GetFairnessProofRequest{TableId: table, HandId: hand}))
		checkRefusal(t, "ListTables", validateList(&tablev1.ListTablesRequest{PageSize: seat, PageToken: key, Currency: format, TournamentId: hand}))
		err = validateSession(&tablev1.CreatePlayerSessionRequest{PlayerId: key, PartnerId: table, TtlSeconds: secs})
		checkRefusal(t, "CreatePlayerSession", err)
		if err == nil && strings.Contains(table, ":") {
			t.Fatalf("a partner id with ':' accepted")
		}
		clock := &tablev1.Clock{ActionSeconds: secs, TimeBankSeconds: seat, HandPauseMs: int32(amount % 100_000)}
		err = validateCreate(&tablev1.CreateTableRequest{Name: name, Game: tablev1.Game(kind), Structure: tablev1.BettingStructure(seat),
			Stakes: &tablev1.Stakes{Currency: format, SmallBlind: amount, BigBlind: seq}, MaxSeats: seat, Profile: format,
			Options: map[string]string{key: hand}, Clock: clock, IdempotencyKey: key, TournamentId: table, FirstButton: seat})
		checkRefusal(t, "CreateTable", err)
		if err == nil && (secs < 5 || secs > 60) {
			t.Fatalf("CreateTable accepted %d s per action (gr-regulation-2 H.27: 5..60)", secs)
		}
		checkRefusal(t, "SeatPlayer", validateSeatPlayer(&tablev1.SeatPlayerRequest{TableId: table, Seat: seat, PlayerId: key, PartnerId: hand, DisplayName: name, Chips: amount, IdempotencyKey: key}))
		checkRefusal(t, "RemovePlayer", validateRemovePlayer(&tablev1.RemovePlayerRequest{TableId: table, PlayerId: key, PartnerId: hand, IdempotencyKey: key}))
		checkRefusal(t, "PenalizePlayer", validatePenalize(&tablev1.PenalizePlayerRequest{TableId: table, PlayerId: key, PartnerId: hand, Rounds: seat, Reason: name, IdempotencyKey: key}))
		checkRefusal(t, "SetStakes", validateStakes(&tablev1.Stakes{Currency: format, SmallBlind: amount, BigBlind: seq, Exponent: seat}))
		checkRefusal(t, "UpdateTableSettings", validateClock(clock))
		// Whatever is accepted survives a wire round trip unchanged.
		req := &tablev1.ActRequest{TableId: table, HandId: hand, ActionSeq: seq, Kind: tablev1.ActionKind(kind), Amount: amount}
		if validateAct(req) == nil {
			b, _ := proto.Marshal(req)
			var back tablev1.ActRequest
			if err := proto.Unmarshal(b, &back); err != nil || validateAct(&back) != nil {
				t.Fatalf("accepted request does not round-trip: %v", err)
			}
		}
	})
}

// FuzzPlayCommand feeds a Play stream's command decoder arbitrary bytes: a
// command that decodes is either refused with INVALID_ARGUMENT and a
// reason, or is an Act or UseTimeBank for the stream's own table that the
// unary call's validation accepts too.
func FuzzPlayCommand(f *testing.F) {
	seed := func(m *tablev1.PlayRequest) {
		b, _ := proto.Marshal(m)
		f.Add(b)
	}
	seed(&tablev1.PlayRequest{CommandId: 1, Command: &tablev1.PlayRequest_Act{Act: &tablev1.ActRequest{HandId: "t1-1", ActionSeq: 3, Kind: tablev1.ActionKind_ACTION_KIND_CALL}}})
	seed(&tablev1.PlayRequest{CommandId: 2, Command: &tablev1.PlayRequest_Act{Act: &tablev1.ActRequest{TableId: "t2", HandId: "t1-1", Kind: tablev1.ActionKind_ACTION_KIND_RAISE, Amount: -1}}})
	seed(&tablev1.PlayRequest{Command: &tablev1.PlayRequest_UseTimeBank{UseTimeBank: &tablev1.UseTimeBankRequest{TableId: "t1", HandId: "t1-1"}}})
	seed(&tablev1.PlayRequest{Command: &tablev1.PlayRequest_Subscribe{Subscribe: &tablev1.SubscribeRequest{TableId: "t1"}}})
	f.Add([]byte{0x5a, 0x00})
	f.Fuzz(func(t *testing.T, b []byte) {
		var req tablev1.PlayRequest
		if proto.Unmarshal(b, &req) != nil {
			return
		}
		err := validatePlay("t1", &req)
		checkRefusal(t, "Play", err)
		if err != nil {
			return
		}
		switch c := req.GetCommand().(type) {
		case *tablev1.PlayRequest_Act:
			if c.Act.GetTableId() != "t1" || validateAct(c.Act) != nil {
				t.Fatalf("accepted %v", c.Act)
			}
		case *tablev1.PlayRequest_UseTimeBank:
			if c.UseTimeBank.GetTableId() != "t1" || validateUseTimeBank(c.UseTimeBank) != nil {
				t.Fatalf("accepted %v", c.UseTimeBank)
			}
		default:
			t.Fatalf("accepted %T", c)
		}
	})
}
