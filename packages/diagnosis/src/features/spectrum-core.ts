import { amplitudeSpectrum, STANDARD_GRAVITY_MM_PER_S2 } from '@overtone/dsp';

/**
 * The one spectrum per axis the machine features read (docs/diagnosis-parts/machine.md
 * "Spectrum"): Hann window, exact amplitude correction, one-sided RMS lines in g
 * (`amplitudeSpectrum` of @overtone/dsp), and the velocity lines V_k = A_k·9806.65/(2π f_k) mm/s.
 * Shaft-speed estimation and the spectrum features share it through a cache keyed by the sample
 * array, so each axis is transformed once.
 */
export interface AxisSpectrum {
  samplingRateHz: number;
  /** Line spacing fs/N, Hz. */
  df: number;
  /** Acceleration, g RMS per line, k = 0 … N/2. */
  acc: Float64Array;
  /** Velocity, mm/s RMS per line (0 at DC). */
  vel: Float64Array;
}

/**
 * Equivalent noise bandwidth of the Hann window, bins (Harris 1978, Table 1: 1.50): the sum of
 * squared amplitude-corrected lines over a band is divided by it to give the band's mean square.
 */
export const HANN_ENBW_BINS = 1.5;

const cache = new WeakMap<Float64Array, AxisSpectrum>();

/** The spectrum of an axis (cached per sample array and rate). */
export function axisSpectrum(samples: Float64Array, samplingRateHz: number): AxisSpectrum {
  const hit = cache.get(samples);
  if (hit && hit.samplingRateHz === samplingRateHz) return hit;
  const s = amplitudeSpectrum({ signal: samples, samplingRateHz, window: 'hanning' });
  const acc = s.amplitude;
  const vel = new Float64Array(acc.length);
  const c = STANDARD_GRAVITY_MM_PER_S2 / (2 * Math.PI);
  for (let k = 1; k < acc.length; k++) vel[k] = (acc[k]! * c) / (k * s.resolutionHz);
  const out = { samplingRateHz, df: s.resolutionHz, acc, vel };
  cache.set(samples, out);
  return out;
}

/** Index of the bin nearest to f, clamped to the spectrum. */
export function binOf(spec: AxisSpectrum, hz: number): number {
  return Math.max(0, Math.min(spec.acc.length - 1, Math.round(hz / spec.df)));
}

/**
 * Band r.m.s. over lo…hi Hz (inclusive bins) of an amplitude-corrected Hann spectrum:
 * sqrt(Σ y_k² / ENBW). Exact for a sine anywhere inside the band (Parseval with the window's
 * noise bandwidth).
 */
export function bandRms(line: Float64Array, spec: AxisSpectrum, loHz: number, hiHz: number): number {
  const a = Math.max(1, Math.ceil(loHz / spec.df));
  const b = Math.min(line.length - 1, Math.floor(hiHz / spec.df));
  let s = 0;
  for (let k = a; k <= b; k++) s += line[k]! * line[k]!;
  return Math.sqrt(s / HANN_ENBW_BINS);
}

/**
 * Amplitude of the line nearest the largest bin within centre ± half-width: the r.m.s. of the
 * bin and its two neighbours (sqrt(Σ y² / ENBW), removing the Hann scalloping loss), with its
 * frequency refined by the parabolic interpolation of the log amplitudes (Grandke 1983).
 */
export function lineAt(
  line: Float64Array,
  spec: AxisSpectrum,
  centreHz: number,
  halfWidthHz: number,
): { hz: number; amplitude: number; bin: number } {
  const a = Math.max(1, Math.floor((centreHz - halfWidthHz) / spec.df));
  const b = Math.min(line.length - 2, Math.ceil((centreHz + halfWidthHz) / spec.df));
  if (b < a) return { hz: centreHz, amplitude: 0, bin: binOf(spec, centreHz) };
  let best = a;
  for (let k = a + 1; k <= b; k++) if (line[k]! > line[best]!) best = k;
  const l = line[best - 1] ?? 0,
    c = line[best]!,
    r = line[best + 1] ?? 0;
  let delta = 0;
  if (l > 0 && c > 0 && r > 0) {
    const ll = Math.log(l),
      lc = Math.log(c),
      lr = Math.log(r);
    const den = ll - 2 * lc + lr;
    if (den < 0) delta = Math.max(-0.5, Math.min(0.5, (0.5 * (ll - lr)) / den));
  }
  return { hz: (best + delta) * spec.df, amplitude: Math.sqrt((l * l + c * c + r * r) / HANN_ENBW_BINS), bin: best };
}

