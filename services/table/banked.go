package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/wheel"
)

// BankedLimits are a banked table's sign: the bounds of one stake (a
// player's total in a round at the money wheel), the most one player may
// hold on one roulette spot, and the bounds of each kind of bet (roulette:
// "straight", "split", "street", "corner", "sixline", "topline", "dozen",
// "column", "even_chance"; the money wheel: one box, "cherries" ...).
type BankedLimits struct {
	Table  round.Limit            `json:"table"`
	Spot   int64                  `json:"spot,omitempty"`
	ByKind map[string]round.Limit `json:"by_kind,omitempty"`
}

// BankedSpec is what a banked table is created with.
type BankedSpec struct {
	Name    string            `json:"name"`
	Game    string            `json:"game"`
	Profile string            `json:"profile"`
	Options map[string]string `json:"options,omitempty"`
	Source  house.Source      `json:"source"`
	// Currency of the stakes (ISO 4217).
	Currency string        `json:"currency"`
	Limits   BankedLimits  `json:"limits"`
	Window   time.Duration `json:"window"`
	Pause    time.Duration `json:"pause"`
	// MaxPlayers caps the players joined, MaxBets the bets one player
	// holds in a round.
	MaxPlayers int `json:"max_players"`
	MaxBets    int `json:"max_bets"`
	// WheelName and WheelFields are a money wheel's field order, the
	// operator's (the source gives none): empty takes the placeholder.
	WheelName   string   `json:"wheel_name,omitempty"`
	WheelFields []string `json:"wheel_fields,omitempty"`
	// Clock is a card game's decision clock (DefaultClock when 0).
	Clock time.Duration `json:"clock,omitempty"`
	// CloseWhenAllBet: an rng table closes its betting once every joined
	// player has bet in the round.
	CloseWhenAllBet bool `json:"close_when_all_bet,omitempty"`
	// AllowBelowMinimum opens the table even though its house edge is
	// below Options.MinHouseEdge or cannot be computed (a refusal
	// otherwise); OverrideReason says why and is required with it. The
	// override is recorded with the table and in the audit log, with
	// Operator, who asked for it.
	AllowBelowMinimum bool   `json:"allow_below_minimum,omitempty"`
	OverrideReason    string `json:"override_reason,omitempty"`
	Operator          string `json:"-"`
	// Key makes the creation idempotent: a retry gets the same table.
	Key string `json:"-"`
}

// Defaults of a banked table.
const (
	DefaultWindow     = 15 * time.Second
	DefaultPause      = 3 * time.Second
	DefaultMaxPlayers = 10000
	DefaultMaxBets    = 200
	DefaultClock      = 15 * time.Second
)

