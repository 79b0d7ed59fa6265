package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

const accountCols = "id, kind, owner_id, partner_id, currency, balance, held, created_at"

// OpenAccount implements ledger.Store.
func (s *Store) OpenAccount(ctx context.Context, a ledger.Account) (ledger.Account, error) {
	var out ledger.Account
	err := s.tx(ctx, "open_account", nil, func(x q) error {
		var err error
		out, err = s.openAccount(ctx, x, a)
		return err
	})
	return out, err
}

func (s *Store) openAccount(ctx context.Context, x q, a ledger.Account) (ledger.Account, error) {
	var out ledger.Account
	err := x.row(ctx, "open_account", `INSERT INTO accounts (kind, owner_id, partner_id, currency, balance, held, created_at)
		VALUES ($1, $2, $3, $4, 0, 0, $5)
		ON CONFLICT (kind, partner_id, owner_id, currency) DO NOTHING
		RETURNING `+accountCols,
		[]any{a.Kind, a.OwnerID, a.PartnerID, a.Currency, micros(a.CreatedAt)},
		scanDest(&out)...)
	if errors.Is(err, sql.ErrNoRows) {
		err = x.row(ctx, "account_by_identity", `SELECT `+accountCols+` FROM accounts
			WHERE kind = $1 AND partner_id = $2 AND owner_id = $3 AND currency = $4`,
			[]any{a.Kind, a.PartnerID, a.OwnerID, a.Currency}, scanDest(&out)...)
	}
	return out, err
}

// scanDest is where a row of accountCols scans into.
func scanDest(a *ledger.Account) []any {
	return []any{&a.ID, &a.Kind, &a.OwnerID, &a.PartnerID, &a.Currency, &a.Balance, &a.Held, (*microTime)(&a.CreatedAt)}
}

// microTime scans an integer column of Unix microseconds into a time.Time.
type microTime time.Time

func (m *microTime) Scan(v any) error {
	n, ok := v.(int64)
	if !ok {
		return fmt.Errorf("store: time column holds %T", v)
	}
	*m = microTime(fromMicros(n))
	return nil
}

// Account implements ledger.Store.
func (s *Store) Account(ctx context.Context, id int64) (ledger.Account, error) {
	var a ledger.Account
	err := s.plain().row(ctx, "account", `SELECT `+accountCols+` FROM accounts WHERE id = $1`, []any{id}, scanDest(&a)...)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ledger.ErrAccountNotFound(id)
	}
	return a, err
}

// Accounts implements ledger.Store.
func (s *Store) Accounts(ctx context.Context, f ledger.AccountFilter) ([]ledger.Account, error) {
	var where []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, fmt.Sprintf(cond, len(args)))
	}
	if f.OwnerID != "" {
		add("owner_id = $%d", f.OwnerID)
	}
	if f.PartnerID != "" || f.PartnerSet {
		add("partner_id = $%d", f.PartnerID)
	}
	if f.Kind != 0 {
		add("kind = $%d", f.Kind)
	}
	if f.Currency != "" {
		add("currency = $%d", f.Currency)
	}
	query := `SELECT ` + accountCols + ` FROM accounts`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	limit := f.Limit
	if limit <= 0 {
		limit = ledger.MaxPage
	}
	args = append(args, limit)
	query += fmt.Sprintf(" ORDER BY id LIMIT $%d", len(args))
	var out []ledger.Account
	err := s.plain().rows(ctx, "accounts", query, args, func(r rowScanner) error {
		var a ledger.Account
		if err := r.Scan(scanDest(&a)...); err != nil {
			return err
		}
		out = append(out, a)
		return nil
	})
	return out, err
}

const transferCols = `t.id, t.operation_id, o.idem_key, o.op, t.debit_account_id, t.credit_account_id, t.amount,
	t.currency, t.kind, t.table_id, t.hand_id, t.round_id, t.tournament_id, t.note, t.hold_id, t.created_at`

func transferDest(t *ledger.Transfer, op *ledger.OpKind) []any {
	return []any{&t.ID, &t.OperationID, &t.Key, op, &t.Debit, &t.Credit, &t.Amount, &t.Currency, &t.Kind,
		&t.Meta.TableID, &t.Meta.HandID, &t.Meta.RoundID, &t.Meta.TournamentID, &t.Meta.Note, &t.HoldID,
		(*microTime)(&t.CreatedAt)}
}

func finishTransfer(t *ledger.Transfer, op ledger.OpKind) {
	if op == ledger.OpBatch {
		t.BatchID = t.OperationID
	}
}

// Transfer implements ledger.Store.
func (s *Store) Transfer(ctx context.Context, id int64) (ledger.Transfer, error) {
	return s.transfer(ctx, s.plain(), id)
}

func (s *Store) transfer(ctx context.Context, x q, id int64) (ledger.Transfer, error) {
	var t ledger.Transfer
	var op ledger.OpKind
	err := x.row(ctx, "transfer", `SELECT `+transferCols+` FROM transfers t JOIN operations o ON o.id = t.operation_id
		WHERE t.id = $1`, []any{id}, transferDest(&t, &op)...)
	if errors.Is(err, sql.ErrNoRows) {
		return t, ledger.WithTransfer(apierr.NotFound(ledger.ReasonTransferNotFound, "no such transfer"), id)
	}
	finishTransfer(&t, op)
	return t, err
}

