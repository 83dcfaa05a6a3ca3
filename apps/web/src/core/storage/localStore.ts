import { useSyncExternalStore } from 'react';

/**
 * A value kept in `localStorage` under one key, observable by React components.
 * Changes made in this tab notify subscribers directly; changes made in another tab arrive
 * through the `storage` event. A stored value that `parse` rejects (returns null for) reads as `null`.
 */
export interface LocalStore<T> {
  get(): T | null;
  set(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/** A stored JSON value; a plain string written by other code (e.g. `language` = `en`) reads as itself. */
function decode(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function createLocalStore<T>(key: string, parse: (raw: unknown) => T | null): LocalStore<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T | null = null;

  const read = (): T | null => {
    let raw: string | null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      return null; // storage disabled (privacy mode)
    }
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    cachedValue = raw === null ? null : parse(decode(raw));
    return cachedValue;
  };
  const notify = () => listeners.forEach((l) => l());

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key === key || e.key === null) notify();
    });
  }

  return {
    get: read,
    set(value) {
      localStorage.setItem(key, JSON.stringify(value));
      notify();
    },
    clear() {
      localStorage.removeItem(key);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to a {@link LocalStore}. */
export function useLocalStore<T>(store: LocalStore<T>): T | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