// config builds the table's configuration, every problem reported at once.
func (sp BankedSpec) config(id string) (house.Config, error) {
	layout := wheel.Wheel{}
	if sp.Game == house.GameMoneyWheel && len(sp.WheelFields) > 0 {
		var err error
		if layout, err = wheel.ParseMoney(sp.WheelName, strings.Join(sp.WheelFields, ",")); err != nil {
			return house.Config{}, apierr.Invalid("BAD_WHEEL", "%v", err)
		}
	}
	cfg := house.Config{ID: id, Name: strings.TrimSpace(sp.Name), Game: sp.Game, Profile: sp.Profile, Options: sp.Options,
		Source: sp.Source, Window: sp.Window, Pause: sp.Pause, MaxPlayers: sp.MaxPlayers, CloseWhenAllBet: sp.CloseWhenAllBet,
		MaxBets: sp.MaxBets, Currency: sp.Currency, Escrow: "pending", Revenue: "pending", Bank: "pending"}
	switch sp.Game {
	case house.GameBlackjack:
		bj, err := house.BlackjackRules(sp.Profile, sp.Options)
		if err != nil {
			return house.Config{}, err
		}
		if err := sp.Limits.applyBlackjack(bj); err != nil {
			return house.Config{}, err
		}
		cfg.Blackjack = bj
	case house.GameCasinoHoldem:
		r, err := house.HoldemRules(sp.Profile, sp.Options)
		if err != nil {
			return house.Config{}, err
		}
		if err := sp.Limits.applyPoker(&r.Limits.Ante, map[string]*round.Limit{"aa_bonus": &r.Limits.AABonus}); err != nil {
			return house.Config{}, err
		}
		cfg.CasinoHoldem = r
	case house.GameCasinoTexas:
		r, err := house.TexasRules(sp.Profile, sp.Options)
		if err != nil {
			return house.Config{}, err
		}
		if err := sp.Limits.applyPoker(&r.Limits.Ante, map[string]*round.Limit{"trips": &r.Limits.Trips}); err != nil {
			return house.Config{}, err
		}
		cfg.CasinoTexas = r
	case house.GameOasis:
		r, err := house.OasisRules(sp.Profile, sp.Options)
		if err != nil {
			return house.Config{}, err
		}
		if err := sp.Limits.applyPoker(&r.Limits.Ante, map[string]*round.Limit{"royal_bonus": &r.Limits.RoyalBonus}); err != nil {
			return house.Config{}, err
		}
		cfg.Oasis = r
	case house.GameRussian:
		r, err := house.RussianRules(sp.Profile, sp.Options)
		if err != nil {
			return house.Config{}, err
		}
		if err := sp.Limits.applyPoker(&r.Limits.Ante, map[string]*round.Limit{"royal_bonus": &r.Limits.RoyalBonus}); err != nil {
			return house.Config{}, err
		}
		cfg.Russian = r
	case house.GameSplit:
		r, err := house.SplitRules(sp.Profile, sp.Options)
		if err != nil {
			return house.Config{}, err
		}
		if err := sp.Limits.applyPoker(&r.Limits.Ante, map[string]*round.Limit{"royal_bonus": &r.Limits.RoyalBonus}); err != nil {
			return house.Config{}, err
		}
		cfg.Split = r
	default:
		ro, mw, err := house.Rules(sp.Game, sp.Profile, sp.Options, layout)
		if err != nil {
			return house.Config{}, err
		}
		if err := sp.Limits.apply(ro, mw); err != nil {
			return house.Config{}, err
		}
		cfg.Roulette, cfg.Wheel = ro, mw
	}
	if cfg.CardGame() {
		cfg.Clock = sp.Clock
		if cfg.Clock == 0 {
			cfg.Clock = DefaultClock
		}
	}
	if cfg.Name == "" {
		cfg.Name = id
	}
	if cfg.Window == 0 {
		cfg.Window = DefaultWindow
	}
	if cfg.Pause == 0 {
		cfg.Pause = DefaultPause
	} else if cfg.Pause < 0 {
		cfg.Pause = 0
	}
	if cfg.MaxPlayers == 0 {
		cfg.MaxPlayers = DefaultMaxPlayers
	}
	if cfg.MaxBets == 0 {
		cfg.MaxBets = DefaultMaxBets
	}
	return cfg, cfg.Validate()
}

// applyBlackjack sets a blackjack table's sign: the least one player
// stakes on a box and the most a box's players stake together (cz §4;
// ru §3.6–3.8). Blackjack has no spot or kind limits.
func (l BankedLimits) applyBlackjack(r *blackjack.Rules) error {
	if l.Table.Min <= 0 || (l.Table.Max > 0 && l.Table.Max < l.Table.Min) {
		return apierr.Invalid("BAD_LIMITS", "table limits %d..%d: want 0 < min <= max (0 = no max)", l.Table.Min, l.Table.Max)
	}
	if l.Spot != 0 || len(l.ByKind) > 0 {
		return apierr.Invalid("BAD_LIMITS", "blackjack limits a box: no spot or bet-kind limits")
	}
	r.Limits.Table = l.Table
	return nil
}

