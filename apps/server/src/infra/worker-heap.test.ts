import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureWorkerHeaps, WORKER_INITIAL_OLD_SPACE_MB } from './worker-heap.ts';

afterEach(() => vi.restoreAllMocks());

describe('configureWorkerHeaps', () => {
  it('sets the initial old space of the worker threads once', () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => {});
    configureWorkerHeaps();
    configureWorkerHeaps();
    expect(set.mock.calls).toEqual([[`--initial-old-space-size=${WORKER_INITIAL_OLD_SPACE_MB}`]]);
    expect(WORKER_INITIAL_OLD_SPACE_MB).toBeGreaterThanOrEqual(64);
  });
});
