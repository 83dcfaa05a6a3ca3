import { ISO10816_ZONE_BOUNDARIES_MM_PER_S, type MachineClass } from '@overtone/dsp';
import type { MetricThreshold, ThresholdDirection } from '@overtone/contract';

/**
 * Pure alarm-level logic (docs/alarms.md): the level of a value against thresholds, the delay and
 * hysteresis state machine, the peak of a spectrum band, the ISO 10816-1 default thresholds.
 * Levels are orders: 0 healthy, 1 attention, 2 hazard, 3 critical (spec 001 §3 Alarm levels).
 */

/**
 * Level of a value against metric-alarm thresholds (spec 001 §3, §5).
 *
 * Parameters
 * ----------
 * value : number
 *     The measured telemetry value, in the telemetry's unit.
 * direction : 1 | 0 | -1
 *     1 top limit: a level is reached when value > its upper threshold; −1 bottom limit: when
 *     value < its lower threshold; 0 band: when value leaves [lower, upper] on either side.
 * threshold : {attention, hazard, critical}
 *     Pairs [lower, upper] (the side the direction does not use is null and ignored).
 * margin : number, default 0
 *     Hysteresis margin (telemetry unit, ≥ 0): the thresholds are moved this much toward the safe
 *     side (upper − margin, lower + margin). Used when deciding whether a level clears.
 *
 * Returns
 * -------
 * number
 *     The highest level 0…3 whose threshold the value crosses (strictly: a value equal to a threshold
 *     does not cross it, like ISO 10816-1's zone boundaries, which belong to the lower zone).
 *
 * Examples
 * --------
 *     levelOfValue(6, 1, { attention: [null, 2], hazard: [null, 5], critical: [null, 8] }) // 2
 */
export function levelOfValue(value: number, direction: ThresholdDirection, threshold: MetricThreshold, margin = 0): number {
  const crosses = (pair: readonly [number | null, number | null]) => {
    const [lo, hi] = pair;
    const aboveUpper = direction !== -1 && hi !== null && value > hi - margin;
    const belowLower = direction !== 1 && lo !== null && value < lo + margin;
    return aboveUpper || belowLower;
  };
  if (crosses(threshold.critical)) return 3;
  if (crosses(threshold.hazard)) return 2;
  if (crosses(threshold.attention)) return 1;
  return 0;
}

/** The evolving state of one alarm between measurements (a row of `alarm_states`). */
export interface AlarmLevelState {
  /** Active level 0…3. */
  level: number;
  /** A higher level seen on the last `pendingCount` consecutive measurements (the lowest of them), or null. */
  pendingLevel: number | null;
  pendingCount: number;
}

/**
 * The next state of an alarm after one measurement: delay before raising, hysteresis before clearing.
 *
 * Parameters
 * ----------
 * state : AlarmLevelState
 *     The state before this measurement.
 * rawLevel : number
 *     Level of the measured value against the thresholds (margin 0), 0…3.
 * clearLevel : number
 *     Level of the same value against the thresholds moved by the hysteresis margin (≥ rawLevel);
 *     equal to rawLevel without hysteresis.
 * delay : number
 *     Consecutive measurements (≥ 1) whose raw level is above the active level before the active
 *     level rises; it rises to the lowest raw level of those measurements (each of them reached it).
 *
 * Returns
 * -------
 * AlarmLevelState
 *     The new state. Falling is immediate but only to `clearLevel` (a value inside the hysteresis
 *     margin keeps its level); a measurement at or below the active level resets the pending count.
 *
 * Notes
 * -----
 * The usual delay ("time delay" / "N out of N") and deadband of alarm management (ISA-18.2-2016 §11.5,
 * EEMUA 191 3rd ed. §A.6: on-delay and deadband to suppress chattering alarms).
 */
export function nextAlarmState(state: AlarmLevelState, rawLevel: number, clearLevel: number, delay: number): AlarmLevelState {
  if (rawLevel > state.level) {
    const pendingLevel = state.pendingLevel === null ? rawLevel : Math.min(state.pendingLevel, rawLevel);
    const pendingCount = state.pendingCount + 1;
    if (pendingCount >= Math.max(1, delay)) return { level: pendingLevel, pendingLevel: null, pendingCount: 0 };
    return { level: state.level, pendingLevel, pendingCount };
  }
  const level = rawLevel < state.level ? Math.min(state.level, Math.max(rawLevel, clearLevel)) : state.level;
  return { level, pendingLevel: null, pendingCount: 0 };
}

/**
 * Level of a spectrum peak against frequency-peak thresholds (g): the highest of attention, hazard,
 * critical the peak exceeds (strictly), 0 when none.
 */
export function levelOfPeak(peakG: number, t: { attention: number; hazard: number; critical: number }, margin = 0): number {
  if (peakG > t.critical - margin) return 3;
  if (peakG > t.hazard - margin) return 2;
  if (peakG > t.attention - margin) return 1;
  return 0;
}