// applyPoker sets a casino poker table's sign: the table's limits are
// the Ante's (gr §1; cz §3: the Blind equals it; the stud games' ru
// §3.6–3.7), and the side bet's ("aa_bonus", "trips", "royal_bonus")
// its own kind's. A casino poker table has no spot limit. The stud
// games' most a box wins (Limits.MaxPayout, RoyalBonusMaxPayout) is no
// min..max: it stays the engine's default, none.
func (l BankedLimits) applyPoker(ante *round.Limit, kinds map[string]*round.Limit) error {
	if l.Table.Min <= 0 || (l.Table.Max > 0 && l.Table.Max < l.Table.Min) {
		return apierr.Invalid("BAD_LIMITS", "table limits %d..%d: want 0 < min <= max (0 = no max)", l.Table.Min, l.Table.Max)
	}
	if l.Spot != 0 {
		return apierr.Invalid("BAD_LIMITS", "a casino poker table limits the Ante (the table's limits) and its side bet: no spot limit")
	}
	*ante = l.Table
	for k, lim := range l.ByKind {
		p := kinds[k]
		if p == nil {
			return apierr.Invalid("BAD_LIMITS", "%q is not a side bet of the game with limits of its own (have %v)", k, slices.Sorted(maps.Keys(kinds)))
		}
		*p = lim
	}
	return nil
}

// apply sets the limits on the game's rules. A table must say its
// minimum stake; a kind the game does not have is refused.
func (l BankedLimits) apply(ro *roulette.Rules, mw *moneywheel.Rules) error {
	if l.Table.Min <= 0 || (l.Table.Max > 0 && l.Table.Max < l.Table.Min) {
		return apierr.Invalid("BAD_LIMITS", "table limits %d..%d: want 0 < min <= max (0 = no max)", l.Table.Min, l.Table.Max)
	}
	if mw != nil {
		if l.Spot != 0 {
			return apierr.Invalid("BAD_LIMITS", "the money wheel has no spot maximum: limit a box instead")
		}
		mw.Limits.Table = l.Table
		for k, lim := range l.ByKind {
			if !slices.Contains(moneywheel.Boxes(), k) {
				return apierr.Invalid("BAD_LIMITS", "%q is not a box of the money wheel (%v)", k, moneywheel.Boxes())
			}
			if mw.Limits.Boxes == nil {
				mw.Limits.Boxes = map[string]round.Limit{}
			}
			mw.Limits.Boxes[k] = lim
		}
		return nil
	}
	rl := &ro.Limits
	rl.Table, rl.Spot = l.Table, l.Spot
	kinds := map[string]*round.Limit{"straight": &rl.Straight, "split": &rl.Split, "street": &rl.Street, "corner": &rl.Corner,
		"sixline": &rl.SixLine, "topline": &rl.TopLine, "dozen": &rl.Dozen, "column": &rl.Column, "even_chance": &rl.EvenChance}
	for k, lim := range l.ByKind {
		p := kinds[k]
		if p == nil {
			return apierr.Invalid("BAD_LIMITS", "%q is not a roulette bet kind with limits of its own", k)
		}
		*p = lim
	}
	return nil
}

// CreateBankedTable opens a banked table with its wallet accounts: the
// table's round escrow, the house's revenue and bank accounts in its
// currency.
func (s *Service) CreateBankedTable(ctx context.Context, sp BankedSpec) (house.Summary, error) {
	id := newTableID(sp.Key)
	fp := ""
	if sp.Key != "" {
		b, err := json.Marshal(sp)
		if err != nil {
			return house.Summary{}, fmt.Errorf("banked table spec: %w", err)
		}
		fp = fingerprint("banked", string(b))
		// A retry: answered before the wallet is touched.
		sum, err := s.existingBanked(ctx, id, fp)
		if apierr.Reason(err) != "TABLE_NOT_FOUND" {
			return sum, err
		}
	}
	cfg, err := sp.config(id)
	if err != nil {
		return house.Summary{}, err
	}
	cfg.Fingerprint = fp
	// Priced and checked before any account is opened: a refused table
	// leaves nothing behind.
	if err := s.priceBanked(ctx, &cfg, sp); err != nil {
		return house.Summary{}, err
	}
	if err := s.wallet(); err != nil {
		return house.Summary{}, err
	}
	for _, a := range []struct {
		kind  walletv1.AccountKind
		owner string
		into  *string
	}{
		{walletv1.AccountKind_ACCOUNT_KIND_ROUND_ESCROW, id, &cfg.Escrow},
		{walletv1.AccountKind_ACCOUNT_KIND_HOUSE_REVENUE, "", &cfg.Revenue},
		{walletv1.AccountKind_ACCOUNT_KIND_HOUSE_BANK, "", &cfg.Bank},
	} {
		if *a.into, err = s.account(ctx, a.kind, a.owner, "", cfg.Currency); err != nil {
			return house.Summary{}, err
		}
	}
	t := house.New(cfg)
	snap, err := t.Encode()
	if err != nil {
		return house.Summary{}, err
	}
	err = s.deps.Store.Create(ctx, id, 0, snap)
	if errors.Is(err, store.ErrExists) && sp.Key != "" {
		return s.existingBanked(ctx, id, fp)
	}
	if err != nil {
		return house.Summary{}, unavailable(err)
	}
	if cfg.HouseEdgeOverride != nil {
		s.auditOverride(ctx, &cfg)
	}
	s.touchLobby(id)
	s.kick(id) // the first round opens at once
	return t.Summarize(), nil
}

