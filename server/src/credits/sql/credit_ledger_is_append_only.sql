CREATE OR REPLACE FUNCTION credit_ledger_is_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only';
END $$ LANGUAGE plpgsql;
