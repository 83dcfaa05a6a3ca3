import { z } from 'zod';
import { conditionResponse } from '../condition.ts';
import { endpoint } from './endpoint.ts';

/**
 * Condition control of a point (docs/condition-control.md). Server: modules/condition.
 */
export const CONDITION_ENDPOINTS = {
  getPointCondition: endpoint({
    method: 'GET',
    path: '/point/:id/condition',
    access: { permission: ['readPoint'] },
    tags: ['condition'],
    summary: "The point's condition at a glance",
    description:
      'ISO 10816-1 zone per axis (latest VRMS_ISO10816, mm/s, on the zone boundaries of the point’s machine class), the point’s health now and the worst alarm level of each of the last 30 days (customer’s time zone), open fault reports (severity, time to stop), active alarms, the sensor’s state (battery V, latest scan RSSI and status, last measurement, open sensor-integrity reports) and the next periodic measurement. `activeAlarms` and `health.history` are null without readAlarm; `faultReports` and `sensor.integrityReports` null without readFaultReport. Another customer’s point answers 404 exactly like a missing one.',
    params: z.object({ id: z.string() }),
    response: conditionResponse,
    errors: [404],
  }),
};
