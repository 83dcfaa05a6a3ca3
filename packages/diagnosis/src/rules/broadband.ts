import type { EvidenceKind } from '@overtone/contract';
import { SERIOUS_CHANGE_DB, SIGNIFICANT_CHANGE_DB, baselineOf } from '../baseline.ts';
import { isPresent } from '../features/spectrum-lines.ts';
import type { Finding } from '../types.ts';
import type { Rule } from './rule.ts';
import { abnormal, finding, isoEvidence, lineEvidence, statEvidence, strongest } from './support.ts';

/**
 * Rules of patterns not tied to one machine element: resonance, impacting, ski slope, beat
 * (docs/diagnosis-parts/machine.md).
 */

/**
 * Kurtosis that marks an impulsive signal: 6, i.e. twice (6 dB over) the Gaussian value 3 that a
 * healthy machine's random vibration shows (Randall 2011 §5.2.1: kurtosis 3 for Gaussian
 * signals, higher for impulsive ones; the factor 2 is the significant change of B&K BO 0210).
 */
export const IMPULSIVE_KURTOSIS = 2 * 3;
/** Impacts needed for a repetition rate: 3 (two intervals). */
export const MIN_IMPACTS = 3;
/** Share of intervals within ±10 % of their median for impacts to be periodic: 0.8. */
export const PERIODIC_REGULARITY = 0.8;
/** Relative tolerance when matching an impact rate to a bearing line or its sub-multiples: 3 % (bearing slip 1–2 %, Randall & Antoni 2011 §2). */
export const RATE_TOLERANCE = 0.03;
/** Beat: modulation depth at which the second line is at least half the first (A2/A1 ≥ 0.5, −6 dB). */
export const BEAT_MIN_DEPTH = 0.5;

const sq = (x: number) => x * x;

/** Evidence kind of a beat's carrier: its running-speed order when it is one (±2 %), else a band line. */
function carrierKind(hz: number, shaftHz: number | null): EvidenceKind {
  if (!shaftHz) return 'BAND';
  const order = hz / shaftHz;
  const k = Math.round(order);
  if (k < 1 || Math.abs(order - k) > 0.02 * k) return 'BAND';
  return k === 1 ? '1X' : k === 2 ? '2X' : 'nX';
}

/**
 * resonance (`structure.resonance`): with a running speed, the largest peak in 10…1000 Hz that no
 * kinematic line explains (not an order 0.5…10×, bearing, mesh, belt or mains line) dominates the
 * axis (≥ 50 % of the ISO-band energy) and stands ≥ 20 dB over its floor; abnormal on it.
 *
 * Sources: Scheffer & Girdhar 2004 §6.9 (resonance: a natural frequency excited by a forcing
 * frequency amplifies it; a dominant peak away from the machine's forcing frequencies); ISO
 * 13373-3:2015; ISO 10816-1 zones.
 */
export const resonanceRule: Rule = (features, context, axes) => {
  if (!features.shaft.hz) return [];
  const out: Finding[] = [];
  for (const axis of axes) {
    const s = features.axes[axis].spectrum;
    const p = s.peaks.p1;
    if (!(p.hz > 0) || p.mmPerS < 10 * p.floorMmPerS) continue;
    if (sq(p.mmPerS) < 0.5 * sq(s.vrmsIsoMmPerS)) continue;
    const key = `${axis}.spectrum.peaks.p1.mmPerS`;
    const gate = abnormal(context, s.isoZone, key, p.mmPerS, p.floorMmPerS, true);
    if (!gate) continue;
    out.push(
      finding('resonance', 'structure.resonance', gate, 0.5, p.mmPerS / Math.max(s.vrmsIsoMmPerS, 1e-12), [
        lineEvidence('RESONANCE', axis, p, features.shaft.hz, context, key),
        isoEvidence(axis, features, context),
      ]),
    );
  }
  return strongest(out);
};

/** True when a rate matches a bearing line (×1…3) or one of its sub-multiples 1/2…1/4 (skipped impacts). */
function atBearingLine(rateHz: number, shaftHz: number | null, orders: readonly number[]): boolean {
  if (!shaftHz) return false;
  for (const o of orders)
    for (const m of [1, 2, 3, 1 / 2, 1 / 3, 1 / 4]) {
      const f = o * shaftHz * m;
      if (Math.abs(rateHz - f) <= RATE_TOLERANCE * f) return true;
    }
  return false;
}

/**
 * impacting_failure (`time.impacting`): kurtosis ≥ {@link IMPULSIVE_KURTOSIS}, ≥ 3 impacts (peaks
 * over 5σ) that are periodic (≥ 80 % of intervals within ±10 % of the median) at a rate that is
 * not a bearing defect line (the bearing rules' business; with a bearing, 1× counts as one: the
 * load-zone modulation of an inner-race defect).
 *
 * Sources: Randall 2011 §5.2.1 (kurtosis and crest factor of impulsive signals); Scheffer &
 * Girdhar 2004 §6.4 (rubs and looseness cause periodic impacting); Taylor 2003 ch. 4.
 */
