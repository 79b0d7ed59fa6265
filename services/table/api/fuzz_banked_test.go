package api

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/services/table/view"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/ident"
)

// bankedCheck is one request of BankedTableService, BankedAdminService or
// DealerConsoleService as its handler checks it before it calls the core
// (banked.go, bankedadmin.go), and the bounds that banked.proto documents
// for what passes.
type bankedCheck struct {
	msg      func() proto.Message
	validate func(proto.Message) error
	// bounds says what an accepted request breaks ("" = nothing).
	bounds func(proto.Message) string
}

func check[T any, M interface {
	*T
	proto.Message
}](validate func(M) error, bounds func(M) string) bankedCheck {
	return bankedCheck{
		msg:      func() proto.Message { return M(new(T)) },
		validate: func(m proto.Message) error { return validate(m.(M)) },
		bounds: func(m proto.Message) string {
			if bounds == nil {
				return ""
			}
			return bounds(m.(M))
		},
	}
}

// tableOnly is the handlers' check of a request that names a table only.
func tableOnly[M interface {
	proto.Message
	GetTableId() string
}](m M) error {
	return checkTable(m.GetTableId())
}

// adminSimple is BankedAdminHandler.simple's order: the request's own
// check, then the table id.
func adminSimple(id string, invalid error) error {
	if invalid == nil {
		invalid = checkTable(id)
	}
	return invalid
}

// bankedChecks lists every banked request, keyed by message name.
func bankedChecks() map[protoreflect.FullName]bankedCheck {
	all := []bankedCheck{
		check(validateListBanked, func(m *tablev1.ListBankedTablesRequest) string {
			return why(m.GetPageSize() < 0 || m.GetPageSize() > maxPageSize, "page size", m.GetCurrency() != "" && !isCurrency(m.GetCurrency()), "currency")
		}),
		check(tableOnly[*tablev1.GetBankedTableRequest], nil),
		check(validateJoinBanked, func(m *tablev1.JoinBankedTableRequest) string {
			// displayname's rule: nothing hidden or faked (issue 11), at
			// most 32 characters once normalised.
			return why(badName(m.GetDisplayName()) || len(m.GetDisplayName()) > 8*32, "display name",
				m.GetCurrency() != "" && !isCurrency(m.GetCurrency()), "currency")
		}),
		check(tableOnly[*tablev1.LeaveBankedTableRequest], nil),
		check(validatePlaceBets, placeBounds),
		check(validateCancelBets, func(m *tablev1.CancelBetsRequest) string {
			return why(len(m.GetBetIds()) < 1 || len(m.GetBetIds()) > table.MaxBatch, "bet count", m.GetRound() < 0, "round")
		}),
		check(validateChoose, func(m *tablev1.ChooseVoidOptionRequest) string {
			o := m.GetOption()
			return why(o != tablev1.VoidOption_VOID_OPTION_CARRY && o != tablev1.VoidOption_VOID_OPTION_REFUND, "option")
		}),
		check(validateSubscribeRounds, func(m *tablev1.SubscribeRoundsRequest) string {
			return why(len(m.GetAfterEventId()) > 40, "event id")
		}),
		check(tableOnly[*tablev1.ListRoundsRequest], nil),
		check(func(m *tablev1.GetRoundRequest) error { return validateRoundID(m.GetTableId(), m.GetRoundId()) }, func(m *tablev1.GetRoundRequest) string {
			return why(!strings.HasPrefix(m.GetRoundId(), m.GetTableId()+"-r"), "round id")
		}),
		check(tableOnly[*tablev1.GetGameRecallRequest], nil),
		check(func(m *tablev1.GetRoundProofRequest) error { return validateRoundID(m.GetTableId(), m.GetRoundId()) }, func(m *tablev1.GetRoundProofRequest) string {
			return why(!strings.HasPrefix(m.GetRoundId(), m.GetTableId()+"-r"), "round id")
		}),
		check(validateCreateBanked, createBounds),
		check(func(m *tablev1.CloseBankedTableRequest) error {
			return adminSimple(m.GetTableId(), checkText("reason", m.GetReason(), maxText))
		}, nil),
		check(func(m *tablev1.PauseBankedTableRequest) error {
			return adminSimple(m.GetTableId(), checkText("reason", m.GetReason(), maxText))
		}, nil),
		check(tableOnly[*tablev1.ResumeBankedTableRequest], nil),
		check(validateVoidRound, func(m *tablev1.VoidRoundRequest) string {
			return why(strings.TrimSpace(m.GetReason()) == "", "no reason", m.GetRound() < 0, "round")
		}),
		check(validateBankedSettings, func(m *tablev1.UpdateBankedTableSettingsRequest) string {
			w, p := m.GetBettingWindowMs(), m.GetPauseMs()
			return why(w != 0 && (w < 3000 || w > 120_000), "window", p < -1 || p > 60_000, "pause")
		}),
		check(func(m *tablev1.CloseBettingRequest) error {
			if err := checkTable(m.GetTableId()); err != nil {
				return err
			}
			return checkRound(m.GetRound())
		}, func(m *tablev1.CloseBettingRequest) string { return why(m.GetRound() < 0, "round") }),
		check(validateReportSpin, func(m *tablev1.ReportSpinRequest) string {
			s := m.GetSpin()
			return why(s == nil, "no spin", s.GetPocket() < 0, "pocket", s.GetRevolutions() < 0, "revolutions", m.GetRound() < 0, "round")
		}),
		check(func(m *tablev1.DealCardRequest) error { _, err := validateDealCard(m); return err }, func(m *tablev1.DealCardRequest) string {
			_, err := card.Parse(m.GetCard())
			return why(err != nil, "card", m.GetShoePosition() < 0 || m.GetShoePosition() > 416, "position")
		}),
		check(func(m *tablev1.ShuffleShoeRequest) error { _, err := validateShuffleShoe(m); return err }, func(m *tablev1.ShuffleShoeRequest) string {
			both := m.GetMarkerOut() && m.GetDealerChange()
			shuffle := m.GetCut() != 0 || m.GetMarker() != 0
			return why(m.GetCut() < 0 || m.GetCut() > 416 || m.GetMarker() < 0 || m.GetMarker() > 416, "cut or marker",
				both || ((m.GetMarkerOut() || m.GetDealerChange()) && shuffle), "more than one thing")
		}),
		check(func(m *tablev1.PlayBlackjackRequest) error { _, err := validatePlayBlackjack(m); return err }, func(m *tablev1.PlayBlackjackRequest) string {
			k := m.GetKind()
			return why(k < tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_INSURE || k > tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_FOLLOW, "kind",
				m.GetAction() < 0 || m.GetAction() > tablev1.BlackjackAction_BLACKJACK_ACTION_SURRENDER, "action",
				k == tablev1.BlackjackMoveKind_BLACKJACK_MOVE_KIND_DECIDE && m.GetAction() == 0, "decision without action",
				m.GetBox() < 1 || m.GetBox() > 16, "box", m.GetHand() < 0 || m.GetHand() > 16, "hand", m.GetSeq() < 0, "seq",
				m.GetAmount() < 0, "amount", m.GetRound() < 0, "round", m.GetIdempotencyKey() == "", "key")
		}),
		check(func(m *tablev1.PlayCasinoPokerRequest) error { _, err := validatePlayCasinoPoker(m); return err }, func(m *tablev1.PlayCasinoPokerRequest) string {
			_, cerr := card.ParseList(m.GetCards())
			return why(m.GetAction() == "" || len(m.GetAction()) > 16, "action", m.GetBox() < 1 || m.GetBox() > 16, "box", m.GetSeq() < 0, "seq",
				m.GetAmount() < 0, "amount", m.GetRound() < 0, "round", m.GetIdempotencyKey() == "", "key", m.GetInsurance() < 0, "insurance",
				len(m.GetCards()) > 7 || (len(m.GetCards()) > 0 && cerr != nil), "cards")
		}),
	}
	out := map[protoreflect.FullName]bankedCheck{}
	for _, c := range all {
		out[c.msg().ProtoReflect().Descriptor().FullName()] = c
	}
	return out
}

