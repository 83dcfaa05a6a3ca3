import { isPresent } from '../features/spectrum-lines.ts';
import type { OrderKey } from '../features/spectrum-features.ts';
import type { Evidence, Finding } from '../types.ts';
import type { Rule } from './rule.ts';
import { abnormal, finding, isoEvidence, lineEvidence, radialAxes, strongest } from './support.ts';

/**
 * Running-speed rules: unbalance, misalignment, mechanical looseness (docs/diagnosis-parts/machine.md).
 */

/**
 * Share of the ISO-band energy (10…1000 Hz) a line family must carry to "dominate" the spectrum:
 * the majority, 50 % (amplitude ≥ 1/√2 of the overall r.m.s.).
 */
export const DOMINANT_ENERGY_SHARE = 0.5;
/**
 * 2× relative to 1× that marks misalignment, and below which harmonics count as "low" for
 * unbalance: 0.5 (Scheffer & Girdhar 2004 §6.3: 2× at 50 % or more of 1× points to misalignment;
 * Piotrowski, *Shaft Alignment Handbook* 3rd ed. 2006 ch. 2).
 */
export const MISALIGNMENT_2X_RATIO = 0.5;
/**
 * Axial reading relative to the radial one that marks misalignment: 0.5 (Scheffer & Girdhar
 * 2004 §6.3: axial vibration above 50 % of the radial indicates misalignment).
 */
export const AXIAL_RATIO = 0.5;
/** Harmonics 2×…10× that must be present for looseness: 5 of 9, "many harmonics" (Scheffer & Girdhar 2004 §6.4). */
export const LOOSENESS_MIN_HARMONICS = 5;
/** Half orders (0.5×, 1.5×, 2.5×) that must be present for looseness: 2 of 3 (same source: half harmonics). */
export const LOOSENESS_MIN_HALF_ORDERS = 2;

const sq = (x: number) => x * x;

/**
 * unbalance (`shaft.unbalance`): a radial 1× that dominates (carries ≥ 50 % of the ISO-band
 * energy), harmonics 2× and 3× each below half of it, and (when the axial axis is known and sound)
 * the axial 1× below the radial one; abnormal (support.ts `abnormal`) on the 1×.
 *
 * Sources: Scheffer & Girdhar, *Practical Machinery Vibration Analysis* 2004 §6.2 (unbalance: a
 * high radial 1× with low harmonics, low axial); ISO 13373-3:2015 Table A.1 (symptoms of
 * unbalance); Taylor, *The Vibration Analysis Handbook* 2003 ch. 4.
 */
export const unbalanceRule: Rule = (features, context, axes) => {
  const shaftHz = features.shaft.hz;
  const axial = context.kinematics.axialAxis;
  const out: Finding[] = [];
  for (const axis of radialAxes(axes, context)) {
    const s = features.axes[axis].spectrum;
    const o = s.orders;
    if (!o || !isPresent(o.o1)) continue;
    if (sq(o.o1.mmPerS) < DOMINANT_ENERGY_SHARE * sq(s.vrmsIsoMmPerS)) continue;
    if (o.o2.mmPerS >= MISALIGNMENT_2X_RATIO * o.o1.mmPerS || o.o3.mmPerS >= MISALIGNMENT_2X_RATIO * o.o1.mmPerS) continue;
    const axialO1 = axial && axes.includes(axial) ? features.axes[axial].spectrum.orders?.o1 : null;
    if (axialO1 && axialO1.mmPerS >= o.o1.mmPerS) continue;
    const key = `${axis}.spectrum.orders.o1.mmPerS`;
    const gate = abnormal(context, s.isoZone, key, o.o1.mmPerS, o.o1.floorMmPerS, true);
    if (!gate) continue;
    const evidence: Evidence[] = [lineEvidence('1X', axis, o.o1, shaftHz, context, key), isoEvidence(axis, features, context)];
    const confidence = 0.6 + (axialO1 ? 0.2 : 0) + (sq(o.o1.mmPerS) >= 0.8 * sq(s.vrmsIsoMmPerS) ? 0.2 : 0);
    out.push(finding('unbalance', 'shaft.unbalance', gate, confidence, o.o1.mmPerS / Math.max(s.vrmsIsoMmPerS, 1e-12), evidence));
  }
  return strongest(out);
};

/**
 * misalignment (`shaft.misalignment`): on a radial axis a present 2× of at least half the 1×,
 * with 1× + 2× + 3× carrying ≥ 50 % of the ISO-band energy, and
 * - axial axis known and sound: its 1× or 2× at least half of the radial one's;
 * - axial unknown: 2× at least equal to 1× (the radial reading alone must be unambiguous);
 * abnormal on the 2×.
 *
 * Sources: Scheffer & Girdhar 2004 §6.3 (2× ≥ 50 % of 1×, axial > 50 % of radial); Piotrowski,
 * *Shaft Alignment Handbook* 3rd ed. 2006 ch. 2; ISO 13373-3:2015 Table A.1.
 */
