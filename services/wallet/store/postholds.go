package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// PostHolds implements ledger.Store: one transaction of bulk statements on
// both databases, however many holds. It locks the holds, then every
// account of those still pending, each set ascending by id: the order of
// every other write path (a hold before its accounts, accounts ascending),
// so it never waits in a cycle with single posts, voids, the sweeper or
// transfers. It then decides and moves each hold in memory, in request
// order, as PostHold would alone (a refused hold is put back as it was),
// writes the transfers, entries, holds and balances in bulk statements
// (bulk.go) and commits once.
func (s *Store) PostHolds(ctx context.Context, posts []ledger.HoldPost, now time.Time) ([]ledger.PostOutcome, error) {
	var out []ledger.PostOutcome
	err := s.tx(ctx, "post_holds", nil, func(x q) error {
		var err error
		out, err = s.postHolds(ctx, x, posts, now)
		return err
	})
	switch {
	case err == nil:
		// Transfers never change: the replayed ones are read after the
		// commit, outside the locks. Should that fail, a retry of the
		// request answers every hold replayed.
		if err := s.replayedTransfers(ctx, out); err != nil {
			return nil, err
		}
		return out, nil
	case refusal(err) && ctx.Err() == nil:
		// A rejection the database raises for one hold (a second rake for
		// a hand) fails the transaction whole: post each hold alone, so
		// one cannot fail another.
		return s.postEach(ctx, posts, now)
	}
	return nil, err
}

// posting is a hold moved in memory by postHolds, waiting to be written.
type posting struct {
	out                     *ledger.PostOutcome
	debitAfter, creditAfter int64
}

func (s *Store) postHolds(ctx context.Context, x q, posts []ledger.HoldPost, now time.Time) ([]ledger.PostOutcome, error) {
	ids := make([]int64, len(posts))
	for i, p := range posts {
		ids[i] = p.HoldID
	}
	if len(ascending(ids)) != len(ids) {
		// The ledger refuses such a request (DUPLICATE_HOLD); a hold
		// decided twice from the same locked row could move twice.
		return nil, errors.New("store: PostHolds names a hold twice")
	}
	holds, err := s.lockHolds(ctx, x, ids)
	if err != nil {
		return nil, err
	}
	var acctIDs []int64
	for _, h := range holds {
		if h.State == ledger.HoldPending {
			acctIDs = append(acctIDs, h.Debit, h.Credit)
		}
	}
	accts, err := s.lockAccounts(ctx, x, acctIDs)
	if err != nil {
		return nil, err
	}
	out := make([]ledger.PostOutcome, len(posts))
	var moved []posting
	for i, p := range posts {
		o := &out[i]
		h, ok := holds[p.HoldID]
		if !ok {
			o.Err = ledger.ErrHoldNotFound(p.HoldID)
			continue
		}
		want := postAmount(h, p.Amount)
		replay, err := postable(h, want, now)
		switch {
		case err != nil:
			o.Err = err
			continue
		case replay:
			o.Hold, o.Replayed = h, true
			continue
		}
		d, c := accts[h.Debit], accts[h.Credit]
		if d == nil || c == nil {
			// The schema rules it out (foreign keys on SQLite, reference
			// checks on PostgreSQL); lock would say so.
			missing := h.Debit
			if d != nil {
				missing = h.Credit
			}
			o.Err = ledger.ErrAccountNotFound(missing)
			continue
		}
		d0, c0 := *d, *c
		if err := movePost(d, c, h, want); err != nil {
			*d, *c = d0, c0
			o.Err = err
			continue
		}
		o.Transfer = ledger.Transfer{OperationID: h.OperationID, Key: h.Key, Leg: h.Leg, HoldID: h.ID, CreatedAt: now}
		o.Transfer.Amount = want
		h.State, h.PostedAmount = ledger.HoldPosted, want
		o.Hold = h
		moved = append(moved, posting{out: o, debitAfter: d.Balance, creditAfter: c.Balance})
	}
	if len(moved) == 0 {
		return out, nil
	}
	if err := s.saveAccounts(ctx, x, accts); err != nil {
		return nil, err
	}
	if err := s.insertPostings(ctx, x, moved); err != nil {
		return nil, err
	}
	return out, s.markPosted(ctx, x, moved, now)
}

