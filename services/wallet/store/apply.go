package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// Apply implements ledger.Store.
func (s *Store) Apply(ctx context.Context, op ledger.Operation) (ledger.Result, error) {
	if s.d.fastTransfer && op.Kind == ledger.OpTransfer && len(op.Legs) == 1 {
		return s.fastTransfer(ctx, op)
	}
	if s.d.fastTransfer {
		return s.applyFn(ctx, op)
	}
	var res ledger.Result
	err := s.tx(ctx, "apply", nil, func(x q) error {
		var err error
		res, err = s.apply(ctx, x, op)
		return err
	})
	return res, err
}

// fastTransfer runs a single transfer on PostgreSQL through the group
// committer (wallet_transfer_many, migrations/postgres/0003).
func (s *Store) fastTransfer(ctx context.Context, op ledger.Operation) (ledger.Result, error) {
	var a groupAnswer
	var err error
	if s.group != nil {
		a, err = s.group.submit(ctx, op)
	} else {
		a, err = s.single(ctx, op)
	}
	if err != nil {
		return ledger.Result{}, err
	}
	g := op.Legs[0]
	switch a.status {
	case statusApplied:
		t := ledger.Transfer{ID: a.tid, OperationID: a.op, Key: op.Key, Leg: g, CreatedAt: op.Now}
		return ledger.Result{OperationID: a.op, Transfers: []ledger.Transfer{t}}, nil
	case statusReplayed:
		r, err := s.result(ctx, s.plain(), a.op, ledger.OpTransfer)
		r.Replayed = true
		return r, err
	case statusKeyReused:
		return ledger.Result{}, ledger.ErrKeyReused(op.Key)
	case statusInsufficientFunds:
		return ledger.Result{}, ledger.ErrInsufficientFunds(a.acct)
	case statusNoAccount:
		return ledger.Result{}, ledger.ErrAccountNotFound(a.acct)
	default: // statusCurrencyMismatch
		return ledger.Result{}, ledger.ErrCurrencyMismatch(a.acct, g.Currency)
	}
}

