import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AXIS_KEYS,
  errorBody,
  measurementDetail,
  measurementListQuery,
  measurementListResponse,
  senseway,
  type MeasurementDetail,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { nodePath } from '../points/repo.ts';
import { listMeasurements, toListItem } from './repo.ts';
import { loadWaveformG } from './waveform.ts';

export async function measurementRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/measurement', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['measurements'],
      summary: 'Search measurements (newest first, paged)',
      querystring: measurementListQuery,
      response: { 200: measurementListResponse },
    },
    handler: async (req) => {
      const auth = authOf(req);
      return listMeasurements(ctx.db, auth.customerId, auth.userId, req.query);
    },
  });

  r.get('/measurement/:id', {
    config: { access: needs('readMeasurement') },
    schema: {
      tags: ['measurements'],
      summary: 'One measurement with its samples (g) and telemetry',
      description:
        '`data[axis]` holds the samples in g at `calibratedSamplingRate` Hz, decoded from the stored raw int16 stream. Another customer’s measurement answers 404.',
      params: z.object({ id: z.string() }),
      response: { 200: measurementDetail, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const m = await ctx.db
        .selectFrom('measurements as m')
        .leftJoin('users as u', 'u.id', 'm.user_id')
        .selectAll('m')
        .select(['u.name as user_name', 'u.surname as user_surname'])
        .where('m.id', '=', req.params.id)
        .where('m.customer_id', '=', auth.customerId)
        .executeTakeFirst();
      if (!m) throw new AppError('MEASUREMENT_NOT_FOUND');
      const wave =
        m.waveform_key && m.state === 'persisted' ? await loadWaveformG(ctx.storage, m.waveform_key, m.range_index) : null;
      const telemetry = await ctx.db
        .selectFrom('telemetry_values')
        .select(['telemetry', 'source', 'value', 'unit', 'device_reported'])
        .where('measurement_id', '=', m.id)
        .where('customer_id', '=', auth.customerId)
        .orderBy('telemetry')
        .orderBy('source')
        .execute();
      const path = m.point_id ? await nodePath(ctx.db, auth.customerId, m.point_id) : [];
      const device = await ctx.db.selectFrom('devices').select('type').where('mac', '=', m.device_mac).executeTakeFirst();
      const detail: MeasurementDetail = {
        ...toListItem(m, m.point_id ? path : null),
        note: m.note,
        device: { type: device?.type ?? 'SENSEWAY' },
        calibratedSamplingRate: m.calibrated_sampling_rate,
        startedAt: m.started_at ? m.started_at.toISOString() : null,
        profile: {
          sampleSize: m.sample_size,
          samplingRate: m.rate_index,
          accelerometerRange: { index: m.range_index, value: senseway.rangeFullScaleG(m.range_index) },
        },
        measurementData: wave ? AXIS_KEYS.map((key) => ({ key, unit: 'g' })) : [],
        data: wave
          ? { accelerometer_x: Array.from(wave.x), accelerometer_y: Array.from(wave.y), accelerometer_z: Array.from(wave.z) }
          : {},
        telemetry: telemetry.map((t) => ({
          name: t.telemetry,
          telemetry: t.telemetry,
          source: t.source,
          sensor: t.source,
          value: t.value,
          unit: t.unit,
          deviceReported: t.device_reported,
        })),
      };
      return detail;
    },
  });
}