// why names the first condition that holds, in pairs of condition and
// name.
func why(pairs ...any) string {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i].(bool) {
			return pairs[i+1].(string)
		}
	}
	return ""
}

func placeBounds(m *tablev1.PlaceBetsRequest) string {
	bets := m.GetBets()
	if len(bets) < 1 || len(bets) > table.MaxBatch {
		return "bet count"
	}
	seen := map[string]bool{}
	for _, b := range bets {
		switch {
		case seen[b.GetBetId()]:
			return "duplicate bet id"
		case !ident.Printable(b.GetSpot(), maxSpotLen):
			return "spot"
		case b.GetAmount() <= 0:
			return "amount"
		}
		seen[b.GetBetId()] = true
	}
	return why(m.GetRound() < 0, "round", m.GetIdempotencyKey() == "", "key")
}

func createBounds(m *tablev1.CreateBankedTableRequest) string {
	l := m.GetLimits().GetTable()
	w := m.GetBettingWindowMs()
	c := m.GetDecisionClockMs()
	g := m.GetGame()
	known := []tablev1.BankedGame{tablev1.BankedGame_BANKED_GAME_ROULETTE, tablev1.BankedGame_BANKED_GAME_MONEY_WHEEL, tablev1.BankedGame_BANKED_GAME_BLACKJACK,
		tablev1.BankedGame_BANKED_GAME_CASINO_HOLDEM, tablev1.BankedGame_BANKED_GAME_CASINO_TEXAS_HOLDEM, tablev1.BankedGame_BANKED_GAME_OASIS_POKER,
		tablev1.BankedGame_BANKED_GAME_RUSSIAN_POKER, tablev1.BankedGame_BANKED_GAME_SPLIT_POKER}
	return why(!slices.Contains(known, g), "game",
		c != 0 && (c < 2000 || c > 120_000), "clock",
		m.GetSource() != tablev1.ResultSource_RESULT_SOURCE_RNG && m.GetSource() != tablev1.ResultSource_RESULT_SOURCE_DEALER, "source",
		!isCurrency(m.GetCurrency()), "currency",
		l.GetMin() <= 0 || (l.GetMax() > 0 && l.GetMax() < l.GetMin()), "table limits",
		w != 0 && (w < 3000 || w > 120_000), "window",
		m.GetPauseMs() < -1 || m.GetPauseMs() > 60_000, "pause",
		m.GetMaxPlayers() < 0 || m.GetMaxPlayers() > house.MaxPlayersCap, "max players",
		m.GetMaxBets() < 0 || m.GetMaxBets() > house.MaxBetsCap, "max bets",
		m.GetAllowHouseEdgeBelowMinimum() != (strings.TrimSpace(m.GetOverrideReason()) != ""), "override and its reason")
}

