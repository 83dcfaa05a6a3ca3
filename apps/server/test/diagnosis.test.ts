import { afterAll, describe, expect, it } from 'vitest';
import { senseway } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { measurementAnalysis } from '../src/jobs/dsp/dsp-tasks.ts';
import { insertFinalMeasurement } from '../src/jobs/ingest/persist-measurement.ts';
import type { Diagnosis } from '../src/jobs/diagnosis/diagnoser.ts';
import { pointKinematics } from '../src/modules/fault-reports/kinematics.ts';
import { kinematicsInputsOf } from '../src/modules/fault-reports/diagnosis-repo.ts';
import { diagnosisInputOf } from '../src/modules/fault-reports/features-service.ts';
import { diagnoseMeasurement } from '../src/modules/fault-reports/service.ts';
import { startTestServer } from './support/test-server.ts';
import { recordingChannel } from './support/recordings.ts';
import { insertPoint } from './support/points.ts';
import { demoCustomerId } from './support/users.ts';
import { encodeFeatures } from '../src/modules/fault-reports/features-codec.ts';

/**
 * The durable post-persist diagnosis (docs/fault-reports.md "Diagnosis"): features stored with a
 * measurement queue its diagnosis in the same statement; a restart resumes what was pending; a
 * measurement is diagnosed once. Real CWRU 097 (normal) samples, as the simulated plant sends them
 * (x = drive end, y = fan end, z = drive end 60 000 samples later), ±4 g.
 */
const RANGE_INDEX = 2;
const N = 24_000;

/** int16 LE X,Y,Z bytes of a recording stretch as the demo sensors send it. */
function triaxialBytes(stem: string, start: number): Uint8Array {
  const de = recordingChannel(stem, 'DE');
  const fe = recordingChannel(stem, 'FE');
  const pick = (ch: Float32Array, from: number) =>
    senseway.quantizeG(
      Array.from({ length: N }, (_, i) => ch[(from + i) % ch.length]!),
      RANGE_INDEX,
    );
  const x = pick(de, start),
    y = pick(fe, start),
    z = pick(de, start + 60_000);
  const xyz = new Int16Array(3 * N);
  for (let i = 0; i < N; i++) [xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]] = [x[i]!, y[i]!, z[i]!];
  return new Uint8Array(xyz.buffer);
}

let server: Awaited<ReturnType<typeof startTestServer>> | null = null;
afterAll(async () => {
  await server?.close();
});

describe('post-persist diagnosis', () => {
  it('queues a measurement of a point with its features, resumes it after a restart, and diagnoses it once', async () => {
    server = await startTestServer({}, { persistent: true });
    const dataDir = server.dataDir;
    const db = server.ctx.db;
    // the server's own diagnosis stops: what is stored now stays pending, as after a crash
    await (server.ctx.diagnosis as Diagnosis).stop();
    const customerId = await demoCustomerId(server);
    const demo = await db
      .selectFrom('tree_nodes')
      .select(['parent_id', 'point'])
      .where('customer_id', '=', customerId)
      .where('name', '=', 'Normal baseline')
      .executeTakeFirstOrThrow();
    const pointId = await insertPoint(server, customerId, { parentId: demo.parent_id, point: demo.point });
    const k = await kinematicsInputsOf(db, pointId);
    expect(k.bearing).not.toBeNull();
    const kinematics = pointKinematics(k.point, k.bearing, k.mainsHz, RANGE_INDEX);
    expect(kinematics.shaftHz).toBeGreaterThan(0);

    const store = async (point: string | null, at: Date) => {
      const bytes = triaxialBytes('cwru_097_Normal_0HP', 12_000);
      const a = measurementAnalysis({
        kind: 'measurementAnalysis',
        bytes,
        rangeIndex: RANGE_INDEX,
        samplingRateHz: 12_000,
        kinematics,
        temperatureC: null,
      });
      expect(a.featuresError).toBeNull();
      expect(a.features).not.toBeNull();
      const id = newId();
      const created = await insertFinalMeasurement(
        db,
        {
          id,
          object_id: id,
          device_mac: 'CA:B8:31:00:00:01',
          customer_id: customerId,
          point_id: point,
          range_index: RANGE_INDEX,
          rate_index: 9,
          created_at: at,
        },
        {
          state: 'persisted',
          error: null,
          sample_size: N,
          calibrated_sampling_rate: 12_000,
          started_at: at,
          waveform_key: null,
          gateway_mac: null,
          device_telemetry: [],
        },
        at,
        [],
        { version: a.features!.version, features: encodeFeatures(a.features!) },
      );
      expect(created).toBe(true);
      return id;
    };
    const withPoint = await store(pointId, new Date(Date.now() - 3_600_000));
    const pointless = await store(null, new Date(Date.now() - 1_800_000));

    const pending = async () =>
      (await server!.ctx.db.selectFrom('diagnosis_pending').select('measurement_id').execute()).map((r) => r.measurement_id);
    expect(await pending()).toEqual([withPoint]); // features without a point: stored, never diagnosed
    expect(
      (
        await db
          .selectFrom('measurement_features')
          .select('measurement_id')
          .where('measurement_id', 'in', [withPoint, pointless])
          .execute()
      ).length,
    ).toBe(2);
    expect(await db.selectFrom('measurement_diagnoses').selectAll().execute()).toEqual([]);

    await server.close();
    server = await startTestServer({ dataDir }, { persistent: true });
    await server.ctx.diagnosis!.idle();
    expect(await pending()).toEqual([]);
    const diagnosed = await server.ctx.db
      .selectFrom('measurement_diagnoses')
      .selectAll()
      .where('measurement_id', '=', withPoint)
      .executeTakeFirstOrThrow();
    expect(diagnosed.point_id).toBe(pointId);
    // a normal bearing: no machine fault under absolute criteria
    expect(diagnosed.absolute_machine_fault).toBe(false);
    // claimed: a second run (a notify after the sweep, another instance) changes nothing
    const again = await diagnosisInputOf(server.ctx, withPoint, console);
    expect(again).toMatchObject({ pointId, measurementId: withPoint }); // its stored features are read
    expect((await diagnoseMeasurement(server.ctx.db, withPoint, again)).diagnosed).toBe(false);
    const baseline = await server.ctx.db
      .selectFrom('point_baselines')
      .selectAll()
      .where('point_id', '=', pointId)
      .executeTakeFirst();
    expect(baseline).toMatchObject({ measurements: 1, complete: false, baseline: null }); // fewer than 5: none yet
  }, 120_000);
});
