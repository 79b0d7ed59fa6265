package view

import (
	"sort"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
)

// BankedGame converts a banked game's name.
func BankedGame(g string) tablev1.BankedGame {
	switch g {
	case house.GameRoulette:
		return tablev1.BankedGame_BANKED_GAME_ROULETTE
	case house.GameMoneyWheel:
		return tablev1.BankedGame_BANKED_GAME_MONEY_WHEEL
	case house.GameBlackjack:
		return tablev1.BankedGame_BANKED_GAME_BLACKJACK
	case house.GameCasinoHoldem:
		return tablev1.BankedGame_BANKED_GAME_CASINO_HOLDEM
	case house.GameCasinoTexas:
		return tablev1.BankedGame_BANKED_GAME_CASINO_TEXAS_HOLDEM
	case house.GameOasis:
		return tablev1.BankedGame_BANKED_GAME_OASIS_POKER
	case house.GameRussian:
		return tablev1.BankedGame_BANKED_GAME_RUSSIAN_POKER
	case house.GameSplit:
		return tablev1.BankedGame_BANKED_GAME_SPLIT_POKER
	}
	return tablev1.BankedGame_BANKED_GAME_UNSPECIFIED
}

// BankedGameOf converts an API banked game.
func BankedGameOf(g tablev1.BankedGame) (string, bool) {
	switch g {
	case tablev1.BankedGame_BANKED_GAME_ROULETTE:
		return house.GameRoulette, true
	case tablev1.BankedGame_BANKED_GAME_MONEY_WHEEL:
		return house.GameMoneyWheel, true
	case tablev1.BankedGame_BANKED_GAME_BLACKJACK:
		return house.GameBlackjack, true
	case tablev1.BankedGame_BANKED_GAME_CASINO_HOLDEM:
		return house.GameCasinoHoldem, true
	case tablev1.BankedGame_BANKED_GAME_CASINO_TEXAS_HOLDEM:
		return house.GameCasinoTexas, true
	case tablev1.BankedGame_BANKED_GAME_OASIS_POKER:
		return house.GameOasis, true
	case tablev1.BankedGame_BANKED_GAME_RUSSIAN_POKER:
		return house.GameRussian, true
	case tablev1.BankedGame_BANKED_GAME_SPLIT_POKER:
		return house.GameSplit, true
	}
	return "", false
}

// Source converts a result source.
func Source(s house.Source) tablev1.ResultSource {
	switch s {
	case house.ResultRNG:
		return tablev1.ResultSource_RESULT_SOURCE_RNG
	case house.ResultDealer:
		return tablev1.ResultSource_RESULT_SOURCE_DEALER
	}
	return tablev1.ResultSource_RESULT_SOURCE_UNSPECIFIED
}

// SourceOf converts an API result source.
func SourceOf(s tablev1.ResultSource) (house.Source, bool) {
	switch s {
	case tablev1.ResultSource_RESULT_SOURCE_RNG:
		return house.ResultRNG, true
	case tablev1.ResultSource_RESULT_SOURCE_DEALER:
		return house.ResultDealer, true
	}
	return 0, false
}

// Phase converts a round's phase name ("betting", ...).
func Phase(p string) tablev1.RoundPhase {
	switch p {
	case round.Betting.String():
		return tablev1.RoundPhase_ROUND_PHASE_BETTING
	case round.Closed.String():
		return tablev1.RoundPhase_ROUND_PHASE_CLOSED
	case round.Settled.String():
		return tablev1.RoundPhase_ROUND_PHASE_SETTLED
	case round.Voided.String():
		return tablev1.RoundPhase_ROUND_PHASE_VOIDED
	}
	return tablev1.RoundPhase_ROUND_PHASE_UNSPECIFIED
}

// Verdict converts a spin's verdict.
func Verdict(v round.Verdict) tablev1.SpinVerdict {
	switch v {
	case round.Valid:
		return tablev1.SpinVerdict_SPIN_VERDICT_VALID
	case round.Void:
		return tablev1.SpinVerdict_SPIN_VERDICT_VOID
	case round.Respin:
		return tablev1.SpinVerdict_SPIN_VERDICT_RESPIN
	}
	return tablev1.SpinVerdict_SPIN_VERDICT_UNSPECIFIED
}