// validateBanked checks m as its handler does.
func validateBanked(t testing.TB, m proto.Message) error {
	t.Helper()
	c, ok := bankedChecks()[m.ProtoReflect().Descriptor().FullName()]
	if !ok {
		t.Fatalf("no check for %T", m)
	}
	return c.validate(m)
}

// Every method of the banked services has its request in bankedChecks, so
// the fuzz target below feeds each of them.
func TestBankedChecksCoverEveryRequest(t *testing.T) {
	checks := bankedChecks()
	var services []protoreflect.ServiceDescriptor
	for _, f := range []protoreflect.FileDescriptor{tablev1.File_croupier_table_v1_banked_proto, tablev1.File_croupier_table_v1_blackjack_proto} {
		for i := 0; i < f.Services().Len(); i++ {
			services = append(services, f.Services().Get(i))
		}
	}
	if len(services) != 4 {
		t.Fatalf("banked.proto and blackjack.proto have %d services, the checks know 4", len(services))
	}
	for i := range services {
		ms := services[i].Methods()
		for j := 0; j < ms.Len(); j++ {
			if _, ok := checks[ms.Get(j).Input().FullName()]; !ok {
				t.Errorf("%s: %s has no validation check", ms.Get(j).FullName(), ms.Get(j).Input().FullName())
			}
		}
	}
}

// FuzzBankedRequestValidation decodes random bytes as every banked
// request (public, admin and dealer console): validation never panics,
// refuses with INVALID_ARGUMENT and a reason, lets through only what
// banked.proto's bounds allow, and what it accepts it accepts again after
// a wire round trip. A dealer's spin that passes is read as the handler
// reads it, without a panic.
func FuzzBankedRequestValidation(f *testing.F) {
	for _, m := range bankedSeeds() {
		b, err := proto.Marshal(m)
		if err != nil {
			continue // invalid UTF-8 in a string: the wire does not carry it
		}
		f.Add(b)
	}
	f.Add([]byte{0x0a, 0x02, 't', '1', 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}) // round -1
	checks := bankedChecks()
	f.Fuzz(func(t *testing.T, b []byte) {
		for name, c := range checks {
			m := c.msg()
			if proto.Unmarshal(b, m) != nil {
				continue
			}
			err := c.validate(m)
			checkRefusal(t, string(name), err)
			if err != nil {
				continue
			}
			if broken := c.bounds(m); broken != "" {
				t.Fatalf("%s accepted with a bad %s: %v", name, broken, m)
			}
			wire, err := proto.Marshal(m)
			if err != nil {
				t.Fatalf("%s: accepted request does not marshal: %v", name, err)
			}
			back := c.msg()
			if err := proto.Unmarshal(wire, back); err != nil || c.validate(back) != nil {
				t.Fatalf("%s: accepted request does not round-trip: %v", name, err)
			}
			if sp, ok := m.(*tablev1.ReportSpinRequest); ok {
				// The handler reads the spin for the table's game.
				_ = view.WheelSpinOf(sp.GetSpin())
				if _, err := view.RouletteSpinOf(sp.GetSpin()); err != nil && err.Error() == "" {
					t.Fatalf("spin %v refused without a reason", sp)
				}
			}
		}
	})
}

// bankedCase is one request and the reason it is refused with ("" =
// accepted).
type bankedCase struct {
	name   string
	req    proto.Message
	reason string
}

func runBankedCases(t *testing.T, cases []bankedCase) {
	t.Helper()
	for _, c := range cases {
		err := validateBanked(t, c.req)
		checkRefusal(t, c.name, err)
		switch got := reasonOf(err); {
		case got != c.reason && c.reason == "":
			t.Errorf("%s: refused %v, want accepted", c.name, err)
		case got != c.reason:
			t.Errorf("%s: %v, want INVALID_ARGUMENT %s", c.name, err, c.reason)
		}
	}
}

func reasonOf(err error) string {
	if err == nil {
		return ""
	}
	return apierr.Reason(err)
}