export const misalignmentRule: Rule = (features, context, axes) => {
  const shaftHz = features.shaft.hz;
  const axial = context.kinematics.axialAxis;
  const axialOrders = axial && axes.includes(axial) ? features.axes[axial].spectrum.orders : null;
  const out: Finding[] = [];
  for (const axis of radialAxes(axes, context)) {
    const s = features.axes[axis].spectrum;
    const o = s.orders;
    if (!o || !isPresent(o.o2)) continue;
    if (o.o2.mmPerS < MISALIGNMENT_2X_RATIO * o.o1.mmPerS) continue;
    if (sq(o.o1.mmPerS) + sq(o.o2.mmPerS) + sq(o.o3.mmPerS) < DOMINANT_ENERGY_SHARE * sq(s.vrmsIsoMmPerS)) continue;
    const evidence: Evidence[] = [];
    if (axialOrders) {
      const ax = axialOrders.o2.mmPerS >= axialOrders.o1.mmPerS ? axialOrders.o2 : axialOrders.o1;
      if (Math.max(axialOrders.o1.mmPerS, axialOrders.o2.mmPerS) < AXIAL_RATIO * Math.max(o.o1.mmPerS, o.o2.mmPerS)) continue;
      evidence.push(lineEvidence(ax === axialOrders.o2 ? '2X' : '1X', axial!, ax, shaftHz, context, null, 'axial'));
    } else if (o.o2.mmPerS < o.o1.mmPerS) continue;
    const key = `${axis}.spectrum.orders.o2.mmPerS`;
    const gate = abnormal(context, s.isoZone, key, o.o2.mmPerS, o.o2.floorMmPerS, true);
    if (!gate) continue;
    evidence.unshift(
      lineEvidence('2X', axis, o.o2, shaftHz, context, key),
      lineEvidence('1X', axis, o.o1, shaftHz, context, `${axis}.spectrum.orders.o1.mmPerS`),
    );
    evidence.push(isoEvidence(axis, features, context));
    const confidence = axialOrders ? 0.8 : 0.6;
    out.push(
      finding('misalignment', 'shaft.misalignment', gate, confidence, o.o2.mmPerS / Math.max(o.o1.mmPerS, 1e-12), evidence),
    );
  }
  return strongest(out);
};

const HARMONICS: OrderKey[] = ['o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'o9', 'o10'];
const HALF_ORDERS: OrderKey[] = ['o0_5', 'o1_5', 'o2_5'];

/**
 * mechanical-looseness (`shaft.looseness`): ≥ 5 of the harmonics 2×…10× and ≥ 2 of the half
 * orders 0.5×, 1.5×, 2.5× present, the running-speed family (1×…10× and the half orders)
 * carrying ≥ 50 % of the ISO-band energy; abnormal on the 3×…10× band.
 *
 * Sources: Scheffer & Girdhar 2004 §6.4 (looseness: many running-speed harmonics, often half
 * harmonics, a raised floor); Taylor 2003 ch. 4; ISO 13373-3:2015 Table A.1.
 */
export const loosenessRule: Rule = (features, context, axes) => {
  const shaftHz = features.shaft.hz;
  const out: Finding[] = [];
  for (const axis of axes) {
    const s = features.axes[axis].spectrum;
    const o = s.orders;
    if (!o || !s.orderBands) continue;
    const harmonics = HARMONICS.filter((k) => isPresent(o[k]));
    const halves = HALF_ORDERS.filter((k) => isPresent(o[k]));
    if (harmonics.length < LOOSENESS_MIN_HARMONICS || halves.length < LOOSENESS_MIN_HALF_ORDERS) continue;
    let family = sq(o.o1.mmPerS);
    for (const k of [...harmonics, ...halves]) family += sq(o[k].mmPerS);
    if (family < DOMINANT_ENERGY_SHARE * sq(s.vrmsIsoMmPerS)) continue;
    const key = `${axis}.spectrum.orderBands.harm3to10MmPerS`;
    const gate = abnormal(context, s.isoZone, key, s.orderBands.harm3to10MmPerS, 0, true);
    if (!gate) continue;
    // the half orders first (the telling part), then the strongest harmonics
    const top = [...harmonics].sort((a, b) => o[b].mmPerS - o[a].mmPerS).slice(0, 4);
    const evidence: Evidence[] = [...halves, ...top].map((k) =>
      lineEvidence(
        k === 'o0_5' ? '0.5X' : k === 'o2' ? '2X' : 'nX',
        axis,
        o[k],
        shaftHz,
        context,
        `${axis}.spectrum.orders.${k}.mmPerS`,
      ),
    );
    evidence.push(isoEvidence(axis, features, context));
    const confidence =
      0.5 + 0.05 * (harmonics.length - LOOSENESS_MIN_HARMONICS) + 0.1 * (halves.length - LOOSENESS_MIN_HALF_ORDERS + 1);
    out.push(finding('mechanical-looseness', 'shaft.looseness', gate, confidence, harmonics.length + halves.length, evidence));
  }
  return strongest(out);
};
