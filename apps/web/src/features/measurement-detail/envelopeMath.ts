/**
 * Settings arithmetic of the envelope spectrum (spec 002 §5, §9 "Envelope"): bandpass slider
 * limits and the default band, Hz. The bearing fault-frequency markers are the spectrum's
 * (BearingFaultButtons `useBearingFaultMarkers`, packages/dsp `bearingFaultFrequenciesHz`).
 */

// The band settings are shared with the server's envelope alarms (packages/contract/src/envelope.ts).
export {
  BANDPASS_MIN_HZ,
  BANDPASS_NYQUIST_MARGIN_HZ,
  DEFAULT_BAND_HIGH_HZ,
  DEFAULT_BAND_LOW_HZ,
  ENVELOPE_XLIM_HZ,
  bandpassLimits,
  defaultEnvelopeBand,
} from '@overtone/contract';