// someBets are n valid bets with distinct ids.
func someBets(n int) []*tablev1.Bet {
	out := make([]*tablev1.Bet, n)
	for i := range out {
		out[i] = &tablev1.Bet{BetId: "b" + strconv.Itoa(i), Spot: "straight:" + strconv.Itoa(i%37), Amount: 100}
	}
	return out
}

func place(edit func(m *tablev1.PlaceBetsRequest)) *tablev1.PlaceBetsRequest {
	m := &tablev1.PlaceBetsRequest{TableId: "t1", Round: 1, IdempotencyKey: "k1", Bets: someBets(3)}
	edit(m)
	return m
}

func placeCases() []bankedCase {
	oneBet := func(b *tablev1.Bet) *tablev1.PlaceBetsRequest {
		return place(func(m *tablev1.PlaceBetsRequest) { m.Bets = []*tablev1.Bet{b} })
	}
	spot := func(s string) *tablev1.PlaceBetsRequest {
		return oneBet(&tablev1.Bet{BetId: "b", Spot: s, Amount: 900})
	}
	amount := func(a int64) *tablev1.PlaceBetsRequest {
		return oneBet(&tablev1.Bet{BetId: "b", Spot: "red", Amount: a})
	}
	return []bankedCase{
		{"three bets", place(func(*tablev1.PlaceBetsRequest) {}), ""},
		{"round 0: the round open now", place(func(m *tablev1.PlaceBetsRequest) { m.Round = 0 }), ""},
		{"50 bets", place(func(m *tablev1.PlaceBetsRequest) { m.Bets = someBets(table.MaxBatch) }), ""},
		{"announced bet", spot("voisins"), ""},
		{"neighbours", spot("neighbours:17"), ""},
		{"48-byte spot", spot(strings.Repeat("s", 48)), ""},
		{"largest amount", amount(maxAmount), ""},
		{"64-byte bet id", oneBet(&tablev1.Bet{BetId: strings.Repeat("b", 64), Spot: "red", Amount: 100}), ""},
		// The engine, not the edge, knows the layout: a spot off it passes here.
		{"spot off the layout", spot("straight:37"), ""},
		{"no bets", place(func(m *tablev1.PlaceBetsRequest) { m.Bets = nil }), "BAD_BETS"},
		{"51 bets", place(func(m *tablev1.PlaceBetsRequest) { m.Bets = someBets(table.MaxBatch + 1) }), "BAD_BETS"},
		{"duplicate bet id", place(func(m *tablev1.PlaceBetsRequest) { m.Bets[2].BetId = m.Bets[0].BetId }), "DUPLICATE_BET_ID"},
		{"empty bet id", oneBet(&tablev1.Bet{Spot: "red", Amount: 100}), "BAD_BET_ID"},
		{"65-byte bet id", oneBet(&tablev1.Bet{BetId: strings.Repeat("b", 65), Spot: "red", Amount: 100}), "BAD_BET_ID"},
		{"bet id with a space", oneBet(&tablev1.Bet{BetId: "my bet", Spot: "red", Amount: 100}), "BAD_BET_ID"},
		{"empty spot", spot(""), "BAD_SPOT"},
		{"spot with a space", spot("straight: 17"), "BAD_SPOT"},
		{"spot with a newline", spot("red\n"), "BAD_SPOT"},
		{"spot with a NUL", spot("red\x00"), "BAD_SPOT"},
		{"non-ASCII spot", spot("rouge€"), "BAD_SPOT"},
		{"49-byte spot", spot(strings.Repeat("s", 49)), "BAD_SPOT"},
		{"zero amount", amount(0), "BAD_AMOUNT"},
		{"negative amount", amount(-100), "BAD_AMOUNT"},
		{"amount over the bound", amount(maxAmount + 1), "BAD_AMOUNT"},
		{"negative round", place(func(m *tablev1.PlaceBetsRequest) { m.Round = -1 }), "BAD_ROUND"},
		{"round past 2^53", place(func(m *tablev1.PlaceBetsRequest) { m.Round = maxRound + 1 }), "BAD_ROUND"},
		{"no idempotency key", place(func(m *tablev1.PlaceBetsRequest) { m.IdempotencyKey = "" }), "BAD_IDEMPOTENCY_KEY"},
		{"idempotency key with a space", place(func(m *tablev1.PlaceBetsRequest) { m.IdempotencyKey = "k 1" }), "BAD_IDEMPOTENCY_KEY"},
		{"no table", place(func(m *tablev1.PlaceBetsRequest) { m.TableId = "" }), "BAD_TABLE_ID"},
		{"65-byte table id", place(func(m *tablev1.PlaceBetsRequest) { m.TableId = strings.Repeat("t", 65) }), "BAD_TABLE_ID"},
	}
}

func TestBankedValidationPlaceBets(t *testing.T) { runBankedCases(t, placeCases()) }

