// Package profile is a table's complete rule configuration: the game, the
// betting structure and stakes, the rake, and the rule-profile options that
// settle every gap and conflict the specs flag. Named profiles ("gr",
// "ru-sport", "ru-club", "cz") carry each source's defaults; Set overrides
// a single option by name, the way CreateTable's options map does.
package profile

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/rake"
	"github.com/croupier/croupier/shared/rules"
	"github.com/croupier/croupier/shared/split"
)

// Profile names: the published list in shared/rules, which the tournament
// API validates against without importing this package
// (TestNamesArePublished keeps the two in step).
const (
	// GR is the Greek casino regulation, FEK B 1404/2010
	// (gr-regulation-1/2, gr-variant-*.md).
	GR = rules.Greek
	// RUSport is the Belarusian sports-poker betting rules
	// (docs/rules/betting-rules-ru-sports.md).
	RUSport = rules.RussianSport
	// RUClub is Russian club poker, Hold'em no and pot limit
	// (docs/rules/ru-club-poker.md).
	RUClub = rules.RussianClub
	// CZ is the Czech no-limit Hold'em cash game
	// (docs/rules/cz-cash-game-texas-holdem.md).
	CZ = rules.Czech
)

// Names lists the named profiles.
func Names() []string { return rules.PokerProfiles() }

// Stakes are a table's amounts, in the currency's minor units.
type Stakes struct {
	// Currency is the ISO code ("EUR"), or "" for tournament chips.
	Currency string `json:"currency,omitempty"`
	// Exponent is the number of minor-unit decimals (2 for euro cents).
	Exponent int `json:"exponent,omitempty"`
	// Unit is the smallest chip in play.
	Unit       int64 `json:"unit"`
	SmallBlind int64 `json:"small_blind,omitempty"`
	BigBlind   int64 `json:"big_blind,omitempty"`
	Ante       int64 `json:"ante,omitempty"`
	// SmallBet and BigBet are the fixed-limit sizes; 0 defaults to the big
	// blind and twice the small bet (gr-regulation-1 B.10, B.62).
	SmallBet int64 `json:"small_bet,omitempty"`
	BigBet   int64 `json:"big_bet,omitempty"`
	// SpreadMin and SpreadMax bound a spread-limit bet.
	SpreadMin int64 `json:"spread_min,omitempty"`
	SpreadMax int64 `json:"spread_max,omitempty"`
	// BringIn is the stud bring-in (StudBringIn).
	BringIn int64 `json:"bring_in,omitempty"`
	// MinBet is the table minimum bet; 0 defaults to the big blind, or to
	// the small bet in stud ante games.
	MinBet int64 `json:"min_bet,omitempty"`
}