const scratch = { buf: new Float64Array(1024) };

/** Median of line[a…b] (inclusive) by quickselect on a scratch copy (Hoare's FIND, O(n)). */
function medianOf(line: Float64Array, a: number, b: number): number {
  const n = b - a + 1;
  if (n <= 0) return 0;
  if (scratch.buf.length < n) scratch.buf = new Float64Array(n);
  const v = scratch.buf;
  for (let i = 0; i < n; i++) v[i] = line[a + i]!;
  const select = (k: number): number => {
    let lo = 0,
      hi = n - 1;
    while (hi > lo) {
      const pivot = v[(lo + hi) >> 1]!;
      let i = lo,
        j = hi;
      while (i <= j) {
        while (v[i]! < pivot) i++;
        while (v[j]! > pivot) j--;
        if (i <= j) {
          const t = v[i]!;
          v[i] = v[j]!;
          v[j] = t;
          i++;
          j--;
        }
      }
      if (k <= j) hi = j;
      else if (k >= i) lo = i;
      else return v[k]!;
    }
    return v[k]!;
  };
  const m = n >> 1;
  if (n % 2) return select(m);
  const upper = select(m);
  let lower = -Infinity; // the largest of v[0…m−1] after selecting m
  for (let i = 0; i < m; i++) if (v[i]! > lower) lower = v[i]!;
  return (lower + upper) / 2;
}

/**
 * The r.m.s. of a {@link lineAt} measurement on noise alone, in medians of the noise bins:
 * noise bins are Rayleigh distributed (median 1.1774σ, r.m.s. √2σ), and a 3-bin line sums
 * three of them over the ENBW 1.5: sqrt(3·2σ²/1.5) = 2σ = 1.699 × median (Bendat & Piersol
 * 2010 §8.5, chi-square statistics of spectral estimates).
 */
export const FLOOR_PER_MEDIAN = 2 / Math.sqrt(2 * Math.LN2);

/** Widest half-window of {@link floorAt}, bins (129 bins hold a stable median; cost bounded). */
export const FLOOR_MAX_HALF_BINS = 64;

/**
 * Local noise floor around a frequency, on the footing of {@link lineAt}: {@link FLOOR_PER_MEDIAN}
 * × the median of the bins within ±20 % of it (at least ±8, at most ±64 bins; lines occupy a few
 * bins and do not move a median of ≥ 17).
 */
export function floorAt(line: Float64Array, spec: AxisSpectrum, hz: number): number {
  const half = Math.min(FLOOR_MAX_HALF_BINS, Math.max(8, Math.round((0.2 * hz) / spec.df)));
  const k = binOf(spec, hz);
  return FLOOR_PER_MEDIAN * medianOf(line, Math.max(1, k - half), Math.min(line.length - 1, k + half));
}

/** Floor of a region (as {@link floorAt}) from the bins between two frequencies. */
export function floorBetween(line: Float64Array, spec: AxisSpectrum, loHz: number, hiHz: number): number {
  return (
    FLOOR_PER_MEDIAN *
    medianOf(line, Math.max(1, Math.ceil(loHz / spec.df)), Math.min(line.length - 1, Math.floor(hiHz / spec.df)))
  );
}

/** g RMS → mm/s RMS of a line at f Hz. */
export function gToMmPerS(g: number, hz: number): number {
  return hz > 0 ? (g * STANDARD_GRAVITY_MM_PER_S2) / (2 * Math.PI * hz) : 0;
}
