/**
 * Standard acceleration of gravity in mm/s²: 1 g = 9.806 65 m/s² exactly
 * (CGPM 1901; ISO 80000-3:2019, item 3-9 note). Converts accelerations in g to mm/s².
 */
export const STANDARD_GRAVITY_MM_PER_S2 = 9806.65;

/** Unit of an amplitude spectrum or telemetry value: acceleration in g, velocity in mm/s. */
export type VibrationUnit = 'g' | 'mm/s';
