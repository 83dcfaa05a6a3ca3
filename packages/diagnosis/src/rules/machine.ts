import { beltRule, electricalRule, gearRule } from './drive.ts';
import { beatRule, impactingRule, resonanceRule, skiSlopeRule } from './broadband.ts';
import { cavitationRule, flowRule } from './flow.ts';
import type { Rule } from './rule.ts';
import { loosenessRule, misalignmentRule, unbalanceRule } from './shaft.ts';

export { unidentifiedRule } from './unidentified.ts';

/**
 * The machine rules other than the bearing's (docs/diagnosis-parts/machine.md): shaft (unbalance,
 * misalignment, looseness), drive train (gear, belt, electrical), pump (cavitation, flow) and
 * broadband patterns (resonance, impacting, ski slope, beat). Each reads only the sound axes and
 * reports at most one finding.
 */
export const machineRules: readonly Rule[] = [
  unbalanceRule,
  misalignmentRule,
  loosenessRule,
  gearRule,
  beltRule,
  electricalRule,
  cavitationRule,
  flowRule,
  resonanceRule,
  impactingRule,
  skiSlopeRule,
  beatRule,
];
