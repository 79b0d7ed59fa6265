package api

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"go.temporal.io/api/serviceerror"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/services/tournament/core"
	"github.com/croupier/croupier/services/tournament/core/coretest"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/workflows/tournament"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// fuzzIn is one fuzzed round of requests: a CreateTournament built from
// primitives, one player or operator request, and a lobby page. The
// fields are in the order of FuzzTournamentRequests' arguments. op%10
// picks the other request and op/10 is the lobby's state filter (0..9 the
// enum's, 10..25 none of it).
type fuzzIn struct {
	name, game, profile, cur string
	buyIn, fee               int64
	// otherCur replaces the buy-in currency in the amounts curMask picks
	// (1 fee, 2 rebuy price, 4 rebuy fee, 8 add-on price, 16 add-on fee);
	// curMask 32 drops the buy-in, 64 the clock.
	otherCur                           string
	curMask                            uint8
	feeRule                            int32
	stack                              int64
	seats                              int32
	levels                             []byte
	rebuyLevels                        int32
	rebuyPrice, rebuyFee, rebuyChips   int64
	maxRebuys, rebuyDecision           int32
	addOnPrice, addOnFee, addOnChips   int64
	lateLevels, payoutMode             int32
	bps                                []byte
	winners                            int32
	chips                              []byte
	minEntrants, maxEntrants           int32
	action, bank, pause                int32
	closesIn, startsIn                 int64
	flags                              uint8 // 1 late, 2 satellite, 4 no refund, 8 no structure, 16|32 betting
	createKey                          string
	role, op                           uint8
	tid, key, player, partner, display string
	pageSize                           int32
	pageToken                          string
}

// levelsOf reads three bytes a level: big blind 50×a (small blind half of
// it), ante 25×(b&7), a bring-in of 10 if b&8, a break of 300 s if b&0x80
// or of -60 s if b&0x40, and 30×int8(c) seconds.
func levelsOf(b []byte) []*tournamentv1.Level {
	var out []*tournamentv1.Level
	for i := 0; i+3 <= len(b) && len(out) < terms.MaxLevels+3; i += 3 {
		a, x, c := b[i], b[i+1], b[i+2]
		l := &tournamentv1.Level{BigBlind: 50 * int64(a), SmallBlind: 25 * int64(a), Ante: 25 * int64(x&7), DurationSeconds: 30 * int32(int8(c))}
		if x&8 != 0 {
			l.BringIn = 10
		}
		switch {
		case x&0x80 != 0:
			l.BreakSeconds = 300
		case x&0x40 != 0:
			l.BreakSeconds = -60
		}
		out = append(out, l)
	}
	return out
}

// int16s reads big-endian signed pairs, at most n.
func int16s(b []byte, n int) []int16 {
	var out []int16
	for i := 0; i+2 <= len(b) && len(out) < n; i += 2 {
		out = append(out, int16(binary.BigEndian.Uint16(b[i:])))
	}
	return out
}

// plus adds seconds without wrapping: a fuzzed offset may take a
// timestamp anywhere an int64 reaches, far outside 0001..9999.
func plus(a, b int64) int64 {
	switch {
	case b > 0 && a > math.MaxInt64-b:
		return math.MaxInt64
	case b < 0 && a < math.MinInt64-b:
		return math.MinInt64
	}
	return a + b
}

func (in fuzzIn) create(now time.Time) *tournamentv1.CreateTournamentRequest {
	m := &tournamentv1.CreateTournamentRequest{Name: in.name, IdempotencyKey: in.createKey}
	start := &timestamppb.Timestamp{Seconds: plus(now.Unix(), in.startsIn), Nanos: int32(now.Nanosecond())}
	if in.startsIn > 0 {
		// A start in the future stays in the future while the request
		// runs, however slow the machine.
		start.Seconds = plus(start.Seconds, 60)
	}
	if in.startsIn != 0 {
		m.StartsAt = start
	}
	if in.flags&8 != 0 {
		return m
	}
	amount := func(bit uint8, a int64) *commonv1.Money {
		c := in.cur
		if in.curMask&bit != 0 {
			c = in.otherCur
		}
		return &commonv1.Money{Amount: a, Currency: c}
	}
	s := &tournamentv1.Structure{Game: in.game, Profile: in.profile, Betting: []string{"", "no_limit", "pot_limit", "limit"}[in.flags>>4&3],
		BuyIn: &commonv1.Money{Amount: in.buyIn, Currency: in.cur}, Fee: amount(1, in.fee), FeeRule: tournamentv1.FeeRule(in.feeRule),
		StartingStack: in.stack, Levels: levelsOf(in.levels), SeatsPerTable: in.seats,
		RebuyLevels: in.rebuyLevels, RebuyPrice: amount(2, in.rebuyPrice), RebuyFee: amount(4, in.rebuyFee), RebuyChips: in.rebuyChips,
		MaxRebuys: in.maxRebuys, RebuyDecisionSeconds: in.rebuyDecision,
		AddOnPrice: amount(8, in.addOnPrice), AddOnFee: amount(16, in.addOnFee), AddOnChips: in.addOnChips,
		LateRegistration: in.flags&1 != 0, LateRegistrationLevels: in.lateLevels, PayoutMode: tournamentv1.PayoutMode(in.payoutMode),
		Winners: in.winners, Satellite: in.flags&2 != 0, SatelliteTarget: "main", MinEntrants: in.minEntrants, MaxEntrants: in.maxEntrants,
		Clock: &tournamentv1.Clock{ActionSeconds: in.action, TimeBankSeconds: in.bank, HandPauseMs: in.pause}, NoWithdrawalRefund: in.flags&4 != 0}
	for _, b := range int16s(in.bps, 300) {
		s.PayoutBps = append(s.PayoutBps, int32(b))
	}
	for _, c := range int16s(in.chips, 20) {
		s.Chips = append(s.Chips, int64(c))
	}
	if in.curMask&32 != 0 {
		s.BuyIn = nil
	}
	if in.curMask&64 != 0 {
		s.Clock = nil
	}
	if in.closesIn != 0 {
		s.RegistrationClosesAt = &timestamppb.Timestamp{Seconds: plus(start.Seconds, in.closesIn), Nanos: start.Nanos}
	}
	m.Structure = s
	return m
}