// lockHolds locks the holds ids, ascending, in one statement; an unknown
// id is absent from the map.
func (s *Store) lockHolds(ctx context.Context, x q, ids []int64) (map[int64]ledger.Hold, error) {
	rel, args, err := s.d.relation(1, intCol("id", ids))
	if err != nil {
		return nil, err
	}
	lock := ""
	if s.d.forUpdate != "" {
		lock = s.d.forUpdate + " OF h" // as lockHold: not the operations row
	}
	out := make(map[int64]ledger.Hold, len(ids))
	err = x.rows(ctx, "lock_holds", `SELECT `+holdCols+` FROM holds h JOIN operations o ON o.id = h.operation_id
		WHERE h.id IN (SELECT r.id FROM `+rel+`) ORDER BY h.id`+lock, args,
		func(r rowScanner) error {
			var h ledger.Hold
			if err := r.Scan(holdDest(&h)...); err != nil {
				return err
			}
			out[h.ID] = h
			return nil
		})
	return out, err
}

// lockAccounts locks the accounts ids, ascending, as lock does, but in one
// statement; an unknown id is absent.
func (s *Store) lockAccounts(ctx context.Context, x q, ids []int64) (map[int64]*lockedAccount, error) {
	out := make(map[int64]*lockedAccount, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rel, args, err := s.d.relation(1, intCol("id", ascending(ids)))
	if err != nil {
		return nil, err
	}
	err = x.rows(ctx, "lock_accounts", `SELECT `+accountCols+` FROM accounts WHERE id IN (SELECT r.id FROM `+rel+`)
		ORDER BY id`+s.d.forUpdate, args,
		func(r rowScanner) error {
			a := &lockedAccount{}
			if err := r.Scan(scanDest(&a.Account)...); err != nil {
				return err
			}
			out[a.ID] = a
			return nil
		})
	return out, err
}

// saveAccounts writes the balances of the changed accounts, as save does.
func (s *Store) saveAccounts(ctx context.Context, x q, accts map[int64]*lockedAccount) error {
	var ids, balance, held []int64
	for id, a := range accts {
		if a.dirty {
			ids = append(ids, id)
		}
	}
	ids = ascending(ids)
	for _, id := range ids {
		balance, held = append(balance, accts[id].Balance), append(held, accts[id].Held)
	}
	rel, args, err := s.d.relation(1, intCol("id", ids), intCol("balance", balance), intCol("held", held))
	if err != nil {
		return err
	}
	_, err = x.exec(ctx, "update_accounts", `UPDATE accounts SET balance = r.balance, held = r.held
		FROM `+rel+` WHERE accounts.id = r.id`, args...)
	return err
}

// insertPostings appends the transfers of moved and their entries, in
// order, as appendTransfer does, and sets the transfers' ids.
func (s *Store) insertPostings(ctx context.Context, x q, moved []posting) error {
	n := len(moved)
	op, debit, credit, amount, kind, hold, at := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n),
		make([]int64, n), make([]int64, n), make([]int64, n)
	currency, table, hand, round, tour, note := make([]string, n), make([]string, n), make([]string, n), make([]string, n),
		make([]string, n), make([]string, n)
	byHold := make(map[int64]*ledger.Transfer, n)
	for i, p := range moved {
		t := &p.out.Transfer
		byHold[t.HoldID] = t
		op[i], debit[i], credit[i], amount[i], kind[i], hold[i], at[i] = t.OperationID, t.Debit, t.Credit, t.Amount, int64(t.Kind), t.HoldID, micros(t.CreatedAt)
		currency[i], table[i], hand[i], round[i], tour[i], note[i] = t.Currency, t.Meta.TableID, t.Meta.HandID, t.Meta.RoundID, t.Meta.TournamentID, t.Meta.Note
	}
	rel, args, err := s.d.relation(1, intCol("op", op), intCol("debit", debit), intCol("credit", credit), intCol("amount", amount),
		textCol("currency", currency), intCol("kind", kind), textCol("tbl", table), textCol("hand", hand), textCol("round", round),
		textCol("tour", tour), textCol("note", note), intCol("hold", hold), intCol("at", at))
	if err != nil {
		return err
	}
	// Ids are given in r's order; RETURNING promises no order: match by hold.
	err = x.rows(ctx, "insert_transfers", `INSERT INTO transfers (operation_id, debit_account_id, credit_account_id, amount,
		currency, kind, table_id, hand_id, round_id, tournament_id, note, hold_id, created_at)
		SELECT r.op, r.debit, r.credit, r.amount, r.currency, r.kind, r.tbl, r.hand, r.round, r.tour, r.note, r.hold, r.at
		FROM `+rel+` ORDER BY r.ord RETURNING id, hold_id`, args,
		func(r rowScanner) error {
			var id, hold int64
			if err := r.Scan(&id, &hold); err != nil {
				return err
			}
			if t := byHold[hold]; t != nil {
				t.ID = id
			}
			return nil
		})
	if err != nil {
		return err
	}
	// Two entries per transfer, the debit's first, as appendTransfer.
	var account, other, transfer, signed, after, ekind, eat []int64
	for _, p := range moved {
		t := &p.out.Transfer
		if t.ID == 0 {
			return fmt.Errorf("store: no transfer id returned for hold %d", t.HoldID)
		}
		account, other, transfer = append(account, t.Debit, t.Credit), append(other, t.Credit, t.Debit), append(transfer, t.ID, t.ID)
		signed, after = append(signed, -t.Amount, t.Amount), append(after, p.debitAfter, p.creditAfter)
		ekind, eat = append(ekind, int64(t.Kind), int64(t.Kind)), append(eat, micros(t.CreatedAt), micros(t.CreatedAt))
	}
	rel, args, err = s.d.relation(1, intCol("account", account), intCol("other", other), intCol("transfer", transfer),
		intCol("amount", signed), intCol("after", after), intCol("kind", ekind), intCol("at", eat))
	if err != nil {
		return err
	}
	_, err = x.exec(ctx, "insert_entries", `INSERT INTO entries (account_id, counterparty_id, transfer_id, amount, balance_after, kind, created_at)
		SELECT r.account, r.other, r.transfer, r.amount, r.after, r.kind, r.at FROM `+rel+` ORDER BY r.ord`, args...)
	return err
}

