// Package house is a round-based house-banked table (roulette and the
// money wheel now, blackjack and the casino poker games later) as a
// deterministic state machine: the players who joined, the round in
// progress (run by the game's pure engine, package banked/roulette or
// banked/moneywheel), the betting window, the result from the RNG or a
// live dealer, and the money intents the wallet must carry out. It is the
// banked counterpart of package live (poker's table) and the table core
// drives both through game.Table.
//
// It does no I/O, reads no clock and draws no random number: every change
// is a Command carrying its time and every outside result (the RNG's
// draw, the dealer's spin, the wallet's answers), so any replica that
// applies the same commands to the same snapshot reaches the same table
// and emits the same events.
//
// # Money
//
// A player's stake goes into the table's round escrow (ROUND_ESCROW)
// through a wallet hold the service created before committing the
// placement; the table records a post intent for it. The engine's events
// say where each stake goes (round.Line: Returned to the player, Lost to
// the house's revenue, Won paid from the house bank), and when a round
// ends the table records one settle intent per player with his totals.
// Lines of a stake whose post has not been carried out yet wait in the
// stake and are settled once it has (a stake must be in escrow before it
// is paid out); lines of a stake whose post failed move no money.
// Escrowed is what the escrow holds by the table's own book.
package house

import (
	"errors"
	"fmt"
	"time"

	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/casinoholdem"
	"github.com/croupier/croupier/services/table/banked/casinotexas"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/oasis"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/banked/russianpoker"
	"github.com/croupier/croupier/services/table/banked/splitpoker"
	"github.com/croupier/croupier/shared/apierr"
)

// Games a house table plays.
const (
	GameRoulette   = "roulette"
	GameMoneyWheel = "money_wheel"
	GameBlackjack  = "blackjack"
	// GameCasinoHoldem is package casinoholdem: Casino Hold'em (profile
	// gr) and Texas Hold'em vs casino (ru); GameCasinoTexas package
	// casinotexas, Casino Texas Hold'em (cz).
	GameCasinoHoldem = "casino_holdem"
	GameCasinoTexas  = "casino_texas_holdem"
	// GameOasis, GameRussian and GameSplit are the five-card stud games
	// of packages oasis, russianpoker and splitpoker (profile ru each).
	GameOasis   = "oasis_poker"
	GameRussian = "russian_poker"
	GameSplit   = "split_poker"
)

// Bounds of a table's configuration and the state it keeps.
const (
	MinWindow = 3 * time.Second
	MaxWindow = 120 * time.Second
	// MinClock and MaxClock bound a card game's decision clock.
	MinClock = 2 * time.Second
	MaxClock = 120 * time.Second
	MaxPause = 60 * time.Second
	// MaxPlayersCap bounds Config.MaxPlayers, MaxBetsCap Config.MaxBets.
	MaxPlayersCap = 100000
	MaxBetsCap    = 1000
	// IntentGrace is how long the replica that recorded a money intent
	// has to carry it out before any replica's clock does (as live's).
	IntentGrace = 3 * time.Second
	// MaxResults is how many rounds' results the table keeps.
	MaxResults = 50
	// MaxRecent is how many of a player's rounds recall lists (AGCO
	// Standard 13.1.1: the current game and the last 9).
	MaxRecent = 10
	// MaxHolds is how many settled placements' holds the table remembers,
	// so that a hold is never posted twice under one intent id.
	MaxHolds = 256
)

// Source is where a table's results come from.
type Source uint8

// Result sources.
const (
	// ResultRNG: the rng service draws the result when the round opens
	// (Draw) and the table reveals it after "no more bets".
	ResultRNG Source = iota + 1
	// ResultDealer: a live dealer's console reports the spin.
	ResultDealer
)

var sourceNames = round.Enum[Source]{Type: "result source", Names: []string{"", "rng", "dealer"}}

func (s Source) String() string { return sourceNames.String(s) }

// MarshalText writes the source's name.
func (s Source) MarshalText() ([]byte, error) { return sourceNames.Text(s) }

// UnmarshalText reads a source's name.
func (s *Source) UnmarshalText(b []byte) error { return sourceNames.Parse(b, s) }