func direction(d round.Direction) tablev1.SpinDirection {
	switch d {
	case round.Clockwise:
		return tablev1.SpinDirection_SPIN_DIRECTION_CLOCKWISE
	case round.Anticlockwise:
		return tablev1.SpinDirection_SPIN_DIRECTION_ANTICLOCKWISE
	}
	return tablev1.SpinDirection_SPIN_DIRECTION_UNSPECIFIED
}

// DirectionOf converts an API direction (unspecified: not reported).
func DirectionOf(d tablev1.SpinDirection) round.Direction {
	switch d {
	case tablev1.SpinDirection_SPIN_DIRECTION_CLOCKWISE:
		return round.Clockwise
	case tablev1.SpinDirection_SPIN_DIRECTION_ANTICLOCKWISE:
		return round.Anticlockwise
	}
	return 0
}

func bankedStatus(s house.Status) tablev1.TableStatus {
	switch s {
	case house.Open:
		return tablev1.TableStatus_TABLE_STATUS_OPEN
	case house.Paused:
		return tablev1.TableStatus_TABLE_STATUS_PAUSED
	case house.Closing:
		return tablev1.TableStatus_TABLE_STATUS_CLOSING
	case house.Closed:
		return tablev1.TableStatus_TABLE_STATUS_CLOSED
	}
	return tablev1.TableStatus_TABLE_STATUS_UNSPECIFIED
}

// Spin converts a reported spin.
func Spin(s *house.SpinView) *tablev1.Spin {
	if s == nil {
		return nil
	}
	return &tablev1.Spin{Pocket: int32(s.Pocket), Label: s.Label, WheelDirection: direction(s.Wheel), BallDirection: direction(s.Ball),
		Revolutions: int32(s.Revolutions), Peg: s.Peg, Faults: s.Faults}
}

// Bets converts bets.
func Bets(bets []round.Bet) []*tablev1.Bet {
	out := make([]*tablev1.Bet, len(bets))
	for i, b := range bets {
		out[i] = &tablev1.Bet{BetId: b.ID, Spot: b.Spot, Amount: b.Amount}
	}
	return out
}

// Lines converts settlement lines.
func Lines(lines []round.Line) []*tablev1.SettlementLine {
	out := make([]*tablev1.SettlementLine, len(lines))
	for i, l := range lines {
		out[i] = &tablev1.SettlementLine{BetId: l.BetID, Spot: l.Spot, Stake: l.Stake, Won: l.Won, Returned: l.Returned, Lost: l.Lost}
	}
	return out
}

// Limits converts a banked table's limits: the game's sign.
func Limits(cfg *house.Config) *tablev1.BetLimits {
	lim := func(l round.Limit) *tablev1.BetLimit { return &tablev1.BetLimit{Min: l.Min, Max: l.Max} }
	out := &tablev1.BetLimits{ByKind: map[string]*tablev1.BetLimit{}}
	switch {
	case cfg.Roulette != nil:
		l := cfg.Roulette.Limits
		out.Table, out.SpotMax = lim(l.Table), l.Spot
		for k, v := range map[string]round.Limit{"straight": l.Straight, "split": l.Split, "street": l.Street, "corner": l.Corner,
			"sixline": l.SixLine, "topline": l.TopLine, "dozen": l.Dozen, "column": l.Column, "even_chance": l.EvenChance} {
			if v != (round.Limit{}) {
				out.ByKind[k] = lim(v)
			}
		}
	case cfg.Wheel != nil:
		out.Table = lim(cfg.Wheel.Limits.Table)
		for k, v := range cfg.Wheel.Limits.Boxes {
			out.ByKind[k] = lim(v)
		}
	case cfg.Blackjack != nil:
		out.Table = lim(cfg.Blackjack.Limits.Table)
	case cfg.CasinoHoldem != nil:
		out.Table, out.ByKind["aa_bonus"] = lim(cfg.CasinoHoldem.Limits.Ante), lim(cfg.CasinoHoldem.Limits.AABonus)
	case cfg.CasinoTexas != nil:
		out.Table, out.ByKind["trips"] = lim(cfg.CasinoTexas.Limits.Ante), lim(cfg.CasinoTexas.Limits.Trips)
	case cfg.Oasis != nil:
		out.Table, out.ByKind["royal_bonus"] = lim(cfg.Oasis.Limits.Ante), lim(cfg.Oasis.Limits.RoyalBonus)
	case cfg.Russian != nil:
		out.Table, out.ByKind["royal_bonus"] = lim(cfg.Russian.Limits.Ante), lim(cfg.Russian.Limits.RoyalBonus)
	case cfg.Split != nil:
		out.Table, out.ByKind["royal_bonus"] = lim(cfg.Split.Limits.Ante), lim(cfg.Split.Limits.RoyalBonus)
	}
	return out
}

