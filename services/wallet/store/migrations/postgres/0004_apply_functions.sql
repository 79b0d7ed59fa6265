-- One statement for every other write on PostgreSQL, so a batch, a hold
-- or a hold's post holds its account locks for one round trip only (hot
-- accounts — a table's escrow, house revenue, the house bank — are touched
-- by most operations). Same algorithm and order as the store's generic path
-- (store/apply.go, used on SQLite): claim the key, lock the accounts in
-- ascending id order, check and move leg by leg. A rejection raises and the
-- statement's transaction rolls back whole:
--   WL001 insufficient funds, WL002 no such account, WL003 currency mismatch,
--   WL004 no such hold, WL005 hold not pending, WL006 hold expired,
--   WL007 post exceeds the hold. DETAIL carries the account or hold id.

-- wallet_reserve moves amount of an account's available funds into held.
CREATE FUNCTION wallet_reserve(p_id bigint, p_amount bigint, p_currency text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    v_currency text;
BEGIN
    UPDATE accounts SET held = held + p_amount
    WHERE id = p_id AND currency = p_currency
      AND (kind IN (5, 6, 7) OR balance - held >= p_amount);
    IF FOUND THEN
        RETURN;
    END IF;
    SELECT currency INTO v_currency FROM accounts WHERE id = p_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'account % does not exist', p_id USING ERRCODE = 'WL002', DETAIL = p_id::text;
    ELSIF v_currency <> p_currency THEN
        RAISE EXCEPTION 'account % is not in %', p_id, p_currency USING ERRCODE = 'WL003', DETAIL = p_id::text;
    END IF;
    RAISE EXCEPTION 'account % has insufficient available funds', p_id USING ERRCODE = 'WL001', DETAIL = p_id::text;
END $$;

-- wallet_apply runs a batch (p_op 2) or creates a hold (p_op 3, one leg).
-- out_status 0: applied, one row per transfer (or the hold) in out_id;
-- 1: replay of operation out_op; 2: the key was used with another body.
CREATE FUNCTION wallet_apply(
    p_scope text, p_key text, p_hash bytea, p_op smallint,
    p_debit bigint[], p_credit bigint[], p_amount bigint[], p_currency text[], p_kind smallint[],
    p_table text[], p_hand text[], p_round text[], p_tournament text[], p_note text[],
    p_now bigint, p_expires bigint)
RETURNS TABLE (out_status smallint, out_op bigint, out_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
    n        integer := coalesce(array_length(p_debit, 1), 0);
    i        integer;
    v_op     bigint;
    v_hash   bytea;
    v_id     bigint;
    v_debit  bigint;
    v_credit bigint;
    v_ids    bigint[] := '{}';
BEGIN
    INSERT INTO operations (scope, idem_key, body_hash, op, created_at)
    VALUES (p_scope, p_key, p_hash, p_op, p_now)
    ON CONFLICT (scope, idem_key) DO NOTHING
    RETURNING id INTO v_op;
    IF v_op IS NULL THEN
        SELECT o.id, o.body_hash INTO v_op, v_hash
        FROM operations o WHERE o.scope = p_scope AND o.idem_key = p_key;
        RETURN QUERY SELECT CASE WHEN v_hash = p_hash THEN 1::smallint ELSE 2::smallint END, v_op, 0::bigint;
        RETURN;
    END IF;

    PERFORM 1 FROM accounts a
    WHERE a.id IN (SELECT x FROM unnest(p_debit || p_credit) AS x)
    ORDER BY a.id FOR UPDATE;

    FOR i IN 1..n LOOP
        IF p_op = 3 THEN
            PERFORM wallet_reserve(p_debit[i], p_amount[i], p_currency[i]);
            IF NOT EXISTS (SELECT 1 FROM accounts WHERE id = p_credit[i] AND currency = p_currency[i]) THEN
                IF EXISTS (SELECT 1 FROM accounts WHERE id = p_credit[i]) THEN
                    RAISE EXCEPTION 'account % is not in %', p_credit[i], p_currency[i] USING ERRCODE = 'WL003', DETAIL = p_credit[i]::text;
                END IF;
                RAISE EXCEPTION 'account % does not exist', p_credit[i] USING ERRCODE = 'WL002', DETAIL = p_credit[i]::text;
            END IF;
            INSERT INTO holds (operation_id, debit_account_id, credit_account_id, amount, currency, kind,
                               table_id, hand_id, round_id, tournament_id, note, state, expires_at, created_at, updated_at)
            VALUES (v_op, p_debit[i], p_credit[i], p_amount[i], p_currency[i], p_kind[i],
                    p_table[i], p_hand[i], p_round[i], p_tournament[i], p_note[i], 1, p_expires, p_now, p_now)
            RETURNING id INTO v_id;
        ELSE
            v_debit := wallet_debit(p_debit[i], p_amount[i], p_currency[i]);
            v_credit := wallet_credit(p_credit[i], p_amount[i], p_currency[i]);
            INSERT INTO transfers (operation_id, debit_account_id, credit_account_id, amount, currency, kind,
                                   table_id, hand_id, round_id, tournament_id, note, created_at)
            VALUES (v_op, p_debit[i], p_credit[i], p_amount[i], p_currency[i], p_kind[i],
                    p_table[i], p_hand[i], p_round[i], p_tournament[i], p_note[i], p_now)
            RETURNING id INTO v_id;
            INSERT INTO entries (account_id, counterparty_id, transfer_id, amount, balance_after, kind, created_at)
            VALUES (p_debit[i], p_credit[i], v_id, -p_amount[i], v_debit, p_kind[i], p_now),
                   (p_credit[i], p_debit[i], v_id, p_amount[i], v_credit, p_kind[i], p_now);
        END IF;
        v_ids := v_ids || v_id;
    END LOOP;
    RETURN QUERY SELECT 0::smallint, v_op, u.id FROM unnest(v_ids) WITH ORDINALITY AS u(id, idx) ORDER BY u.idx;
END $$;

-- wallet_post_hold moves p_amount (0 = all) of a pending hold to its credit
-- account and releases the rest. out_status 0: posted by this call,
-- out_transfer the new transfer; 1: already posted with this amount.
CREATE FUNCTION wallet_post_hold(p_id bigint, p_amount bigint, p_now bigint)
RETURNS TABLE (out_status smallint, out_transfer bigint)
LANGUAGE plpgsql AS $$
DECLARE
    h        holds%ROWTYPE;
    v_want   bigint;
    v_debit  bigint;
    v_credit bigint;
    v_tid    bigint;
BEGIN
    SELECT * INTO h FROM holds WHERE id = p_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'hold % does not exist', p_id USING ERRCODE = 'WL004', DETAIL = p_id::text;
    END IF;
    v_want := CASE WHEN p_amount = 0 THEN h.amount ELSE p_amount END;
    IF h.state = 2 AND h.posted_amount = v_want THEN
        RETURN QUERY SELECT 1::smallint, h.transfer_id;
        RETURN;
    END IF;
    IF h.state <> 1 THEN
        RAISE EXCEPTION 'hold % is not pending', p_id USING ERRCODE = 'WL005', DETAIL = p_id::text;
    END IF;
    IF p_now >= h.expires_at THEN
        RAISE EXCEPTION 'hold % has expired', p_id USING ERRCODE = 'WL006', DETAIL = p_id::text;
    END IF;
    IF v_want > h.amount THEN
        RAISE EXCEPTION 'cannot post % from hold % of %', v_want, p_id, h.amount USING ERRCODE = 'WL007', DETAIL = p_id::text;
    END IF;
    PERFORM 1 FROM accounts a WHERE a.id IN (h.debit_account_id, h.credit_account_id) ORDER BY a.id FOR UPDATE;
    UPDATE accounts SET held = held - h.amount, balance = balance - v_want
    WHERE id = h.debit_account_id RETURNING balance INTO v_debit;
    UPDATE accounts SET balance = balance + v_want
    WHERE id = h.credit_account_id RETURNING balance INTO v_credit;
    INSERT INTO transfers (operation_id, debit_account_id, credit_account_id, amount, currency, kind,
                           table_id, hand_id, round_id, tournament_id, note, hold_id, created_at)
    VALUES (h.operation_id, h.debit_account_id, h.credit_account_id, v_want, h.currency, h.kind,
            h.table_id, h.hand_id, h.round_id, h.tournament_id, h.note, h.id, p_now)
    RETURNING id INTO v_tid;
    INSERT INTO entries (account_id, counterparty_id, transfer_id, amount, balance_after, kind, created_at)
    VALUES (h.debit_account_id, h.credit_account_id, v_tid, -v_want, v_debit, h.kind, p_now),
           (h.credit_account_id, h.debit_account_id, v_tid, v_want, v_credit, h.kind, p_now);
    UPDATE holds SET state = 2, posted_amount = v_want, transfer_id = v_tid, updated_at = p_now WHERE id = p_id;
    RETURN QUERY SELECT 0::smallint, v_tid;
END $$;

-- wallet_release_hold voids (p_state 3) or expires (p_state 4) a pending
-- hold. Returns 0: released by this call; 1: already voided (a void
-- retried); 2: nothing to do (expiry of a hold that is settled or not yet
-- due).
CREATE FUNCTION wallet_release_hold(p_id bigint, p_state smallint, p_now bigint)
RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
    h holds%ROWTYPE;
BEGIN
    SELECT * INTO h FROM holds WHERE id = p_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'hold % does not exist', p_id USING ERRCODE = 'WL004', DETAIL = p_id::text;
    END IF;
    IF p_state = 4 AND (h.state <> 1 OR p_now < h.expires_at) THEN
        RETURN 2;
    END IF;
    IF h.state = 3 AND p_state = 3 THEN
        RETURN 1;
    END IF;
    IF h.state <> 1 THEN
        RAISE EXCEPTION 'hold % is not pending', p_id USING ERRCODE = 'WL005', DETAIL = p_id::text;
    END IF;
    UPDATE accounts SET held = held - h.amount WHERE id = h.debit_account_id;
    UPDATE holds SET state = p_state, updated_at = p_now WHERE id = p_id;
    RETURN 0;
END $$;