// Config is what a table is created with.
type Config struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Game is GameRoulette, GameMoneyWheel or GameBlackjack; Profile the
	// engine's profile ("cz", "ru"); Options the options set on it
	// (rules.Set), kept for the record. Exactly one of Roulette, Wheel and
	// Blackjack holds the rules.
	Game         string              `json:"game"`
	Profile      string              `json:"profile"`
	Options      map[string]string   `json:"options,omitempty"`
	Roulette     *roulette.Rules     `json:"roulette,omitempty"`
	Wheel        *moneywheel.Rules   `json:"wheel,omitempty"`
	Blackjack    *blackjack.Rules    `json:"blackjack,omitempty"`
	CasinoHoldem *casinoholdem.Rules `json:"casino_holdem,omitempty"`
	CasinoTexas  *casinotexas.Rules  `json:"casino_texas,omitempty"`
	Oasis        *oasis.Rules        `json:"oasis,omitempty"`
	Russian      *russianpoker.Rules `json:"russian_poker,omitempty"`
	Split        *splitpoker.Rules   `json:"split_poker,omitempty"`
	Source       Source              `json:"source"`
	// Clock is how long a player has for a decision (a card game's: the
	// pre-play window, a box's turn, a co-bettor's answer) before the
	// table takes its default for him (blackjack: stand, no insurance,
	// no follow).
	Clock  time.Duration `json:"clock,omitempty"`
	Window time.Duration `json:"window"`
	Pause  time.Duration `json:"pause"`
	// CloseWhenAllBet: an rng table closes its betting as soon as every
	// joined player has a bet in the round (the window is then the most
	// a player waits for the others, not the least).
	CloseWhenAllBet bool `json:"close_when_all_bet,omitempty"`
	// MaxPlayers caps the players joined, MaxBets the bets one player may
	// place in one round (cancelled ones count: they stay in the round).
	MaxPlayers int    `json:"max_players"`
	MaxBets    int    `json:"max_bets"`
	Currency   string `json:"currency"`
	// The wallet accounts: Escrow is the table's ROUND_ESCROW, Revenue
	// HOUSE_REVENUE (stakes lost), Bank HOUSE_BANK (winnings paid).
	Escrow  string `json:"escrow"`
	Revenue string `json:"revenue"`
	Bank    string `json:"bank"`
	// Fingerprint is the hash of the create request of a table made with
	// an idempotency key (as live.Config's).
	Fingerprint string `json:"fp,omitempty"`
	// RTP is the table's return to player as computed for its rules when
	// it was created (package services/table/rtp), published with it; nil
	// for a table created before the platform computed it.
	RTP *Returns `json:"rtp,omitempty"`
	// HouseEdgeOverride records the operator's override that opened the
	// table although its house edge was below the service's minimum or
	// unknown; nil for a table that needed none.
	HouseEdgeOverride *HouseEdgeOverride `json:"house_edge_override,omitempty"`
}