// Options are the rule choices that differ between sources.
type Options struct {
	RaiseCap        int               `json:"raise_cap"`
	HeadsUpUncapped bool              `json:"heads_up_uncapped,omitempty"`
	LimitReopen     betting.Reopen    `json:"limit_reopen"`
	RaiseBase       betting.RaiseBase `json:"raise_base"`
	MinRaise        betting.MinRaise  `json:"min_raise"`
	Chips           betting.ChipRules `json:"chips"`
	TwoChipCall     bool              `json:"two_chip_call,omitempty"`
	// HalfPot plays pot limit at half the pot (gr-regulation-1 B.9).
	HalfPot   bool          `json:"half_pot,omitempty"`
	OddChip   split.OddChip `json:"odd_chip"`
	ShowOrder ShowOrder     `json:"show_order"`
	Muck      Muck          `json:"muck"`
	// BoardShowAll: when a shown hand plays the board, every remaining
	// player shows (docs/rules/cz-cash-game-texas-holdem.md §6.8).
	BoardShowAll bool    `json:"board_show_all,omitempty"`
	HeadsUp      HeadsUp `json:"heads_up"`
	Button       Button  `json:"button"`
	MakeUp       MakeUp  `json:"make_up"`
	// Straddles is how many voluntary straddles a hand may have, 0..2
	// (gr-regulation-2 G4.4: at most two, 2 × BB then 2 × the previous).
	Straddles int `json:"straddles,omitempty"`
	// NoEntryOnButton: a new or returning player is not dealt in on the
	// button seat without posting (gr-regulation-2 G4.7).
	NoEntryOnButton bool `json:"no_entry_on_button,omitempty"`
	// SeatChangePenalty: moving more than two active seats clockwise means
	// waiting for the big blind or posting one (gr-regulation-2 G4.5).
	SeatChangePenalty bool     `json:"seat_change_penalty,omitempty"`
	VoidBets          VoidBets `json:"void_bets"`
	LastVoid          LastVoid `json:"last_void"`
	// AbsentHand applies at tournament tables (tournaments.md §12).
	AbsentHand AbsentHand `json:"absent_hand,omitempty"`
	// StudOpening applies to stud ante games.
	StudOpening StudOpening `json:"stud_opening,omitempty"`
	// DealFoldedUntilBet: a stud seat folded with no bet facing keeps
	// receiving (dead) cards until the next bet (docs/rules/gr-variant-5-card-stud.md
	// I6, docs/rules/gr-variant-7-card-stud.md I7).
	DealFoldedUntilBet bool `json:"deal_folded_until_bet,omitempty"`
	// SmallBlindRatios are the allowed small blinds as fractions of the big
	// blind (of the minimum bet in limit games); empty allows any.
	SmallBlindRatios []Ratio `json:"small_blind_ratios,omitempty"`
	// AnySmallBlind switches the SmallBlindRatios check off: the small
	// blind may be any amount from one chip up to the big blind. The Greek
	// fractions are what the text calls usual, not a rule (gr-regulation-1
	// B.63, §9 item 4); the Czech 1/2 is a rule (cz §3) and stays.
	AnySmallBlind bool `json:"any_small_blind,omitempty"`
	// MaxPlayers caps the table below the game's maximum (Czech 9).
	MaxPlayers int `json:"max_players,omitempty"`
	// RakeMaxBasisPoints and RakeCapBigBlinds bound the pot rake (Greece:
	// 1 %–5 %, at most 10 × BB, G6.1); RakeMinBasisPoints its floor.
	RakeMinBasisPoints int64 `json:"rake_min_bp,omitempty"`
	RakeMaxBasisPoints int64 `json:"rake_max_bp,omitempty"`
	RakeCapBigBlinds   int64 `json:"rake_cap_big_blinds,omitempty"`
	// RakeRequired: the commission is required configuration
	// (docs/rules/ru-club-poker.md N5: never silently zero).
	RakeRequired bool `json:"rake_required,omitempty"`
}

// Rules is everything an engine needs to run a table's hands.
type Rules struct {
	Profile   string            `json:"profile"`
	Game      Game              `json:"game"`
	Structure betting.Structure `json:"structure"`
	// MaxSeats is the table's seat count.
	MaxSeats int         `json:"max_seats"`
	Stakes   Stakes      `json:"stakes"`
	Rake     rake.Config `json:"rake"`
	Options  Options     `json:"options"`
}

