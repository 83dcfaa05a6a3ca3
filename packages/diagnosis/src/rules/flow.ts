import { isPresent } from '../features/spectrum-lines.ts';
import type { Finding } from '../types.ts';
import type { Rule } from './rule.ts';
import { abnormal, finding, statEvidence, strongest } from './support.ts';
import { IMPULSIVE_KURTOSIS } from './broadband.ts';

/**
 * Pump rules: cavitation and flow-induced vibration (docs/diagnosis-parts/machine.md). Neither
 * pattern has an absolute level in a standard, so both need the point's baseline.
 */

/**
 * cavitation (`pump.cavitation`): pumps only; the 1…5 kHz acceleration band grew abnormally over
 * the baseline (≥ 6 dB) while the signal stays random, not impulsive (kurtosis below
 * {@link IMPULSIVE_KURTOSIS}: collapsing vapour bubbles give broadband random noise, not the
 * periodic impacts of a bearing).
 *
 * Sources: Scheffer & Girdhar 2004 §6.8 (cavitation: random high-frequency broadband energy);
 * ISO 10816-7:2009 (rotodynamic pumps; cavitation and flow conditions raise vibration);
 * McNulty & Pearsall 1982 (cavitation inception detected by high-frequency noise).
 */
export const cavitationRule: Rule = (features, context, axes) => {
  if (!context.kinematics.pump || !context.baseline) return [];
  const out: Finding[] = [];
  for (const axis of axes) {
    const f = features.axes[axis];
    const band = f.spectrum.accelerationBands.g1kTo5k;
    if (!(band > 0) || f.time.kurtosis >= IMPULSIVE_KURTOSIS) continue;
    const key = `${axis}.spectrum.accelerationBands.g1kTo5k`;
    const gate = abnormal(context, 'A', key, band, 0, false);
    if (!gate) continue;
    out.push(
      finding('cavitation', 'pump.cavitation', { ...gate, zone: f.spectrum.isoZone }, 0.6, gate.changeDb ?? 0, [
        statEvidence('BAND', axis, 'band:1000-5000Hz', band, 'g', 'spectrum', gate.baseline),
        statEvidence('TIME', axis, 'kurtosis', f.time.kurtosis, '', 'time', null),
      ]),
    );
  }
  return strongest(out);
};

/**
 * flow_induced_fault (`pump.flow`): pumps only; the sub-synchronous band 0.4…0.9× grew abnormally
 * over the baseline (≥ 6 dB and ISO criterion II) without a distinct 0.5× line (turbulence and
 * recirculation are broadband and random; a line would be whirl, a belt or looseness).
 *
 * Sources: Scheffer & Girdhar 2004 §6.8 (flow turbulence: random low-frequency vibration below
 * running speed; recirculation); ISO 10816-7:2009 Annex A (operation away from the best
 * efficiency point raises broadband vibration).
 */
export const flowRule: Rule = (features, context, axes) => {
  if (!context.kinematics.pump || !context.baseline) return [];
  const out: Finding[] = [];
  for (const axis of axes) {
    const s = features.axes[axis].spectrum;
    if (!s.orderBands || !s.orders || isPresent(s.orders.o0_5)) continue;
    const key = `${axis}.spectrum.orderBands.subSyncMmPerS`;
    const gate = abnormal(context, 'A', key, s.orderBands.subSyncMmPerS, 0, true);
    if (!gate) continue;
    out.push(
      finding('flow_induced_fault', 'pump.flow', { ...gate, zone: s.isoZone }, 0.5, gate.changeDb ?? 0, [
        statEvidence('BAND', axis, 'band:0.4-0.9X', s.orderBands.subSyncMmPerS, 'mm/s', 'spectrum', gate.baseline),
      ]),
    );
  }
  return strongest(out);
};
