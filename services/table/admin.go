package table

import (
	"time"

	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/rake"
	"github.com/croupier/croupier/services/table/poker/seating"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/apierr"
)

// TableSpec is what CreateTable needs.
type TableSpec struct {
	Name      string
	Game      profile.Game
	Structure betting.Structure
	Stakes    profile.Stakes
	// MaxSeats caps the table (0: the game's maximum).
	MaxSeats int
	// Profile is the rule profile name ("gr" if empty); Options override
	// its options by name.
	Profile  string
	Options  map[string]string
	MinBuyIn int64
	MaxBuyIn int64
	Clock    live.Clock
	// Tournament makes a tournament table (chips, no wallet, no rake).
	Tournament  string
	FirstButton int
	// Key makes creation idempotent: the same key gives the same table.
	Key string
}

// Rules builds and validates the rules of a spec.
func (sp TableSpec) Rules() (profile.Rules, error) {
	name := sp.Profile
	if name == "" {
		name = profile.GR
	}
	r, err := profile.Named(name, sp.Game, sp.Structure)
	if err != nil {
		return profile.Rules{}, apierr.Invalid("BAD_PROFILE", "%v", err)
	}
	if sp.Tournament != "" {
		// A tournament's tables play its profile's tournament rules; the
		// options below may still override them one by one.
		r = r.ForTournament()
	}
	keys := make([]string, 0, len(sp.Options))
	for k := range sp.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if err := r.Set(k, sp.Options[k]); err != nil {
			return profile.Rules{}, apierr.Invalid("BAD_OPTION", "%v", err)
		}
	}
	if sp.MaxSeats > 0 {
		r.MaxSeats = sp.MaxSeats
	}
	if sp.Tournament != "" {
		// The tournament fee is the house's take: no pot rake.
		r.Rake = rake.Config{Mode: rake.None}
		r.Options.RakeRequired = false
	}
	r = r.WithStakes(sp.Stakes)
	if err := r.Validate(); err != nil {
		return profile.Rules{}, apierr.Invalid("BAD_RULES", "%v", err)
	}
	return r, nil
}

func newTableID(key string) string {
	if key != "" {
		sum := sha256.Sum256([]byte("table\x00" + key))
		return "t" + hex.EncodeToString(sum[:8])
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return "t" + hex.EncodeToString(b)
}

// CreateTable opens a table. A cash table gets its escrow account in the
// wallet; a tournament table plays chips.
func (s *Service) CreateTable(ctx context.Context, sp TableSpec) (live.Summary, error) {
	rules, err := sp.Rules()
	if err != nil {
		return live.Summary{}, err
	}
	id := newTableID(sp.Key)
	fp := ""
	if sp.Key != "" {
		body := sp
		body.Key = ""
		b, err := json.Marshal(body)
		if err != nil {
			return live.Summary{}, fmt.Errorf("table spec: %w", err)
		}
		fp = fingerprint("table", string(b))
	}
	if sp.Key != "" {
		// A retry: answered before the wallet is touched (a refused one
		// opens no account).
		sum, err := s.existing(ctx, id, fp)
		if apierr.Reason(err) != "TABLE_NOT_FOUND" {
			return sum, err
		}
	}
	cfg := live.Config{ID: id, Name: strings.TrimSpace(sp.Name), Rules: rules, MinBuyIn: sp.MinBuyIn, MaxBuyIn: sp.MaxBuyIn,
		Clock: sp.Clock, Tournament: sp.Tournament, FirstButton: sp.FirstButton, Currency: rules.Stakes.Currency, Fingerprint: fp}
	if cfg.Name == "" {
		cfg.Name = id
	}
	if cfg.Tournament != "" {
		cfg.Currency = "CHP"
		cfg.Rules.Stakes.Currency = "CHP"
	}
	if cfg.Cash() {
		// Validate before touching the wallet.
		cfg.Escrow, cfg.Revenue = "pending", "pending"
	}
	if err := cfg.Validate(); err != nil {
		return live.Summary{}, apierr.Invalid("BAD_TABLE", "%v", err)
	}
	if cfg.Cash() {
		if cfg.Escrow, err = s.account(ctx, walletv1.AccountKind_ACCOUNT_KIND_TABLE_ESCROW, id, "", cfg.Currency); err != nil {
			return live.Summary{}, err
		}
		if cfg.Revenue, err = s.account(ctx, walletv1.AccountKind_ACCOUNT_KIND_HOUSE_REVENUE, "", "", cfg.Currency); err != nil {
			return live.Summary{}, err
		}
	}
	t := live.New(cfg)
	snap, err := t.MarshalSnapshot()
	if err != nil {
		return live.Summary{}, err
	}
	err = s.deps.Store.Create(ctx, id, 0, snap)
	if errors.Is(err, store.ErrExists) && sp.Key != "" {
		return s.existing(ctx, id, fp)
	}
	if err != nil {
		return live.Summary{}, unavailable(err)
	}
	// The lobby loop rewrites entries of tables loaded here; a new table
	// is not loaded until its first command, so its entry is written now:
	// players find an empty table and sit down.
	if entry, listed := t.Lobby(); listed {
		if err := s.deps.Store.PutSummaries(ctx, map[string][]byte{id: entry}); err != nil {
			return live.Summary{}, unavailable(err)
		}
	}
	s.touchLobby(id)
	return t.Summarize(), nil
}

// existing answers a CreateTable retry: the table made with the key, if
// the request was the same (fingerprint fp).
func (s *Service) existing(ctx context.Context, id, fp string) (live.Summary, error) {
	var sum live.Summary
	err := s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		if t.Config.Fingerprint != "" && t.Config.Fingerprint != fp {
			return keyReused()
		}
		sum = t.Summarize()
		return nil
	})
	return sum, err
}