// existingBanked answers a CreateBankedTable retry: the table made with
// the key, if the request was the same (fingerprint fp).
func (s *Service) existingBanked(ctx context.Context, id, fp string) (house.Summary, error) {
	var sum house.Summary
	err := s.readBanked(ctx, id, func(t *house.Table) error {
		if t.Config.Fingerprint != "" && t.Config.Fingerprint != fp {
			return keyReused()
		}
		sum = t.Summarize()
		return nil
	})
	return sum, err
}

// BankedLobby lists the banked tables in the lobby, ordered by id.
func (s *Service) BankedLobby(ctx context.Context) ([]house.Summary, error) {
	entries, err := s.lobbyEntries(ctx, "round")
	if err != nil {
		return nil, err
	}
	out := make([]house.Summary, 0, len(entries))
	for _, v := range entries {
		var sum house.Summary
		if json.Unmarshal(v, &sum) == nil {
			out = append(out, sum)
		}
	}
	slices.SortFunc(out, func(a, b house.Summary) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// CloseBankedTable closes a banked table once its round has ended and
// every settlement is paid.
func (s *Service) CloseBankedTable(ctx context.Context, id, reason string) error {
	return s.execRound(ctx, id, &house.Command{Kind: house.CmdCloseTable, Reason: reason})
}

// PauseBankedTable opens no new round until ResumeBankedTable.
func (s *Service) PauseBankedTable(ctx context.Context, id, reason string) error {
	return s.execRound(ctx, id, &house.Command{Kind: house.CmdPause, Reason: reason})
}

// ResumeBankedTable opens rounds again (and lifts a freeze for review).
func (s *Service) ResumeBankedTable(ctx context.Context, id string) error {
	return s.execRound(ctx, id, &house.Command{Kind: house.CmdResume})
}

// UpdateBankedSettings changes the betting window and the pause between
// rounds, from the next round, as CreateBankedTable reads them: 0 keeps
// the table's, a negative pause is none.
func (s *Service) UpdateBankedSettings(ctx context.Context, id string, window, pause time.Duration) error {
	return s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		c := &house.Command{Kind: house.CmdSettings, Window: window, Pause: pause}
		if c.Window == 0 {
			c.Window = t.Config.Window
		}
		switch {
		case c.Pause == 0:
			c.Pause = t.Config.Pause
		case c.Pause < 0:
			c.Pause = 0
		}
		return reply{cmd: c}, nil
	}, nil)
}

// VoidRound is the operator declaring round n (0: the one in progress)
// void for reason: every bet is returned (cz-european-roulette.md §8).
func (s *Service) VoidRound(ctx context.Context, id string, n int64, reason string) error {
	return s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if n == 0 {
			n = t.Round()
		}
		return reply{cmd: &house.Command{Kind: house.CmdVoid, Round: n, Reason: reason}}, nil
	}, nil)
}
