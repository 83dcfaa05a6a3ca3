import { describe, expect, it } from 'vitest';
import { withoutExplainedImpacts } from './diagnose.ts';
import type { Finding } from './types.ts';

const f = (fault: Finding['fault'], bearingComponent: Finding['bearingComponent'] = null): Finding => ({
  fault,
  bearingComponent,
  severity: 'attention',
  confidence: 0.8,
  score: 2,
  evidence: [],
  rule: 'test',
});

describe('diagnose: composition', () => {
  it('drops impacting_failure beside a bearing fault (its impacts are the bearing defect’s), keeps it alone', () => {
    const withBearing = withoutExplainedImpacts([f('bearing_failure', 'outer_race'), f('impacting_failure'), f('unbalance')]);
    expect(withBearing.map((x) => x.fault)).toEqual(['bearing_failure', 'unbalance']);
    const early = withoutExplainedImpacts([f('early_stage_bearing_failure', 'inner_race'), f('impacting_failure')]);
    expect(early.map((x) => x.fault)).toEqual(['early_stage_bearing_failure']);
    expect(withoutExplainedImpacts([f('impacting_failure'), f('misalignment')]).map((x) => x.fault)).toEqual([
      'impacting_failure',
      'misalignment',
    ]);
  });
});