func create(edit func(m *tablev1.CreateBankedTableRequest)) *tablev1.CreateBankedTableRequest {
	m := &tablev1.CreateBankedTableRequest{Name: "Roulette live", Game: tablev1.BankedGame_BANKED_GAME_ROULETTE, Profile: "cz",
		Source: tablev1.ResultSource_RESULT_SOURCE_DEALER, Currency: "EUR",
		Limits:          &tablev1.BetLimits{Table: &tablev1.BetLimit{Min: 100, Max: 100_000}},
		BettingWindowMs: 60_000, IdempotencyKey: "roulette-live-1"}
	edit(m)
	return m
}

func createCases() []bankedCase {
	window := func(w int32) *tablev1.CreateBankedTableRequest {
		return create(func(m *tablev1.CreateBankedTableRequest) { m.BettingWindowMs = w })
	}
	pause := func(p int32) *tablev1.CreateBankedTableRequest {
		return create(func(m *tablev1.CreateBankedTableRequest) { m.PauseMs = p })
	}
	limits := func(l *tablev1.BetLimits) *tablev1.CreateBankedTableRequest {
		return create(func(m *tablev1.CreateBankedTableRequest) { m.Limits = l })
	}
	lim := func(min, max int64) *tablev1.BetLimit { return &tablev1.BetLimit{Min: min, Max: max} }
	kinds := map[string]*tablev1.BetLimit{}
	for i := range 17 {
		kinds["kind"+strconv.Itoa(i)] = lim(100, 0)
	}
	return []bankedCase{
		{"dealer roulette", create(func(*tablev1.CreateBankedTableRequest) {}), ""},
		{"rng money wheel, defaults", create(func(m *tablev1.CreateBankedTableRequest) {
			m.Game, m.Source, m.Profile, m.BettingWindowMs, m.IdempotencyKey = tablev1.BankedGame_BANKED_GAME_MONEY_WHEEL, tablev1.ResultSource_RESULT_SOURCE_RNG, "", 0, ""
		}), ""},
		{"shortest window", window(3000), ""},
		{"longest window", window(120_000), ""},
		{"no pause", pause(-1), ""},
		{"longest pause", pause(60_000), ""},
		{"no table max", limits(&tablev1.BetLimits{Table: lim(100, 0)}), ""},
		{"limits by kind", limits(&tablev1.BetLimits{Table: lim(100, 0), SpotMax: 5000, ByKind: map[string]*tablev1.BetLimit{"straight": lim(100, 2500)}}), ""},
		{"no game", create(func(m *tablev1.CreateBankedTableRequest) { m.Game = 0 }), "BAD_GAME"},
		{"unknown game", create(func(m *tablev1.CreateBankedTableRequest) { m.Game = 99 }), "BAD_GAME"},
		{"no source", create(func(m *tablev1.CreateBankedTableRequest) { m.Source = 0 }), "BAD_SOURCE"},
		{"blackjack, its clock 10 s", create(func(m *tablev1.CreateBankedTableRequest) {
			m.Game, m.DecisionClockMs = tablev1.BankedGame_BANKED_GAME_BLACKJACK, 10_000
		}), ""},
		{"a decision clock of 1 s", create(func(m *tablev1.CreateBankedTableRequest) { m.DecisionClockMs = 1000 }), "BAD_CLOCK"},
		{"unknown source", create(func(m *tablev1.CreateBankedTableRequest) { m.Source = 9 }), "BAD_SOURCE"},
		{"no currency", create(func(m *tablev1.CreateBankedTableRequest) { m.Currency = "" }), "BAD_CURRENCY"},
		{"lower-case currency", create(func(m *tablev1.CreateBankedTableRequest) { m.Currency = "eur" }), "BAD_CURRENCY"},
		{"4-letter currency", create(func(m *tablev1.CreateBankedTableRequest) { m.Currency = "EURO" }), "BAD_CURRENCY"},
		{"non-ASCII currency", create(func(m *tablev1.CreateBankedTableRequest) { m.Currency = "€UR" }), "BAD_CURRENCY"},
		{"no limits", limits(nil), "BAD_LIMITS"},
		{"no table minimum", limits(&tablev1.BetLimits{Table: lim(0, 100_000)}), "BAD_LIMITS"},
		{"negative minimum", limits(&tablev1.BetLimits{Table: lim(-100, 100_000)}), "BAD_LIMITS"},
		{"minimum over maximum", limits(&tablev1.BetLimits{Table: lim(1000, 100)}), "BAD_LIMITS"},
		{"minimum over the amount bound", limits(&tablev1.BetLimits{Table: lim(maxAmount+1, 0)}), "BAD_LIMITS"},
		{"negative spot max", limits(&tablev1.BetLimits{Table: lim(100, 0), SpotMax: -1}), "BAD_LIMITS"},
		{"kind's minimum over its maximum", limits(&tablev1.BetLimits{Table: lim(100, 0), ByKind: map[string]*tablev1.BetLimit{"straight": lim(500, 100)}}), "BAD_LIMITS"},
		{"kind with a space", limits(&tablev1.BetLimits{Table: lim(100, 0), ByKind: map[string]*tablev1.BetLimit{"even chance": lim(100, 0)}}), "BAD_LIMITS"},
		{"17 kinds", limits(&tablev1.BetLimits{Table: lim(100, 0), ByKind: kinds}), "BAD_LIMITS"},
		{"window 2999 ms", window(2999), "BAD_WINDOW"},
		{"window 120001 ms", window(120_001), "BAD_WINDOW"},
		{"negative window", window(-1), "BAD_WINDOW"},
		{"pause -2", pause(-2), "BAD_PAUSE"},
		{"pause 60001 ms", pause(60_001), "BAD_PAUSE"},
		{"negative max players", create(func(m *tablev1.CreateBankedTableRequest) { m.MaxPlayers = -1 }), "BAD_MAX_PLAYERS"},
		{"max players over the cap", create(func(m *tablev1.CreateBankedTableRequest) { m.MaxPlayers = house.MaxPlayersCap + 1 }), "BAD_MAX_PLAYERS"},
		{"max bets over the cap", create(func(m *tablev1.CreateBankedTableRequest) { m.MaxBets = house.MaxBetsCap + 1 }), "BAD_MAX_BETS"},
		{"65 wheel fields", create(func(m *tablev1.CreateBankedTableRequest) { m.WheelFields = make([]string, 65) }), "BAD_WHEEL"},
		{"empty wheel field", create(func(m *tablev1.CreateBankedTableRequest) { m.WheelFields = []string{"cherries", ""} }), "BAD_WHEEL"},
		{"wheel name with a space", create(func(m *tablev1.CreateBankedTableRequest) { m.WheelName = "my wheel" }), "BAD_WHEEL"},
		{"33 options", create(func(m *tablev1.CreateBankedTableRequest) {
			m.Options = map[string]string{}
			for i := range 33 {
				m.Options["o"+strconv.Itoa(i)] = "1"
			}
		}), "BAD_OPTION"},
		{"option value with a space", create(func(m *tablev1.CreateBankedTableRequest) { m.Options = map[string]string{"wheel": "double zero"} }), "BAD_OPTION"},
		{"name with a control character", create(func(m *tablev1.CreateBankedTableRequest) { m.Name = "Roulette\x07" }), "BAD_TEXT"},
		{"idempotency key with a space", create(func(m *tablev1.CreateBankedTableRequest) { m.IdempotencyKey = "live 1" }), "BAD_IDEMPOTENCY_KEY"},
		{"house-edge override with its reason", override(true, "promotion approved by the regulator"), ""},
		{"house-edge override without a reason", override(true, ""), "BAD_OVERRIDE"},
		{"house-edge override with a blank reason", override(true, " \t"), "BAD_OVERRIDE"},
		{"override reason without the override", override(false, "why not"), "BAD_OVERRIDE"},
		{"override reason with a control character", override(true, "promo\x1b[2J"), "BAD_TEXT"},
		{"override reason of 201 characters", override(true, strings.Repeat("é", 201)), "BAD_TEXT"},
	}
}

