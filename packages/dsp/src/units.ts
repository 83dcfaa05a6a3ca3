/**
 * Units of @overtone/dsp: physical constants and branded number types.
 *
 * A branded type (`Hz`, `G`, `MmPerS`, …) is a `number` at run time with a compile-time tag, so a
 * frequency cannot be passed where an acceleration is expected by mistake. Branded values are
 * assignable to `number` (results can be used as plain numbers); plain numbers become branded
 * through the tiny constructors below (`hz(29.95)`), which only cast.
 */

/**
 * Standard acceleration of gravity in mm/s²: 1 g = 9.806 65 m/s² exactly
 * (CGPM 1901; ISO 80000-3:2019, item 3-9 note). Converts accelerations in g to mm/s².
 * (Spec 002 §9 writes "1 g is 9.8065 mm/s²": that is the value in m/s²; we use the physical
 * constant in mm/s².)
 */
export const STANDARD_GRAVITY_MM_PER_S2 = 9806.65;

/** Unit of an amplitude spectrum or telemetry value: acceleration in g or mm/s², velocity in mm/s. */
export type VibrationUnit = 'g' | 'mm/s' | 'mm/s²';

declare const unitBrand: unique symbol;
/** A number tagged with its unit `U` at compile time (no run-time cost). */
export type Branded<U extends string> = number & { readonly [unitBrand]: U };

/** Frequency in hertz. */
export type Hz = Branded<'Hz'>;
/** Acceleration in g (standard gravity). */
export type G = Branded<'g'>;
/** Velocity in mm/s. */
export type MmPerS = Branded<'mm/s'>;
/** Acceleration in mm/s². */
export type MmPerS2 = Branded<'mm/s²'>;
/** Time in seconds. */
export type Seconds = Branded<'s'>;
/** Angle in degrees. */
export type Degrees = Branded<'deg'>;

/** Tags a frequency in Hz. @example hz(29.95) */
export const hz = (v: number): Hz => v as Hz;
/** Tags an acceleration in g. @example g(0.7071) */
export const g = (v: number): G => v as G;
/** Tags a velocity in mm/s. @example mmPerS(11.036) */
export const mmPerS = (v: number): MmPerS => v as MmPerS;
/** Tags an acceleration in mm/s². @example mmPerS2(9806.65) */
export const mmPerS2 = (v: number): MmPerS2 => v as MmPerS2;
/** Tags a time in s. @example seconds(0.001) */
export const seconds = (v: number): Seconds => v as Seconds;
/** Tags an angle in degrees. @example degrees(90) */
export const degrees = (v: number): Degrees => v as Degrees;

/** Converts an acceleration in g to mm/s² (× 9806.65). @example gToMmPerS2(g(1)) // 9806.65 */
export function gToMmPerS2(a: G | number): MmPerS2 {
  return (a * STANDARD_GRAVITY_MM_PER_S2) as MmPerS2;
}

/**
 * Rotational speed in revolutions per minute from a frequency in hertz: 1 Hz = 60 rev/min (ISO
 * 80000-3:2019, item 3-16; spec 002 "RPM is 60 times" the Hz).
 * @param f frequency, Hz
 * @returns rev/min
 */
export const hzToRpm = (f: number) => f * 60;

/**
 * Frequency in hertz from a rotational speed in revolutions per minute (the inverse of {@link hzToRpm}).
 * @param rpm rev/min
 * @returns Hz
 */
export const rpmToHz = (rpm: number) => rpm / 60;