// Validate reports every problem of the configuration at once, the
// rules' included, as an INVALID_ARGUMENT BAD_CONFIG.
func (c *Config) Validate() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if c.ID == "" {
		add("table id is empty")
	}
	if !c.rulesOnly() {
		add("a %s table has its game's rules and no other", c.Game)
	}
	switch c.Game {
	case GameBlackjack:
		if c.Blackjack == nil {
			break
		} else if err := c.Blackjack.Validate(); err != nil {
			errs = append(errs, err)
		} else if c.Blackjack.Profile != c.Profile {
			add("profile %q, rules of %q", c.Profile, c.Blackjack.Profile)
		} else if o := c.Blackjack.Options; o.FollowDouble == blackjack.FollowAlways || o.FollowSplit == blackjack.FollowAlways {
			// A co-bettor's money moves only on his own move (its wallet
			// hold): a live table asks him.
			add("follow_double and follow_split \"always\" move a co-bettor's money without his move: a live table asks him (choose) or leaves him out (never)")
		}
		if c.Clock < MinClock || c.Clock > MaxClock {
			add("decision clock %s outside %s..%s", c.Clock, MinClock, MaxClock)
		}
	case GameCasinoHoldem, GameCasinoTexas, GameOasis, GameRussian, GameSplit:
		if r := c.pokerRules(); r == nil {
			break
		} else if err := r.Validate(); err != nil {
			errs = append(errs, err)
		} else if p := r.profile(); p != c.Profile {
			add("profile %q, rules of %q", c.Profile, p)
		} else if r.bettors() > 1 {
			// A second bettor's stakes follow the owner's decisions (ru
			// §2.5): his money would move on another player's move,
			// without his own wallet hold.
			add("bettors %d: a second bettor's stakes would move on the box owner's decisions, without his own hold; a table takes one bettor a box", r.bettors())
		}
		if c.Clock < MinClock || c.Clock > MaxClock {
			add("decision clock %s outside %s..%s", c.Clock, MinClock, MaxClock)
		}
	case GameRoulette:
		if c.Roulette == nil {
			break
		} else if err := c.Roulette.Validate(); err != nil {
			errs = append(errs, err)
		} else if c.Roulette.Profile != c.Profile {
			add("profile %q, rules of %q", c.Profile, c.Roulette.Profile)
		}
	case GameMoneyWheel:
		if c.Wheel == nil {
			break
		} else if err := c.Wheel.Validate(); err != nil {
			errs = append(errs, err)
		} else if c.Wheel.Profile != c.Profile {
			add("profile %q, rules of %q", c.Profile, c.Wheel.Profile)
		}
	default:
		add("unknown game %q", c.Game)
	}
	if c.Source != ResultRNG && c.Source != ResultDealer {
		add("unknown result source %d", c.Source)
	}
	if err := checkTiming(c.Window, c.Pause); err != nil {
		errs = append(errs, err)
	}
	if c.CloseWhenAllBet && c.Source != ResultRNG {
		add("close_when_all_bet is for rng tables: a dealer table's dealer calls no more bets")
	}
	if c.MaxPlayers < 1 || c.MaxPlayers > MaxPlayersCap {
		add("max players %d outside 1..%d", c.MaxPlayers, MaxPlayersCap)
	}
	if c.MaxBets < 1 || c.MaxBets > MaxBetsCap {
		add("max bets %d outside 1..%d", c.MaxBets, MaxBetsCap)
	}
	if c.Currency == "" {
		add("no currency")
	}
	if c.Escrow == "" || c.Revenue == "" || c.Bank == "" {
		add("a banked table needs its escrow, revenue and bank accounts")
	}
	if err := errors.Join(errs...); err != nil {
		return apierr.Invalid(ReasonBadConfig, "%v", err)
	}
	return nil
}

// checkTiming checks a betting window and a pause between rounds.
func checkTiming(window, pause time.Duration) error {
	var errs []error
	if window < MinWindow || window > MaxWindow {
		errs = append(errs, fmt.Errorf("betting window %s outside %s..%s", window, MinWindow, MaxWindow))
	}
	if pause < 0 || pause > MaxPause {
		errs = append(errs, fmt.Errorf("pause %s outside 0..%s", pause, MaxPause))
	}
	return errors.Join(errs...)
}

// Status is the table's lifecycle.
type Status uint8

// Statuses.
const (
	Open Status = iota + 1
	// Paused: no new round opens; the round in progress plays out.
	Paused
	// Closing: the round in progress plays out, the money is settled, then
	// the table closes (CmdFinishClose).
	Closing
	Closed
)

var statusNames = round.Enum[Status]{Type: "status", Names: []string{"", "open", "paused", "closing", "closed"}}

func (s Status) String() string { return statusNames.String(s) }

// MarshalText writes the status's name.
func (s Status) MarshalText() ([]byte, error) { return statusNames.Text(s) }

// UnmarshalText reads a status's name.
func (s *Status) UnmarshalText(b []byte) error { return statusNames.Parse(b, s) }

// Draw is the RNG's outcome for a round of an rng table, drawn when the
// round opens. Outcome and Commitment are public from the open (the
// fairness proof); Pocket and Label are the result and stay secret until
// it: they live in the sealed snapshot, never in an event or a view
// before the result.
type Draw struct {
	// Outcome is the RNG's outcome id, Commitment its commitment.
	Outcome    string `json:"outcome"`
	Commitment []byte `json:"commitment"`
	// Pocket is the index in the wheel order (a roulette pocket, a money
	// wheel field), Label what is written there ("17", "cherries").
	Pocket int    `json:"pocket"`
	Label  string `json:"label"`
}

