-- ledger_append(p_key text, p_rows jsonb) -> boolean: the one writer of credit_ledger rows. Writes
-- every row of one operation under one idempotency key, in the order given. A key already used
-- writes nothing and answers false: a repeated operation is a no-op; a key used for only some of
-- the rows' accounts raises an exception. It moves no balance: the caller does, in the same
-- transaction, with relative UPDATEs that refuse to go below zero.
-- Called by CreditsRepository.append (server/src/credits/credits.repository.ts) for
-- LedgerService.move, and by surf_claim (view_paid and view_earned under view:<ticket id>,
-- level_bonus under level_bonus:<ticket id>).
-- Input: p_rows, a json array of LedgerRowInput (credits.repository.ts): account ('user',
-- 'campaign' or 'team'), user_id, campaign_id, team_id, kind, amount.
-- Answer: true when the rows were written.
CREATE OR REPLACE FUNCTION ledger_append(p_key text, p_rows jsonb) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  v_written integer;
BEGIN
  -- Every row of one operation under one idempotency key, in the order given. A key already
  -- used writes nothing and answers false: a repeated operation is a no-op. The caller moves
  -- the balances in the same transaction, with relative UPDATEs that refuse to go below zero.
  INSERT INTO credit_ledger (account, user_id, campaign_id, team_id, kind, amount, idempotency_key)
  SELECT r.account, r.user_id, r.campaign_id, r.team_id, r.kind, r.amount, p_key
    FROM ROWS FROM (jsonb_to_recordset(p_rows)
           AS (account text, user_id integer, campaign_id integer, team_id integer, kind text, amount bigint))
         WITH ORDINALITY AS r (account, user_id, campaign_id, team_id, kind, amount, n)
   ORDER BY r.n
  ON CONFLICT (idempotency_key, account) DO NOTHING;
  GET DIAGNOSTICS v_written = ROW_COUNT;
  IF v_written = 0 THEN
    RETURN false;
  END IF;
  IF v_written <> jsonb_array_length(p_rows) THEN
    RAISE EXCEPTION 'Ledger key % was half used', p_key;
  END IF;
  RETURN true;
END $fn$;
