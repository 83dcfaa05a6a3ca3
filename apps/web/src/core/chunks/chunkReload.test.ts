import { describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS, reloadOnChunkLoadError } from './chunkReload';

function setup(start = 1_000_000) {
  let t = start;
  const store = new Map<string, string>();
  const reload = vi.fn();
  const target = new EventTarget();
  const off = reloadOnChunkLoadError({
    target: target as unknown as Window,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    reload,
    now: () => t,
  });
  const fail = () => {
    const e = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(e);
    return e.defaultPrevented;
  };
  return { reload, fail, off, advance: (ms: number) => (t += ms) };
}

describe('reloadOnChunkLoadError', () => {
  it('reloads once on a chunk-load error (a stale tab after a deployment) and marks it handled', () => {
    const s = setup();
    expect(s.fail()).toBe(true);
    expect(s.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within the guard (a server that is really down), but does after it', () => {
    const s = setup();
    s.fail();
    s.advance(RELOAD_GUARD_MS - 1);
    expect(s.fail()).toBe(false);
    expect(s.reload).toHaveBeenCalledTimes(1);
    s.advance(2);
    expect(s.fail()).toBe(true);
    expect(s.reload).toHaveBeenCalledTimes(2);
  });

  it('removes its handler', () => {
    const s = setup();
    s.off();
    expect(s.fail()).toBe(false);
    expect(s.reload).not.toHaveBeenCalled();
  });
});