// BankedSummary converts a lobby entry; cfg, when given, adds what only
// the table's configuration has (its whole sign, options and wheel).
func BankedSummary(s house.Summary, cfg *house.Config) *tablev1.BankedTableSummary {
	out := &tablev1.BankedTableSummary{TableId: s.ID, Name: s.Name, Game: BankedGame(s.Game), Profile: s.Profile,
		Source: Source(s.Source), Currency: s.Currency, Players: int32(s.Players), Status: bankedStatus(s.Status),
		Round: s.Round, Phase: Phase(s.Phase), BettingWindowMs: int32(s.Window.Milliseconds()),
		Limits: &tablev1.BetLimits{Table: &tablev1.BetLimit{Min: s.MinStake, Max: s.MaxStake}}}
	for i := len(s.Last) - 1; i >= 0; i-- {
		out.LastResults = append(out.LastResults, s.Last[i])
	}
	if s.RTP != nil {
		out.Rtp = ReturnToPlayer(*s.RTP)
	}
	if cfg != nil {
		if cfg.RTP != nil {
			out.Rtp, out.RtpByBet = Returns(cfg.RTP)
		}
		out.HouseEdgeOverride = HouseEdgeOverride(cfg.HouseEdgeOverride)
		out.Limits, out.Options, out.PauseMs = Limits(cfg), cfg.Options, int32(cfg.Pause.Milliseconds())
		out.CloseWhenAllBet = cfg.CloseWhenAllBet
		switch {
		case cfg.Roulette != nil:
			out.Wheel = cfg.Roulette.Wheel.String()
		case cfg.Wheel != nil:
			out.Wheel, out.WheelFields = cfg.Wheel.Wheel.Name, cfg.Wheel.Wheel.Labels
		}
		out.Paytable = Paytable(cfg.Paytable())
	}
	return out
}

// BankedTable converts a table's view (with its configuration).
func BankedTable(v house.View, cfg *house.Config, sum house.Summary) *tablev1.BankedTableView {
	out := &tablev1.BankedTableView{Summary: BankedSummary(sum, cfg), Version: v.Version, Round: v.Round, Phase: Phase(v.Phase),
		Commitment: v.Commitment, RngOutcomeId: v.Outcome, Joined: v.Joined, DisplayName: v.You, YourBets: Bets(v.Bets),
		RoundTotals: &tablev1.RoundTotals{Players: int32(v.Bettors), Bets: int32(v.BetCount), Staked: v.Staked},
		Result:      Spin(v.Spin), Winner: v.Winner, Verdict: Verdict(v.Verdict)}
	if v.ClosesAt > 0 {
		out.ClosesAt = ms(v.ClosesAt)
	}
	yours := &tablev1.RoundTotals{Bets: int32(len(v.Bets))}
	for _, b := range v.Bets {
		yours.Staked += b.Amount
	}
	out.YourTotals = yours
	out.Blackjack = Blackjack(v.Blackjack, v.Key)
	out.CasinoPoker = CasinoPoker(v.Poker, v.Key)
	return out
}

func ms(t int64) *timestamppb.Timestamp { return timestamppb.New(time.UnixMilli(t)) }

// RoundEvents appends the events of version (from index from) as v may
// see them.
func RoundEvents(out []*tablev1.RoundEvent, id string, version uint64, events []house.Event, from int, v game.Viewer,
	eventID func(uint64, int) string) []*tablev1.RoundEvent {
	for i := from; i < len(events); i++ {
		out = roundEventAt(out, id, version, events, i, v, eventID)
	}
	return out
}