func (s *Store) operationTransfers(ctx context.Context, x q, opID int64) ([]ledger.Transfer, error) {
	var out []ledger.Transfer
	err := x.rows(ctx, "operation_transfers", `SELECT `+transferCols+` FROM transfers t JOIN operations o ON o.id = t.operation_id
		WHERE t.operation_id = $1 ORDER BY t.id`, []any{opID}, func(r rowScanner) error {
		var t ledger.Transfer
		var op ledger.OpKind
		if err := r.Scan(transferDest(&t, &op)...); err != nil {
			return err
		}
		finishTransfer(&t, op)
		out = append(out, t)
		return nil
	})
	return out, err
}

// result loads what operation opID recorded.
func (s *Store) result(ctx context.Context, x q, opID int64, kind ledger.OpKind) (ledger.Result, error) {
	r := ledger.Result{OperationID: opID}
	if kind == ledger.OpHold {
		h, err := s.holdWhere(ctx, x, "h.operation_id = $1", opID, "")
		if err != nil {
			return r, err
		}
		r.Hold = &h
		return r, nil
	}
	ts, err := s.operationTransfers(ctx, x, opID)
	r.Transfers = ts
	return r, err
}

// Operation implements ledger.Store.
func (s *Store) Operation(ctx context.Context, scope, key string) (ledger.Result, error) {
	var id int64
	var kind ledger.OpKind
	x := s.plain()
	err := x.row(ctx, "operation_by_key", `SELECT id, op FROM operations WHERE scope = $1 AND idem_key = $2`,
		[]any{scope, key}, &id, &kind)
	if errors.Is(err, sql.ErrNoRows) {
		return ledger.Result{}, apierr.NotFound(ledger.ReasonTransferNotFound, "no operation for key %q", key)
	}
	if err != nil {
		return ledger.Result{}, err
	}
	return s.result(ctx, x, id, kind)
}

const holdCols = `h.id, h.operation_id, o.idem_key, h.debit_account_id, h.credit_account_id, h.amount, h.currency, h.kind,
	h.table_id, h.hand_id, h.round_id, h.tournament_id, h.note, h.state, h.expires_at, h.posted_amount,
	h.transfer_id, h.created_at`

func holdDest(h *ledger.Hold) []any {
	return []any{&h.ID, &h.OperationID, &h.Key, &h.Debit, &h.Credit, &h.Amount, &h.Currency, &h.Kind,
		&h.Meta.TableID, &h.Meta.HandID, &h.Meta.RoundID, &h.Meta.TournamentID, &h.Meta.Note, &h.State,
		(*microTime)(&h.ExpiresAt), &h.PostedAmount, &h.TransferID, (*microTime)(&h.CreatedAt)}
}

func (s *Store) holdWhere(ctx context.Context, x q, cond string, arg any, lock string) (ledger.Hold, error) {
	var h ledger.Hold
	err := x.row(ctx, "hold", `SELECT `+holdCols+` FROM holds h JOIN operations o ON o.id = h.operation_id WHERE `+cond+lock,
		[]any{arg}, holdDest(&h)...)
	if errors.Is(err, sql.ErrNoRows) {
		id, _ := arg.(int64)
		return h, ledger.ErrHoldNotFound(id)
	}
	return h, err
}

// Hold implements ledger.Store.
func (s *Store) Hold(ctx context.Context, id int64) (ledger.Hold, error) {
	return s.holdWhere(ctx, s.plain(), "h.id = $1", id, "")
}

// Entries implements ledger.Store.
func (s *Store) Entries(ctx context.Context, eq ledger.EntryQuery) ([]ledger.Entry, error) {
	args := []any{eq.AccountID, eq.After}
	where := "e.account_id = $1 AND e.id > $2"
	if len(eq.Kinds) > 0 {
		var ph []string
		for _, k := range eq.Kinds {
			args = append(args, k)
			ph = append(ph, fmt.Sprintf("$%d", len(args)))
		}
		where += " AND e.kind IN (" + strings.Join(ph, ", ") + ")"
	}
	if !eq.From.IsZero() {
		args = append(args, micros(eq.From))
		where += fmt.Sprintf(" AND e.created_at >= $%d", len(args))
	}
	if !eq.To.IsZero() {
		args = append(args, micros(eq.To))
		where += fmt.Sprintf(" AND e.created_at < $%d", len(args))
	}
	args = append(args, eq.Limit)
	query := `SELECT e.id, e.account_id, e.counterparty_id, e.transfer_id, e.amount, e.balance_after, e.kind,
		t.table_id, t.hand_id, t.round_id, t.tournament_id, t.note, e.created_at
		FROM entries e JOIN transfers t ON t.id = e.transfer_id
		WHERE ` + where + fmt.Sprintf(" ORDER BY e.id LIMIT $%d", len(args))
	var out []ledger.Entry
	err := s.plain().rows(ctx, "entries", query, args, func(r rowScanner) error {
		var e ledger.Entry
		if err := r.Scan(&e.ID, &e.AccountID, &e.Counterparty, &e.TransferID, &e.Amount, &e.BalanceAfter, &e.Kind,
			&e.Meta.TableID, &e.Meta.HandID, &e.Meta.RoundID, &e.Meta.TournamentID, &e.Meta.Note,
			(*microTime)(&e.CreatedAt)); err != nil {
			return err
		}
		out = append(out, e)
		return nil
	})
	return out, err
}