// walletMax is the most one wallet movement may be (services/wallet/ledger
// MaxAmount): no amount of the terms is above it, so the products below
// stay far inside an int64.
const walletMax = 1_000_000_000_000_000

// profiles are the tables' rule profiles (services/table/poker/profile).
var profiles = []string{"gr", "ru-sport", "ru-club", "cz"}

// checkRules re-checks, independently of terms.Validate, the rules the
// published terms must satisfy.
func checkRules(t *testing.T, tm terms.Terms) {
	t.Helper()
	for _, a := range []int64{tm.BuyIn, tm.FeeAmt, tm.RebuyPrice, tm.RebuyFee, tm.AddOnPrice, tm.AddOnFee} {
		if a < 0 || a > walletMax {
			t.Fatalf("accepted amount %d in %+v", a, tm)
		}
	}
	// Chips bought and the time to decide on a rebuy are positive (H.16).
	if tm.RebuyChips <= 0 || tm.AddOnChips <= 0 || tm.RebuyDecision <= 0 {
		t.Fatalf("accepted rebuy chips %d, add-on chips %d, decision time %s", tm.RebuyChips, tm.AddOnChips, tm.RebuyDecision)
	}
	if !slices.Contains(profiles, tm.Profile) || len(tm.Name) > 200 || len(tm.Target) > 200 {
		t.Fatalf("accepted profile %q, a %d-byte name, a %d-byte target", tm.Profile, len(tm.Name), len(tm.Target))
	}
	if tm.StartAt.Year() > 9999 || tm.RegistrationClosesAt.Year() < 1 {
		t.Fatalf("accepted start %v, deadline %v", tm.StartAt, tm.RegistrationClosesAt)
	}
	stake, fee := tm.BuyIn, tm.FeeAmt
	// gr-regulation-1 B.48, B.90: a stake, except for a satellite.
	if stake < 0 || fee < 0 || (stake == 0 && !tm.Satellite) {
		t.Fatalf("accepted stake %d fee %d (satellite %v)", stake, fee, tm.Satellite)
	}
	if !(tm.Satellite && fee == 0) {
		switch tm.Fee {
		case terms.FeeGreek: // T1, T2 (GR H.6, B.105)
			if 100*fee < 10*stake || 100*fee > 15*stake {
				t.Fatalf("T1: accepted fee %d on stake %d", fee, stake)
			}
		case terms.FeeCzech: // docs/rules/cz-tournaments.md §1
			if 100*fee < 8*(stake+fee) || 100*fee > 15*(stake+fee) {
				t.Fatalf("cz §1: accepted fee %d on stake %d", fee, stake)
			}
		case terms.FeeNone:
			if fee != 0 {
				t.Fatalf("accepted fee %d under no-fee", fee)
			}
		default:
			t.Fatalf("accepted fee rule %d", tm.Fee)
		}
	}
	// T3 (GR H.7): a rebuy costs no more than the original entry.
	if tm.RebuyLevels > 0 && (tm.RebuyPrice <= 0 || tm.RebuyPrice > stake || tm.RebuyPrice+tm.RebuyFee > stake+fee) {
		t.Fatalf("T3: accepted rebuy %d+%d against entry %d+%d", tm.RebuyPrice, tm.RebuyFee, stake, fee)
	}
	if tm.AddOnPrice != 0 && (tm.RebuyLevels == 0 || tm.AddOnPrice > stake || tm.AddOnPrice+tm.AddOnFee > stake+fee) {
		t.Fatalf("H.7, H.16(a)(2): accepted add-on %d+%d against entry %d+%d, %d rebuy levels", tm.AddOnPrice, tm.AddOnFee, stake, fee, tm.RebuyLevels)
	}
	// GR H.4: registration closes no later than the start.
	if tm.RegistrationClosesAt.After(tm.StartAt) {
		t.Fatalf("H.4: registration closes %v after the start %v", tm.RegistrationClosesAt, tm.StartAt)
	}
	// GR H.27: 5..60 s to act, at most 5 minutes of bank.
	if tm.Clock.Action < 5*time.Second || tm.Clock.Action > time.Minute || tm.Clock.TimeBank < 0 || tm.Clock.TimeBank > 5*time.Minute {
		t.Fatalf("H.27: accepted clock %+v", tm.Clock)
	}
	// H.34: a place table pays the whole pool; H.33: a split names W.
	switch tm.Payout {
	case terms.ByPlace:
		var sum int64
		for _, b := range tm.PayoutBps {
			sum += int64(b)
		}
		if sum != 10000 {
			t.Fatalf("H.34: accepted payout table summing to %d", sum)
		}
	case terms.Equal, terms.ByChips:
		if tm.Winners < 1 {
			t.Fatalf("H.33: accepted a split among %d", tm.Winners)
		}
	default:
		t.Fatalf("accepted payout mode %d", tm.Payout)
	}
	// A.2: the game's seat limit.
	if tm.Seats < 2 || tm.Seats > terms.MaxSeats(tm.Game) || len(tm.Levels) == 0 || tm.Stack <= 0 {
		t.Fatalf("accepted %d seats of %q, %d levels, stack %d", tm.Seats, tm.Game, len(tm.Levels), tm.Stack)
	}
}

