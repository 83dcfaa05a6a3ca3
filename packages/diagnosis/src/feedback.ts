import type { Finding, KnownFalsePositive } from './types.ts';
import { SIGNIFICANT_CHANGE_DB } from './baseline.ts';

/**
 * Growth a pattern marked "not confirmed" must show before it is reported again: its score must
 * reach this factor times the score it had when it was rejected. 2 = 6 dB, the change of a spectral
 * feature that is significant (Randall 2011 §1.3; B&K BO 0210), so a rejected pattern returns only
 * once it has changed as much as a new fault would have to.
 */
export const FALSE_POSITIVE_GROWTH_FACTOR = 10 ** (SIGNIFICANT_CHANGE_DB / 20);

/**
 * Drops findings that repeat a pattern an evaluation marked "not confirmed" on this point, unless
 * the pattern grew by {@link FALSE_POSITIVE_GROWTH_FACTOR} since (the largest rejected score of the
 * same fault and bearing component counts).
 *
 * Parameters
 * ----------
 * findings : Finding[]
 * falsePositives : KnownFalsePositive[]
 *
 * Returns
 * -------
 * Finding[]
 *     The findings still to report, in their order.
 */
export function applyFeedback(findings: readonly Finding[], falsePositives: readonly KnownFalsePositive[]): Finding[] {
  return findings.filter((f) => {
    const rejected = falsePositives.filter((p) => p.fault === f.fault && p.bearingComponent === f.bearingComponent);
    if (!rejected.length) return true;
    const worst = Math.max(...rejected.map((p) => p.score));
    return f.score >= FALSE_POSITIVE_GROWTH_FACTOR * worst;
  });
}
