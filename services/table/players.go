package table

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table/displayname"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/shared/apierr"
)

// Caller is who calls the core.
type Caller struct {
	// Player and Partner identify a player; Partner alone a partner
	// back-office.
	Player  string
	Partner string
	// Internal: an operator or another service.
	Internal bool
}

// Key is the caller's player key at a table ("" if not a player).
func (c Caller) Key() string {
	if c.Player == "" {
		return ""
	}
	return live.PlayerKey(c.Partner, c.Player)
}

// Viewer is what the caller may see.
func (c Caller) Viewer() live.Viewer {
	return live.Viewer{Player: c.Key(), Partner: c.Partner, Internal: c.Internal}
}

func (c Caller) player() error {
	if c.Player == "" || c.Partner == "" {
		return apierr.Denied("PLAYERS_ONLY", "only a player may do this, with his own session token")
	}
	return nil
}

// SeatResult is the outcome of TakeSeat.
type SeatResult struct {
	Seat     int
	Stack    int64
	Replayed bool
}

// TakeSeat seats a player with a buy-in: a hold on his wallet account is
// created, the seat is reserved with the hold recorded as a money intent,
// the hold is posted into the table's escrow, and the seat gets its chips.
// A retry with the same key returns the first outcome.
func (s *Service) TakeSeat(ctx context.Context, id string, who Caller, seat int, amount int64, currency, key, name string, postNow bool) (SeatResult, error) {
	if err := who.player(); err != nil {
		return SeatResult{}, err
	}
	wkey := scopedKey("seat", id, who.Key(), key)
	name, err := displayName(name)
	if err != nil {
		return SeatResult{}, err
	}
	fp := fingerprint("seat", strconv.Itoa(seat), strconv.FormatInt(amount, 10), currency, name, strconv.FormatBool(postNow))
	// A retry: answer from the table, finishing the intent if needed.
	var rec live.KeyRecord
	var known bool
	var cfg live.Config
	if err := s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		rec, known = t.Key(wkey)
		cfg = t.Config
		return nil
	}); err != nil {
		return SeatResult{}, err
	}
	if known {
		if err := checkReplay(rec, fp); err != nil {
			return SeatResult{}, err
		}
	}
	replayed := known
	if !known {
		if !cfg.Cash() {
			return SeatResult{}, apierr.Precondition("TOURNAMENT_TABLE", "players are seated at a tournament table by the tournament")
		}
		if currency != cfg.Currency {
			return SeatResult{}, apierr.Invalid("CURRENCY_MISMATCH", "the table plays %s, not %q", cfg.Currency, currency)
		}
		if amount < cfg.MinBuyIn || amount > cfg.MaxBuyIn {
			return SeatResult{}, apierr.Invalid("BUY_IN_OUT_OF_RANGE", "buy-in %d outside %d..%d (gr-regulation-2 G3.1)", amount, cfg.MinBuyIn, cfg.MaxBuyIn)
		}
		acct, err := s.account(ctx, walletv1.AccountKind_ACCOUNT_KIND_PLAYER, who.Player, who.Partner, cfg.Currency)
		if err != nil {
			return SeatResult{}, err
		}
		hold, err := s.deps.Wallet.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{
			IdempotencyKey: wkey, TtlSeconds: int32(s.opts.HoldTTL / time.Second),
			Transfer: &walletv1.TransferSpec{DebitAccountId: acct, CreditAccountId: cfg.Escrow,
				Amount: &commonv1.Money{Amount: amount, Currency: cfg.Currency},
				Kind:   walletv1.TransferKind_TRANSFER_KIND_BUY_IN, Metadata: &walletv1.Metadata{TableId: id}}}))
		if err != nil {
			return SeatResult{}, walletErr("hold buy-in", err)
		}
		holdID := hold.Msg.GetHold().GetId()
		err = s.exec(ctx, id, func(t *live.Table) (reply, error) {
			if r, ok := t.Key(wkey); ok {
				if err := checkReplay(r, fp); err != nil {
					return reply{}, err
				}
				rec, known, replayed = r, true, true
				return reply{done: true}, nil
			}
			return reply{cmd: &live.Command{Kind: live.CmdReserve, Who: who.Key(), Name: name, Seat: seat,
				Amount: amount, Hold: holdID, Key: wkey, Fingerprint: fp, Account: acct, Flag: postNow}}, nil
		}, func(t *live.Table, c *committed) error {
			rec, known = t.Key(wkey)
			return nil
		})
		if err != nil {
			if isRejection(err) || apierr.Code(err) == connect.CodeInvalidArgument || apierr.Code(err) == connect.CodeAlreadyExists {
				// Refused: release the money at once rather than at expiry.
				_, _ = s.deps.Wallet.VoidHold(context.WithoutCancel(ctx), connect.NewRequest(&walletv1.VoidHoldRequest{HoldId: holdID}))
			}
			return SeatResult{}, err
		}
	}
	res := SeatResult{Seat: rec.Seat, Replayed: replayed}
	// Carry the buy-in out now (the clock would after IntentGrace).
	if err := s.finishIntent(ctx, id, wkey); err != nil {
		return SeatResult{}, err
	}
	var failed bool
	err = s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		if t.Seating.Seats[rec.Seat].Player != who.Key() {
			failed = true
			return nil
		}
		res.Stack = t.Seating.Seats[rec.Seat].Stack
		if t.InHand() && t.Hand.State().Seats[rec.Seat].In && t.Hand.State().Seats[rec.Seat].Player == who.Key() {
			res.Stack = t.Hand.State().Stack(rec.Seat)
		}
		return nil
	})
	if err != nil {
		return SeatResult{}, err
	}
	if failed {
		return SeatResult{}, apierr.Precondition("BUY_IN_FAILED", "the buy-in hold could not be posted; the seat was released")
	}
	return res, nil
}

