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

let configured = false;

/**
 * Sets the initial old-generation size of the worker threads created after this call (the embedded
 * database's thread, the DSP pool). The flag is process-wide but a heap reads it only when it is
 * created, so the main thread's heap, created before, keeps V8's defaults. Idempotent.
 */
export function configureWorkerHeaps(): void {
  if (configured) return;
  configured = true;
  v8.setFlagsFromString(`--initial-old-space-size=${WORKER_INITIAL_OLD_SPACE_MB}`);
}
