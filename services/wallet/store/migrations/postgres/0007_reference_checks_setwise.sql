-- The ledger's references checked once per statement instead of once per
-- row. A foreign key is a row-level trigger: each transfer ran seven
-- lookups (its operation, its two accounts; each of its two entries, its
-- account and its transfer), each an executor start, an index probe and a
-- row lock. The same guarantee, checked set-wise: after each INSERT one
-- statement counts, in each referenced table, the distinct ids the
-- statement's rows name, and the statement is refused with SQLSTATE 23503
-- (foreign_key_violation) if one is missing.
--
-- What a foreign key's RESTRICT refuses on the referenced side is refused
-- here by triggers: an account is never deleted, truncated or renumbered,
-- nor is a transfer (the ledger's append-only rule, now covering TRUNCATE
-- too), so one that exists when checked exists at the commit and the check
-- takes no lock on it. An operation can be deleted (the transfer functions
-- drop the keys of refused items they claimed), so the check locks the
-- operations it finds FOR KEY SHARE, as a foreign key does, and a DELETE
-- waits for the inserting transaction and then finds its rows.
--
-- PostgreSQL only: SQLite's foreign keys are checked in its own engine
-- without an executor per row, and it serialises writers anyway.

ALTER TABLE transfers DROP CONSTRAINT transfers_operation_id_fkey,
                      DROP CONSTRAINT transfers_debit_account_id_fkey,
                      DROP CONSTRAINT transfers_credit_account_id_fkey;
ALTER TABLE entries   DROP CONSTRAINT entries_account_id_fkey,
                      DROP CONSTRAINT entries_transfer_id_fkey;
ALTER TABLE holds     DROP CONSTRAINT holds_operation_id_fkey,
                      DROP CONSTRAINT holds_debit_account_id_fkey,
                      DROP CONSTRAINT holds_credit_account_id_fkey;