// Named returns the rules of a named profile for game and structure, with
// the profile's defaults and the stakes still to fill in.
func Named(name string, game Game, st betting.Structure) (Rules, error) {
	r := Rules{Profile: name, Game: game, Structure: st, MaxSeats: game.MaxPlayers()}
	o := &r.Options
	o.Muck = MuckLosers
	o.RaiseCap = 3
	o.MinRaise = betting.RaiseByIncrement
	o.StudOpening = StudBringIn
	o.AbsentHand = AbsentLive
	switch name {
	case GR:
		o.HeadsUpUncapped = true
		o.LimitReopen = betting.ReopenFull
		o.RaiseBase = betting.FromFullBet
		o.Chips = betting.ChipsGR
		o.OddChip = split.FirstAfterButton
		o.ShowOrder = ShowLastAggressor
		if game != Holdem {
			o.ShowOrder = ShowCaller
		}
		o.HeadsUp = HeadsUpButtonBigBlind
		o.Button = DeadButton
		o.MakeUp = MakeUpAllDead
		o.NoEntryOnButton = true
		o.SeatChangePenalty = true
		o.VoidBets = VoidReturnIfNotActed
		o.LastVoid = LastVoidDispute
		o.StudOpening = StudForcedBet
		o.DealFoldedUntilBet = true
		if st.Limit() {
			o.SmallBlindRatios = []Ratio{{1, 3}, {1, 2}, {2, 3}}
		} else {
			o.SmallBlindRatios = []Ratio{{1, 3}, {1, 2}}
		}
		o.RakeMinBasisPoints, o.RakeMaxBasisPoints, o.RakeCapBigBlinds = 100, 500, 10
		r.Rake = rake.Config{Mode: rake.PotPercent, BasisPoints: 500}
	case RUSport, RUClub:
		o.LimitReopen = betting.ReopenHalf
		o.RaiseBase = betting.FromHighest
		o.Chips = betting.ChipsRU
		o.OddChip = split.OneAtATime
		o.ShowOrder = ShowLastAggressorFinal
		o.HeadsUp = HeadsUpButtonSmallBlind
		o.Button = DeadButton
		o.MakeUp = MakeUpBigLive
		o.VoidBets = VoidKeep
		o.LastVoid = LastVoidSplit
		o.AbsentHand = AbsentDead
		if name == RUClub {
			o.RakeRequired = true
			r.Rake = rake.Config{Mode: rake.None}
		}
	case CZ:
		o.LimitReopen = betting.ReopenFull
		o.RaiseBase = betting.FromHighest
		o.MinRaise = betting.RaiseToDouble
		o.Chips = betting.ChipsCZ
		o.OddChip = split.FirstAfterButton
		// The last aggressor of the whole hand shows first, "always", even
		// after streets checked through (§6 item 8, §11 note 8).
		o.ShowOrder = ShowLastAggressor
		o.BoardShowAll = true
		o.HeadsUp = HeadsUpButtonSmallBlind
		o.Button = MovingButton
		o.MakeUp = MakeUpBigLive
		o.NoEntryOnButton = true
		o.VoidBets = VoidReturnIfNotActed
		o.LastVoid = LastVoidDispute
		o.SmallBlindRatios = []Ratio{{1, 2}}
		o.MaxPlayers = 9
		r.MaxSeats = 9
		// 5 % of the final pot, at most 300 Kč a hand (§4).
		r.Rake = rake.Config{Mode: rake.PotPercent, BasisPoints: 500}
	default:
		return Rules{}, fmt.Errorf("unknown profile %q (have %v)", name, Names())
	}
	if game < Holdem || game > SevenCardStud {
		return Rules{}, fmt.Errorf("unknown game %d", game)
	}
	if st < betting.FixedLimit || st > betting.NoLimit {
		return Rules{}, fmt.Errorf("unknown structure %d", st)
	}
	if err := rules.CheckPokerScope(name, game.String(), st.String()); err != nil {
		return Rules{}, err
	}
	return r, nil
}

// ForTournament switches the options a profile's tournament rules change
// from its cash rules. Greek tournaments (gr-regulation-2's [TOURN] rules)
// count a limit all-in of at least half the bet (or of the raise
// increment) as a full bet that reopens the betting (A4, A5; G3.19(4)) and
// read two equal chips, each over half the bet faced and no more than it,
// as a call (C2; G3.12 ¶2); A3 (an all-in below the big blind is called
// with the full big blind) and C8 (a single oversized chip declared a raise
// raises to what it covers in pot and no limit; in limit a raise is the
// limit's either way) hold at every Greek table already. The other texts
// make no tournament difference in betting: the Belarusian sports rules are
// tournament rules already, and the Czech tournament text refers to the
// cash game's (the same betting rounds and the literal double raise,
// cz-tournaments.md §6 and §8 item 3); Russian club poker has no
// tournament text.
func (r Rules) ForTournament() Rules {
	if r.Profile == GR {
		r.Options.LimitReopen = betting.ReopenHalf
		r.Options.TwoChipCall = true
	}
	return r
}

// WithStakes fills the stakes and the defaults that derive from them: the
// fixed-limit sizes, the minimum bet, and the rake unit and cap of a
// profile that fixes them.
func (r Rules) WithStakes(s Stakes) Rules {
	if s.Unit == 0 {
		s.Unit = 1
	}
	if r.Structure == betting.FixedLimit {
		if s.SmallBet == 0 {
			s.SmallBet = s.BigBlind
		}
		if s.BigBet == 0 {
			s.BigBet = 2 * s.SmallBet
		}
	}
	if s.MinBet == 0 {
		switch {
		case s.BigBlind > 0:
			s.MinBet = s.BigBlind
		case s.SmallBet > 0:
			s.MinBet = s.SmallBet
		case s.SpreadMin > 0:
			s.MinBet = s.SpreadMin
		}
	}
	r.Stakes = s
	if r.Rake.Mode == rake.PotPercent {
		cur := int64(1)
		for range s.Exponent {
			cur *= 10
		}
		if r.Rake.Unit == 0 {
			r.Rake.Unit = max(cur, s.Unit)
		}
		if r.Rake.Cap == 0 {
			switch {
			case r.Options.RakeCapBigBlinds > 0:
				r.Rake.Cap = r.Options.RakeCapBigBlinds * r.capBlind()
			case r.Profile == CZ:
				r.Rake.Cap = 300 * cur
			}
		}
	}
	return r
}