// admin commits an operator's command.
func (s *Service) admin(ctx context.Context, id string, c *live.Command) error {
	return s.exec(ctx, id, func(t *live.Table) (reply, error) {
		cc := *c
		return reply{cmd: &cc}, nil
	}, nil)
}

// CloseTable closes a table once its hand is over, cashing everyone out.
// A table closing or closed already is fine: the command changes nothing
// (live.Table.Unchanged).
func (s *Service) CloseTable(ctx context.Context, id, reason string) error {
	return s.admin(ctx, id, &live.Command{Kind: live.CmdClose, Reason: reason})
}

// PauseTable stops dealing; a paused table stays paused (a closing or
// closed one refuses).
func (s *Service) PauseTable(ctx context.Context, id, reason string) error {
	return s.admin(ctx, id, &live.Command{Kind: live.CmdPause, Reason: reason})
}

// ResumeTable deals again after a pause; an open table stays open (a
// closing or closed one refuses, unless a closing one is held for review:
// resuming lifts the hold).
func (s *Service) ResumeTable(ctx context.Context, id string) error {
	return s.admin(ctx, id, &live.Command{Kind: live.CmdResume})
}

// Misdeal voids hand handID and returns every bet (gr-regulation-2 G2).
func (s *Service) Misdeal(ctx context.Context, id, handID, reason string) error {
	return s.admin(ctx, id, &live.Command{Kind: live.CmdMisdeal, Hand: handID, Reason: reason})
}

// VoidPlayerHand kills seat's hand in hand handID (G2.6).
func (s *Service) VoidPlayerHand(ctx context.Context, id, handID string, seat int, ret hand.VoidReturn, reason string) error {
	return s.admin(ctx, id, &live.Command{Kind: live.CmdVoidSeat, Hand: handID, Seat: seat, Return: ret, Reason: reason})
}

// Penalty is a "miss N rounds" penalty as imposed.
type Penalty struct {
	Hands, Seat int
	Replayed    bool
}

