/**
 * Timing helpers shared by the benchmarks: every ratio they print compares medians of batches
 * measured in the same run (ARCHITECTURE.md), so the batch logic lives once.
 */

/** Median of a list of numbers (mean of the two middle values for an even count). */
export function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : 0.5 * (s[m - 1] + s[m]);
}

/**
 * Per-call time (ms) of `fn`: after `warmup` calls (JIT, plan caches), the repetition count is grown
 * until one batch lasts about `targetMs`, then `batches` batches are timed.
 * @returns the per-call time of each batch, ms
 */
export function timeBatches(fn: () => void, opts: { warmup?: number; targetMs?: number; batches?: number } = {}): number[] {
  const { warmup = 20, targetMs = 10, batches = 30 } = opts;
  for (let i = 0; i < warmup; i++) fn();
  let reps = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    const dt = performance.now() - t0;
    if (dt > targetMs / 4) {
      reps = Math.max(1, Math.round((reps * targetMs) / dt));
      break;
    }
    reps *= 2;
  }
  const times: number[] = [];
  for (let b = 0; b < batches; b++) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    times.push((performance.now() - t0) / reps);
  }
  return times;
}