-- wallet_reference_missing raises the foreign-key violation for the first
-- id of want that table tbl does not hold: the triggers below call it when
-- they found fewer rows than they looked for.
CREATE FUNCTION wallet_reference_missing(tbl regclass, want bigint[], what text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    miss bigint;
BEGIN
    EXECUTE format('SELECT w FROM unnest($1) AS w WHERE NOT EXISTS (SELECT 1 FROM %s WHERE id = w) LIMIT 1', tbl)
        INTO miss USING want;
    RAISE EXCEPTION 'insert on table "%" violates the ledger''s reference to "%": key (id)=(%) is not present',
        what, tbl, miss
        USING ERRCODE = 'foreign_key_violation';
END $$;

-- wallet_check_references checks the distinct ids a statement's rows
-- name, by referenced table (NULL: none of that table), with one statement
-- whatever the number of rows: it counts the rows the tables hold for them
-- (a primary key gives at most one each). It is static SQL, which PL/pgSQL
-- plans once per connection; a plan made while a table was small would
-- scan it whole as it grows until the next ANALYZE, so it runs with
-- sequential scans off: every check is index probes.
CREATE FUNCTION wallet_check_references(ops bigint[], tids bigint[], accts bigint[], what text) RETURNS void
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
    n_ops  bigint;
    n_tid  bigint;
    n_acct bigint;
BEGIN
    SELECT (SELECT count(*) FROM (SELECT 1 FROM operations WHERE id = ANY (ops) FOR KEY SHARE) AS l),
           (SELECT count(*) FROM transfers WHERE id = ANY (tids)),
           (SELECT count(*) FROM accounts WHERE id = ANY (accts))
    INTO n_ops, n_tid, n_acct;
    IF n_ops <> coalesce(cardinality(ops), 0) THEN
        PERFORM wallet_reference_missing('operations', ops, what);
    END IF;
    IF n_tid <> coalesce(cardinality(tids), 0) THEN
        PERFORM wallet_reference_missing('transfers', tids, what);
    END IF;
    IF n_acct <> coalesce(cardinality(accts), 0) THEN
        PERFORM wallet_reference_missing('accounts', accts, what);
    END IF;
END $$;

CREATE FUNCTION wallet_transfers_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM wallet_check_references((SELECT array_agg(DISTINCT operation_id) FROM new_rows), NULL,
        (SELECT array_agg(DISTINCT a) FROM (SELECT debit_account_id FROM new_rows UNION SELECT credit_account_id FROM new_rows) AS v(a)),
        TG_TABLE_NAME);
    RETURN NULL;
END $$;

CREATE FUNCTION wallet_entries_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM wallet_check_references(NULL, (SELECT array_agg(DISTINCT transfer_id) FROM new_rows),
        (SELECT array_agg(DISTINCT account_id) FROM new_rows), TG_TABLE_NAME);
    RETURN NULL;
END $$;

-- Transfers and holds name the same columns, so one function serves both.
CREATE TRIGGER transfers_references AFTER INSERT ON transfers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_transfers_references();
CREATE TRIGGER holds_references AFTER INSERT ON holds
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_transfers_references();
CREATE TRIGGER entries_references AFTER INSERT ON entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_entries_references();

-- A hold changes state, never what it refers to (transfers and entries do
-- not change at all: the append-only rule).
CREATE FUNCTION wallet_references_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the ledger''s references are fixed: % of %.% refused', TG_OP, TG_TABLE_NAME, TG_ARGV[0]
        USING ERRCODE = 'foreign_key_violation';
END $$;
CREATE TRIGGER holds_references_fixed BEFORE UPDATE OF operation_id, debit_account_id, credit_account_id ON holds
    FOR EACH ROW WHEN (OLD.operation_id IS DISTINCT FROM NEW.operation_id
                       OR OLD.debit_account_id IS DISTINCT FROM NEW.debit_account_id
                       OR OLD.credit_account_id IS DISTINCT FROM NEW.credit_account_id)
    EXECUTE FUNCTION wallet_references_fixed('references');
CREATE TRIGGER accounts_id_fixed BEFORE UPDATE OF id ON accounts
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION wallet_references_fixed('id');
CREATE TRIGGER operations_id_fixed BEFORE UPDATE OF id ON operations
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION wallet_references_fixed('id');

-- The referenced side. An account is never deleted (it holds the history
-- of its entries); an operation only while nothing names it. The lock a
-- referencing insert took on an operation (FOR KEY SHARE) makes its DELETE
-- wait for that transaction, and this check then sees its rows. TRUNCATE
-- fires no row trigger, so it is refused on its own.
CREATE FUNCTION wallet_rows_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the ledger''s % keep their rows: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'foreign_key_violation';
END $$;
CREATE TRIGGER accounts_kept BEFORE DELETE ON accounts
    FOR EACH ROW EXECUTE FUNCTION wallet_rows_kept();
CREATE TRIGGER accounts_not_truncated BEFORE TRUNCATE ON accounts
    FOR EACH STATEMENT EXECUTE FUNCTION wallet_rows_kept();
CREATE TRIGGER operations_not_truncated BEFORE TRUNCATE ON operations
    FOR EACH STATEMENT EXECUTE FUNCTION wallet_rows_kept();
CREATE TRIGGER transfers_not_truncated BEFORE TRUNCATE ON transfers
    FOR EACH STATEMENT EXECUTE FUNCTION wallet_append_only();
CREATE TRIGGER entries_not_truncated BEFORE TRUNCATE ON entries
    FOR EACH STATEMENT EXECUTE FUNCTION wallet_append_only();

CREATE FUNCTION wallet_operations_unreferenced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM transfers WHERE operation_id = OLD.id)
       OR EXISTS (SELECT 1 FROM holds WHERE operation_id = OLD.id) THEN
        RAISE EXCEPTION 'operation % is still referenced', OLD.id
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN OLD;
END $$;
CREATE TRIGGER operations_unreferenced BEFORE DELETE ON operations
    FOR EACH ROW EXECUTE FUNCTION wallet_operations_unreferenced();