// Player is one player joined at the table.
type Player struct {
	Name string `json:"name"`
	// Account is his wallet account.
	Account string `json:"account"`
	Joined  int64  `json:"joined"`
	// Rounds are the last MaxRecent rounds he had bets in, newest last.
	Rounds []int64 `json:"rounds,omitempty"`
}

// Result is one round's outcome as the table keeps it for its lobby and
// views.
type Result struct {
	Round   int64         `json:"round"`
	Winner  string        `json:"winner,omitempty"`
	Verdict round.Verdict `json:"verdict,omitempty"`
	Reason  string        `json:"reason,omitempty"`
	At      int64         `json:"at"`
}

// Table is a live house-banked table. It is plain data: its JSON is the
// snapshot (Encode), and decoding it gives the same table back.
type Table struct {
	Config Config `json:"config"`
	// Version counts the commands applied since creation.
	Version uint64 `json:"version"`
	Status  Status `json:"status"`
	// Reason is why the table was paused or is closing.
	Reason string `json:"reason,omitempty"`
	// Review, if set, is why the table is held for review (Frozen): no
	// round opens, nothing is due, and only operators' commands and the
	// wallet's answers apply until an operator resumes it.
	Review string `json:"frozen,omitempty"`
	// Roulette or Wheel is the engine's state of the current round (one
	// of them, as Config.Game).
	Roulette  *roulette.State   `json:"roulette,omitempty"`
	Wheel     *moneywheel.State `json:"wheel,omitempty"`
	Blackjack *blackjack.State  `json:"blackjack,omitempty"`
	// CasinoHoldem or CasinoTexas is a casino poker table's round.
	CasinoHoldem *casinoholdem.State `json:"casino_holdem,omitempty"`
	CasinoTexas  *casinotexas.State  `json:"casino_texas,omitempty"`
	// Oasis, Russian or Split is a stud poker table's round.
	Oasis   *oasis.State        `json:"oasis,omitempty"`
	Russian *russianpoker.State `json:"russian_poker,omitempty"`
	Split   *splitpoker.State   `json:"split_poker,omitempty"`
	// Shoe is an rng card table's shoe from the RNG, secret like Draw:
	// only the cards dealt from it reach events and views. Shoes are the
	// public record of the last MaxShoes shoes (the fairness proof).
	Shoe  *Shoe        `json:"shoe,omitempty"`
	Shoes []ShoeRecord `json:"shoes,omitempty"`
	// Waiting is when the current wait for a player's decision began (a
	// card game's Turn.Seq, WaitSeq), for the decision clock.
	Waiting   int64 `json:"waiting,omitempty"`
	WaitRound int64 `json:"wait_round,omitempty"`
	WaitSeq   int   `json:"wait_seq,omitempty"`
	// Draw is the RNG's outcome of the current round (rng tables),
	// secret until the result and kept as the record's after it.
	Draw *Draw `json:"draw,omitempty"`
	// Opened, ClosesAt, ClosedAt are the current round's opening, the
	// end of its betting window and its "no more bets" (0 while betting);
	// LastEnd is when the last round ended (ms).
	Opened   int64 `json:"opened,omitempty"`
	ClosesAt int64 `json:"closes_at,omitempty"`
	ClosedAt int64 `json:"closed_at,omitempty"`
	LastEnd  int64 `json:"last_end,omitempty"`
	// Players are the players joined, by player key (partner:player).
	Players map[string]*Player `json:"players,omitempty"`
	// Stakes are the placements whose money is not settled yet.
	Stakes []Stake `json:"stakes,omitempty"`
	// Intents are the money movements the wallet has still to carry out.
	Intents []Intent `json:"intents,omitempty"`
	// Seq numbers the intents (their ids).
	Seq uint64 `json:"seq,omitempty"`
	// Escrowed is what the round escrow holds by the table's book.
	Escrowed int64 `json:"escrowed,omitempty"`
	// Sums are the current round's totals per player and account.
	Sums []Sum `json:"sums,omitempty"`
	// Failed are the placements of the current round that never reached
	// the escrow, for its record.
	Failed []Failed `json:"failed,omitempty"`
	// Results are the last MaxResults rounds', newest last.
	Results []Result `json:"results,omitempty"`
	// Holds are the holds of the last MaxHolds placements settled.
	Holds []string `json:"holds,omitempty"`
}