// markPosted records the posts of moved on their holds, as setHold does.
func (s *Store) markPosted(ctx context.Context, x q, moved []posting, now time.Time) error {
	ids, amounts, transfers := make([]int64, len(moved)), make([]int64, len(moved)), make([]int64, len(moved))
	for i, p := range moved {
		h := &p.out.Hold
		h.TransferID = p.out.Transfer.ID
		ids[i], amounts[i], transfers[i] = h.ID, h.PostedAmount, h.TransferID
	}
	rel, args, err := s.d.relation(3, intCol("id", ids), intCol("amount", amounts), intCol("transfer", transfers))
	if err != nil {
		return err
	}
	_, err = x.exec(ctx, "update_holds", `UPDATE holds SET state = $1, posted_amount = r.amount, transfer_id = r.transfer, updated_at = $2
		FROM `+rel+` WHERE holds.id = r.id`, append([]any{int16(ledger.HoldPosted), micros(now)}, args...)...)
	return err
}

// replayedTransfers loads the transfer of every replayed outcome.
func (s *Store) replayedTransfers(ctx context.Context, out []ledger.PostOutcome) error {
	byID := map[int64][]*ledger.Transfer{}
	var ids []int64
	for i := range out {
		if o := &out[i]; o.Replayed {
			byID[o.Hold.TransferID] = append(byID[o.Hold.TransferID], &o.Transfer)
			ids = append(ids, o.Hold.TransferID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	rel, args, err := s.d.relation(1, intCol("id", ids))
	if err != nil {
		return err
	}
	return s.plain().rows(ctx, "transfers", `SELECT `+transferCols+` FROM transfers t JOIN operations o ON o.id = t.operation_id
		WHERE t.id IN (SELECT r.id FROM `+rel+`)`, args,
		func(r rowScanner) error {
			var t ledger.Transfer
			var op ledger.OpKind
			if err := r.Scan(transferDest(&t, &op)...); err != nil {
				return err
			}
			finishTransfer(&t, op)
			for _, dst := range byID[t.ID] {
				*dst = t
			}
			return nil
		})
}

// postEach posts each hold alone, as PostHold: when one hold fails the
// shared transaction whole.
func (s *Store) postEach(ctx context.Context, posts []ledger.HoldPost, now time.Time) ([]ledger.PostOutcome, error) {
	out := make([]ledger.PostOutcome, len(posts))
	for i, p := range posts {
		o := &out[i]
		o.Hold, o.Transfer, o.Replayed, o.Err = s.PostHold(ctx, p.HoldID, p.Amount, now)
		if o.Err == nil {
			continue
		}
		if !refusal(o.Err) {
			// A fault: the holds posted so far stay posted, and a retry of
			// the request answers them as replayed.
			return nil, o.Err
		}
		*o = ledger.PostOutcome{Err: o.Err}
	}
	return out, nil
}

// refusal reports whether err refuses the request (a reason the caller can
// act on) rather than fails it (a fault, a lost database).
func refusal(err error) bool {
	var e *apierr.Error
	return errors.As(err, &e) && e.Code != connect.CodeUnavailable
}