// capBlind is the big blind a rake cap is counted in; stud tables without
// blinds count the small bet (gr-regulation-2 §14 leaves it open).
func (r Rules) capBlind() int64 {
	if r.Stakes.BigBlind > 0 {
		return r.Stakes.BigBlind
	}
	return max(r.Stakes.SmallBet, r.Stakes.MinBet)
}

// Blinds reports whether the table plays with blinds (every flop game; a
// stud table configured as a blind game, docs/rules/gr-variant-5-card-stud.md §2).
func (r Rules) Blinds() bool { return r.Stakes.BigBlind > 0 }

// Betting returns the betting configuration of the rules.
func (r Rules) Betting() betting.Config {
	s, o := r.Stakes, r.Options
	return betting.Config{
		Structure: r.Structure, Unit: s.Unit, MinBet: s.MinBet,
		SmallBet: s.SmallBet, BigBet: s.BigBet, SpreadMin: s.SpreadMin, SpreadMax: s.SpreadMax,
		HalfPot: o.HalfPot, RaiseCap: o.RaiseCap, HeadsUpUncapped: o.HeadsUpUncapped,
		LimitReopen: o.LimitReopen, RaiseBase: o.RaiseBase, MinRaise: o.MinRaise,
		Chips: o.Chips, TwoChipCall: o.TwoChipCall,
	}
}

// StreetBet is the fixed-limit bet of betting round street (0-based): the
// small bet in the first two rounds, the big bet after (gr-regulation-1
// B.7: Hold'em/Omaha preflop and flop; 7 Card Stud 3rd and 4th street;
// 5 Card Stud 2nd and 3rd street).
func (r Rules) StreetBet(street int) int64 {
	if r.Structure != betting.FixedLimit {
		return 0
	}
	if street < 2 {
		return r.Stakes.SmallBet
	}
	return r.Stakes.BigBet
}

