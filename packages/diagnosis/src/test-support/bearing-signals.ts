import type { BearingFeatures } from '../features/bearing-features.ts';
import type { Axis, AxisFeatures, Baseline, BearingOrders, DiagnosisContext, MeasurementFeatures } from '../types.ts';

/**
 * Synthetic bearing signals built from the physics (tests only): a localised defect strikes once
 * per defect period, each strike rings a structural resonance (a decaying sinusoid), the strikes
 * jitter by the rolling elements' random slip, and their strength is modulated where the defect
 * moves through the load zone (1× shaft for an inner race, FTF for a rolling element). Model:
 * Randall & Antoni 2011 MSSP 25 §2 (eq. 5 and Fig. 3), McFadden & Smith 1984.
 */

/** A seeded uniform generator in [0, 1) (mulberry32), so tests are reproducible. */
export function uniformRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Gaussian white noise of standard deviation `sigma` (Box–Muller), shape (n,). */
export function gaussianNoise(n: number, sigma: number, seed: number): Float64Array {
  const u = uniformRandom(seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - u())) * sigma;
    const th = 2 * Math.PI * u();
    out[i] = r * Math.cos(th);
    if (i + 1 < n) out[i + 1] = r * Math.sin(th);
  }
  return out;
}

/** Options of {@link bearingFaultSignal}. */
export interface BearingFaultSignalOptions {
  samples: number;
  samplingRateHz: number;
  /** Defect (strike) frequency, Hz. */
  faultHz: number;
  /** Resonance the strikes excite, Hz. */
  resonanceHz: number;
  /** Damping ratio of the resonance. Default 0.05. */
  damping?: number;
  /** Peak acceleration of one strike's ringing, g. */
  impulseG: number;
  /** Random slip: the standard deviation of each period, fraction of the period. Default 0.01 (Randall & Antoni 2011 §2.1). */
  slip?: number;
  /** Amplitude modulation (1 + depth·cos 2π f t) of the strikes, e.g. 1× shaft for an inner race. */
  modulation?: { hz: number; depth: number };
  /** Gaussian noise added, standard deviation, g. Default 0. */
  noiseG?: number;
  /** Sinusoids added (machine lines): hz and peak amplitude, g. */
  tones?: { hz: number; amplitudeG: number }[];
  seed?: number;
}

/** A bearing-fault vibration signal, g, shape (samples,). */
export function bearingFaultSignal(o: BearingFaultSignalOptions): Float64Array {
  const { samples: n, samplingRateHz: fs, faultHz, resonanceHz, impulseG } = o;
  const damping = o.damping ?? 0.05;
  const slip = o.slip ?? 0.01;
  const seed = o.seed ?? 1;
  const out = o.noiseG ? gaussianNoise(n, o.noiseG, seed + 1) : new Float64Array(n);
  const u = uniformRandom(seed);
  const wn = 2 * Math.PI * resonanceHz;
  const decay = damping * wn;
  const wd = wn * Math.sqrt(1 - damping * damping);
  const ringSamples = Math.ceil((8 / decay) * fs); // e^(−8): ringing over
  const period = 1 / faultHz;
  let t = period * u();
  while (t < n / fs) {
    const gain = o.modulation ? 1 + o.modulation.depth * Math.cos(2 * Math.PI * o.modulation.hz * t) : 1;
    const i0 = Math.ceil(t * fs);
    for (let i = i0; i < Math.min(n, i0 + ringSamples); i++) {
      const tau = i / fs - t;
      out[i] += impulseG * gain * Math.exp(-decay * tau) * Math.sin(wd * tau);
    }
    // slip: Gaussian jitter of each period (Box–Muller on two uniforms)
    const g = Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
    t += period * (1 + slip * g);
  }
  for (const tone of o.tones ?? [])
    for (let i = 0; i < n; i++) out[i] += tone.amplitudeG * Math.sin((2 * Math.PI * tone.hz * i) / fs);
  return out;
}

/** A measurement's features carrying only bearing features (the other parts are not read by the bearing rules). */
export function bearingMeasurement(
  samplingRateHz: number,
  samples: number,
  shaftHz: number,
  bearing: Partial<Record<Axis, BearingFeatures | null>>,
): MeasurementFeatures {
  const axis = (b: BearingFeatures | null | undefined): AxisFeatures => ({
    time: {} as AxisFeatures['time'],
    spectrum: {} as AxisFeatures['spectrum'],
    bearing: b ?? null,
  });
  return {
    version: 1,
    samplingRateHz,
    samples,
    shaft: { hz: shaftHz, source: 'reference' },
    temperatureC: null,
    axes: { x: axis(bearing.x), y: axis(bearing.y), z: axis(bearing.z) },
  };
}

/** A diagnosis context for a bearing point (class II machine, 16 g sensor, US mains, no axial axis). */
export function bearingContext(shaftHz: number, bearing: BearingOrders, baseline: Baseline | null = null): DiagnosisContext {
  return {
    kinematics: {
      shaftHz,
      shaftSpeedVariable: false,
      bearing,
      gearMeshes: [],
      belt: null,
      electricMotor: true,
      pump: false,
      fan: false,
      mainsHz: 60,
      axialAxis: null,
      rangeG: 16,
      machineClass: 'II',
    },
    baseline,
    falsePositives: [],
  };
}
