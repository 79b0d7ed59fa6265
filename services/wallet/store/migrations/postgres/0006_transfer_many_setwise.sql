-- wallet_transfer_many, the same contract as in 0003, with a fixed number
-- of statements per group instead of six per transfer. The group's work is
-- done in memory between one read and a few bulk writes: the keys are
-- claimed in one INSERT, every account is locked and read in one SELECT,
-- the transfers are checked and applied to those balances in submission
-- order in PL/pgSQL variables, and the results are written with one
-- UPDATE of the balances and one INSERT each for the transfers and their
-- entries. Each statement of PL/pgSQL costs an executor start and end;
-- at the issue's 64 clients a group holds 8 to 30 transfers, so this does
-- the same work with a seventh to a twentieth of the statements.
--
-- The answers are the same as 0003's, item by item:
--   out_status 0 applied, 1 replay of operation out_op, 2 key reused with
--   another body, 3 insufficient funds on out_account, 4 no such account
--   out_account, 5 out_account is in another currency.
-- So are the failures that fail the whole statement (and make the store
-- run each transfer alone): a second rake for a hand, an amount that is not
-- positive, a transfer from an account to itself, an overflowing balance.
-- Lock order, the same as every other path: idempotency keys first, in
-- (scope, key) order; then every account of the group, ascending by id.
CREATE OR REPLACE FUNCTION wallet_transfer_many(
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
    applied   boolean[] := array_fill(false, ARRAY[n]);
    after_d   bigint[] := array_fill(0::bigint, ARRAY[n]);
    after_c   bigint[] := array_fill(0::bigint, ARRAY[n]);
    dropped   bigint[] := '{}';
    nfresh    integer := 0;
    napplied  integer := 0;
    idx       integer[];
    ids       bigint[];
    a_id      bigint[];
    a_bal     bigint[];
    a_held    bigint[];
    a_kind    smallint[];
    a_cur     text[];
    a_moved   boolean[];
    i         integer;
    j         integer;
    d         integer;
    c         integer;
    r         record;
BEGIN
    IF n = 0 THEN
        RETURN;
    END IF;

    -- 1. Claim the keys: the first item of each (scope, key) in the group
    -- inserts it; RETURNING names the ones that were not there before.
    WITH u AS (
        SELECT DISTINCT ON (x.s, x.k) x.s, x.k, x.h, x.i
        FROM unnest(p_scope, p_key, p_hash) WITH ORDINALITY AS x(s, k, h, i)
        ORDER BY x.s, x.k, x.i),
    claimed AS (
        INSERT INTO operations (scope, idem_key, body_hash, op, created_at)
        SELECT u.s, u.k, u.h, 1, p_now FROM u ORDER BY u.s, u.k
        ON CONFLICT (scope, idem_key) DO NOTHING
        RETURNING id, scope, idem_key)
    SELECT array_agg(u.i::integer), array_agg(claimed.id) INTO idx, ids
    FROM claimed JOIN u ON u.s = claimed.scope AND u.k = claimed.idem_key;
    FOR j IN 1..coalesce(array_length(idx, 1), 0) LOOP
        ops[idx[j]] := ids[j];
        fresh[idx[j]] := true;
        nfresh := nfresh + 1;
    END LOOP;

    -- Every other item is a retry of an earlier operation (a replay, or a
    -- key reused with another body) or the same request twice in this
    -- group, which shares the fate of its first.
    IF nfresh < n THEN
        FOR r IN
            SELECT x.i::integer AS i, x.h, x.f::integer AS f, o.id, o.body_hash
            FROM (SELECT y.s, y.k, y.h, y.i, min(y.i) OVER (PARTITION BY y.s, y.k) AS f
                  FROM unnest(p_scope, p_key, p_hash) WITH ORDINALITY AS y(s, k, h, i)) AS x
            JOIN operations o ON o.scope = x.s AND o.idem_key = x.k
            WHERE NOT fresh[x.i::integer]
        LOOP
            ops[r.i] := r.id;
            IF r.body_hash <> r.h THEN
                st[r.i] := 2;
            ELSE
                st[r.i] := 1;
                IF fresh[r.f] AND ops[r.f] = r.id THEN
                    dup[r.i] := r.f;
                END IF;
            END IF;
        END LOOP;
    END IF;

    -- 2. Lock every account the group names, ascending, and read them.
    SELECT array_agg(a.id), array_agg(a.balance), array_agg(a.held), array_agg(a.kind), array_agg(a.currency)
    INTO a_id, a_bal, a_held, a_kind, a_cur
    FROM (SELECT id, balance, held, kind, currency FROM accounts
          WHERE id = ANY (p_debit || p_credit) ORDER BY id FOR UPDATE) AS a;
    a_id := coalesce(a_id, '{}');
    a_moved := array_fill(false, ARRAY[coalesce(array_length(a_id, 1), 0)]);

    -- 3. Check and apply the fresh items in submission order, as 0003's
    -- conditional UPDATEs did: the debit first (its account, currency and
    -- funds), then the credit.
    FOR i IN 1..n LOOP
        CONTINUE WHEN NOT fresh[i];
        d := array_position(a_id, p_debit[i]);
        c := array_position(a_id, p_credit[i]);
        IF d IS NULL THEN
            st[i] := 4;
            accts[i] := p_debit[i];
        ELSIF a_cur[d] <> p_currency[i] THEN
            st[i] := 5;
            accts[i] := p_debit[i];
        ELSIF a_kind[d] NOT IN (5, 6, 7) AND a_bal[d] - a_held[d] < p_amount[i] THEN
            st[i] := 3;
            accts[i] := p_debit[i];
        ELSIF c IS NULL THEN
            st[i] := 4;
            accts[i] := p_credit[i];
        ELSIF a_cur[c] <> p_currency[i] THEN
            st[i] := 5;
            accts[i] := p_credit[i];
        ELSE
            a_bal[d] := a_bal[d] - p_amount[i];
            after_d[i] := a_bal[d];
            a_bal[c] := a_bal[c] + p_amount[i];
            after_c[i] := a_bal[c];
            a_moved[d] := true;
            a_moved[c] := true;
            applied[i] := true;
            napplied := napplied + 1;
            CONTINUE;
        END IF;
        dropped := dropped || ops[i];
    END LOOP;

    IF array_length(dropped, 1) > 0 THEN
        DELETE FROM operations WHERE id = ANY (dropped);
    END IF;

    IF napplied > 0 THEN
        UPDATE accounts AS a SET balance = v.b
        FROM unnest(a_id, a_bal, a_moved) AS v(id, b, moved)
        WHERE v.moved AND a.id = v.id;

        WITH t AS (
            INSERT INTO transfers (operation_id, debit_account_id, credit_account_id, amount, currency, kind,
                                   table_id, hand_id, round_id, tournament_id, note, created_at)
            SELECT ops[x.i], p_debit[x.i], p_credit[x.i], p_amount[x.i], p_currency[x.i], p_kind[x.i],
                   p_table[x.i], p_hand[x.i], p_round[x.i], p_tournament[x.i], p_note[x.i], p_now
            FROM generate_subscripts(p_key, 1) AS x(i)
            WHERE applied[x.i]
            ORDER BY x.i
            RETURNING id, operation_id)
        SELECT array_agg(x.i), array_agg(t.id) INTO idx, ids
        FROM t JOIN generate_subscripts(p_key, 1) AS x(i) ON applied[x.i] AND ops[x.i] = t.operation_id;
        FOR j IN 1..array_length(idx, 1) LOOP
            tids[idx[j]] := ids[j];
        END LOOP;

        INSERT INTO entries (account_id, counterparty_id, transfer_id, amount, balance_after, kind, created_at)
        SELECT e.account, e.other, tids[x.i], e.amount, e.after, p_kind[x.i], p_now
        FROM generate_subscripts(p_key, 1) AS x(i),
             LATERAL (VALUES (1, p_debit[x.i], p_credit[x.i], -p_amount[x.i], after_d[x.i]),
                             (2, p_credit[x.i], p_debit[x.i], p_amount[x.i], after_c[x.i]))
                 AS e(leg, account, other, amount, after)
        WHERE applied[x.i]
        ORDER BY x.i, e.leg;
    END IF;

    FOR i IN 1..n LOOP
        IF dup[i] > 0 AND st[dup[i]] <> 0 THEN
            st[i] := st[dup[i]];
            accts[i] := accts[dup[i]];
        END IF;
    END LOOP;
    RETURN QUERY SELECT x.i, st[x.i], ops[x.i], tids[x.i], accts[x.i]
                 FROM generate_subscripts(p_key, 1) AS x(i) ORDER BY x.i;
END $$;
