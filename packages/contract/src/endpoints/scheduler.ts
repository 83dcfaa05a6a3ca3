import { z } from 'zod';
import {
  periodicBody,
  periodicResponse,
  pointTriggerBody,
  pointTriggerDeleteBody,
  pointTriggersResponse,
  triggerMac,
} from '../schedule.ts';
import { endpoint, idParams } from './endpoint.ts';

/**
 * Periodic and triggered measurement of a point (docs/scheduler.md). Server: modules/scheduler.
 */
export const SCHEDULER_ENDPOINTS = {
  getPointPeriodic: endpoint({
    method: 'GET',
    path: '/point/:id/periodic',
    access: { permission: ['readPoint'] },
    tags: ['point config'],
    summary: "The point's periodic setting and its scheduler job",
    description: 'Both fields are null when the point does not measure periodically.',
    params: idParams,
    response: periodicResponse,
    errors: [404],
  }),
  setPointPeriodic: endpoint({
    method: 'PUT',
    path: '/point/:id/periodic',
    access: { permission: ['updatePointConfig'] },
    tags: ['point config'],
    summary: 'Measure the point periodically',
    description:
      'Stores the sleep code (25…32 = 2^(code−15) s, ≈15 min … ≈36 h; default 26) and schedules the point: the server sends its measure command every interval (measurements arrive as PERIODIC). A new or changed code is first due one interval from now; saving the same code keeps the next run. The device is also sent the legacy sleep command (seconds), best effort.',
    params: idParams,
    body: periodicBody,
    response: periodicResponse,
    errors: [400, 404],
  }),
  deletePointPeriodic: endpoint({
    method: 'DELETE',
    path: '/point/:id/periodic',
    access: { permission: ['deletePointConfig'] },
    tags: ['point config'],
    summary: 'Stop measuring the point periodically',
    description: 'Removes the setting and its scheduler job (idempotent).',
    params: idParams,
    response: periodicResponse,
    errors: [404],
  }),
  getPointTrigger: endpoint({
    method: 'GET',
    path: '/point/:id/trigger',
    access: { permission: ['readPoint'] },
    tags: ['point config'],
    summary: 'Trigger devices assigned to the point',
    params: idParams,
    response: pointTriggersResponse,
    errors: [404],
  }),
  setPointTrigger: endpoint({
    method: 'PUT',
    path: '/point/:id/trigger',
    access: { permission: ['updatePointConfig'] },
    tags: ['point config'],
    summary: 'Assign a trigger device to the point',
    description:
      "`trigger` is the MAC of one of the customer's trigger devices (prefix CA:B8:25). Each event of that trigger (`<root>/trigger/<MAC>/event`) makes the point's sensor measure (TRIGGERED). Idempotent.",
    params: idParams,
    body: pointTriggerBody,
    response: pointTriggersResponse,
    errors: [400, 404],
  }),
  deletePointTrigger: endpoint({
    method: 'DELETE',
    path: '/point/:id/trigger',
    access: { permission: ['deletePointConfig'] },
    tags: ['point config'],
    summary: 'Unassign a trigger device from the point',
    description:
      'The trigger MAC comes in the body `{trigger}` (spec) or the `trigger` query parameter; without one every trigger of the point is unassigned. Idempotent.',
    params: idParams,
    query: z.object({ trigger: triggerMac.optional() }),
    // optional: a DELETE often has no body (Fastify then validates null)
    body: pointTriggerDeleteBody.nullish(),
    response: pointTriggersResponse,
    errors: [400, 404],
  }),
};
