import type { Axis, MeasurementSignal, PointKinematics } from '../types.ts';

/**
 * Physics-built test signals (tests only): sums of sines at the kinematic frequencies of a fault
 * pattern on a Gaussian noise floor, per axis, in g. Deterministic (seeded noise).
 */

/** A seeded Gaussian generator (mulberry32 + Box–Muller). */
export function gaussian(seed: number): () => number {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() + 1e-300)) * Math.cos(2 * Math.PI * uniform());
}

/** A sine component: frequency Hz, peak amplitude g, phase rad. */
export interface Tone {
  hz: number;
  g: number;
  phase?: number;
}

/** Peak acceleration, g, of a sine of velocity r.m.s. `mmPerS` at `hz` (a = v·2πf, peak = √2·r.m.s.). */
export function gPeakForVelocity(mmPerS: number, hz: number): number {
  return (Math.SQRT2 * mmPerS * 2 * Math.PI * hz) / 9806.65;
}

/** One axis: tones + Gaussian noise of r.m.s. `noiseG` + a DC offset, N samples at fs. */
export function axisSignal(n: number, fs: number, tones: readonly Tone[], noiseG: number, seed: number, dcG = 0): Float64Array {
  const rnd = gaussian(seed);
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / fs;
    let v = dcG + noiseG * rnd();
    for (const tone of tones) v += tone.g * Math.sin(2 * Math.PI * tone.hz * t + (tone.phase ?? 0));
    x[i] = v;
  }
  return x;
}

/** A measurement from per-axis tones (noise 0.002 g r.m.s. unless given), gravity on z by default. */
export function measurement(
  tones: Partial<Record<Axis, readonly Tone[]>>,
  options: {
    n?: number;
    fs?: number;
    noiseG?: number;
    gravity?: [number, number, number];
    temperatureC?: number | null;
    /** Noise seed (another seed: another realisation of the same noise). */
    seed?: number;
  } = {},
): MeasurementSignal {
  const { n = 24000, fs = 12000, noiseG = 0.002, gravity = [0, 0, 1], temperatureC = 40, seed = 0 } = options;
  return {
    samplingRateHz: fs,
    x: axisSignal(n, fs, tones.x ?? [], noiseG, 11 + 100 * seed, gravity[0]),
    y: axisSignal(n, fs, tones.y ?? [], noiseG, 22 + 100 * seed, gravity[1]),
    z: axisSignal(n, fs, tones.z ?? [], noiseG, 33 + 100 * seed, gravity[2]),
    temperatureC,
  };
}

/** Default kinematics of the synthetic machine: 25 Hz (1500 r/min), class II, ±16 g, axial z. */
export function kinematicsOf(overrides: Partial<PointKinematics> = {}): PointKinematics {
  return {
    shaftHz: 25,
    shaftSpeedVariable: false,
    bearing: null,
    gearMeshes: [],
    belt: null,
    electricMotor: false,
    pump: false,
    fan: false,
    mainsHz: 50,
    axialAxis: 'z',
    rangeG: 16,
    machineClass: 'II',
    ...overrides,
  };
}

/** Amplitude-modulated carrier: carrier ± sidebands at `spacingHz` of half the modulation index each. */
export function modulated(carrierHz: number, g: number, spacingHz: number, index: number, count = 2): Tone[] {
  const out: Tone[] = [{ hz: carrierHz, g }];
  for (let k = 1; k <= count; k++) {
    const side = (g * index) / 2 / k;
    out.push({ hz: carrierHz - k * spacingHz, g: side }, { hz: carrierHz + k * spacingHz, g: side });
  }
  return out;
}
