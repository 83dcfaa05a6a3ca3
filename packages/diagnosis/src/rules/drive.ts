import { isPresent } from '../features/spectrum-lines.ts';
import type { Evidence, Finding } from '../types.ts';
import type { Rule } from './rule.ts';
import { abnormal, finding, isoEvidence, lineEvidence, statEvidence, strongest } from './support.ts';

/**
 * Drive-train rules: gears, belts, the electric motor (docs/diagnosis-parts/machine.md).
 */

/** Sidebands (of the 4 at ±1, ±2 shaft orders) that must be present around a mesh harmonic: 2. */
export const GEAR_MIN_SIDEBANDS = 2;
/**
 * Sideband family (quadrature sum) relative to its mesh line that is abnormal without a
 * baseline: 0.5 (−6 dB). Amplitude modulation of index m gives first sidebands of m/2 each; a
 * family reaching half the carrier means modulation index ≳ 0.7, the strong modulation a local
 * tooth fault or eccentricity produces (Randall 2011 §5.5.1–5.5.2), whereas sidebands of a sound
 * gear lie well below the carrier.
 */
export const GEAR_SIDEBAND_RATIO = 0.5;

/**
 * gear_failure (`gear.mesh`): only with gear meshes; a present mesh harmonic (1…3) with ≥ 2
 * sidebands at one shaft's speed, and either the sideband family ≥ {@link GEAR_SIDEBAND_RATIO}
 * of the mesh line, or abnormal (zone C/D, or the mesh line or its sidebands grew ≥ 6 dB over the
 * baseline; acceleration, so no ISO criterion II).
 *
 * Sources: Randall, *Vibration-based Condition Monitoring* 2011 §2.3 (gear mesh, modulation
 * sidebands at either shaft speed) and §5.5 (gear diagnostics: growth of sidebands); Scheffer &
 * Girdhar 2004 §6.5.
 */
export const gearRule: Rule = (features, context, axes) => {
  const shaftHz = features.shaft.hz;
  if (!context.kinematics.gearMeshes.length) return [];
  const out: Finding[] = [];
  for (const axis of axes) {
    const s = features.axes[axis].spectrum;
    if (!s.gear) continue;
    for (const [mesh, harmonics] of Object.entries(s.gear))
      for (const [h, m] of Object.entries(harmonics)) {
        if (!isPresent(m.line)) continue;
        const useA = m.sidebandsAG >= m.sidebandsBG;
        const present = useA ? m.sidebandsAPresent : m.sidebandsBPresent;
        const family = useA ? m.sidebandsAG : m.sidebandsBG;
        if (present < GEAR_MIN_SIDEBANDS) continue;
        const base = `${axis}.spectrum.gear.${mesh}.${h}`;
        const floorG = (m.line.floorMmPerS / Math.max(m.line.mmPerS, 1e-12)) * m.line.g;
        const gate =
          abnormal(context, s.isoZone, `${base}.line.g`, m.line.g, floorG, false) ??
          abnormal(context, s.isoZone, `${base}.sidebands${useA ? 'A' : 'B'}G`, family, floorG, false) ??
          (family >= GEAR_SIDEBAND_RATIO * m.line.g ? { zone: s.isoZone, changeDb: null, baseline: null } : null);
        if (!gate) continue;
        const evidence: Evidence[] = [
          {
            ...lineEvidence('GMF', axis, m.line, shaftHz, context, `${base}.line.mmPerS`, `${mesh}:${h}`),
            amplitude: m.line.g,
            unit: 'g',
            baselineAmplitude: null,
          },
          statEvidence('SIDEBAND', axis, `sidebands:${useA ? 'shaft1' : 'shaft2'}:${present}`, family, 'g', 'spectrum', null),
          isoEvidence(axis, features, context),
        ];
        const confidence = 0.5 + 0.1 * present;
        out.push(finding('gear_failure', 'gear.mesh', gate, confidence, family / Math.max(m.line.g, 1e-12), evidence));
      }
  }
  return strongest(out);
};

