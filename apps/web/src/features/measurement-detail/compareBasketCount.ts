import { useSyncExternalStore } from 'react';

/** localStorage key of the compare basket (a JSON array of compare items; spec 002 §2 "Compare view"). */
export const COMPARE_BASKET_STORAGE_KEY = 'overtone.compareBasket';

/** Event this tab dispatches after it changed the basket itself (`storage` only reaches other tabs). */
export const COMPARE_BASKET_CHANGED_EVENT = 'overtone:compareBasket';

/** Number of items in the stored basket: 0 when it is missing, not JSON or not an array. */
export function readCompareBasketCount(): number {
  try {
    const raw = localStorage.getItem(COMPARE_BASKET_STORAGE_KEY);
    if (!raw) return 0;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

function subscribe(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === COMPARE_BASKET_STORAGE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(COMPARE_BASKET_CHANGED_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(COMPARE_BASKET_CHANGED_EVENT, listener);
  };
}

/**
 * How many items the compare basket holds, kept current through the `storage` event (another tab)
 * and {@link COMPARE_BASKET_CHANGED_EVENT} (this tab).
 */
export function useCompareBasketCount(): number {
  return useSyncExternalStore(subscribe, readCompareBasketCount, () => 0);
}
