package table

import (
	"context"
	"strconv"
	"time"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/apierr"
)

// JoinBanked joins a player to a banked table (or renames him there),
// with his wallet account in the table's currency, which his stakes are
// held from and his settlements paid to.
func (s *Service) JoinBanked(ctx context.Context, id string, who Caller, name, currency string) (bool, error) {
	if err := who.player(); err != nil {
		return false, err
	}
	name, err := displayName(name)
	if err != nil {
		return false, err
	}
	var cfg house.Config
	var same bool
	if err := s.readBanked(ctx, id, func(t *house.Table) error {
		cfg = t.Config
		p := t.Players[who.Key()]
		same = p != nil && p.Name == name
		return nil
	}); err != nil {
		return false, err
	}
	if currency != "" && currency != cfg.Currency {
		return false, apierr.Invalid("CURRENCY_MISMATCH", "the table plays %s, not %q", cfg.Currency, currency)
	}
	if same {
		return true, nil
	}
	acct, err := s.account(ctx, walletv1.AccountKind_ACCOUNT_KIND_PLAYER, who.Player, who.Partner, cfg.Currency)
	if err != nil {
		return false, err
	}
	replayed := false
	err = s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if p := t.Players[who.Key()]; p != nil && p.Name == name {
			replayed = true
			return reply{done: true}, nil
		}
		return reply{cmd: &house.Command{Kind: house.CmdJoin, Who: who.Key(), Name: name, Account: acct}}, nil
	}, nil)
	return replayed, err
}

// LeaveBanked leaves a banked table; the player's bets in play settle.
func (s *Service) LeaveBanked(ctx context.Context, id string, who Caller) error {
	if err := who.player(); err != nil {
		return err
	}
	return s.execRound(ctx, id, &house.Command{Kind: house.CmdLeave, Who: who.Key()})
}

// Placement is the outcome of PlaceBets.
type Placement struct {
	Round    int64
	Bets     []round.Bet
	Stake    int64
	Replayed bool
}

// MaxBatch is the most bets one placement carries.
const MaxBatch = 50

// PlaceBets places a batch of a player's bets in round n (0: the round
// open now), all or none. The batch is checked against the round first
// (the layout, the limits, the phase: a refusal touches nothing), then
// its stake is held on the player's wallet account, then the placement is
// committed with the hold, which the table posts into its round escrow as
// a money intent. The hold's key is the caller's idempotency key scoped
// to the table, the round and the player, and its metadata fingerprints
// the bets: a retry with the same key and bets finds the same hold and is
// answered replayed; the same key with other bets is refused by the
// wallet (IDEMPOTENCY_KEY_REUSED). A placement refused after its hold was
// made (the window closed meanwhile) voids the hold: no money moves.
func (s *Service) PlaceBets(ctx context.Context, id string, who Caller, n int64, bets []round.Bet, key string) (Placement, error) {
	if err := who.player(); err != nil {
		return Placement{}, err
	}
	if len(bets) == 0 || len(bets) > MaxBatch {
		return Placement{}, apierr.Invalid("BAD_BETS", "a placement carries 1 to %d bets, not %d", MaxBatch, len(bets))
	}
	if key == "" {
		return Placement{}, apierr.Invalid("NO_IDEMPOTENCY_KEY", "a placement needs an idempotency key")
	}
	me := who.Key()
	var fresh []round.Bet
	var cfg house.Config
	var account string
	peek := func(t *house.Table) error {
		if n == 0 {
			n = t.Round()
		}
		var err error
		if fresh, err = t.CheckPlace(me, n, bets); err != nil {
			return err
		}
		cfg = t.Config
		if p := t.Players[me]; p != nil {
			account = p.Account
		}
		return nil
	}
	// Checked against the table as cached (no round trip to Redis); a
	// refusal other than the request's own fault is checked again against
	// the table as stored.
	err := s.peekBanked(ctx, id, false, peek)
	if err != nil && apierr.Code(err) != connect.CodeInvalidArgument {
		err = s.peekBanked(ctx, id, true, peek)
	}
	if err != nil {
		return Placement{}, err
	}
	out := Placement{Round: n}
	ids := make([]string, len(bets))
	for i, b := range bets {
		ids[i] = b.ID
	}
	answer := func(t *house.Table, c *committed) error {
		if c != nil {
			events, _ := c.step.Events.([]house.Event)
			for _, e := range events {
				if e.Kind == house.EvPlaced {
					out.Bets = append(out.Bets, e.Bets...)
				}
			}
		}
		if len(out.Bets) == 0 {
			out.Bets, out.Replayed = t.PlayerBets(me, ids), true
		}
		for _, b := range out.Bets {
			out.Stake += b.Amount
		}
		return nil
	}
	if len(fresh) == 0 {
		err := s.execBanked(ctx, id, func(*house.Table) (reply, error) { return reply{done: true}, nil }, answer)
		return out, err
	}
	var stake int64
	for _, b := range fresh {
		stake += b.Amount
	}
	holdID, err := s.holdStake(ctx, cfg, "bet", me, account, n, key, stake, "bets "+fingerprint("bets", betFields(fresh)...))
	if err != nil {
		return Placement{}, err
	}
	err = s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if t.HasHold(holdID) {
			return reply{done: true}, nil
		}
		return reply{cmd: &house.Command{Kind: house.CmdPlace, Who: me, Round: n, Bets: bets, Hold: holdID, Amount: stake}}, nil
	}, answer)
	if err != nil {
		s.releaseHold(ctx, id, holdID)
		return Placement{}, err
	}
	return out, nil
}

