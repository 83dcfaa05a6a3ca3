import type { FindingSeverity } from '@overtone/contract';
import type { Iso10816Zone } from '@overtone/dsp';
import { SERIOUS_CHANGE_DB } from '../baseline.ts';

/**
 * The severity of a fault pattern that is present, from how much the machine vibrates and how
 * much the pattern changed:
 *
 * - the ISO 10816-1 zone of the axis' overall velocity (ISO 10816-1:1995 §5.3.1, ISO 20816-1:2016
 *   Annex B): zone C "unsatisfactory for long-term continuous operation" → hazard, zone D "severe
 *   enough to cause damage" → critical; zones A/B → attention (the pattern is there, the
 *   vibration still acceptable);
 * - a change over the point's baseline of {@link SERIOUS_CHANGE_DB} (20 dB, ×10: serious,
 *   Randall 2011 §1.3, B&K BO 0210) raises it to at least hazard.
 *
 * Parameters
 * ----------
 * zone : 'A' | 'B' | 'C' | 'D' | null
 *     Zone of the axis carrying the evidence; null unknown (attention).
 * changeDb : number | null
 *     The evidence's change over its baseline, dB; null without a baseline.
 *
 * Returns
 * -------
 * FindingSeverity
 */
export function severityOf(zone: Iso10816Zone | null, changeDb: number | null): FindingSeverity {
  const byZone: FindingSeverity = zone === 'D' ? 'critical' : zone === 'C' ? 'hazard' : 'attention';
  if (changeDb !== null && changeDb >= SERIOUS_CHANGE_DB && byZone === 'attention') return 'hazard';
  return byZone;
}