// New returns a table at version 0, before its first round, for a
// validated configuration.
func New(cfg Config) *Table {
	t := &Table{Config: cfg, Status: Open}
	switch cfg.Game {
	case GameMoneyWheel:
		t.Wheel = &moneywheel.State{}
	case GameBlackjack:
		t.Blackjack = &blackjack.State{}
	case GameCasinoHoldem:
		t.CasinoHoldem = &casinoholdem.State{}
	case GameCasinoTexas:
		t.CasinoTexas = &casinotexas.State{}
	case GameOasis:
		t.Oasis = &oasis.State{}
	case GameRussian:
		t.Russian = &russianpoker.State{}
	case GameSplit:
		t.Split = &splitpoker.State{}
	default:
		t.Roulette = &roulette.State{}
	}
	return t
}

// Round is the current round's number, 0 before the first opens.
func (t *Table) Round() int64 { return t.engine().round() }

// Phase is where the current round is (0 before the first opens).
func (t *Table) Phase() round.Phase { return t.engine().phase() }

// running reports a round that has opened and not ended.
func (t *Table) running() bool {
	p := t.Phase()
	return p != 0 && !p.Over()
}

// window and pause are the configuration's, in milliseconds.
func (t *Table) window() int64 { return t.Config.Window.Milliseconds() }
func (t *Table) pause() int64  { return t.Config.Pause.Milliseconds() }

// rulesOnly reports a configuration holding its game's rules and no
// other game's.
func (c *Config) rulesOnly() bool {
	have := map[string]bool{GameRoulette: c.Roulette != nil, GameMoneyWheel: c.Wheel != nil, GameBlackjack: c.Blackjack != nil,
		GameCasinoHoldem: c.CasinoHoldem != nil, GameCasinoTexas: c.CasinoTexas != nil,
		GameOasis: c.Oasis != nil, GameRussian: c.Russian != nil, GameSplit: c.Split != nil}
	for g, ok := range have {
		if ok != (g == c.Game) {
			return false
		}
	}
	return true
}

// pokerRules are a casino poker table's rules, nil for another game or
// when they are missing.
func (c *Config) pokerRules() pokerRules {
	switch {
	case c.Game == GameCasinoHoldem && c.CasinoHoldem != nil:
		return holdemRules{c.CasinoHoldem}
	case c.Game == GameCasinoTexas && c.CasinoTexas != nil:
		return texasRules{c.CasinoTexas}
	case c.Game == GameOasis && c.Oasis != nil:
		return oasisRules{c.Oasis}
	case c.Game == GameRussian && c.Russian != nil:
		return russianRules{c.Russian}
	case c.Game == GameSplit && c.Split != nil:
		return splitRules{c.Split}
	}
	return nil
}

// pokerRules is what a table checks of a casino poker game's rules.
type pokerRules interface {
	Validate() error
	profile() string
	// bettors is how many players a box takes.
	bettors() int
}

type holdemRules struct{ *casinoholdem.Rules }

func (r holdemRules) profile() string { return r.Profile }
func (r holdemRules) bettors() int    { return 1 }

type texasRules struct{ *casinotexas.Rules }

func (r texasRules) profile() string { return r.Profile }
func (r texasRules) bettors() int    { return 1 }

type oasisRules struct{ *oasis.Rules }

func (r oasisRules) profile() string { return r.Profile }
func (r oasisRules) bettors() int    { return r.Bettors }

type russianRules struct{ *russianpoker.Rules }

func (r russianRules) profile() string { return r.Profile }
func (r russianRules) bettors() int    { return r.Bettors }

type splitRules struct{ *splitpoker.Rules }

func (r splitRules) profile() string { return r.Profile }
func (r splitRules) bettors() int    { return 1 }

// CardGame reports a card game's table: its rounds deal from a shoe (a
// deck a round for the casino poker games), not from a draw, and play on
// move by move after "no more bets" with a decision clock.
func (c *Config) CardGame() bool {
	switch c.Game {
	case GameBlackjack, GameCasinoHoldem, GameCasinoTexas, GameOasis, GameRussian, GameSplit:
		return true
	}
	return false
}