// override is a create request with an override of the house-edge check.
func override(allow bool, reason string) *tablev1.CreateBankedTableRequest {
	return create(func(m *tablev1.CreateBankedTableRequest) {
		m.AllowHouseEdgeBelowMinimum, m.OverrideReason = allow, reason
	})
}

func TestBankedValidationCreateTable(t *testing.T) { runBankedCases(t, createCases()) }

func adminCases() []bankedCase {
	settings := func(w, p int32) *tablev1.UpdateBankedTableSettingsRequest {
		return &tablev1.UpdateBankedTableSettingsRequest{TableId: "t1", BettingWindowMs: w, PauseMs: p}
	}
	return []bankedCase{
		{"void the round in progress", &tablev1.VoidRoundRequest{TableId: "t1", Reason: "ball left the wheel"}, ""},
		{"void without a reason", &tablev1.VoidRoundRequest{TableId: "t1", Round: 4}, "NO_REASON"},
		{"void with a blank reason", &tablev1.VoidRoundRequest{TableId: "t1", Reason: " \t "}, "NO_REASON"},
		{"void with a control character", &tablev1.VoidRoundRequest{TableId: "t1", Reason: "wheel\x1b[2J"}, "BAD_TEXT"},
		{"void with a 201-character reason", &tablev1.VoidRoundRequest{TableId: "t1", Reason: strings.Repeat("é", 201)}, "BAD_TEXT"},
		{"void a negative round", &tablev1.VoidRoundRequest{TableId: "t1", Round: -1, Reason: "r"}, "BAD_ROUND"},
		{"void without a table", &tablev1.VoidRoundRequest{Reason: "r"}, "BAD_TABLE_ID"},
		{"settings", settings(15_000, 3000), ""},
		{"settings without a pause", settings(3000, 0), ""},
		{"settings, longest", settings(120_000, 60_000), ""},
		{"settings keeping the window", settings(0, 3000), ""},
		{"settings, window 2999 ms", settings(2999, 3000), "BAD_WINDOW"},
		{"settings, window 120001 ms", settings(120_001, 3000), "BAD_WINDOW"},
		{"settings, no pause", settings(15_000, -1), ""},
		{"settings, pause -2", settings(15_000, -2), "BAD_PAUSE"},
		{"settings, pause 60001 ms", settings(15_000, 60_001), "BAD_PAUSE"},
		{"close", &tablev1.CloseBankedTableRequest{TableId: "t1", Reason: "studio closes"}, ""},
		{"close, reason with a newline", &tablev1.CloseBankedTableRequest{TableId: "t1", Reason: "a\nb"}, "BAD_TEXT"},
		{"close without a table", &tablev1.CloseBankedTableRequest{}, "BAD_TABLE_ID"},
		{"pause", &tablev1.PauseBankedTableRequest{TableId: "t1"}, ""},
		{"pause, invalid UTF-8", &tablev1.PauseBankedTableRequest{TableId: "t1", Reason: "\xff"}, "BAD_TEXT"},
		{"resume, table id with a space", &tablev1.ResumeBankedTableRequest{TableId: "t 1"}, "BAD_TABLE_ID"},
	}
}

