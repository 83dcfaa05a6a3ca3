import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalStore } from './localStore';

const store = createLocalStore<string>('test-key', (raw) => (typeof raw === 'string' && raw.length <= 5 ? raw : null));

afterEach(() => localStorage.clear());

describe('createLocalStore', () => {
  it('stores JSON, reads plain strings written by others, and rejects what parse refuses', () => {
    store.set('de');
    expect(localStorage.getItem('test-key')).toBe('"de"');
    localStorage.setItem('test-key', 'en');
    expect(store.get()).toBe('en');
    localStorage.setItem('test-key', '"far too long"');
    expect(store.get()).toBeNull();
  });

  it('returns the same value while the stored text is unchanged (stable for useSyncExternalStore)', () => {
    localStorage.setItem('test-key', '"tr"');
    expect(store.get()).toBe(store.get());
  });

  it('notifies subscribers on set and clear, until they unsubscribe', () => {
    const listener = vi.fn();
    const off = store.subscribe(listener);
    store.set('ru');
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get()).toBeNull();
    off();
    store.set('zh');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
