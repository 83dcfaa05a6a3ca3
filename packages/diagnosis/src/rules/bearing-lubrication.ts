import { iso10816Zone } from '@overtone/dsp';
import { SERIOUS_CHANGE_DB, SIGNIFICANT_CHANGE_DB, baselineOf, changeOverBaselineDb } from '../baseline.ts';
import type { BearingLineName } from '../features/bearing-features.ts';
import type { Finding } from '../types.ts';
import { judgePattern } from './bearing-patterns.ts';
import type { Rule } from './rule.ts';
import { severityOf } from './severity.ts';
import { BEARING_COMPONENTS } from '@overtone/contract';

/**
 * z-score above which a band's spectral kurtosis is impulsive rather than Gaussian: the one-sided
 * normal quantile at 10⁻⁴ (the SK estimate of Gaussian noise is asymptotically normal with
 * standard deviation 2/√K, Antoni 2006 §4; the same false-alarm level as a bearing line).
 */
export const SK_SIGNIFICANCE_Z = 3.719;

/**
 * Rule `bearing.lubrication`: insufficient lubrication, a broadband rise of the high-frequency
 * acceleration without discrete bearing lines and without new impulsiveness. Metal-to-metal
 * contact through a thin or broken lubricant film raises random friction noise over the whole
 * high-frequency range rather than periodic impacts (Scheffer & Girdhar 2004 §5.4 and SKF
 * "Vibration diagnostic guide" CM5003: lubrication problems raise the high-frequency noise floor
 * with no bearing defect frequencies; Randall 2011 §5.2).
 *
 * Reported only against the point's baseline, never from one measurement: on an axis with
 * bearing features whose baseline has the high-frequency r.m.s. (1 kHz … fs/2.56) of the same band,
 * - that r.m.s. and the r.m.s. of both halves of the band (broadband) exceed their baseline
 *   medians by SIGNIFICANT_CHANGE_DB (6 dB, Randall 2011 §1.3);
 * - no bearing line of any component is detected on the axis (bearing-patterns.ts);
 * - the SK band is not more impulsive than in the baseline: SK ≤ max(baseline SK, 0) +
 *   {@link SK_SIGNIFICANCE_Z}·(its std under Gaussian noise).
 *
 * Severity: severityOf(ISO 10816-1 zone of the axis, the rise in dB). Confidence: the rise over
 * SERIOUS_CHANGE_DB (20 dB → 1), at least 0.3. Score: the rise as an amplitude ratio.
 * Evidence: one BAND line (label `band:<lo>-<hi>`, amplitude in g, domain spectrum).
 */
export const bearingLubricationRule: Rule = (features, context, axes) => {
  const k = context.kinematics;
  const shaftHz = features.shaft.hz;
  if (!k.bearing || !shaftHz || !context.baseline) return [];
  const orders: Record<BearingLineName, number> = {
    bpfo: k.bearing.bpfo,
    bpfi: k.bearing.bpfi,
    bsf: k.bearing.bsf,
    bsf2: 2 * k.bearing.bsf,
    ftf: k.bearing.ftf,
  };
  let best: Finding | null = null;
  for (const axis of axes) {
    const bf = features.axes[axis].bearing;
    if (!bf || !(bf.hfRmsG > 0)) continue;
    const key = `${axis}.bearing.hfRmsG`;
    const ref = baselineOf(context.baseline, key);
    const changeDb = changeOverBaselineDb(context.baseline, key, bf.hfRmsG, 0);
    if (!ref || changeDb === null || changeDb < SIGNIFICANT_CHANGE_DB) continue;
    // the same band as the baseline's (another sampling rate reads another band)
    const edge = baselineOf(context.baseline, `${axis}.bearing.hfHighHz`)?.median;
    if (!edge || Math.abs(edge / bf.hfHighHz - 1) > 0.01) continue;
    // broadband: both halves of the band rose
    const halves = (['hfLowerRmsG', 'hfUpperRmsG'] as const).map((h) =>
      changeOverBaselineDb(context.baseline, `${axis}.bearing.${h}`, bf[h], 0),
    );
    if (halves.some((d) => d === null || d < SIGNIFICANT_CHANGE_DB)) continue;
    const lines = BEARING_COMPONENTS.some((c) =>
      judgePattern(c, bf, axis, shaftHz, context.baseline, orders, k.mainsHz).carriers.some((l) => l.detected),
    );
    if (lines) continue;
    const skRef = Math.max(0, baselineOf(context.baseline, `${axis}.bearing.band.sk`)?.median ?? 0);
    if (bf.band.sk > skRef + SK_SIGNIFICANCE_Z * bf.band.skStd) continue;
    const zone = iso10816Zone(bf.vrmsIsoMmPerS, k.machineClass);
    const f: Finding = {
      fault: 'insufficient_lubrication',
      bearingComponent: null,
      severity: severityOf(zone, changeDb),
      confidence: Number(Math.max(0.3, Math.min(1, changeDb / SERIOUS_CHANGE_DB)).toFixed(3)),
      score: Number((10 ** (changeDb / 20)).toFixed(3)),
      evidence: [
        {
          kind: 'BAND',
          label: `band:1000-${Math.round(bf.hfHighHz)}`,
          frequencyHz: null,
          order: null,
          amplitude: bf.hfRmsG,
          unit: 'g',
          axis,
          domain: 'spectrum',
          baselineAmplitude: ref.median,
        },
      ],
      rule: 'bearing.lubrication',
    };
    if (!best || f.score > best.score) best = f;
  }
  return best ? [best] : [];
};
