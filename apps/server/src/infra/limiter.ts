/**
 * Runs at most `n` tasks at a time, the others waiting in arrival order.
 * @param n concurrency, at least 1
 * @returns `run(fn)`: resolves or rejects as `fn` does, once `fn` could start and finished
 */
export function createLimiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(fn: () => Promise<T>): Promise<T> {
    if (active >= n) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