// Validate reports every problem that keeps the rules from being played.
func (r Rules) Validate() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	s, o := r.Stakes, r.Options
	if r.Game < Holdem || r.Game > SevenCardStud {
		add("unknown game %d", r.Game)
	}
	maxPlayers := r.Game.MaxPlayers()
	if o.MaxPlayers > 0 {
		maxPlayers = min(maxPlayers, o.MaxPlayers)
	}
	if r.MaxSeats < 2 || r.MaxSeats > maxPlayers {
		add("%s seats 2 to %d players, not %d (gr-regulation-1 A.2)", r.Game, maxPlayers, r.MaxSeats)
	}
	if err := r.Betting().Validate(); err != nil {
		errs = append(errs, err)
	}
	mult := func(name string, v int64) {
		if v < 0 || (s.Unit > 0 && v%s.Unit != 0) {
			add("%s %d is not a non-negative multiple of the smallest chip %d", name, v, s.Unit)
		}
	}
	mult("small blind", s.SmallBlind)
	mult("big blind", s.BigBlind)
	mult("ante", s.Ante)
	mult("bring-in", s.BringIn)
	if !r.Game.Stud() && s.BigBlind <= 0 {
		add("%s needs a big blind (gr-regulation-1 B.59)", r.Game)
	}
	if s.BigBlind > 0 {
		if s.SmallBlind < 0 || s.SmallBlind > s.BigBlind {
			add("small blind %d must be between 0 and the big blind %d", s.SmallBlind, s.BigBlind)
		}
		if s.BigBlind < s.MinBet {
			add("the last blind %d must be at least the table minimum bet %d (gr-regulation-2 G3.4)", s.BigBlind, s.MinBet)
		}
		switch {
		case o.AnySmallBlind && r.Profile == CZ:
			add("the Czech small blind is half the big blind (cz-cash-game-texas-holdem.md §3: BB = 2 × SB)")
		case o.AnySmallBlind:
			if s.SmallBlind < max(s.Unit, 1) {
				add("small blind %d must be at least the smallest chip %d (gr-regulation-1 B.63)", s.SmallBlind, s.Unit)
			}
		case len(o.SmallBlindRatios) > 0:
			ref := s.BigBlind
			if r.Structure.Limit() {
				ref = max(s.MinBet, s.SmallBet)
			}
			ok := slices.ContainsFunc(o.SmallBlindRatios, func(q Ratio) bool { return s.SmallBlind*q.Den == ref*q.Num })
			if !ok {
				add("small blind %d is not an allowed fraction %v of %d (gr-regulation-1 B.63; any_small_blind allows any)", s.SmallBlind, o.SmallBlindRatios, ref)
			}
		}
	}
	if r.Game.Stud() && s.BigBlind == 0 && o.StudOpening == StudBringIn {
		// The low card brings in for less than the opening bet and may
		// complete (docs/rules/betting-rules-ru-sports.md §5.4.3, D15).
		if open := r.Betting().OpeningBet(r.StreetBet(0)); s.BringIn <= 0 || s.BringIn >= open {
			add("the bring-in %d must be positive and below the opening bet %d", s.BringIn, open)
		}
	}
	if o.Straddles < 0 || o.Straddles > 2 {
		add("at most two straddles (gr-regulation-2 G4.4), not %d", o.Straddles)
	}
	if o.Straddles > 0 && r.Game.Stud() {
		add("straddles are a blind-game option")
	}
	if o.OddChip != split.FirstAfterButton && o.OddChip != split.OneAtATime {
		add("unknown odd-chip rule %d", o.OddChip)
	}
	checkEnum := func(name string, v, hi uint8) {
		if v < 1 || v > hi {
			add("unknown %s %d", name, v)
		}
	}
	checkEnum("show order", uint8(o.ShowOrder), uint8(ShowCaller))
	checkEnum("muck rule", uint8(o.Muck), uint8(ShowAll))
	checkEnum("heads-up rule", uint8(o.HeadsUp), uint8(HeadsUpButtonSmallBlind))
	checkEnum("button rule", uint8(o.Button), uint8(MovingButton))
	checkEnum("make-up rule", uint8(o.MakeUp), uint8(MakeUpBigLive))
	checkEnum("void rule", uint8(o.VoidBets), uint8(VoidKeep))
	checkEnum("last-player void rule", uint8(o.LastVoid), uint8(LastVoidSplit))
	checkEnum("stud opening", uint8(o.StudOpening), uint8(StudForcedBet))
	if err := r.Rake.Validate(); err != nil {
		errs = append(errs, fmt.Errorf("rake: %w", err))
	}
	if o.RakeRequired && r.Rake.Mode == rake.None {
		add("the commission must be configured (ru-club-poker.md N5)")
	}
	if r.Rake.Mode == rake.PotPercent {
		if o.RakeMinBasisPoints > 0 && r.Rake.BasisPoints < o.RakeMinBasisPoints ||
			o.RakeMaxBasisPoints > 0 && r.Rake.BasisPoints > o.RakeMaxBasisPoints {
			add("rake %d bp outside %d..%d bp (gr-regulation-2 G6.1)", r.Rake.BasisPoints, o.RakeMinBasisPoints, o.RakeMaxBasisPoints)
		}
		if o.RakeCapBigBlinds > 0 && (r.Rake.Cap <= 0 || r.Rake.Cap > o.RakeCapBigBlinds*r.capBlind()) {
			add("rake cap %d must be set and at most %d × the big blind (gr-regulation-2 G6.1)", r.Rake.Cap, o.RakeCapBigBlinds)
		}
		if s.Unit > 0 && r.Rake.Unit%s.Unit != 0 {
			add("rake unit %d is not a multiple of the smallest chip %d", r.Rake.Unit, s.Unit)
		}
	}
	return errors.Join(errs...)
}