// outcome is what a round did, for the seed test: the create's reason (or
// "created"), then the other request's.
type outcome struct{ create, other, list string }

func refusedWith(t *testing.T, what string, err error, f *coretest.Temporal, code connect.Code, reason string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s accepted; want %v %s", what, code, reason)
	}
	if apierr.Code(err) != code || apierr.Reason(err) != reason {
		t.Fatalf("%s: %v (%v, reason %q); want %v %s", what, err, apierr.Code(err), apierr.Reason(err), code, reason)
	}
	if f != nil && len(f.Calls) != 0 {
		t.Fatalf("%s refused but reached the client: %v", what, f.Calls)
	}
}

func (in fuzzIn) run(t *testing.T) outcome {
	return outcome{in.runCreate(t), in.runOther(t), in.runList(t)}
}

func (in fuzzIn) runCreate(t *testing.T) string {
	now := time.Now()
	m := in.create(now)
	f := coretest.NewTemporal()
	resp, err := handlerOn(f).CreateTournament(as(theOperator), connect.NewRequest(m))
	refuse := func(reason string) string {
		refusedWith(t, "create", err, f, connect.CodeInvalidArgument, reason)
		return reason
	}
	// A Timestamp is a time between 0001-01-01 and 9999-12-31 (the
	// protobuf definition), checked here by hand.
	isTime := func(ts *timestamppb.Timestamp) bool {
		return ts.Seconds >= -62135596800 && ts.Seconds <= 253402300799 && ts.Nanos >= 0 && ts.Nanos < 1e9
	}
	switch {
	case m.StartsAt == nil:
		return refuse("NO_START")
	case !isTime(m.StartsAt):
		return refuse("BAD_TIMESTAMP")
	case len(m.IdempotencyKey) > 200:
		return refuse("BAD_IDEMPOTENCY_KEY")
	case m.Structure == nil:
		return refuse("NO_STRUCTURE")
	}
	s := m.Structure
	for _, a := range []*commonv1.Money{s.Fee, s.RebuyPrice, s.RebuyFee, s.AddOnPrice, s.AddOnFee} {
		if a.GetCurrency() != "" && a.GetCurrency() != s.GetBuyIn().GetCurrency() {
			return refuse("CURRENCY_MISMATCH")
		}
	}
	// Enum values and profiles the API does not know, and a deadline that
	// is no time, are refused while reading the structure.
	switch {
	case in.feeRule < 0 || in.feeRule > 3:
		return refuse("UNKNOWN_FEE_RULE")
	case in.payoutMode < 0 || in.payoutMode > 3:
		return refuse("BAD_PAYOUT")
	case in.profile != "" && !slices.Contains(profiles, in.profile):
		return refuse("UNKNOWN_PROFILE")
	case s.RegistrationClosesAt != nil && !isTime(s.RegistrationClosesAt):
		return refuse("BAD_TIMESTAMP")
	}
	raw, terr := termsOf(m.Name, s, m.StartsAt.AsTime())
	if terr != nil {
		t.Fatalf("termsOf refused %v: %v", s, terr)
	}
	// The conversion keeps every amount and count as sent.
	if raw.BuyIn != s.GetBuyIn().GetAmount() || raw.FeeAmt != in.fee || raw.RebuyPrice != in.rebuyPrice || raw.RebuyFee != in.rebuyFee ||
		raw.AddOnPrice != in.addOnPrice || raw.AddOnFee != in.addOnFee || raw.Stack != in.stack || raw.Seats != int(in.seats) ||
		len(raw.Levels) != len(s.Levels) || len(raw.PayoutBps) != len(s.PayoutBps) || raw.Currency != s.GetBuyIn().GetCurrency() {
		t.Fatalf("termsOf changed the request:\n%+v\nfrom %v", raw, s)
	}
	// Whatever termsOf accepts goes back into a Structure and reads the same.
	if back, err := termsOf(raw.Name, structureOf(raw), raw.StartAt); err != nil || !sameTerms(back, raw) {
		t.Fatalf("round trip: %v\n got %+v\nwant %+v", err, back, raw)
	}
	// Then the core applies the terms package's own defaults and rules.
	want := raw
	want.Defaults()
	if verr := want.Validate(); verr != nil {
		if apierr.Code(verr) != connect.CodeInvalidArgument || apierr.Reason(verr) == "" {
			t.Fatalf("terms.Validate refused with %v", verr)
		}
		return refuse(apierr.Reason(verr))
	}
	if in.startsIn < 0 {
		return refuse("START_IN_PAST")
	}
	if err != nil {
		t.Fatalf("valid terms refused: %v\n%+v", err, want)
	}
	// Accepted: one workflow started, with terms that satisfy the terms
	// package's validation and the rules, and published as they are.
	if len(f.StartInputs) != 1 || !sameTerms(f.StartInputs[0].Terms, want) {
		t.Fatalf("started %v; want one with %+v", f.StartInputs, want)
	}
	started := f.StartInputs[0].Terms
	if err := started.Validate(); err != nil {
		t.Fatalf("started terms do not validate: %v", err)
	}
	checkRules(t, started)
	tr := resp.Msg.GetTournament()
	back, err := termsOf(tr.GetName(), tr.GetStructure(), tr.GetStartsAt().AsTime())
	if err != nil {
		t.Fatalf("published structure refused: %v", err)
	}
	back.Defaults()
	if !sameTerms(back, started) {
		t.Fatalf("published terms\n%+v\nstarted\n%+v", back, started)
	}
	return "created"
}