// PenalizePlayer makes a tournament player miss rounds from the next hand
// (docs/rules/tournaments.md T27); a retry with the same key changes
// nothing and returns the first answer.
func (s *Service) PenalizePlayer(ctx context.Context, id, player, partner string, rounds int, reason, key string) (Penalty, error) {
	who := live.PlayerKey(partner, player)
	wkey := scopedKey("penalize", id, who, key)
	var res Penalty
	err := s.exec(ctx, id, func(t *live.Table) (reply, error) {
		if r, ok := t.Key(wkey); ok {
			res = Penalty{Hands: int(r.Amount), Seat: r.Seat, Replayed: true}
			return reply{done: true}, nil
		}
		return reply{cmd: &live.Command{Kind: live.CmdPenalize, Who: who, Amount: int64(rounds), Reason: reason, Key: wkey}}, nil
	}, func(t *live.Table, c *committed) error {
		if c != nil {
			r, _ := t.Key(wkey)
			res = Penalty{Hands: int(r.Amount), Seat: r.Seat}
		}
		return nil
	})
	return res, err
}

// CallClock calls the clock on the seat to act in hand handID at seq and
// returns the seat, when its countdown starts and when its hand is dead.
func (s *Service) CallClock(ctx context.Context, id, handID string, seq int) (seat int, countdown, deadline time.Time, err error) {
	err = s.exec(ctx, id, func(t *live.Table) (reply, error) {
		return reply{cmd: &live.Command{Kind: live.CmdCallClock, Hand: handID, Seq: seq}}, nil
	}, func(t *live.Table, c *committed) error {
		if c == nil || t.Hand == nil {
			return nil
		}
		called, _ := t.Config.Clock.CalledTimes()
		seat = t.Hand.State().ToAct()
		deadline = time.UnixMilli(t.Hand.Deadline).UTC()
		countdown = time.UnixMilli(min(t.Hand.Deadline, t.Hand.Called+called.Milliseconds())).UTC()
		return nil
	})
	return seat, countdown, deadline, err
}

// SetShotClock puts a tournament player on the shot clock, or off it.
func (s *Service) SetShotClock(ctx context.Context, id, player, partner string, on bool) error {
	return s.admin(ctx, id, &live.Command{Kind: live.CmdShotClock, Who: live.PlayerKey(partner, player), Flag: on})
}

// AwardDisputedPot settles a held pot (M9).
func (s *Service) AwardDisputedPot(ctx context.Context, id, handID string, shares []int64, reason string) error {
	return s.admin(ctx, id, &live.Command{Kind: live.CmdAward, Hand: handID, Awards: shares, Reason: reason})
}

// Arrival is how a tournament player seated at a table comes into play:
// his entry into the blind rotation and, for a player the tournament moved
// in (Entry seating.Exempt), the hand he misses and the big blind he owes
// dead (gr-regulation-2 H.29(c), H.35).
type Arrival struct {
	Entry    seating.Entry
	MissHand bool
	DeadBig  bool
	// Bank is the time bank (ms) he brings from his last table, nil for
	// the table's; Shot, his shot clock (T25, T26).
	Bank *int64
	Shot bool
	// Ext is the extension periods he has left, nil for the table's.
	Ext *int
}

// SeatPlayer seats a tournament player with chips; a retry with the same
// key returns the seat.
func (s *Service) SeatPlayer(ctx context.Context, id string, seat int, player, partner, name string, chips int64, in Arrival, key string) (int, bool, error) {
	who := live.PlayerKey(partner, player)
	wkey := scopedKey("seatp", id, who, key)
	name, err := displayName(name)
	if err != nil {
		return -1, false, err
	}
	if (in.MissHand || in.DeadBig) && in.Entry != seating.Exempt {
		return -1, false, apierr.Invalid("BAD_ENTRY", "a missed hand or a dead big blind is a moved player's (entry exempt)")
	}
	fp := fingerprint("seatp", strconv.Itoa(seat), name, strconv.FormatInt(chips, 10), strconv.Itoa(int(in.Entry)),
		strconv.FormatBool(in.MissHand), strconv.FormatBool(in.DeadBig), bankText(in.Bank), strconv.FormatBool(in.Shot), extText(in.Ext))
	got, replayed := -1, false
	err = s.exec(ctx, id, func(t *live.Table) (reply, error) {
		if r, ok := t.Key(wkey); ok {
			if err := checkReplay(r, fp); err != nil {
				return reply{}, err
			}
			got, replayed = r.Seat, true
			return reply{done: true}, nil
		}
		return reply{cmd: &live.Command{Kind: live.CmdSeatPlayer, Who: who, Name: name, Seat: seat, Amount: chips, Entry: in.Entry,
			MissHand: in.MissHand, DeadBig: in.DeadBig, Bank: in.Bank, Shot: in.Shot, Ext: in.Ext, Key: wkey, Fingerprint: fp}}, nil
	}, func(t *live.Table, c *committed) error {
		if c != nil {
			r, _ := t.Key(wkey)
			got = r.Seat
		}
		return nil
	})
	return got, replayed, err
}