// Reconcile implements ledger.Store. It reads one snapshot (REPEATABLE READ
// on PostgreSQL, a read transaction on SQLite) so transfers running beside
// it cannot make it report a false mismatch.
func (s *Store) Reconcile(ctx context.Context, currency string) (ledger.Reconciliation, error) {
	var r ledger.Reconciliation
	opts := &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}
	if s.d.name == sqliteDB.name {
		opts = nil
	}
	err := s.tx(ctx, "reconcile", opts, func(x q) error {
		r = ledger.Reconciliation{}
		cur := "($1 = '' OR a.currency = $1)"
		if err := x.rows(ctx, "reconcile_totals", `SELECT a.currency, COALESCE(SUM(a.balance), 0), COUNT(*) FROM accounts a
			WHERE `+cur+` GROUP BY a.currency ORDER BY a.currency`, []any{currency}, func(rs rowScanner) error {
			var t ledger.CurrencyTotal
			var n int
			if err := rs.Scan(&t.Currency, &t.Sum, &n); err != nil {
				return err
			}
			r.Totals = append(r.Totals, t)
			r.Checked += n
			return nil
		}); err != nil {
			return err
		}
		ids := func(name, query string, dst *[]int64) error {
			return x.rows(ctx, name, query, []any{currency}, func(rs rowScanner) error {
				var id int64
				if err := rs.Scan(&id); err != nil {
					return err
				}
				*dst = append(*dst, id)
				return nil
			})
		}
		if err := ids("reconcile_entries", `SELECT a.id FROM accounts a
			LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM entries GROUP BY account_id) e ON e.account_id = a.id
			WHERE `+cur+` AND a.balance <> COALESCE(e.total, 0) ORDER BY a.id`, &r.Mismatched); err != nil {
			return err
		}
		if err := ids("reconcile_holds", `SELECT a.id FROM accounts a
			LEFT JOIN (SELECT debit_account_id, SUM(amount) AS total FROM holds WHERE state = 1 GROUP BY debit_account_id) h
			ON h.debit_account_id = a.id
			WHERE `+cur+` AND a.held <> COALESCE(h.total, 0) ORDER BY a.id`, &r.HeldMismatched); err != nil {
			return err
		}
		return ids("reconcile_negative", `SELECT a.id FROM accounts a
			WHERE `+cur+` AND a.kind NOT IN (5, 6, 7) AND (a.balance < 0 OR a.balance < a.held) ORDER BY a.id`, &r.Negative)
	})
	return r, err
}

const microsPerDay = int64(24 * time.Hour / time.Microsecond)

// Revenue implements ledger.Store.
func (s *Store) Revenue(ctx context.Context, rq ledger.RevenueQuery) ([]ledger.RevenueRow, error) {
	args := []any{rq.Currency}
	where := "currency = $1"
	var ph []string
	for _, k := range rq.Kinds {
		args = append(args, k)
		ph = append(ph, fmt.Sprintf("$%d", len(args)))
	}
	where += " AND kind IN (" + strings.Join(ph, ", ") + ")"
	if rq.TableID != "" {
		args = append(args, rq.TableID)
		where += fmt.Sprintf(" AND table_id = $%d", len(args))
	}
	if !rq.From.IsZero() {
		args = append(args, micros(rq.From))
		where += fmt.Sprintf(" AND created_at >= $%d", len(args))
	}
	if !rq.To.IsZero() {
		args = append(args, micros(rq.To))
		where += fmt.Sprintf(" AND created_at < $%d", len(args))
	}
	query := fmt.Sprintf(`SELECT kind, table_id, tournament_id, created_at / %d AS day,
		SUM(amount), COUNT(DISTINCT NULLIF(hand_id, '')), COUNT(*)
		FROM transfers WHERE %s
		GROUP BY kind, table_id, tournament_id, created_at / %d
		ORDER BY day, kind, table_id, tournament_id`, microsPerDay, where, microsPerDay)
	var out []ledger.RevenueRow
	err := s.plain().rows(ctx, "revenue", query, args, func(r rowScanner) error {
		var row ledger.RevenueRow
		var day int64
		if err := r.Scan(&row.Kind, &row.TableID, &row.TournamentID, &day, &row.Amount, &row.Hands, &row.Transfers); err != nil {
			return err
		}
		row.Day = fromMicros(day * microsPerDay)
		out = append(out, row)
		return nil
	})
	return out, err
}
