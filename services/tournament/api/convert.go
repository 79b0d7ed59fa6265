package api

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/rules"
	"github.com/croupier/croupier/workflows/tournament"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// checkTime refuses a Timestamp that is no time: outside 0001..9999 or
// with nanos outside 0..999,999,999 (Temporal could not encode it). A nil
// one is the caller's to refuse or default.
func checkTime(field string, ts *timestamppb.Timestamp) error {
	if ts == nil {
		return nil
	}
	if err := ts.CheckValid(); err != nil {
		return apierr.Invalid("BAD_TIMESTAMP", "%s is no time between years 1 and 9999: %v", field, err)
	}
	return nil
}

// termsOf reads a Structure into terms, checking that every amount is in
// the one currency of the buy-in, that every enum value and the profile are
// ones this service knows, and that the deadline is a time. The rules on
// the terms themselves are terms.Validate's.
func termsOf(name string, s *tournamentv1.Structure, start time.Time) (terms.Terms, error) {
	if s == nil {
		return terms.Terms{}, apierr.Invalid("NO_STRUCTURE", "a tournament needs its structure")
	}
	cur := s.GetBuyIn().GetCurrency()
	amount := func(m *commonv1.Money, what string) (int64, error) {
		if m == nil {
			return 0, nil
		}
		if m.GetCurrency() != "" && m.GetCurrency() != cur {
			return 0, apierr.Invalid("CURRENCY_MISMATCH", "%s is in %s, the buy-in in %s", what, m.GetCurrency(), cur)
		}
		return m.GetAmount(), nil
	}
	t := terms.Terms{Name: name, Game: s.GetGame(), Betting: s.GetBetting(), Profile: s.GetProfile(), Currency: cur, Exponent: 2,
		Stack: s.GetStartingStack(), Seats: int(s.GetSeatsPerTable()), Chips: s.GetChips(), StartAt: start,
		RebuyLevels: int(s.GetRebuyLevels()), RebuyChips: s.GetRebuyChips(), MaxRebuys: int(s.GetMaxRebuys()),
		RebuyDecision: time.Duration(s.GetRebuyDecisionSeconds()) * time.Second, AddOnChips: s.GetAddOnChips(),
		LateRegistration: s.GetLateRegistration(), LateLevels: int(s.GetLateRegistrationLevels()),
		PayoutBps: s.GetPayoutBps(), Winners: int(s.GetWinners()), Satellite: s.GetSatellite(), Target: s.GetSatelliteTarget(),
		MinEntrants: int(s.GetMinEntrants()), MaxEntrants: int(s.GetMaxEntrants())}
	var err error
	for _, f := range []struct {
		dst  *int64
		m    *commonv1.Money
		what string
	}{{&t.BuyIn, s.GetBuyIn(), "buy-in"}, {&t.FeeAmt, s.GetFee(), "fee"}, {&t.RebuyPrice, s.GetRebuyPrice(), "rebuy price"},
		{&t.RebuyFee, s.GetRebuyFee(), "rebuy fee"}, {&t.AddOnPrice, s.GetAddOnPrice(), "add-on price"}, {&t.AddOnFee, s.GetAddOnFee(), "add-on fee"}} {
		if *f.dst, err = amount(f.m, f.what); err != nil {
			return t, err
		}
	}
	switch s.GetFeeRule() {
	case tournamentv1.FeeRule_FEE_RULE_GREEK:
		t.Fee = terms.FeeGreek
	case tournamentv1.FeeRule_FEE_RULE_CZECH:
		t.Fee = terms.FeeCzech
	case tournamentv1.FeeRule_FEE_RULE_NONE:
		t.Fee = terms.FeeNone
	case tournamentv1.FeeRule_FEE_RULE_UNSPECIFIED:
		// The profile's rule (Terms.Defaults).
	default:
		return t, apierr.Invalid("UNKNOWN_FEE_RULE", "fee rule %d: want GREEK, CZECH, NONE or unspecified (the profile's)", int32(s.GetFeeRule()))
	}
	switch s.GetPayoutMode() {
	case tournamentv1.PayoutMode_PAYOUT_MODE_BY_PLACE:
		t.Payout = terms.ByPlace
	case tournamentv1.PayoutMode_PAYOUT_MODE_EQUAL:
		t.Payout = terms.Equal
	case tournamentv1.PayoutMode_PAYOUT_MODE_BY_CHIPS:
		t.Payout = terms.ByChips
	case tournamentv1.PayoutMode_PAYOUT_MODE_UNSPECIFIED:
		// terms.Validate refuses it: the terms name the mode (GR H.33).
	default:
		return t, apierr.Invalid("BAD_PAYOUT", "unknown payout mode %d: want BY_PLACE, EQUAL or BY_CHIPS", int32(s.GetPayoutMode()))
	}
	// The tables' rule profile: one the table service knows, or none for
	// the default (Terms.Defaults), so an unknown one is refused now and
	// not when the tables open, after registrations.
	if p := s.GetProfile(); p != "" && !rules.IsPokerProfile(p) {
		return t, apierr.Invalid("UNKNOWN_PROFILE", "profile %q: want one of %v", p, rules.PokerProfiles())
	}
	if s.GetNoWithdrawalRefund() {
		t.Withdrawal = terms.RefundNone
	}
	if c := s.GetClock(); c != nil {
		t.Clock = terms.Clock{Action: time.Duration(c.GetActionSeconds()) * time.Second, TimeBank: time.Duration(c.GetTimeBankSeconds()) * time.Second,
			HandPause: time.Duration(c.GetHandPauseMs()) * time.Millisecond, Extensions: int(c.GetTimeExtensions()),
			Extension: time.Duration(c.GetTimeExtensionSeconds()) * time.Second}
	}
	if ts := s.GetRegistrationClosesAt(); ts != nil {
		if err := checkTime("registration_closes_at", ts); err != nil {
			return t, err
		}
		t.RegistrationClosesAt = ts.AsTime()
	}
	for _, l := range s.GetLevels() {
		t.Levels = append(t.Levels, terms.Level{SmallBlind: l.GetSmallBlind(), BigBlind: l.GetBigBlind(), Ante: l.GetAnte(), BringIn: l.GetBringIn(),
			Duration: time.Duration(l.GetDurationSeconds()) * time.Second, Break: time.Duration(l.GetBreakSeconds()) * time.Second})
	}
	return t, nil
}