export const impactingRule: Rule = (features, context, axes) => {
  const b = context.kinematics.bearing;
  // with a bearing, 1× is a bearing rate too: an inner-race defect strikes hardest once per turn
  // as it passes the load zone (Randall & Antoni 2011 §2.1), so its largest impacts repeat at 1×
  const orders = b ? [b.bpfo, b.bpfi, b.bsf, 2 * b.bsf, b.ftf, 1] : [];
  const out: Finding[] = [];
  for (const axis of axes) {
    const t = features.axes[axis].time;
    if (t.kurtosis < IMPULSIVE_KURTOSIS || t.impactCount < MIN_IMPACTS || t.impactRegularity < PERIODIC_REGULARITY) continue;
    if (atBearingLine(t.impactRateHz, features.shaft.hz, orders)) continue;
    const base = baselineOf(context.baseline, `${axis}.time.kurtosis`)?.median ?? null;
    const changeDb = base ? 20 * Math.log10(t.kurtosis / Math.max(base, 1e-12)) : null;
    out.push(
      finding(
        'impacting_failure',
        'time.impacting',
        { zone: features.axes[axis].spectrum.isoZone, changeDb, baseline: base },
        0.5 + 0.3 * t.impactRegularity,
        t.kurtosis / IMPULSIVE_KURTOSIS,
        [
          statEvidence('TIME', axis, 'kurtosis', t.kurtosis, '', 'time', base),
          {
            ...statEvidence('TIME', axis, 'impact-rate', t.impactRateHz, 'Hz', 'time', null),
            frequencyHz: t.impactRateHz,
            order: features.shaft.hz ? t.impactRateHz / features.shaft.hz : null,
          },
          statEvidence(
            'TIME',
            axis,
            'crest',
            t.crest,
            '',
            'time',
            baselineOf(context.baseline, `${axis}.time.crest`)?.median ?? null,
          ),
        ],
      ),
    );
  }
  return strongest(out);
};

/**
 * ski_slope (`spectrum.ski_slope`): the acceleration floor below 0.4× stands ≥ 20 dB
 * (SERIOUS_CHANGE_DB, ×10) over the floor at 1.2…3.8×; with a baseline it must also have risen
 * ≥ 6 dB over it. White acceleration noise gives 0 dB here; the excess is low-frequency noise
 * that single integration turns into the "ski slope" of a velocity spectrum (sensor settling,
 * saturation, DC shifts, cable or mounting problems, or very loose parts).
 *
 * Sources: Scheffer & Girdhar 2004 §3 and §6 (ski slope: integration of low-frequency noise, a
 * sensor or instrumentation artefact); Taylor 2003 ch. 3; Randall 2011 §3.3.4 (integration
 * amplifies low-frequency errors).
 */
export const skiSlopeRule: Rule = (features, context, axes) => {
  const out: Finding[] = [];
  for (const axis of axes) {
    const s = features.axes[axis].spectrum;
    if (s.skiSlopeDb === null || s.skiSlopeDb < SERIOUS_CHANGE_DB) continue;
    const base = baselineOf(context.baseline, `${axis}.spectrum.skiSlopeDb`)?.median ?? null;
    if (base !== null && s.skiSlopeDb - base < SIGNIFICANT_CHANGE_DB) continue;
    const low = s.orderBands?.lowMmPerS ?? null;
    out.push(
      finding(
        'ski_slope',
        'spectrum.ski_slope',
        { zone: 'A', changeDb: null, baseline: base },
        0.6,
        s.skiSlopeDb / SERIOUS_CHANGE_DB,
        [
          statEvidence('BAND', axis, 'ski-slope-dB', s.skiSlopeDb, 'dB', 'spectrum', base),
          ...(low !== null ? [statEvidence('BAND', axis, 'band:2Hz-0.4X', low, 'mm/s', 'spectrum', null)] : []),
        ],
      ),
    );
  }
  return strongest(out);
};

/**
 * beat_phenomenon (`spectrum.beat`): the largest line in 10…1000 Hz dominates the axis (≥ 50 %
 * of the ISO-band energy), its amplitude swings with depth ≥ {@link BEAT_MIN_DEPTH} (a second
 * line at least half as large) at a beat frequency below a tenth of it; abnormal on that line.
 *
 * Sources: Scheffer & Girdhar 2004 §6.10 (beat: two close frequencies, amplitude rising and
 * falling at their difference); Taylor 2003 ch. 3; Randall 2011 §2.2 (amplitude modulation).
 */
export const beatRule: Rule = (features, context, axes) => {
  const out: Finding[] = [];
  for (const axis of axes) {
    const s = features.axes[axis].spectrum;
    const b = s.beat;
    if (!isPresent(b.carrier) || b.depth < BEAT_MIN_DEPTH || !(b.beatHz > 0) || b.beatHz > 0.1 * b.carrier.hz) continue;
    if (sq(b.carrier.mmPerS) < 0.5 * sq(s.vrmsIsoMmPerS)) continue;
    const key = `${axis}.spectrum.beat.carrier.mmPerS`;
    const gate = abnormal(context, s.isoZone, key, b.carrier.mmPerS, b.carrier.floorMmPerS, true);
    if (!gate) continue;
    out.push(
      finding('beat_phenomenon', 'spectrum.beat', gate, 0.5 + 0.4 * b.depth, b.depth, [
        lineEvidence(carrierKind(b.carrier.hz, features.shaft.hz), axis, b.carrier, features.shaft.hz, context, key, 'carrier'),
        { ...statEvidence('BAND', axis, 'beat', b.depth, '', 'time', null), frequencyHz: b.beatHz },
        isoEvidence(axis, features, context),
      ]),
    );
  }
  return strongest(out);
};