func TestBankedValidationAdmin(t *testing.T) { runBankedCases(t, adminCases()) }

func dealerCases() []bankedCase {
	spin := func(edit func(s *tablev1.Spin)) *tablev1.ReportSpinRequest {
		s := &tablev1.Spin{Pocket: 8, Label: "17", WheelDirection: tablev1.SpinDirection_SPIN_DIRECTION_CLOCKWISE,
			BallDirection: tablev1.SpinDirection_SPIN_DIRECTION_ANTICLOCKWISE, Revolutions: 12}
		edit(s)
		return &tablev1.ReportSpinRequest{TableId: "t1", Round: 1, Spin: s}
	}
	return []bankedCase{
		{"close betting", &tablev1.CloseBettingRequest{TableId: "t1"}, ""},
		{"close betting, negative round", &tablev1.CloseBettingRequest{TableId: "t1", Round: -3}, "BAD_ROUND"},
		{"close betting without a table", &tablev1.CloseBettingRequest{Round: 1}, "BAD_TABLE_ID"},
		{"spin", spin(func(*tablev1.Spin) {}), ""},
		{"spin with faults", spin(func(s *tablev1.Spin) { s.Faults = []string{"ball_left_wheel"} }), ""},
		{"money wheel field 29 on the peg", spin(func(s *tablev1.Spin) { s.Pocket, s.Label, s.Peg = 29, "cherries", true }), ""},
		{"no spin", &tablev1.ReportSpinRequest{TableId: "t1", Round: 1}, "BAD_SPIN"},
		{"negative pocket", spin(func(s *tablev1.Spin) { s.Pocket = -1 }), "BAD_SPIN"},
		{"pocket 65", spin(func(s *tablev1.Spin) { s.Pocket = 65 }), "BAD_SPIN"},
		{"negative revolutions", spin(func(s *tablev1.Spin) { s.Revolutions = -1 }), "BAD_SPIN"},
		{"1001 revolutions", spin(func(s *tablev1.Spin) { s.Revolutions = 1001 }), "BAD_SPIN"},
		{"9 faults", spin(func(s *tablev1.Spin) { s.Faults = make([]string, 9) }), "BAD_SPIN"},
		{"fault with a space", spin(func(s *tablev1.Spin) { s.Faults = []string{"few revolutions"} }), "BAD_SPIN"},
		{"9-byte label", spin(func(s *tablev1.Spin) { s.Label = "123456789" }), "BAD_SPIN"},
		{"spin of a negative round", &tablev1.ReportSpinRequest{TableId: "t1", Round: -1, Spin: &tablev1.Spin{}}, "BAD_ROUND"},
	}
}

func TestBankedValidationDealer(t *testing.T) { runBankedCases(t, dealerCases()) }

