/** True when `work` fulfils within `timeoutMs`; false when it rejects or takes longer (it is not cancelled). */
export function settlesWithin(work: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const settle = (fulfilled: boolean) => {
      clearTimeout(timer);
      resolve(fulfilled);
    };
    work.then(
      () => settle(true),
      () => settle(false),
    );
  });
}