var roles = []*auth.Principal{nil, &thePlayer, &thePartner, &theOperator, &theService}

// runOther makes one of the other requests and checks it against the
// rules of api.go's doc comments: a player acts for himself, a partner for
// its players, an internal caller names both; ids 1..128 bytes, keys,
// display names and reasons at most 200.
func (in fuzzIn) runOther(t *testing.T) string {
	ctx := context.Background()
	who := roles[int(in.role)%len(roles)]
	if who != nil {
		ctx = as(*who)
	}
	op := int(in.op) % 11
	// PenalizePlayer's rounds -1..10 and kill flag.
	rounds, kill, shot := int32(in.op/11%12)-1, in.role/8%2 == 1, in.role/16%2 == 1
	f := coretest.NewTemporal()
	h := handlerOn(f)
	// The tournament's standings answer (a withdrawal reads its currency
	// first); its updates do not: Temporal finds no workflow for them.
	f.Standings[in.tid] = tournament.Standings{ID: in.tid, Terms: terms.Terms{Currency: "EUR"}, Phase: tournament.Registering}
	f.UpdateCallErr = serviceerror.NewNotFound("workflow not found")
	var err error
	switch op {
	case 0:
		_, err = h.Register(ctx, connect.NewRequest(&tournamentv1.RegisterRequest{TournamentId: in.tid, IdempotencyKey: in.key, PlayerId: in.player, PartnerId: in.partner, DisplayName: in.display}))
	case 1:
		_, err = h.Unregister(ctx, connect.NewRequest(&tournamentv1.UnregisterRequest{TournamentId: in.tid, IdempotencyKey: in.key, PlayerId: in.player, PartnerId: in.partner}))
	case 2:
		_, err = h.Rebuy(ctx, connect.NewRequest(&tournamentv1.RebuyRequest{TournamentId: in.tid, IdempotencyKey: in.key, PlayerId: in.player, PartnerId: in.partner}))
	case 3:
		_, err = h.AddOn(ctx, connect.NewRequest(&tournamentv1.AddOnRequest{TournamentId: in.tid, IdempotencyKey: in.key, PlayerId: in.player, PartnerId: in.partner}))
	case 4:
		_, err = h.DisqualifyPlayer(ctx, connect.NewRequest(&tournamentv1.DisqualifyPlayerRequest{TournamentId: in.tid, PlayerId: in.player, PartnerId: in.partner, Reason: in.display}))
	case 5:
		_, err = h.GetTournament(ctx, connect.NewRequest(&tournamentv1.GetTournamentRequest{TournamentId: in.tid}))
	case 6:
		_, err = h.GetStandings(ctx, connect.NewRequest(&tournamentv1.GetStandingsRequest{TournamentId: in.tid}))
	case 7:
		_, err = h.PauseTournament(ctx, connect.NewRequest(&tournamentv1.PauseTournamentRequest{TournamentId: in.tid, Reason: in.display}))
	case 8:
		_, err = h.ResumeTournament(ctx, connect.NewRequest(&tournamentv1.ResumeTournamentRequest{TournamentId: in.tid}))
	case 9:
		_, err = h.CancelTournament(ctx, connect.NewRequest(&tournamentv1.CancelTournamentRequest{TournamentId: in.tid, Reason: in.display}))
	case 10:
		_, err = h.PenalizePlayer(ctx, connect.NewRequest(&tournamentv1.PenalizePlayerRequest{TournamentId: in.tid, PlayerId: in.player, PartnerId: in.partner,
			Rounds: rounds, KillHand: kill, ShotClock: shot, Reason: in.display, IdempotencyKey: in.key}))
	}
	refuse := func(code connect.Code, reason string) string {
		refusedWith(t, "request", err, f, code, reason)
		return reason
	}
	okID := in.tid != "" && len(in.tid) <= 128
	if op >= 5 && op <= 9 {
		if !okID {
			return refuse(connect.CodeInvalidArgument, "BAD_TOURNAMENT_ID")
		}
		if (op == 7 || op == 9) && len(in.display) > 200 {
			return refuse(connect.CodeInvalidArgument, "BAD_REASON")
		}
		if op == 5 || op == 6 {
			// Lookups answer from the standings.
			if err != nil || len(f.Calls) != 1 {
				t.Fatalf("lookup: %v, client calls %v", err, f.Calls)
			}
			return "reached"
		}
		refusedWith(t, "request", err, nil, connect.CodeNotFound, "TOURNAMENT_NOT_FOUND")
		if len(f.Calls) != 1 {
			t.Fatalf("client calls %v", f.Calls)
		}
		if op >= 7 {
			u := f.Updates[0]
			wantReason := in.display
			if op == 8 {
				wantReason = ""
			}
			if u.WorkflowID != in.tid || u.Args[0] != (tournament.ReasonIn{Reason: wantReason}) {
				t.Fatalf("update %s on %q with %v", u.UpdateName, u.WorkflowID, u.Args)
			}
		}
		return "reached"
	}
	var p tournament.PlayerIn
	switch {
	case who == nil:
		return refuse(connect.CodeUnauthenticated, "NO_CREDENTIALS")
	case who.Role == auth.RolePlayer:
		if (in.player != "" && in.player != who.PlayerID) || (in.partner != "" && in.partner != who.PartnerID) {
			return refuse(connect.CodePermissionDenied, "NOT_YOUR_PLAYER")
		}
		p = tournament.PlayerIn{Partner: who.PartnerID, Player: who.PlayerID}
	case who.Role == auth.RolePartner:
		if in.partner != "" && in.partner != who.PartnerID {
			return refuse(connect.CodePermissionDenied, "NOT_YOUR_PLAYER")
		}
		p = tournament.PlayerIn{Partner: who.PartnerID, Player: in.player}
	default:
		p = tournament.PlayerIn{Partner: in.partner, Player: in.player}
	}
	if p.Player == "" || p.Partner == "" || len(p.Player) > 128 || len(p.Partner) > 128 {
		return refuse(connect.CodeInvalidArgument, "NO_PLAYER")
	}
	if !okID {
		return refuse(connect.CodeInvalidArgument, "BAD_TOURNAMENT_ID")
	}
	if op != 4 && len(in.key) > 200 {
		return refuse(connect.CodeInvalidArgument, "BAD_IDEMPOTENCY_KEY")
	}
	if op == 0 && len(in.display) > 200 {
		return refuse(connect.CodeInvalidArgument, "BAD_DISPLAY_NAME")
	}
	if (op == 4 || op == 10) && len(in.display) > 200 {
		return refuse(connect.CodeInvalidArgument, "BAD_REASON")
	}
	if op == 10 && (rounds < 0 || rounds > 10 || rounds == 0 && !kill && !shot || in.display == "") {
		return refuse(connect.CodeInvalidArgument, "BAD_PENALTY")
	}
	if op == 0 {
		p.Name = in.display
	}
	refusedWith(t, "request", err, nil, connect.CodeNotFound, "TOURNAMENT_NOT_FOUND")
	wantCalls := []string{"UpdateWorkflow"}
	if op == 1 {
		wantCalls = []string{"QueryWorkflow", "UpdateWorkflow"}
	}
	if !slices.Equal(f.Calls, wantCalls) || len(f.Updates) != 1 {
		t.Fatalf("client calls %v, want %v", f.Calls, wantCalls)
	}
	name := []string{tournament.UpdateRegister, tournament.UpdateUnregister, tournament.UpdateRebuy, tournament.UpdateAddOn, tournament.UpdateDisqualify,
		"", "", "", "", "", tournament.UpdatePenalize}[op]
	if op == 4 || op == 10 {
		// Recorded with the disqualification or the penalty.
		p.Reason = in.display
	}
	var arg any = p
	if op == 10 {
		arg = tournament.PenaltyIn{PlayerIn: p, Rounds: int(rounds), KillHand: kill, ShotClock: shot}
	}
	if u := f.Updates[0]; u.WorkflowID != in.tid || u.UpdateName != name || len(u.Args) != 1 || u.Args[0] != arg {
		t.Fatalf("update %s on %q with %v; want %s with %+v", u.UpdateName, u.WorkflowID, u.Args, name, p)
	}
	return "reached"
}

