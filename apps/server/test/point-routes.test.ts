import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route, type Route } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { startTwoTenants, validationText, type Call } from './admin-client.ts';

/** Routes (GET/POST /route, GET/PUT/DELETE /route/{id}) against the real database, for two customers. */
let ctx: Awaited<ReturnType<typeof startTwoTenants>>;
let call: Call;
let other: Call;
/** Points of the demo customer's CWRU rig (seeded), and a point and group of the second customer. */
let demoPoints: { id: string; name: string; parent_id: string | null }[];
let theirPoint: string;
let demoGroup: string;

let seq = 0;
/** A node inserted straight into the tree (the tree API is another module's). */
async function insertNode(customerId: string, nodeType: 'group' | 'point', parentId: string | null, name: string) {
  const id = newId();
  await ctx.server.ctx.db
    .insertInto('tree_nodes')
    .values({
      id,
      customer_id: customerId,
      parent_id: parentId,
      node_type: nodeType,
      name,
      tag_code: `${nodeType === 'group' ? '#' : '$'}ROUTE TEST ${++seq}`,
      point: '{}',
    })
    .execute();
  return id;
}

beforeAll(async () => {
  ctx = await startTwoTenants();
  ({ call, other } = ctx);
  demoPoints = await ctx.server.ctx.db
    .selectFrom('tree_nodes')
    .select(['id', 'name', 'parent_id'])
    .where('customer_id', '=', ctx.demoId)
    .where('node_type', '=', 'point')
    .orderBy('name')
    .execute();
  demoGroup = demoPoints[0]!.parent_id!;
  const g = await insertNode(ctx.otherId, 'group', null, 'Their plant');
  theirPoint = await insertNode(ctx.otherId, 'point', g, 'Their pump');
});
afterAll(async () => ctx?.server.close());

type Errors = { errors: { msg: string; param?: string }[] };

describe('routes CRUD', () => {
  it('creates a route with points in the chosen order (repeats kept once), with names and tree paths', async () => {
    const [a, b, c] = demoPoints;
    const res = await call<Route>('POST', '/route', { name: '  Morning round ', points: [c!.id, a!.id, c!.id, b!.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = route.parse(res.body);
    expect(r).toMatchObject({ name: 'Morning round', points: [c!.id, a!.id, b!.id] });
    expect(r.tree[0]).toEqual({
      _id: c!.id,
      name: c!.name,
      nodeType: 'point',
      parent: demoGroup,
      path: ['Demo Plant', 'CWRU test rig', c!.name],
    });
    expect(Number.isNaN(Date.parse(r.createdAt))).toBe(false);
    const listed = await call<Route[]>('GET', '/route');
    expect(listed.body.map((x) => route.parse(x))).toContainEqual(r);
    expect((await call<Route>('GET', `/route/${r._id}`)).body).toEqual(r);
  });

  it('PUT renames and replaces the points; DELETE removes the route, not its points', async () => {
    const created = (await call<Route>('POST', '/route', { name: 'Edit me', points: [demoPoints[0]!.id] })).body;
    const put = await call<Route>('PUT', `/route/${created._id}`, {
      name: 'Edited',
      points: [demoPoints[3]!.id, demoPoints[1]!.id],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ _id: created._id, name: 'Edited', points: [demoPoints[3]!.id, demoPoints[1]!.id] });
    const del = await call('DELETE', `/route/${created._id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true });
    expect((await call('GET', `/route/${created._id}`)).status).toBe(404);
    expect((await call('DELETE', `/route/${created._id}`)).status).toBe(404);
    const left = await ctx.server.ctx.db.selectFrom('tree_nodes').select('id').where('id', '=', demoPoints[3]!.id).execute();
    expect(left).toHaveLength(1);
  });
});

describe('validation', () => {
  it('name required (pleaseEnterName) and at least one point (leastOnePoint): 400 errors[{msg, param}]', async () => {
    const res = await call<Errors>('POST', '/route', { name: '   ', points: [] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { msg: validationText('pleaseEnterName'), param: 'name' },
        { msg: validationText('leastOnePoint'), param: 'points' },
      ]),
    );
    const created = (await call<Route>('POST', '/route', { name: 'Valid', points: [demoPoints[0]!.id] })).body;
    const put = await call<Errors>('PUT', `/route/${created._id}`, { name: 'Valid', points: [] });
    expect(put.status).toBe(400);
    expect(put.body.errors).toContainEqual({ msg: validationText('leastOnePoint'), param: 'points' });
  });

  it('the messages come in the request language (tr by default)', async () => {
    const tr = await call<Errors>('POST', '/route', { name: '', points: [demoPoints[0]!.id] }, { language: 'tr' });
    expect(tr.status).toBe(400);
    expect(tr.body.errors[0]!.msg).not.toBe(validationText('pleaseEnterName'));
    expect(tr.body.errors[0]!.msg.length).toBeGreaterThan(0);
  });

  it('a group or an unknown id is not a point: 404 POINT_NOT_FOUND', async () => {
    for (const points of [[demoGroup], ['0123456789abcdef01234567'], [demoPoints[0]!.id, 'nope']]) {
      const res = await call('POST', '/route', { name: 'Bad', points });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'POINT_NOT_FOUND' });
    }
  });
});

describe('tenants', () => {
  it("another customer's point is not found (404), and neither is another customer's route", async () => {
    const withTheirs = await call('POST', '/route', { name: 'Sneaky', points: [demoPoints[0]!.id, theirPoint] });
    expect(withTheirs.status).toBe(404);
    expect(withTheirs.body).toMatchObject({ code: 'POINT_NOT_FOUND' });
    const theirs = await other<Route>('POST', '/route', { name: 'Their round', points: [theirPoint] });
    expect(theirs.status).toBe(200);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Taken over', points: [demoPoints[0]!.id] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/route/${theirs.body._id}`, body);
      expect(res.status, method).toBe(404);
      expect(res.body).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
    expect((await call<Route[]>('GET', '/route')).body.map((r) => r._id)).not.toContain(theirs.body._id);
    expect((await other<Route[]>('GET', '/route')).body.map((r) => r.name)).toEqual(['Their round']);
  });
});

describe('deleting a point', () => {
  it('removes it from every route that listed it', async () => {
    const extra = await insertNode(ctx.demoId, 'point', demoGroup, 'Temporary point');
    const r = (await call<Route>('POST', '/route', { name: 'With temporary', points: [extra, demoPoints[0]!.id] })).body;
    expect(r.points).toEqual([extra, demoPoints[0]!.id]);
    await ctx.server.ctx.db.deleteFrom('tree_nodes').where('id', '=', extra).execute();
    const after = (await call<Route>('GET', `/route/${r._id}`)).body;
    expect(after.points).toEqual([demoPoints[0]!.id]);
    expect(after.tree.map((t) => t._id)).toEqual([demoPoints[0]!.id]);
  });
});
