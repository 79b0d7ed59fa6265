-- wallet_transfer_many applies many independent single transfers in one
-- statement and one commit (group commit): the store gathers the transfers
-- that concurrent callers submit while the previous group is in flight.
-- Each item succeeds or fails on its own, exactly as wallet_transfer would:
--   out_status 0 applied, 1 replay of operation out_op, 2 key reused with
--   another body, 3 insufficient funds on out_account, 4 no such account
--   out_account, 5 out_account is in another currency.
-- Lock order, the same as every other path: idempotency keys first, in
-- (scope, key) order; then every account of the group, ascending by id.
CREATE FUNCTION wallet_transfer_many(
    p_scope text[], p_key text[], p_hash bytea[],
    p_debit bigint[], p_credit bigint[], p_amount bigint[], p_currency text[], p_kind smallint[],
    p_table text[], p_hand text[], p_round text[], p_tournament text[], p_note text[],
    p_now bigint)
RETURNS TABLE (out_idx integer, out_status smallint, out_op bigint, out_transfer bigint, out_account bigint)
LANGUAGE plpgsql AS $$
DECLARE
    n         integer := coalesce(array_length(p_key, 1), 0);
    st        smallint[] := array_fill(0::smallint, ARRAY[n]);
    ops       bigint[] := array_fill(0::bigint, ARRAY[n]);
    tids      bigint[] := array_fill(0::bigint, ARRAY[n]);
    accts     bigint[] := array_fill(0::bigint, ARRAY[n]);
    dup       integer[] := array_fill(0, ARRAY[n]);
    fresh     boolean[] := array_fill(false, ARRAY[n]);
    i         integer;
    j         integer;
    v_op      bigint;
    v_hash    bytea;
    v_debit   bigint;
    v_credit  bigint;
    v_cur     text;
    v_tid     bigint;
BEGIN
    -- 1. Claim the keys.
    FOR i IN SELECT u.idx FROM unnest(p_scope, p_key) WITH ORDINALITY AS u(s, k, idx) ORDER BY u.s, u.k, u.idx LOOP
        v_op := NULL;
        INSERT INTO operations (scope, idem_key, body_hash, op, created_at)
        VALUES (p_scope[i], p_key[i], p_hash[i], 1, p_now)
        ON CONFLICT (scope, idem_key) DO NOTHING
        RETURNING id INTO v_op;
        IF v_op IS NOT NULL THEN
            ops[i] := v_op;
            fresh[i] := true;
            CONTINUE;
        END IF;
        SELECT o.id, o.body_hash INTO v_op, v_hash FROM operations o
        WHERE o.scope = p_scope[i] AND o.idem_key = p_key[i];
        ops[i] := v_op;
        IF v_hash <> p_hash[i] THEN
            st[i] := 2;
        ELSE
            st[i] := 1;
            -- The same request twice in this group: it shares the fate of
            -- the first one.
            FOR j IN 1..n LOOP
                IF fresh[j] AND ops[j] = v_op THEN
                    dup[i] := j;
                END IF;
            END LOOP;
        END IF;
    END LOOP;

    -- 2. Lock every account the fresh items touch, ascending.
    PERFORM 1 FROM accounts a
    WHERE a.id IN (SELECT x FROM unnest(p_debit || p_credit) AS x)
    ORDER BY a.id FOR UPDATE;

    -- 3. Apply the fresh items in submission order.
    FOR i IN 1..n LOOP
        CONTINUE WHEN NOT fresh[i];
        UPDATE accounts SET balance = balance - p_amount[i]
        WHERE id = p_debit[i] AND currency = p_currency[i]
          AND (kind IN (5, 6, 7) OR balance - held >= p_amount[i])
        RETURNING balance INTO v_debit;
        IF NOT FOUND THEN
            SELECT currency INTO v_cur FROM accounts WHERE id = p_debit[i];
            st[i] := CASE WHEN NOT FOUND THEN 4 WHEN v_cur <> p_currency[i] THEN 5 ELSE 3 END;
            accts[i] := p_debit[i];
            DELETE FROM operations WHERE id = ops[i];
            CONTINUE;
        END IF;
        UPDATE accounts SET balance = balance + p_amount[i]
        WHERE id = p_credit[i] AND currency = p_currency[i]
        RETURNING balance INTO v_credit;
        IF NOT FOUND THEN
            UPDATE accounts SET balance = balance + p_amount[i] WHERE id = p_debit[i];
            st[i] := CASE WHEN EXISTS (SELECT 1 FROM accounts WHERE id = p_credit[i]) THEN 5 ELSE 4 END;
            accts[i] := p_credit[i];
            DELETE FROM operations WHERE id = ops[i];
            CONTINUE;
        END IF;
        INSERT INTO transfers (operation_id, debit_account_id, credit_account_id, amount, currency, kind,
                               table_id, hand_id, round_id, tournament_id, note, created_at)
        VALUES (ops[i], p_debit[i], p_credit[i], p_amount[i], p_currency[i], p_kind[i],
                p_table[i], p_hand[i], p_round[i], p_tournament[i], p_note[i], p_now)
        RETURNING id INTO v_tid;
        INSERT INTO entries (account_id, counterparty_id, transfer_id, amount, balance_after, kind, created_at)
        VALUES (p_debit[i], p_credit[i], v_tid, -p_amount[i], v_debit, p_kind[i], p_now),
               (p_credit[i], p_debit[i], v_tid, p_amount[i], v_credit, p_kind[i], p_now);
        tids[i] := v_tid;
    END LOOP;

    FOR i IN 1..n LOOP
        IF dup[i] > 0 AND st[dup[i]] <> 0 THEN
            st[i] := st[dup[i]];
            accts[i] := accts[dup[i]];
        END IF;
        RETURN QUERY SELECT i, st[i], ops[i], tids[i], accts[i];
    END LOOP;
END $$;