// RoundEventsAt appends the events at the indexes at (increasing) of
// version as v may see them.
func RoundEventsAt(out []*tablev1.RoundEvent, id string, version uint64, events []house.Event, at []int, v game.Viewer,
	eventID func(uint64, int) string) []*tablev1.RoundEvent {
	for _, i := range at {
		out = roundEventAt(out, id, version, events, i, v, eventID)
	}
	return out
}

// RoundIndex sorts a batch's events by who may see them: the public ones
// and each player's private ones, so that a stream converts its own and
// the public ones only (a round's end carries one event per player).
type RoundIndex struct {
	Public   []int
	ByPlayer map[string][]int
}

// IndexRounds indexes events.
func IndexRounds(events []house.Event) *RoundIndex {
	x := &RoundIndex{ByPlayer: map[string][]int{}}
	for i, e := range events {
		if e.Player == "" {
			x.Public = append(x.Public, i)
		} else {
			x.ByPlayer[e.Player] = append(x.ByPlayer[e.Player], i)
		}
	}
	return x
}

// For returns the indexes at or after from a player's stream shows (in
// order): the public events and his own.
func (x *RoundIndex) For(player string, from int) []int {
	mine := x.ByPlayer[player]
	out := make([]int, 0, len(x.Public)+len(mine))
	i, j := 0, 0
	for i < len(x.Public) || j < len(mine) {
		var k int
		if j >= len(mine) || (i < len(x.Public) && x.Public[i] < mine[j]) {
			k, i = x.Public[i], i+1
		} else {
			k, j = mine[j], j+1
		}
		if k >= from {
			out = append(out, k)
		}
	}
	return out
}

func roundEventAt(out []*tablev1.RoundEvent, id string, version uint64, events []house.Event, i int, v game.Viewer,
	eventID func(uint64, int) string) []*tablev1.RoundEvent {
	e, ok := events[i].For(v)
	if !ok {
		return out
	}
	if pe := roundEvent(e, v); pe != nil {
		pe.EventId, pe.TableId, pe.Round, pe.At = eventID(version, i), id, e.Round, ms(e.At)
		out = append(out, pe)
	}
	return out
}

