import { hzToRpm } from '@overtone/dsp';

/**
 * The values of `referenceFrequencyValue` ("{{hz}} Hz ({{rpm}} RPM)"): Hz to 2 decimals (trailing
 * zeros dropped), RPM to a whole number. A point entered as 1480 RPM reads "24.67 Hz (1480 RPM)",
 * not 24.666666666666668.
 */
export const referenceFrequencyParams = (hz: number) => ({
  hz: String(Math.round(hz * 100) / 100),
  rpm: String(Math.round(hzToRpm(hz))),
});