func (in fuzzIn) runList(t *testing.T) string {
	f := coretest.NewTemporal()
	f.ListToken = []byte("next\x00page")
	state := tournamentv1.TournamentState(in.op / 10)
	resp, err := handlerOn(f).ListTournaments(as(thePlayer), connect.NewRequest(&tournamentv1.ListTournamentsRequest{State: state, PageSize: in.pageSize, PageToken: in.pageToken}))
	if state > tournamentv1.TournamentState_TOURNAMENT_STATE_PAYING {
		refusedWith(t, "list", err, f, connect.CodeInvalidArgument, "BAD_STATE")
		return "BAD_STATE"
	}
	if in.pageSize < 0 || in.pageSize > 500 {
		refusedWith(t, "list", err, f, connect.CodeInvalidArgument, "BAD_PAGE_SIZE")
		return "BAD_PAGE_SIZE"
	}
	raw, derr := base64.RawURLEncoding.DecodeString(in.pageToken)
	var token []byte
	if derr == nil {
		token, derr = core.ListResumesAt(raw)
	}
	if derr != nil {
		refusedWith(t, "list", err, f, connect.CodeInvalidArgument, "BAD_PAGE_TOKEN")
		return "BAD_PAGE_TOKEN"
	}
	// The fake's pages are empty with a next token: the call reads on, a
	// bounded number of them, from the token's page, and answers a token.
	if err != nil || len(f.Lists) < 1 || len(f.Lists) > 10 || string(f.Lists[0].GetNextPageToken()) != string(token) || resp.Msg.GetNextPageToken() == "" {
		t.Fatalf("list: %v, requests %v", err, f.Lists)
	}
	return "listed"
}

