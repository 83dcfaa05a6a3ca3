import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import fc from 'fast-check';
import { sql } from 'kysely';
import { ENDPOINTS, measurementFilterQuery } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { listMeasurements } from '../src/modules/measurements/repo.ts';
import { insertFinalMeasurement, persistFinalMeasurement, type TelemetryRow } from '../src/jobs/ingest/persist-measurement.ts';
import { callApi } from './support/endpoint-client.ts';

import {
  server,
  token,
  demoId,
  adminId,
  insert,
  list,
  ids,
  useMeasurementListFixture,
} from './support/measurement-list-fixture.ts';

/**
 * `measurement_values`, the value filter's table (migrations 0011, 0014, 0018): how ingest, the
 * triggers and deletion keep it, and the value filter read through it, on the measurement list's
 * fixture (support/measurement-list-fixture.ts).
 */

useMeasurementListFixture();

describe('measurement_values (the value filter’s table, migration 0011)', () => {
  type Value = { telemetry: string; source: string; value: number; device?: boolean };
  const addValues = (id: string, at: string, values: Value[], db = server.ctx.db) =>
    db
      .insertInto('telemetry_values')
      .values(
        values.map((v) => ({
          measurement_id: id,
          customer_id: demoId,
          point_id: null,
          telemetry: v.telemetry,
          source: v.source,
          device_reported: v.device ?? false,
          value: v.value,
          unit: 'g',
          measured_at: new Date(at),
        })),
      )
      .execute();
  const kept = async (id: string) =>
    (
      await sql<{ telemetry: string; value: number; below: number | null; customer_id: string; created_at: Date; week: number }>`
        SELECT telemetry, value, below, customer_id, created_at, week FROM measurement_values
        WHERE measurement_id = ${id} ORDER BY telemetry, value`.execute(server.ctx.db)
    ).rows;
  const week = (at: string) => Math.floor(Date.parse(at) / 604_800_000);
  const YEAR_2019 = { startDate: '2019-01-01 00:00:00', endDate: '2019-12-31 23:59:59' };

  it('keeps each measurement’s distinct computed values of a telemetry, each with the next smaller one, in the insert’s transaction', async () => {
    const at = '2019-03-01T10:00:00Z';
    const id = await insert({ at });
    await addValues(id, at, [
      { telemetry: 'GRMS', source: 'accelerometer_x', value: 2 },
      { telemetry: 'GRMS', source: 'accelerometer_y', value: 1 },
      { telemetry: 'GRMS', source: 'accelerometer_z', value: 2 },
      { telemetry: 'GRMS', source: 'device', value: 9, device: true },
      { telemetry: 'VRMS_TEST', source: 'accelerometer_x', value: 5 },
    ]);
    const same = { customer_id: demoId, created_at: new Date(at), week: week(at) };
    expect(await kept(id)).toEqual([
      { telemetry: 'GRMS', value: 1, below: null, ...same },
      { telemetry: 'GRMS', value: 2, below: 1, ...same },
      { telemetry: 'VRMS_TEST', value: 5, below: null, ...same },
    ]);
    // A later insert for the same telemetry (another channel) recomputes the chain.
    await addValues(id, at, [{ telemetry: 'GRMS', source: 'channel_1', value: 1.5 }]);
    expect((await kept(id)).filter((r) => r.telemetry === 'GRMS').map((r) => [r.value, r.below])).toEqual([
      [1, null],
      [1.5, 1],
      [2, 1.5],
    ]);
    // Without dates (the customer's first to last week), and in the download (weeks in SQL).
    const vrms = { telemetry: 'VRMS_TEST', minValueActive: true, minValue: 4.5, maxValueActive: true, maxValue: 5.5 };
    expect(ids(await list({ ...vrms, startDate: '', endDate: '' }))).toEqual([id]);
    for (const range of [YEAR_2019, {}]) {
      const res = await callApi(server.url, token, ENDPOINTS.downloadMeasurements, { query: { ...vrms, ...range } });
      const zip = unzipSync(new Uint8Array(await (await fetch(`${server.url}${res.body.url}`)).arrayBuffer()));
      expect(
        strFromU8(zip['index.csv'])
          .trim()
          .split('\n')
          .slice(1)
          .map((l) => l.split(',')[0]),
      ).toEqual([id]);
    }
    // An updated value too.
    await server.ctx.db
      .updateTable('telemetry_values')
      .set({ value: 0.5 })
      .where('measurement_id', '=', id)
      .where('source', '=', 'channel_1')
      .execute();
    expect((await kept(id)).filter((r) => r.telemetry === 'GRMS').map((r) => [r.value, r.below])).toEqual([
      [0.5, null],
      [1, 0.5],
      [2, 1],
    ]);
    // A device-reported value is never filtered on; a failed transaction leaves nothing.
    const v = (q: Record<string, string | number | boolean>) => list({ ...YEAR_2019, telemetry: 'GRMS', ...q });
    expect(ids(await v({ minValueActive: true, minValue: 3 }))).toEqual([]);
    expect(ids(await v({ minValueActive: true, minValue: 0.4, maxValueActive: true, maxValue: 0.6 }))).toEqual([id]);
    expect(ids(await v({ minValueActive: true, minValue: 1.2, maxValueActive: true, maxValue: 1.6 }))).toEqual([]);
    const other = await insert({ at });
    await expect(
      server.ctx.db.transaction().execute(async (trx) => {
        await addValues(other, at, [{ telemetry: 'GRMS', source: 'accelerometer_x', value: 3 }], trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await kept(other)).toEqual([]);
    await server.ctx.db.deleteFrom('measurements').where('id', 'in', [id, other]).execute();
  });

  it('replaces them when a partial measurement’s telemetry is replaced (ingest: delete, then insert, one transaction)', async () => {
    const at = '2019-04-01T10:00:00Z';
    const id = await insert({ at, state: 'partial', grms: [0.1, 0.2, 0.3] });
    expect((await kept(id)).map((r) => r.value)).toEqual([0.1, 0.2, 0.3]);
    await server.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('measurements').set({ state: 'persisted' }).where('id', '=', id).execute();
      await trx.deleteFrom('telemetry_values').where('measurement_id', '=', id).execute();
      await addValues(
        id,
        at,
        (['accelerometer_x', 'accelerometer_y', 'accelerometer_z'] as const).map((source, i) => ({
          telemetry: 'GRMS',
          source,
          value: [1.1, 1.3, 1.2][i],
        })),
        trx,
      );
    });
    expect((await kept(id)).map((r) => [r.value, r.below])).toEqual([
      [1.1, null],
      [1.2, 1.1],
      [1.3, 1.2],
    ]);
    const v = (lo: number, hi: number) =>
      list({ ...YEAR_2019, telemetry: 'GRMS', minValueActive: true, minValue: lo, maxValueActive: true, maxValue: hi });
    expect((await v(0, 0.5)).body.total).toBe(0);
    expect(ids(await v(1.25, 2))).toEqual([id]);
    await server.ctx.db.deleteFrom('measurements').where('id', '=', id).execute();
  });

  it('are written by ingest itself (migration 0014) exactly as the trigger computes them, and a later statement of the transaction still gets the trigger', async () => {
    const at = '2019-06-01T10:00:00Z';
    const owner = { customer_id: demoId, point_id: null };
    const values: TelemetryRow[] = [
      { telemetry: 'GRMS', source: 'x', value: 2, unit: 'g', device_reported: false },
      { telemetry: 'GRMS', source: 'y', value: 1, unit: 'g', device_reported: false },
      { telemetry: 'GRMS', source: 'z', value: 2, unit: 'g', device_reported: false },
      { telemetry: 'GRMS', source: 'device', value: 9, unit: 'g', device_reported: true },
      { telemetry: 'KURTOSIS', source: 'x', value: 3.5, unit: '', device_reported: false },
    ];
    const final = {
      state: 'persisted' as const,
      error: null,
      sample_size: 4,
      calibrated_sampling_rate: 12800,
      started_at: null,
      waveform_key: null,
      gateway_mac: null,
      device_telemetry: {},
    };
    const created = newId();
    const create = () =>
      insertFinalMeasurement(
        server.ctx.db,
        {
          ...owner,
          id: created,
          object_id: created,
          device_mac: 'CA:B8:31:00:00:09',
          range_index: 2,
          rate_index: 9,
          created_at: new Date(at),
        },
        final,
        new Date(at),
        values,
      );
    expect(await create()).toBe(true);
    const fromTrigger = await insert({ at });
    await addValues(
      fromTrigger,
      at,
      values.map((v) => ({ telemetry: v.telemetry, source: v.source, value: v.value, device: v.device_reported })),
    );
    expect(await kept(created)).toEqual(await kept(fromTrigger));
    expect((await kept(created)).map((r) => [r.telemetry, r.value, r.below])).toEqual([
      ['GRMS', 1, null],
      ['GRMS', 2, 1],
      ['KURTOSIS', 3.5, null],
    ]);
    // A repeated finalization changes nothing.
    expect(await create()).toBe(false);
    expect(await kept(created)).toHaveLength(3);

    // An existing (receiving) measurement finalized, then, in the same transaction, another insert:
    // the skip applies to the writer's own statement only.
    const finalized = await insert({ at, state: 'receiving' });
    await server.ctx.db.transaction().execute(async (trx) => {
      expect(await persistFinalMeasurement(trx, { ...owner, id: finalized }, final, ['persisted'], new Date(at), values)).toBe(
        true,
      );
      await addValues(finalized, at, [{ telemetry: 'GRMS', source: 'channel_1', value: 1.5 }], trx);
    });
    expect((await kept(finalized)).filter((r) => r.telemetry === 'GRMS').map((r) => [r.value, r.below])).toEqual([
      [1, null],
      [1.5, 1],
      [2, 1.5],
    ]);
    const setting = await sql<{
      v: string | null;
    }>`SELECT current_setting('overtone.measurement_values_written', true) AS v`.execute(server.ctx.db);
    expect(setting.rows[0]?.v ?? '').toBe('');
    await server.ctx.db.deleteFrom('measurements').where('id', 'in', [created, fromTrigger, finalized]).execute();
  });

  it('drops them with their measurement (DELETE /measurements, or a cascade) and follows its creation time', async () => {
    const byApi = await insert({ at: '2019-05-01T10:00:00Z', grms: [1, 2, 3] });
    const byCascade = await insert({ at: '2019-05-02T10:00:00Z', grms: [1, 2, 3] });
    const moved = await insert({ at: '2019-05-03T10:00:00Z', grms: [1, 2, 3] });
    expect((await callApi(server.url, token, ENDPOINTS.deleteMeasurements, { body: { ids: [byApi] } })).body).toEqual({
      deleted: 1,
    });
    await server.ctx.db.deleteFrom('measurements').where('id', '=', byCascade).execute();
    expect(await kept(byApi)).toEqual([]);
    expect(await kept(byCascade)).toEqual([]);
    const later = '2019-08-20T10:00:00Z';
    await server.ctx.db
      .updateTable('measurements')
      .set({ created_at: new Date(later) })
      .where('id', '=', moved)
      .execute();
    expect((await kept(moved)).map((r) => [r.created_at, r.week])).toEqual(Array(3).fill([new Date(later), week(later)]));
    const august = { startDate: '2019-08-01 00:00:00', endDate: '2019-08-31 23:59:59', telemetry: 'GRMS' };
    expect(ids(await list({ ...august, minValueActive: true, minValue: 2.5 }))).toEqual([moved]);
    await server.ctx.db.deleteFrom('measurements').where('id', '=', moved).execute();
  });

  it('value filter: list and count equal a direct reading of the values, whatever the values, bounds and row filters', async () => {
    // Values on a coarse grid so that bounds often equal a value and axes often share one.
    const grid = fc.integer({ min: 0, max: 8 }).map((n) => n / 4);
    const measurements = fc.array(fc.array(grid, { minLength: 1, maxLength: 4 }), { minLength: 11, maxLength: 24 });
    const rowFilters = ['none', 'tagged', 'periodic', 'partial', 'favorite'] as const;
    const bounds = fc.record({ min: fc.option(grid), max: fc.option(grid), rows: fc.constantFrom(...rowFilters) });
    await fc.assert(
      fc.asyncProperty(measurements, fc.array(bounds, { minLength: 1, maxLength: 4 }), async (sets, queries) => {
        const made: { id: string; values: number[]; odd: boolean; periodic: boolean; partial: boolean; favorite: boolean }[] = [];
        for (const [i, values] of sets.entries()) {
          const at = `2019-10-${String(1 + i).padStart(2, '0')}T10:00:00Z`;
          const periodic = i % 3 === 0;
          const partial = i % 5 === 0;
          const id = await insert({
            at,
            tags: i % 2 ? ['odd'] : [],
            type: periodic ? 'PERIODIC' : 'MANUAL',
            state: partial ? 'partial' : 'persisted',
          });
          await addValues(
            id,
            at,
            values.map((value, k) => ({ telemetry: 'GRMS', source: `channel_${k}`, value })),
          );
          // Changed after its values were written: the copies in measurement_values follow (0018).
          const favorite = i % 4 === 0;
          if (favorite) await server.ctx.db.updateTable('measurements').set({ favorite: true }).where('id', '=', id).execute();
          made.push({ id, values, odd: i % 2 === 1, periodic, partial, favorite });
        }
        try {
          for (const { min, max, rows } of queries) {
            if (min === null && max === null) continue;
            if (min !== null && max !== null && !(min < max)) continue;
            const query = {
              startDate: '2019-10-01 00:00:00',
              endDate: '2019-10-31 23:59:59',
              telemetry: 'GRMS',
              ...(min !== null ? { minValueActive: true, minValue: min } : {}),
              ...(max !== null ? { maxValueActive: true, maxValue: max } : {}),
              ...(rows === 'tagged' ? { tags: 'odd' } : {}),
              ...(rows === 'periodic' ? { measurementType: 'PERIODIC' as const } : {}),
              ...(rows === 'partial' ? { partial: true } : {}),
              ...(rows === 'favorite' ? { favorite: true } : {}),
            };
            const rowMatches = (x: (typeof made)[number]) =>
              rows === 'none' ||
              (rows === 'tagged' ? x.odd : rows === 'periodic' ? x.periodic : rows === 'partial' ? x.partial : x.favorite);
            const res = await list(query);
            // The same query read value first whatever the row filters (the route reads these few
            // measurements row first): the value rows' copies of the row columns answer alike.
            const valueFirst = await listMeasurements(
              server.ctx.db,
              { customerId: demoId, userId: adminId, zoneOffsetMinutes: 180 },
              measurementFilterQuery.parse({ page: 1, pageSize: 75, ...query }),
              { rowFirstMax: 0 },
            );
            const expected = made
              .filter((x) => rowMatches(x) && x.values.some((v) => (min === null || v >= min) && (max === null || v <= max)))
              .map((x) => x.id)
              .sort();
            expect(res.status).toBe(200);
            expect(ids(res)).toEqual(expected);
            expect(res.body.total).toBe(expected.length);
            expect(valueFirst.measurements.map((x) => x._id).sort()).toEqual(expected);
            expect(valueFirst.total).toBe(expected.length);
            // Pages of 10, newest first (one measurement a day).
            const pages = [];
            for (const page of [1, 2, 3])
              pages.push(...(await list({ ...query, pageSize: 10, page })).body.measurements.map((x) => x._id));
            const newestFirst = made.filter((x) => expected.includes(x.id)).map((x) => x.id);
            expect(pages).toEqual(newestFirst.reverse());
          }
        } finally {
          await server.ctx.db
            .deleteFrom('measurements')
            .where(
              'id',
              'in',
              made.map((x) => x.id),
            )
            .execute();
        }
      }),
      { numRuns: 40 },
    );
  });
});