// roundEvent converts one event already filtered for v.
func roundEvent(e house.Event, v game.Viewer) *tablev1.RoundEvent {
	pe := &tablev1.RoundEvent{}
	totals := &tablev1.RoundTotals{Players: int32(e.Players), Bets: int32(e.BetCount), Staked: e.Stake, Paid: e.Paid}
	player := ""
	if v.SeesPlayerID(e.Who) {
		_, player = game.SplitKey(e.Who)
	}
	switch e.Kind {
	case house.EvOpened:
		o := &tablev1.RoundOpened{Commitment: e.Commitment, RngOutcomeId: e.Outcome}
		if e.Players > 0 || e.BetCount > 0 {
			o.Carried = totals
		}
		if e.ClosesAt > 0 {
			o.ClosesAt = ms(e.ClosesAt)
		}
		pe.Event = &tablev1.RoundEvent_RoundOpened{RoundOpened: o}
	case house.EvJoined:
		pe.Event = &tablev1.RoundEvent_PlayerJoined{PlayerJoined: &tablev1.PlayerJoined{PlayerId: player, DisplayName: e.Name, Players: int32(e.Players)}}
	case house.EvLeft:
		pe.Event = &tablev1.RoundEvent_PlayerLeft{PlayerLeft: &tablev1.PlayerLeft{PlayerId: player, DisplayName: e.Name, Players: int32(e.Players)}}
	case house.EvPlaced:
		pe.Event = &tablev1.RoundEvent_BetsPlaced{BetsPlaced: &tablev1.BetsPlaced{Bets: Bets(e.Bets), Stake: sumBets(e.Bets)}}
	case house.EvCancelled:
		pe.Event = &tablev1.RoundEvent_BetsCancelled{BetsCancelled: &tablev1.BetsCancelled{Bets: Bets(e.Bets), Refund: sumBets(e.Bets)}}
	case house.EvChosen:
		pe.Event = &tablev1.RoundEvent_VoidOptionChosen{VoidOptionChosen: &tablev1.VoidOptionChosen{Option: VoidOption(e.Choice)}}
	case house.EvClosed:
		pe.Event = &tablev1.RoundEvent_BettingClosed{BettingClosed: &tablev1.BettingClosed{Totals: totals}}
	case house.EvNoSpin:
		ns := &tablev1.NoSpin{Spin: Spin(e.Spin)}
		if e.ClosesAt > 0 {
			ns.ClosesAt = ms(e.ClosesAt)
		}
		pe.Event = &tablev1.RoundEvent_NoSpin{NoSpin: ns}
	case house.EvResult:
		pe.Event = &tablev1.RoundEvent_RoundResult{RoundResult: &tablev1.RoundResult{Spin: Spin(e.Spin), Verdict: Verdict(e.Verdict), Winner: e.Winner, Totals: totals}}
	case house.EvSettled:
		pe.Event = &tablev1.RoundEvent_RoundSettled{RoundSettled: &tablev1.RoundSettled{Lines: Lines(e.Lines),
			Totals: &tablev1.RoundTotals{Players: 1, Bets: int32(e.BetCount), Staked: e.Stake, Paid: e.Paid}}}
	case house.EvVoided:
		pe.Event = &tablev1.RoundEvent_RoundVoided{RoundVoided: &tablev1.RoundVoided{Reason: e.Reason, Spin: Spin(e.Spin)}}
	case house.EvRefunded:
		pe.Event = &tablev1.RoundEvent_BetsRefunded{BetsRefunded: &tablev1.BetsRefunded{Lines: Lines(e.Lines), Carried: Bets(e.Carried)}}
	case house.EvStakeFailed:
		ids := make([]string, len(e.Bets))
		for i, b := range e.Bets {
			ids[i] = b.ID
		}
		pe.Event = &tablev1.RoundEvent_StakeFailed{StakeFailed: &tablev1.StakeFailed{BetIds: ids, Stake: e.Stake, Reason: e.Reason}}
	case house.EvPaid:
		returned := e.Paid - e.Won
		pe.Event = &tablev1.RoundEvent_SettlementPaid{SettlementPaid: &tablev1.SettlementPaid{Paid: e.Paid, Returned: returned,
			Lost: e.Stake - returned, Won: e.Won}}
	case house.EvMove:
		switch {
		case e.Blackjack != nil:
			pe.Event = &tablev1.RoundEvent_Blackjack{Blackjack: BlackjackEvent(e)}
		case e.Poker != nil:
			pe.Event = &tablev1.RoundEvent_CasinoPoker{CasinoPoker: CasinoPokerEvent(e)}
		default:
			return nil
		}
	case house.EvShoe:
		pe.Event = &tablev1.RoundEvent_ShoeChanged{ShoeChanged: &tablev1.ShoeChanged{Shoe: Shoe(e.Shoe)}}
	case house.EvTable:
		pe.Event = &tablev1.RoundEvent_TableChanged{TableChanged: &tablev1.BankedTableChanged{Status: bankedStatus(e.Status), Reason: e.Reason,
			BettingWindowMs: int32(e.Window.Milliseconds()), PauseMs: int32(e.Pause.Milliseconds())}}
	default:
		return nil
	}
	return pe
}

func sumBets(bets []round.Bet) int64 {
	var n int64
	for _, b := range bets {
		n += b.Amount
	}
	return n
}

// VoidOption converts a money wheel void choice's name.
func VoidOption(c string) tablev1.VoidOption {
	switch c {
	case moneywheel.Carry.String():
		return tablev1.VoidOption_VOID_OPTION_CARRY
	case moneywheel.Refund.String():
		return tablev1.VoidOption_VOID_OPTION_REFUND
	}
	return tablev1.VoidOption_VOID_OPTION_UNSPECIFIED
}

