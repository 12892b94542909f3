/**
 * Retries `check` until it stops throwing, or throws its last error after `timeoutMs`.
 * For changes written straight into the database by something other than this app process
 * (SQL by hand, the admin CLI, another process): each process's member cache hears of them by
 * PostgreSQL NOTIFY, within milliseconds rather than before the very next request.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