/**
 * Largest amplitude of a one-sided spectrum within [centreHz − halfBandHz, centreHz + halfBandHz].
 *
 * Parameters
 * ----------
 * frequencyHz : ArrayLike<number>, shape (n,)
 *     Line frequencies, Hz, ascending, evenly spaced from 0 (as `amplitudeSpectrum` returns them).
 * amplitude : ArrayLike<number>, shape (n,)
 *     Amplitude per line (g RMS for an acceleration spectrum).
 * centreHz, halfBandHz : number
 *     The band. When it holds no line (narrower than the resolution), the line nearest to centreHz
 *     is used, so a 2 Hz sensitivity on a 0.5 Hz…6 Hz resolution still finds its line.
 *
 * Returns
 * -------
 * {peak, frequencyHz} | null
 *     The largest amplitude and its line's frequency; null for an empty spectrum or a centre above
 *     the last line (the measurement does not reach that frequency).
 */
export function bandPeak(
  frequencyHz: ArrayLike<number>,
  amplitude: ArrayLike<number>,
  centreHz: number,
  halfBandHz: number,
): { peak: number; frequencyHz: number } | null {
  const n = Math.min(frequencyHz.length, amplitude.length);
  if (n < 2) return null;
  const df = frequencyHz[1]! - frequencyHz[0]!;
  if (!(df > 0) || centreHz - halfBandHz > frequencyHz[n - 1]!) return null;
  let lo = Math.max(0, Math.ceil((centreHz - halfBandHz - frequencyHz[0]!) / df - 1e-9));
  let hi = Math.min(n - 1, Math.floor((centreHz + halfBandHz - frequencyHz[0]!) / df + 1e-9));
  if (lo > hi) lo = hi = Math.min(n - 1, Math.max(0, Math.round((centreHz - frequencyHz[0]!) / df)));
  let best = lo;
  for (let k = lo + 1; k <= hi; k++) if (amplitude[k]! > amplitude[best]!) best = k;
  return { peak: amplitude[best]!, frequencyHz: frequencyHz[best]! };
}

/**
 * ISO 10816-1 machine class of a point from its motor power (ISO 10816-1:1995 Annex B: class I
 * small machines up to 15 kW, class II medium machines 15…75 kW, class III large machines on rigid
 * foundations). Without a known power the point is taken as class II (medium machines, the most
 * common in plants); class IV (soft foundations) cannot be told from the point's data.
 */
export function machineClassOf(motorPowerKw: number | null | undefined): MachineClass {
  if (typeof motorPowerKw !== 'number' || !(motorPowerKw > 0)) return 'II';
  if (motorPowerKw <= 15) return 'I';
  if (motorPowerKw <= 75) return 'II';
  return 'III';
}

/**
 * Top-limit thresholds (mm/s) of the built-in VRMS_ISO10816 alarm: zone boundaries A/B → attention,
 * B/C → hazard, C/D → critical (ISO 10816-1:1995 Annex B Table B.1, via ISO10816_ZONE_BOUNDARIES_MM_PER_S).
 * A value in zone B raises attention, C hazard, D critical.
 */
export function iso10816Thresholds(machineClass: MachineClass): MetricThreshold {
  const [ab, bc, cd] = ISO10816_ZONE_BOUNDARIES_MM_PER_S[machineClass];
  return { attention: [null, ab], hazard: [null, bc], critical: [null, cd] };
}

/**
 * Top-limit thresholds of the automatic crest factor* alarm (preference `alarm.autoAlarms.crest_star`),
 * on the CREST_STAR telemetry (dimensionless score, packages/dsp `crestStar`: P + G + P/G of the
 * acceleration high-passed at 1 kHz, P peak and G r.m.s. in g).
 *
 * Crest* belongs to the family of "crest factor plus" scores, which add the acceleration peak and
 * r.m.s. to the crest factor so that the score keeps rising when the crest factor alone falls again
 * in late bearing damage (the r.m.s. grows with the spreading damage; Scheffer & Girdhar 2004
 * "Practical Machinery Vibration Analysis and Predictive Maintenance", crest factor of rolling
 * bearings; Randall 2011 "Vibration-based Condition Monitoring": an impact-free, Gaussian vibration
 * has a crest factor ≈ 3, bearing impacts raise it). The bearing condition guide of such a
 * score (IMI Sensors / PCB Piezotronics, "Crest Factor Plus", 649A03 manual, Figure 2): 1…5 good,
 * 6…11 satisfactory, 12…15 unsatisfactory, above 15 unacceptable, read as the ISO 10816-1 zones are
 * (A healthy, B attention, C hazard, D critical):
 *
 * | level | Crest* above | guide |
 * |---|---|---|
 * | attention | 5 | leaves "good" (a healthy machine's ≈ 3 plus a small high-band peak and r.m.s.) |
 * | hazard | 11 | "unsatisfactory" |
 * | critical | 15 | "unacceptable" |
 *
 * The guide's score is high-passed at 250 Hz and weights its terms differently: the boundaries are
 * a starting point the user can edit (an edited alarm becomes the user's), not a calibration.
 */
export const CREST_STAR_THRESHOLDS: MetricThreshold = { attention: [null, 5], hazard: [null, 11], critical: [null, 15] };