// RoundRecord converts a round's record, filtered for v already
// (house.Record.For).
func RoundRecord(r house.Record, v game.Viewer) *tablev1.RoundRecord {
	out := &tablev1.RoundRecord{TableId: r.Table, RoundId: house.RoundID(r.Table, r.Round), Round: r.Round, Game: BankedGame(r.Game),
		Profile: r.Profile, Source: Source(r.Source), OpenedAt: ms(r.Opened), EndedAt: ms(r.Ended), Verdict: Verdict(r.Verdict),
		Winner: r.Winner, Reason: r.Reason, Totals: &tablev1.RoundTotals{Players: int32(r.Players), Bets: int32(r.BetCount), Staked: r.Staked, Paid: r.Paid}}
	out.Phase = tablev1.RoundPhase_ROUND_PHASE_SETTLED
	if r.Verdict != round.Valid {
		out.Phase = tablev1.RoundPhase_ROUND_PHASE_VOIDED
	}
	for i := range r.Spins {
		out.Spins = append(out.Spins, Spin(&r.Spins[i]))
	}
	if n := len(r.Spins); n > 0 {
		out.Result = out.Spins[n-1]
	}
	if r.Draw != nil {
		out.Commitment, out.RngOutcomeId = r.Draw.Commitment, r.Draw.Outcome
	}
	playerID := func(key string) string {
		if !v.Internal {
			return ""
		}
		_, p := game.SplitKey(key)
		return p
	}
	yours := &tablev1.RoundTotals{}
	for _, b := range r.Bets {
		out.Bets = append(out.Bets, &tablev1.RecordedBet{PlayerId: playerID(b.Player), Bet: &tablev1.Bet{BetId: b.ID, Spot: b.Spot, Amount: b.Amount}})
		if b.Player == v.Player {
			yours.Bets++
		}
	}
	for _, l := range r.Lines {
		out.Lines = append(out.Lines, &tablev1.RecordedLine{PlayerId: playerID(l.Player), Line: Lines([]round.Line{l})[0]})
		if l.Player == v.Player {
			yours.Staked += l.Stake
			yours.Paid += l.Paid()
		}
	}
	if v.Player != "" {
		yours.Players = 1
		out.YourTotals = yours
	}
	if r.Blackjack != nil {
		s := r.Blackjack.Clone()
		hide := func(p string) string {
			if v.SeesPlayerID(p) {
				return p
			}
			return ""
		}
		for i := range s.Boxes {
			for k := range s.Boxes[i].Bettors {
				s.Boxes[i].Bettors[k].Player = hide(s.Boxes[i].Bettors[k].Player)
			}
		}
		out.Blackjack = Blackjack(&house.BlackjackView{Round: s}, v.Player)
		out.Blackjack.Turn = nil
	}
	if r.Shoe != nil {
		out.Shoe = Shoe(r.Shoe)
	}
	if r.Poker != nil {
		out.CasinoPoker = CasinoPoker(&house.PokerView{Felt: *r.Poker}, v.Player)
		out.CasinoPoker.Turn = nil
		out.Paytable = Paytable(r.Paytable)
	}
	return out
}

// RouletteSpinOf reads a dealer's roulette report.
func RouletteSpinOf(s *tablev1.Spin) (*roulette.Spin, error) {
	sp := &roulette.Spin{Pocket: int(s.GetPocket()), Label: s.GetLabel(), Wheel: DirectionOf(s.GetWheelDirection()),
		Ball: DirectionOf(s.GetBallDirection()), Revolutions: int(s.GetRevolutions())}
	for _, f := range s.GetFaults() {
		var fault roulette.Fault
		if err := fault.UnmarshalText([]byte(f)); err != nil {
			return nil, err
		}
		sp.Reported = append(sp.Reported, fault)
	}
	return sp, nil
}

// WheelSpinOf reads a dealer's money wheel report.
func WheelSpinOf(s *tablev1.Spin) *moneywheel.Spin {
	return &moneywheel.Spin{Source: moneywheel.FromDealer, Field: int(s.GetPocket()), Revolutions: int(s.GetRevolutions()),
		Direction: DirectionOf(s.GetWheelDirection()), Peg: s.GetPeg()}
}

// Rounds converts the last results, newest first.
func Rounds(id string, rs []house.Result) []*tablev1.RoundSummary {
	out := make([]*tablev1.RoundSummary, 0, len(rs))
	for _, r := range rs {
		out = append(out, &tablev1.RoundSummary{Round: r.Round, RoundId: house.RoundID(id, r.Round), Winner: r.Winner,
			Verdict: Verdict(r.Verdict), Reason: r.Reason, At: ms(r.At)})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Round > out[b].Round })
	return out
}
