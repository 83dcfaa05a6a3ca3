import v8 from 'node:v8';

/**
 * Old generation a worker thread's heap starts with, MiB (V8's `--initial-old-space-size`,
 * src/flags/flag-definitions.h). With V8's defaults a new isolate soon sizes its old generation from
 * what survives in it, and our workers keep little alive (~17 MB): in the ingest bench's burst of
 * 3 × 50 000-sample measurements, `--trace-gc` counted 49 full mark-compacts in the two DSP workers
 * and 19 in the database thread for 450 measurements, started at 16–18 MB of old generation against
 * limits of 39–65 MB; their concurrent marking and sweeping took 7.1 ms of CPU a measurement on V8's
 * helper threads. Started at 64 MiB: 0 and 5 mark-compacts, 3.3 ms (docs/architecture.md "Fourth
 * pass"). The cost is memory: up to this much garbage per worker before it is collected (the bench's
 * process grew by ~75 MiB, 7 %).
 */
export const WORKER_INITIAL_OLD_SPACE_MB = 64;

/**
 * How far every heap of the process may grow past what survived its last full collection before the
 * next one is due, % (V8's `--heap-growing-percent`: the limit becomes live × (1 + p / 100); V8 reads
 * it each time it sets a limit, src/heap/heap-controller.cc). V8's own factor follows its marking
 * speed against the program's allocation speed, and on the server's main thread it stayed at
 * 1.1–1.2 (the minimum, `kMinGrowingFactor`, is 1.1): in the ingest bench the ~65 MB main heap was
 * marked again after every ~13 MB promoted, 24–33 full mark-compacts a run (~20 in its burst of 450
 * measurements of 3 × 50 000 samples) and 4.4–4.7 ms of CPU a measurement in concurrent marking on
 * V8's helper threads. At 100 %: 9–10 mark-compacts a run, 1.6–2.0 ms, and the server's CPU
 * 18.9–21.5 ms a measurement instead of 21.7–24.7 (docs/architecture.md "Fifth pass"). The cost is
 * memory: the main heap reached 80–82 MB before a collection instead of 72–78 MB.
 */
export const HEAP_GROWING_PERCENT = 100;

let configured = false;

/**
 * Sets the heap flags of the server's process: the growing factor of every heap (main thread and
 * workers, from its next limit on) and the initial old-generation size of the worker threads created
 * after this call (the embedded database's thread, the DSP pool; a heap reads that flag only when it
 * is created, so the main thread's, created before, keeps V8's default). Idempotent.
 */
export function configureHeaps(): void {
  if (configured) return;
  configured = true;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  v8.setFlagsFromString(`--initial-old-space-size=${WORKER_INITIAL_OLD_SPACE_MB}`);
}
