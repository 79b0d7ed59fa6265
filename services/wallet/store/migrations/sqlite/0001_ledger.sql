-- The ledger: accounts, idempotent operations, transfers, their entries and
-- holds. Same tables and constraints as the PostgreSQL schema; times are
-- Unix microseconds (UTC).

CREATE TABLE accounts (
    id          INTEGER PRIMARY KEY,
    kind        INTEGER NOT NULL CHECK (kind BETWEEN 1 AND 7),
    owner_id    TEXT    NOT NULL,
    partner_id  TEXT    NOT NULL,
    currency    TEXT    NOT NULL CHECK (length(currency) = 3),
    balance     INTEGER NOT NULL DEFAULT 0,
    held        INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    CONSTRAINT accounts_identity UNIQUE (kind, partner_id, owner_id, currency),
    CONSTRAINT accounts_held_nonnegative CHECK (held >= 0),
    -- Player, escrow and prize-pool accounts never go below zero, nor below
    -- what pending holds reserve. House revenue, house bank and the cage may.
    CONSTRAINT accounts_funds_nonnegative CHECK (kind IN (5, 6, 7) OR balance - held >= 0)
) STRICT;
CREATE INDEX accounts_owner ON accounts (owner_id);

CREATE TABLE operations (
    id          INTEGER PRIMARY KEY,
    scope       TEXT    NOT NULL,
    idem_key    TEXT    NOT NULL,
    body_hash   BLOB    NOT NULL,
    op          INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    CONSTRAINT operations_key UNIQUE (scope, idem_key)
) STRICT;

CREATE TABLE transfers (
    id                 INTEGER PRIMARY KEY,
    operation_id       INTEGER NOT NULL REFERENCES operations (id),
    debit_account_id   INTEGER NOT NULL REFERENCES accounts (id),
    credit_account_id  INTEGER NOT NULL REFERENCES accounts (id),
    amount             INTEGER NOT NULL CHECK (amount > 0),
    currency           TEXT    NOT NULL,
    kind               INTEGER NOT NULL,
    table_id           TEXT    NOT NULL DEFAULT '',
    hand_id            TEXT    NOT NULL DEFAULT '',
    round_id           TEXT    NOT NULL DEFAULT '',
    tournament_id      TEXT    NOT NULL DEFAULT '',
    note               TEXT    NOT NULL DEFAULT '',
    hold_id            INTEGER NOT NULL DEFAULT 0,
    created_at         INTEGER NOT NULL,
    CHECK (debit_account_id <> credit_account_id)
) STRICT;
CREATE INDEX transfers_operation ON transfers (operation_id);
CREATE INDEX transfers_revenue ON transfers (kind, currency, created_at);

CREATE TABLE entries (
    id               INTEGER PRIMARY KEY,
    account_id       INTEGER NOT NULL REFERENCES accounts (id),
    counterparty_id  INTEGER NOT NULL,
    transfer_id      INTEGER NOT NULL REFERENCES transfers (id),
    amount           INTEGER NOT NULL CHECK (amount <> 0),
    balance_after    INTEGER NOT NULL,
    kind             INTEGER NOT NULL,
    created_at       INTEGER NOT NULL
) STRICT;
CREATE INDEX entries_account ON entries (account_id, id);

CREATE TABLE holds (
    id                 INTEGER PRIMARY KEY,
    operation_id       INTEGER NOT NULL REFERENCES operations (id),
    debit_account_id   INTEGER NOT NULL REFERENCES accounts (id),
    credit_account_id  INTEGER NOT NULL REFERENCES accounts (id),
    amount             INTEGER NOT NULL CHECK (amount > 0),
    currency           TEXT    NOT NULL,
    kind               INTEGER NOT NULL,
    table_id           TEXT    NOT NULL DEFAULT '',
    hand_id            TEXT    NOT NULL DEFAULT '',
    round_id           TEXT    NOT NULL DEFAULT '',
    tournament_id      TEXT    NOT NULL DEFAULT '',
    note               TEXT    NOT NULL DEFAULT '',
    state              INTEGER NOT NULL,
    expires_at         INTEGER NOT NULL,
    posted_amount      INTEGER NOT NULL DEFAULT 0,
    transfer_id        INTEGER NOT NULL DEFAULT 0,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
) STRICT;
CREATE INDEX holds_operation ON holds (operation_id);
CREATE INDEX holds_pending ON holds (expires_at) WHERE state = 1;

-- The ledger is append-only: posted transfers and entries are never changed
-- or deleted; a correction is a new transfer.
CREATE TRIGGER transfers_no_update BEFORE UPDATE ON transfers
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER transfers_no_delete BEFORE DELETE ON transfers
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