// displayName is the name a player shows at the table: "" (an anonymous
// seat label shows, never the player id) for a blank one, else the name
// as package displayname normalises it; a name that hides or fakes what it
// shows is refused (issue 11).
func displayName(name string) (string, error) {
	out, err := displayname.Normalize(name)
	switch {
	case errors.Is(err, displayname.ErrEmpty):
		return "", nil
	case err != nil:
		return "", apierr.Invalid("BAD_DISPLAY_NAME", "%v", err)
	}
	return out, nil
}

// finishIntent carries out intent id if it is still pending.
func (s *Service) finishIntent(ctx context.Context, id, intent string) error {
	var in live.Intent
	var ok bool
	if err := s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		in, ok = t.Intent(intent)
		return nil
	}); err != nil || !ok {
		return err
	}
	return s.runIntent(ctx, id, in)
}

// ChipsResult is the outcome of AddChips.
type ChipsResult struct {
	Stack    int64
	Pending  int64
	Replayed bool
}

// AddChips tops a seated player's stack up from his wallet: between hands,
// or once he has folded (the chips then play from the next hand,
// gr-regulation-2 G3.11).
func (s *Service) AddChips(ctx context.Context, id string, who Caller, amount int64, currency, key string) (ChipsResult, error) {
	if err := who.player(); err != nil {
		return ChipsResult{}, err
	}
	wkey := scopedKey("topup", id, who.Key(), key)
	fp := fingerprint("topup", strconv.FormatInt(amount, 10), currency)
	var cfg live.Config
	var known bool
	var rec live.KeyRecord
	var acct string
	if err := s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		cfg = t.Config
		rec, known = t.Key(wkey)
		if seat := t.SeatOf(who.Key()); seat >= 0 {
			acct = t.Seats[seat].Account
		}
		return nil
	}); err != nil {
		return ChipsResult{}, err
	}
	if known {
		if err := checkReplay(rec, fp); err != nil {
			return ChipsResult{}, err
		}
	}
	if !known {
		if !cfg.Cash() {
			return ChipsResult{}, apierr.Precondition("TOURNAMENT_TABLE", "chips at a tournament table come from rebuys and add-ons")
		}
		if acct == "" {
			return ChipsResult{}, apierr.Precondition("NOT_SEATED", "the player is not seated at this table")
		}
		if currency != cfg.Currency {
			return ChipsResult{}, apierr.Invalid("CURRENCY_MISMATCH", "the table plays %s, not %q", cfg.Currency, currency)
		}
		if amount <= 0 || amount > cfg.MaxBuyIn {
			return ChipsResult{}, apierr.Invalid("BAD_AMOUNT", "amount %d outside 1..%d", amount, cfg.MaxBuyIn)
		}
		hold, err := s.deps.Wallet.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{
			IdempotencyKey: wkey, TtlSeconds: int32(s.opts.HoldTTL / time.Second),
			Transfer: &walletv1.TransferSpec{DebitAccountId: acct, CreditAccountId: cfg.Escrow,
				Amount: &commonv1.Money{Amount: amount, Currency: cfg.Currency},
				Kind:   walletv1.TransferKind_TRANSFER_KIND_BUY_IN, Metadata: &walletv1.Metadata{TableId: id, Note: "top-up"}}}))
		if err != nil {
			return ChipsResult{}, walletErr("hold top-up", err)
		}
		holdID := hold.Msg.GetHold().GetId()
		err = s.exec(ctx, id, func(t *live.Table) (reply, error) {
			if r, ok := t.Key(wkey); ok {
				if err := checkReplay(r, fp); err != nil {
					return reply{}, err
				}
				known = true
				return reply{done: true}, nil
			}
			return reply{cmd: &live.Command{Kind: live.CmdTopUp, Who: who.Key(), Amount: amount, Hold: holdID, Key: wkey, Fingerprint: fp}}, nil
		}, nil)
		if err != nil {
			if isRejection(err) || apierr.Code(err) == connect.CodeInvalidArgument || apierr.Code(err) == connect.CodeAlreadyExists {
				_, _ = s.deps.Wallet.VoidHold(context.WithoutCancel(ctx), connect.NewRequest(&walletv1.VoidHoldRequest{HoldId: holdID}))
			}
			return ChipsResult{}, err
		}
	}
	if err := s.finishIntent(ctx, id, wkey); err != nil {
		return ChipsResult{}, err
	}
	res := ChipsResult{Replayed: known}
	err := s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		seat := t.SeatOf(who.Key())
		if seat < 0 {
			return nil
		}
		res.Stack, res.Pending = t.Seating.Seats[seat].Stack, t.Seats[seat].TopUp
		return nil
	})
	return res, err
}

