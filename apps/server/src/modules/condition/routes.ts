import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_HEADER, conditionResponse, errorBody, timeZoneOffsetMinutes } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { resolveLanguage } from '../../infra/i18n.ts';
import { authOf, needs } from '../auth/access.ts';
import { withPoint } from '../point-config/with-point.ts';
import { conditionOf } from './service.ts';

/**
 * The point's condition-control tab (spec 001 §2 point detail tabs; issue 16;
 * docs/condition-control.md): `GET /point/{id}/condition`.
 */
export async function conditionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/point/:id/condition', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['condition'],
      summary: "The point's condition at a glance",
      description:
        'ISO 10816-1 zone per axis (latest VRMS_ISO10816, mm/s, on the zone boundaries of the point’s machine class), the point’s health now and the worst alarm level of each of the last 30 days (customer’s time zone), open fault reports (severity, time to stop), active alarms, the sensor’s state (battery V, latest scan RSSI and status, last measurement, open sensor-integrity reports) and the next periodic measurement. `activeAlarms` and `health.history` are null without readAlarm; `faultReports` and `sensor.integrityReports` null without readFaultReport. Another customer’s point answers 404 exactly like a missing one.',
      params: z.object({ id: z.string() }),
      response: { 200: conditionResponse, 404: errorBody },
    },
    handler: (req) =>
      withPoint(ctx.db, req, ({ customerId, pointId }) => {
        const { permissions } = authOf(req);
        return conditionOf(
          ctx.db,
          customerId,
          pointId,
          { readAlarm: permissions.has('readAlarm'), readFaultReport: permissions.has('readFaultReport') },
          resolveLanguage(req.headers[LANGUAGE_HEADER]),
          timeZoneOffsetMinutes(req.customer?.preferences.localization.timeZone),
        );
      }),
  });
}