// validFuzz is the seed everything starts from: validStructure as
// primitives, a player registering himself, the first lobby page.
func validFuzz() fuzzIn {
	return fuzzIn{name: "Main Event", game: "holdem", cur: "EUR", buyIn: 10000, fee: 1000, feeRule: 1, stack: 10000, seats: 9,
		levels:      []byte{1, 0, 20, 2, 0x80, 20, 4, 1, 20},
		rebuyLevels: 2, rebuyPrice: 10000, maxRebuys: 3, addOnPrice: 10000, addOnChips: 15000,
		payoutMode: 1, bps: []byte{0x13, 0x88, 0x0b, 0xb8, 0x07, 0xd0}, minEntrants: 2, maxEntrants: 100,
		action: 30, bank: 120, pause: 2000, startsIn: 86400, createKey: "c1",
		role: 1, op: 0, tid: "tour-1", key: "k1", display: "Ann"}
}

type fuzzSeed struct {
	name string
	in   fuzzIn
	want outcome
}

func fuzzSeeds() []fuzzSeed {
	seed := func(name string, want outcome, edit func(*fuzzIn)) fuzzSeed {
		in := validFuzz()
		edit(&in)
		return fuzzSeed{name, in, want}
	}
	ok := outcome{"created", "reached", "listed"}
	with := func(create, other, list string) outcome { return outcome{create, other, list} }
	return []fuzzSeed{
		seed("valid", ok, func(*fuzzIn) {}),
		seed("T1 fee 9.00, player for another", with("FEE_OUT_OF_BOUNDS", "NOT_YOUR_PLAYER", "listed"), func(in *fuzzIn) { in.fee, in.player = 900, "p2" }),
		seed("T1 fee 15.01", with("FEE_OUT_OF_BOUNDS", "reached", "listed"), func(in *fuzzIn) { in.fee = 1501 }),
		seed("T3 rebuy 101", with("REBUY_ABOVE_ENTRY", "reached", "listed"), func(in *fuzzIn) { in.rebuyPrice = 10100 }),
		seed("fee in USD, nobody", with("CURRENCY_MISMATCH", "NO_CREDENTIALS", "listed"), func(in *fuzzIn) { in.otherCur, in.curMask, in.role = "USD", 1, 0 }),
		seed("add-on fee in USD", with("CURRENCY_MISMATCH", "reached", "listed"), func(in *fuzzIn) { in.otherCur, in.curMask = "USD", 16 }),
		seed("no buy-in", with("CURRENCY_MISMATCH", "reached", "listed"), func(in *fuzzIn) { in.curMask = 32 }),
		seed("no structure", with("NO_STRUCTURE", "reached", "listed"), func(in *fuzzIn) { in.flags = 8 }),
		seed("no start", with("NO_START", "reached", "listed"), func(in *fuzzIn) { in.startsIn = 0 }),
		seed("start in past", with("START_IN_PAST", "reached", "listed"), func(in *fuzzIn) { in.startsIn = -60 }),
		seed("long keys", with("BAD_IDEMPOTENCY_KEY", "BAD_IDEMPOTENCY_KEY", "listed"), func(in *fuzzIn) {
			in.createKey, in.key = strings.Repeat("k", 201), strings.Repeat("k", 201)
		}),
		seed("H.4 deadline after start, partner for another partner", with("LATE_DEADLINE", "NOT_YOUR_PLAYER", "listed"), func(in *fuzzIn) {
			in.closesIn, in.role, in.player, in.partner = 1, 2, "p7", "pb"
		}),
		seed("no levels", with("BAD_LEVELS", "reached", "listed"), func(in *fuzzIn) { in.levels = nil }),
		seed("negative level", with("BAD_LEVEL", "reached", "listed"), func(in *fuzzIn) { in.levels = []byte{1, 0, 0xec} }),
		seed("payout 9999", with("BAD_PAYOUT", "reached", "listed"), func(in *fuzzIn) { in.bps = []byte{0x13, 0x88, 0x0b, 0xb8, 0x07, 0xcf} }),
		seed("H.27 action 61", with("BAD_CLOCK", "reached", "listed"), func(in *fuzzIn) { in.action = 61 }),
		seed("free satellite, operator rebuys", ok, func(in *fuzzIn) {
			in.buyIn, in.fee, in.rebuyLevels, in.rebuyPrice, in.maxRebuys, in.addOnPrice, in.flags = 0, 0, 0, 0, 0, 0, 2
			in.role, in.op, in.player, in.partner = 3, 2, "p7", "pb"
		}),
		seed("czech equal split, partner adds on", ok, func(in *fuzzIn) {
			in.profile, in.cur, in.buyIn, in.fee, in.feeRule, in.rebuyPrice, in.rebuyFee, in.addOnPrice, in.addOnFee = "cz", "CZK", 9200, 800, 2, 9200, 800, 4600, 400
			in.payoutMode, in.bps, in.winners, in.flags = 2, nil, 3, 1|4|16
			in.lateLevels, in.closesIn = 1, -600
			in.role, in.op, in.player = 2, 3, "p7"
		}),
		seed("operator without partner disqualifies", with("created", "NO_PLAYER", "listed"), func(in *fuzzIn) { in.role, in.op, in.player = 3, 4, "p1" }),
		seed("service pauses, bad id", with("created", "BAD_TOURNAMENT_ID", "listed"), func(in *fuzzIn) { in.role, in.op, in.tid = 4, 7, "" }),
		seed("cancel", ok, func(in *fuzzIn) { in.role, in.op, in.display = 3, 9, "storm" }),
		seed("page size 501", with("created", "reached", "BAD_PAGE_SIZE"), func(in *fuzzIn) { in.pageSize = 501 }),
		seed("page token padded", with("created", "reached", "BAD_PAGE_TOKEN"), func(in *fuzzIn) { in.pageToken = "bmV4dA==" }),
		seed("page token", ok, func(in *fuzzIn) { in.pageSize, in.pageToken = 500, "eyJ0IjoiYm1WNGRBPT0ifQ" }), // {"t":"bmV4dA=="}
		seed("page token of another kind", with("created", "reached", "BAD_PAGE_TOKEN"), func(in *fuzzIn) { in.pageToken = "bmV4dA" }),
		// The refusals of the fixed bugs, each from the valid seed.
		seed("T1 fee 2^62+1000", with("FEE_OUT_OF_BOUNDS", "reached", "listed"), func(in *fuzzIn) { in.fee = 1<<62 + 1000 }),
		seed("B.90 satellite, no stake, fee 2^62", with("FEE_OUT_OF_BOUNDS", "reached", "listed"), func(in *fuzzIn) {
			in.buyIn, in.fee, in.rebuyLevels, in.rebuyPrice, in.maxRebuys, in.addOnPrice, in.flags = 0, 1<<62, 0, 0, 0, 0, 2
		}),
		seed("buy-in above the wallet's bound", with("AMOUNT_TOO_LARGE", "reached", "listed"), func(in *fuzzIn) { in.buyIn, in.fee = 2*walletMax, walletMax/5 }),
		seed("T6 add-on price -100", with("NEGATIVE_AMOUNT", "reached", "listed"), func(in *fuzzIn) { in.addOnPrice = -100 }),
		seed("T7 rebuy decision -5 s", with("BAD_REBUY", "reached", "listed"), func(in *fuzzIn) { in.rebuyDecision = -5 }),
		seed("freeze-out, rebuy fee -500", with("NEGATIVE_AMOUNT", "reached", "listed"), func(in *fuzzIn) {
			in.rebuyLevels, in.rebuyPrice, in.maxRebuys, in.addOnPrice, in.rebuyFee = 0, 0, 0, 0, -500
		}),
		seed("fee rule 7", with("UNKNOWN_FEE_RULE", "reached", "listed"), func(in *fuzzIn) { in.feeRule = 7 }),
		seed("payout mode 9", with("BAD_PAYOUT", "reached", "listed"), func(in *fuzzIn) { in.payoutMode = 9 }),
		seed("profile klingon", with("UNKNOWN_PROFILE", "reached", "listed"), func(in *fuzzIn) { in.profile = "klingon" }),
		seed("deadline before year 1", with("BAD_TIMESTAMP", "reached", "listed"), func(in *fuzzIn) { in.closesIn = -80_000_000_000 }),
		seed("start after year 9999", with("BAD_TIMESTAMP", "reached", "listed"), func(in *fuzzIn) { in.startsIn = 300_000_000_000 }),
		seed("start in year 9000", ok, func(in *fuzzIn) { in.startsIn = 220_000_000_000 }),
		seed("name of 201 bytes", with("BAD_NAME", "reached", "listed"), func(in *fuzzIn) { in.name = strings.Repeat("n", 201) }),
		seed("display name of 201 bytes", with("created", "BAD_DISPLAY_NAME", "listed"), func(in *fuzzIn) { in.display = strings.Repeat("d", 201) }),
		seed("cancel, reason of 201 bytes", with("created", "BAD_REASON", "listed"), func(in *fuzzIn) { in.role, in.op, in.display = 3, 9, strings.Repeat("r", 201) }),
		seed("partner withdraws its player", ok, func(in *fuzzIn) { in.role, in.op, in.player = 2, 1, "p7" }),
		seed("lobby of cancelled tournaments, standings", ok, func(in *fuzzIn) { in.op = 86 }),
		seed("lobby state 12", with("created", "reached", "BAD_STATE"), func(in *fuzzIn) { in.op = 120 }),
		seed("operator penalizes, 1 round", ok, func(in *fuzzIn) { in.role, in.op, in.player, in.partner, in.display = 3, 32, "p7", "pb", "out of turn" }),
		seed("penalty of no rounds and no hand", with("created", "BAD_PENALTY", "listed"), func(in *fuzzIn) {
			in.role, in.op, in.player, in.partner, in.display = 3, 21, "p7", "pb", "out of turn"
		}),
		seed("penalty without a reason", with("created", "BAD_PENALTY", "listed"), func(in *fuzzIn) {
			in.role, in.op, in.player, in.partner, in.display = 3, 32, "p7", "pb", ""
		}),
	}
}

