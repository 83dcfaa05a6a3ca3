import type { Bearing, CustomBearingBody } from '@overtone/contract';

/** Fault-frequency factors of a bearing, in orders of shaft speed (spec 000 §3 "Bearing"). */
export const BEARING_FACTORS = ['bpfo', 'bsf', 'bpfi', 'ftf', 'ftfi'] as const;
export type BearingFactor = (typeof BEARING_FACTORS)[number];

/**
 * The bearing as the form holds it: a listed bearing (`id` set, its `type` DEFAULT or CUSTOM), a
 * new free-typed model (`id` null, type CUSTOM, factors editable, created on save), or nothing
 * (`type` null).
 */
export type BearingChoice = {
  id: string | null;
  number: string;
  type: Bearing['type'] | null;
} & Record<BearingFactor, number | null>;

export const NO_BEARING: BearingChoice = { id: null, number: '', type: null, bpfo: 0, bsf: 0, bpfi: 0, ftf: 0, ftfi: 0 };

/** A bearing of `GET /bearingSpesifications` (or of the stored point) as the form's choice. */
export const chosenBearing = (b: Bearing): BearingChoice => ({
  id: b._id,
  number: b.bearing_number,
  type: b.type,
  bpfo: b.bpfo,
  bsf: b.bsf,
  bpfi: b.bpfi,
  ftf: b.ftf,
  ftfi: b.ftfi,
});

const sameNumber = (a: string, b: string) => a.trim().toLocaleUpperCase('en-US') === b.trim().toLocaleUpperCase('en-US');

/**
 * The choice after typing `text` in the bearing number box (spec 000 §3: a new free-typed model is
 * CUSTOM with zero values). A text naming a listed bearing chooses it; further typing in a new model
 * keeps the factors already entered.
 * @param listed the bearings offered for the brand and text.
 * @param current the choice before typing.
 */
export function typedBearing(text: string, listed: readonly Bearing[], current: BearingChoice): BearingChoice {
  if (!text.trim()) return NO_BEARING;
  const match = listed.find((b) => sameNumber(b.bearing_number, text));
  if (match) return chosenBearing(match);
  if (isNewBearing(current)) return { ...current, number: text };
  return { ...NO_BEARING, type: 'CUSTOM', number: text };
}

/** A free-typed model not stored yet. */
export const isNewBearing = (c: BearingChoice) => c.id === null && c.type === 'CUSTOM';

/**
 * A CUSTOM bearing (new or the customer's own): its factors are editable and saved on save with
 * `POST /bearingSpesifications`, which creates it or updates the customer's bearing of that name.
 * Catalogue (DEFAULT) factors are read-only (spec 000 §5).
 */
export const isEditableBearing = (c: BearingChoice) => c.type === 'CUSTOM';

/** Body of `POST /bearingSpesifications` for a CUSTOM bearing of `brand`; null when there is nothing to save. */
export function customBearingBodyOf(brand: string | null, c: BearingChoice): CustomBearingBody | null {
  if (!brand || !isEditableBearing(c) || !c.number.trim()) return null;
  return {
    brand,
    bearing_number: c.number.trim(),
    bpfo: c.bpfo ?? 0,
    bsf: c.bsf ?? 0,
    bpfi: c.bpfi ?? 0,
    ftf: c.ftf ?? 0,
    ftfi: c.ftfi ?? 0,
  };
}
