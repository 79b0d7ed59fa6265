-- Rake is taken once per hand (gr-regulation-2 Γ.6; cz cash game rake): a
-- second rake posting for the same table and hand is refused even under
-- another idempotency key, so a replayed hand settlement cannot charge
-- the players twice. Rake from several pots of one hand is one transfer.
CREATE UNIQUE INDEX transfers_rake_per_hand ON transfers (table_id, hand_id) WHERE kind = 5;