// TestFuzzSeeds: each seed does what its name says, so the corpus starts
// where it means to.
func TestFuzzSeeds(t *testing.T) {
	for _, s := range fuzzSeeds() {
		t.Run(s.name, func(t *testing.T) {
			if got := s.in.run(t); got != s.want {
				t.Fatalf("outcome %+v, want %+v", got, s.want)
			}
		})
	}
}

// FuzzTournamentRequests builds a CreateTournament structure and one
// register / withdraw / rebuy / add-on / disqualify / lookup / pause /
// resume / cancel request and a lobby page from fuzzed primitives and runs
// them through the handler on a real core over a recording Temporal fake.
// Whatever the input: nothing panics; a refusal has exactly the code and
// reason the rules give (INVALID_ARGUMENT for bad input, UNAUTHENTICATED or
// PERMISSION_DENIED for the wrong caller) and reaches nothing; whatever
// termsOf accepts round-trips through structureOf; and what starts a
// workflow satisfies terms.Validate and the published-terms rules.
func FuzzTournamentRequests(f *testing.F) {
	for _, s := range fuzzSeeds() {
		in := s.in
		f.Add(in.name, in.game, in.profile, in.cur, in.buyIn, in.fee, in.otherCur, in.curMask, in.feeRule, in.stack, in.seats, in.levels,
			in.rebuyLevels, in.rebuyPrice, in.rebuyFee, in.rebuyChips, in.maxRebuys, in.rebuyDecision, in.addOnPrice, in.addOnFee, in.addOnChips,
			in.lateLevels, in.payoutMode, in.bps, in.winners, in.chips, in.minEntrants, in.maxEntrants, in.action, in.bank, in.pause,
			in.closesIn, in.startsIn, in.flags, in.createKey, in.role, in.op, in.tid, in.key, in.player, in.partner, in.display, in.pageSize, in.pageToken)
	}
	f.Fuzz(func(t *testing.T, name, game, profile, cur string, buyIn, fee int64, otherCur string, curMask uint8, feeRule int32,
		stack int64, seats int32, levels []byte, rebuyLevels int32, rebuyPrice, rebuyFee, rebuyChips int64, maxRebuys, rebuyDecision int32,
		addOnPrice, addOnFee, addOnChips int64, lateLevels, payoutMode int32, bps []byte, winners int32, chips []byte,
		minEntrants, maxEntrants, action, bank, pause int32, closesIn, startsIn int64, flags uint8, createKey string,
		role, op uint8, tid, key, player, partner, display string, pageSize int32, pageToken string) {
		in := fuzzIn{name, game, profile, cur, buyIn, fee, otherCur, curMask, feeRule, stack, seats, levels,
			rebuyLevels, rebuyPrice, rebuyFee, rebuyChips, maxRebuys, rebuyDecision, addOnPrice, addOnFee, addOnChips,
			lateLevels, payoutMode, bps, winners, chips, minEntrants, maxEntrants, action, bank, pause,
			closesIn, startsIn, flags, createKey, role, op, tid, key, player, partner, display, pageSize, pageToken}
		in.run(t)
	})
}
