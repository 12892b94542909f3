// One transaction on a pooled pg client: commits what `work` did, rolls back when it throws.

/** Runs `work(client)` between BEGIN and COMMIT on a client of `pool`; answers what it answered. */
export async function inTransaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
