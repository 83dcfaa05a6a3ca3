/**
 * The TELEMETRY list a legacy Wired end node puts in its `done` message, computed the way that
 * firmware does (shared/protocol/senseway-gateway.md §6.3, order as in §16).
 *
 * VRMS is omitted on purpose: the firmware's band and method are unknown (§6.3, §19.7), so any value
 * we sent would be invented.
 */

/** One `done` TELEMETRY entry: per-axis `[x, y, z]` or a scalar. */
export interface TelemetryEntry {
  NAME: string;
  VALUE: number | [number, number, number];
}

/** Per-axis statistics of one signal, all in g except the dimensionless ratios. */
export interface AxisStatistics {
  /** Σ x_n, g (DC included) */
  sum: number;
  /** max |x_n|, g (DC included) */
  peak: number;
  /** population standard deviation sqrt((1/N) Σ (x_n − μ)²), g */
  grms: number;
  /** PEAK / GRMS (DC-including peak over AC RMS: the legacy definition) */
  crest: number;
  /** PEAK / ((1/N) Σ sqrt|x_n|)² */
  clearance: number;
  /** m4 / m2² (not excess; Gaussian ≈ 3) */
  kurtosis: number;
  /** m3 / m2^{3/2} */
  skewness: number;
  /** max x_n − min x_n, g */
  peakToPeak: number;
}

/** a / b, or 0 when b is 0 (a constant signal), so the JSON never carries NaN or Infinity (→ null). */
const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

/**
 * Legacy firmware statistics of one axis (§6.3).
 * @param x samples in g, length N ≥ 1
 */
export function axisStatistics(x: ArrayLike<number>): AxisStatistics {
  const n = x.length;
  if (n === 0) throw new RangeError('no samples');
  let sum = 0,
    peak = 0,
    sqrtSum = 0,
    max = -Infinity,
    min = Infinity;
  for (let i = 0; i < n; i++) {
    const v = x[i];
    sum += v;
    const a = Math.abs(v);
    if (a > peak) peak = a;
    sqrtSum += Math.sqrt(a);
    if (v > max) max = v;
    if (v < min) min = v;
  }
  const mean = sum / n;
  let m2 = 0,
    m3 = 0,
    m4 = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i] - mean;
    const d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  const grms = Math.sqrt(m2);
  const meanSqrt = sqrtSum / n;
  return {
    sum,
    peak,
    grms,
    crest: ratio(peak, grms),
    clearance: ratio(peak, meanSqrt * meanSqrt),
    kurtosis: ratio(m4, m2 * m2),
    skewness: ratio(m3, m2 ** 1.5),
    peakToPeak: max - min,
  };
}

/**
 * The TELEMETRY array of a legacy `done` message, in the firmware's order (§16): CLEARANCE, CREST,
 * GRMS, KURTOSIS, SKEWNESS, PEAK, SUM, PEAK_TO_PEAK (each `[x, y, z]`), then TEMPERATURE.
 * @param axes the samples in g exactly as sent (i.e. after int16 quantisation)
 * @param temperatureC sensor temperature, °C
 */
export function firmwareTelemetry(
  axes: { x: ArrayLike<number>; y: ArrayLike<number>; z: ArrayLike<number> },
  temperatureC: number,
): TelemetryEntry[] {
  const s = [axisStatistics(axes.x), axisStatistics(axes.y), axisStatistics(axes.z)];
  const per = (k: keyof AxisStatistics): [number, number, number] => [s[0][k], s[1][k], s[2][k]];
  return [
    { NAME: 'CLEARANCE', VALUE: per('clearance') },
    { NAME: 'CREST', VALUE: per('crest') },
    { NAME: 'GRMS', VALUE: per('grms') },
    { NAME: 'KURTOSIS', VALUE: per('kurtosis') },
    { NAME: 'SKEWNESS', VALUE: per('skewness') },
    { NAME: 'PEAK', VALUE: per('peak') },
    { NAME: 'SUM', VALUE: per('sum') },
    { NAME: 'PEAK_TO_PEAK', VALUE: per('peakToPeak') },
    { NAME: 'TEMPERATURE', VALUE: temperatureC },
  ];
}
