/**
 * Polls `fn` until it yields a truthy value and returns that value (the broker or the server
 * acknowledges before the work is stored, so tests wait for the stored outcome).
 * @param fn the check; a falsy answer means "not yet"
 * @param timeoutMs how long to keep trying, ms
 * @param stepMs pause between two tries, ms
 * @throws Error `timed out` when `fn` stayed falsy for `timeoutMs`
 */
export async function until<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, stepMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