func money(amount int64, cur string) *commonv1.Money {
	return &commonv1.Money{Amount: amount, Currency: cur}
}

// structureOf writes terms back as a Structure.
func structureOf(t terms.Terms) *tournamentv1.Structure {
	s := &tournamentv1.Structure{Game: t.Game, Betting: t.Betting, Profile: t.Profile, BuyIn: money(t.BuyIn, t.Currency), Fee: money(t.FeeAmt, t.Currency),
		StartingStack: t.Stack, SeatsPerTable: int32(t.Seats), Chips: t.Chips, RebuyLevels: int32(t.RebuyLevels),
		RebuyPrice: money(t.RebuyPrice, t.Currency), RebuyFee: money(t.RebuyFee, t.Currency), RebuyChips: t.RebuyChips, MaxRebuys: int32(t.MaxRebuys),
		RebuyDecisionSeconds: int32(t.RebuyDecision / time.Second), AddOnPrice: money(t.AddOnPrice, t.Currency), AddOnFee: money(t.AddOnFee, t.Currency),
		AddOnChips: t.AddOnChips, LateRegistration: t.LateRegistration, LateRegistrationLevels: int32(t.LateLevels), PayoutBps: t.PayoutBps,
		Winners: int32(t.Winners), Satellite: t.Satellite, SatelliteTarget: t.Target, MinEntrants: int32(t.MinEntrants), MaxEntrants: int32(t.MaxEntrants),
		NoWithdrawalRefund: t.Withdrawal == terms.RefundNone,
		Clock: &tournamentv1.Clock{ActionSeconds: int32(t.Clock.Action / time.Second), TimeBankSeconds: int32(t.Clock.TimeBank / time.Second),
			HandPauseMs: int32(t.Clock.HandPause / time.Millisecond), TimeExtensions: int32(t.Clock.Extensions),
			TimeExtensionSeconds: int32(t.Clock.Extension / time.Second)}}
	if !t.RegistrationClosesAt.IsZero() {
		s.RegistrationClosesAt = timestamppb.New(t.RegistrationClosesAt)
	}
	switch t.Fee {
	case terms.FeeGreek:
		s.FeeRule = tournamentv1.FeeRule_FEE_RULE_GREEK
	case terms.FeeCzech:
		s.FeeRule = tournamentv1.FeeRule_FEE_RULE_CZECH
	case terms.FeeNone:
		s.FeeRule = tournamentv1.FeeRule_FEE_RULE_NONE
	}
	switch t.Payout {
	case terms.ByPlace:
		s.PayoutMode = tournamentv1.PayoutMode_PAYOUT_MODE_BY_PLACE
	case terms.Equal:
		s.PayoutMode = tournamentv1.PayoutMode_PAYOUT_MODE_EQUAL
	case terms.ByChips:
		s.PayoutMode = tournamentv1.PayoutMode_PAYOUT_MODE_BY_CHIPS
	}
	for _, l := range t.Levels {
		s.Levels = append(s.Levels, &tournamentv1.Level{SmallBlind: l.SmallBlind, BigBlind: l.BigBlind, Ante: l.Ante, BringIn: l.BringIn,
			DurationSeconds: int32(l.Duration / time.Second), BreakSeconds: int32(l.Break / time.Second)})
	}
	return s
}

