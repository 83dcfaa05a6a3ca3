import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearing, type Bearing } from '@overtone/contract';
import { bearingFrequencies } from '@overtone/dsp';
import { SKF_6205 } from '../src/jobs/seed-demo.ts';
import { BEARING_LIST_LIMIT, findBearing } from '../src/modules/bearings/repo.ts';
import { findPoint } from '../src/modules/points/repo.ts';
import { seedBearingCatalogue } from '../src/modules/bearings/catalogue.ts';
import { caller, startTwoTenants, type Call } from './admin-client.ts';

/** GET/POST /bearingSpesifications against the real database: the computed catalogue and per-customer custom bearings. */
let ctx: Awaited<ReturnType<typeof startTwoTenants>>;
let call: Call;
let other: Call;

beforeAll(async () => {
  ctx = await startTwoTenants();
  ({ call, other } = ctx);
});
afterAll(async () => ctx?.server.close());

const list = async (c: Call, query: string) => {
  const res = await c<Bearing[]>('GET', `/bearingSpesifications${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((b) => bearing.parse(b));
};
const rel = (a: number, b: number) => Math.abs(a - b) / b;

describe('GET /bearingSpesifications', () => {
  it('filters by brand (case-insensitive) and bearing-number prefix (case-insensitive), sorted', async () => {
    const b62 = await list(call, '?brand=skf&bearing_number=62');
    const numbers = b62.map((b) => b.bearing_number);
    expect(numbers).toEqual([...numbers].sort());
    expect(numbers).toEqual(expect.arrayContaining(['6200', '6203', '6203-2RS', '6205', '6205-2RS', '6210']));
    expect(b62.every((b) => b.brand === 'SKF' && b.bearing_number.startsWith('62') && b.type === 'DEFAULT')).toBe(true);
    const nu = await list(call, '?brand=SCHAFFLER&bearing_number=nu20');
    expect(nu.map((b) => b.bearing_number)).toEqual(['NU204', 'NU205', 'NU206', 'NU207', 'NU208']);
    expect(nu.every((b) => b.group === 'cylindrical roller')).toBe(true);
    expect(await list(call, '?brand=NTN&bearing_number=%25')).toEqual([]); // '%' is matched literally
  });

  it(`answers at most ${BEARING_LIST_LIMIT} bearings, and every brand of the catalogue`, async () => {
    const all = await list(call, '');
    expect(all).toHaveLength(BEARING_LIST_LIMIT);
    for (const brand of ['SKF', 'NTN', 'SCHAFFLER'])
      expect((await list(call, `?brand=${brand}`)).length).toBeGreaterThanOrEqual(38);
  });

  it('catalogue values follow the geometry formulas; the 6205 is within 1 % of the CWRU multipliers', async () => {
    // 6206: 9 balls of 3/8" (9.525 mm) on D = (30 + 62)/2 = 46 mm (catalogue.ts "nominal").
    const [b6206] = await list(call, '?brand=NTN&bearing_number=6206');
    const f = bearingFrequencies({ shaftHz: 1, balls: 9, ballDiameter: 9.525, pitchDiameter: 46 });
    expect(b6206).toMatchObject({ brand: 'NTN', bearing_number: '6206', type: 'DEFAULT', group: 'deep groove ball' });
    expect(rel(b6206!.bpfo, f.BPFO)).toBeLessThan(1e-4);
    expect(rel(b6206!.bpfi, f.BPFI)).toBeLessThan(1e-4);
    expect(rel(b6206!.bsf, f.BSF)).toBeLessThan(1e-4);
    expect(rel(b6206!.ftf, f.FTF)).toBeLessThan(1e-4);
    expect(b6206!.ftfi).toBeCloseTo(1 - f.FTF, 4);
    for (const brand of ['SKF', 'NTN', 'SCHAFFLER']) {
      const [b] = await list(call, `?brand=${brand}&bearing_number=6205`);
      for (const k of ['bpfo', 'bpfi', 'bsf', 'ftf'] as const)
        expect(rel(b![k], SKF_6205[k]), `${brand} ${k}`).toBeLessThan(0.01);
    }
  });

  it("the demo's SKF 6205-2RS is the catalogue row: one row, the demo points' bearing, with ftfi and group", async () => {
    const rows = await list(call, '?brand=SKF&bearing_number=6205-2RS');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'DEFAULT', group: 'deep groove ball', bpfo: SKF_6205.bpfo });
    expect(rows[0]!.ftfi).toBeCloseTo(1 - SKF_6205.ftf, 4);
    const point = await ctx.server.ctx.db
      .selectFrom('tree_nodes')
      .select('point')
      .where('customer_id', '=', ctx.demoId)
      .where('node_type', '=', 'point')
      .executeTakeFirstOrThrow();
    expect((point.point as { bearingId: string }).bearingId).toBe(rows[0]!._id);
  });

  it('seeding the catalogue again changes nothing (idempotent, ids kept)', async () => {
    const before = await ctx.server.ctx.db
      .selectFrom('bearings')
      .selectAll()
      .where('customer_id', 'is', null)
      .orderBy('id')
      .execute();
    await seedBearingCatalogue(ctx.server.ctx.db);
    const after = await ctx.server.ctx.db
      .selectFrom('bearings')
      .selectAll()
      .where('customer_id', 'is', null)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await caller(ctx.server, null)('GET', '/bearingSpesifications');
    expect(res.status).toBe(401);
  });
});

describe('POST /bearingSpesifications', () => {
  it('creates a CUSTOM bearing of the customer (zero multipliers when not given), seen by it only', async () => {
    const res = await call<Bearing>('POST', '/bearingSpesifications', { brand: ' acme ', bearing_number: 'X-100' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(bearing.parse(res.body)).toMatchObject({
      brand: 'ACME',
      bearing_number: 'X-100',
      type: 'CUSTOM',
      bpfo: 0,
      bpfi: 0,
      bsf: 0,
      ftf: 0,
      ftfi: 0,
      group: '',
    });
    expect((await list(call, '?brand=ACME')).map((b) => b._id)).toEqual([res.body._id]);
    expect(await list(other, '?brand=ACME')).toEqual([]);
    expect((await list(other, '?bearing_number=X-1')).length).toBe(0);
  });

  it('the same name again updates that custom bearing (case-insensitive), another customer gets its own', async () => {
    const first = await call<Bearing>('POST', '/bearingSpesifications', { brand: 'SKF', bearing_number: 'Z-9', bpfo: 3 });
    const again = await call<Bearing>('POST', '/bearingSpesifications', {
      brand: 'skf',
      bearing_number: 'z-9',
      bpfo: 3.1,
      bpfi: 4.9,
      bsf: 2,
      ftf: 0.4,
      ftfi: 0.6,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      _id: first.body._id,
      bearing_number: 'Z-9',
      bpfo: 3.1,
      bpfi: 4.9,
      ftfi: 0.6,
      type: 'CUSTOM',
    });
    expect((await list(call, '?brand=SKF&bearing_number=z-9')).length).toBe(1);
    const theirs = await other<Bearing>('POST', '/bearingSpesifications', { brand: 'SKF', bearing_number: 'Z-9', bpfo: 7 });
    expect(theirs.status).toBe(200);
    expect(theirs.body._id).not.toBe(first.body._id);
    expect((await list(call, '?brand=SKF&bearing_number=Z-9'))[0]!.bpfo).toBe(3.1);
  });

  it('a catalogue name answers the catalogue bearing unchanged (DEFAULT values are read-only)', async () => {
    const [cat] = await list(call, '?brand=SKF&bearing_number=6206');
    const res = await call<Bearing>('POST', '/bearingSpesifications', { brand: 'SKF', bearing_number: '6206', bpfo: 99 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(cat);
    expect((await list(call, '?brand=SKF&bearing_number=6206'))[0]).toEqual(cat);
  });

  it('refuses an empty brand or number and negative multipliers (400 errors[{msg, param}])', async () => {
    const res = await call<{ errors: { msg: string; param?: string }[] }>('POST', '/bearingSpesifications', {
      brand: ' ',
      bearing_number: '',
      bpfo: -1,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.param).sort()).toEqual(['bearing_number', 'bpfo', 'brand']);
    expect(res.body.errors.every((e) => typeof e.msg === 'string' && e.msg.length > 0)).toBe(true);
  });

  it("a point shows its bearing through findBearing; another customer's custom bearing id shows none", async () => {
    const db = ctx.server.ctx.db;
    const theirs = await other<Bearing>('POST', '/bearingSpesifications', { brand: 'THEIRS', bearing_number: 'T1', bpfo: 1 });
    const [skf6206] = await list(call, '?brand=SKF&bearing_number=6206');
    const point = await db
      .selectFrom('tree_nodes')
      .select(['id', 'point'])
      .where('customer_id', '=', ctx.demoId)
      .where('node_type', '=', 'point')
      .executeTakeFirstOrThrow();
    // findPoint itself (GET /point/{id} answers it): its bearing comes from bearings/repo.ts findBearing.
    const get = async () => (await findPoint(db, ctx.demoId, point.id))!.bearing;
    const setBearing = (bearingId: string) =>
      db
        .updateTable('tree_nodes')
        .set({ point: JSON.stringify({ ...(point.point as object), bearingId }) })
        .where('id', '=', point.id)
        .execute();
    try {
      await setBearing(skf6206!._id);
      expect(await get()).toEqual(skf6206);
      expect(await findBearing(db, ctx.demoId, skf6206!._id)).toEqual(skf6206);
      await setBearing(theirs.body._id);
      expect(await get()).toBeNull();
      expect(await findBearing(db, ctx.demoId, theirs.body._id)).toBeNull();
      expect(await findBearing(db, ctx.otherId, theirs.body._id)).toMatchObject({ type: 'CUSTOM', brand: 'THEIRS' });
    } finally {
      await db
        .updateTable('tree_nodes')
        .set({ point: JSON.stringify(point.point) })
        .where('id', '=', point.id)
        .execute();
    }
  });
});