// simple runs a command for the caller's own seat.
func (s *Service) simple(ctx context.Context, id string, who Caller, kind live.CommandKind, flag bool) error {
	if err := who.player(); err != nil {
		return err
	}
	return s.exec(ctx, id, func(t *live.Table) (reply, error) {
		return reply{cmd: &live.Command{Kind: kind, Who: who.Key(), Flag: flag}}, nil
	}, nil)
}

// SitOut stops dealing the caller in.
func (s *Service) SitOut(ctx context.Context, id string, who Caller) error {
	return s.simple(ctx, id, who, live.CmdSitOut, false)
}

// SitIn deals the caller in again (postNow: post missed blinds now).
func (s *Service) SitIn(ctx context.Context, id string, who Caller, postNow bool) error {
	return s.simple(ctx, id, who, live.CmdSitIn, postNow)
}

// JoinWaitingList puts the caller on the waiting list and returns his
// place.
func (s *Service) JoinWaitingList(ctx context.Context, id string, who Caller) (int, error) {
	if err := who.player(); err != nil {
		return 0, err
	}
	pos := 0
	err := s.exec(ctx, id, func(t *live.Table) (reply, error) {
		if p := t.WaitingPosition(who.Key()); p > 0 {
			pos = p
			return reply{done: true}, nil
		}
		return reply{cmd: &live.Command{Kind: live.CmdJoinWait, Who: who.Key()}}, nil
	}, func(t *live.Table, _ *committed) error {
		pos = t.WaitingPosition(who.Key())
		return nil
	})
	return pos, err
}

// LeaveWaitingList takes the caller off the waiting list.
func (s *Service) LeaveWaitingList(ctx context.Context, id string, who Caller) error {
	return s.simple(ctx, id, who, live.CmdLeaveWait, false)
}

// StandResult is the outcome of StandUp.
type StandResult struct {
	CashedOut int64
	Deferred  bool
	Replayed  bool
}

// StandUp leaves the caller's seat and cashes his chips out to his wallet;
// a player dealt into the hand in progress leaves when it ends.
func (s *Service) StandUp(ctx context.Context, id string, who Caller, key string) (StandResult, error) {
	if err := who.player(); err != nil {
		return StandResult{}, err
	}
	wkey := ""
	if key != "" {
		wkey = scopedKey("stand", id, who.Key(), key)
	}
	var res StandResult
	var intent string
	err := s.exec(ctx, id, func(t *live.Table) (reply, error) {
		if r, ok := t.Key(wkey); ok && wkey != "" {
			res = StandResult{CashedOut: r.Amount, Deferred: r.Deferred, Replayed: true}
			return reply{done: true}, nil
		}
		return reply{cmd: &live.Command{Kind: live.CmdStandUp, Who: who.Key(), Key: wkey}}, nil
	}, func(t *live.Table, c *committed) error {
		if c == nil {
			return nil
		}
		for _, e := range c.step.Events.([]live.Event) {
			if e.Kind == live.EvSeat && (e.Change == "left") {
				res.CashedOut = e.Amount
			}
			if e.Kind == live.EvSeat && e.Change == "leaving" {
				res.Deferred = true
			}
		}
		for _, in := range t.Intents {
			if in.Kind == live.IntentCashOut && in.Who == who.Key() {
				intent = in.ID
			}
		}
		return nil
	})
	if err != nil {
		return StandResult{}, err
	}
	if intent != "" {
		if err := s.finishIntent(ctx, id, intent); err != nil {
			// Recorded: the clock finishes it. The chips are the player's.
			s.log.Warn("cash-out left to the clock", "table", id, "err", err)
		}
	}
	return res, nil
}