/**
 * pulley_and_belt (`belt.drive`): only with belt data; the largest line below both pulleys'
 * speeds present with ≥ 1 of its 2nd/3rd harmonics present, at least as large as the 1×, and
 * abnormal on it (zone C/D or ISO criterion II growth).
 *
 * Sources: Scheffer & Girdhar 2004 §6.6 (belt frequencies are sub-synchronous, with harmonics,
 * 2× belt frequency often dominant); Taylor 2003 ch. 4.
 */
export const beltRule: Rule = (features, context, axes) => {
  if (!context.kinematics.belt) return [];
  const shaftHz = features.shaft.hz;
  const out: Finding[] = [];
  for (const axis of axes) {
    const s = features.axes[axis].spectrum;
    const b = s.belt;
    if (!b || !s.orders || !isPresent(b.subSync) || b.harmonicsPresent < 1) continue;
    if (b.subSync.mmPerS < s.orders.o1.mmPerS) continue;
    const key = `${axis}.spectrum.belt.subSync.mmPerS`;
    const gate = abnormal(context, s.isoZone, key, b.subSync.mmPerS, b.subSync.floorMmPerS, true);
    if (!gate) continue;
    const evidence = [lineEvidence('BELT', axis, b.subSync, shaftHz, context, key), isoEvidence(axis, features, context)];
    out.push(
      finding(
        'pulley_and_belt',
        'belt.drive',
        gate,
        0.5 + 0.15 * b.harmonicsPresent,
        b.subSync.mmPerS / Math.max(s.orders.o1.mmPerS, 1e-12),
        evidence,
      ),
    );
  }
  return strongest(out);
};

/**
 * electrical_fault (`motor.electrical`): only on electric motors, and only when twice mains lies
 * ≥ 3 lines from every running-speed harmonic (else 2× mains and a mechanical harmonic cannot be
 * told apart at this resolution); 2× mains present and larger than both 1× and 2×, abnormal on
 * it. Pole-pass sidebands around 1×, when resolved, are added as evidence.
 *
 * Sources: Scheffer & Girdhar 2004 §6.7 (stator eccentricity, soft foot, shorted laminations:
 * 2× line frequency; rotor bars: pole-pass sidebands); Thomson & Fenger, IEEE Industry
 * Applications Magazine 7(4) 2001 (MCSA); ISO 20958:2013 (electrical signature analysis of
 * three-phase induction motors).
 */
export const electricalRule: Rule = (features, context, axes) => {
  if (!context.kinematics.electricMotor) return [];
  const shaftHz = features.shaft.hz;
  const out: Finding[] = [];
  for (const axis of axes) {
    const s = features.axes[axis].spectrum;
    const e = s.electrical;
    if (!e || !s.orders || e.separable !== 1 || !isPresent(e.mains2x)) continue;
    if (e.mains2x.mmPerS <= s.orders.o1.mmPerS || e.mains2x.mmPerS <= s.orders.o2.mmPerS) continue;
    const key = `${axis}.spectrum.electrical.mains2x.mmPerS`;
    const gate = abnormal(context, s.isoZone, key, e.mains2x.mmPerS, e.mains2x.floorMmPerS, true);
    if (!gate) continue;
    const evidence: Evidence[] = [lineEvidence('MAINS_2X', axis, e.mains2x, shaftHz, context, key)];
    if (e.polePassMmPerS > 0)
      evidence.push({
        ...statEvidence('POLE_PASS', axis, 'pole-pass', e.polePassMmPerS, 'mm/s', 'spectrum', null),
        frequencyHz: e.polePassSidebandHz,
        order: shaftHz ? e.polePassSidebandHz / shaftHz : null,
        label: `pole-pass:${e.polePassHz.toFixed(2)}Hz`,
      });
    evidence.push(isoEvidence(axis, features, context));
    out.push(
      finding(
        'electrical_fault',
        'motor.electrical',
        gate,
        e.polePassMmPerS > 0 ? 0.8 : 0.6,
        e.mains2x.mmPerS / Math.max(s.orders.o1.mmPerS, 1e-12),
        evidence,
      ),
    );
  }
  return strongest(out);
};
