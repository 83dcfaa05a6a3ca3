import { bearingEnvelopeRule } from './bearing-envelope.ts';
import { bearingLubricationRule } from './bearing-lubrication.ts';
import type { Rule } from './rule.ts';

/**
 * Rolling-bearing rules (docs/diagnosis-parts/bearing.md): `bearing.envelope` (bearing_failure /
 * early_stage_bearing_failure with the component, from the squared-envelope spectrum of the
 * spectral-kurtosis band) and `bearing.lubrication` (insufficient_lubrication against the
 * baseline).
 */
export const bearingRules: readonly Rule[] = [bearingEnvelopeRule, bearingLubricationRule];
