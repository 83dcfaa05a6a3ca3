/** Frequency in Hz (or RPM) for readouts: 2 decimals. */
export const formatFrequency = (v: number) => v.toFixed(2);

/** Shaft speed in RPM for readouts: whole revolutions. */
export const formatRpm = (v: number) => v.toFixed(0);

/** Amplitude for readouts: 4 decimals (spec 002 §9), scientific notation for very small values. */
export function formatAmplitude(v: number): string {
  if (v === 0 || !Number.isFinite(v)) return String(v);
  return Math.abs(v) >= 1e-3 ? v.toFixed(4) : v.toExponential(3);
}
