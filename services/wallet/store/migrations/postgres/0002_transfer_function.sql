-- wallet_transfer applies one idempotent transfer in a single round trip:
-- claim the key, move the money (locking the two accounts in id order),
-- append the transfer and its two entries. It is the same algorithm as the
-- store's generic path (store/apply.go), kept in the database so a single
-- transfer costs one statement and one commit.
--
-- status 0: applied; 1: the key was already used with this body (replay of
-- operation op_id); 2: the key was used with another body. A rejection
-- raises: WL001 insufficient funds, WL002 no such account, WL003 currency
-- mismatch; the statement's implicit transaction then rolls back, key claim
-- included.
CREATE FUNCTION wallet_transfer(
    p_scope text, p_key text, p_hash bytea,
    p_debit bigint, p_credit bigint, p_amount bigint, p_currency text, p_kind smallint,
    p_table text, p_hand text, p_round text, p_tournament text, p_note text,
    p_now bigint)
RETURNS TABLE (out_status smallint, out_op bigint, out_transfer bigint)
LANGUAGE plpgsql AS $$
DECLARE
    v_op       bigint;
    v_hash     bytea;
    v_tid      bigint;
    v_debit    bigint;
    v_credit   bigint;
BEGIN
    INSERT INTO operations (scope, idem_key, body_hash, op, created_at)
    VALUES (p_scope, p_key, p_hash, 1, p_now)
    ON CONFLICT (scope, idem_key) DO NOTHING
    RETURNING id INTO v_op;
    IF v_op IS NULL THEN
        SELECT o.id, o.body_hash INTO v_op, v_hash
        FROM operations o WHERE o.scope = p_scope AND o.idem_key = p_key;
        IF v_hash = p_hash THEN
            RETURN QUERY SELECT 1::smallint, v_op, 0::bigint;
        ELSE
            RETURN QUERY SELECT 2::smallint, v_op, 0::bigint;
        END IF;
        RETURN;
    END IF;

    -- Lock order: ascending account id, as everywhere else, so no deadlock.
    IF p_debit < p_credit THEN
        v_debit := wallet_debit(p_debit, p_amount, p_currency);
        v_credit := wallet_credit(p_credit, p_amount, p_currency);
    ELSE
        v_credit := wallet_credit(p_credit, p_amount, p_currency);
        v_debit := wallet_debit(p_debit, p_amount, p_currency);
    END IF;

    INSERT INTO transfers (operation_id, debit_account_id, credit_account_id, amount, currency, kind,
                           table_id, hand_id, round_id, tournament_id, note, created_at)
    VALUES (v_op, p_debit, p_credit, p_amount, p_currency, p_kind,
            p_table, p_hand, p_round, p_tournament, p_note, p_now)
    RETURNING id INTO v_tid;

    INSERT INTO entries (account_id, counterparty_id, transfer_id, amount, balance_after, kind, created_at)
    VALUES (p_debit, p_credit, v_tid, -p_amount, v_debit, p_kind, p_now),
           (p_credit, p_debit, v_tid, p_amount, v_credit, p_kind, p_now);

    RETURN QUERY SELECT 0::smallint, v_op, v_tid;
END $$;

-- wallet_debit takes amount from an account if the account may give it and
-- returns the new balance.
CREATE FUNCTION wallet_debit(p_id bigint, p_amount bigint, p_currency text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    v_balance bigint;
    v_currency text;
BEGIN
    UPDATE accounts SET balance = balance - p_amount
    WHERE id = p_id AND currency = p_currency
      AND (kind IN (5, 6, 7) OR balance - held >= p_amount)
    RETURNING balance INTO v_balance;
    IF FOUND THEN
        RETURN v_balance;
    END IF;
    SELECT currency INTO v_currency FROM accounts WHERE id = p_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'account % does not exist', p_id USING ERRCODE = 'WL002', DETAIL = p_id::text;
    ELSIF v_currency <> p_currency THEN
        RAISE EXCEPTION 'account % is not in %', p_id, p_currency USING ERRCODE = 'WL003', DETAIL = p_id::text;
    END IF;
    RAISE EXCEPTION 'account % has insufficient available funds', p_id USING ERRCODE = 'WL001', DETAIL = p_id::text;
END $$;

-- wallet_credit adds amount to an account and returns the new balance.
CREATE FUNCTION wallet_credit(p_id bigint, p_amount bigint, p_currency text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    v_balance bigint;
BEGIN
    UPDATE accounts SET balance = balance + p_amount
    WHERE id = p_id AND currency = p_currency
    RETURNING balance INTO v_balance;
    IF FOUND THEN
        RETURN v_balance;
    END IF;
    IF EXISTS (SELECT 1 FROM accounts WHERE id = p_id) THEN
        RAISE EXCEPTION 'account % is not in %', p_id, p_currency USING ERRCODE = 'WL003', DETAIL = p_id::text;
    END IF;
    RAISE EXCEPTION 'account % does not exist', p_id USING ERRCODE = 'WL002', DETAIL = p_id::text;
END $$;
