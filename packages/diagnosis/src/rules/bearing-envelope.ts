import { BEARING_COMPONENTS, type FindingSeverity } from '@overtone/contract';
import { iso10816Zone } from '@overtone/dsp';
import { SERIOUS_CHANGE_DB, SIGNIFICANT_CHANGE_DB } from '../baseline.ts';
import type { BearingLineName } from '../features/bearing-features.ts';
import type { Finding } from '../types.ts';
import type { Rule } from './rule.ts';
import {
  componentComb,
  countedSidebands,
  isPartOf,
  judgePattern,
  patternEvidence,
  withoutExplained,
  type ComponentPattern,
} from './bearing-patterns.ts';
import { sesSpanOrder } from '../features/bearing-features.ts';
import { severityOf } from './severity.ts';

/**
 * A secondary component is reported beside the dominant one only when its strongest line is
 * within this many dB (power) of the dominant pattern's: 20 dB, the change the sources call
 * serious (Randall 2011 §1.3). A pattern 20 dB weaker than a clear defect's is more likely
 * its intermodulation or a machine line than a second defect. (A design rule, not a published threshold.)
 */
export const SECONDARY_PATTERN_DB = SERIOUS_CHANGE_DB;

/**
 * Two identified components whose scores lie within this many dB (power) of each other are
 * ambiguous: both are reported with half their confidence. 6 dB = SIGNIFICANT_CHANGE_DB (Randall
 * 2011 §1.3): a difference smaller than a significant change does not tell them apart.
 */
export const AMBIGUOUS_PATTERN_DB = SIGNIFICANT_CHANGE_DB;

const SEVERITY_ORDER: FindingSeverity[] = ['attention', 'hazard', 'critical'];

/**
 * Stage of the failure (Berry, "Tracking of rolling element bearing failure stages", Technical
 * Associates of Charlotte, 1991; Scheffer & Girdhar 2004 §5.4): stage 2 shows the defect
 * frequencies only in the demodulated (envelope) spectrum; stage 3 shows them in the velocity /
 * acceleration spectrum itself, with harmonics and sidebands growing in number. Returns true for
 * stage 3 or later: a fundamental detected in the spectrum, or all three harmonics with sidebands
 * at two or more of them.
 */
export function isStageThree(p: ComponentPattern): boolean {
  if (p.spectrum.some((l) => l.detected)) return true;
  const harmonics = new Set(p.carriers.filter((c) => c.detected).map((c) => c.harmonic)).size;
  const sidebandHarmonics = new Set(countedSidebands(p).map((s) => s.harmonic)).size;
  return harmonics >= 3 && sidebandHarmonics >= 2;
}

/**
 * Confidence of an identified pattern: 0.5 with the minimal pattern (a fundamental and one more
 * part), rising linearly to 1 with every part of the full pattern present (3 harmonics; with
 * sideband pairs for inner race and rolling element).
 */
export function patternConfidence(p: ComponentPattern): number {
  if (p.totalParts <= 2) return 1;
  return Math.min(1, 0.5 + (0.5 * (p.parts - 2)) / (p.totalParts - 2));
}

/**
 * Rule `bearing.envelope`: rolling-bearing defects from the squared-envelope spectrum of the band
 * chosen by spectral kurtosis (Randall & Antoni 2011 MSSP 25 §3–4; Antoni & Randall 2006).
 *
 * Per sound axis with bearing features, each component's pattern is judged (bearing-patterns.ts):
 * outer_race (BPFO harmonics), inner_race (BPFI harmonics with 1× sidebands), rolling_element
 * (2×BSF / BSF harmonics with FTF sidebands), cage (FTF harmonics). Identified components are
 * ranked by score; a pattern that is a part of another not more than 6 dB weaker is dropped
 * (bearing-patterns.ts isPartOf: an FTF impulse train carries BPFO = Z·FTF); the dominant one is reported, others only without the lines an accepted pattern
 * explains better (bearing-patterns.ts withoutExplained) and within {@link SECONDARY_PATTERN_DB} of it, and components within {@link AMBIGUOUS_PATTERN_DB} of each other with half confidence.
 * A component on several axes is reported once, from its strongest axis.
 *
 * Fault: `bearing_failure` at stage 3 ({@link isStageThree}), else `early_stage_bearing_failure`.
 * Severity: severityOf(ISO 10816-1 zone of the axis' overall velocity, the largest change of an
 * evidence line over the baseline); an early-stage finding is capped at hazard (Berry stage 2:
 * the bearing has stages 3 and 4 ahead of it, weeks to months; critical is kept for stage 3 on).
 * Confidence: {@link patternConfidence}. Score: the strongest line's SNR over its detection
 * threshold (≥ 1).
 */
