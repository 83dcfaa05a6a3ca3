import { z } from 'zod';
import { createLocalStore, useLocalStore } from '../core/storage/localStore';

/**
 * The compare basket (spec 002 §2 "Compare view"): FFT charts add items here ("add to compare"),
 * the compare view reads them. Stored in `localStorage` under {@link COMPARE_BASKET_KEY} as a JSON
 * array of {@link CompareItem}, oldest first, at most {@link COMPARE_BASKET_MAX} items.
 *
 * Every change dispatches, on `window`, a `storage` event with `key` = {@link COMPARE_BASKET_KEY}
 * (the browser itself only fires it in *other* tabs) and a plain {@link COMPARE_BASKET_CHANGED_EVENT}
 * event, so a header count listening to either updates in this tab too. In React,
 * {@link useCompareBasket} is simpler.
 */
export const COMPARE_BASKET_KEY = 'overtone.compareBasket';

/** Event dispatched on `window` after this tab changed the basket (the compare button in the measurement header listens to it). */
export const COMPARE_BASKET_CHANGED_EVENT = 'overtone:compareBasket';

/**
 * Key of the toast that tells the outcome of "add to compare" (one at a time); opening the basket's
 * drawer closes it, so that it does not cover the drawer's title and close button.
 */
export const COMPARE_BASKET_MESSAGE_KEY = 'overtone:compareBasketMessage';

/** How long that toast stays, s (shorter than antd's default 3 s: the badge count tells it too). */
export const COMPARE_BASKET_MESSAGE_S = 2;

/** Largest number of items in the basket (spec 002 "Compare view": up to 5 signals). */
export const COMPARE_BASKET_MAX = 5;

/**
 * One basket item. Item shape (all required unless marked):
 * - `measurementId`: id of the measurement;
 * - `pointName`: name (or path) of the measurement point, `''` when unknown;
 * - `date`: ISO 8601 creation time of the measurement, `''` when unknown;
 * - `channel`: axis key of the signal (e.g. `accelerometer_x`);
 * - `fft`: the spectrum as shown: `x` line frequencies in Hz, `y` amplitudes in `unit` (`g` RMS for
 *   Grms, `mm/s` RMS for Vrms), `window` the spectral window name, `amplitude` `'grms' | 'vrms'`;
 * - `time`: the waveform: `samplingRateHz` and `y` the samples in g (as measured, DC included).
 */
export const compareItem = z.object({
  measurementId: z.string(),
  pointName: z.string(),
  date: z.string(),
  channel: z.string(),
  fft: z.object({
    x: z.array(z.number()),
    y: z.array(z.number()),
    unit: z.string(),
    window: z.string(),
    amplitude: z.enum(['grms', 'vrms']),
  }),
  time: z.object({
    samplingRateHz: z.number().positive(),
    y: z.array(z.number()),
  }),
});
export type CompareItem = z.infer<typeof compareItem>;
export const compareBasketSchema = z.array(compareItem).max(COMPARE_BASKET_MAX);

const store = createLocalStore<CompareItem[]>(COMPARE_BASKET_KEY, (raw) => {
  const r = compareBasketSchema.safeParse(raw);
  return r.success ? r.data : null;
});

/** The items in the basket, oldest first (empty when none or unreadable). */
export const readCompareBasket = (): CompareItem[] => store.get() ?? [];

function announce(value: CompareItem[] | null) {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(
    new StorageEvent('storage', { key: COMPARE_BASKET_KEY, newValue: value === null ? null : JSON.stringify(value) }),
  );
  window.dispatchEvent(new Event(COMPARE_BASKET_CHANGED_EVENT));
}

export type AddResult = 'added' | 'replaced' | 'full' | 'storageFull';

/**
 * Adds an item. The same measurement and channel already in the basket is replaced (same place).
 * @returns 'added', 'replaced', 'full' when {@link COMPARE_BASKET_MAX} items are already in it (nothing
 *   changes), or 'storageFull' when localStorage refused the value (quota)
 */
export function addToCompareBasket(item: CompareItem): AddResult {
  const items = readCompareBasket();
  const at = items.findIndex((i) => i.measurementId === item.measurementId && i.channel === item.channel);
  if (at < 0 && items.length >= COMPARE_BASKET_MAX) return 'full';
  const next = at < 0 ? [...items, item] : items.map((i, k) => (k === at ? item : i));
  try {
    store.set(next);
  } catch {
    return 'storageFull';
  }
  announce(next);
  return at < 0 ? 'added' : 'replaced';
}

/** Removes the item at `index`. */
export function removeFromCompareBasket(index: number) {
  const next = readCompareBasket().filter((_, k) => k !== index);
  store.set(next);
  announce(next);
}

/** Empties the basket. */
export function clearCompareBasket() {
  store.clear();
  announce(null);
}

/** The basket's items, re-rendering on every change (this tab or another). */
export const useCompareBasket = (): CompareItem[] => useLocalStore(store) ?? EMPTY;
const EMPTY: CompareItem[] = [];
