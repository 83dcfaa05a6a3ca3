import { z } from 'zod';

/** Health of a point, ordered by alarm level (spec 000 §3, spec 002 §9). */
export const HEALTH_STATES = ['unknown', 'healthy', 'attention', 'hazard', 'critical', 'detection'] as const;
export const healthState = z.enum(HEALTH_STATES);
export type HealthState = z.infer<typeof healthState>;

/**
 * One node of `GET /tree`: a flat list; the client nests it by `parent` ('root' for top level).
 * `macAddress` is the attached device's MAC (points only) for the quick search.
 */
export const treeNode = z.object({
  _id: z.string(),
  name: z.string(),
  parent: z.string(),
  nodeType: z.enum(['group', 'point']),
  tagCode: z.string(),
  unansweredEvaluationsCount: z.number().int(),
  lastTelemetryValue: z.object({ value: z.number(), telemetry: z.string() }).nullable(),
  health: healthState,
  macAddress: z.string().nullable(),
});
export type TreeNode = z.infer<typeof treeNode>;
export const treeResponse = z.array(treeNode);