// Set overrides one option by its snake_case name, as CreateTable's options
// map carries them ("odd_chip": "each"). Values are the options' text
// names, integers or booleans.
func (r *Rules) Set(key, value string) error {
	o := &r.Options
	b := []byte(value)
	boolean := func(p *bool) error { return setBool(key, value, p) }
	switch key {
	case "raise_cap":
		v, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("option %s: %w", key, err)
		}
		o.RaiseCap = v
	case "heads_up_uncapped":
		return boolean(&o.HeadsUpUncapped)
	case "limit_reopen":
		switch value {
		case "full", "100":
			o.LimitReopen = betting.ReopenFull
		case "half", "50":
			o.LimitReopen = betting.ReopenHalf
		default:
			return fmt.Errorf("option %s: want full or half, got %q", key, value)
		}
	case "raise_base":
		switch value {
		case "highest", "all-in":
			o.RaiseBase = betting.FromHighest
		case "full-bet", "literal":
			o.RaiseBase = betting.FromFullBet
		default:
			return fmt.Errorf("option %s: want highest or full-bet, got %q", key, value)
		}
	case "min_raise":
		switch value {
		case "increment":
			o.MinRaise = betting.RaiseByIncrement
		case "double":
			o.MinRaise = betting.RaiseToDouble
		default:
			return fmt.Errorf("option %s: want increment or double, got %q", key, value)
		}
	case "chips":
		switch value {
		case "ru":
			o.Chips = betting.ChipsRU
		case "gr":
			o.Chips = betting.ChipsGR
		case "cz":
			o.Chips = betting.ChipsCZ
		default:
			return fmt.Errorf("option %s: want ru, gr or cz, got %q", key, value)
		}
	case "two_chip_call":
		return boolean(&o.TwoChipCall)
	case "half_pot":
		return boolean(&o.HalfPot)
	case "odd_chip":
		switch value {
		case "whole", "first-after-button", "worst-position", "worst_position":
			o.OddChip = split.FirstAfterButton
		case "each", "one-at-a-time":
			o.OddChip = split.OneAtATime
		default:
			return fmt.Errorf("option %s: want whole or each, got %q", key, value)
		}
	case "show_order":
		return o.ShowOrder.UnmarshalText(b)
	case "muck":
		return o.Muck.UnmarshalText(b)
	case "board_show_all":
		return boolean(&o.BoardShowAll)
	case "heads_up":
		return o.HeadsUp.UnmarshalText(b)
	case "button":
		return o.Button.UnmarshalText(b)
	case "make_up":
		return o.MakeUp.UnmarshalText(b)
	case "straddles":
		v, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("option %s: %w", key, err)
		}
		o.Straddles = v
	case "no_entry_on_button":
		return boolean(&o.NoEntryOnButton)
	case "seat_change_penalty":
		return boolean(&o.SeatChangePenalty)
	case "void_bets":
		return o.VoidBets.UnmarshalText(b)
	case "last_void":
		return o.LastVoid.UnmarshalText(b)
	case "absent_hand":
		return o.AbsentHand.UnmarshalText(b)
	case "stud_opening":
		return o.StudOpening.UnmarshalText(b)
	case "deal_folded_until_bet":
		return boolean(&o.DealFoldedUntilBet)
	case "any_small_blind":
		return boolean(&o.AnySmallBlind)
	default:
		if ok, err := setRake(&r.Rake, key, value); ok {
			return err
		}
		return fmt.Errorf("unknown option %q", key)
	}
	return nil
}

// setRake overrides one rake option by name; ok is false if key names
// none.
func setRake(c *rake.Config, key, value string) (ok bool, err error) {
	switch key {
	case "rake_mode":
		return true, c.Mode.UnmarshalText([]byte(value))
	case "rake_bp":
		return true, setInt(key, value, &c.BasisPoints)
	case "rake_cap":
		return true, setInt(key, value, &c.Cap)
	case "rake_unit":
		return true, setInt(key, value, &c.Unit)
	case "no_flop_no_drop":
		return true, setBool(key, value, &c.NoFlopNoDrop)
	case "time_charge":
		return true, setInt(key, value, &c.Charge)
	}
	return false, nil
}

// setBool sets *p to the boolean value of option key.
func setBool(key, value string, p *bool) error {
	v, err := strconv.ParseBool(value)
	if err != nil {
		return fmt.Errorf("option %s: %w", key, err)
	}
	*p = v
	return nil
}

// setInt sets *p to the integer value of option key.
func setInt(key, value string, p *int64) error {
	v, err := strconv.ParseInt(value, 10, 64)
	if err != nil {
		return fmt.Errorf("option %s: %w", key, err)
	}
	*p = v
	return nil
}