func publicCases() []bankedCase {
	join := func(name, currency string) *tablev1.JoinBankedTableRequest {
		return &tablev1.JoinBankedTableRequest{TableId: "t1", DisplayName: name, Currency: currency}
	}
	return []bankedCase{
		{"lobby", &tablev1.ListBankedTablesRequest{}, ""},
		{"lobby page", &tablev1.ListBankedTablesRequest{Game: tablev1.BankedGame_BANKED_GAME_ROULETTE, Currency: "EUR", PageSize: 500, PageToken: "t1"}, ""},
		{"lobby, negative page size", &tablev1.ListBankedTablesRequest{PageSize: -1}, "BAD_PAGE_SIZE"},
		{"lobby, page size 501", &tablev1.ListBankedTablesRequest{PageSize: 501}, "BAD_PAGE_SIZE"},
		{"lobby, page token with a space", &tablev1.ListBankedTablesRequest{PageToken: "t 1"}, "BAD_PAGE_TOKEN"},
		{"lobby, currency Eur", &tablev1.ListBankedTablesRequest{Currency: "Eur"}, "BAD_CURRENCY"},
		{"lobby, unknown game", &tablev1.ListBankedTablesRequest{Game: 99}, "BAD_GAME"},
		{"join", join("Dave", "EUR"), ""},
		{"join without a name", join("", ""), ""},
		{"join, 32-character name", join(strings.Repeat("é", 32), ""), ""},
		{"join, currency eur", join("Dave", "eur"), "BAD_CURRENCY"},
		{"join, 33-character name", join(strings.Repeat("d", 33), ""), "BAD_DISPLAY_NAME"},
		{"join, right-to-left override", join("Dave\u202egnp.exe", ""), "BAD_DISPLAY_NAME"},
		{"join, zero-width space", join("Da\u200bve", ""), "BAD_DISPLAY_NAME"},
		{"join, mixed scripts", join("Pаypal", ""), "BAD_DISPLAY_NAME"},
		{"join without a table", &tablev1.JoinBankedTableRequest{DisplayName: "Dave"}, "BAD_TABLE_ID"},
		{"cancel", &tablev1.CancelBetsRequest{TableId: "t1", BetIds: []string{"b1", "b2"}}, ""},
		{"cancel nothing", &tablev1.CancelBetsRequest{TableId: "t1"}, "BAD_BETS"},
		{"cancel 51 bets", &tablev1.CancelBetsRequest{TableId: "t1", BetIds: make([]string, 51)}, "BAD_BETS"},
		{"cancel an empty bet id", &tablev1.CancelBetsRequest{TableId: "t1", BetIds: []string{"b1", ""}}, "BAD_BET_ID"},
		{"cancel in a negative round", &tablev1.CancelBetsRequest{TableId: "t1", Round: -1, BetIds: []string{"b1"}}, "BAD_ROUND"},
		{"carry", &tablev1.ChooseVoidOptionRequest{TableId: "t1", Option: tablev1.VoidOption_VOID_OPTION_CARRY}, ""},
		{"no option", &tablev1.ChooseVoidOptionRequest{TableId: "t1"}, "BAD_OPTION"},
		{"unknown option", &tablev1.ChooseVoidOptionRequest{TableId: "t1", Option: 3}, "BAD_OPTION"},
		{"subscribe", &tablev1.SubscribeRoundsRequest{TableId: "t1"}, ""},
		{"resume after an event", &tablev1.SubscribeRoundsRequest{TableId: "t1", AfterEventId: "12-3"}, ""},
		{"resume after a snapshot", &tablev1.SubscribeRoundsRequest{TableId: "t1", AfterEventId: "12"}, ""},
		{"resume after a word", &tablev1.SubscribeRoundsRequest{TableId: "t1", AfterEventId: "latest"}, "BAD_EVENT_ID"},
		{"resume after a negative index", &tablev1.SubscribeRoundsRequest{TableId: "t1", AfterEventId: "12--1"}, "BAD_EVENT_ID"},
		{"resume after a 41-byte id", &tablev1.SubscribeRoundsRequest{TableId: "t1", AfterEventId: strings.Repeat("1", 41)}, "BAD_EVENT_ID"},
		{"round", &tablev1.GetRoundRequest{TableId: "t1", RoundId: "t1-r7"}, ""},
		{"another table's round", &tablev1.GetRoundRequest{TableId: "t1", RoundId: "t2-r7"}, "BAD_ROUND_ID"},
		{"round without an id", &tablev1.GetRoundRequest{TableId: "t1"}, "BAD_ROUND_ID"},
		{"proof", &tablev1.GetRoundProofRequest{TableId: "t1", RoundId: "t1-r1"}, ""},
		{"proof of a hand", &tablev1.GetRoundProofRequest{TableId: "t1", RoundId: "t1-1"}, "BAD_ROUND_ID"},
		{"table", &tablev1.GetBankedTableRequest{TableId: "t1"}, ""},
		{"table without an id", &tablev1.GetBankedTableRequest{}, "BAD_TABLE_ID"},
		{"leave, table id with a NUL", &tablev1.LeaveBankedTableRequest{TableId: "t\x001"}, "BAD_TABLE_ID"},
		{"history board", &tablev1.ListRoundsRequest{TableId: "t1"}, ""},
		{"recall, 65-byte table id", &tablev1.GetGameRecallRequest{TableId: strings.Repeat("t", 65)}, "BAD_TABLE_ID"},
	}
}

func TestBankedValidationPublic(t *testing.T) { runBankedCases(t, publicCases()) }

// bankedSeeds are the fuzz target's seeds: every case above.
func bankedSeeds() []proto.Message {
	var out []proto.Message
	for _, cs := range [][]bankedCase{placeCases(), createCases(), adminCases(), dealerCases(), publicCases()} {
		for _, c := range cs {
			out = append(out, c.req)
		}
	}
	return out
}
