import { describe, expect, it } from 'vitest';
import { newId } from '../src/infra/ids.ts';
import {
  call,
  codeOf,
  demoId,
  getPoint,
  newPoint,
  other,
  pointGroup,
  server,
  tree,
  usePointsFixture,
} from './support/points-fixture.ts';

/**
 * Points through the API (spec 000 §3 "Point", §4 "Tree move mode" and "Tree rules", §5 "Point
 * form", §7): create, read, move, full edit and delete, the server nulling hidden conditional
 * fields, checking references (bearing, favourite telemetry) in the caller's scope, and answering
 * 404 for other customers' ids.
 */
usePointsFixture();

describe('GET /tree last telemetry value', () => {
  it('follows the latest persisted measurement, its deletion and the favourite telemetry', async () => {
    const db = server.ctx.db;
    const id = await newPoint(await pointGroup(), { favoriteTelemetry: 'GRMS' });
    const measure = async (ageS: number, state: 'persisted' | 'requested', grms: number, vrms: number) => {
      const mid = newId();
      const at = new Date(Date.now() - ageS * 1000);
      await db
        .insertInto('measurements')
        .values({
          id: mid,
          customer_id: demoId,
          object_id: mid,
          point_id: id,
          device_mac: 'CA:B8:31:00:0E:01',
          measurement_type: 'PERIODIC',
          state,
          range_index: 1,
          rate_index: 5,
          sample_size: 1000,
          created_at: at,
        })
        .execute();
      await db
        .insertInto('telemetry_values')
        .values(
          [
            ['GRMS', grms],
            ['VRMS', vrms],
          ].map(([telemetry, value]) => ({
            measurement_id: mid,
            customer_id: demoId,
            point_id: id,
            telemetry: telemetry as string,
            source: 'x',
            device_reported: false,
            value: value as number,
            unit: 'g',
            measured_at: at,
          })),
        )
        .execute();
      return mid;
    };
    const last = async () => (await tree()).find((n) => n._id === id)?.lastTelemetryValue;
    await measure(300, 'persisted', 2, 20);
    expect(await last()).toEqual({ value: 2, telemetry: 'GRMS' });
    const newer = await measure(100, 'persisted', 1, 10);
    // Still being received: not the latest persisted one.
    const open = await measure(10, 'requested', 9, 90);
    expect(await last()).toEqual({ value: 1, telemetry: 'GRMS' });
    await db.deleteFrom('measurements').where('id', '=', newer).execute();
    expect(await last()).toEqual({ value: 2, telemetry: 'GRMS' });
    await db.updateTable('measurements').set({ state: 'persisted' }).where('id', '=', open).execute();
    expect(await last()).toEqual({ value: 9, telemetry: 'GRMS' });
    const p = await getPoint(id);
    const res = await call('PUT', `/point/${id}`, { name: p.name, tagCode: p.tagCode, favoriteTelemetry: 'VRMS' });
    expect(res.status).toBe(200);
    expect(await last()).toEqual({ value: 90, telemetry: 'VRMS' });
  });
});

describe('DELETE /point/{id}', () => {
  it('deletes the point; its measurements and telemetry stay without a point, its sensor is detached', async () => {
    const g = await pointGroup();
    const id = await newPoint(g, { favoriteTelemetry: 'GRMS' });
    const db = server.ctx.db;
    const mac = 'CA:B8:31:00:0D:01';
    await db
      .insertInto('devices')
      .values({ id: newId(), customer_id: demoId, mac, point_id: id, gateway_mac: null, profile: '{}' })
      .execute();
    const measurementId = newId();
    await db
      .insertInto('measurements')
      .values({
        id: measurementId,
        customer_id: demoId,
        object_id: measurementId,
        point_id: id,
        device_mac: mac,
        measurement_type: 'MANUAL',
        state: 'persisted',
        range_index: 1,
        rate_index: 5,
        sample_size: 1000,
      })
      .execute();
    await db
      .insertInto('telemetry_values')
      .values(
        ['x', 'y', 'z'].map((source, i) => ({
          measurement_id: measurementId,
          customer_id: demoId,
          point_id: id,
          telemetry: 'GRMS',
          source,
          device_reported: false,
          value: [0.5, 1.25, 0.75][i]!,
          unit: 'g',
          measured_at: new Date(),
        })),
      )
      .execute();
    // The tree shows the worst axis of the favourite telemetry and the sensor's MAC.
    expect((await tree()).find((n) => n._id === id)).toMatchObject({
      lastTelemetryValue: { value: 1.25, telemetry: 'GRMS' },
      macAddress: mac,
    });

    expect(await call('DELETE', `/point/${id}`)).toEqual({ status: 200, body: { ok: true } });
    expect((await call('GET', `/point/${id}`)).status).toBe(404);
    expect((await tree()).some((n) => n._id === id)).toBe(false);
    const m = await db.selectFrom('measurements').select('point_id').where('id', '=', measurementId).executeTakeFirstOrThrow();
    expect(m.point_id).toBeNull();
    const d = await db.selectFrom('devices').select('point_id').where('mac', '=', mac).executeTakeFirstOrThrow();
    expect(d.point_id).toBeNull();
    const tv = await db.selectFrom('telemetry_values').select('point_id').where('measurement_id', '=', measurementId).execute();
    expect(tv).toHaveLength(3);
    expect(tv.every((r) => r.point_id === null)).toBe(true);
    // Its group is empty again and can be deleted.
    expect((await call('DELETE', `/tree/group/${g}`)).status).toBe(200);
  });

  it('answers 404 POINT_NOT_FOUND for another customer’s point, a group id or an unknown id', async () => {
    const g = await pointGroup(other);
    const foreign = await newPoint(g, {}, other);
    for (const id of [foreign, g, '0123456789abcdef01234567']) {
      const res = await call('DELETE', `/point/${id}`);
      expect(res.status).toBe(404);
      expect(codeOf(res)).toBe('POINT_NOT_FOUND');
    }
    expect((await getPoint(foreign, other))._id).toBe(foreign);
    expect((await call('GET', `/point/${foreign}`)).status).toBe(404);
  });
});
