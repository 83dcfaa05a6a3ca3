import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHeaps, HEAP_GROWING_PERCENT, WORKER_INITIAL_OLD_SPACE_MB } from './heaps.ts';

afterEach(() => vi.restoreAllMocks());

describe('configureHeaps', () => {
  it("sets the heaps' growing factor and the workers' initial old space once", () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => {});
    configureHeaps();
    configureHeaps();
    expect(set.mock.calls).toEqual([
      [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`],
      [`--initial-old-space-size=${WORKER_INITIAL_OLD_SPACE_MB}`],
    ]);
    expect(WORKER_INITIAL_OLD_SPACE_MB).toBeGreaterThanOrEqual(64);
  });
});
