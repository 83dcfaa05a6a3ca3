import { afterAll, beforeAll } from 'vitest';
import { ENDPOINTS, type AiPredictionsQuery } from '@overtone/contract';
import { callApi } from './endpoint-client.ts';
import { newId } from '../../src/infra/ids.ts';
import { waveformKey } from '../../src/modules/measurements/waveform.ts';
import { login, startTestServer } from './test-server.ts';
import { insertPoint } from './points.ts';
import { recordingBytes } from './recordings.ts';
import { createSecondTenant, OTHER_HOST } from './second-tenant.ts';
import { demoCustomerId, insertUser } from './users.ts';

/** Shared setup of ai-models.test.ts and ai-model-serving.test.ts: live bindings, read them inside tests. */
export const MODEL = 'bearing-condition-cwru';
export const RANGE_INDEX = 2;
export const MISSING = '0123456789abcdef01234567';

export let server: Awaited<ReturnType<typeof startTestServer>>;
export let token: string;
export let otherToken: string;
export let demoId: string;
export let otherCustomerId: string;
export let bearingId: string;

export const newPoint = (customerId: string, data: Record<string, unknown>) => insertPoint(server, customerId, { point: data });

export const cwruPoint = (customerId: string) =>
  newPoint(customerId, { type: ['Bearing'], referenceFrequency: 29.95, referenceFrequencyVariable: false, bearingId });

/** Stores waveforms as persisted measurements of `point` (one INSERT per 200); returns their ids in order. */
export async function storeWaveforms(point: string, list: { bytes: Uint8Array; fsHz: number; at: Date }[], customer = demoId) {
  const rows = [];
  for (const w of list) {
    const id = newId();
    const key = waveformKey(customer, id);
    await server.ctx.storage.put(key, w.bytes);
    rows.push({
      id,
      customer_id: customer,
      object_id: id,
      point_id: point,
      device_mac: 'CA:B8:31:00:00:02',
      gateway_mac: 'CA:B8:28:00:00:01',
      user_id: null,
      measurement_type: 'PERIODIC' as const,
      state: 'persisted' as const,
      range_index: RANGE_INDEX,
      rate_index: 9,
      sample_size: w.bytes.length / 6,
      calibrated_sampling_rate: w.fsHz,
      waveform_key: key,
      created_at: w.at,
    });
  }
  for (let i = 0; i < rows.length; i += 200)
    await server.ctx.db
      .insertInto('measurements')
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.map((r) => r.id);
}

/**
 * Stores `seconds` of a recording from `startS` as a persisted measurement of `point` at `at`:
 * X = drive end, Y = fan end, Z = 0.
 */
export async function storeRecording(r: {
  point: string;
  stem: string;
  fsHz: number;
  startS: number;
  at: string;
  customer?: string;
}) {
  const [id] = await storeWaveforms(
    r.point,
    [{ bytes: recordingBytes(r.stem, r.fsHz, r.startS), fsHz: r.fsHz, at: new Date(r.at) }],
    r.customer,
  );
  return id;
}

/** The model's predictions for `point` (GET /ai-model/{id}/predictions), in a date range when given. */
export const predictions = (
  point: string,
  tok: string | null = token,
  dates: Omit<AiPredictionsQuery, 'point'> = {},
  host?: string,
) => callApi(server.url, tok, ENDPOINTS.getAiModelPredictions, { params: { id: MODEL }, query: { point, ...dates }, host });

export const tokenWith = async (email: string, permissions: string[]) => {
  await insertUser(server, { email, password: 'Ai-Model-Password-1', permissions });
  return login(server.url, email, 'Ai-Model-Password-1');
};

/** Registers the fixture's beforeAll and afterAll in the calling test file. */
export function useAiModelsFixture() {
  beforeAll(async () => {
    server = await startTestServer();
    token = await login(server.url);
    demoId = await demoCustomerId(server);
    const other = await createSecondTenant(server);
    otherCustomerId = other.customerId;
    otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
    const b = await server.ctx.db
      .selectFrom('bearings')
      .select('id')
      .where('customer_id', 'is', null)
      .where('brand', '=', 'SKF')
      .where('bearing_number', '=', '6205-2RS')
      .executeTakeFirstOrThrow();
    bearingId = b.id;
  });
  afterAll(async () => server?.close());
}