// ActResult is the outcome of Act.
type ActResult struct {
	Kind     betting.Kind
	To       int64
	AllIn    bool
	NextSeq  int
	Replayed bool
	Stack    int64
}

// Act applies the caller's action in hand handID at sequence seq. A retry
// of an applied action (same hand, sequence and body) returns the original
// result with Replayed set; any other action at a past sequence is
// FAILED_PRECONDITION STALE_SEQ.
func (s *Service) Act(ctx context.Context, id string, who Caller, handID string, seq int, kind betting.Kind, amount int64) (ActResult, error) {
	if err := who.player(); err != nil {
		return ActResult{}, err
	}
	var res ActResult
	older := false
	err := s.exec(ctx, id, func(t *live.Table) (reply, error) {
		h := t.Hand
		if h == nil || h.ID != handID {
			if h != nil && handNumber(handID, id) > 0 && handNumber(handID, id) < h.Number {
				older = true
				return reply{done: true}, nil
			}
			return reply{}, apierr.Precondition("WRONG_HAND", "hand %q is not in progress", handID)
		}
		if st := h.State(); seq < st.Seq {
			r, ok := replayOf(h, who.Key(), seq, kind, amount)
			if !ok {
				if h.Finished {
					return reply{}, apierr.Precondition("STALE_SEQ", "hand %s is over (action sequence %d was taken)", handID, seq)
				}
				return reply{}, apierr.Precondition("STALE_SEQ", "action sequence %d was taken; the hand is at %d", seq, st.Seq)
			}
			res = r
			return reply{done: true}, nil
		}
		return reply{cmd: &live.Command{Kind: live.CmdAct, Who: who.Key(), Hand: handID, Seq: seq, Action: kind, Amount: amount}}, nil
	}, func(t *live.Table, c *committed) error {
		if c == nil {
			return nil
		}
		r, _ := replayOf(t.Hand, who.Key(), seq, kind, amount)
		r.Replayed = false
		res = r
		return nil
	})
	if err != nil {
		return ActResult{}, err
	}
	if older {
		h, err := s.loadHand(ctx, id, handID)
		if err != nil {
			return ActResult{}, apierr.Precondition("STALE_SEQ", "hand %s is over", handID)
		}
		r, ok := replayOf(h, who.Key(), seq, kind, amount)
		if !ok {
			return ActResult{}, apierr.Precondition("STALE_SEQ", "hand %s is over", handID)
		}
		return r, nil
	}
	return res, nil
}

// handNumber reads the number of a hand id of table id, 0 if it is not one.
func handNumber(handID, table string) uint64 {
	rest, ok := strings.CutPrefix(handID, table+"-")
	if !ok {
		return 0
	}
	n, err := strconv.ParseUint(rest, 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// replayOf returns the result of the input taken at seq in h if it was
// who's action with this body.
func replayOf(h *live.Hand, who string, seq int, kind betting.Kind, amount int64) (ActResult, bool) {
	st := h.State()
	if st == nil || seq < 0 || seq >= len(h.Inputs) || seq >= len(st.Log) {
		return ActResult{}, false
	}
	in := h.Inputs[seq]
	a := in.Action
	if in.TimedOut || a.Command != hand.NoCommand || a.Seat < 0 || a.Seat >= live.MaxSeats ||
		st.Seats[a.Seat].Player != who || a.Kind != kind || a.Amount != amount {
		return ActResult{}, false
	}
	e := st.Log[seq]
	return ActResult{Kind: e.Result.Kind, To: e.Result.To, AllIn: e.Result.AllIn, NextSeq: st.Seq,
		Replayed: true, Stack: st.Stack(a.Seat)}, true
}

// UseTimeBank starts the caller's time bank on his turn; it returns the new
// deadline and the bank.
func (s *Service) UseTimeBank(ctx context.Context, id string, who Caller, handID string, seq int, extension bool) (time.Time, int64, int, error) {
	if err := who.player(); err != nil {
		return time.Time{}, 0, 0, err
	}
	var deadline, bank int64
	var ext int
	err := s.exec(ctx, id, func(t *live.Table) (reply, error) {
		return reply{cmd: &live.Command{Kind: live.CmdUseBank, Who: who.Key(), Hand: handID, Seq: seq, Flag: extension}}, nil
	}, func(t *live.Table, c *committed) error {
		deadline = t.Hand.Deadline
		if seat := t.SeatOf(who.Key()); seat >= 0 {
			bank, ext = t.Seats[seat].Bank, t.Seats[seat].Ext
		}
		return nil
	})
	return time.UnixMilli(deadline), bank, ext, err
}