export const bearingEnvelopeRule: Rule = (features, context, axes) => {
  const k = context.kinematics;
  const shaftHz = features.shaft.hz;
  if (!k.bearing || !shaftHz) return [];
  const orders: Record<BearingLineName, number> = {
    bpfo: k.bearing.bpfo,
    bpfi: k.bearing.bpfi,
    bsf: k.bearing.bsf,
    bsf2: 2 * k.bearing.bsf,
    ftf: k.bearing.ftf,
  };
  const best = new Map<string, { p: ComponentPattern; confidence: number }>();
  for (const axis of axes) {
    const bf = features.axes[axis].bearing;
    if (!bf) continue;
    const ranked = BEARING_COMPONENTS.map((c) => judgePattern(c, bf, axis, shaftHz, context.baseline, orders, k.mainsHz))
      .filter((p) => p.identified)
      .sort((a, b) => b.score - a.score);
    // the strongest pattern first; each further one without the lines an accepted one explains
    const span = sesSpanOrder(k.bearing) * shaftHz;
    const comb = (c: ComponentPattern['component']) => componentComb(c, orders, shaftHz, bf.resolutionHz, span);
    // a pattern that is a part of another at most 6 dB weaker is that one's (isPartOf: BPFO = Z·FTF)
    const whole = ranked.filter(
      (a) =>
        !ranked.some(
          (b) =>
            b !== a &&
            10 * Math.log10(a.score / b.score) < AMBIGUOUS_PATTERN_DB &&
            isPartOf(a, comb(a.component), b, comb(b.component), bf.resolutionHz),
        ),
    );
    const identified: ComponentPattern[] = [];
    for (const p of whole) {
      const q = withoutExplained(
        p,
        comb(p.component),
        identified.map((a) => comb(a.component)),
      );
      if (q.identified) identified.push(q);
    }
    if (!identified.length) continue;
    const top = identified[0]!.score;
    for (const p of identified) {
      const belowDb = 10 * Math.log10(top / p.score);
      if (belowDb > SECONDARY_PATTERN_DB) continue;
      const rivals = identified.some((q) => q !== p && Math.abs(10 * Math.log10(q.score / p.score)) < AMBIGUOUS_PATTERN_DB);
      const confidence = patternConfidence(p) * (rivals ? 0.5 : 1);
      const kept = best.get(p.component);
      if (!kept || p.score > kept.p.score) best.set(p.component, { p, confidence });
    }
  }
  const findings: Finding[] = [];
  for (const { p, confidence } of best.values()) {
    const bf = features.axes[p.axis].bearing!;
    const zone = iso10816Zone(bf.vrmsIsoMmPerS, k.machineClass);
    const changes = [...p.carriers, ...p.sidebands, ...p.spectrum]
      .filter((l) => l.detected && l.changeDb !== null)
      .map((l) => l.changeDb!);
    const changeDb = changes.length ? Math.max(...changes) : null;
    const stage3 = isStageThree(p);
    let severity = severityOf(zone, changeDb);
    if (!stage3 && SEVERITY_ORDER.indexOf(severity) > SEVERITY_ORDER.indexOf('hazard')) severity = 'hazard';
    findings.push({
      fault: stage3 ? 'bearing_failure' : 'early_stage_bearing_failure',
      bearingComponent: p.component,
      severity,
      confidence: Number(confidence.toFixed(3)),
      score: Number(p.score.toFixed(3)),
      evidence: patternEvidence(p, shaftHz).slice(0, 12),
      rule: 'bearing.envelope',
    });
  }
  return findings.sort((a, b) => b.score - a.score);
};