// stateOf is the lobby's state. A pause shows only while play could go on
// (running, on a break, at the final table): the workflow keeps its paused
// flag when a paused tournament is cancelled or ends, and then it is
// cancelled, paying or completed, not paused.
func stateOf(st tournament.Standings) tournamentv1.TournamentState {
	switch st.Phase {
	case tournament.Running, tournament.OnBreak, tournament.FinalTable:
		if st.Paused {
			return tournamentv1.TournamentState_TOURNAMENT_STATE_PAUSED
		}
	}
	switch st.Phase {
	case tournament.Registering:
		return tournamentv1.TournamentState_TOURNAMENT_STATE_REGISTERING
	case tournament.Seating:
		return tournamentv1.TournamentState_TOURNAMENT_STATE_SEATING
	case tournament.Running:
		return tournamentv1.TournamentState_TOURNAMENT_STATE_RUNNING
	case tournament.OnBreak:
		return tournamentv1.TournamentState_TOURNAMENT_STATE_BREAK
	case tournament.FinalTable:
		return tournamentv1.TournamentState_TOURNAMENT_STATE_FINAL_TABLE
	case tournament.Paying:
		return tournamentv1.TournamentState_TOURNAMENT_STATE_PAYING
	case tournament.Completed:
		return tournamentv1.TournamentState_TOURNAMENT_STATE_COMPLETED
	case tournament.Cancelled:
		return tournamentv1.TournamentState_TOURNAMENT_STATE_CANCELLED
	}
	return tournamentv1.TournamentState_TOURNAMENT_STATE_UNSPECIFIED
}

func tournamentOf(st tournament.Standings) *tournamentv1.Tournament {
	cur := st.Terms.Currency
	return &tournamentv1.Tournament{TournamentId: st.ID, Name: st.Name, Structure: structureOf(st.Terms), State: stateOf(st),
		StartsAt: timestamppb.New(st.Terms.StartAt), Entrants: int32(st.Entrants), Remaining: int32(st.Left), Level: int32(st.Level + 1),
		PrizePool: money(st.Money.Pool, cur), Commission: money(st.Money.Commission, cur), PrizesPaid: money(st.PrizeTotal, cur),
		Refunded: money(st.Refunded.Pool+st.Refunded.Commission, cur), Tables: int32(st.Tables), HandForHand: st.HandForHand,
		BalancingMoves: int32(st.Moves), TablesBroken: int32(st.Breaks), Reason: st.Reason, Runs: int32(st.Runs),
		MaxHistoryEvents: int32(st.MaxHistory), MaxHistoryBytes: int64(st.MaxHistoryBytes)}
}

var statuses = map[tournament.Status]tournamentv1.PlayerStatus{
	tournament.Registered: tournamentv1.PlayerStatus_PLAYER_STATUS_REGISTERED, tournament.Playing: tournamentv1.PlayerStatus_PLAYER_STATUS_PLAYING,
	tournament.Busted: tournamentv1.PlayerStatus_PLAYER_STATUS_BUSTED, tournament.Out: tournamentv1.PlayerStatus_PLAYER_STATUS_OUT,
	tournament.Withdrawn: tournamentv1.PlayerStatus_PLAYER_STATUS_WITHDRAWN, tournament.Disqualified: tournamentv1.PlayerStatus_PLAYER_STATUS_DISQUALIFIED,
}

// standingsOf is the standings as v may see them: a line whose entrant v
// may not identify carries his display name (or an anonymous label) and
// his standing, not his ids, table or seat; an elimination's record, not
// whose it was or at which table.
func standingsOf(st tournament.Standings, v viewer) *tournamentv1.GetStandingsResponse {
	cur := st.Terms.Currency
	out := &tournamentv1.GetStandingsResponse{Level: int32(st.Level + 1), State: stateOf(st), Tournament: tournamentOf(st), DropBoxes: st.DropBoxes}
	for i, p := range st.Players {
		line := &tournamentv1.Standing{DisplayName: p.Name, Status: statuses[p.Status], Place: int32(p.Place), Chips: p.Chips,
			Prize: money(p.Prize, cur), Rebuys: int32(p.Rebuys), AddOn: p.AddOn, Seat: -1}
		if v.seesIdentity(p.Partner, p.Player) {
			line.PlayerId, line.PartnerId, line.TableId, line.Seat = p.Player, p.Partner, p.Table, int32(p.Seat)
			line.Reason = p.Reason
		} else if line.DisplayName == "" {
			line.DisplayName = anonymous(i)
		}
		out.Standings = append(out.Standings, line)
	}
	for _, b := range st.Busts {
		e := &tournamentv1.Elimination{Place: int32(b.Place), StartStack: b.Start, Round: int32(b.Round), At: timestamppb.New(b.At)}
		if v.seesIdentity(b.Partner, b.Player) {
			e.PlayerId, e.PartnerId, e.TableNumber = b.Player, b.Partner, int32(b.Table)
		}
		out.Eliminations = append(out.Eliminations, e)
	}
	for _, p := range st.Penalties {
		pen := &tournamentv1.Penalty{Rounds: int32(p.Rounds), Hands: int32(p.Hands), HandKilled: p.Killed, ShotClock: p.Shot, Reason: p.Reason, At: timestamppb.New(p.At)}
		if v.seesIdentity(p.Partner, p.Player) {
			pen.PlayerId, pen.PartnerId, pen.TableNumber = p.Player, p.Partner, int32(p.Table)
		}
		out.Penalties = append(out.Penalties, pen)
	}
	return out
}
