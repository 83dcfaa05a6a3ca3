/**
 * Runs at most `n` tasks at a time, the others waiting in arrival order.
 * @param n concurrency, at least 1
 * @returns `run(fn)`: resolves or rejects as `fn` does, once `fn` could start and finished;
 *   `run.backlog()`: tasks running or waiting; `run.belowBacklog(m)`: resolves once fewer than `m`
 *   are (at once when they are)
 */
export function createLimiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  let drained: { below: number; resolve: () => void }[] = [];
  const backlog = () => active + waiting.length;
  const run = async function run<T>(fn: () => Promise<T>): Promise<T> {
    if (active >= n)
      await new Promise<void>((r) => waiting.push(r)); // its slot is handed over
    else active++;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
      if (drained.length) {
        const ready = drained.filter((d) => backlog() < d.below);
        drained = drained.filter((d) => backlog() >= d.below);
        ready.forEach((d) => d.resolve());
      }
    }
  };
  return Object.assign(run, {
    backlog,
    belowBacklog: (m: number) =>
      backlog() < m ? Promise.resolve() : new Promise<void>((resolve) => drained.push({ below: m, resolve })),
  });
}

/**
 * Admission with a bound: at most `capacity` holders at once; `tryEnter()` answers at once whether
 * one more may come in (never waits), so a full server refuses work before reading its body.
 * @param capacity how many may be in at once, at least 1
 * @returns `tryEnter()`: a `leave` function (idempotent) when admitted, else null; `inside()`: the count
 */
export function createAdmission(capacity: number) {
  let inside = 0;
  return {
    tryEnter(): (() => void) | null {
      if (inside >= capacity) return null;
      inside++;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        inside--;
      };
    },
    inside: () => inside,
  };
}