func extText(e *int) string {
	if e == nil {
		return "table"
	}
	return strconv.Itoa(*e)
}

func bankText(b *int64) string {
	if b == nil {
		return "table"
	}
	return strconv.FormatInt(*b, 10)
}

// Removal is the outcome of RemovePlayer.
type Removal struct {
	Chips    int64
	Seat     int
	Offset   int
	Deferred bool
	Replayed bool
	// Bank (ms), Shot and Ext go with him to his next table.
	Bank int64
	Shot bool
	Ext  int
}

// RemovePlayer takes a tournament player off the table with his chips
// (deferred to the hand's end if he is dealt in).
func (s *Service) RemovePlayer(ctx context.Context, id, player, partner, key string) (Removal, error) {
	who := live.PlayerKey(partner, player)
	wkey := scopedKey("remove", id, who, key)
	var res Removal
	err := s.exec(ctx, id, func(t *live.Table) (reply, error) {
		if r, ok := t.Key(wkey); ok {
			res = Removal{Chips: r.Amount, Seat: r.Seat, Offset: r.Offset, Deferred: r.Deferred, Replayed: true, Bank: r.Bank, Shot: r.Shot, Ext: r.Ext}
			return reply{done: true}, nil
		}
		return reply{cmd: &live.Command{Kind: live.CmdRemovePlayer, Who: who, Key: wkey}}, nil
	}, func(t *live.Table, c *committed) error {
		if c != nil {
			r, _ := t.Key(wkey)
			res = Removal{Chips: r.Amount, Seat: r.Seat, Offset: r.Offset, Deferred: r.Deferred, Bank: r.Bank, Shot: r.Shot, Ext: r.Ext}
		}
		return nil
	})
	return res, err
}

// SetStakes sets the stakes of the next hand (a tournament level; a cash
// table's after three hands' notice).
func (s *Service) SetStakes(ctx context.Context, id string, st profile.Stakes) error {
	return s.admin(ctx, id, &live.Command{Kind: live.CmdSetStakes, Stakes: &st})
}

// SetDealHold holds or releases the next deal (hand-for-hand).
func (s *Service) SetDealHold(ctx context.Context, id string, hold bool) error {
	return s.admin(ctx, id, &live.Command{Kind: live.CmdSetHold, Flag: hold})
}

// UpdateClock changes the table's clock.
func (s *Service) UpdateClock(ctx context.Context, id string, c live.Clock) error {
	return s.admin(ctx, id, &live.Command{Kind: live.CmdSettings, Clock: &c})
}

// HandResults returns the results kept in the table's state of hands after
// number after, and the last hand number.
func (s *Service) HandResults(ctx context.Context, id string, after uint64, limit int) ([]live.HandResult, uint64, error) {
	var out []live.HandResult
	var last uint64
	err := s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		for _, r := range t.Results {
			if r.Number > after && len(out) < limit {
				out = append(out, r)
			}
		}
		if len(t.Results) > 0 {
			last = t.Results[len(t.Results)-1].Number
		}
		return nil
	})
	return out, last, err
}