// holdStake holds amount on a player's account for the table's round
// escrow (a placement's stakes, a move's), under the caller's key scoped
// to the table, the round and the player (scope: "bet", "move"), so that a
// retry finds the same hold; note goes into its metadata.
func (s *Service) holdStake(ctx context.Context, cfg house.Config, scope, who, account string, n int64, key string, amount int64, note string) (string, error) {
	hold, err := s.deps.Wallet.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{
		IdempotencyKey: scopedKey(scope, cfg.ID, who, strconv.FormatInt(n, 10)+"\x00"+key),
		TtlSeconds:     int32(s.opts.HoldTTL / time.Second),
		Transfer: &walletv1.TransferSpec{DebitAccountId: account, CreditAccountId: cfg.Escrow,
			Amount:   &commonv1.Money{Amount: amount, Currency: cfg.Currency},
			Kind:     walletv1.TransferKind_TRANSFER_KIND_STAKE,
			Metadata: &walletv1.Metadata{TableId: cfg.ID, RoundId: house.RoundID(cfg.ID, n), Note: note}}}))
	if err != nil {
		return "", walletErr("hold stake", err)
	}
	return hold.Msg.GetHold().GetId(), nil
}

// betFields are a batch's bets as fingerprint fields.
func betFields(bets []round.Bet) []string {
	out := make([]string, 0, 3*len(bets))
	for _, b := range bets {
		out = append(out, b.ID, b.Spot, strconv.FormatInt(b.Amount, 10))
	}
	return out
}

// releaseHold voids a hold the table did not take (its placement was
// refused): best effort, as an unposted hold expires anyway.
func (s *Service) releaseHold(ctx context.Context, id, holdID string) {
	taken := false
	if err := s.readBanked(ctx, id, func(t *house.Table) error { taken = t.HasHold(holdID); return nil }); err != nil || taken {
		return
	}
	if _, err := s.deps.Wallet.VoidHold(ctx, connect.NewRequest(&walletv1.VoidHoldRequest{HoldId: holdID})); err != nil {
		s.log.Warn("void a refused placement's hold", "table", id, "hold", holdID, "err", err)
	}
}

// Cancellation is the outcome of CancelBets.
type Cancellation struct {
	Round  int64
	Bets   []round.Bet
	Refund int64
}

// CancelBets takes back a player's bets while betting is open. Their
// stakes come back with his settlement at the round's end.
func (s *Service) CancelBets(ctx context.Context, id string, who Caller, n int64, ids []string) (Cancellation, error) {
	if err := who.player(); err != nil {
		return Cancellation{}, err
	}
	if len(ids) == 0 || len(ids) > MaxBatch {
		return Cancellation{}, apierr.Invalid("BAD_BETS", "a cancel names 1 to %d bets, not %d", MaxBatch, len(ids))
	}
	out := Cancellation{Round: n}
	err := s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if out.Round == 0 {
			out.Round = t.Round()
		}
		return reply{cmd: &house.Command{Kind: house.CmdCancel, Who: who.Key(), Round: out.Round, BetIDs: ids}}, nil
	}, func(_ *house.Table, c *committed) error {
		if c == nil {
			return nil
		}
		for _, e := range c.step.Events.([]house.Event) {
			if e.Kind == house.EvCancelled {
				out.Bets = append(out.Bets, e.Bets...)
				for _, b := range e.Bets {
					out.Refund += b.Amount
				}
			}
		}
		return nil
	})
	return out, err
}

// ChooseVoidOption records a money wheel player's choice for a void spin:
// carry his bets into the next game or take them back
// (cz-money-wheel.md §4.4).
func (s *Service) ChooseVoidOption(ctx context.Context, id string, who Caller, n int64, choice moneywheel.VoidChoice) error {
	if err := who.player(); err != nil {
		return err
	}
	return s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if n == 0 {
			n = t.Round()
		}
		return reply{cmd: &house.Command{Kind: house.CmdChoose, Who: who.Key(), Round: n, Choice: choice}}, nil
	}, nil)
}

// CloseBetting is a live dealer's "no more bets" before the window ends.
func (s *Service) CloseBetting(ctx context.Context, id string, n int64) error {
	return s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if t.Config.Source != house.ResultDealer {
			return reply{}, apierr.Precondition("RNG_TABLE", "table %s draws its results from the RNG: its clock closes the betting", id)
		}
		if n == 0 {
			n = t.Round()
		}
		return reply{cmd: &house.Command{Kind: house.CmdClose, Round: n}}, nil
	}, nil)
}

// SpinReport is a live dealer's report of a physical spin: one of the
// two, for the table's game.
type SpinReport struct {
	Roulette *roulette.Spin
	Wheel    *moneywheel.Spin
}

// Judged is what a reported spin decided.
type Judged struct {
	Verdict round.Verdict
	Winner  string
}

// ReportSpin applies a live dealer's spin to the closed round n (0: the
// one waiting), judged by the profile's spin-validity rules.
func (s *Service) ReportSpin(ctx context.Context, id string, n int64, sp SpinReport) (Judged, error) {
	var out Judged
	err := s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if n == 0 {
			n = t.Round()
		}
		return reply{cmd: &house.Command{Kind: house.CmdResult, Round: n, Roulette: sp.Roulette, Wheel: sp.Wheel}}, nil
	}, func(_ *house.Table, c *committed) error {
		if c == nil {
			return nil
		}
		for _, e := range c.step.Events.([]house.Event) {
			switch e.Kind {
			case house.EvResult, house.EvVoided, house.EvNoSpin:
				out.Verdict, out.Winner = e.Verdict, e.Winner
				if e.Kind == house.EvNoSpin {
					out.Verdict = round.Respin
				}
			}
		}
		return nil
	})
	return out, err
}