// single runs one transfer as one statement (wallet_transfer,
// migrations/postgres/0002): one round trip and one commit.
func (s *Store) single(ctx context.Context, op ledger.Operation) (groupAnswer, error) {
	g := op.Legs[0]
	var a groupAnswer
	err := s.statement(ctx, "transfer", func(x q) error {
		return x.row(ctx, "wallet_transfer",
			`SELECT out_status, out_op, out_transfer FROM wallet_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
			[]any{op.Scope, op.Key, op.Hash, g.Debit, g.Credit, g.Amount, g.Currency, int16(g.Kind),
				g.Meta.TableID, g.Meta.HandID, g.Meta.RoundID, g.Meta.TournamentID, g.Meta.Note, micros(op.Now)},
			&a.status, &a.op, &a.tid)
	})
	return a, err
}

// lockedAccount is an account row locked for the rest of the transaction.
type lockedAccount struct {
	ledger.Account
	dirty bool
}

// lock locks the accounts ids in ascending id order: every write path does
// the same, so two transactions never wait on each other in a cycle.
func (s *Store) lock(ctx context.Context, x q, ids []int64) (map[int64]*lockedAccount, error) {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	out := make(map[int64]*lockedAccount, len(ids))
	for _, id := range ids {
		a := &lockedAccount{}
		err := x.row(ctx, "lock_account", `SELECT `+accountCols+` FROM accounts WHERE id = $1`+s.d.forUpdate,
			[]any{id}, scanDest(&a.Account)...)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ledger.ErrAccountNotFound(id)
		}
		if err != nil {
			return nil, err
		}
		out[id] = a
	}
	return out, nil
}

// take removes amount from a's available funds (reserve: into held).
func take(a *lockedAccount, amount int64, reserve bool) error {
	if !a.Kind.MayGoNegative() && a.Available() < amount {
		return ledger.ErrInsufficientFunds(a.ID)
	}
	if reserve {
		a.Held += amount
	} else {
		if a.Balance < math.MinInt64+amount {
			return ledger.WithAccount(apierr.Invalid("AMOUNT_OUT_OF_RANGE", "a balance would overflow"), a.ID)
		}
		a.Balance -= amount
	}
	a.dirty = true
	return nil
}

func give(a *lockedAccount, amount int64) error {
	if a.Balance > math.MaxInt64-amount {
		return ledger.WithAccount(apierr.Invalid("AMOUNT_OUT_OF_RANGE", "a balance would overflow"), a.ID)
	}
	a.Balance += amount
	a.dirty = true
	return nil
}

func (s *Store) save(ctx context.Context, x q, accts map[int64]*lockedAccount) error {
	ids := make([]int64, 0, len(accts))
	for id, a := range accts {
		if a.dirty {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		a := accts[id]
		if _, err := x.exec(ctx, "update_account", `UPDATE accounts SET balance = $2, held = $3 WHERE id = $1`,
			id, a.Balance, a.Held); err != nil {
			return err
		}
	}
	return nil
}

// claim records (scope, key) for a new operation. When the key exists it
// returns the existing operation's id and whether the bodies match.
func (s *Store) claim(ctx context.Context, x q, op ledger.Operation) (id int64, fresh bool, err error) {
	err = x.row(ctx, "claim_key", `INSERT INTO operations (scope, idem_key, body_hash, op, created_at)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (scope, idem_key) DO NOTHING RETURNING id`,
		[]any{op.Scope, op.Key, op.Hash, int16(op.Kind), micros(op.Now)}, &id)
	if err == nil {
		return id, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, err
	}
	var hash []byte
	if err := x.row(ctx, "existing_key", `SELECT id, body_hash FROM operations WHERE scope = $1 AND idem_key = $2`,
		[]any{op.Scope, op.Key}, &id, &hash); err != nil {
		return 0, false, err
	}
	if !bytes.Equal(hash, op.Hash) {
		return 0, false, ledger.ErrKeyReused(op.Key)
	}
	return id, false, nil
}

// apply is the generic path of Apply: claim the key, lock the accounts,
// check and move the money leg by leg, write balances, then append the
// transfers and entries (or the hold).
func (s *Store) apply(ctx context.Context, x q, op ledger.Operation) (ledger.Result, error) {
	opID, fresh, err := s.claim(ctx, x, op)
	if err != nil {
		return ledger.Result{}, err
	}
	if !fresh {
		r, err := s.result(ctx, x, opID, op.Kind)
		r.Replayed = true
		return r, err
	}
	var ids []int64
	for _, g := range op.Legs {
		ids = append(ids, g.Debit, g.Credit)
	}
	accts, err := s.lock(ctx, x, ids)
	if err != nil {
		return ledger.Result{}, err
	}
	type posting struct{ debitAfter, creditAfter int64 }
	posts := make([]posting, len(op.Legs))
	for i, g := range op.Legs {
		d, c := accts[g.Debit], accts[g.Credit]
		if d.Currency != g.Currency {
			return ledger.Result{}, ledger.ErrCurrencyMismatch(d.ID, g.Currency)
		}
		if c.Currency != g.Currency {
			return ledger.Result{}, ledger.ErrCurrencyMismatch(c.ID, g.Currency)
		}
		if err := take(d, g.Amount, op.Kind == ledger.OpHold); err != nil {
			return ledger.Result{}, err
		}
		if op.Kind != ledger.OpHold {
			if err := give(c, g.Amount); err != nil {
				return ledger.Result{}, err
			}
		}
		posts[i] = posting{d.Balance, c.Balance}
	}
	if err := s.save(ctx, x, accts); err != nil {
		return ledger.Result{}, err
	}
	res := ledger.Result{OperationID: opID}
	if op.Kind == ledger.OpHold {
		g := op.Legs[0]
		h := ledger.Hold{OperationID: opID, Key: op.Key, Leg: g, State: ledger.HoldPending,
			ExpiresAt: op.Now.Add(op.TTL), CreatedAt: op.Now}
		err := x.row(ctx, "insert_hold", `INSERT INTO holds (operation_id, debit_account_id, credit_account_id, amount, currency, kind,
			table_id, hand_id, round_id, tournament_id, note, state, expires_at, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
			[]any{opID, g.Debit, g.Credit, g.Amount, g.Currency, int16(g.Kind), g.Meta.TableID, g.Meta.HandID,
				g.Meta.RoundID, g.Meta.TournamentID, g.Meta.Note, int16(ledger.HoldPending), micros(h.ExpiresAt),
				micros(op.Now), micros(op.Now)}, &h.ID)
		if err != nil {
			return ledger.Result{}, err
		}
		res.Hold = &h
		return res, nil
	}
	for i, g := range op.Legs {
		t := ledger.Transfer{OperationID: opID, Key: op.Key, Leg: g, CreatedAt: op.Now}
		if op.Kind == ledger.OpBatch {
			t.BatchID = opID
		}
		if err := s.appendTransfer(ctx, x, &t, posts[i].debitAfter, posts[i].creditAfter); err != nil {
			return ledger.Result{}, err
		}
		res.Transfers = append(res.Transfers, t)
	}
	return res, nil
}

// appendTransfer inserts t and its two entries; t.ID is set.
func (s *Store) appendTransfer(ctx context.Context, x q, t *ledger.Transfer, debitAfter, creditAfter int64) error {
	now := micros(t.CreatedAt)
	if err := x.row(ctx, "insert_transfer", `INSERT INTO transfers (operation_id, debit_account_id, credit_account_id, amount,
		currency, kind, table_id, hand_id, round_id, tournament_id, note, hold_id, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
		[]any{t.OperationID, t.Debit, t.Credit, t.Amount, t.Currency, int16(t.Kind), t.Meta.TableID, t.Meta.HandID,
			t.Meta.RoundID, t.Meta.TournamentID, t.Meta.Note, t.HoldID, now}, &t.ID); err != nil {
		return err
	}
	_, err := x.exec(ctx, "insert_entries", `INSERT INTO entries (account_id, counterparty_id, transfer_id, amount, balance_after, kind, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7), ($2, $1, $3, $8, $9, $6, $7)`,
		t.Debit, t.Credit, t.ID, -t.Amount, debitAfter, int16(t.Kind), now, t.Amount, creditAfter)
	return err
}

func (s *Store) lockHold(ctx context.Context, x q, id int64) (ledger.Hold, error) {
	// On PostgreSQL FOR UPDATE cannot lock the nullable side of a join, and
	// locking the operations row too would be pointless: name the table.
	lock := ""
	if s.d.forUpdate != "" {
		lock = s.d.forUpdate + " OF h"
	}
	return s.holdWhere(ctx, x, "h.id = $1", id, lock)
}

func (s *Store) setHold(ctx context.Context, x q, h ledger.Hold, now time.Time) error {
	_, err := x.exec(ctx, "update_hold", `UPDATE holds SET state = $2, posted_amount = $3, transfer_id = $4, updated_at = $5 WHERE id = $1`,
		h.ID, int16(h.State), h.PostedAmount, h.TransferID, micros(now))
	return err
}

// applyFn runs a batch or a hold creation as one statement (wallet_apply,
// migrations/postgres/0004).
func (s *Store) applyFn(ctx context.Context, op ledger.Operation) (ledger.Result, error) {
	n := len(op.Legs)
	debit, credit, amount := make([]int64, n), make([]int64, n), make([]int64, n)
	currency, table, hand, round, tour, note := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	kind := make([]int16, n)
	for i, g := range op.Legs {
		debit[i], credit[i], amount[i], currency[i], kind[i] = g.Debit, g.Credit, g.Amount, g.Currency, int16(g.Kind)
		table[i], hand[i], round[i], tour[i], note[i] = g.Meta.TableID, g.Meta.HandID, g.Meta.RoundID, g.Meta.TournamentID, g.Meta.Note
	}
	var status int16
	var opID int64
	var ids []int64
	err := s.statement(ctx, "apply", func(x q) error {
		ids = ids[:0]
		return x.rows(ctx, "wallet_apply",
			`SELECT out_status, out_op, out_id FROM wallet_apply($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
			[]any{op.Scope, op.Key, op.Hash, int16(op.Kind), debit, credit, amount, currency, kind, table, hand, round, tour, note,
				micros(op.Now), micros(op.Now.Add(op.TTL))},
			func(r rowScanner) error {
				var id int64
				if err := r.Scan(&status, &opID, &id); err != nil {
					return err
				}
				ids = append(ids, id)
				return nil
			})
	})
	if err != nil {
		return ledger.Result{}, err
	}
	switch status {
	case statusReplayed:
		r, err := s.result(ctx, s.plain(), opID, op.Kind)
		r.Replayed = true
		return r, err
	case statusKeyReused:
		return ledger.Result{}, ledger.ErrKeyReused(op.Key)
	}
	res := ledger.Result{OperationID: opID}
	if op.Kind == ledger.OpHold {
		if len(ids) != 1 {
			return ledger.Result{}, fmt.Errorf("store: wallet_apply returned %d holds", len(ids))
		}
		h := ledger.Hold{ID: ids[0], OperationID: opID, Key: op.Key, Leg: op.Legs[0], State: ledger.HoldPending,
			ExpiresAt: op.Now.Add(op.TTL), CreatedAt: op.Now}
		res.Hold = &h
		return res, nil
	}
	if len(ids) != n {
		return ledger.Result{}, fmt.Errorf("store: wallet_apply returned %d transfers for %d legs", len(ids), n)
	}
	for i, g := range op.Legs {
		res.Transfers = append(res.Transfers, ledger.Transfer{ID: ids[i], OperationID: opID, Key: op.Key, Leg: g, BatchID: opID, CreatedAt: op.Now})
	}
	return res, nil
}

// PostHold implements ledger.Store.
func (s *Store) PostHold(ctx context.Context, id, amount int64, now time.Time) (ledger.Hold, ledger.Transfer, bool, error) {
	if s.d.fastTransfer {
		var status int16
		var tid int64
		err := s.statement(ctx, "post_hold", func(x q) error {
			return x.row(ctx, "wallet_post_hold", `SELECT out_status, out_transfer FROM wallet_post_hold($1, $2, $3)`,
				[]any{id, amount, micros(now)}, &status, &tid)
		})
		if err != nil {
			return ledger.Hold{}, ledger.Transfer{}, false, err
		}
		h, err := s.Hold(ctx, id)
		if err != nil {
			return ledger.Hold{}, ledger.Transfer{}, false, err
		}
		t, err := s.Transfer(ctx, tid)
		return h, t, status == postReplayed, err
	}
	var h ledger.Hold
	var t ledger.Transfer
	var replayed bool
	err := s.tx(ctx, "post_hold", nil, func(x q) error {
		var err error
		replayed = false
		h, err = s.lockHold(ctx, x, id)
		if err != nil {
			return err
		}
		want := postAmount(h, amount)
		replayed, err = postable(h, want, now)
		if err != nil {
			return err
		}
		if replayed {
			// The same post again: return what the first one did.
			t, err = s.transfer(ctx, x, h.TransferID)
			return err
		}
		accts, err := s.lock(ctx, x, []int64{h.Debit, h.Credit})
		if err != nil {
			return err
		}
		d, c := accts[h.Debit], accts[h.Credit]
		if err := movePost(d, c, h, want); err != nil {
			return err
		}
		if err := s.save(ctx, x, accts); err != nil {
			return err
		}
		t = ledger.Transfer{OperationID: h.OperationID, Key: h.Key, Leg: h.Leg, HoldID: h.ID, CreatedAt: now}
		t.Amount = want
		if err := s.appendTransfer(ctx, x, &t, d.Balance, c.Balance); err != nil {
			return err
		}
		h.State, h.PostedAmount, h.TransferID = ledger.HoldPosted, want, t.ID
		return s.setHold(ctx, x, h, now)
	})
	return h, t, replayed, err
}

// postAmount is what a post of amount (0 = all) moves from h.
func postAmount(h ledger.Hold, amount int64) int64 {
	if amount == 0 {
		return h.Amount
	}
	return amount
}

// postable decides a post of want from h at now, for PostHold and
// PostHolds alike (wallet_post_hold decides the same on PostgreSQL): a
// replay when h was posted with that amount already; otherwise refused
// unless h is pending, unexpired and holds want.
func postable(h ledger.Hold, want int64, now time.Time) (replay bool, err error) {
	switch {
	case h.State == ledger.HoldPosted && h.PostedAmount == want:
		return true, nil
	case h.State != ledger.HoldPending:
		return false, ledger.WithHold(apierr.Precondition(ledger.ReasonHoldNotPending, "the hold is no longer pending"), h.ID)
	case !now.Before(h.ExpiresAt):
		// Expired but not yet swept: refused without a change; the
		// sweeper releases it.
		return false, ledger.WithHold(apierr.Precondition(ledger.ReasonHoldExpired, "the hold expired at %s", h.ExpiresAt.Format(time.RFC3339)), h.ID)
	case want > h.Amount:
		return false, apierr.Invalid("AMOUNT_EXCEEDS_HOLD", "cannot post %d from a hold of %d", want, h.Amount)
	}
	return false, nil
}

// movePost moves want of h from its debit account d to its credit account
// c and releases what h reserved. On an error d may be changed: the caller
// drops the transaction or restores d.
func movePost(d, c *lockedAccount, h ledger.Hold, want int64) error {
	d.Held -= h.Amount
	d.dirty = true
	if err := take(d, want, false); err != nil {
		return err
	}
	return give(c, want)
}

// releaseFn voids or expires a hold in one statement (wallet_release_hold).
func (s *Store) releaseFn(ctx context.Context, id int64, state ledger.HoldState, now time.Time) (int16, error) {
	var status int16
	err := s.statement(ctx, "release_hold", func(x q) error {
		return x.row(ctx, "wallet_release_hold", `SELECT wallet_release_hold($1, $2, $3)`,
			[]any{id, int16(state), micros(now)}, &status)
	})
	return status, err
}

// VoidHold implements ledger.Store.
func (s *Store) VoidHold(ctx context.Context, id int64, now time.Time) (ledger.Hold, bool, error) {
	if s.d.fastTransfer {
		status, err := s.releaseFn(ctx, id, ledger.HoldVoided, now)
		if err != nil {
			return ledger.Hold{}, false, err
		}
		h, err := s.Hold(ctx, id)
		return h, status == releaseReplayed, err
	}
	var h ledger.Hold
	var replayed bool
	err := s.tx(ctx, "void_hold", nil, func(x q) error {
		var err error
		replayed = false
		h, err = s.lockHold(ctx, x, id)
		if err != nil {
			return err
		}
		switch h.State {
		case ledger.HoldVoided:
			replayed = true
			return nil
		case ledger.HoldPending:
		default:
			return ledger.WithHold(apierr.Precondition(ledger.ReasonHoldNotPending, "the hold is no longer pending"), id)
		}
		return s.release(ctx, x, &h, ledger.HoldVoided, now)
	})
	return h, replayed, err
}

func (s *Store) release(ctx context.Context, x q, h *ledger.Hold, state ledger.HoldState, now time.Time) error {
	accts, err := s.lock(ctx, x, []int64{h.Debit})
	if err != nil {
		return err
	}
	d := accts[h.Debit]
	d.Held -= h.Amount
	d.dirty = true
	if err := s.save(ctx, x, accts); err != nil {
		return err
	}
	h.State = state
	return s.setHold(ctx, x, *h, now)
}

// ExpireHolds implements ledger.Store. Each hold is released in its own
// short transaction (hold row first, then its account, the same order as
// PostHold and VoidHold).
func (s *Store) ExpireHolds(ctx context.Context, now time.Time, limit int) (int, error) {
	var ids []int64
	err := s.plain().rows(ctx, "expired_holds", `SELECT id FROM holds WHERE state = 1 AND expires_at <= $1 ORDER BY expires_at, id LIMIT $2`,
		[]any{micros(now), limit}, func(r rowScanner) error {
			var id int64
			if err := r.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
			return nil
		})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if s.d.fastTransfer {
			status, err := s.releaseFn(ctx, id, ledger.HoldExpired, now)
			if err != nil {
				return n, err
			}
			if status == releaseReleased {
				n++
			}
			continue
		}
		var released bool
		err := s.tx(ctx, "expire_hold", nil, func(x q) error {
			released = false
			h, err := s.lockHold(ctx, x, id)
			if err != nil {
				return err
			}
			if h.State != ledger.HoldPending || now.Before(h.ExpiresAt) {
				return nil // posted or voided meanwhile
			}
			released = true
			return s.release(ctx, x, &h, ledger.HoldExpired, now)
		})
		if err != nil {
			return n, err
		}
		if released {
			n++
		}
	}
	return n, nil
}
