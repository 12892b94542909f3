-- credit_ledger_is_append_only() -> trigger: no row of the credits ledger is ever changed or
-- removed. Any UPDATE or DELETE of a credit_ledger row raises 'credit_ledger is append-only',
-- which aborts the transaction; a correction is a new row (ledger_append).
-- No app code calls it. Fired by trigger credit_ledger_append_only: BEFORE UPDATE OR DELETE ON
-- credit_ledger, FOR EACH ROW.
CREATE OR REPLACE FUNCTION credit_ledger_is_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only';
END $$ LANGUAGE plpgsql;
